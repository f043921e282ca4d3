"""The rule primitives, each written once: what may be played, who wins a trick,
the deck of a table, when the game ends.

The engine (:mod:`spades.game`), the computer players, the solver's reference
search and the research adapters all call these.  Hot kernels that need numba
keep their own copies (``solver/kernel.py``, ``sim/_kernels.py``); each copy
has a differential test against the functions here (``tests/test_core.py``).

Cards are ids ``suit * 13 + rank`` (spades are suit 3, ids 39-51) and hands are
52-bit masks, as in :mod:`spades.cards`.
"""

from __future__ import annotations

from .deck import deck_cards, deck_mask
from .end import game_result
from .tricks import beats, legal_mask, play_error, trick_winner

__all__ = [
    "beats",
    "deck_cards",
    "deck_mask",
    "game_result",
    "legal_mask",
    "play_error",
    "trick_winner",
]
