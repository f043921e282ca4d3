"""One-line reasons for a suggested action, for the ``hint`` command.

The computer players choose; this module only *explains* a choice in words a
player understands, from the same :class:`~spades.view.View` the bot saw.  A bot
that knows its own reasons can provide ``explain(view, action) -> str`` and the
controller uses that instead; otherwise :func:`explain` looks at the situation
(who is winning the trick, what is still out, what the side needs) and says
which of a few plain ideas the action follows.  It never claims more than it can
see: a reason is a description of the move in context, not a proof it is best.
"""

from __future__ import annotations

from ..actions import Action, Choice, Discard, Pass
from ..bids import Bid
from ..cards import Card, CardSet, Rank, Suit
from ..view import View

__all__ = ["explain", "pretty", "pretty_action", "trick_winner"]


def pretty(card: Card) -> str:
    """``'Q♥'``; tens as ``'10♥'`` read better than ``'T♥'`` in sentences."""
    rank = "10" if card.rank is Rank.TEN else card.rank.char
    return rank + card.suit.symbol


def pretty_action(action: Action) -> str:
    """The action in words: ``'play Q♥'``, ``'bid 4'``, ``'pass 2♣ 3♦ 4♥'``."""
    if isinstance(action, Card):
        return f"play {pretty(action)}"
    if isinstance(action, (Pass, Discard)):
        cards = " ".join(pretty(c) for c in action.cards.sorted())
        if not cards:
            return "discard nothing"
        return f"{action.verb} {cards}"
    return str(action)


def trick_winner(trick: tuple[tuple[int, Card], ...]) -> tuple[int, Card] | None:
    """The (seat, card) winning a trick so far: highest spade, else highest of the suit led."""
    if not trick:
        return None
    best_seat, best = trick[0]
    for seat, card in trick[1:]:
        if card.suit == best.suit:
            if card > best:
                best_seat, best = seat, card
        elif card.suit is Suit.SPADES:
            best_seat, best = seat, card
    return best_seat, best


def _beats(card: Card, best: Card) -> bool:
    if card.suit == best.suit:
        return card > best
    return card.suit is Suit.SPADES


def _is_master(card: Card, view: View, hand: CardSet) -> bool:
    """No higher card of its suit is still held by another seat."""
    gone = view.played.mask | hand.mask
    return all(gone >> Card.of(r, card.suit) & 1 for r in range(int(card.rank) + 1, 13))


def _side_need(view: View) -> int | None:
    """Tricks the side still needs for its contract (None when it has no contract)."""
    rules = view.rules
    seats = rules.seats_of(view.side)
    contract = 0
    counted = 0
    for s in seats:
        bid = view.bids[s]
        if bid is None:
            return None
        if bid.is_nil and not rules.nil_tricks_count_for_partner:
            continue
        contract += bid.tricks
        counted += view.tricks_won[s]
    if contract == 0:
        return None
    return max(0, contract - counted)


def _likely_tricks(hand: CardSet) -> tuple[int, list[str]]:
    """A rough count of tricks a hand should take, and the cards behind it."""
    count = 0
    reasons: list[str] = []
    for suit in Suit:
        cards = sorted(hand.suit(suit), reverse=True)
        n = len(cards)
        ranks = [c.rank for c in cards]
        if Rank.ACE in ranks:
            count += 1
            reasons.append(pretty(Card.of(Rank.ACE, suit)))
        if Rank.KING in ranks and n >= 2:
            count += 1
            reasons.append(pretty(Card.of(Rank.KING, suit)))
        if suit is Suit.SPADES and n > 3:
            extra = n - 3 - sum(1 for r in ranks if r >= Rank.KING)
            if extra > 0:
                count += extra
                reasons.append(f"{n} spades")
    return count, reasons


def explain(view: View, action: Action) -> str:
    """Why ``action`` is a sensible choice for ``view.seat`` now, in one line."""
    if isinstance(action, Card):
        return _explain_play(view, action)
    if isinstance(action, Bid):
        return _explain_bid(view, action)
    if isinstance(action, Pass):
        return _explain_pass(view, action)
    if isinstance(action, Discard):
        if not action.cards:
            return "your cards are low enough to keep for a blind nil"
        return "these are the cards most likely to win a trick, which a blind nil must avoid"
    if action is Choice.LOOK:
        return "a blind nil is a big risk; look at your cards and bid on them"
    if action in (Choice.KEEP, Choice.REJECT):
        card = view.draw_card
        if card is None:
            return "take the card that helps your bid most"
        high = card.suit is Suit.SPADES or card.rank >= Rank.QUEEN
        if action is Choice.KEEP:
            return (
                f"{pretty(card)} is a likely trick" if high else f"{pretty(card)} is as good as a blind draw"
            )
        return f"{pretty(card)} is unlikely to win a trick; the next card may be better"
    return "it is the move the computer player prefers here"


