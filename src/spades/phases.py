"""One handler per phase of a hand: what the seat is asked, its legal actions,
whether an action is acceptable and what it does.

:class:`~spades.game.Game` holds the state and dispatches on its phase through
:data:`HANDLERS`; a new phase is one more :class:`PhaseHandler` here plus its
member of :class:`~spades.view.Phase`.  Playing a card has its own fast path in
:meth:`Game.apply <spades.game.Game.apply>`.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Final

from .actions import KEEP, LOOK, REJECT, Action, Discard, Pass
from .bids import Bid
from .cards import NON_SPADES_MASK, Card, CardSet, cards_of_mask
from .errors import IllegalActionError
from .events import BidMade, ExchangePassed, Looked
from .view import Phase

if TYPE_CHECKING:
    from .game import Game

__all__ = ["HANDLERS", "PhaseHandler"]

_BLIND_NIL: Final = Bid.blind_nil()
_BIDS: Final = tuple(Bid(i) for i in range(18))

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
    """The rules of one phase of a hand (stateless: the state is the Game's)."""

    __slots__ = ()

    def prompt(self, game: Game) -> str:
        raise NotImplementedError

    def legal(self, game: Game) -> list[Action]:
        return []

    def validate(self, game: Game, seat: int, act: Action) -> None:
        raise IllegalActionError("The game is over")

    def execute(self, game: Game, seat: int, act: Action) -> None:
        raise AssertionError("validate refuses every action of this phase")

    def wrong_kind(self, game: Game) -> IllegalActionError:
        return IllegalActionError(f"Now you must {self.prompt(game)}")


class _Blind(PhaseHandler):
    __slots__ = ()

    def prompt(self, game: Game) -> str:
        return "choose 'blind nil' or 'look' at your cards"

    def legal(self, game: Game) -> list[Action]:
        return [_BLIND_NIL, LOOK]

    def validate(self, game: Game, seat: int, act: Action) -> None:
        if act is LOOK or (isinstance(act, Bid) and act.blind):
            return
        if isinstance(act, Bid):
            raise IllegalActionError(
                "You have not looked at your cards yet: choose 'blind nil' or 'look' first"
            )
        raise self.wrong_kind(game)

    def execute(self, game: Game, seat: int, act: Action) -> None:
        game._decided[seat] = True
        game._looked[seat] = True
        if isinstance(act, Bid):
            game._bids[seat] = act
            game._events.append(BidMade(seat, act))
        else:
            game._events.append(Looked(seat))
        if game._rules.uses_draw:
            game._phase = Phase.DRAW
        elif isinstance(act, Bid):
            game._bid_pos += 1
            game._next_bidder()
        else:
            game._phase = Phase.BID


class _Bid(PhaseHandler):
    __slots__ = ()

    def prompt(self, game: Game) -> str:
        return "bid: a number of tricks" + (" or nil" if game._rules.nil else "")

    def legal(self, game: Game) -> list[Action]:
        lo, hi = game._bid_range(game._to_act)  # type: ignore[arg-type]
        return list(_BIDS[lo : hi + 1])

    def validate(self, game: Game, seat: int, act: Action) -> None:
        if not isinstance(act, Bid):
            raise self.wrong_kind(game)
        game._check_bid(seat, act)

    def execute(self, game: Game, seat: int, act: Action) -> None:
        game._bids[seat] = act  # type: ignore[assignment]
        game._events.append(BidMade(seat, act))  # type: ignore[arg-type]
        game._bid_pos += 1
        game._next_bidder()


class _Exchange(PhaseHandler):
    __slots__ = ()

    def prompt(self, game: Game) -> str:
        _giver, receiver = game._exchange_steps[game._exchange_pos]
        return f"pass {game._rules.blind_nil_exchange} cards to {game._rules.seat_name(receiver)}"

    def legal(self, game: Game) -> list[Action]:
        cards = cards_of_mask(game._hands[game._to_act])  # type: ignore[index]
        k = game._rules.blind_nil_exchange
        return [Pass(sum(1 << c for c in combo)) for combo in combinations(cards, k)]

    def validate(self, game: Game, seat: int, act: Action) -> None:
        if not isinstance(act, Pass):
            raise self.wrong_kind(game)
        k = game._rules.blind_nil_exchange
        game._check_holds(seat, act.cards.mask)
        if len(act.cards) != k:
            raise IllegalActionError(f"Pass exactly {k} cards, not {len(act.cards)}")

    def execute(self, game: Game, seat: int, act: Action) -> None:
        giver, receiver = game._exchange_steps[game._exchange_pos]
        mask = act.cards.mask  # type: ignore[union-attr]
        game._hands[giver] &= ~mask
        game._hands[receiver] |= mask
        game._passed[giver] |= mask
        game._received[receiver] |= mask
        game._events.append(ExchangePassed(giver, receiver, mask.bit_count(), CardSet(mask)))
        game._exchange_pos += 1
        if game._exchange_pos == len(game._exchange_steps):
            game._start_play()
        else:
            game._to_act = game._exchange_steps[game._exchange_pos][0]


class _Draw(PhaseHandler):
    __slots__ = ()

    def prompt(self, game: Game) -> str:
        return "keep or reject the card you are shown"

    def legal(self, game: Game) -> list[Action]:
        return [KEEP, REJECT]

    def validate(self, game: Game, seat: int, act: Action) -> None:
        if act is not KEEP and act is not REJECT:
            raise self.wrong_kind(game)

    def execute(self, game: Game, seat: int, act: Action) -> None:
        game._do_draw(seat, act is KEEP)


class _Redraw(PhaseHandler):
    __slots__ = ()

    def prompt(self, game: Game) -> str:
        return f"discard up to {game._rules.blind_nil_exchange} cards (or none) to redraw"

    def legal(self, game: Game) -> list[Action]:
        cards = cards_of_mask(game._hands[game._to_act])  # type: ignore[index]
        out: list[Action] = []
        for k in range(game._rules.blind_nil_exchange + 1):
            out += [Discard(sum(1 << c for c in combo)) for combo in combinations(cards, k)]
        return out

    def validate(self, game: Game, seat: int, act: Action) -> None:
        if not isinstance(act, Discard):
            raise self.wrong_kind(game)
        k = game._rules.blind_nil_exchange
        game._check_holds(seat, act.cards.mask)
        if len(act.cards) > k:
            raise IllegalActionError(f"Discard at most {k} cards, not {len(act.cards)}")

    def execute(self, game: Game, seat: int, act: Action) -> None:
        game._do_redraw(seat, act.cards.mask)  # type: ignore[union-attr]


class _Play(PhaseHandler):
    __slots__ = ()

    def prompt(self, game: Game) -> str:
        return "play a card"

    def legal(self, game: Game) -> list[Action]:
        # a fast copy of spades.core.legal_mask (tests/test_core.py checks them against each other)
        hand = game._hands[game._to_act]  # type: ignore[index]
        if game._trick:
            led = game._trick[0] // 13
            bits = hand >> (13 * led) & 0x1FFF
            if bits:
                return list(_SUIT_CARDS[led].get(bits) or _suit_cards(led, bits))
        elif game._must_break and not game._broken and hand & NON_SPADES_MASK:
            hand &= NON_SPADES_MASK
        return _cards_list(hand)  # type: ignore[return-value]

    def validate(self, game: Game, seat: int, act: Action) -> None:
        if type(act) is not Card:
            raise self.wrong_kind(game)
        game._check_play(act)

    def execute(self, game: Game, seat: int, act: Action) -> None:
        raise AssertionError("Game.apply plays cards on its own fast path")


class _Over(PhaseHandler):
    __slots__ = ()

    def prompt(self, game: Game) -> str:
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
