"""Batched single-learner environments over :class:`spades.vec.VecEnv`: a
``gymnasium.vector.VectorEnv`` (:class:`SpadesVectorEnv`) and the core that the SB3
adapter (:mod:`spades.envs.sb3`) shares.

::

    from spades.envs.vector import SpadesVectorEnv
    env = SpadesVectorEnv(num_envs=256, rules="partnership", seat=0, opponents="random", seed=0)
    obs, info = env.reset()
    obs, reward, terminated, truncated, info = env.step(np.argmax(info["action_mask"], axis=1))

* Each of the ``num_envs`` games has one learning seat (``seat``); the other seats
  are played inside :meth:`~SpadesVectorEnv.step` by ``opponents``: ``"basic"``
  (the rule-based :class:`spades.bots.basic.BasicBot`, compiled: the same
  decisions) or ``"random"`` (uniform among the legal ids, never blind nil), both
  moved inside the VecEnv's compiled step (``VecEnv(learners=seat)``); or, played
  from Python between the learner's steps, ``"uniform"`` (blind nil included) or
  any batch policy ``f(obs [k, 986], mask [k, 75]) -> ids [k]`` (games where the
  learner is to act wait, :data:`spades.vec.SKIP`, while the opponents move in the
  others).  Every observation returned is the learning seat's, at its turn.
* Episodes: ``hands`` hands (default 1; None: whole games, capped by ``max_hands``
  when given).  Rewards: the learning seat's side's points of each hand
  (``reward="points"``) or +1 / -1 / 0 at a game's end (``reward="win"``), summed
  over the opponents' moves that follow the learner's action.  A finished game
  restarts at once (Gymnasium's ``SAME_STEP`` autoreset): the observation returned
  with ``terminated`` is already the next episode's first.  The final observation
  is not kept (a finished hand has no decision left to value; a truncated game's
  is not available either).
* Illegal ids raise :class:`~spades.errors.IllegalActionError` (nothing changes):
  give the learner the mask (``info["action_mask"]``, :meth:`action_masks`).
* Arrays: copies by default; ``copy=False`` returns the environment's own
  buffers, overwritten by the next step (faster; copy what you keep, e.g. into a
  replay buffer).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space
from numpy.typing import NDArray

from ..action_space import NUM_ACTIONS
from ..observation import OBSERVATION_SIZE
from ..rules import Rules
from ..vec import BOTS, SKIP, VecEnv, random_actions
from ._common import observation_bounds

__all__ = ["LearnerBatch", "SpadesVectorEnv"]

BatchPolicy = Callable[[NDArray[np.float32], NDArray[np.bool_]], Any]


def _rules(rules: Rules | str, hands: int | None) -> Rules:
    base = Rules.preset(rules) if isinstance(rules, str) else rules
    if not isinstance(base, Rules):
        raise TypeError("rules must be a spades.Rules or a preset name")
    return base if hands is None else dataclasses.replace(base, hands=hands)


class LearnerBatch:
    """``num_envs`` games in a :class:`VecEnv` where one seat learns and ``opponents``
    play the rest (the module docstring); the arrays it returns are its own buffers."""

    def __init__(self, num_envs: int, rules: Rules | str = "partnership", *, seat: int = 0,
                 opponents: str | BatchPolicy = "random", hands: int | None = 1, seed: int | None = None,
                 reward: str = "points", max_hands: int | None = None) -> None:
        self.rules = _rules(rules, hands)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.rules.num_seats:
            raise ValueError(f"seat must be from 0 to {self.rules.num_seats - 1}")
        self.seat = seat
        #: the opponents are compiled into the VecEnv's step ("basic", "random")
        self.compiled = isinstance(opponents, str) and opponents in BOTS
        if isinstance(opponents, str) and self.compiled:
            self.vec = VecEnv(self.rules, num_envs, seed, reward=reward, max_hands=max_hands, learners=seat,
                              opponents=opponents)
        else:
            self.vec = VecEnv(self.rules, num_envs, seed, reward=reward, max_hands=max_hands)
        self.num_envs = num_envs
        self._opponents = self._opponent_policy(opponents)
        self._gen = np.random.default_rng(seed)
        self.obs, self.mask, self.player = self.vec.obs_buffers()
        self.rewards = np.zeros(num_envs, np.float32)
        self.terminated = np.zeros(num_envs, np.bool_)
        self.truncated = np.zeros(num_envs, np.bool_)

    def _opponent_policy(self, opponents: str | BatchPolicy) -> BatchPolicy:
        if callable(opponents):
            return opponents
        if opponents not in ("random", "uniform", "basic"):
            raise ValueError("opponents must be 'basic', 'random', 'uniform' or a batch policy "
                             "f(obs, mask) -> ids")
        # 'basic' and 'random' move inside the VecEnv's step (self.compiled): never called
        return lambda _obs, mask: random_actions(mask, self._gen, blind_nil=True)

    def reset(self, seed: int | None = None) -> None:
        if seed is not None:
            self._gen = np.random.default_rng(seed)
        # a reset without a seed starts fresh games, drawn from the batch's generator
        self.vec.reset(seed if seed is not None else int(self._gen.integers(2**62)))
        self.rewards[:] = 0.0
        self.terminated[:] = False
        self.truncated[:] = False
        self._advance()

    def step(self, actions: Any) -> None:
        acts = np.asarray(actions)
        if acts.shape != (self.num_envs,):
            raise ValueError(f"actions must be one id per game: shape ({self.num_envs},), not {acts.shape}")
        _obs, _mask, _player, rewards, done = self.vec.step(acts.astype(np.int64, copy=False))
        self.rewards[:] = rewards[:, self.seat]
        self.terminated[:] = done
        self.truncated[:] = False
        if self.vec.max_hands is not None:
            self._mark_truncated(done)
        self._advance()

    def _mark_truncated(self, done: NDArray[np.bool_]) -> None:
        cut = done & self.vec.truncated
        self.truncated |= cut
        self.terminated &= ~cut

    def _advance(self) -> None:
        """The opponents move until the learning seat is to act in every game."""
        if self.compiled:
            return  # the VecEnv's step moved them
        vec = self.vec
        acts = np.full(self.num_envs, SKIP, np.int64)
        while True:
            theirs = self.player != self.seat
            if not theirs.any():
                return
            acts[:] = SKIP
            acts[theirs] = np.asarray(self._opponents(self.obs[theirs], self.mask[theirs]), np.int64)
            _obs, _mask, _player, rewards, done = vec.step(acts)
            self.rewards += rewards[:, self.seat]
            self.terminated |= done
            if vec.max_hands is not None:
                self._mark_truncated(done)


class SpadesVectorEnv(VectorEnv):
    """A ``gymnasium.vector.VectorEnv`` of Spades games with one learning seat each
    (the module docstring)."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012

    def __init__(self, num_envs: int = 64, rules: Rules | str = "partnership", *, seat: int = 0,
                 opponents: str | BatchPolicy = "random", hands: int | None = 1, seed: int | None = None,
                 reward: str = "points", max_hands: int | None = None, copy: bool = True) -> None:
        self.batch = LearnerBatch(num_envs, rules, seat=seat, opponents=opponents, hands=hands, seed=seed,
                                  reward=reward, max_hands=max_hands)
        self.num_envs = num_envs
        self.copy = copy
        low, high = observation_bounds(self.batch.rules, max_hands or 100)
        self.single_observation_space = spaces.Box(low, high, (OBSERVATION_SIZE,), np.float32)
        self.single_action_space = spaces.Discrete(NUM_ACTIONS)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._seed = seed

    def _out(self, array: NDArray[Any]) -> NDArray[Any]:
        return array.copy() if self.copy else array

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self._out(self.batch.mask), "_action_mask": np.ones(self.num_envs, np.bool_)}

    def action_masks(self) -> NDArray[np.bool_]:
        """The legal ids of every game's learning seat (bool ``[num_envs, 75]``)."""
        return self._out(self.batch.mask)

    def reset(self, *, seed: int | Sequence[int] | None = None, options: dict[str, Any] | None = None
              ) -> tuple[NDArray[np.float32], dict[str, Any]]:
        if seed is not None and not isinstance(seed, int):
            seed = int(next(iter(seed)))  # one generator seeds every game
        self.batch.reset(seed if seed is not None else self._seed)
        self._seed = None  # a later reset() without a seed starts fresh games
        return self._out(self.batch.obs), self._info()

    def step(self, actions: Any) -> tuple[NDArray[np.float32], NDArray[np.float32], NDArray[np.bool_],
                                          NDArray[np.bool_], dict[str, Any]]:
        b = self.batch
        b.step(actions)
        return (self._out(b.obs), b.rewards.copy(), b.terminated.copy(), b.truncated.copy(), self._info())

    def close_extras(self, **kwargs: Any) -> None:
        pass


def _register() -> None:
    if "SpadesVector-v0" not in gym.registry:
        gym.register(id="SpadesVector-v0", entry_point=None,
                     vector_entry_point="spades.envs.vector:SpadesVectorEnv")


_register()
