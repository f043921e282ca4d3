"""Benchmark: ``nil_values`` against ``solve`` on the deals of bench/solver.py.

Random deals (seeded exactly as bench/solver.py: 13 cards a hand unless
``--cards``, spades broken, North on lead).  For each deal: the time and nodes of solving the
leader's cards for its partnership (what bench/solver.py times), then of
``nil_values`` for each nil seat asked for (the tricks the opponents can force
on that seat, for each of the leader's cards), each with a fresh table.
With ``--cap 1`` it times the binary question ("does the nil survive each
card?"), the one the expert bot asks.  Prints per-deal lines, then the
medians, the worst time and the ratio of the medians; the issue's goal is
nil median <= 3x solve's and worst <= 2 s.

    PYTHONPATH=src python bench/solver_nil.py [--deals 20] [--seed 1] [--nil-seats 0,1] [--cap 1]
        [--cards 13]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time


def _deal(rng: random.Random, ncards: int) -> list[int]:
    deck = list(range(52))
    rng.shuffle(deck)
    return [sum(1 << c for c in deck[i * ncards : (i + 1) * ncards]) for i in range(4)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--nil-seats", default="0,1")
    parser.add_argument("--cards", type=int, default=13, help="cards a hand (the expert solves from 8)")
    parser.add_argument(
        "--cap", type=int, default=None,
        help="nil_values' cap (1: only 'does the nil survive each card', what the expert asks)",
    )
    args = parser.parse_args()

    from spades.solver import Position, Solver, _jit, nil_values

    seats = [int(x) for x in args.nil_seats.split(",")]
    solver = Solver()
    print(f"kernel: {_jit.BACKEND}, cap: {args.cap}")
    rng = random.Random(args.seed * 1000 + args.cards)
    solve_ms: list[float] = []
    nil_ms: list[float] = []
    for i in range(args.deals):
        hands = _deal(rng, args.cards)
        solver.clear()
        t0 = time.perf_counter()
        solver.values_masks(hands, 0, [], True, 5, 5)
        solve_ms.append((time.perf_counter() - t0) * 1000)
        line = [f"deal {i:2d}: solve {solve_ms[-1]:8.1f} ms {solver.nodes:9d} nodes"]
        pos = Position.build(hands, 0, [], True)
        for seat in seats:
            solver.clear()
            t0 = time.perf_counter()
            values = nil_values(pos, seat, solver, args.cap)
            nil_ms.append((time.perf_counter() - t0) * 1000)
            shown = sorted(set(values.values()))
            line.append(f"nil {seat}: {nil_ms[-1]:8.1f} ms {solver.nodes:9d} nodes, values {shown}")
        print(" | ".join(line), flush=True)
    ms, mn = statistics.median(solve_ms), statistics.median(nil_ms)
    print(
        f"{args.deals} deals of {args.cards} cards, seed {args.seed}: solve median {ms:.1f} ms | "
        f"nil_values median {mn:.1f} ms, worst {max(nil_ms):.1f} ms | median ratio {mn / ms:.3g}x"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
