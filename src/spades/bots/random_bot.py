"""A bot that picks uniformly among the legal actions."""

from __future__ import annotations

from ..actions import Action
from ..errors import IllegalActionError
from ..view import View
from .base import Bot

__all__ = ["RandomBot"]


class RandomBot(Bot):
    """Uniformly random legal actions: a baseline and a fuzzer."""

    name = "random"

    def act(self, view: View) -> Action:
        if not isinstance(view, View):
            raise TypeError("a bot decides from a spades.View (game.view(seat)), nothing else")
        legal = view.legal
        if not legal:
            raise IllegalActionError(f"{view.rules.seat_name(view.seat)} has nothing to do now")
        return self.rng.choice(legal)
