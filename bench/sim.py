"""Random full hands per second: spades.sim.random_hands against OpenSpiel's `spades`.

Run by hand:  PYTHONPATH=src python bench/sim.py [--hands 200000] [--openspiel-hands 3000]

OpenSpiel reference (measured in the same run): pyspiel's C++ `spades` game driven
from Python, one hand = 52 chance actions (a random outcome each) + 4 bids + 52
plays, each a random choice among the legal actions.  Our fast path: the same
kind of hand (random deal, random legal bids, random legal plays, scored) for
the "openspiel" preset and the default partnership rules, through
spades.sim.random_hands (numba when installed, else numpy).  The number printed
for us includes shuffling, bidding, play and scoring.  Timings are wall clock on
a possibly shared machine: compare the ratio, not the absolute rates.
"""

from __future__ import annotations

import argparse
import random
import time


def openspiel_rate(hands: int, seed: int) -> float:
    import pyspiel

    game = pyspiel.load_game("spades")
    rng = random.Random(seed)
    start = time.perf_counter()
    for _ in range(hands):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    return hands / (time.perf_counter() - start)


def fast_rate(preset: str, hands: int, seed: int, backend: str) -> float:
    from spades.rules import Rules
    from spades.sim import random_hands, score_table

    score_table(Rules.preset(preset))  # one-off table, built once per rules
    random_hands(preset, 2000, seed=seed, backend=backend)  # warm-up (numba compiles)
    start = time.perf_counter()
    res = random_hands(preset, hands, seed=seed, backend=backend)
    elapsed = time.perf_counter() - start
    assert len(res) == hands
    return hands / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200_000, help="hands for the fast path")
    parser.add_argument("--openspiel-hands", type=int, default=3000, help="hands for OpenSpiel")
    parser.add_argument("--backend", default="auto", choices=["auto", "numba", "numpy"])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    ref = openspiel_rate(args.openspiel_hands, args.seed)
    print(f"OpenSpiel pyspiel 'spades' (random hands): {ref:10.0f} hands/s")
    for preset in ("openspiel", "partnership"):
        rate = fast_rate(preset, args.hands, args.seed, args.backend)
        print(f"spades.sim.random_hands {preset:12s} ({args.backend}): {rate:10.0f} hands/s  "
              f"ratio {rate / ref:6.1f}x")


if __name__ == "__main__":
    main()
