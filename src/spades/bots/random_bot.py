"""The random baselines: ``random`` (looks at its cards, then uniform) and ``uniform``."""

from __future__ import annotations

from ..actions import Action
from ..bids import Bid
from ..view import View
from .base import Bot

__all__ = ["RandomBot", "UniformBot"]


class RandomBot(Bot):
    """``random``: uniformly random legal actions, except that it never bids blind nil
    (it always looks at its cards) unless ``blind_nil=True``.

    This is the random player of ``spades sim`` (:func:`spades.sim.random_hands`) and of
    :func:`spades.vec.random_actions`: quote it as "random (looks)".  A uniform choice
    among *every* legal action bids blind nil half the time it may (-254 points per
    hand in partnership play, against -130): that player is :class:`UniformBot`
    (``uniform``).
    """

    name = "random"

    def __init__(self, seed: int | None = None, blind_nil: bool = False) -> None:
        super().__init__(seed)
        if not isinstance(blind_nil, bool):
            raise TypeError("blind_nil must be true or false")
        self.blind_nil = blind_nil

    def act(self, view: View) -> Action:
        legal = self.legal_of(view)
        if not self.blind_nil and len(legal) > 1:
            legal = tuple(a for a in legal if not (isinstance(a, Bid) and a.blind and a.tricks == 0)) or legal
        return self.rng.choice(legal)


class UniformBot(RandomBot):
    """``uniform``: uniformly random among every legal action, blind nil included
    (``random:blind_nil=true``)."""

    name = "uniform"

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed, blind_nil=True)
