"""The interface every computer player implements."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod

from ..actions import Action
from ..errors import IllegalActionError
from ..view import View

__all__ = ["Bot"]


class Bot(ABC):
    """A computer player.  Subclasses implement :meth:`act`.

    A bot is reproducible: the same seed and the same views give the same actions.
    """

    name = "bot"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    @staticmethod
    def legal_of(view: View) -> tuple[Action, ...]:
        """The legal actions of the view's seat, after checking the bot was given a view
        (never the game itself) and that its seat has something to do."""
        if not isinstance(view, View):
            raise TypeError("a bot decides from a spades.View (game.view(seat)), nothing else")
        if not view.legal:
            raise IllegalActionError(f"{view.rules.seat_name(view.seat)} has nothing to do now")
        return view.legal

    @abstractmethod
    def act(self, view: View) -> Action:
        """One of ``view.legal_actions()``; ``view`` is the view of the seat to act."""

    def prepare(self) -> float:
        """Do now the slow work a bot does once (the expert compiles its solver),
        rather than inside its first decision; returns the seconds spent.

        Optional: :meth:`act` works without it.  Safe to call from any thread,
        any number of times; the bot's decisions do not change.
        """
        return 0.0

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed!r})"
