"""Complete random hands per second: spades.vec.VecEnv against OpenSpiel's C++ `spades`.

Run by hand:  PYTHONPATH=src python bench/vec.py [--envs 4096] [--seconds 5]
              PYTHONPATH=src python bench/vec.py --opponents   (issue 50's comparison: OpenSpiel
              with ``observation_tensor`` at every decision, against the full observation with
              uniform legal ids and against one learner seat playing three compiled ``basic``;
              ``--envs 1024`` is the fastest batch on the 2-core development machine)

Reference (measured in the same run): pyspiel's C++ `spades` game driven from
Python, one hand = 52 chance actions (a random outcome each) + 4 bids + 52
plays, each a uniformly random legal choice.

Ours: VecEnv stepped from Python with a policy in the loop: every step, one
uniformly random legal action per game is chosen *in numpy*, then
``env.step(actions)``.  Games are single hands (``hands=1``) and restart by
themselves, so each ``done`` is one complete hand (deal, bids, 52 plays,
scoring).  The policy (``choose``): the legal ids as bits (``mask`` policy:
``np.packbits`` of the boolean mask; ``bits`` policy: the same bits as
``env.legal_bits`` gives them), a count ``k`` of legal ids per game
(``np.bitwise_count``), one uniform integer ``r`` in ``[0, k)`` per game
(``Generator.integers`` with an array bound: exactly uniform), and the index of
the ``r``-th set bit (which word: compare with the first word's count; which
byte: SWAR byte counts and their prefix sums in one multiplication; which bit
of the byte: a 256 x 8 table).  Every legal id has probability exactly ``1/k``.

Measured for the "openspiel" preset (the same game as OpenSpiel's) and for the
default partnership rules (blind nil offered), with the full 986-float
observation of every step and with ``observation="none"`` (OpenSpiel's
playthrough computes no observation either), on one thread and (``parallel``)
on numba's threads.  Both the process's CPU time (``time.process_time``, all
threads) and wall-clock time are reported, for both sides: on a shared machine
wall-clock time mostly measures the neighbours.  Compare the ratios, not the
rates.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import numpy as np

#: _SELECT[b * 8 + r]: the index of the r-th set bit of byte b
_SELECT = np.zeros(256 * 8, np.int64)
for _b in range(256):
    for _r, _j in enumerate(j for j in range(8) if _b >> j & 1):
        _SELECT[_b * 8 + _r] = _j
_U = np.uint64
_M1, _M2, _M4 = _U(0x5555555555555555), _U(0x3333333333333333), _U(0x0F0F0F0F0F0F0F0F)
_ONES, _HIGH = _U(0x0101010101010101), _U(0x8080808080808080)


def choose(words: np.ndarray, gen: np.random.Generator) -> np.ndarray:
    """One uniformly random legal id per row of ``words`` (uint64 [n, 2]: ids
    0-63 as the bits of word 0, ids 64-127 of word 1; at least one set bit)."""
    lo, hi = words[:, 0], words[:, 1]
    count_lo = np.bitwise_count(lo).astype(np.int64)
    k = count_lo + np.bitwise_count(hi)
    r = gen.integers(0, k)  # exactly uniform in [0, k) per row
    upper = r >= count_lo
    x = np.where(upper, hi, lo)
    r = r - upper * count_lo
    c = x - ((x >> _U(1)) & _M1)  # set bits per byte (SWAR)
    c = (c & _M2) + ((c >> _U(2)) & _M2)
    c = (c + (c >> _U(4))) & _M4
    cum = c * _ONES  # byte j: set bits in bytes 0..j
    # the bytes whose running count is <= r come before the r-th set bit
    before_bytes = np.bitwise_count(((r.astype(np.uint64) * _ONES) | _HIGH) - cum & _HIGH).astype(np.int64)
    shift = (8 * before_bytes).astype(np.uint64)
    prev = np.where(before_bytes > 0, (cum << _U(8)) >> shift & _U(0xFF), _U(0)).astype(np.int64)
    byte = ((x >> shift) & _U(0xFF)).astype(np.int64)
    out: np.ndarray = upper * 64 + 8 * before_bytes + _SELECT[byte * 8 + (r - prev)]
    return out


def openspiel_rate(seconds: float, seed: int, observe: bool = False) -> tuple[float, float]:
    """OpenSpiel's random hands per second: (CPU time, wall clock).  ``observe``: compute
    ``observation_tensor`` of the player to act at every decision (what a learner reads
    each step)."""
    import pyspiel

    game = pyspiel.load_game("spades")
    rng = random.Random(seed)
    hands = 0
    start, wall = time.process_time(), time.perf_counter()
    while time.process_time() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                if observe:
                    state.observation_tensor(state.current_player())
                state.apply_action(rng.choice(state.legal_actions()))
        hands += 1
    return hands / (time.process_time() - start), hands / (time.perf_counter() - wall)


def learner_rate(preset: str, envs: int, seconds: float, seed: int, opponents: str) -> tuple[float, float]:
    """One learning seat (seat 0, uniform legal ids chosen in numpy from ``legal_bits``, full
    observation at each of its turns) against three compiled ``opponents`` moved inside the
    VecEnv's step: complete hands per second (CPU time, wall clock)."""
    from spades.rules import Rules
    from spades.vec import VecEnv

    env = VecEnv(Rules.preset(preset, hands=1), num_envs=envs, seed=seed, learners=0, opponents=opponents)
    gen = np.random.Generator(np.random.SFC64(seed))
    env.reset()
    for _ in range(3):
        env.step(choose(env.legal_bits, gen))
    hands = 0
    start, wall = time.process_time(), time.perf_counter()
    while time.process_time() - start < seconds:
        for _ in range(20):
            done = env.step(choose(env.legal_bits, gen))[4]
            hands += int(done.sum())
    return hands / (time.process_time() - start), hands / (time.perf_counter() - wall)


