"""What the Gymnasium and PettingZoo environments share: the illegal-action
penalty and the observation's bounds, both derived from the rules.

The penalty
-----------
A learner that is not given the legal-action mask must never be paid to play
illegally.  An illegal action ends the episode, so it must cost more than the
worst the learner could score by playing on legally:

* ``reward="points"``: the worst a side can score in one hand
  (:func:`worst_hand_points`) times the hands left in the episode, the current
  one included, minus one point;
* ``reward="win"``: -2 (a legal game ends at worst in a loss, -1).

:func:`worst_hand_points` is a bound from the rules, not the exact minimum:
every seat of the side fails the costlier of a (blind) nil and a contract of
every trick (doubled when blind bids double), and the side pays as many bag
penalties as one hand's tricks can bring on top of ``bag_limit - 1`` bags.
Partnership defaults: 2 x max(200, 130) + 2 x 100 = 600, so a single-hand
episode's penalty is -601.
"""

from __future__ import annotations

from typing import Final

import numpy as np
from numpy.typing import NDArray

from ..observation import OBSERVATION_SIZE, OFFSETS
from ..rules import Rules

__all__ = ["WIN_ILLEGAL_REWARD", "illegal_penalty", "observation_bounds", "worst_hand_points"]

#: the illegal-action reward with ``reward="win"`` (a lost game is -1)
WIN_ILLEGAL_REWARD: Final = -2.0


def worst_hand_points(rules: Rules) -> int:
    """A bound on the points a side can lose in one hand (a positive number):
    see the module docstring."""
    seats = len(rules.seats_of(0))
    tricks = rules.tricks_per_hand
    factor = 2 if rules.blind_bids else 1
    nil_loss = max(rules.nil_bonus, rules.blind_nil_bonus if rules.blind_nil else 0) if rules.nil else 0
    per_seat = max(nil_loss, 10 * factor * tricks)
    penalties = (rules.bag_limit - 1 + tricks) // rules.bag_limit if rules.bag_penalty > 0 else 0
    return seats * per_seat + penalties * rules.bag_penalty


def best_hand_points(rules: Rules) -> int:
    """A bound on the points a side can win in one hand."""
    seats = len(rules.seats_of(0))
    tricks = rules.tricks_per_hand
    nil_gain = max(rules.nil_bonus, rules.blind_nil_bonus) if rules.nil else 0
    contract = 2 * max(200, 10 * seats * tricks)
    return seats * nil_gain + contract + tricks + rules.boston_bonus


def illegal_penalty(rules: Rules, hands_left: int, reward: str = "points") -> float:
    """The reward for an illegal action when ``hands_left`` hands (the current
    one included) remain in the episode: worse than any legal outcome."""
    if reward == "win":
        return WIN_ILLEGAL_REWARD
    return -float(worst_hand_points(rules) * max(1, hands_left) + 1)


def episode_hands(rules: Rules, max_hands: int) -> int:
    """The most hands an episode lasts: the rules' ``hands`` or the ``max_hands`` cap."""
    return min(rules.hands, max_hands) if rules.hands is not None else max_hands


def observation_bounds(rules: Rules, max_hands: int) -> tuple[NDArray[np.float32], NDArray[np.float32]]:
    """Finite ``low, high`` of the observation (:mod:`spades.observation`) over
    an episode of at most ``max_hands`` hands: every field is in [0, 1] but the
    running scores (score / target) and, when bags never cost, the bags."""
    low = np.zeros(OBSERVATION_SIZE, np.float32)
    high = np.ones(OBSERVATION_SIZE, np.float32)
    hands = episode_hands(rules, max_hands)
    target = rules.target_score
    lowest = -worst_hand_points(rules) * hands
    if rules.losing_score is not None:
        lowest = max(lowest, rules.losing_score - worst_hand_points(rules))
    highest = best_hand_points(rules) * hands  # tied sides past the target play on
    s = OFFSETS["scores"]
    low[s : s + 4] = min(0.0, lowest / target)
    high[s : s + 4] = max(1.0, highest / target)
    if rules.bag_penalty == 0:
        b = OFFSETS["bags"]
        high[b : b + 4] = max(1.0, rules.tricks_per_hand * hands / rules.bag_limit)
    return low, high
