"""What one seat may know: the input of every computer player and client.

A :class:`View` is built by :meth:`spades.game.Game.view`; it holds the seat's own
cards (once looked at), everything public (bids, cards played, tricks won, scores
and bags) and the private facts the seat learned (cards it passed or received,
its own discards in the two-player draw, the card it is shown while drawing).
It never holds another seat's hidden cards.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, NamedTuple

from .actions import Action
from .bids import Bid
from .cards import Card, CardSet
from .core.deck import Deck, rules_deck
from .rules import Rules

__all__ = ["HandSummary", "Phase", "TrickRecord", "View"]


class Phase(StrEnum):
    """The phases of a hand.  ``phase.value`` is its short name, and a phase equals
    its name (``Phase.PLAY == "play"``), so code that compares names keeps working."""

    #: two-player: keep or reject the top card of the stock
    DRAW = "draw"
    #: choose ``blind nil`` or ``look`` before seeing one's cards
    BLIND = "blind"
    BID = "bid"
    #: four-handed: partners exchange cards after a blind nil
    EXCHANGE = "exchange"
    #: two-player: a blind-nil player swaps up to three cards with the discard pile
    REDRAW = "redraw"
    PLAY = "play"
    OVER = "over"


class TrickRecord(NamedTuple):
    """A completed trick: who led, the cards in play order, who won."""

    leader: int
    cards: tuple[Card, ...]
    winner: int

    def seats(self, num_seats: int) -> tuple[int, ...]:
        """The seat that played each card."""
        return tuple((self.leader + i) % num_seats for i in range(len(self.cards)))


class HandSummary(NamedTuple):
    """The public result of a finished hand."""

    number: int
    dealer: int
    #: None for a seat that made no bid (its partner bid blind for the side)
    bids: tuple[Bid | None, ...]
    tricks: tuple[int, ...]
    points: tuple[int, ...]
    bags: tuple[int, ...]
    scores: tuple[int, ...]
    nil_made: tuple[bool | None, ...]
    made: tuple[bool | None, ...]
    bag_penalties: tuple[int, ...]
    boston: tuple[bool, ...]


@dataclass(frozen=True)
class View:
    """One seat's knowledge at one moment.  Tuples over seats are indexed by seat,
    tuples over sides by side."""

    seat: int
    rules: Rules
    #: a :class:`Phase` (equal to its name, e.g. ``"play"``)
    phase: Phase
    to_act: int | None
    dealer: int
    hand_number: int
    #: this seat's cards, or None while it has not looked (blind nil still open)
    hand: CardSet | None
    #: how many cards each seat holds
    hand_sizes: tuple[int, ...]
    bids: tuple[Bid | None, ...]
    tricks_won: tuple[int, ...]
    #: the trick in progress as (seat, card) in play order
    trick: tuple[tuple[int, Card], ...]
    leader: int | None
    tricks: tuple[TrickRecord, ...]
    spades_broken: bool
    scores: tuple[int, ...]
    bags: tuple[int, ...]
    hands_played: int
    #: may this seat still choose blind nil (it has not looked)?
    blind_nil_open: bool
    #: cards this seat passed / received in the blind-nil exchange
    passed: CardSet = CardSet()
    received: CardSet = CardSet()
    #: two-player: cards this seat put on the discard pile (draw and redraw)
    discards: CardSet = CardSet()
    #: two-player: cards this seat took from the discard pile in its redraw
    redrawn: CardSet = CardSet()
    #: two-player: how many cards each seat exchanged with the pile in a redraw
    redraw_counts: tuple[int, ...] = ()
    #: two-player: the card shown to this seat while it is drawing
    draw_card: Card | None = None
    #: two-player: cards left in the stock
    stock_left: int = 0
    #: the seat passing / receiving in the exchange now under way
    exchange: tuple[int, int] | None = None
    #: how many cards pass each way in that exchange (blind-nil or nil exchange; 0 when none)
    exchange_size: int = 0
    legal: tuple[Action, ...] = ()
    history: tuple[HandSummary, ...] = ()
    is_over: bool = False
    winner: int | None = None
    extra: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def legal_actions(self) -> list[Action]:
        """The legal actions of this seat now (empty when it is not to act)."""
        return list(self.legal)

    @property
    def side(self) -> int:
        return self.rules.side_of(self.seat)

    @property
    def partner(self) -> int | None:
        return self.rules.partner_of(self.seat)

    @property
    def played(self) -> CardSet:
        """Every card played so far this hand (completed tricks and the current one)."""
        mask = 0
        for t in self.tricks:
            for c in t.cards:
                mask |= 1 << c
        for _, c in self.trick:
            mask |= 1 << c
        return CardSet(mask)

    @property
    def deck(self) -> Deck:
        """The pack of this table (``rules.deck``): each card's play suit and power, the
        trumps (``deck.trumps``, jokers and the deuces' 2 of diamonds included)."""
        return rules_deck(self.rules)

    @property
    def led_suit(self) -> int | None:
        """The play suit led to the trick in progress (a joker or the deuces' 2D: spades)."""
        return self.deck.suit_of[self.trick[0][1]] if self.trick else None
