"""Engine speed: random full hands through Game.legal_actions()/Game.apply().

Both engines play the same kind of hand with the ``openspiel`` preset: a deal,
four bids and 52 card plays, every decision a uniform random choice among the
legal actions made in Python.  OpenSpiel's deal is 52 chance actions chosen the
same way; ours is the seeded shuffle inside ``Game``.  Prints hands per second
for each and the ratio (ours / OpenSpiel; the goal is >= 1.0).

    python bench/engine.py [--hands N] [--repeats R] [--clock process|wall]

Both arms run in this one process and thread (pyspiel's C++ included), so the
default clock is ``time.process_time``: CPU time of this process, which on a
loaded machine leaves out the time spent waiting for a core.  ``--clock wall``
uses ``time.perf_counter``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from spades import Game, Rules

CLOCK = time.process_time


def run_ours(hands: int, seed: int) -> float:
    rules = Rules.preset("openspiel")
    rng = random.Random(seed)
    choice = rng.choice
    start = CLOCK()
    for i in range(hands):
        game = Game(rules, seed=seed + i)
        apply = game.apply
        legal = game.legal_actions
        while not game.is_over:
            apply(choice(legal()))
    return hands / (CLOCK() - start)


def run_openspiel(hands: int, seed: int) -> float:
    import pyspiel

    game = pyspiel.load_game("spades")
    rng = random.Random(seed)
    choice = rng.choice
    start = CLOCK()
    for _ in range(hands):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(choice(state.legal_actions()))
    return hands / (CLOCK() - start)


def _compiled() -> bool:
    import spades.game

    return not spades.game.__file__.endswith(".py")


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--clock", choices=("process", "wall"), default="process")
    args = parser.parse_args()
    global CLOCK
    CLOCK = time.process_time if args.clock == "process" else time.perf_counter
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        print("pyspiel is not installed: pip install open-spiel", file=sys.stderr)
        return 2
    ours, theirs = [], []
    for r in range(args.repeats):
        # interleave so that machine load affects both alike
        ours.append(run_ours(args.hands, 1000 * r))
        theirs.append(run_openspiel(args.hands, 1000 * r))
    o, t = statistics.median(ours), statistics.median(theirs)
    paired = sorted(a / b for a, b in zip(ours, theirs))
    print(f"hands per run: {args.hands}, runs: {args.repeats} (medians shown), clock: {args.clock}")
    print(f"spades engine      {o:10.0f} hands/s")
    print(f"OpenSpiel (pyspiel) {t:9.0f} hands/s")
    print(f"ratio (ours / OpenSpiel): {o / t:.2f}  (goal >= 1.0)")
    # each run's ratio to the pyspiel run right after it: robust to load that drifts between runs
    print(
        f"ratio per run pair: median {statistics.median(paired):.2f}, "
        f"range {paired[0]:.2f}-{paired[-1]:.2f}"
    )
    print(f"engine: {'compiled (mypyc)' if _compiled() else 'pure Python'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
