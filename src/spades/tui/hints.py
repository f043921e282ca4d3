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

from .. import core
from ..actions import Action, Choice, Discard, Pass
from ..bids import Bid
from ..bots.certain import certain_card
from ..cards import Card, CardSet, Rank, Suit
from ..core.deck import Deck, deck_of
from ..i18n import N_, _, ngettext, number, rank_face, term
from ..view import View

__all__ = [
    "HINT_DEALS",
    "HINT_PLAYOUTS",
    "careful_card",
    "dominated",
    "explain",
    "hand_order",
    "play_suit",
    "position_seed",
    "pretty",
    "pretty_action",
    "sure_partner_winner",
    "trick_winner",
]

#: The hint bot's budget: sampled deals per decision (a budget in deals, not seconds,
#: so that the same position always gets the same hint, on any machine).
HINT_DEALS = 200
#: The most play-outs of one card decision, shared among the candidate cards.
HINT_PLAYOUTS = 1600

#: one card of each suit, in words ("your only heart"), by suit id
_ONE_OF: tuple[str, ...] = (N_("club"), N_("diamond"), N_("heart"), N_("spade"))


def pretty(card: Card) -> str:
    """``'Q♥'``; tens as ``'10♥'`` read better than ``'T♥'`` in sentences; the jokers as
    printed on the cards' corners, ``'BJ'`` and ``'LJ'`` (a 2♦ that plays as a spade keeps
    its face: the deck says how it plays, :func:`play_suit`)."""
    if card.is_joker:
        return str(card)
    rank = "10" if card.rank is Rank.TEN else rank_face(card.rank.char)
    return rank + card.suit.symbol


_STANDARD: Deck = deck_of("standard")


def play_suit(card: Card, deck: Deck | None = None) -> Suit:
    """The suit ``card`` plays as in ``deck`` (a joker, and the deuces' 2♦, are spades)."""
    if deck is None or deck.suit_of[int(card)] < 0:
        return card.suit
    return Suit(deck.suit_of[int(card)])


def hand_order(cards: CardSet | list[Card], deck: Deck | None = None) -> list[Card]:
    """Cards as a hand shows them: by play suit (spades, the trumps, first, then hearts,
    diamonds, clubs), each highest first: BJ LJ 2♦ 2♠ A♠ ... in Joker-Joker-Deuce-Deuce."""
    d = deck or _STANDARD

    def key(c: Card) -> tuple[int, int]:
        suit = d.suit_of[int(c)]
        return (-(suit if suit >= 0 else int(c.suit)), -(d.power[int(c)] if suit >= 0 else int(c) % 13))

    return sorted(cards, key=key)


def _of_suit(cards: CardSet, suit: Suit, deck: Deck) -> list[Card]:
    """The cards of ``cards`` that play as ``suit`` in ``deck``."""
    return list(CardSet(cards.mask & deck.suit_masks[int(suit)]))


def _higher(card: Card, cards: CardSet, deck: Deck) -> list[Card]:
    """The cards of ``cards`` in ``card``'s play suit that rank above it."""
    power = deck.power
    return [c for c in _of_suit(cards, play_suit(card, deck), deck) if power[int(c)] > power[int(card)]]


def pretty_action(action: Action) -> str:
    """The action in words: ``'play Q♥'``, ``'bid 4'``, ``'pass 2♣ 3♦ 4♥'``."""
    if isinstance(action, Card):
        return _("play {card}").format(card=pretty(action))
    if isinstance(action, (Pass, Discard)):
        cards = " ".join(pretty(c) for c in action.cards.sorted())
        if not cards:
            return _("discard nothing")
        if isinstance(action, Pass):
            return _("pass {cards}").format(cards=cards)
        return _("discard {cards}").format(cards=cards)
    if isinstance(action, Bid):
        if action.is_nil:
            return term(action.label())
        return _("bid {n}").format(n=action.tricks)
    if action is Choice.LOOK:
        return _("look")
    if action is Choice.KEEP:
        return _("keep")
    if action is Choice.REJECT:
        return _("reject")
    return str(action)  # pragma: no cover - every action kind is named above


def trick_winner(
    trick: tuple[tuple[int, Card], ...], deck: Deck | None = None
) -> tuple[int, Card] | None:
    """The (seat, card) winning a trick so far in ``deck`` (the rule:
    :func:`spades.core.trick_winner`)."""
    if not trick:
        return None
    return trick[core.trick_winner([card for _seat, card in trick], deck)]


