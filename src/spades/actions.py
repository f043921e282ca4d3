"""Actions and their notation.

An action is one of:

* a :class:`~spades.cards.Card` - play it (``'QH'`` or ``'play QH'``);
* a :class:`~spades.bids.Bid` - ``'bid 4'``, ``'nil'``; ``'blind nil'`` is also the
  choice made before looking at one's cards;
* a :class:`Choice` - ``'look'`` (decline blind nil), ``'keep'`` / ``'reject'`` (two-player draw);
* :class:`Pass` - the blind-nil exchange, ``'pass 2C 3D 4H'``;
* :class:`Discard` - the two-player blind-nil redraw, ``'discard 2C 3D'`` or ``'discard'``.

``str(action)`` is always notation that :func:`parse_action` reads back.

Integer ids (a fixed action space, as OpenSpiel uses): cards 0-51, bids
``52 + tricks`` (52-69, nil is 52), blind nil 70, look 71, keep 72, reject 73.
Passes and discards are sets of cards and have no single id.
"""

from __future__ import annotations

from enum import Enum
from typing import Final, TypeAlias

from .bids import Bid
from .cards import Card, CardSet, mask_of, parse_cards
from .errors import ErrorCode, NotationError

__all__ = [
    "KEEP",
    "LOOK",
    "REJECT",
    "Action",
    "Choice",
    "Discard",
    "Pass",
    "action_from_id",
    "action_id",
    "parse_action",
]


class Choice(Enum):
    """Decisions that carry no cards or numbers."""

    LOOK = "look"
    KEEP = "keep"
    REJECT = "reject"

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"Choice.{self.name}"


LOOK: Final = Choice.LOOK
KEEP: Final = Choice.KEEP
REJECT: Final = Choice.REJECT


class _CardsAction:
    """An action that names a set of cards."""

    __slots__ = ("cards",)
    verb = ""
    cards: CardSet

    def __init__(self, cards: CardSet | str | list[Card] | tuple[Card, ...] | int) -> None:
        if isinstance(cards, str):
            cards = CardSet(mask_of(parse_cards(cards)))
        object.__setattr__(self, "cards", cards if isinstance(cards, CardSet) else CardSet(cards))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __str__(self) -> str:
        cards = " ".join(str(c) for c in self.cards)
        return f"{self.verb} {cards}" if cards else self.verb

    def __repr__(self) -> str:
        return f"{type(self).__name__}({' '.join(str(c) for c in self.cards)!r})"

    def __eq__(self, other: object) -> bool:
        if type(other) is type(self):
            return self.cards == other.cards
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.verb, self.cards.mask))

    def __reduce__(self) -> tuple[type[_CardsAction], tuple[int]]:
        return (type(self), (self.cards.mask,))


class Pass(_CardsAction):
    """Cards passed in the blind-nil exchange: ``Pass('2C 3D 4H')``."""

    __slots__ = ()
    verb = "pass"


class Discard(_CardsAction):
    """Cards given up in the two-player blind-nil redraw (possibly none)."""

    __slots__ = ()
    verb = "discard"


Action: TypeAlias = Card | Bid | Choice | Pass | Discard

_CHOICES: Final = {c.value: c for c in Choice}


def parse_action(text: str) -> Action:
    """Read action notation (case does not matter).

    >>> parse_action("bid 4"), parse_action("QH"), parse_action("play 10h")
    (Bid(4), Card.parse('QH'), Card.parse('TH'))
    >>> parse_action("pass 2c 3d 4h")
    Pass('2C 3D 4H')
    """
    if not isinstance(text, str):
        raise NotationError(
            f"an action must be text like 'bid 4' or 'QH', not {type(text).__name__}",
            code=ErrorCode.ACTION_NOT_TEXT,
            params={"type": type(text).__name__},
        )
    words = text.strip().split()
    if not words:
        raise NotationError(
            "say what to do: e.g. 'bid 4', 'nil', or a card like 'QH'", code=ErrorCode.EMPTY_ACTION
        )
    head = words[0].lower()
    if head in _CHOICES and len(words) == 1:
        return _CHOICES[head]
    if head == "play":
        if len(words) != 2:
            raise NotationError("say which card to play, e.g. 'play QH'", code=ErrorCode.PLAY_WHICH_CARD)
        return Card.parse(words[1])
    if head in ("pass", "discard"):
        cards = [Card.parse(w) for w in " ".join(words[1:]).replace(",", " ").split()]
        mask = mask_of(cards)
        return Pass(mask) if head == "pass" else Discard(mask)
    if head in ("bid", "nil", "blind", "bn", "double") or (head.isascii() and head.isdigit()):
        return Bid.parse(text)
    if len(words) == 1:
        try:
            return Card.parse(words[0])
        except NotationError:
            pass
    raise NotationError(
        f"{text!r} is not something you can do: try 'bid 4', 'nil', 'blind nil', 'look', "
        "a card like 'QH', 'pass 2C 3D 4H', 'keep', 'reject' or 'discard 2C'",
        code=ErrorCode.UNKNOWN_ACTION,
        params={"text": repr(text)},
    )


BID_BASE: Final = 52
#: the largest bid with an integer id: the fixed action space predates the 18-card hands
#: of three players with the jokers (whose card ids 52 and 53 have no id here either)
ID_MAX_BID: Final = 17
BLIND_NIL_ID: Final = BID_BASE + ID_MAX_BID + 1
LOOK_ID: Final = BLIND_NIL_ID + 1
KEEP_ID: Final = LOOK_ID + 1
REJECT_ID: Final = KEEP_ID + 1
_CHOICE_IDS: Final = {Choice.LOOK: LOOK_ID, Choice.KEEP: KEEP_ID, Choice.REJECT: REJECT_ID}


def action_id(action: Action) -> int:
    """The integer id of a single-valued action (see the module docstring)."""
    if isinstance(action, Card):
        if action.is_joker:
            raise ValueError(f"the {action} (a joker) has no integer id in this action space")
        return int(action)
    if isinstance(action, Bid):
        if action.is_blind_bid:
            raise ValueError(f"{action} (a blind bid for the side) has no integer id in this action space")
        if action.tricks > ID_MAX_BID:
            raise ValueError(f"{action} has no integer id in this action space (bids go up to {ID_MAX_BID})")
        return BLIND_NIL_ID if action.blind else BID_BASE + action.tricks
    if isinstance(action, Choice):
        return _CHOICE_IDS[action]
    raise ValueError(f"{action} has no single integer id (it names a set of cards)")


def action_from_id(value: int) -> Action:
    """The inverse of :func:`action_id`."""
    if 0 <= value < BID_BASE:
        return Card(value)
    if BID_BASE <= value < BLIND_NIL_ID:
        return Bid(value - BID_BASE)
    if value == BLIND_NIL_ID:
        return Bid.blind_nil()
    for choice, cid in _CHOICE_IDS.items():
        if cid == value:
            return choice
    raise ValueError(f"{value} is not an action id")
