"""What happened: the events that :meth:`spades.game.Game.apply` returns.

``events = game.apply("QH")`` is a tuple of the events of that one action,
oldest first: the action itself (``CardPlayed``, ``BidMade``...) and what it
caused (``SpadesBroken``, ``TrickWon``, ``HandScored``, ``HandDealt`` or
``GameOver``).  Front ends draw and narrate from the events instead of
comparing the game before and after (see :mod:`spades.narrate`).

Events are written for the *table*: the few that involve hidden cards (a
blind-nil exchange, a two-player draw or redraw) carry those cards, which only
some seats may see.  A server must send each seat ``for_seat(event, seat)``,
which removes the cards that seat may not know; every other event is public
as it stands.

>>> from spades import Game, Rules
>>> game = Game(Rules.preset("openspiel"), seed=1)
>>> game.apply(game.legal_actions()[3])
(BidMade(seat=0, bid=Bid(3)),)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Final

from .bids import Bid
from .cards import Card, CardSet
from .view import HandSummary

__all__ = [
    "BidMade",
    "CardPlayed",
    "Drawn",
    "Event",
    "ExchangePassed",
    "GameOver",
    "HandDealt",
    "HandScored",
    "Looked",
    "PlayStarted",
    "Redrawn",
    "SpadesBroken",
    "TrickWon",
    "for_seat",
]


@dataclass(frozen=True, slots=True)
class Event:
    """The base class of every event."""


@dataclass(frozen=True, slots=True)
class Looked(Event):
    """``seat`` looked at its cards instead of bidding blind nil."""

    seat: int


@dataclass(frozen=True, slots=True)
class BidMade(Event):
    """``seat`` bid ``bid`` (a blind nil is a bid with ``bid.blind``)."""

    seat: int
    bid: Bid


@dataclass(frozen=True, slots=True)
class ExchangePassed(Event):
    """In a blind-nil exchange ``giver`` passed ``count`` cards to ``receiver``.

    ``cards`` is known to the giver and the receiver only; :func:`for_seat`
    gives the other seats ``cards=None``.
    """

    giver: int
    receiver: int
    count: int
    cards: CardSet | None


@dataclass(frozen=True, slots=True)
class Drawn(Event):
    """Two-player draw: ``seat`` kept (``kept``) or rejected the card it was shown.

    ``card`` joined the seat's hand and ``discarded`` went to the discard pile;
    both are known to ``seat`` only (``None`` for the other seat).
    """

    seat: int
    kept: bool
    card: Card | None
    discarded: Card | None


@dataclass(frozen=True, slots=True)
class Redrawn(Event):
    """Two-player blind nil: ``seat`` swapped ``count`` cards with the discard pile.

    ``discarded`` and ``taken`` are known to ``seat`` only (``None`` for the other).
    """

    seat: int
    count: int
    discarded: CardSet | None
    taken: CardSet | None


@dataclass(frozen=True, slots=True)
class PlayStarted(Event):
    """Bidding (and any exchange or redraw) is over; ``leader`` leads the first trick."""

    leader: int


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    """``seat`` played ``card`` to the current trick."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class SpadesBroken(Event):
    """The hand's first spade was played (by ``seat``): spades may now be led."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class TrickWon(Event):
    """``winner`` won trick ``number`` (1 for the hand's first) led by ``leader``.

    ``cards`` are the trick's cards in play order, starting with the leader's.
    """

    winner: int
    cards: tuple[Card, ...]
    leader: int
    number: int


@dataclass(frozen=True, slots=True)
class HandScored(Event):
    """A hand ended; ``summary`` is its result (also ``game.history[-1]``)."""

    summary: HandSummary


@dataclass(frozen=True, slots=True)
class HandDealt(Event):
    """Hand ``number`` (0 for the first) begins with ``dealer`` dealing (two-player:
    drawing first).  The constructor deals the first hand; this event marks each
    later one."""

    number: int
    dealer: int


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """The game ended: ``winner`` is the winning side, or ``None`` for a draw."""

    winner: int | None
    scores: tuple[int, ...]


def _trick_won_maker() -> Callable[[int, tuple[Card, ...], int, int], TrickWon]:
    new = object.__new__
    set_winner, set_cards, set_leader, set_number = (
        TrickWon.__dict__[f].__set__ for f in ("winner", "cards", "leader", "number")
    )

    def make(winner: int, cards: tuple[Card, ...], leader: int, number: int) -> TrickWon:
        event: TrickWon = new(TrickWon)
        set_winner(event, winner)
        set_cards(event, cards)
        set_leader(event, leader)
        set_number(event, number)
        return event

    return make


#: ``make_trick_won(winner, cards, leader, number)`` equals ``TrickWon(...)`` and is
#: a third faster: it fills the frozen slots through their descriptors (the engine
#: makes one per trick; tests/test_events.py compares the two)
make_trick_won: Final = _trick_won_maker()


def for_seat(event: Event, seat: int) -> Event:
    """``event`` as ``seat`` may see it: hidden cards of other seats removed."""
    if isinstance(event, ExchangePassed):
        if seat in (event.giver, event.receiver) or event.cards is None:
            return event
        return replace(event, cards=None)
    if isinstance(event, Drawn):
        if seat == event.seat or event.card is None:
            return event
        return replace(event, card=None, discarded=None)
    if isinstance(event, Redrawn):
        if seat == event.seat or event.taken is None:
            return event
        return replace(event, discarded=None, taken=None)
    return event


# Every (seat, card) play, made once: the engine returns these tuples as they are,
# so playing a card allocates no event.
# Every card id, the jokers (52, 53) included; PLAYED_BREAKING has the pair for every card,
# as the deck decides which cards are spades (the 2 of diamonds in the deuces decks).
_ALL: Final = tuple(Card(c) for c in range(54))
PLAYED: Final[tuple[tuple[tuple[CardPlayed], ...], ...]] = tuple(
    tuple((CardPlayed(s, _ALL[c]),) for c in range(54)) for s in range(4)
)
PLAYED_BREAKING: Final[tuple[tuple[tuple[CardPlayed, SpadesBroken], ...], ...]] = tuple(
    tuple((CardPlayed(s, _ALL[c]), SpadesBroken(s, _ALL[c])) for c in range(54)) for s in range(4)
)