def _explain_bid(view: View, bid: Bid) -> str:
    if bid.blind:
        rules = view.rules
        behind = (
            max((s for i, s in enumerate(view.scores) if i != view.side), default=0) - view.scores[view.side]
        )
        if behind > 0:
            return f"your side trails by {behind}: a blind nil is worth {rules.blind_nil_bonus}"
        return f"a blind nil scores {rules.blind_nil_bonus} if you take no trick"
    hand = view.hand or CardSet()
    count, reasons = _likely_tricks(hand)
    if bid.is_nil:
        top = hand.sorted()[:1]
        spades = hand.count(Suit.SPADES)
        if top:
            return f"few high cards (best {pretty(top[0])}) and {spades} spade{'s' if spades != 1 else ''}"
        return "a weak hand: nil scores well if you take no trick"
    basis = ", ".join(reasons) if reasons else "no aces or guarded kings"
    sure = f"about {count} high-card trick{'s' if count != 1 else ''} ({basis})"
    if bid.tricks > count:
        return f"{sure}, plus tricks from length, ruffs and your partner's help"
    if bid.tricks < count:
        return f"{sure}; bidding under them leaves room and avoids a set"
    return sure


def _explain_pass(view: View, action: Pass) -> str:
    bids = view.bids
    bid = bids[view.seat]
    cards = action.cards.sorted()
    if bid is not None and bid.blind:
        return "give your partner your highest cards: you want to lose every trick"
    low = ", ".join(pretty(c) for c in cards)
    return f"your partner bid blind nil: give low cards ({low}) that will not win tricks"


def _explain_play(view: View, card: Card) -> str:
    hand = view.hand or CardSet()
    rules = view.rules
    my_bid = view.bids[view.seat]
    nil = my_bid is not None and my_bid.is_nil
    partner = view.partner
    partner_nil = partner is not None and (view.bids[partner] or Bid(1)).is_nil
    need = _side_need(view)
    name = rules.seat_name
    trick = view.trick
    if not trick:
        if nil:
            return f"you bid nil: lead a low card ({pretty(card)}) that others will beat"
        if _is_master(card, view, hand):
            return f"{pretty(card)} is the highest {card.suit.plural[:-1]} still out: a sure trick"
        if card.suit is Suit.SPADES:
            return "lead spades to draw out the opponents' trumps"
        if need == 0:
            return "your side has made its bid: lead low and avoid bags"
        return f"a low lead in {card.suit.plural} keeps your high cards for later"
    winner = trick_winner(trick)
    if winner is None:  # unreachable: the trick is not empty
        return "it is the move the computer player prefers here"
    win_seat, best = winner
    wins = _beats(card, best)
    led = trick[0][1].suit
    follows = card.suit == led
    last = len(trick) == rules.num_seats - 1
    if nil:
        if wins:
            return f"you bid nil but cannot stay under {pretty(best)}: win with your highest card"
        return f"you bid nil: {pretty(card)} stays under {name(win_seat)}'s {pretty(best)}"
    if partner_nil and win_seat == partner and wins:
        return f"cover your nil partner's {pretty(best)} so they do not take the trick"
    if wins:
        if win_seat == partner and not partner_nil:
            return f"your partner is winning, but {pretty(card)} makes sure of the trick"
        if not follows:
            return f"you have no {led.plural}: trump with {pretty(card)} to take the trick"
        if last:
            return f"{pretty(card)} is just enough to beat {pretty(best)} as the last to play"
        return f"{pretty(card)} beats {name(win_seat)}'s {pretty(best)}"
    if win_seat == partner and not partner_nil:
        return f"your partner's {pretty(best)} is winning: keep your high cards"
    if need == 0:
        return "your side has made its bid: duck to avoid bags"
    if not follows:
        lowest = min(hand.suit(card.suit)) == card if hand.suit(card.suit) else False
        what = f"a low {card.suit.plural[:-1]}" if lowest else pretty(card)
        return f"no {led.plural}: throw {what} you do not need"
    return f"you cannot beat {pretty(best)}: play your lowest {led.plural[:-1]}"