def vec_rate(preset: str, envs: int, seconds: float, seed: int, observation: str, parallel: bool,
             policy: str, gather: bool = False) -> tuple[float, float, int]:
    """VecEnv's random hands per second: (CPU time, wall clock, threads).  ``gather``
    (with ``observation="seats"``): also copy each game's acting seat's row into one
    ``[n, 986]`` array every step, as a policy reading only that seat would."""
    from spades.rules import Rules
    from spades.vec import VecEnv

    env = VecEnv(Rules.preset(preset, hands=1), num_envs=envs, seed=seed, observation=observation,
                 parallel=parallel)
    gen = np.random.Generator(np.random.SFC64(seed))
    padded = np.zeros((envs, 16), np.uint8)  # the mask's 75 bits, padded to two words
    words = padded.view(np.uint64)

    def act(mask: Any) -> np.ndarray:
        if policy == "bits":
            return choose(env.legal_bits, gen)
        if policy == "compiled":  # the env's own uniform legal choice (the compiled `random`)
            return env.bot_actions("random")
        padded[:, :10] = np.packbits(mask, axis=1, bitorder="little")
        return choose(words, gen)

    acting = np.zeros((envs, env.obs_dim), np.float32)
    _obs, mask, _player = env.reset()
    for _ in range(3):  # warm-up (numba compiles once per machine, then loads its cache)
        _obs, mask, _player, _rewards, done = env.step(act(mask))
    hands = 0
    start, wall = time.process_time(), time.perf_counter()
    while time.process_time() - start < seconds:
        for _ in range(50):
            _obs, mask, _player, _rewards, done = env.step(act(mask))
            if gather:
                env.acting_observations(acting)
            hands += int(done.sum())
    return hands / (time.process_time() - start), hands / (time.perf_counter() - wall), env.threads


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--envs", type=int, default=4096, help="games stepped together")
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU time per measurement")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="only the openspiel preset")
    parser.add_argument("--opponents", action="store_true",
                        help="only the comparison with observations: OpenSpiel with observation_tensor, "
                             "full observation + uniform legal, learner seat against compiled bots")
    args = parser.parse_args()
    if args.opponents:
        opponents_main(args)
        return
    ref_cpu, ref_wall = openspiel_rate(args.seconds, args.seed)
    print(f"OpenSpiel pyspiel 'spades' (random hands): cpu {ref_cpu:9.0f} hands/s  "
          f"wall {ref_wall:9.0f} hands/s")
    runs = [("openspiel", "none", False, "mask"), ("openspiel", "none", False, "bits"),
            ("openspiel", "none", True, "mask"), ("openspiel", "full", False, "mask"),
            ("openspiel", "full", True, "mask")]
    if not args.quick:
        runs += [("partnership", "none", False, "mask"), ("partnership", "full", False, "mask")]
    for preset, observation, parallel, policy in runs:
        cpu, wall, threads = vec_rate(preset, args.envs, args.seconds, args.seed, observation, parallel,
                                      policy)
        print(f"VecEnv {preset:11s} obs={observation:4s} policy={policy:4s} n={args.envs} threads={threads}: "
              f"cpu {cpu:9.0f} hands/s ({cpu / ref_cpu:5.1f}x)  wall {wall:9.0f} hands/s "
              f"({wall / ref_wall:5.1f}x)")
    ref2_cpu, ref2_wall = openspiel_rate(args.seconds, args.seed + 1)
    print(f"OpenSpiel again (drift check):             cpu {ref2_cpu:9.0f} hands/s  "
          f"wall {ref2_wall:9.0f} hands/s")


