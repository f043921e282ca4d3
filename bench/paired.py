"""Paired one-hand comparison of two settings of a computer player against ``basic``.

    PYTHONPATH=src python bench/paired.py expert expert:bid_samples=64 --deals 400

A setting may name the partner too, as ``spades match`` does: ``expert+basic`` seats the
expert at North and ``basic`` at South.

Every deal (seeds ``--first`` to ``--first + --deals - 1``, dealer ``seed % 4``) is
played once per setting: one hand at 0-0 (or at ``--scores``) on the partnership preset, the player under
test at North-South and ``basic`` (or ``--opponent``) at East-West, with the same bot
seeds for both settings.  A hand is scored as North-South's points minus East-West's,
minus 10 per bag taken (what a bag costs over a game with the default bag rules).

Duplicate matches (``spades match``) measure a whole game's worth of a bot, but a
100-deal match varies by about +-8 points per hand, so small changes drown.  Here a
setting that only changes a threshold (a bid margin, a nil limit) leaves every other
deal exactly as it was: the difference comes from the deals it changes, and its
standard error is small.  A change of sample counts moves the bot's random streams,
and then every hand differs, as in a match.  One hand at 0-0 is not a game: the game
score, the bag count and blind nil (only open to a side that trails) do not come in,
so a setting found better here still wants a duplicate match.

Prints, per setting, the mean score, the contract hands set, the nils made and the
decision times of the player under test (wall clock: they grow with the machine's load), and for
each setting after the first the paired difference with one standard error, how many
deals changed and how many bids changed, and the difference over the deals whose four bids
are the same in both settings alone (the card play's share when the setting moves the random
streams: those deals still play differently, and the bids that change are noise of the
streams; which deals keep their bids depends on the setting, so it is a guide, not a
separate estimate).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from spades import Game, Rules
from spades.match import parse_bot_spec, parse_side_spec


def play(
    spec: str, seeds: range, opponent: str = "basic", scores: tuple[int, int] = (0, 0)
) -> list[dict[str, Any]]:
    side = parse_side_spec(spec)
    north, south = side.seat_spec(0), side.seat_spec(1)
    other = parse_bot_spec(opponent)
    rules = Rules.preset("partnership")
    out = []
    for seed in seeds:
        game = Game(rules, seed=seed, dealer=seed % 4)
        if scores != (0, 0):  # the same deal, at that game score
            hands = [game.hand(s) for s in range(4)]
            game = Game.from_position(rules, hands=hands, dealer=seed % 4, scores=scores, seed=seed)
        players = [
            north.make(seed * 4),
            other.make(seed * 4 + 1),
            south.make(seed * 4 + 2),
            other.make(seed * 4 + 3),
        ]
        times: list[float] = []
        while game.hands_played == 0:
            seat = game.to_act
            assert seat is not None
            t0 = time.perf_counter()
            action = players[seat].act(game.view(seat))
            if seat % 2 == 0:
                times.append(time.perf_counter() - t0)
            game.apply(action)
        h = game.history[-1]
        value = h.points[0] - h.points[1] - 10 * (h.bags[0] - h.bags[1])
        out.append(
            {
                "bids": [str(b) for b in h.bids],
                "tricks": list(h.tricks),
                "points": list(h.points),
                "bags": list(h.bags),
                "v": value,
                "times": times,
            }
        )
    return out


def summary(rows: list[dict[str, Any]]) -> str:
    sets = contracts = nils = made = 0
    bid_total = taken_total = seats = 0
    for r in rows:
        for s in (0, 2):
            if r["bids"][s].startswith("bid") and "nil" not in r["bids"][s]:
                seats += 1
                bid_total += int(r["bids"][s].split()[1])
                taken_total += r["tricks"][s]
        numbers = [s for s in (0, 2) if r["bids"][s].startswith("bid")]
        for s in (0, 2):
            if "nil" in r["bids"][s]:
                nils += 1
                made += r["tricks"][s] == 0
        if numbers:
            contracts += 1
            sets += sum(r["tricks"][s] for s in numbers) < sum(int(r["bids"][s].split()[1]) for s in numbers)
    mean = statistics.mean(r["v"] for r in rows)
    nil_text = f"{made / nils:.1%}" if nils else "-"
    per_seat = f"bid {bid_total / max(1, seats):.2f} took {taken_total / max(1, seats):.2f} a number seat"
    times = sorted(t for r in rows for t in r["times"])
    speed = ""
    if times:
        speed = (
            f", decisions median {times[len(times) // 2]:.3f} s"
            f" p99 {times[min(len(times) - 1, int(0.99 * len(times)))]:.3f} s max {times[-1]:.2f} s"
        )
    head = f"mean {mean:+.2f}, set {sets / max(1, contracts):.1%}, nils {nils} ({nil_text} made)"
    return f"{head}, {per_seat}{speed}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("specs", nargs="+", help="bot settings, e.g. expert expert:nil_danger=1.6")
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--first", type=int, default=0, help="the first deal's seed")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--opponent", default="basic", help="the bot at East-West (default basic)")
    parser.add_argument("--scores", default="0,0",
                        help="the game score before the hand, North-South,East-West (e.g. 0,100)")
    parser.add_argument("--dump", help="write every deal's bids, tricks and value per setting to a JSON file")
    args = parser.parse_args()
    seeds = range(args.first, args.first + args.deals)
    ns, _, ew = args.scores.partition(",")
    scores = (int(ns), int(ew))
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        results = list(
            pool.map(play, args.specs, [seeds] * len(args.specs), [args.opponent] * len(args.specs),
                     [scores] * len(args.specs))
        )
    if args.dump:
        with open(args.dump, "w") as f:
            json.dump({"specs": args.specs, "first": args.first, "rows": results}, f)
    base = results[0]
    for spec, rows in zip(args.specs, results):
        line = f"{spec}: {summary(rows)}"
        if rows is not base:
            d = [b["v"] - a["v"] for a, b in zip(base, rows)]
            se = statistics.stdev(d) / len(d) ** 0.5 if len(d) > 1 else float("nan")
            changed = sum(1 for x in d if x)
            bids = sum(1 for a, b in zip(base, rows) if a["bids"] != b["bids"])
            line += f"; minus {args.specs[0]}: {statistics.mean(d):+.2f} +-{se:.2f} (1 s.e.), "
            line += f"{changed} deals changed, {bids} bids changed"
            same = [b["v"] - a["v"] for a, b in zip(base, rows) if a["bids"] == b["bids"]]
            if len(same) > 1 and bids:
                se_same = statistics.stdev(same) / len(same) ** 0.5
                line += f"; on the {len(same)} deals bid the same: "
                line += f"{statistics.mean(same):+.2f} +-{se_same:.2f}"
        print(line)
    print(f"{len(seeds)} deals, {time.perf_counter() - start:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
