"""The double-dummy review (spades.analysis): its speed per hand, and whether it tells
a good player from a bad one.

Speed: ``--hands`` hands of the ``basic`` player (partnership preset), each hand
analysed alone with a fresh transposition table.  Printed: seconds per hand
(median, 90th percentile, max; hands with and without a nil bid), and as the
same-run reference the time of one full ``solve`` of each hand's opening
position, with the ratio.

Strength: ``--match-hands`` hands of ``spades match --bots expert,random`` (the
seats swapped at the second table), written as records and analysed; printed:
the per-player summary (cards, tricks lost, loss per card), and whether the
random player loses more per card than the expert.  ``--records DIR`` analyses
records already written instead of playing the match.

    python bench/analysis.py [--hands 30] [--match-hands 50] [--records DIR] [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from spades import Game, Rules, bots
from spades.analysis import analyse_record, analyse_records, load_records
from spades.game import Phase
from spades.solver import Solver, solve, warm_up


def _quantile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def speed(hands: int, seed: int) -> None:
    rules = Rules.preset("partnership")
    players = [bots.get("basic", seed=seed + s) for s in range(4)]
    times: list[float] = []
    nil_times: list[float] = []
    ref: list[float] = []
    game = Game(rules, seed=seed)
    done = 0
    while done < hands:
        if game.is_over:
            game = Game(rules, seed=seed + done + 1000)
        start_hand = game.hands_played
        while game.hands_played == start_hand and not game.is_over:
            if game.phase is Phase.PLAY and len(game.tricks) == 0 and not game.trick:
                hands_now = [game.hand(s) for s in range(4)]
                t0 = time.perf_counter()
                solve(hands_now, game.to_act or 0, solver=Solver())
                ref.append(time.perf_counter() - t0)
            seat = game.to_act
            assert seat is not None
            game.apply(players[seat].act(game.view(seat)))
        if game.hands_played == start_hand:
            continue
        analysis = analyse_record(game.to_record(), hands=[game.hands_played])
        (hand,) = analysis.hands
        (nil_times if any(b.is_nil for b in hand.bids) else times).append(hand.seconds)
        done += 1
    every = times + nil_times
    print(f"speed: {len(every)} hands of the basic player, partnership preset")
    print(f"  seconds per hand: median {statistics.median(every):.3f}, p90 {_quantile(every, 0.9):.3f}, "
          f"max {max(every):.3f}")
    if times:
        print(f"  without a nil bid ({len(times)}): median {statistics.median(times):.3f}, "
              f"max {max(times):.3f}")
    if nil_times:
        print(f"  with a nil bid ({len(nil_times)}): median {statistics.median(nil_times):.3f}, "
              f"max {max(nil_times):.3f}")
    ratio = statistics.median(every) / statistics.median(ref)
    print(f"  reference, one full solve of the opening position: median {statistics.median(ref):.3f} s; "
          f"hand analysis / opening solve = {ratio:.1f}x (medians)")


def strength(match_hands: int, seed: int, records: str | None) -> bool:
    from spades.cli import main as cli

    if records is None:
        folder = tempfile.mkdtemp(prefix="spades-analysis-bench-")
        t0 = time.perf_counter()
        argv = ["match", "--bots", "expert,random", "--hands", str(match_hands), "--seed", str(seed),
                "--records", folder, "--json"]
        import contextlib
        import io

        with contextlib.redirect_stdout(io.StringIO()):
            cli(argv)
        print(f"match: {match_hands} hands a table, records in {folder} ({time.perf_counter() - t0:.0f} s)")
        records = folder
    t0 = time.perf_counter()
    analysis = analyse_records(load_records(records))
    seconds = time.perf_counter() - t0
    summary = analysis.to_dict()
    print(f"analysed {len(analysis.hands)} hands, {len(analysis.decisions)} cards in {seconds:.0f} s")
    print(json.dumps(summary["players"], indent=1))
    per = {p["player"]: p["loss_per_card"] for p in summary["players"]}
    ok = per.get("random", 0.0) > per.get("expert", 1.0)
    print(f"random loses more tricks per card than expert: {ok} "
          f"(random {per.get('random')}, expert {per.get('expert')}, "
          f"ratio {per.get('random', 0) / max(per.get('expert', 1e-9), 1e-9):.2f})")
    return ok


def main() -> int:
    raw = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=raw)
    parser.add_argument("--hands", type=int, default=30, help="hands for the speed part (0: skip)")
    parser.add_argument("--match-hands", type=int, default=50, help="hands a table for the match (0: skip)")
    parser.add_argument("--records", help="analyse these records instead of playing the match")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"solver warm-up {warm_up():.1f} s")
    if args.hands:
        speed(args.hands, args.seed)
    ok = True
    if args.match_hands or args.records:
        ok = strength(args.match_hands, args.seed, args.records)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