def opponents_main(args: argparse.Namespace) -> None:
    """The issue's comparison: OpenSpiel's C++ ``spades`` with ``observation_tensor`` every
    decision against the VecEnv with the full observation (uniform legal), and against one
    learner seat playing three compiled ``basic`` (and ``random``) opponents."""
    ref_cpu, ref_wall = openspiel_rate(args.seconds, args.seed, observe=True)
    print(f"OpenSpiel C++ 'spades' + observation_tensor each decision: cpu {ref_cpu:9.0f} hands/s  "
          f"wall {ref_wall:9.0f} hands/s", flush=True)
    rows = (("full", False, "bits", "full obs (acting seat's, whole)"),
            ("seats", False, "bits", "every seat's obs kept (seats)  "),
            ("seats", False, "compiled", "every seat's obs kept (seats)  "),
            ("seats", True, "bits", "seats + acting rows gathered   "))
    for preset in ("openspiel", "partnership"):
        for observation, gather, policy, label in rows:
            cpu, wall, _threads = vec_rate(preset, args.envs, args.seconds, args.seed, observation, False,
                                           policy, gather)
            chooser = "numpy, legal_bits" if policy == "bits" else "env.bot_actions('random')"
            print(f"VecEnv {preset:11s} n={args.envs} {label}, uniform legal ({chooser:25s}): "
                  f"cpu {cpu:9.0f} hands/s ({cpu / ref_cpu:6.1f}x)  "
                  f"wall {wall:9.0f} ({wall / ref_wall:6.1f}x)", flush=True)
    for preset in ("openspiel", "partnership"):
        for opponents in ("basic", "random"):
            cpu, wall = learner_rate(preset, args.envs, args.seconds, args.seed, opponents)
            print(f"VecEnv {preset:11s} learner seat 0 vs 3 compiled {opponents:6s} (full obs): "
                  f"cpu {cpu:9.0f} hands/s ({cpu / ref_cpu:6.1f}x)  "
                  f"wall {wall:9.0f} ({wall / ref_wall:6.1f}x)",
                  flush=True)
    ref2_cpu, ref2_wall = openspiel_rate(args.seconds, args.seed + 1, observe=True)
    print(f"OpenSpiel + observation_tensor again (drift check): cpu {ref2_cpu:9.0f} hands/s  "
          f"wall {ref2_wall:9.0f} hands/s")


if __name__ == "__main__":
    main()
