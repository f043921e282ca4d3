"""Card play: follow suit, spades must be broken, who wins a trick."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ..cards import ALL_CARDS, NON_SPADES_MASK, SUIT_MASKS

__all__ = ["SUIT_WORDS", "beats", "legal_mask", "play_error", "trick_winner"]

SUIT_WORDS: Final = ("clubs", "diamonds", "hearts", "spades")


def legal_mask(hand: int, led: int | None, must_break: bool, broken: bool) -> int:
    """The cards of ``hand`` (a mask) that may be played now.

    ``led`` is the suit led to the current trick (None when leading).  A seat
    follows suit when it can; a leader may not lead a spade while spades are
    unbroken (with ``must_break``) unless it holds nothing else.
    """
    if led is not None:
        follow = hand & SUIT_MASKS[led]
        return follow or hand
    if must_break and not broken and hand & NON_SPADES_MASK:
        return hand & NON_SPADES_MASK
    return hand


def play_error(hand: int, card: int, led: int | None, must_break: bool, broken: bool) -> str | None:
    """Why ``card`` may not be played from ``hand`` now, in a player's words (None: legal)."""
    if not hand >> card & 1:
        return f"You do not have the {ALL_CARDS[card]}"
    if led is not None:
        if card // 13 != led and hand & SUIT_MASKS[led]:
            return f"You must follow suit: {SUIT_WORDS[led]}"
    elif card >= 39 and must_break and not broken and hand & NON_SPADES_MASK:
        return "Spades have not been broken"
    return None


def beats(card: int, best: int) -> bool:
    """Does ``card`` beat ``best``, the card winning the trick so far?"""
    if card // 13 == best // 13:
        return card > best
    return card >= 39


def trick_winner(cards: Sequence[int]) -> int:
    """The index, in play order, of the card winning a (possibly partial) trick:
    the highest spade, else the highest card of the suit led."""
    power = _POWER[cards[0] // 13]
    powers = [power[c] for c in cards]
    return powers.index(max(powers))


def _power(led: int, card: int) -> int:
    """How strongly ``card`` bids for a trick led in suit ``led`` (higher wins)."""
    if card >= 39:
        return 100 + card
    return card if card // 13 == led else -1


#: _POWER[led][card]: the order of trick_winner as a table (the engine's hot path)
_POWER: Final = tuple(tuple(_power(led, c) for c in range(52)) for led in range(4))
