"""Spades as a single-agent Gymnasium environment: one seat learns, bots play the others.

::

    import gymnasium as gym
    import spades.envs.gym                       # registers "Spades-v0"
    env = gym.make("Spades-v0", seat=0, bots="basic")
    obs, info = env.reset(seed=1)
    done = False
    while not done:
        obs, reward, terminated, truncated, info = env.step(info["legal_actions"][0])
        done = terminated or truncated

* Ids: ``Spades-v0`` (any keyword of :class:`SpadesEnv`, e.g. ``rules="cutthroat"``);
  ``gym.make("spades.envs.gym:Spades-v0")`` imports this module itself.
* Observation: ``Box(986,)`` float32, the layout of :mod:`spades.observation`
  (the OpenSpiel, PettingZoo and :class:`spades.vec.VecEnv` layout), from the
  learning seat's view, with finite bounds derived from the rules
  (:func:`spades.envs._common.observation_bounds`).
* Actions: ``Discrete(75)``, the ids of :mod:`spades.action_space`; the legal
  ones are ``info["action_mask"]`` (int8, 1 = legal), ``info["legal_actions"]``
  (the ids) and ``info["legal_action_names"]`` (readable, ``"bid 3"``, ``"QS"``),
  and :meth:`SpadesEnv.action_masks` (for MaskablePPO-style trainers).
  ``info["observation_text"]`` is the observation in words
  (:func:`spades.observation.observation_string`); with ``view_in_info=True``,
  ``info["view"]`` is the raw observation, the learning seat's
  :class:`spades.View` (off by default: SB3's ``DummyVecEnv`` deep-copies every
  info, which a View does not allow).  :attr:`SpadesEnv.game` is the engine game
  (omniscient: for tools and tests), :meth:`SpadesEnv.view` the learner's view.
* Rewards (``reward="points"``): the learning seat's side's points of each hand,
  at the step where the hand ends (the bots' moves after the learner's action
  are played within that step); ``reward="win"``: +1 / -1 / 0 at the end of the
  game.
* Episodes: ``hands`` hands (default 1; None plays to the rules' end: between
  weak bots a partnership game can last very long, so ``max_hands`` (100)
  truncates it).
* An illegal action ends the episode (``terminated``) with ``info["illegal"]``
  set, leaving the game unchanged.  Its reward (``illegal_reward=None``, the
  default) is worse than any legal outcome of the rest of the episode: the
  worst points a side can score in a hand times the hands left, minus one
  (-601 for a partnership hand), or -2 with ``reward="win"``
  (:mod:`spades.envs._common` derives it from the rules); the PettingZoo
  environment uses the same penalty.
* Bots: one name (every other seat) or one per other seat, names of
  :func:`spades.bots.get` or bot objects.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from ..action_space import NUM_ACTIONS, Stepper, action_name
from ..errors import IllegalActionError
from ..game import Game
from ..observation import OBSERVATION_SIZE, encode, observation_string
from ..rules import Rules
from ..view import View
from ._common import episode_hands, illegal_penalty, observation_bounds

__all__ = ["ENV_ID", "SpadesEnv"]

#: the registered Gymnasium id (``gym.make("Spades-v0")`` once this module is imported)
ENV_ID = "Spades-v0"


class RenderModeError(ValueError, TypeError):
    """A render mode this environment does not have.  Also a ``TypeError``: SB3's
    ``make_vec_env("Spades-v0")`` asks for ``"rgb_array"`` first and tries again
    without it on a TypeError."""


class SpadesEnv(gym.Env):
    """One seat of a Spades table, the others played by bots (module docstring)."""

    metadata = {"render_modes": ["ansi", "human"]}  # noqa: RUF012

    def __init__(self, rules: Rules | str = "partnership", seat: int = 0, bots: str | Sequence[Any] = "basic",
                 *, hands: int | None = 1, max_hands: int = 100, reward: str = "points",
                 illegal_reward: float | None = None, render_mode: str | None = None,
                 view_in_info: bool = False) -> None:
        base = Rules.preset(rules) if isinstance(rules, str) else rules
        if not isinstance(base, Rules):
            raise TypeError("rules must be a spades.Rules or a preset name")
        if hands is not None:
            base = dataclasses.replace(base, hands=hands)
        self.rules = base
        n = base.num_seats
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise ValueError(f"seat must be from 0 to {n - 1}")
        if reward not in ("points", "win"):
            raise ValueError("reward must be 'points' or 'win'")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise RenderModeError(f"render_mode must be one of {self.metadata['render_modes']} or None")
        others = [s for s in range(n) if s != seat]
        names = [bots] * len(others) if isinstance(bots, str) else list(bots)
        if len(names) != len(others):
            raise ValueError(f"give one bot, or one for each of the {len(others)} other seats")
        self.seat = seat
        self.max_hands = max_hands
        self.reward_kind = reward
        self.illegal_reward = None if illegal_reward is None else float(illegal_reward)
        self.render_mode = render_mode
        self.view_in_info = view_in_info
        self._bot_specs = dict(zip(others, names))
        self._bots: dict[int, Any] = {}
        low, high = observation_bounds(base, max_hands)
        self.observation_space = spaces.Box(low, high, (OBSERVATION_SIZE,), np.float32)
        self.action_space = spaces.Discrete(NUM_ACTIONS)
        self._stepper: Stepper | None = None

    # -- helpers ---------------------------------------------------------------------

    def _make_bots(self, seed: int) -> None:
        from .. import bots as registry

        self._bots = {
            s: registry.get(b, seed=seed * 10 + s) if isinstance(b, str) else b
            for s, b in self._bot_specs.items()
        }

    def _play_bots(self) -> None:
        """Bots act until the learning seat is to act or the game is over."""
        game = self._game
        while not game.is_over and game.to_act != self.seat:
            seat = game.to_act
            assert seat is not None
            game.apply(self._bots[seat].act(game.view(seat)))

    @property
    def _game(self) -> Game:
        if self._stepper is None:
            raise RuntimeError("call reset() first")
        return self._stepper.game

    @property
    def game(self) -> Game:
        """The engine game (omniscient: every hand; for tools and tests, not for the learner)."""
        return self._game

    def view(self) -> View:
        """What the learning seat may know now (:class:`spades.View`)."""
        return self._game.view(self.seat)

    def illegal_reward_now(self) -> float:
        """The reward an illegal action would get now (module docstring)."""
        if self.illegal_reward is not None:
            return self.illegal_reward
        left = episode_hands(self.rules, self.max_hands) - self._game.hands_played
        return illegal_penalty(self.rules, left, self.reward_kind)

    def action_masks(self) -> np.ndarray:
        """Legal ids as booleans (all False once the game is over)."""
        mask = np.zeros(NUM_ACTIONS, np.bool_)
        if self._stepper is not None and self._game.to_act == self.seat:
            mask[self._stepper.legal_ids()] = True
        return mask

    def _obs(self) -> np.ndarray:
        pending = self._stepper.pending if self._stepper is not None else []
        return encode(self._game.view(self.seat), pending)

    def _info(self, **extra: Any) -> dict[str, Any]:
        game = self._game
        mask = self.action_masks()
        legal = [int(a) for a in np.flatnonzero(mask)]
        view = game.view(self.seat)
        pending = self._stepper.pending if self._stepper is not None else []
        info = {"action_mask": mask.astype(np.int8), "legal_actions": legal,
                "legal_action_names": [action_name(a) for a in legal],
                "observation_text": observation_string(view, pending),
                "scores": game.scores, "hands_played": game.hands_played, **extra}
        if self.view_in_info:
            info["view"] = view
        return info

    def _side_points(self, since: int) -> float:
        game = self._game
        side = self.rules.side_of(self.seat)
        if self.reward_kind == "points":
            return float(sum(h.points[side] for h in game.history[since:]))
        if game.is_over and game.winner is not None:
            return 1.0 if game.winner == side else -1.0
        return 0.0

    # -- the Gymnasium API ----------------------------------------------------------------

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, 2**62))
        self._make_bots(game_seed % 2**31)
        self._stepper = Stepper(Game(self.rules, seed=game_seed))
        self._play_bots()
        return self._obs(), self._info()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        game = self._game
        if game.is_over:
            raise RuntimeError("the episode is over: call reset()")
        before = game.hands_played
        try:
            aid = int(action)
            self._stepper.apply_id(aid)  # type: ignore[union-attr]
        except (IllegalActionError, TypeError, ValueError) as exc:
            penalty = self.illegal_reward_now()
            return self._obs(), penalty, True, False, self._info(illegal=True, error=str(exc))
        self._play_bots()
        reward = self._side_points(before)
        terminated = game.is_over
        truncated = not terminated and game.hands_played >= self.max_hands
        return self._obs(), reward, terminated, truncated, self._info()

    def render(self) -> str | None:
        if self._stepper is None:
            return None
        text = observation_string(self._game.view(self.seat), self._stepper.pending)
        if self.render_mode == "human":
            print(text)
            return None
        return text


def _register() -> None:
    if ENV_ID not in gym.registry:
        gym.register(id=ENV_ID, entry_point="spades.envs.gym:SpadesEnv")


_register()
