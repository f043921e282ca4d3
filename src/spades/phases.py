"""One handler per phase of a hand: what the seat is asked, its legal actions,
whether an action is acceptable and what it does.

Each handler operates on a :class:`~spades.hand.Hand`, which holds the state of
the hand; :class:`~spades.game.Game` dispatches on the hand's phase through
:data:`HANDLERS`.  A new phase is one more :class:`PhaseHandler` here plus its
member of :class:`~spades.view.Phase`.  Playing a card and a plain bid have
their own fast paths in :meth:`Game.apply <spades.game.Game.apply>`.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Final

from .actions import KEEP, LOOK, REJECT, Action, Discard, Pass
from .bids import Bid
from .cards import NON_SPADES_MASK, Card, CardSet, cards_of_mask
from .core import legal_mask
from .errors import ErrorCode, IllegalActionError
from .events import BidMade, ExchangePassed, Looked
from .view import Phase

if TYPE_CHECKING:
    from .hand import Hand

__all__ = ["HANDLERS", "PhaseHandler"]

_BLIND_NIL: Final = Bid.blind_nil()
_BIDS: Final = tuple(Bid(i) for i in range(19))

# Per-suit lists of cards for each 13-bit pattern, filled on first use: turning a
# card-set mask into a list of Card objects is the hot spot of legal_actions().
_SUIT_CARDS: Final[tuple[dict[int, tuple[Card, ...]], ...]] = ({}, {}, {}, {})


def _suit_cards(suit: int, bits: int) -> tuple[Card, ...]:
    cards = tuple(cards_of_mask(bits << (13 * suit)))
    _SUIT_CARDS[suit][bits] = cards
    return cards


def _cards_list(mask: int) -> list[Card]:
    out: list[Card] = []
    for suit in range(4):
        bits = mask >> (13 * suit) & 0x1FFF
        if bits:
            out += _SUIT_CARDS[suit].get(bits) or _suit_cards(suit, bits)
    return out



class PhaseHandler:
    """The rules of one phase of a hand (stateless: the state is the Hand's)."""

    __slots__ = ()

    def prompt(self, hand: Hand) -> str:
        raise NotImplementedError

    def legal(self, hand: Hand) -> list[Action]:
        return []

    def validate(self, hand: Hand, seat: int, act: Action) -> None:
        raise IllegalActionError("The game is over", code=ErrorCode.GAME_OVER)

    def execute(self, hand: Hand, seat: int, act: Action) -> None:
        raise AssertionError("validate refuses every action of this phase")

    def wrong_kind(self, hand: Hand) -> IllegalActionError:
        return IllegalActionError(
            f"Now you must {self.prompt(hand)}", code=ErrorCode.WRONG_ACTION, params=_prompt_params(hand)
        )


class _Blind(PhaseHandler):
    __slots__ = ()

    def prompt(self, hand: Hand) -> str:
        if hand._table.blind_bids and hand._blind_bid_open[hand._to_act]:  # type: ignore[index]
            return "choose a blind bid ('blind 7'), 'blind nil' or 'look' at your cards"
        return "choose 'blind nil' or 'look' at your cards"

    def legal(self, hand: Hand) -> list[Action]:
        if hand._table.plain_bids:
            return [_BLIND_NIL, LOOK]
        out: list[Action] = [*hand._bid_options(hand._to_act, True)]  # type: ignore[arg-type]
        out.append(LOOK)
        return out

    def validate(self, hand: Hand, seat: int, act: Action) -> None:
        if act is LOOK:
            return
        if isinstance(act, Bid) and act.blind:
            if hand._table.plain_bids:
                if act.is_blind_bid:
                    raise IllegalActionError("only nil can be bid blind", code=ErrorCode.BLIND_ONLY_NIL)
                return
            if act in hand._bid_options(seat, True):
                return
            _blind_refusal(hand, seat, act)
        if isinstance(act, Bid):
            raise IllegalActionError(
                "You have not looked at your cards yet: choose 'blind nil' or 'look' first",
                code=ErrorCode.NOT_LOOKED,
            )
        raise self.wrong_kind(hand)

    def execute(self, hand: Hand, seat: int, act: Action) -> None:
        hand._decided[seat] = True
        hand._looked[seat] = True
        if isinstance(act, Bid):
            hand._bids[seat] = act
            hand._events.append(BidMade(seat, act))
            if act.is_blind_bid:  # the partner makes no bid: it sees its cards at once
                partner = (seat + 2) % 4
                hand._looked[partner] = True
                hand._decided[partner] = True
        else:
            hand._events.append(Looked(seat))
        if hand._rules.uses_draw:
            hand._phase = Phase.DRAW
        elif isinstance(act, Bid):
            hand._bid_pos += 1
            hand._next_bidder()
        else:
            hand._phase = Phase.BID


def _blind_refusal(hand: Hand, seat: int, act: Bid) -> None:
    """Raise why a blind bid (blind nil, ``blind N``) is refused before looking."""
    rules = hand._rules
    if not act.is_blind_bid:
        if not rules.blind_nil_offered:
            raise IllegalActionError("Blind nil is not allowed at this table", code=ErrorCode.BLIND_NIL_OFF)
        if not hand._blind_open[seat]:
            raise IllegalActionError(
                f"Blind nil is only allowed when your side trails by at least "
                f"{rules.blind_nil_min_deficit} points",
                code=ErrorCode.BLIND_NIL_NOT_BEHIND,
                params={"points": rules.blind_nil_min_deficit},
            )
        raise IllegalActionError(
            "Blind nil is not open to you now: your partner's bid rules it out",
            code=ErrorCode.NOT_LEGAL_NOW,
            params={"action": str(act)},
        )
    if not rules.blind_bids:
        raise IllegalActionError("only nil can be bid blind", code=ErrorCode.BLIND_ONLY_NIL)
    if not hand._blind_bid_open[seat]:
        raise IllegalActionError(
            f"A blind bid is only for the first partner of a side behind by at least "
            f"{rules.blind_bid_deficit} points",
            code=ErrorCode.NOT_LEGAL_NOW,
            params={"action": str(act)},
        )
    options = [b.tricks for b in hand._bid_options(seat, True) if b.is_blind_bid]
    raise IllegalActionError(
        f"A blind bid is from {min(options)} to {max(options)} tricks",
        code=ErrorCode.NOT_LEGAL_NOW,
        params={"action": str(act)},
    )


class _Bid(PhaseHandler):
    __slots__ = ()

    def prompt(self, hand: Hand) -> str:
        if hand._rules.bidding == "mirror":
            return "bid the number of your spades (Mirror)"
        if hand._rules.bidding == "whiz":
            return "bid nil or the number of your spades (Whiz)"
        return "bid: a number of tricks" + (" or nil" if hand._rules.nil else "")

    def legal(self, hand: Hand) -> list[Action]:
        if not hand._table.plain_bids:
            return list(hand._legal_bids(hand._to_act))  # type: ignore[arg-type]
        lo, hi = hand._bid_range(hand._to_act)  # type: ignore[arg-type]
        return list(_BIDS[lo : hi + 1])

    def validate(self, hand: Hand, seat: int, act: Action) -> None:
        if not isinstance(act, Bid):
            raise self.wrong_kind(hand)
        hand._check_bid(seat, act)

    def execute(self, hand: Hand, seat: int, act: Action) -> None:
        hand._bids[seat] = act  # type: ignore[assignment]
        hand._events.append(BidMade(seat, act))  # type: ignore[arg-type]
        hand._bid_pos += 1
        hand._next_bidder()


class _Exchange(PhaseHandler):
    __slots__ = ()

    def prompt(self, hand: Hand) -> str:
        _giver, receiver = hand._exchange_steps[hand._exchange_pos]
        return f"pass {hand._exchange_size()} cards to {hand._rules.seat_name(receiver)}"

    def legal(self, hand: Hand) -> list[Action]:
        cards = cards_of_mask(hand._hands[hand._to_act])  # type: ignore[index]
        k = hand._exchange_size()
        return [Pass(sum(1 << c for c in combo)) for combo in combinations(cards, k)]

    def validate(self, hand: Hand, seat: int, act: Action) -> None:
        if not isinstance(act, Pass):
            raise self.wrong_kind(hand)
        k = hand._exchange_size()
        hand._check_holds(seat, act.cards.mask)
        if len(act.cards) != k:
            raise IllegalActionError(
                f"Pass exactly {k} cards, not {len(act.cards)}",
                code=ErrorCode.PASS_COUNT,
                params={"k": k, "n": len(act.cards)},
            )

    def execute(self, hand: Hand, seat: int, act: Action) -> None:
        giver, receiver = hand._exchange_steps[hand._exchange_pos]
        mask = act.cards.mask  # type: ignore[union-attr]
        hand._hands[giver] &= ~mask
        hand._hands[receiver] |= mask
        hand._passed[giver] |= mask
        hand._received[receiver] |= mask
        hand._events.append(ExchangePassed(giver, receiver, mask.bit_count(), CardSet(mask)))
        hand._exchange_pos += 1
        if hand._exchange_pos == len(hand._exchange_steps):
            hand._start_play()
        else:
            hand._to_act = hand._exchange_steps[hand._exchange_pos][0]


class _Draw(PhaseHandler):
    __slots__ = ()

    def prompt(self, hand: Hand) -> str:
        return "keep or reject the card you are shown"

    def legal(self, hand: Hand) -> list[Action]:
        return [KEEP, REJECT]

    def validate(self, hand: Hand, seat: int, act: Action) -> None:
        if act is not KEEP and act is not REJECT:
            raise self.wrong_kind(hand)

    def execute(self, hand: Hand, seat: int, act: Action) -> None:
        hand._do_draw(seat, act is KEEP)


class _Redraw(PhaseHandler):
    __slots__ = ()

    def prompt(self, hand: Hand) -> str:
        return f"discard up to {hand._rules.blind_nil_exchange} cards (or none) to redraw"

    def legal(self, hand: Hand) -> list[Action]:
        cards = cards_of_mask(hand._hands[hand._to_act])  # type: ignore[index]
        out: list[Action] = []
        for k in range(hand._rules.blind_nil_exchange + 1):
            out += [Discard(sum(1 << c for c in combo)) for combo in combinations(cards, k)]
        return out

    def validate(self, hand: Hand, seat: int, act: Action) -> None:
        if not isinstance(act, Discard):
            raise self.wrong_kind(hand)
        k = hand._rules.blind_nil_exchange
        hand._check_holds(seat, act.cards.mask)
        if len(act.cards) > k:
            raise IllegalActionError(
                f"Discard at most {k} cards, not {len(act.cards)}",
                code=ErrorCode.DISCARD_COUNT,
                params={"k": k, "n": len(act.cards)},
            )

    def execute(self, hand: Hand, seat: int, act: Action) -> None:
        hand._do_redraw(seat, act.cards.mask)  # type: ignore[union-attr]


class _Play(PhaseHandler):
    __slots__ = ()

    def prompt(self, hand: Hand) -> str:
        return "play a card"

    def legal(self, hand: Hand) -> list[Action]:
        # a fast copy of spades.core.legal_mask (tests/test_core.py checks them against each other)
        held = hand._hands[hand._to_act]  # type: ignore[index]
        if hand._first_lead and not hand._trick:
            return _cards_list(hand._first_lead)  # type: ignore[return-value]
        table = hand._table
        if not table.printed_suits:  # the deck's play suits (jokers, the 2D a spade)
            led = table.suit_of[hand._trick[0]] if hand._trick else None
            return cards_of_mask(legal_mask(held, led, hand._must_break, hand._broken, table.pack))  # type: ignore[return-value]
        if hand._trick:
            led = hand._trick[0] // 13
            bits = held >> (13 * led) & 0x1FFF
            if bits:
                return list(_SUIT_CARDS[led].get(bits) or _suit_cards(led, bits))
        elif hand._must_break and not hand._broken and held & NON_SPADES_MASK:
            held &= NON_SPADES_MASK
        return _cards_list(held)  # type: ignore[return-value]

    def validate(self, hand: Hand, seat: int, act: Action) -> None:
        if type(act) is not Card:
            raise self.wrong_kind(hand)
        hand._check_play(act)

    def execute(self, hand: Hand, seat: int, act: Action) -> None:
        raise AssertionError("Game.apply plays cards on its own fast path")


class _Over(PhaseHandler):
    __slots__ = ()

    def prompt(self, hand: Hand) -> str:
        return "wait: the game is over"


HANDLERS: Final[dict[Phase, PhaseHandler]] = {
    Phase.BLIND: _Blind(),
    Phase.BID: _Bid(),
    Phase.EXCHANGE: _Exchange(),
    Phase.DRAW: _Draw(),
    Phase.REDRAW: _Redraw(),
    Phase.PLAY: _Play(),
    Phase.OVER: _Over(),
}


def _prompt_params(hand: Hand) -> dict[str, object]:
    """The params of a ``wrong_action`` refusal: the phase and what its prompt names."""
    rules = hand._rules
    n = hand._exchange_size() if hand._phase is Phase.EXCHANGE else rules.blind_nil_exchange
    params: dict[str, object] = {"phase": hand._phase.value, "nil": rules.nil, "n": n}
    if hand._phase is Phase.EXCHANGE:
        params["seat"] = rules.seat_name(hand._exchange_steps[hand._exchange_pos][1])
    return params
