"""An SB3 ``VecEnv`` of Spades games with one learning seat each, masks included
(sb3-contrib's ``MaskablePPO``): :class:`SpadesSB3VecEnv`.

::

    from sb3_contrib import MaskablePPO
    from spades.envs.sb3 import SpadesSB3VecEnv

    env = SpadesSB3VecEnv(num_envs=64, rules="partnership", seat=0, opponents="basic", seed=0)
    model = MaskablePPO("MlpPolicy", env, n_steps=64).learn(10_000)

The games, opponents, rewards and episodes are those of
:class:`spades.envs.vector.SpadesVectorEnv` (the same core: ``"basic"`` and
``"random"`` opponents are compiled into the VecEnv's step); here in SB3's
conventions: ``step_wait`` returns ``obs, rewards, dones, infos`` with a dict per
game, ``env_method("action_masks")`` gives each game's mask (what MaskablePPO
asks for), and a truncated game's info says ``TimeLimit.truncated`` (no
``terminal_observation``: it is not kept).  Arrays are copies unless
``copy=False`` (then the environment's own buffers, overwritten by the next
step: SB3's rollout buffer copies what it stores, so training is safe either way).
Needs the ``rl`` extra (stable-baselines3).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray
from stable_baselines3.common.vec_env import VecEnv

from ..action_space import NUM_ACTIONS
from ..observation import OBSERVATION_SIZE
from ..rules import Rules
from ._common import observation_bounds
from .vector import BatchPolicy, LearnerBatch

__all__ = ["SpadesSB3VecEnv"]


class SpadesSB3VecEnv(VecEnv):  # type: ignore[misc]
    """Spades games with one learning seat each, as an SB3 ``VecEnv`` (module docstring)."""

    render_mode = None

    def __init__(self, num_envs: int = 64, rules: Rules | str = "partnership", *, seat: int = 0,
                 opponents: str | BatchPolicy = "random", hands: int | None = 1, seed: int | None = None,
                 reward: str = "points", max_hands: int | None = None, copy: bool = True) -> None:
        self.batch = LearnerBatch(num_envs, rules, seat=seat, opponents=opponents, hands=hands, seed=seed,
                                  reward=reward, max_hands=max_hands)
        self.copy = copy
        self._seed = seed
        self._actions: NDArray[np.int64] | None = None
        low, high = observation_bounds(self.batch.rules, max_hands or 100)
        super().__init__(num_envs, spaces.Box(low, high, (OBSERVATION_SIZE,), np.float32),
                         spaces.Discrete(NUM_ACTIONS))

    def _out(self, array: NDArray[Any]) -> NDArray[Any]:
        return array.copy() if self.copy else array

    def action_masks(self) -> NDArray[np.bool_]:
        """Every game's legal ids (bool ``[num_envs, 75]``)."""
        return self._out(self.batch.mask)

    def reset(self) -> NDArray[np.float32]:
        seed = self._seeds[0] if self._seeds[0] is not None else self._seed
        self.batch.reset(seed)
        self._seed = None
        self._reset_seeds()
        self.reset_infos: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        return self._out(self.batch.obs)

    def step_async(self, actions: NDArray[Any]) -> None:
        self._actions = np.asarray(actions, np.int64).reshape(self.num_envs)

    def step_wait(self) -> tuple[NDArray[np.float32], NDArray[np.float32], NDArray[np.bool_],
                                 list[dict[str, Any]]]:
        if self._actions is None:
            raise RuntimeError("call step_async() before step_wait()")
        b = self.batch
        b.step(self._actions)
        self._actions = None
        dones = b.terminated | b.truncated
        infos: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        for i in np.flatnonzero(b.truncated):
            infos[i]["TimeLimit.truncated"] = True
        return self._out(b.obs), b.rewards.copy(), dones, infos

    def close(self) -> None:
        pass

    def _indices(self, indices: Any) -> list[int]:
        if indices is None:
            return list(range(self.num_envs))
        if isinstance(indices, int):
            return [indices]
        return list(indices)

    def get_attr(self, attr_name: str, indices: Any = None) -> list[Any]:
        value = getattr(self, attr_name)
        return [value for _ in self._indices(indices)]

    def set_attr(self, attr_name: str, value: Any, indices: Any = None) -> None:
        setattr(self, attr_name, value)

    def env_method(self, method_name: str, *method_args: Any, indices: Any = None,
                   **method_kwargs: Any) -> list[Any]:
        rows = self._indices(indices)
        if method_name == "action_masks":
            masks = self.batch.mask
            return [masks[i].copy() for i in rows]
        result = getattr(self, method_name)(*method_args, **method_kwargs)
        return [result for _ in rows]

    def env_is_wrapped(self, wrapper_class: type, indices: Any = None) -> list[bool]:
        return [False for _ in self._indices(indices)]

    def seed(self, seed: int | None = None) -> Sequence[int | None]:
        self._seed = seed
        return [seed for _ in range(self.num_envs)]
