"""The rule primitives, each written once: what may be played, who wins a trick,
the deck of a table, when the game ends.

The engine (:mod:`spades.game`), the computer players, the solver's reference
search and the research adapters all call these:

- legal cards, follow suit, spades broken: :mod:`.tricks` (``legal_mask``,
  ``play_error``); fast copies, each checked against it by ``tests/test_core.py``:
  the engine's card path (``Game.legal_actions``, ``Game.apply`` and
  ``phases._Play.legal``), the numba kernels (``solver/kernel.py`` ``legal_mask``,
  ``sim/_kernels.py``);
- the trick winner: :mod:`.tricks` (``trick_winner``, ``beats``); the engine's
  inlined copy in ``Game.apply`` (``test_engine_trick_winner_matches_trick_winner``)
  and the numba copies ``solver/kernel.py`` ``_winner_of`` and ``sim/_kernels.py``,
  tested the same way;
- the deck of a table (the ``deck`` option; three players: no 2 of clubs, or all 54
  cards with the jokers), each card's play suit and power: :mod:`.deck` (``rules_deck``);
- the end of the game and its winner: :mod:`.end` (the engine and the bots'
  hand valuation, ``bots/simulate.py``).

``tui/hints.py`` reads the trick winner and ``beats`` from here too.

Cards are ids ``suit * 13 + rank`` (spades are suit 3, ids 39-51) and hands are
52-bit masks, as in :mod:`spades.cards`.
"""

from __future__ import annotations

from .deck import Deck, deck_cards, deck_mask, deck_of, rules_deck
from .end import game_result
from .tricks import beats, legal_mask, play_error, trick_winner

__all__ = [
    "Deck",
    "beats",
    "deck_cards",
    "deck_mask",
    "deck_of",
    "game_result",
    "legal_mask",
    "play_error",
    "rules_deck",
    "trick_winner",
]