def _listed(cards: list[Card], deck: Deck | None = None) -> str:
    return " ".join(pretty(c) for c in hand_order(cards, deck))


def _out_above(higher: list[Card], out: str, deck: Deck | None = None) -> str:
    """``'K♥ Q♥ still out above it'`` or ``'10 higher diamonds still out'`` (``out``:
    "still out", or "unseen" where half the unseen cards lie in the discard pile)."""
    if len(higher) > 3:
        return ngettext("{n} higher {suit} {out}", "{n} higher {suit} {out}", len(higher)).format(
            n=len(higher), suit=term(play_suit(higher[0], deck).plural), out=out
        )
    return _("{cards} {out} above it").format(cards=_listed(higher, deck), out=out)


def _unseen(view: View, hand: CardSet) -> CardSet:
    """Cards this seat cannot see: not in its hand, not played, not on the table, not
    discarded or passed by it."""
    seen = view.played.mask | hand.mask | view.discards.mask | view.passed.mask
    for _seat, card in view.trick:
        seen |= 1 << int(card)
    return CardSet(view.deck.mask & ~seen)


def _higher_out(card: Card, unseen: CardSet, deck: Deck) -> list[Card]:
    """Unseen cards of ``card``'s play suit above it."""
    return _higher(card, unseen, deck)


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


def _goal(view: View) -> list[str]:
    """What the seat's side is playing for now: its nil, its contract, bags."""
    rules = view.rules
    out: list[str] = []
    me = view.seat
    bid = view.bids[me]
    if bid is not None and bid.is_nil:
        kind = term("blind nil" if bid.blind else "nil")
        took = view.tricks_won[me]
        if took == 0:
            out.append(_("you bid {kind} and have taken no trick").format(kind=kind))
        else:
            out.append(
                ngettext(
                    "your {kind} has failed ({n} trick)", "your {kind} has failed ({n} tricks)", took
                ).format(kind=kind, n=took)
            )
    partner = view.partner
    if partner is not None:
        pbid = view.bids[partner]
        if pbid is not None and pbid.is_nil and view.tricks_won[partner] == 0:
            out.append(_("your partner's {bid} is alive").format(bid=term(pbid.label())))
    need = _side_need(view)
    if need is not None:
        contract, left = need
        if left:
            text = (
                _("your side has {k} of {contract} tricks")
                if partner is not None
                else _("you have {k} of {contract} tricks")
            )
            out.append(text.format(k=contract - left, contract=contract))
        elif rules.bag_penalty:
            text = (
                _("your side made {contract}: more tricks are bags")
                if partner is not None
                else _("you made {contract}: more tricks are bags")
            )
            out.append(text.format(contract=contract))
    for s in range(rules.num_seats):
        b = view.bids[s]
        if rules.side_of(s) != view.side and b is not None and b.is_nil and view.tricks_won[s] == 0:
            out.append(
                _("{seat}'s {bid} is alive").format(seat=term(rules.seat_name(s)), bid=term(b.label()))
            )
    return out


def _method(bot: str, phase: str) -> str:
    """How the bot chose, in words."""
    if bot == "expert":
        if phase == "play":
            return _("most points over sampled deals")
        if phase == "bid":
            return _("the expert's play-outs of sampled deals scored this bid best")
    if bot == "basic":
        return _("the club player's rule")
    return ""


def explain(view: View, action: Action, bot: str = "expert") -> str:
    """Why the ``bot`` chose ``action`` for ``view.seat``: the facts it weighed, in words."""
    if isinstance(action, Card):
        parts = _explain_play(view, action) + _goal(view)
        # a card a certain spot settles (spades.bots.certain) was not weighed on sampled deals:
        # the facts above are the whole reason
        method = "" if bot == "expert" and certain_card(view) == action else _method(bot, "play")
        text = "; ".join(parts)
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
    return _("it is the move the computer player prefers here")


def _trails(view: View) -> int:
    """Points by which the seat's side trails the best other side (<= 0: it does not)."""
    best_other = max((s for i, s in enumerate(view.scores) if i != view.side), default=0)
    return best_other - view.scores[view.side]


