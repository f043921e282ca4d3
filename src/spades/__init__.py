"""Spades: exact rules with every common house rule, computer players, a
double-dummy solver, and play in the terminal and the browser.

>>> from spades import Game, Rules
>>> game = Game(Rules.preset("partnership"), seed=1)
>>> len(game.legal_actions()) > 0
True

``import spades`` is light: the computer players (:mod:`spades.bots`), the
solver and the front ends are loaded only when used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import _native  # noqa: F401  (first: picks the compiled engine or the sources)
from .actions import Action, Choice, Discard, Pass, parse_action
from .bids import Bid
from .cards import Card, CardSet, Rank, Suit
from .errors import IllegalActionError, NotationError, RecordError, RulesError, SpadesError
from .game import Game, Phase
from .rules import Rules
from .scoring import HandScore, score_hand
from .view import View

if TYPE_CHECKING:
    from . import bots as bots

__version__ = "0.1.0"

__all__ = [
    "Action",
    "Bid",
    "Card",
    "CardSet",
    "Choice",
    "Discard",
    "Game",
    "HandScore",
    "IllegalActionError",
    "NotationError",
    "Pass",
    "Phase",
    "Rank",
    "RecordError",
    "Rules",
    "RulesError",
    "SpadesError",
    "Suit",
    "View",
    "bots",
    "parse_action",
    "score_hand",
]


def __getattr__(name: str) -> Any:
    if name == "bots":
        import importlib

        module = importlib.import_module(".bots", __name__)
        globals()["bots"] = module
        return module
    raise AttributeError(f"module 'spades' has no attribute {name!r}")
