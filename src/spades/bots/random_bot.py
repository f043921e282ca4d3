"""A bot that picks uniformly among the legal actions."""

from __future__ import annotations

from ..actions import Action
from ..view import View
from .base import Bot

__all__ = ["RandomBot"]


class RandomBot(Bot):
    """Uniformly random legal actions: a baseline and a fuzzer."""

    name = "random"

    def act(self, view: View) -> Action:
        legal = self.legal_of(view)
        return self.rng.choice(legal)
