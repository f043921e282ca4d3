"""How often the expert's nils survive, against what its own play-outs said at the bid.

    PYTHONPATH=src python bench/nil_calibration.py --opponent basic --deals 600 --first 7000

Every deal (seeds ``--first`` on, dealer ``seed % 4``) is one hand at 0-0 on the
partnership preset: the expert at North-South, ``--opponent`` at East-West.  When an
expert seat is to bid with a hand of :func:`~spades.bots.basic.nil_danger` at most
``--max-danger`` and its nil play-outs keep the nil in at least ``--min-kept`` of
them, it bids nil whatever the expert would have chosen (so that nils it would refuse
are seen too) and plays it out as the expert does.  Printed: for bands of that share,
how many nils were bid, how many of them the expert itself would have bid, and how many
were made.  The play-outs are open-handed (the defenders see the nil's cards), so the
share is a score, not a probability; this shows what it is worth against a given opponent.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from spades import Game, Rules
from spades.bids import Bid
from spades.bots.basic import estimate_tricks, nil_danger
from spades.bots.knowledge import Knowledge
from spades.match import parse_bot_spec

BANDS = ((0.0, 0.5), (0.5, 0.6), (0.6, 0.7), (0.7, 0.75), (0.75, 0.85), (0.85, 1.01))


def play(opponent: str, seeds: range, min_kept: float, max_danger: float) -> list[dict[str, Any]]:
    rules = Rules.preset("partnership")
    expert, other = parse_bot_spec("expert"), parse_bot_spec(opponent)
    out: list[dict[str, Any]] = []
    for seed in seeds:
        game = Game(rules, seed=seed, dealer=seed % 4)
        players = [
            expert.make(seed * 4),
            other.make(seed * 4 + 1),
            expert.make(seed * 4 + 2),
            other.make(seed * 4 + 3),
        ]
        for p in (players[0], players[2]):
            p.nil_danger_max = max_danger  # type: ignore[attr-defined]
        forced: dict[int, dict[str, Any]] = {}
        while game.hands_played == 0:
            seat = game.to_act
            assert seat is not None
            view = game.view(seat)
            bot = players[seat]
            if seat % 2 == 0 and view.phase == "bid":
                hand = Knowledge(view).hand
                if nil_danger(hand) <= max_danger and estimate_tricks(hand, 4, True) <= 3.0:
                    ev = bot._bid_totals(view, None)  # type: ignore[attr-defined]
                    if (
                        ev is not None
                        and ev.nil_kept is not None
                        and ev.nil_kept >= min_kept
                        and Bid(0) in view.legal
                    ):
                        forced[seat] = {"kept": ev.nil_kept, "expert_nil": ev.choice.is_nil}
                        game.apply(Bid(0))
                        continue
            game.apply(bot.act(view))
        summary = game.history[-1]
        for seat, rec in forced.items():
            rec.update(seed=seed, seat=seat, made=summary.tricks[seat] == 0)
            out.append(rec)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--opponent", default="basic")
    parser.add_argument("--deals", type=int, default=600)
    parser.add_argument("--first", type=int, default=7000)
    parser.add_argument(
        "--min-kept", type=float, default=0.3, help="the least share of kept play-outs to force nil"
    )
    parser.add_argument("--max-danger", type=float, default=1.3)
    parser.add_argument("--json", help="also write every forced nil to this file")
    args = parser.parse_args()
    recs = play(args.opponent, range(args.first, args.first + args.deals), args.min_kept, args.max_danger)
    if args.json:
        Path(args.json).write_text(json.dumps(recs))
    print(f"expert's nils against {args.opponent}, {args.deals} deals from {args.first}")
    print("| play-outs keeping the nil | nils | the expert's own | made |")
    print("|---|---:|---:|---:|")
    for lo, hi in BANDS:
        band = [r for r in recs if lo <= r["kept"] < hi and r["kept"] >= args.min_kept]
        if band:
            made = sum(r["made"] for r in band) / len(band)
            own = sum(r["expert_nil"] for r in band)
            print(f"| {max(lo, args.min_kept):.2f}-{min(hi, 1.0):.2f} | {len(band)} | {own} | {made:.0%} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