def _explain_look(view: View, bot: str) -> str:
    behind = _trails(view)
    partner = view.partner
    pbid = view.bids[partner] if partner is not None else None
    look = _("draw as usual") if view.rules.uses_draw else _("look and bid on your cards")
    if pbid is not None and pbid.is_nil:
        return _("your partner bid {bid}: nobody would cover a second nil; {look}").format(
            bid=term(pbid.label()), look=look
        )
    if behind <= 0:
        lead = _("your side is level") if behind == 0 else _("your side leads by {n}").format(n=-behind)
        return _("{lead}: blind nil is a catch-up move, not worth the risk; {look}").format(
            lead=lead, look=look
        )
    if bot == "expert":
        return _(
            "your side trails by {n}, but on sampled deals blind nil did not score "
            "40 points a deal more than looking; {look}"
        ).format(n=behind, look=look)
    return _("your side trails by {n}, not enough to risk blind nil; {look}").format(n=behind, look=look)


def _explain_bid(view: View, bid: Bid, bot: str) -> str:
    rules = view.rules
    if bid.blind:
        behind = _trails(view)
        bonus = f"{rules.blind_nil_bonus:+d}"
        if bot == "expert":
            text = (
                _(
                    "on sampled deals blind nil with your partner's exchange ({bonus} if you take no trick) "
                    "scored more than looking"
                )
                if rules.has_exchange
                else _("on sampled deals blind nil ({bonus} if you take no trick) scored more than looking")
            )
        else:
            text = (
                _(
                    "blind nil with your partner's exchange ({bonus} if you take no trick) "
                    "scored more than looking"
                )
                if rules.has_exchange
                else _("blind nil ({bonus} if you take no trick) scored more than looking")
            )
        text = text.format(bonus=bonus)
        if behind > 0:
            text = _("your side trails by {n}: {reason}").format(n=behind, reason=text)
        return text
    from ..bots.basic import estimate_tricks, nil_danger

    hand = view.hand or CardSet()
    est = estimate_tricks(hand.mask, rules.num_seats, rules.partnerships)
    facts = [_("your hand counts about {n} tricks").format(n=number(est))]
    partner = view.partner
    pbid = view.bids[partner] if partner is not None else None
    if pbid is not None:
        said = term(pbid.label()) if pbid.is_nil else str(pbid.tricks)
        facts.append(_("your partner bid {bid}").format(bid=said))
    if bid.is_nil:
        spades = hand.count(Suit.SPADES)
        top = hand.sorted()[:1]
        count = ngettext("{n} spade", "{n} spades", spades).format(n=spades)
        danger = number(nil_danger(hand.mask))
        if top:
            facts.append(
                _("best card {card}, {spades}: nil danger {danger}").format(
                    card=pretty(top[0]), spades=count, danger=danger
                )
            )
        else:
            facts.append(_("{spades}: nil danger {danger}").format(spades=count, danger=danger))
        if bot == "expert":
            facts.append(_("nil kept in 75%+ of the expert's play-outs and beat every number"))
        return "; ".join(facts)
    method = _method(bot, "bid")
    if method:
        facts.append(method)
    return "; ".join(facts)


def _explain_pass(view: View, action: Pass) -> str:
    bid = view.bids[view.seat]
    cards = " ".join(pretty(c) for c in action.cards.sorted())
    if bid is not None and bid.blind:
        return _("you bid blind nil: pass back your cards most likely to win a trick ({cards})").format(
            cards=cards
        )
    return _("your partner bid blind nil: give your lowest cards ({cards}), spades last").format(cards=cards)


def _explain_discard(view: View, action: Discard) -> str:
    if not action.cards:
        return _("none of your cards is more likely to win a trick than a card from the pile")
    cards = " ".join(pretty(c) for c in action.cards.sorted())
    return _("you bid blind nil: {cards} are likelier to win a trick than a card from the pile").format(
        cards=cards
    )


def _explain_draw(view: View, keep: bool) -> str:
    card = view.draw_card
    if card is None:
        return _("take the card that helps your bid most")
    name = pretty(card)
    bid = view.bids[view.seat]
    if bid is not None and bid.is_nil:
        kind = term("blind nil" if bid.blind else "nil")
        if keep:
            text = _("you bid {kind}: {card} is no likelier to win a trick than an unseen card")
        else:
            text = _("you bid {kind}: {card} is likelier to win a trick than an unseen card; take the next")
        return text.format(kind=kind, card=name)
    if keep:
        return _("{card} is worth more for taking tricks than an average unseen card").format(card=name)
    return _("{card} is worth less for taking tricks than an average unseen card; take the next").format(
        card=name
    )


