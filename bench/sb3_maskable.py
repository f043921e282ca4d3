"""sb3-contrib's MaskablePPO through the SB3 adapter (spades.envs.sb3.SpadesSB3VecEnv):
hands per second while training, and the learner's points per hand before and after a
fixed budget of steps, against ``--opponents`` (``basic`` by default: the three other seats
are the VecEnv kernel's compiled ``basic``, the same decisions as ``spades.bots.basic``; or
``random``).  Needs the ``rl`` extra.

    PYTHONPATH=src python bench/sb3_maskable.py --steps 50000
    PYTHONPATH=src python bench/sb3_maskable.py --steps 50000 --opponents random

Before / after: the learner's seat (0) plays ``--eval-hands`` single hands of the
partnership preset with its partner and both opponents the same bots, deterministic
policy, against the same deals (same seed) before and after training.
"""

from __future__ import annotations

import argparse
import time

import numpy as np


def evaluate(model: object, hands: int, seed: int, opponents: str) -> float:
    """Mean points per hand of the learner's side over ``hands`` finished hands."""
    from spades.envs.sb3 import SpadesSB3VecEnv

    env = SpadesSB3VecEnv(num_envs=64, seed=seed, opponents=opponents)
    obs = env.reset()
    total, done_hands = 0.0, 0
    while done_hands < hands:
        action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)  # type: ignore[attr-defined]
        obs, rewards, dones, _infos = env.step(action)
        total += float(rewards[dones].sum())
        done_hands += int(dones.sum())
    return total / done_hands


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--steps", type=int, default=50_000)
    parser.add_argument("--envs", type=int, default=64)
    parser.add_argument("--eval-hands", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--opponents", choices=("basic", "random"), default="basic")
    args = parser.parse_args()

    import torch
    from sb3_contrib import MaskablePPO

    from spades.envs.sb3 import SpadesSB3VecEnv

    torch.set_num_threads(1)
    env = SpadesSB3VecEnv(num_envs=args.envs, seed=args.seed, opponents=args.opponents)
    model = MaskablePPO("MlpPolicy", env, n_steps=64, batch_size=1024, n_epochs=4, seed=args.seed,
                        learning_rate=3e-4, verbose=0)
    before = evaluate(model, args.eval_hands, seed=10_000, opponents=args.opponents)
    hands = 0

    from stable_baselines3.common.callbacks import BaseCallback

    class CountHands(BaseCallback):  # type: ignore[misc]
        def _on_step(self) -> bool:
            nonlocal hands
            hands += int(np.sum(self.locals["dones"]))
            return True

    t = time.perf_counter()
    model.learn(args.steps, callback=CountHands())
    seconds = time.perf_counter() - t
    after = evaluate(model, args.eval_hands, seed=10_000, opponents=args.opponents)
    print(f"MaskablePPO, partnership, seat 0 with three {args.opponents} players, {args.envs} games, "
          f"{args.steps} steps in {seconds:.0f} s: {args.steps / seconds:.0f} steps/s, "
          f"{hands / seconds:.0f} hands/s ({hands} hands)")
    print(f"learner's side, points per hand over {args.eval_hands} hands (same deals): "
          f"before {before:+.1f}, after {after:+.1f}")


if __name__ == "__main__":
    main()
