"""``spades sim``: simulate many random hands fast and summarise them (or save them).

Uses :func:`spades.sim.random_hands` (the ``research`` or ``fast`` extra: numpy,
numba optional).  ``--out FILE.npz`` saves the arrays (decks, dealers, draws,
bids, tricks, points, bags, plays) with the preset, every rule option and the
seed (``meta``); ``spades.sim.load_results(FILE)`` reads it back, and every hand
can be replayed through the engine with ``HandResults.game(i)``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--preset", default="partnership",
                        help="partnership, two-player, cutthroat, three-player or openspiel")
    parser.add_argument("--hands", type=int, default=100_000, help="how many hands (default 100000)")
    parser.add_argument("--seed", type=int, default=None, help="random seed (same seed, same hands)")
    parser.add_argument("--backend", choices=["auto", "numba", "numpy"], default="auto",
                        help="play kernel (default: numba when installed)")
    parser.add_argument("--out", default=None, help="save the arrays to this .npz file")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    parser.add_argument("--cluster", metavar="ADDRESS", default=None,
                        help="run the batches on this Dask scheduler (tcp://host:8786; the 'cluster' "
                        "extra); same results as a local run with the same --seed")


def run(args: argparse.Namespace) -> int:
    try:
        from ..sim import random_hands
    except ImportError as exc:
        print(f"spades sim: needs numpy (install the 'research' extra): {exc}", file=sys.stderr)
        return 2
    from ..errors import SpadesError

    if args.hands < 1:
        print("spades sim: --hands must be at least 1", file=sys.stderr)
        return 2
    start = time.perf_counter()
    try:
        res = random_hands(args.preset, args.hands, seed=args.seed, backend=args.backend,
                           cluster=args.cluster)
    except (SpadesError, ValueError, ImportError, ConnectionError) as exc:
        print(f"spades sim: {exc}", file=sys.stderr)
        return 2
    seconds = time.perf_counter() - start
    # the players are spades.bots' `random`: uniform among the legal actions, never blind nil
    summary = {**res.summary(), "preset": args.preset, "players": "random", "backend": res.backend,
               "seconds": round(seconds, 3), "hands_per_second": round(args.hands / seconds)}
    if args.out:
        try:
            res.save(args.out)
        except OSError as exc:
            print(f"spades sim: cannot write {args.out}: {exc.strerror}", file=sys.stderr)
            return 2
        summary["saved"] = args.out
    if args.json:
        print(json.dumps(summary))
    else:
        for key, value in summary.items():
            print(f"{key:17s} {value}")
    return 0
