"""Cards, suits, ranks and sets of cards.

A card is identified by ``id = suit * 13 + rank`` with suits clubs 0, diamonds 1,
hearts 2, spades 3 and ranks 2..A as 0..12 (the same numbering as OpenSpiel's
spades actions 0-51).  :class:`Card` is an ``int`` subclass with one shared
instance per card, so cards are cheap to compare, hash and use as indices.

A set of cards is a 52-bit integer (bit ``id`` set when the card is present);
:class:`CardSet` wraps it in a friendly, immutable type.

>>> Card.parse("QH")
Card.parse('QH')
>>> int(Card.parse("10h")), str(Card.parse("Q♥"))
(34, 'QH')
>>> hand = CardSet.parse("AKQ2.J.T98.765")
>>> len(hand), str(hand)
(11, 'AKQ2.J.T98.765')
>>> Card.parse("AS") in hand
True
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from enum import IntEnum
from typing import Final, SupportsIndex, TypeAlias

from .errors import ErrorCode, NotationError
from .i18n import get_language

__all__ = [
    "BIG_JOKER",
    "FULL_DECK",
    "LITTLE_JOKER",
    "LOCAL_RANKS",
    "NUM_CARD_IDS",
    "SUIT_MASKS",
    "Card",
    "CardLike",
    "CardSet",
    "Rank",
    "Suit",
    "cards_of_mask",
    "mask_of",
    "parse_cards",
]

NUM_CARDS: Final = 52
RANKS_PER_SUIT: Final = 13
#: the jokers of the joker decks (RULES.md section 7): spades above the ace, ids 52 and 53
LITTLE_JOKER: Final = 52
BIG_JOKER: Final = 53
NUM_CARD_IDS: Final = 54


class Suit(IntEnum):
    """The four suits, in card-id order.  Spades are always trump."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """``'C'``, ``'D'``, ``'H'`` or ``'S'``."""
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        """The Unicode suit symbol."""
        return "♣♦♥♠"[self]

    @property
    def plural(self) -> str:
        """The suit's name in lower case, as used in messages (``'hearts'``)."""
        return self.name.lower()

    @classmethod
    def parse(cls, text: str) -> Suit:
        """A suit from a letter, a symbol or a name (any case)."""
        key = text.strip().upper()
        if key in _SUIT_BY_TEXT:
            return _SUIT_BY_TEXT[key]
        raise NotationError(
            f"{text!r} is not a suit: use C, D, H or S (or ♣ ♦ ♥ ♠)",
            code=ErrorCode.NOT_A_SUIT,
            params={"text": repr(text)},
        )

    def __str__(self) -> str:
        return self.letter


class Rank(IntEnum):
    """Card ranks, 2 low and ace high."""

    TWO = 0
    THREE = 1
    FOUR = 2
    FIVE = 3
    SIX = 4
    SEVEN = 5
    EIGHT = 6
    NINE = 7
    TEN = 8
    JACK = 9
    QUEEN = 10
    KING = 11
    ACE = 12

    @property
    def char(self) -> str:
        """One character: ``'2'``-``'9'``, ``'T'``, ``'J'``, ``'Q'``, ``'K'``, ``'A'``."""
        return _RANK_CHARS[self]

    @classmethod
    def parse(cls, text: str) -> Rank:
        """A rank from ``2``-``9``, ``T``/``10``, ``J``, ``Q``, ``K`` or ``A`` (any case)."""
        key = text.strip().upper()
        if key in _RANK_BY_TEXT:
            return cls(_RANK_BY_TEXT[key])
        local = LOCAL_RANKS.get(get_language(), {})
        if key in local:
            return cls(local[key])
        raise NotationError(
            f"{text!r} is not a rank: ranks are 2-9, T/10, J, Q, K, A",
            code=ErrorCode.NOT_A_RANK,
            params={"text": repr(text)},
        )

    def __str__(self) -> str:
        return self.char


