"""Spades as a single-agent Gymnasium environment: one seat learns, bots play the others.

::

    from spades.envs.gym import SpadesEnv
    env = SpadesEnv("partnership", seat=0, bots="basic")
    obs, info = env.reset(seed=1)
    done = False
    while not done:
        legal = info["action_mask"].nonzero()[0]
        obs, reward, terminated, truncated, info = env.step(int(legal[0]))
        done = terminated or truncated

* Observation: ``Box(986,)`` float32, the layout of :mod:`spades.observation`
  (the OpenSpiel, PettingZoo and :class:`spades.vec.VecEnv` layout), from the
  learning seat's view.
* Actions: ``Discrete(75)``, the ids of :mod:`spades.action_space`; the legal
  ones are ``info["action_mask"]`` (int8, 1 = legal) and
  :meth:`SpadesEnv.action_masks` (for MaskablePPO-style trainers).
* Rewards (``reward="points"``): the learning seat's side's points of each hand,
  at the step where the hand ends (the bots' moves after the learner's action
  are played within that step); ``reward="win"``: +1 / -1 / 0 at the end of the
  game.
* Episodes: ``hands`` hands (default 1; None plays to the rules' end: between
  weak bots a partnership game can last very long, so ``max_hands`` (100)
  truncates it).
* An illegal action ends the episode (``terminated``) with reward
  ``illegal_reward`` and ``info["illegal"]`` set, leaving the game unchanged.
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

from ..action_space import NUM_ACTIONS, Stepper
from ..errors import IllegalActionError
from ..game import Game
from ..observation import OBSERVATION_SIZE, encode, observation_string
from ..rules import Rules

__all__ = ["SpadesEnv"]


class SpadesEnv(gym.Env):
    """One seat of a Spades table, the others played by bots (module docstring)."""

    metadata = {"render_modes": ["ansi", "human"]}  # noqa: RUF012

    def __init__(self, rules: Rules | str = "partnership", seat: int = 0, bots: str | Sequence[Any] = "basic",
                 *, hands: int | None = 1, max_hands: int = 100, reward: str = "points",
                 illegal_reward: float = -100.0, render_mode: str | None = None) -> None:
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
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None")
        others = [s for s in range(n) if s != seat]
        names = [bots] * len(others) if isinstance(bots, str) else list(bots)
        if len(names) != len(others):
            raise ValueError(f"give one bot, or one for each of the {len(others)} other seats")
        self.seat = seat
        self.max_hands = max_hands
        self.reward_kind = reward
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self._bot_specs = dict(zip(others, names))
        self._bots: dict[int, Any] = {}
        self.observation_space = spaces.Box(-np.inf, np.inf, (OBSERVATION_SIZE,), np.float32)
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
        assert self._stepper is not None, "call reset() first"
        return self._stepper.game

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
        return {"action_mask": self.action_masks().astype(np.int8), "scores": game.scores,
                "hands_played": game.hands_played, **extra}

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
            return self._obs(), self.illegal_reward, True, False, self._info(illegal=True, error=str(exc))
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
