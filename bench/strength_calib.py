"""How well the expert's bid simulation predicts the tricks its side takes in play.

    PYTHONPATH=src python bench/strength_calib.py --deals 150 --first 4000
    PYTHONPATH=src python bench/strength_calib.py --deals 150 --first 4000 --spec expert:spread=0.5

Every deal (seeds ``--first`` on, dealer ``seed % 4``) is played once as in
``bench/paired.py``: one hand at 0-0 on the partnership preset with blind nil off, the
player under test at North-South and ``basic`` at East-West.  For the bid that fixes the
expert side's contract (the second of the side to bid, when it bids a number) it records
the side's tricks in each of the bid simulation's play-outs, the chosen level and the share
of play-outs (read through the bid kernel) that make it; after the hand, the tricks the
side's number bidders took, and the play-out of the true deal with the final bids.

Printed:

* actual minus the play-out of the true deal (the optimism of a play-out with every hand
  open, on the right cards): mean and deviation;
* actual minus the mean of the bidder's sampled play-outs: mean and deviation, the spread
  of the play-outs over the sampled deals, and the z-score of the actual tricks under the
  bid kernel's law (the play-outs' spread and the kernel's ``spread``, centred ``shade``
  below their mean): a z deviation below 1 says the simulation sees the side's tricks as
  less certain than they are, which makes it bid low;
* the kernel's predicted chance of making the chosen bid against how often it was made;
* the hands grouped by outcome (nil kept or failed, contract made or set) with their points.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from spades import Bid, Game, Rules, bots
from spades.bots.expert import ExpertBot
from spades.bots.simulate import Position, rollout
from spades.match import parse_bot_spec
from spades.view import View


class RecordingExpert(ExpertBot):
    """The expert, noting its bid simulation's play-outs."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.log: list[dict[str, Any]] = []
        self._outs: list[int] | None = None

    def _play_out(self, view: View, hands: list[int], bids: list[Bid]) -> list[int]:
        final = super()._play_out(view, hands, bids)
        if self._outs is not None and not bids[view.seat].is_nil:
            rules = view.rules
            mine = rules.side_of(view.seat)
            self._outs.append(sum(final[s] for s in range(rules.num_seats)
                                  if rules.side_of(s) == mine and not bids[s].is_nil))
        return final

    def _bid_totals(self, view: View, deadline: float | None) -> Any:
        self._outs = []
        ev = super()._bid_totals(view, deadline)
        partner = view.partner
        fixes = partner is not None and view.bids[partner] is not None
        if ev is not None and fixes and not ev.choice.is_nil:
            self.log.append({"outs": self._outs, "bid": ev.choice.tricks, "made": ev.made[ev.choice.tricks],
                             "shade": self.shade_for(view.rules, view.scores)})
        self._outs = None
        return ev


def play(spec: str, seeds: range) -> list[dict[str, Any]]:
    bot_spec = parse_bot_spec(spec)
    if bot_spec.name != "expert":
        raise SystemExit("--spec must be the expert with options, e.g. expert:spread=0.5")
    options = dict(bot_spec.options)
    rules = Rules.preset("partnership", blind_nil=False)
    out = []
    for seed in seeds:
        game = Game(rules, seed=seed, dealer=seed % 4)
        north = RecordingExpert(seed=seed * 4, **options)
        south = RecordingExpert(seed=seed * 4 + 2, **options)
        players = [north, bots.get("basic", seed=seed * 4 + 1), south, bots.get("basic", seed=seed * 4 + 3)]
        dealt = [game.view(s).hand.mask for s in range(4)]  # type: ignore[union-attr]
        while game.hands_played == 0:
            seat = game.to_act
            assert seat is not None
            game.apply(players[seat].act(game.view(seat)))
        h = game.history[-1]
        true = rollout(Position(rules, dealt, (seed % 4 + 1) % 4, [], False, [0] * 4, list(h.bids)))
        out.append({
            "bids": [(b.is_nil, b.tricks) for b in h.bids], "tricks": list(h.tricks), "true": true,
            "log": north.log + south.log, "v": h.points[0] - h.points[1] - 10 * (h.bags[0] - h.bags[1]),
            "spread": north.spread,
        })
    return out


def report(rows: list[dict[str, Any]]) -> list[str]:
    true_err, err, widths, zs, predicted, made = [], [], [], [], [], []
    groups: dict[str, list[float]] = {}
    for r in rows:
        number = [s for s in (0, 2) if not r["bids"][s][0]]
        nils = [s for s in (0, 2) if r["bids"][s][0]]
        took = sum(r["tricks"][s] for s in number)
        contract = sum(r["bids"][s][1] for s in number)
        ok = took >= contract
        if number:
            true_err.append(took - sum(r["true"][s] for s in number))
        label = "contract " + ("made" if ok else "set")
        if nils:
            label = ("nil kept, " if all(r["tricks"][s] == 0 for s in nils) else "nil FAILED, ") + label
        groups.setdefault(label, []).append(r["v"])
        for entry in r["log"]:
            outs = entry["outs"]
            if len(outs) < 3:
                continue
            mean = statistics.mean(outs)
            width = statistics.pstdev(outs)
            widths.append(width)
            err.append(took - mean)
            zs.append((took - (mean - entry["shade"])) / math.hypot(width, r["spread"]))
            predicted.append(entry["made"])
            made.append(ok)
    lines = [f"{len(rows)} deals, mean {statistics.mean(r['v'] for r in rows):+.2f} a hand"]
    if len(true_err) > 1:
        lines.append(f"actual - play-out of the true deal: mean {statistics.mean(true_err):+.2f}, "
                     f"deviation {statistics.stdev(true_err):.2f} ({len(true_err)} hands)")
    if len(err) > 1:
        rms_w = math.sqrt(statistics.mean(w * w for w in widths))
        rms_e = math.sqrt(statistics.mean(e * e for e in err))
        lines.append(f"actual - mean of the sampled play-outs: mean {statistics.mean(err):+.2f}, "
                     f"rms {rms_e:.2f}; play-outs' spread over the samples rms {rms_w:.2f} "
                     f"({len(err)} contract bids)")
        lines.append(f"z of the actual tricks under the bid kernel: mean {statistics.mean(zs):+.2f}, "
                     f"deviation {statistics.stdev(zs):.2f} (1 when calibrated)")
        lines.append(f"chance of making the chosen bid: predicted {statistics.mean(predicted):.1%}, "
                     f"made {statistics.mean(made):.1%}")
    for label, values in sorted(groups.items()):
        lines.append(f"  {label}: {len(values)} hands, {statistics.mean(values):+.1f} a hand, "
                     f"{sum(values):+.0f} in all")
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--spec", default="expert")
    parser.add_argument("--deals", type=int, default=150)
    parser.add_argument("--first", type=int, default=4000)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    if args.deals < 1 or args.workers < 1:
        parser.error("--deals and --workers must be at least 1")
    k = args.workers
    parts = [range(args.first + i, args.first + args.deals, k) for i in range(k)]
    with ProcessPoolExecutor(max_workers=k) as pool:
        rows = [r for part in pool.map(play, [args.spec] * k, parts) for r in part]
    print("\n".join(report(rows)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