_RANK_CHARS: Final = "23456789TJQKALB"
_RANK_BY_TEXT: Final = {c: i for i, c in enumerate(_RANK_CHARS[:13])} | {"10": 8}
_SUIT_BY_TEXT: Final = {
    **{c: Suit(i) for i, c in enumerate("CDHS")},
    **{c: Suit(i) for i, c in enumerate("♣♦♥♠")},
    **{c: Suit(i) for i, c in enumerate("♧♢♡♤")},
    **{s.name: s for s in Suit},
    **{s.name[:-1]: s for s in Suit},
}
#: The rank letters the players of each language write for the court cards and the
#: ace, accepted (besides ``J Q K A``) when that language is in use; see docs/i18n.md.
LOCAL_RANKS: Final[dict[str, dict[str, int]]] = {
    "ru": {"В": 9, "Д": 10, "К": 11, "Т": 12},  # валет, дама, король, туз
    "bg": {"В": 9, "Д": 10, "П": 11, "К": 11, "А": 12},  # вале, дама, поп (крал), асо
    "mk": {"Ж": 9, "Д": 10, "К": 11, "П": 11, "А": 12},  # жандар, дама, крал (поп), ас
    "is": {"G": 9, "D": 10, "K": 11, "Á": 12},  # gosi, drottning, kóngur, ás
    "hy": {"Վ": 9, "Դ": 10, "Կ": 11, "Տ": 12},  # վալետ, դամա, կառոլ, տուզ
}
_CARD_ERROR: Final = "{!r} is not a card: ranks are 2-9, T/10, J, Q, K, A; suits C, D, H, S"


