"""Benchmark: the costliest nil searches of ``bench/solver_nil.py --cap 1``.

Node counts (load-independent) and CPU time of ``nil_values(cap=1)`` on the worst deals
seen in its first 8 deals (seed 1 deal 0 North, seed 2 deal 4 North, seed 3 deal 6 East),
each with a fresh table; the deals come from bench/solver_nil.py's own dealer.  Case 3,
not run unless asked for (``--only 3``: 40-50 s), is the worst of all 20 deals
of seeds 1-3: seed 1 deal 12 North, whose nil survives 12 of its 13 leads.

    PYTHONPATH=src python bench/solver_nil_worst.py [--cap 1] [--only 0,1,2]
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from solver_nil import _deal  # the same deals (bench/ is on the path when run as a script)

CASES = ((1, 0, 0), (2, 4, 0), (3, 6, 1), (1, 12, 0))  # (seed, deal, nil seat)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cap", type=int, default=1)
    parser.add_argument("--only", default="0,1,2", help="which cases (indices into CASES)")
    args = parser.parse_args()

    from spades.solver import Position, Solver, _jit, nil_values

    print(f"kernel: {_jit.BACKEND}, cap: {args.cap}")
    solver = Solver()
    total = 0
    for idx in (int(x) for x in args.only.split(",")):
        seed, deal, seat = CASES[idx]
        rng = random.Random(seed * 1000 + 13)
        for _ in range(deal + 1):
            hands = _deal(rng, 13)
        pos = Position.build(hands, 0, [], True)
        solver.clear()
        t0 = time.process_time()
        values = nil_values(pos, seat, solver, args.cap)
        cpu = time.process_time() - t0
        total += solver.nodes
        shown = "".join(str(values[c]) for c in sorted(values))
        print(
            f"seed {seed} deal {deal} seat {seat}: {solver.nodes:10d} nodes {cpu:7.2f} s CPU values {shown}",
            flush=True,
        )
    print(f"total {total} nodes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
