"""Spades as a PettingZoo AEC environment: ``spades_v0``.

::

    from spades.envs.pettingzoo import env
    e = env(preset="partnership", target_score=300)
    e.reset(seed=42)
    for agent in e.agent_iter():
        obs, reward, termination, truncation, info = e.last()
        if termination or truncation:
            action = None
        else:
            legal = obs["action_mask"].nonzero()[0]
            action = int(legal[0])
        e.step(action)

* Agents ``player_0`` .. ``player_{n-1}`` are the seats.
* Actions: the fixed space of :mod:`spades.action_space` (``Discrete(75)``);
  the observation dict holds ``observation`` (:mod:`spades.observation`, the
  same encoding the OpenSpiel adapter uses; a ``Box`` with finite bounds
  derived from the rules) and ``action_mask`` (int8, 1 = legal).
  ``observation="flat"`` makes the observation the ``Box(986,)`` alone (what
  SuperSuit's wrappers accept), with the mask in ``infos[agent]["action_mask"]``
  (PettingZoo's other place for it); with either, ``infos[agent]`` of the agent
  to act holds ``action_mask`` and ``legal_actions`` (the ids).
* An illegal action ends the episode for every agent: the offender's side
  receives the penalty of :mod:`spades.envs._common` (worse than any legal
  outcome of the rest of the episode; the Gymnasium environment's), the
  other sides 0.  The agents see it in ``infos[agent]["illegal"]``.
* Rewards: when a hand ends, every agent receives its side's points for that
  hand (bag penalties and bonuses included), so the sum of an agent's rewards
  is its side's score.
* A whole game is played (``whole_game=False``: one hand).  The game ends when
  the rules say so; after ``max_hands`` hands without an end the episode is
  truncated.
* Seeding: ``reset(seed=...)`` fixes the deals (and the two-player redraw);
  a later ``reset()`` without a seed continues from that generator.
* ``render_mode``: ``"ansi"`` (``render()`` returns text) or ``"human"``
  (prints it).  The text shows every hand: it is for people watching.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ..action_space import NUM_ACTIONS, Stepper
from ..errors import IllegalActionError
from ..game import Game
from ..observation import OBSERVATION_SIZE, encode, observation_string
from ..rules import Rules
from ._common import episode_hands, illegal_penalty, observation_bounds

__all__ = ["ENV_NAME", "env", "raw_env"]

ENV_NAME = "spades_v0"


def env(**kwargs: Any) -> AECEnv:
    """The environment with PettingZoo's usual safety wrappers (an illegal action
    is handled by the environment itself: see the module docstring)."""
    e: AECEnv = raw_env(**kwargs)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e


class raw_env(AECEnv):  # type: ignore[misc]
    """The unwrapped AEC environment; see the module docstring."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi", "human"], "name": ENV_NAME, "is_parallelizable": False, "render_fps": 1,
    }

    def __init__(self, preset: str = "partnership", render_mode: str | None = None,
                 whole_game: bool = True, max_hands: int = 100, observation: str = "dict",
                 **options: Any) -> None:
        super().__init__()
        rules = Rules.preset(preset, **options)
        if not whole_game:
            rules = dataclasses.replace(rules, hands=1)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            modes = self.metadata["render_modes"]
            raise ValueError(f"render_mode must be one of {modes}, not {render_mode!r}")
        if not isinstance(max_hands, int) or max_hands < 1:
            raise ValueError("max_hands must be a whole number, at least 1")
        if observation not in ("dict", "flat"):
            raise ValueError("observation must be 'dict' or 'flat'")
        self.rules = rules
        self.flat = observation == "flat"
        self.render_mode = render_mode
        self.max_hands = max_hands
        n = rules.num_seats
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self._index = {a: i for i, a in enumerate(self.possible_agents)}
        low, high = observation_bounds(rules, max_hands)
        box = spaces.Box(low, high, (OBSERVATION_SIZE,), np.float32)
        obs_space: spaces.Space[Any] = box if self.flat else spaces.Dict({
            "observation": box, "action_mask": spaces.Box(0, 1, (NUM_ACTIONS,), np.int8),
        })
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(NUM_ACTIONS) for a in self.possible_agents}
        self._seeder = random.Random()
        self._stepper: Stepper | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def game(self) -> Game:
        """The engine game (omniscient; for tools and tests)."""
        if self._stepper is None:
            raise IllegalActionError("call reset() first")
        return self._stepper.game

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeder = random.Random(seed)
        self._stepper = Stepper(Game(self.rules, seed=self._seeder.getrandbits(63)))
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.game.to_act or 0]
        self._set_legal_info()

    def _mask(self, seat: int) -> np.ndarray:
        stepper = self._stepper
        assert stepper is not None
        mask = np.zeros(NUM_ACTIONS, np.int8)
        if stepper.game.to_act == seat:
            mask[stepper.legal_ids()] = 1
        return mask

    def _set_legal_info(self) -> None:
        """The agent to act finds its mask and legal ids in its info."""
        agent = self.agent_selection
        mask = self._mask(self._index[agent])
        self.infos[agent] = {**self.infos.get(agent, {}), "action_mask": mask,
                             "legal_actions": [int(a) for a in np.flatnonzero(mask)]}

    def observe(self, agent: str) -> Any:
        seat = self._index[agent]
        stepper = self._stepper
        assert stepper is not None
        game = stepper.game
        pending = stepper.pending if game.to_act == seat else []
        obs = encode(game.view(seat), pending)
        if self.flat:
            return obs
        return {"observation": obs, "action_mask": self._mask(seat)}

    def _illegal(self, agent: str, error: str) -> None:
        """End the episode: the offender's side gets the penalty (module docstring)."""
        game = self.game
        left = episode_hands(self.rules, self.max_hands) - game.hands_played
        penalty = illegal_penalty(self.rules, left)
        side = self.rules.side_of(self._index[agent])
        for a in self.agents:
            self.rewards[a] = penalty if self.rules.side_of(self._index[a]) == side else 0.0
            self.infos[a] = {"illegal": True, "offender": agent, "error": error}
        self.terminations = {a: True for a in self.agents}
        self._accumulate_rewards()

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        stepper = self._stepper
        assert stepper is not None
        game = stepper.game
        before = game.hands_played
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        try:
            stepper.apply_id(int(action))  # type: ignore[arg-type]
        except (IllegalActionError, TypeError, ValueError) as exc:
            self._illegal(agent, str(exc))
            return
        self.infos = {a: {} for a in self.agents}
        if game.hands_played > before:
            points = game.history[-1].points
            for a in self.agents:
                self.rewards[a] = float(points[self.rules.side_of(self._index[a])])
        if game.is_over:
            self.terminations = {a: True for a in self.agents}
        elif game.hands_played >= self.max_hands:
            self.truncations = {a: True for a in self.agents}
        else:
            self.agent_selection = self.possible_agents[game.to_act]  # type: ignore[index]
            self._set_legal_info()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        game = self.game
        seat = game.to_act if game.to_act is not None else 0
        lines = [observation_string(game.view(seat), self._stepper.pending if self._stepper else ())]
        lines += [f"{self.rules.seat_name(s)} holds {game.hand(s)}" for s in range(self.rules.num_seats)]
        text = "\n".join(lines)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass
