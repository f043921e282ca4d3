"""Reasons for a suggested action, for the ``hint`` command.

The hint's action is the hint bot's own choice (the expert's, when it is
installed: the same evaluation it plays by).  This module only *explains* that
choice, in words a player understands, from the same :class:`~spades.view.View`
the bot saw, by stating the facts the bot weighs there:

* a card: what the side still needs for its contract (or that more tricks are
  bags), which nils are alive, whether the card wins the trick so far, who
  still plays after it and which higher cards are still out; and how the bot
  chose (the expert: the points each card gave the side over sampled deals of
  the unseen cards - contract, nils, bags; a live nil plays a card sure to lose
  when it has one);
* a bid: the club player's trick count of the hand (which the expert starts
  from) and the expert's play-outs on sampled deals;
* blind nil or look, the exchange, the two-player draw and redraw: the rule
  the bot follows there (the expert's, for the draw, exchange and redraw, are
  the club player's), applied to this position.

It never claims more than it can see: no "low lead" for a card with lower ones
beside it, no "cannot be beaten" while higher cards are out.  A bot that knows
its own reasons can provide ``explain(view, action) -> str`` and the controller
uses that instead.
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


def _cards(cards: list[Card], limit: int = 3) -> str:
    """``'K♥ Q♥'``, or ``'4 higher hearts'`` when there are more than ``limit``."""
    if len(cards) > limit:
        return f"{len(cards)} higher {cards[0].suit.plural}"
    return " ".join(pretty(c) for c in sorted(cards, reverse=True))


def _out_above(higher: list[Card]) -> str:
    """``'K♥ Q♥ still out above it'`` or ``'10 higher diamonds still out'``."""
    text = _cards(higher)
    return f"{text} still out" if " higher " in text else f"{text} still out above it"


def _unseen(view: View, hand: CardSet) -> CardSet:
    """Cards this seat cannot see: not in its hand, not played, not on the table, not
    discarded or passed by it."""
    from ..cards import ALL_CARDS

    seen = view.played.mask | hand.mask | view.discards.mask | view.passed.mask
    for _, card in view.trick:
        seen |= 1 << int(card)
    return CardSet(sum(1 << int(c) for c in ALL_CARDS if not seen >> int(c) & 1))


def _higher_out(card: Card, unseen: CardSet) -> list[Card]:
    """Unseen cards of ``card``'s suit above it."""
    return [c for c in unseen.suit(card.suit) if c > card]


def _side_need(view: View) -> tuple[int, int] | None:
    """(contract, tricks still needed) of the seat's side; None while some of its bids are
    missing or it bid only nils."""
    rules = view.rules
    contract = 0
    counted = 0
    for s in rules.seats_of(view.side):
        bid = view.bids[s]
        if bid is None:
            return None
        if bid.is_nil and not rules.nil_tricks_count_for_partner:
            continue
        contract += bid.tricks
        counted += view.tricks_won[s]
    if contract == 0:
        return None
    return contract, max(0, contract - counted)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _goal(view: View) -> list[str]:
    """What the seat's side is playing for now: its nil, its contract, bags."""
    rules = view.rules
    out: list[str] = []
    me = view.seat
    bid = view.bids[me]
    if bid is not None and bid.is_nil:
        kind = "blind nil" if bid.blind else "nil"
        if view.tricks_won[me] == 0:
            out.append(f"you bid {kind} and have taken no trick")
        else:
            out.append(f"your {kind} has failed ({_plural(view.tricks_won[me], 'trick')})")
    partner = view.partner
    if partner is not None:
        pbid = view.bids[partner]
        if pbid is not None and pbid.is_nil and view.tricks_won[partner] == 0:
            out.append(f"your partner's {pbid.label()} is alive")
    need = _side_need(view)
    if need is not None:
        contract, left = need
        who, has = ("your side", "has") if partner is not None else ("you", "have")
        if left:
            out.append(f"{who} {has} {contract - left} of {contract} tricks")
        elif rules.bag_penalty:
            out.append(f"{who} made {contract}: more tricks are bags")
    for s in range(rules.num_seats):
        b = view.bids[s]
        if rules.side_of(s) != view.side and b is not None and b.is_nil and view.tricks_won[s] == 0:
            out.append(f"{rules.seat_name(s)}'s {b.label()} is alive")
    return out