class Card(int):
    """One playing card; ``int(card)`` is its id (``suit * 13 + rank``).

    ``Card(38)`` and ``Card.parse("KH")`` return the same shared instance.  The jokers of
    the joker decks are ``Card(52)`` (``LJ``) and ``Card(53)`` (``BJ``): spades above the
    ace, with no :attr:`rank`.

    >>> Card.parse("big joker"), Card(52).suit, Card.parse("JB").is_joker
    (Card.parse('BJ'), <Suit.SPADES: 3>, True)
    """

    __slots__ = ()

    def __new__(cls, card_id: SupportsIndex) -> Card:
        try:
            index = card_id.__index__()
        except AttributeError:
            raise TypeError(f"a card id must be an integer, not {type(card_id).__name__}") from None
        if 0 <= index < NUM_CARD_IDS:
            return _CARDS[index]
        raise ValueError(f"card id {index} is out of range 0-53")

    @classmethod
    def _make(cls, card_id: int) -> Card:
        return int.__new__(cls, card_id)

    @classmethod
    def of(cls, rank: Rank | int, suit: Suit | int) -> Card:
        """The card of this rank and suit."""
        return _CARDS[int(suit) * RANKS_PER_SUIT + int(rank)]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse ``'QH'``, ``'10h'``, ``'q♥'``, ``'TD'``... (rank then suit).

        Raises :class:`~spades.errors.NotationError` with a helpful message
        for anything else.
        """
        if not isinstance(text, str):
            raise NotationError(
                f"a card must be given as text like 'QH', not {type(text).__name__}",
                code=ErrorCode.CARD_NOT_TEXT,
                params={"type": type(text).__name__},
            )
        key = text.strip().upper()
        found = _CARD_BY_TEXT.get(key)
        if found is None:
            found = _local_card(key)
        if found is None:
            raise NotationError(
                _CARD_ERROR.format(text), code=ErrorCode.NOT_A_CARD, params={"text": repr(text)}
            )
        return found

    @property
    def suit(self) -> Suit:
        """The suit printed on the card (a joker is a spade); a deck may play a card as
        another suit (:attr:`spades.core.deck.Deck.suit_of`)."""
        return _SUITS[min(int(self) // RANKS_PER_SUIT, 3)]

    @property
    def rank(self) -> Rank:
        """The rank (a joker has none: check :attr:`is_joker` first)."""
        if self >= LITTLE_JOKER:
            raise ValueError(f"the {_CARD_STRS[int(self)]} (a joker) has no rank")
        return _RANKS[int(self) % RANKS_PER_SUIT]

    @property
    def is_joker(self) -> bool:
        return self >= LITTLE_JOKER

    @property
    def mask(self) -> int:
        """This card as a one-bit card-set integer."""
        return 1 << int(self)

    def unicode(self) -> str:
        """Rank and suit symbol, e.g. ``'Q♥'`` (a joker: ``'BJ'``, ``'LJ'``)."""
        if self >= LITTLE_JOKER:
            return _CARD_STRS[int(self)]
        return self.rank.char + self.suit.symbol

    def __str__(self) -> str:
        return _CARD_STRS[int(self)]

    def __repr__(self) -> str:
        return f"Card.parse({_CARD_STRS[int(self)]!r})"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (int(self),))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self


_SUITS: Final = tuple(Suit)
_RANKS: Final = tuple(Rank)
_CARDS: Final[tuple[Card, ...]] = tuple(Card._make(i) for i in range(NUM_CARD_IDS))
_CARD_STRS: Final = (*tuple(_RANK_CHARS[i % 13] + "CDHS"[i // 13] for i in range(NUM_CARDS)), "LJ", "BJ")
_CARD_BY_TEXT: dict[str, Card] = {
    text: _CARDS[card]
    for card, names in ((LITTLE_JOKER, ("LJ", "JL", "LITTLE JOKER")), (BIG_JOKER, ("BJ", "JB", "BIG JOKER")))
    for text in names
}
for _c in _CARDS[:NUM_CARDS]:
    for _r in [_RANK_CHARS[_c % 13]] + (["10"] if _c % 13 == 8 else []):
        for _s in "CDHS♣♦♥♠♧♢♡♤"[_c // 13 :: 4]:
            _CARD_BY_TEXT[_r + _s] = _c
del _c, _r, _s

#: the 52 cards of the standard pack, by id (the jokers: ``Card(52)``, ``Card(53)``)
ALL_CARDS: Final = _CARDS[:NUM_CARDS]


def _local_card(key: str) -> Card | None:
    """The card ``key`` (upper case) names with the rank letters of the language in use
    (``'ДH'`` is the queen of hearts in Russian), or None."""
    local = LOCAL_RANKS.get(get_language())
    if not local or len(key) < 2:
        return None
    rank = local.get(key[:-1])
    suit = _SUIT_BY_TEXT.get(key[-1]) if len(key[-1]) == 1 else None
    if rank is None or suit is None:
        return None
    return _CARDS[int(suit) * RANKS_PER_SUIT + rank]


FULL_DECK: Final = (1 << NUM_CARDS) - 1
#: the 13 cards of each suit of the standard pack (a pack's play suits, jokers included:
#: :attr:`spades.core.deck.Deck.suit_masks`)
SUIT_MASKS: Final = tuple(((1 << RANKS_PER_SUIT) - 1) << (RANKS_PER_SUIT * s) for s in range(4))
SPADES_MASK: Final = SUIT_MASKS[3]
NON_SPADES_MASK: Final = FULL_DECK & ~SPADES_MASK

CardLike: TypeAlias = Card | str | int


def to_card(value: CardLike) -> Card:
    """A :class:`Card` from a card, its notation or its id."""
    if type(value) is Card:
        return value
    if isinstance(value, str):
        return Card.parse(value)
    if isinstance(value, int) and not isinstance(value, bool):
        if 0 <= value < NUM_CARD_IDS:
            return _CARDS[value]
        raise NotationError(
            f"card id {value} is out of range 0-53", code=ErrorCode.CARD_ID_RANGE, params={"value": value}
        )
    raise NotationError(
        f"{value!r} is not a card", code=ErrorCode.NOT_A_CARD_VALUE, params={"value": repr(value)}
    )


def mask_of(cards: Iterable[CardLike]) -> int:
    """The card-set integer of some cards (duplicates are an error)."""
    mask = 0
    for value in cards:
        card = to_card(value)
        bit = 1 << card
        if mask & bit:
            raise NotationError(
                f"{card} is given twice", code=ErrorCode.CARD_TWICE, params={"card": str(card)}
            )
        mask |= bit
    return mask


def cards_of_mask(mask: int) -> list[Card]:
    """The cards of a card-set integer, lowest id first."""
    out = []
    cards = _CARDS
    while mask:
        low = mask & -mask
        out.append(cards[low.bit_length() - 1])
        mask ^= low
    return out


def parse_cards(text: str) -> list[Card]:
    """Cards separated by spaces or commas: ``'AS KH 10d'``."""
    if not isinstance(text, str):
        raise NotationError("cards must be given as text like 'AS KH 10D'", code=ErrorCode.CARDS_NOT_TEXT)
    parts = text.replace(",", " ").split()
    return [Card.parse(p) for p in parts]


def _hand_string(mask: int) -> str:
    """Spades first (the jokers lead them as ``B`` and ``L``), each suit high to low."""
    groups = []
    for suit in (3, 2, 1, 0):
        top = 14 if suit == 3 else 12
        bits = (mask >> (13 * suit)) & (0x7FFF if suit == 3 else 0x1FFF)
        groups.append("".join(_RANK_CHARS[r] for r in range(top, -1, -1) if bits >> r & 1))
    return ".".join(groups)


class CardSet:
    """An immutable set of cards stored as a 52-bit integer (54 with the jokers).

    Iteration yields cards in id order (clubs first, low to high).
    ``str()`` gives the PBN-like hand string ``spades.hearts.diamonds.clubs``,
    highest rank first, and ``repr()`` can be pasted back.
    """

    __slots__ = ("mask",)
    mask: int

    def __init__(self, cards: Iterable[CardLike] | int | CardSet = 0) -> None:
        if isinstance(cards, CardSet):
            value = cards.mask
        elif isinstance(cards, int) and not isinstance(cards, (bool, Card)):
            if not 0 <= cards < 1 << NUM_CARD_IDS:
                raise ValueError("a card-set integer must be between 0 and 2**54 - 1")
            value = cards
        elif isinstance(cards, str):
            value = mask_of(parse_cards(cards))
        else:
            value = mask_of(cards)  # type: ignore[arg-type]
        object.__setattr__(self, "mask", value)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("CardSet is immutable")

    @classmethod
    def parse(cls, text: str) -> CardSet:
        """Parse a hand string (``'AKQ2.J.T98.765'``, spades first) or a card list (``'AS KH'``).

        A hand string has exactly four dot-separated groups; ``-`` marks a void.
        """
        if not isinstance(text, str):
            raise NotationError(
                "a hand must be given as text like 'AKQ2.J.T98.765'", code=ErrorCode.HAND_NOT_TEXT
            )
        stripped = text.strip()
        if "." not in stripped:
            return cls(mask_of(parse_cards(stripped)))
        groups = stripped.split(".")
        if len(groups) != 4:
            raise NotationError(
                f"{text!r} is not a hand: write four suits separated by dots, "
                "spades.hearts.diamonds.clubs, e.g. 'AKQ2.J.T98.765'",
                code=ErrorCode.NOT_A_HAND,
                params={"text": repr(text)},
            )
        mask = 0
        for suit, group in zip((3, 2, 1, 0), groups):
            g = group.strip().upper().replace("10", "T")
            if g in ("", "-"):
                continue
            for ch in g:
                if suit == 3 and ch in "LB":
                    joker = LITTLE_JOKER if ch == "L" else BIG_JOKER
                    if mask >> joker & 1:
                        raise NotationError(
                            f"{_CARD_STRS[joker]} is given twice",
                            code=ErrorCode.CARD_TWICE,
                            params={"card": _CARD_STRS[joker]},
                        )
                    mask |= 1 << joker
                    continue
                if ch not in _RANK_BY_TEXT:
                    raise NotationError(
                        f"{ch!r} in {text!r} is not a rank: ranks are 2-9, T/10, J, Q, K, A",
                        code=ErrorCode.HAND_BAD_RANK,
                        params={"char": repr(ch), "text": repr(text)},
                    )
                bit = 1 << (suit * 13 + _RANK_BY_TEXT[ch])
                if mask & bit:
                    raise NotationError(
                        f"{_CARD_STRS[suit * 13 + _RANK_BY_TEXT[ch]]} is given twice",
                        code=ErrorCode.CARD_TWICE,
                        params={"card": _CARD_STRS[suit * 13 + _RANK_BY_TEXT[ch]]},
                    )
                mask |= bit
        return cls(mask)

    def __iter__(self) -> Iterator[Card]:
        return iter(cards_of_mask(self.mask))

    def __reversed__(self) -> Iterator[Card]:
        return reversed(cards_of_mask(self.mask))

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return self.mask != 0

    def __contains__(self, card: object) -> bool:
        if isinstance(card, int) and not isinstance(card, bool) and 0 <= card < NUM_CARD_IDS:
            return bool(self.mask >> card & 1)
        if isinstance(card, str):
            try:
                return bool(self.mask >> Card.parse(card) & 1)
            except NotationError:
                return False
        return False

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CardSet):
            return self.mask == other.mask
        return NotImplemented

    def __hash__(self) -> int:
        return hash(("CardSet", self.mask))

    def _coerce(self, other: object) -> int:
        if isinstance(other, CardSet):
            return other.mask
        raise TypeError("expected a CardSet")

    def __or__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask | self._coerce(other))

    def __and__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & self._coerce(other))

    def __sub__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & ~self._coerce(other))

    def __xor__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask ^ self._coerce(other))

    def __le__(self, other: CardSet) -> bool:
        return self.mask & ~self._coerce(other) == 0

    def __ge__(self, other: CardSet) -> bool:
        return self._coerce(other) & ~self.mask == 0

    def suit(self, suit: Suit | int) -> CardSet:
        """The cards of one suit."""
        return CardSet(self.mask & SUIT_MASKS[int(suit)])

    def count(self, suit: Suit | int) -> int:
        """How many cards of one suit."""
        return (self.mask & SUIT_MASKS[int(suit)]).bit_count()

    def sorted(self) -> list[Card]:
        """Cards as shown in a hand: spades, hearts, diamonds, clubs, high to low."""
        return sorted(self, key=_display_key)

    def __str__(self) -> str:
        return _hand_string(self.mask)

    def __repr__(self) -> str:
        return f"CardSet.parse({_hand_string(self.mask)!r})"


def _display_key(card: Card) -> tuple[int, int]:
    return (-(int(card) // 13), -(int(card) % 13))


def hand_string(mask: int) -> str:
    """The hand string (spades.hearts.diamonds.clubs) of a card-set integer."""
    return _hand_string(mask)
