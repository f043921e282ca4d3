"""Where each card of a pack lies in the search kernel's card sets.

The kernel works on card sets whose suits are contiguous bit fields ordered by power: a
higher bit is a higher card of the same play suit.  For the standard pack that is the card
id itself (``13 * suit + rank``), so its layout is the identity and positions go to the
standard kernel untouched.  The other decks of RULES.md section 7 have a trump suit of 14-16
cards (jokers, and the 2 of diamonds that plays as a spade): they use the *wide* layout of
:mod:`spades.solver.kernel` (``WIDE = 1``): a side-suit card keeps its id (``13 * suit +
power``: its power is at most 12), and the trump suit takes bits 39-54, the lowest trump at
39.  :class:`Layout` translates card sets and card ids between a pack and its layout at the
boundary of the API, in both directions.

>>> from spades.core.deck import deck_of
>>> lay = layout_of(deck_of("jokers-deuces"))
>>> lay.wide, lay.slot[40], lay.slot[13], lay.slot[52], lay.slot[53]
(True, 39, 52, 53, 54)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ..core.deck import Deck, deck_of

__all__ = ["Layout", "deck_legal", "layout_of", "resolve_deck"]


@dataclass(frozen=True)
class Layout:
    """A pack's card layout: ``slot[card id]`` (-1 for a card not in the pack) and
    ``card[slot]`` (-1 for an empty slot); ``wide``: the kernel it needs."""

    deck: Deck
    wide: bool
    slot: tuple[int, ...]
    card: tuple[int, ...]

    def to_slots(self, mask: int) -> int:
        """A card-id set as the kernel's card set (every card must be in the pack)."""
        return _remap(mask, self.slot) if self.wide else mask

    def to_cards(self, mask: int) -> int:
        """The kernel's card set as a card-id set."""
        return _remap(mask, self.card) if self.wide else mask


def _remap(mask: int, table: tuple[int, ...]) -> int:
    """The set of ``table[i]`` for every bit ``i`` of ``mask``."""
    out = 0
    while mask:
        low = mask & -mask
        out |= 1 << table[low.bit_length() - 1]
        mask ^= low
    return out


def _build(deck: Deck) -> Layout:
    if all(c < 52 and deck.suit_of[c] == c // 13 and deck.power[c] == c % 13 for c in deck.cards):
        # the standard pack (and the three-player one without its 2 of clubs): the card ids
        return Layout(deck, False, (*range(52), -1, -1), tuple(range(52)))
    slot = [-1] * 54
    for c in deck.cards:
        suit = deck.suit_of[c]
        if suit < 3:
            if deck.power[c] > 12:  # pragma: no cover - no deck of RULES.md has one
                raise ValueError(f"{deck.name}: a side suit longer than 13 cards")
            slot[c] = 13 * suit + deck.power[c]
    trumps = deck.ranked[3]
    if len(trumps) > 16:  # pragma: no cover - no deck of RULES.md has one
        raise ValueError(f"{deck.name}: a trump suit longer than 16 cards")
    for i, c in enumerate(reversed(trumps)):
        slot[c] = 39 + i
    card = [-1] * 55
    for c, s in enumerate(slot):
        if s >= 0:
            card[s] = c
    return Layout(deck, True, tuple(slot), tuple(card))


@cache
def layout_of(deck: Deck) -> Layout:
    """The layout of a pack (cached: one per pack)."""
    return _build(deck)


def resolve_deck(deck: str | Deck | None, nseat: int) -> Deck:
    """A :class:`Deck` from a ``deck`` option value (the pack of ``nseat`` players) or a Deck."""
    if deck is None:
        deck = "standard"
    if isinstance(deck, Deck):
        return deck
    # the standard pack of 52 for any seat count: a standard position may hold any card (the
    # three-player pack's missing 2C is the deal's business, not the card play's)
    return deck_of(deck, nseat == 3 and deck != "standard")


def deck_legal(deck: Deck, hand: int, led_suit: int | None, broken: bool) -> int:
    """The cards of ``hand`` that may be played (``led_suit``: the play suit led, None when
    leading), spades-breaking rule applied: trumps (every card of the trump column) may not
    be led before they are broken unless the hand holds nothing else."""
    if led_suit is not None:
        return hand & deck.suit_masks[led_suit] or hand
    if not broken and hand & ~deck.trumps:
        return hand & ~deck.trumps
    return hand
