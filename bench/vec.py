"""Complete random hands per second: spades.vec.VecEnv against OpenSpiel's C++ `spades`.

Run by hand:  PYTHONPATH=src python bench/vec.py [--envs 2048] [--seconds 5]

Reference (measured in the same run): pyspiel's C++ `spades` game driven from
Python, one hand = 52 chance actions (a random outcome each) + 4 bids + 52
plays, each a uniformly random legal choice.

Ours: VecEnv stepped from Python with a policy in the loop: every step, one
uniformly random legal action per game is chosen *in numpy* from the returned
mask (a random key per action, masked, argmax), then ``env.step(actions)``.
Games are single hands (``hands=1``) and restart by themselves, so each
``done`` is one complete hand (deal, bids, 52 plays, scoring).  Measured for
the "openspiel" preset (the same game as OpenSpiel's) and for the default
partnership rules (blind nil offered, so some hands have an exchange), with
the full 986-float observation of every step written, and with
``observation="none"`` (the engine and the numpy policy alone; OpenSpiel's
playthrough computes no observation either).  Times are the process's CPU
time (``time.process_time``), for both sides: on a shared machine wall-clock
time mostly measures the neighbours.  Compare the ratio, not the rates.
"""

from __future__ import annotations

import argparse
import random
import time


def openspiel_rate(seconds: float, seed: int) -> float:
    import pyspiel

    game = pyspiel.load_game("spades")
    rng = random.Random(seed)
    hands = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        hands += 1
    return hands / (time.process_time() - start)


def vec_rate(preset: str, envs: int, seconds: float, seed: int, observation: str) -> float:
    import numpy as np

    from spades.rules import Rules
    from spades.vec import VecEnv

    env = VecEnv(Rules.preset(preset, hands=1), num_envs=envs, seed=seed, observation=observation)
    bits = np.random.SFC64(seed)
    _obs, mask, _player = env.reset()
    size = mask.size
    keys = np.empty(mask.shape, np.uint32)

    def policy(mask: np.ndarray) -> np.ndarray:
        # a uniformly random legal id per game: random 32-bit keys, zero for illegal
        # ids, argmax (a tie between the two largest keys has probability ~1e-8)
        raw = bits.random_raw(size // 2 + 1).view(np.uint32)[:size].reshape(mask.shape)
        np.multiply(raw, mask, out=keys)
        out: np.ndarray = keys.argmax(axis=1)
        return out

    for _ in range(3):  # warm-up (numba compiles once per machine, then loads its cache)
        _obs, mask, _player, _rewards, done = env.step(policy(mask))
    hands = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for _ in range(50):
            _obs, mask, _player, _rewards, done = env.step(policy(mask))
            hands += int(done.sum())
    return hands / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--envs", type=int, default=2048, help="games stepped together")
    parser.add_argument("--seconds", type=float, default=5.0, help="time per measurement")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    ref = openspiel_rate(args.seconds, args.seed)
    print(f"OpenSpiel pyspiel 'spades' (random hands): {ref:10.0f} hands/s")
    for preset in ("openspiel", "partnership"):
        for observation in ("full", "none"):
            rate = vec_rate(preset, args.envs, args.seconds, args.seed, observation)
            print(f"VecEnv {preset:12s} obs={observation:4s} n={args.envs}: {rate:10.0f} hands/s  "
                  f"ratio {rate / ref:6.1f}x")
    ref2 = openspiel_rate(args.seconds, args.seed + 1)
    print(f"OpenSpiel again (drift check):             {ref2:10.0f} hands/s")


if __name__ == "__main__":
    main()
