"""The interface every computer player implements."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod

from ..actions import Action
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

    @abstractmethod
    def act(self, view: View) -> Action:
        """One of ``view.legal_actions()``; ``view`` is the view of the seat to act."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed!r})"