def _in_hand(card: Card, hand: CardSet, deck: Deck) -> str:
    """Where ``card`` stands among the seat's cards of its play suit."""
    played_as = play_suit(card, deck)
    suit = hand_order(_of_suit(hand, played_as, deck), deck)
    word = _(_ONE_OF[played_as])
    if len(suit) <= 1:
        return _("your only {suit}").format(suit=word)
    if card == suit[0]:
        return _("your highest {suit}").format(suit=word)
    if card == suit[-1]:
        return _("your lowest {suit}").format(suit=word)
    above = _higher(card, hand, deck)
    if len(above) > 3:
        return ngettext(
            "{n} higher {suit} in your hand", "{n} higher {suit} in your hand", len(above)
        ).format(n=len(above), suit=term(played_as.plural))
    return _("{cards} above it in your hand").format(cards=_listed(above, deck))


def _explain_play(view: View, card: Card) -> list[str]:
    hand = (view.hand or CardSet()) | CardSet([card])
    rules = view.rules
    # with a two-player discard pile, half the unseen cards are out of play
    out_word = _("unseen") if rules.uses_draw else _("still out")
    deck = view.deck
    unseen = _unseen(view, hand)
    higher = _higher_out(card, unseen, deck)
    trick = view.trick
    after = rules.num_seats - 1 - len(trick)
    spades_out = _of_suit(unseen, Suit.SPADES, deck)
    trump = play_suit(card, deck) is Suit.SPADES
    bid = view.bids[view.seat]
    live_nil = bid is not None and bid.is_nil and view.tricks_won[view.seat] == 0
    out: list[str] = []
    if not trick:
        out.append(_in_hand(card, hand, deck))
        if not higher:
            if trump or not spades_out:
                out.append(_("nothing {out} beats it").format(out=out_word))
            else:
                out.append(
                    _("the top {suit} {out}: only a spade beats it").format(
                        suit=_(_ONE_OF[play_suit(card, deck)]), out=out_word
                    )
                )
        else:
            out.append(_out_above(higher, out_word, deck))
        return out
    winner = trick_winner(trick, deck)
    if winner is None:  # unreachable: the trick is not empty
        return out
    win_seat, best = winner
    led = play_suit(trick[0][1], deck)
    wins = deck.beats(card, best)
    follows = play_suit(card, deck) == led
    held = _of_suit(view.hand or CardSet(), led, deck) if follows else []
    partner_wins = win_seat == view.partner
    who = _("your partner") if partner_wins else term(rules.seat_name(win_seat))
    forced = live_nil and follows and wins and bool(held) and all(deck.beats(c, best) for c in held)
    if forced:
        word = _(_ONE_OF[led])
        if win_seat == view.seat:  # pragma: no cover - the seat to play is not winning the trick
            text = (
                _("your only {suit} beats {card}")
                if len(held) == 1
                else _("every {suit} you hold beats {card}")
            )
        elif partner_wins:
            text = (
                _("your only {suit} beats your partner's {card}")
                if len(held) == 1
                else _("every {suit} you hold beats your partner's {card}")
            )
        else:
            text = (
                _("your only {suit} beats {seat}'s {card}")
                if len(held) == 1
                else _("every {suit} you hold beats {seat}'s {card}")
            )
        out.append(text.format(suit=word, card=pretty(best), seat=who))
    elif not follows:
        out.append(_("you have no {suit}").format(suit=term(led.plural)))
    if wins:
        if not forced:
            text = (
                _("{card} beats your partner's {best}") if partner_wins else _("{card} beats {seat}'s {best}")
            )
            out.append(text.format(card=pretty(card), seat=who, best=pretty(best)))
        if after == 0:
            out.append(_("you play last: it takes the trick"))
        elif not higher and (trump or not spades_out):
            out.append(
                ngettext(
                    "{n} player still to play, and nothing {out} beats it",
                    "{n} players still to play, and nothing {out} beats it",
                    after,
                ).format(n=after, out=out_word)
            )
        elif not higher:
            out.append(
                ngettext(
                    "{n} player still to play; only a spade beats it",
                    "{n} players still to play; only a spade beats it",
                    after,
                ).format(n=after)
            )
        else:
            out.append(
                ngettext(
                    "{n} player still to play; {above}", "{n} players still to play; {above}", after
                ).format(n=after, above=_out_above(higher, out_word, deck))
            )
    else:
        text = (
            _("{card} stays under your partner's {best}")
            if partner_wins
            else _("{card} stays under {seat}'s {best}")
        )
        out.append(text.format(card=pretty(card), seat=who, best=pretty(best)))
        if live_nil:
            out.append(_("your nil is safe on this trick"))
        elif not follows:
            out.append(_in_hand(card, view.hand or CardSet(), deck))
    return out


