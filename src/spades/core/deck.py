"""The pack a table plays with, and how its cards rank (RULES.md sections 1 and 7).

A :class:`Deck` is the one description of a pack that every part of the package reads:
which card ids are in it, each card's *play suit* (the suit it follows and counts as:
jokers and, in the deuces decks, the 2 of diamonds are spades) and its *power* within that
suit (higher wins).  For the standard pack these are ``id // 13`` and ``id % 13``, so code
written for the standard pack and code written against a :class:`Deck` agree there.

>>> d = deck_of("jokers-deuces")
>>> [str(Card(c)) for c in d.ranked[3][:5]]
['BJ', 'LJ', '2D', '2S', 'AS']
>>> len(d.cards), d.suit_of[13], d.lowest_club
(52, 3, 1)
>>> [len(d.ranked[s]) for s in range(4)]
[12, 12, 12, 16]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Final

from ..cards import BIG_JOKER, LITTLE_JOKER, NUM_CARD_IDS, Card
from ..rules import DECKS

if TYPE_CHECKING:
    from ..rules import Rules

__all__ = ["DECKS", "Deck", "deck_cards", "deck_mask", "deck_of", "rules_deck"]

_TWO_CLUBS, _TWO_DIAMONDS, _TWO_HEARTS, _TWO_SPADES = 0, 13, 26, 39

#: per deck: (cards removed for four and two players, cards added, the trumps above the ace
#: lowest first); three players with jokers keep every card (54), with another pack they
#: drop the 2 of clubs as usual
_SHAPES: Final[dict[str, tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]]] = {
    "standard": ((), (), ()),
    "jokers": ((_TWO_CLUBS, _TWO_DIAMONDS), (LITTLE_JOKER, BIG_JOKER), (LITTLE_JOKER, BIG_JOKER)),
    "jokers-deuces": (
        (_TWO_CLUBS, _TWO_HEARTS),
        (LITTLE_JOKER, BIG_JOKER),
        (_TWO_SPADES, _TWO_DIAMONDS, LITTLE_JOKER, BIG_JOKER),
    ),
    "deuces": ((), (), (_TWO_SPADES, _TWO_DIAMONDS)),
}


@dataclass(frozen=True, slots=True)
class Deck:
    """One pack and its order.  Tuples indexed by card id (0-53) give ``-1`` for a card
    not in the pack."""

    name: str
    cards: tuple[int, ...]
    """The card ids in the pack, lowest id first (the order the deal shuffles)."""
    mask: int
    suit_of: tuple[int, ...]
    """The play suit of each card id (0 clubs ... 3 spades, the trump suit)."""
    power: tuple[int, ...]
    """Each card's order within its play suit: higher beats lower."""
    suit_masks: tuple[int, int, int, int]
    ranked: tuple[tuple[int, ...], ...]
    """The cards of each play suit, highest first."""
    lowest_club: int
    """The club that leads the first trick under ``first_lead = "two-of-clubs"``."""
    lead_powers: tuple[tuple[int, ...], ...]
    """``lead_powers[led][card]``: how strongly a card bids for a trick led in play suit
    ``led`` (the highest wins; -1 for a card that cannot win it, off suit or not in the
    pack).  Distinct for the cards that can win, so only cards at -1 tie."""
    non_trumps: int
    """The cards of the pack that are not trumps, as a mask (what an unbroken lead keeps to)."""

    @property
    def trumps(self) -> int:
        """The trump suit (every card that plays as a spade) as a mask."""
        return self.suit_masks[3]

    @property
    def standard(self) -> bool:
        """Is this the standard pack order (``suit = id // 13``, ``power = id % 13``)?"""
        return self.name == "standard" and len(self.cards) == 52

    def beats(self, card: int, best: int) -> bool:
        """Does ``card`` beat ``best``, the card winning the trick so far?"""
        suit = self.suit_of[card]
        if suit == self.suit_of[best]:
            return self.power[card] > self.power[best]
        return suit == 3

    def trick_winner(self, cards: Sequence[int]) -> int:
        """The index, in play order, of the card winning a (possibly partial) trick."""
        best = 0
        for i in range(1, len(cards)):
            if self.beats(cards[i], cards[best]):
                best = i
        return best

    def rank_name(self, card: int) -> str:
        """The card as players write it (``'BJ'``, ``'2D'``)."""
        return str(Card(card))


def _build(name: str, three_players: bool) -> Deck:
    removed, added, above_ace = _SHAPES[name]
    if three_players:
        removed = () if added else (_TWO_CLUBS,)
    cards = tuple(sorted(set(range(52)).difference(removed).union(added)))
    suit_of = [-1] * NUM_CARD_IDS
    power = [-1] * NUM_CARD_IDS
    for c in cards:
        suit_of[c], power[c] = (3, 13 + above_ace.index(c)) if c in above_ace else (c // 13, c % 13)
    masks = tuple(sum(1 << c for c in cards if suit_of[c] == s) for s in range(4))
    ranked = tuple(tuple(sorted((c for c in cards if suit_of[c] == s), key=power.__getitem__, reverse=True))
                   for s in range(4))
    lead_powers = tuple(
        tuple(
            100 + power[c] if suit_of[c] == 3 else power[c] if suit_of[c] == led else -1
            for c in range(NUM_CARD_IDS)
        )
        for led in range(4)
    )
    return Deck(
        name=name,
        cards=cards,
        mask=sum(1 << c for c in cards),
        suit_of=tuple(suit_of),
        power=tuple(power),
        suit_masks=(masks[0], masks[1], masks[2], masks[3]),
        ranked=ranked,
        lowest_club=ranked[0][-1],
        lead_powers=lead_powers,
        non_trumps=sum(1 << c for c in cards if suit_of[c] != 3),
    )


@cache
def deck_of(name: str = "standard", three_players: bool = False) -> Deck:
    """The :class:`Deck` of a ``deck`` option value (three players: RULES.md section 7)."""
    if name not in _SHAPES:
        raise ValueError(f"{name!r} is not a deck: choose one of {', '.join(DECKS)}")
    return _build(name, three_players)


def rules_deck(rules: Rules) -> Deck:
    """The :class:`Deck` a table plays with (``rules.deck`` for ``rules.variant``): what a
    player's view reads as ``rules_deck(view.rules)``."""
    return deck_of(rules.deck, rules.variant == "three-player")


def deck_cards(rules: Rules) -> tuple[int, ...]:
    """The card ids of the pack the table plays with, lowest first."""
    return rules_deck(rules).cards


def deck_mask(rules: Rules) -> int:
    """The pack as a card mask (bit ``id`` set for each card in it)."""
    return rules_deck(rules).mask
