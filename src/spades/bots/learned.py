"""The shipped learned baseline: bot name ``learned`` (:class:`LearnedBot`).

A small multilayer perceptron (the observation of :mod:`spades.observation`, 986
floats -> 192 -> 192, ReLU) with two heads, trained by ``bench/train_baseline.py``
(docs/research.md, "The learned baseline"):

* a **policy** over the 75 action ids, cloned from ``basic``'s decisions in engine
  games of the partnership preset (blind nil on in a quarter of them);
* a **bid value** per bid (0-17 tricks): the bidder's side's points for the hand minus
  the other side's, regressed on counterfactual replays (each bid decision of ``basic``
  games replayed with nil and basic's bid -3..+3, the hand finished by ``basic``).

It plays the policy's most likely legal id; when bidding it takes, among nil and the
bids the policy gives at least :data:`BID_SUPPORT` probability, the one of highest
value.  Inference is numpy alone (no PyTorch): the weights are float16 in
``spades/bots/data/baseline-v1.npz`` (:data:`WEIGHTS`), computed in float32.  It
plays the partnership variant (any of its house rules, blind nil and the exchange
included); other variants are refused with :class:`UnsupportedRulesError` at its
first decision.  Decisions are deterministic (the seed is accepted and unused).
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Final

import numpy as np
from numpy.typing import NDArray

from ..actions import BID_BASE, Action
from ..errors import RulesError
from ..view import View
from .policy import PolicyBot

__all__ = ["BID_SUPPORT", "SUPPORTED_VARIANTS", "WEIGHTS", "LearnedBot", "UnsupportedRulesError", "Weights"]

#: the weights shipped with the package
WEIGHTS: Final = "baseline-v1.npz"
#: the variants it was trained on
SUPPORTED_VARIANTS: Final = ("partnership",)
#: a bid is a candidate when the policy gives it at least this probability (nil always is)
BID_SUPPORT: Final = 0.02
_NUM_BIDS: Final = 18


class UnsupportedRulesError(RulesError):
    """Rules the learned baseline was not trained for."""


class Weights:
    """The network's float32 arrays, read from an ``.npz`` written by the training script."""

    def __init__(self, path: str | Path | None = None) -> None:
        if path is None:
            source = resources.files(__package__ or "spades.bots").joinpath("data", WEIGHTS)
            with source.open("rb") as fh, np.load(fh) as data:
                arrays = {k: data[k].astype(np.float32) for k in data.files}
        else:
            with np.load(path) as data:
                arrays = {k: data[k].astype(np.float32) for k in data.files}
        self.w1, self.b1 = arrays["w1"], arrays["b1"]
        self.w2, self.b2 = arrays["w2"], arrays["b2"]
        self.wp, self.bp = arrays["wp"], arrays["bp"]
        self.wv, self.bv = arrays["wv"], arrays["bv"]

    def forward(self, obs: NDArray[np.float32]) -> tuple[NDArray[np.float32], NDArray[np.float32]]:
        """(policy logits [75], bid values [18] in points / 100) for one observation."""
        h = np.maximum(obs @ self.w1 + self.b1, 0.0)
        h = np.maximum(h @ self.w2 + self.b2, 0.0)
        return h @ self.wp + self.bp, h @ self.wv + self.bv


@lru_cache(maxsize=1)
def _shipped() -> Weights:
    return Weights()


class LearnedBot(PolicyBot):
    """The learned baseline (module docstring).  ``weights``: another ``.npz`` of the same
    layout (default: the shipped one); ``bid_values=False`` bids by the policy alone."""

    name = "learned"

    def __init__(self, seed: int | None = None, *, weights: str | Path | None = None,
                 bid_values: bool = True) -> None:
        super().__init__(None, seed)
        self.weights = _shipped() if weights is None else Weights(weights)
        self.bid_values = bid_values

    def act(self, view: View) -> Action:
        if view.rules.variant not in SUPPORTED_VARIANTS:
            raise UnsupportedRulesError(
                f"the learned baseline plays only the partnership game, not {view.rules.variant}"
            )
        return super().act(view)

    def policy(self, obs: NDArray[np.float32], mask: NDArray[np.bool_]) -> int:
        logits, values = self.weights.forward(obs.astype(np.float32, copy=False))
        logits = np.where(mask, logits, -np.inf)
        bids = mask[BID_BASE:BID_BASE + _NUM_BIDS]
        if self.bid_values and bids.sum() > 1:
            return BID_BASE + self._bid(logits[BID_BASE:BID_BASE + _NUM_BIDS], values, bids)
        return int(np.argmax(logits))

    @staticmethod
    def _bid(logits: NDArray[np.float32], values: NDArray[np.float32], legal: NDArray[np.bool_]) -> int:
        """The candidate bid of highest value (module docstring)."""
        p = np.exp(logits - logits.max())
        p /= p.sum()
        candidates = legal & (p >= BID_SUPPORT)
        candidates[0] |= legal[0]
        candidates[int(np.argmax(p))] = True
        return int(np.argmax(np.where(candidates, values, -np.inf)))