def _method(bot: str, phase: str) -> str:
    """How the bot chose, in words."""
    if bot == "expert":
        if phase == "play":
            return "most points over sampled deals"
        if phase == "bid":
            return "the expert's play-outs of sampled deals scored this bid best"
    if bot == "basic":
        return "the club player's rule"
    return ""


def explain(view: View, action: Action, bot: str = "expert") -> str:
    """Why the ``bot`` chose ``action`` for ``view.seat``: the facts it weighed, in words."""
    if isinstance(action, Card):
        parts = _explain_play(view, action) + _goal(view)
        method = _method(bot, "play")
        text = "; ".join(parts)
        if view.rules.uses_draw:  # half the unseen cards lie in the discard pile
            text = text.replace("still out", "unseen")
        return text + (f" ({method})" if method else "")
    if isinstance(action, Bid):
        return _explain_bid(view, action, bot)
    if isinstance(action, Pass):
        return _explain_pass(view, action)
    if isinstance(action, Discard):
        return _explain_discard(view, action)
    if action is Choice.LOOK:
        return _explain_look(view, bot)
    if action in (Choice.KEEP, Choice.REJECT):
        return _explain_draw(view, action is Choice.KEEP)
    return "it is the move the computer player prefers here"


def _trails(view: View) -> int:
    """Points by which the seat's side trails the best other side (<= 0: it does not)."""
    best_other = max((s for i, s in enumerate(view.scores) if i != view.side), default=0)
    return best_other - view.scores[view.side]


def _explain_look(view: View, bot: str) -> str:
    behind = _trails(view)
    partner = view.partner
    pbid = view.bids[partner] if partner is not None else None
    look = "draw as usual" if view.rules.uses_draw else "look and bid on your cards"
    if pbid is not None and pbid.is_nil:
        return f"your partner bid {pbid.label()}: nobody would cover a second nil; {look}"
    if behind <= 0:
        lead = "your side is level" if behind == 0 else f"your side leads by {-behind}"
        return f"{lead}: blind nil is a catch-up move, not worth the risk; {look}"
    if bot == "expert":
        return (
            f"your side trails by {behind}, but on sampled deals blind nil did not score "
            f"40 points a deal more than looking; {look}"
        )
    return f"your side trails by {behind}, not enough to risk blind nil; {look}"


def _explain_bid(view: View, bid: Bid, bot: str) -> str:
    rules = view.rules
    if bid.blind:
        behind = _trails(view)
        trail = f"your side trails by {behind}: " if behind > 0 else ""
        how = "on sampled deals " if bot == "expert" else ""
        help_ = " with your partner's exchange" if rules.has_exchange else ""
        return (
            f"{trail}{how}blind nil{help_} ({rules.blind_nil_bonus:+d} if you take no trick) "
            "scored more than looking"
        )
    from ..bots.basic import estimate_tricks, nil_danger

    hand = view.hand or CardSet()
    est = estimate_tricks(hand.mask, rules.num_seats, rules.partnerships)
    facts = [f"your hand counts about {est:.1f} tricks"]
    partner = view.partner
    pbid = view.bids[partner] if partner is not None else None
    if pbid is not None:
        facts.append(f"your partner bid {pbid.label() if pbid.is_nil else pbid.tricks}")
    if bid.is_nil:
        spades = hand.count(Suit.SPADES)
        top = hand.sorted()[:1]
        best = f"best card {pretty(top[0])}, " if top else ""
        facts.append(f"{best}{_plural(spades, 'spade')}: nil danger {nil_danger(hand.mask):.1f}")
        if bot == "expert":
            facts.append("nil kept in 75%+ of the expert's play-outs and beat every number")
        return "; ".join(facts)
    method = _method(bot, "bid")
    if method:
        facts.append(method)
    return "; ".join(facts)


def _explain_pass(view: View, action: Pass) -> str:
    bid = view.bids[view.seat]
    cards = " ".join(pretty(c) for c in action.cards.sorted())
    if bid is not None and bid.blind:
        return f"you bid blind nil: pass back your cards most likely to win a trick ({cards})"
    return f"your partner bid blind nil: give your lowest cards ({cards}), spades last"


