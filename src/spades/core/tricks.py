"""Card play: follow suit, spades must be broken, who wins a trick.

Each function takes the table's :class:`~spades.core.deck.Deck` (``rules_deck(rules)``)
as ``deck``; without one (None) it plays the standard pack on its fast tables.  ``led``
is always the *play* suit of the card led, ``deck.suit_of[card]`` (``card // 13`` in
the standard pack): with the deuces decks a 2 of diamonds led is a spade lead.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from ..cards import NON_SPADES_MASK, SUIT_MASKS, Card

if TYPE_CHECKING:
    from .deck import Deck

__all__ = ["SUIT_WORDS", "beats", "card_words", "legal_mask", "play_error", "trick_winner"]

SUIT_WORDS: Final = ("clubs", "diamonds", "hearts", "spades")
#: the jokers in words (ids 52 and 53)
_JOKER_WORDS: Final = ("the little joker", "the big joker")


def card_words(card: int) -> str:
    """A card as an English message names it: ``'the QH'``, ``'the big joker'``."""
    return _JOKER_WORDS[card - 52] if card >= 52 else f"the {Card(card)}"


def legal_mask(hand: int, led: int | None, must_break: bool, broken: bool, deck: Deck | None = None) -> int:
    """The cards of ``hand`` (a mask) that may be played now.

    ``led`` is the play suit led to the current trick (None when leading).  A seat
    follows suit when it can; a leader may not lead a spade (any trump of ``deck``)
    while spades are unbroken (with ``must_break``) unless it holds nothing else.
    """
    if deck is None:
        suits, others = SUIT_MASKS, NON_SPADES_MASK
    else:
        suits, others = deck.suit_masks, deck.non_trumps
    if led is not None:
        follow = hand & suits[led]
        return follow or hand
    if must_break and not broken and hand & others:
        return hand & others
    return hand


def play_error(
    hand: int, card: int, led: int | None, must_break: bool, broken: bool, deck: Deck | None = None
) -> str | None:
    """Why ``card`` may not be played from ``hand`` now, in a player's words (None: legal)."""
    if not hand >> card & 1:
        return f"You do not have {card_words(card)}"
    if deck is None:
        suit, suits, others = card // 13, SUIT_MASKS, NON_SPADES_MASK
    else:
        suit, suits, others = deck.suit_of[card], deck.suit_masks, deck.non_trumps
    if led is not None:
        if suit != led and hand & suits[led]:
            return f"You must follow suit: {SUIT_WORDS[led]}"
    elif suit == 3 and must_break and not broken and hand & others:
        return "Spades have not been broken"
    return None


def beats(card: int, best: int, deck: Deck | None = None) -> bool:
    """Does ``card`` beat ``best``, the card winning the trick so far?"""
    if deck is not None:
        return deck.beats(card, best)
    if card // 13 == best // 13:
        return card > best
    return card >= 39


def trick_winner(cards: Sequence[int], deck: Deck | None = None) -> int:
    """The index, in play order, of the card winning a (possibly partial) trick:
    the highest spade (trump), else the highest card of the suit led."""
    if deck is None:
        power = _POWER[cards[0] // 13]
    else:
        power = deck.lead_powers[deck.suit_of[cards[0]]]
    powers = [power[c] for c in cards]
    return powers.index(max(powers))


def _power(led: int, card: int) -> int:
    """How strongly ``card`` bids for a trick led in suit ``led`` (higher wins)."""
    if card >= 39:
        return 100 + card
    return card if card // 13 == led else -1


#: _POWER[led][card]: the order of trick_winner as a table (the engine's hot path)
_POWER: Final = tuple(tuple(_power(led, c) for c in range(52)) for led in range(4))
