"""The deck of a table: 52 cards, or 51 without the 2 of clubs for three players."""

from __future__ import annotations

from typing import Final

from ..cards import FULL_DECK
from ..rules import Rules

__all__ = ["deck_cards", "deck_mask"]

_DECK_52: Final = tuple(range(52))
_DECK_51: Final = tuple(range(1, 52))  # three players: no 2 of clubs (card 0)


def deck_cards(rules: Rules) -> tuple[int, ...]:
    """The card ids of the pack the table plays with, lowest first."""
    return _DECK_51 if rules.variant == "three-player" else _DECK_52


def deck_mask(rules: Rules) -> int:
    """The pack as a 52-bit mask."""
    return FULL_DECK & ~1 if rules.variant == "three-player" else FULL_DECK