def _explain_discard(view: View, action: Discard) -> str:
    if not action.cards:
        return "none of your cards is more likely to win a trick than a card from the pile"
    cards = " ".join(pretty(c) for c in action.cards.sorted())
    return f"you bid blind nil: {cards} are likelier to win a trick than a card from the pile"


def _explain_draw(view: View, keep: bool) -> str:
    card = view.draw_card
    if card is None:
        return "take the card that helps your bid most"
    name = pretty(card)
    bid = view.bids[view.seat]
    if bid is not None and bid.is_nil:
        kind = "blind nil" if bid.blind else "nil"
        if keep:
            return f"you bid {kind}: {name} is no likelier to win a trick than an unseen card"
        return f"you bid {kind}: {name} is likelier to win a trick than an unseen card; take the next"
    if keep:
        return f"{name} is worth more for taking tricks than an average unseen card"
    return f"{name} is worth less for taking tricks than an average unseen card; take the next"


def _in_hand(card: Card, hand: CardSet) -> str:
    """Where ``card`` stands among the seat's cards of its suit."""
    suit = sorted(hand.suit(card.suit), reverse=True)
    word = card.suit.plural[:-1]
    if len(suit) <= 1:
        return f"your only {word}"
    if card == suit[0]:
        return f"your highest {word}"
    if card == suit[-1]:
        return f"your lowest {word}"
    above = [c for c in suit if c > card]
    if len(above) > 3:
        return f"{len(above)} higher {card.suit.plural} in your hand"
    return f"{_cards(above)} above it in your hand"


def _explain_play(view: View, card: Card) -> list[str]:
    hand = (view.hand or CardSet()) | CardSet([card])
    rules = view.rules
    unseen = _unseen(view, hand)
    higher = _higher_out(card, unseen)
    trick = view.trick
    name = rules.seat_name
    after = rules.num_seats - 1 - len(trick)
    spades_out = list(unseen.suit(Suit.SPADES))
    bid = view.bids[view.seat]
    live_nil = bid is not None and bid.is_nil and view.tricks_won[view.seat] == 0
    out: list[str] = []
    if not trick:
        out.append(_in_hand(card, hand))
        if not higher:
            if card.suit is Suit.SPADES or not spades_out:
                out.append("nothing still out beats it")
            else:
                out.append(f"the top {card.suit.plural[:-1]} still out: only a spade beats it")
        else:
            out.append(_out_above(higher))
        return out
    winner = trick_winner(trick)
    if winner is None:  # unreachable: the trick is not empty
        return out
    win_seat, best = winner
    led = trick[0][1].suit
    wins = _beats(card, best)
    follows = card.suit == led
    held = [c for c in (view.hand or CardSet()) if c.suit == led] if follows else []
    who = "your partner" if win_seat == view.partner else name(win_seat)
    forced = live_nil and follows and wins and bool(held) and all(_beats(c, best) for c in held)
    if forced:
        word = led.plural[:-1]
        whose = f"{who}'s " if win_seat != view.seat else ""
        if len(held) == 1:
            out.append(f"your only {word} beats {whose}{pretty(best)}")
        else:
            out.append(f"every {word} you hold beats {whose}{pretty(best)}")
    elif not follows:
        out.append(f"you have no {led.plural}")
    if wins:
        if not forced:
            out.append(f"{pretty(card)} beats {who}'s {pretty(best)}")
        if after == 0:
            out.append("you play last: it takes the trick")
        else:
            later = "1 player" if after == 1 else f"{after} players"
            if not higher and (card.suit is Suit.SPADES or not spades_out):
                out.append(f"{later} still to play, and nothing still out beats it")
            elif not higher:
                out.append(f"{later} still to play; only a spade beats it")
            else:
                out.append(f"{later} still to play; {_out_above(higher)}")
    else:
        out.append(f"{pretty(card)} stays under {who}'s {pretty(best)}")
        if live_nil:
            out.append("your nil is safe on this trick")
        elif not follows:
            out.append(f"{_in_hand(card, view.hand or CardSet())}")
    return out
