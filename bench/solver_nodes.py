"""Node counts of spades.solver on the bench/solver.py deals (no DDS, no timing).

Same deals as ``bench/solver.py`` (seeded, spades broken, North on lead, every
legal card of North scored, a fresh table a deal).  Node counts do not depend
on the machine's load, so this is the measure for a bound or ordering change.

    PYTHONPATH=src python bench/solver_nodes.py [--deals 20] [--seeds 1,2,3] [--cards 13]
"""

from __future__ import annotations

import argparse
import random
import sys


def _deal(rng: random.Random, ncards: int) -> list[int]:
    deck = list(range(52))
    rng.shuffle(deck)
    return [sum(1 << c for c in deck[i * ncards : (i + 1) * ncards]) for i in range(4)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--seeds", default="1,2,3")
    parser.add_argument("--cards", type=int, default=13)
    args = parser.parse_args()
    from spades.solver import Solver, _jit

    solver = Solver()
    print(f"kernel: {_jit.BACKEND}")
    grand = 0
    for seed in (int(x) for x in args.seeds.split(",")):
        rng = random.Random(seed * 1000 + args.cards)
        total = 0
        for _ in range(args.deals):
            hands = _deal(rng, args.cards)
            solver.clear()
            solver.values_masks(hands, 0, [], True, 5, 5)
            total += solver.nodes
        grand += total
        print(f"seed {seed}: {total:,} nodes", flush=True)
    print(f"all: {grand:,} nodes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
