"""Two expert settings on the same positions: the double-dummy tricks lost by each one's card.

Every card decision of the seats labelled ``--seat-label`` in the records of a match (tricks
``--first``..``--last``) is asked again of two settings; each card chosen is judged as
``spades analyse`` judges a card (the live nils first, then the side's tricks that count,
double dummy on the real deal). Paired on the positions, so far less noisy than two matches.
The opponents are read as playing like the club player a share ``--share`` of the time
(``read_play``'s reading after a few hands against ``basic``).

    spades match --bots expert,basic --hands 50 --seed 21 --records DIR
    python bench/paired_positions.py DIR "expert:read_play=0" "expert" --last 8

``--no-nil`` asks only the positions where no nil is alive (where ``early_samples`` acts),
``--nil-only`` only those where one is.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from spades import Card, Game, bots
from spades.analysis import (
    _broken,
    _counted,
    _judge,
    _live_nils,
    _Objective,
    _position_values,
    load_records,
    player_label,
)
from spades.solver import Solver
from spades.view import Phase


def _bot(spec: str, seed: int, share: float):  # type: ignore[no-untyped-def]
    name, _, opts = spec.partition(":")
    kwargs = {}
    for part in filter(None, opts.split(":")):
        k, _, v = part.partition("=")
        kwargs[k] = float(v) if "." in v else int(v) if v.lstrip("-").isdigit() else v
    bot = bots.get(name, seed=seed, **kwargs)
    reading = getattr(bot, "_plays", None)
    if reading is not None:
        for s in range(4):
            reading.agreed[s], reading.choices[s] = share * 100, 100.0
    return bot


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("records")
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--last", type=int, default=13)
    parser.add_argument("--seat-label", default="expert")
    parser.add_argument("--share", type=float, default=0.9)
    parser.add_argument("--limit", type=int, default=0, help="stop after this many positions")
    parser.add_argument("--no-nil", action="store_true", help="only positions where no nil is alive")
    parser.add_argument("--nil-only", action="store_true", help="only positions where a nil is alive")
    args = parser.parse_args(argv)
    slv = Solver()
    diffs: list[float] = []
    losses = [0.0, 0.0]
    changed = 0
    times = [0.0, 0.0]
    slowest = [0.0, 0.0]
    start = time.perf_counter()
    for gi, (_, record) in enumerate(load_records(args.records)):
        game = Game.from_record({**record, "actions": []})
        rules = game.rules
        labels = {e["seat"]: player_label(e) for e in record.get("players", []) if isinstance(e, dict)}
        for i, (seat, text) in enumerate(record["actions"]):
            trick_no = len(game.tricks) + 1 if game.phase is Phase.PLAY else 0
            if (
                game.phase is Phase.PLAY
                and labels.get(seat) == args.seat_label
                and args.first <= trick_no <= args.last
                and len(game.legal_actions()) > 1
                and not (args.no_nil and _live_nils(rules, game, seat))
                and not (args.nil_only and not _live_nils(rules, game, seat))
            ):
                view = game.view(seat)
                picks = []
                for j, spec in enumerate((args.a, args.b)):
                    bot = _bot(spec, 1000 * gi + i, args.share)
                    t0 = time.perf_counter()
                    picks.append(bot.act(view))
                    took = time.perf_counter() - t0
                    times[j] += took
                    slowest[j] = max(slowest[j], took)
                if picks[0] != picks[1]:
                    hands = [game.hand(s).mask for s in range(rules.num_seats)]
                    leader = game.leader if game.leader is not None else seat
                    trick = [int(c) for _, c in game.trick]
                    obj = _Objective.of_seat(rules, seat)
                    signs = _live_nils(rules, game, seat)
                    cap = _counted(rules, game, seat)
                    values, nils = _position_values(
                        rules, hands, leader, trick, _broken(rules, game), obj, signs, slv
                    )
                    capped = {c: min(v, cap) for c, v in values.items()}
                    lost = []
                    for p in picks:
                        assert isinstance(p, Card)
                        lost.append(float(_judge(capped, nils, signs, obj.lower_better, p)[1]))
                    changed += 1
                    losses[0] += lost[0]
                    losses[1] += lost[1]
                    diffs.append(lost[1] - lost[0])
                else:
                    diffs.append(0.0)
                if args.limit and len(diffs) >= args.limit:
                    break
            game.apply(text, seat=seat)
        if args.limit and len(diffs) >= args.limit:
            break
    n = len(diffs)
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / max(1, n - 1))
    print(f"{n} positions (tricks {args.first}-{args.last}), {changed} with different cards, "
          f"{time.perf_counter() - start:.0f} s")
    print(f"tricks lost on the changed positions: a {losses[0]:.0f}, b {losses[1]:.0f}")
    print(f"b - a per position: {mean:+.4f} +-{1.96 * sd / math.sqrt(n):.4f} (95%)")
    print(f"seconds per decision: a {times[0] / n:.3f}, b {times[1] / n:.3f}; "
          f"slowest a {slowest[0]:.2f}, b {slowest[1]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