# -- a hint is a function of the position ---------------------------------------------------


def position_seed(view: View) -> int:
    """A seed for the hint bot taken from what ``view``'s seat knows (the position, its
    history and the rules): the same position always gets the same sampled deals."""
    import hashlib

    parts = (
        view.rules,
        view.seat,
        str(view.phase),
        view.dealer,
        view.hand_number,
        view.hand,
        view.hand_sizes,
        view.bids,
        view.tricks_won,
        view.trick,
        view.tricks,
        view.scores,
        view.bags,
        view.hands_played,
        view.passed,
        view.received,
        view.discards,
        view.draw_card,
        view.history,
    )
    digest = hashlib.sha256(repr(parts).encode()).digest()
    return int.from_bytes(digest[:8], "big")


def _live_nil(view: View, seat: int | None) -> bool:
    if seat is None:
        return False
    bid = view.bids[seat]
    return bid is not None and bid.is_nil and view.tricks_won[seat] == 0


def _players_after(view: View) -> int:
    return view.rules.num_seats - 1 - len(view.trick)


def sure_partner_winner(view: View) -> Card | None:
    """The partner's card when it is winning the trick and nothing still to be played can
    beat it (the seat plays last, or no unseen card could: no higher card of its suit and,
    unless it is a spade, no spade left unseen); None otherwise, or when the partner's nil
    is alive (a nil winning a trick is no winner for the side)."""
    partner = view.partner
    deck = view.deck
    winner = trick_winner(view.trick, deck)
    if winner is None or partner is None or winner[0] != partner or _live_nil(view, partner):
        return None
    best = winner[1]
    if _players_after(view) == 0:
        return best
    unseen = _unseen(view, view.hand or CardSet())
    if _higher(best, unseen, deck):
        return None
    if play_suit(best, deck) is not Suit.SPADES and _of_suit(unseen, Suit.SPADES, deck):
        return None
    return best


def dominated(view: View) -> frozenset[Card]:
    """Legal cards that are certainly worse than another legal card, from the seat's own
    view: a card that overtakes or ruffs the partner's sure winner while a card that
    does not is held, and, for a live nil, a card that beats the trick's winning card while
    one that stays under it is held."""
    if view.phase != "play" or not view.trick:
        return frozenset()
    legal = [a for a in view.legal if isinstance(a, Card)]
    deck = view.deck
    best = trick_winner(view.trick, deck)
    if best is None or not legal:
        return frozenset()
    top = best[1]
    beating = frozenset(c for c in legal if deck.beats(c, top))
    if len(beating) == len(legal):
        return frozenset()  # every card wins over it: nothing to prefer
    if _live_nil(view, view.seat) or sure_partner_winner(view) is not None:
        return beating
    return frozenset()


def careful_card(view: View) -> Card | None:
    """The card a careful player would choose by default, where the keyboard's cursor
    starts: for a live nil the safest card (the highest card that still stays under the
    trick's winner, else the lowest); otherwise the lowest card that wastes no winner
    (no trump and no card sure to win while another is legal)."""
    deck = view.deck

    def rank(c: Card) -> tuple[int, int]:  # the power in its play suit (a joker above the ace)
        return (deck.power[int(c)], int(c))

    def trump(c: Card) -> bool:
        return play_suit(c, deck) is Suit.SPADES

    legal = sorted((a for a in view.legal if isinstance(a, Card)), key=rank)
    if not legal:
        return None
    if len(legal) == 1:
        return legal[0]
    best = trick_winner(view.trick, deck)
    if _live_nil(view, view.seat):
        if best is not None:
            under = [c for c in legal if not deck.beats(c, best[1])]
            if under:
                # the highest that stays under, off-suit discards (no risk) before followed ones
                return max(under, key=lambda c: (rank(c), not trump(c)))
        return min(legal, key=lambda c: (rank(c), trump(c)))
    unseen = _unseen(view, view.hand or CardSet())

    def cost(card: Card) -> tuple[int, ...]:
        wastes = 0
        if best is not None:
            if sure_partner_winner(view) is not None and deck.beats(card, best[1]):
                wastes = 2  # overtakes or ruffs the side's own trick
            elif trump(card) and not trump(best[1]):
                wastes = 1  # a ruff: a trump spent (a choice, not a default)
        else:
            wastes = int(trump(card)) + int(not _higher(card, unseen, deck))
        return (wastes, int(trump(card)), *rank(card))

    return min(legal, key=cost)
