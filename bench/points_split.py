"""Where each bot's points per hand come from, in the records of a match, and (given a
reference match on the same deals) how much of a bot's lead is its own side scoring more
and how much is the other side scoring less.

    spades match --bots expert,basic --hands 300 --seed 42 --no-blind-nil --records DIR
    spades match --bots basic,basic --hands 300 --seed 42 --no-blind-nil --records REF
    python bench/points_split.py DIR --reference REF

Every hand of every record is scored again by :func:`spades.scoring.score_valid_hand` from
the side's bags before it and split into the contract (its points without the overtricks),
overtricks, bag penalties, nils (blind nils included; the counts keep them apart) and Boston;
``other`` is what that leaves of the points the game recorded (nothing, for whole games).
A side is named by its seats' bots (``expert``, or ``expert+basic`` where a side
seats two). With ``--reference`` (a match of one bot against itself on the same deals and
seed), a bot's lead over its opponent is split into **own side**: its points per hand minus
the reference's, and **other side**: the reference's minus its opponent's.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from spades import Game, Rules
from spades.analysis import load_records
from spades.scoring import score_valid_hand
from spades.view import HandSummary

PARTS = ("contract", "overtricks", "bag penalties", "nils", "boston", "other")


class Tally:
    """Sums over one bot's side-hands."""

    def __init__(self) -> None:
        self.hands = 0
        self.points = 0
        self.parts: dict[str, int] = dict.fromkeys(PARTS, 0)
        self.counts: dict[str, int] = defaultdict(int)

    def add_hand(self, rules: Rules, h: HandSummary, bags_before: Sequence[int], side: int) -> None:
        """Add side ``side`` of hand ``h``, scored again by :func:`spades.scoring.score_valid_hand`
        from the side's bags before the hand, so that its points come apart by source."""
        score = score_valid_hand(rules, h.bids, h.tricks, bags_before).sides[side]
        self.hands += 1
        self.points += h.points[side]
        over = score.counted_tricks - score.contract if score.made is not False else 0
        parts = {
            "contract": score.contract_points - over,
            "overtricks": over,
            "bag penalties": -rules.bag_penalty * score.bag_penalties,
            "nils": score.nil_points,
            "boston": score.boston_points,
        }
        parts["other"] = h.points[side] - sum(parts.values())
        for k, v in parts.items():
            self.parts[k] += v
        for s in rules.seats_of(side):
            b = h.bids[s]
            if b is not None and b.tricks == 0:
                key = "blind nils" if b.blind else "nils"
                self.counts[key] += 1
                self.counts[key + " made"] += bool(h.nil_made[s])
        if score.contract > 0:
            self.counts["contracts"] += 1
            self.counts["set"] += not score.made
            self.counts["tricks bid"] += score.contract
            self.counts["tricks taken"] += score.counted_tricks
        self.counts["overtricks"] += over

    def row(self) -> dict[str, Any]:
        n = max(1, self.hands)
        c = self.counts
        out: dict[str, Any] = {"hands": self.hands, "points": self.points / n}
        out.update({k: v / n for k, v in self.parts.items()})
        contracts = max(1, c["contracts"])
        out["set share"] = c["set"] / contracts
        out["bid a contract"] = c["tricks bid"] / contracts
        out["taken a contract"] = c["tricks taken"] / contracts
        out["overtricks a hand"] = c["overtricks"] / n
        for key in ("nils", "blind nils"):
            out[key + " bid"] = c[key]
            out[key + " made"] = c[key + " made"]
        return out


def side_name(record: dict[str, Any], game: Game, side: int) -> str:
    names = [str(record["players"][s].get("bot", "?")) for s in game.rules.seats_of(side)]
    return names[0] if len(set(names)) == 1 else "+".join(names)


def tally(path: str) -> tuple[dict[str, Tally], dict[str, str]]:
    """Each bot's tally, and each bot's opponent (two sides a match)."""
    tallies: dict[str, Tally] = defaultdict(Tally)
    opponent: dict[str, str] = {}
    for _name, record in load_records(path):
        game = Game.from_record(record)
        names = [side_name(record, game, side) for side in range(game.rules.num_sides)]
        if len(names) == 2:
            opponent[names[0]], opponent[names[1]] = names[1], names[0]
        bags: Sequence[int] = (0,) * game.rules.num_sides
        for h in game.history:
            for side, name in enumerate(names):
                tallies[name].add_hand(game.rules, h, bags, side)
            bags = h.bags
    return tallies, opponent


def _cell(column: str, value: Any) -> str:
    if column == "hands":
        return str(value)
    if column == "set share":
        return f"{100 * value:.1f}%"
    if column in PARTS or column == "points":
        return f"{value:+.1f}"
    return f"{value:.2f}"


def print_table(title: str, rows: dict[str, dict[str, Any]]) -> None:
    print(title)
    cols = ["hands", "points", *PARTS, "set share", "bid a contract", "taken a contract",
            "overtricks a hand"]
    print("| bot | " + " | ".join(cols) + " | nils made | blind nils made |")
    print("|---" * (len(cols) + 3) + "|")
    for name, r in rows.items():
        cells = [_cell(c, r[c]) for c in cols]
        nils = f"{r['nils made']} of {r['nils bid']}"
        blind = f"{r['blind nils made']} of {r['blind nils bid']}"
        print(f"| {name} | " + " | ".join(cells) + f" | {nils} | {blind} |")
    print()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("records", help="a match's records (spades match --records DIR)")
    parser.add_argument("--reference", help="records of one bot against itself on the same deals")
    parser.add_argument("--json", help="write the tables as JSON here")
    args = parser.parse_args(argv)

    tallies, opponent = tally(args.records)
    rows = {k: t.row() for k, t in tallies.items()}
    print_table(f"Points per hand by source ({args.records}):", rows)
    out: dict[str, Any] = {"match": rows}
    if args.reference:
        ref_tallies, _ = tally(args.reference)
        if len(ref_tallies) != 1:
            print("the reference must seat one bot at both sides", file=sys.stderr)
            return 2
        ref_name, ref = next(iter(ref_tallies.items()))
        ref_row = ref.row()
        print_table(f"Reference ({args.reference}):", {ref_name: ref_row})
        print(f"Each bot's lead split against {ref_name} against itself (points per hand):")
        print("| bot | lead | own side scores more | other side scores less |")
        print("|---|---|---|---|")
        split: dict[str, Any] = {}
        for name, r in rows.items():
            opp = opponent.get(name)
            if opp is None:
                continue
            own = r["points"] - ref_row["points"]
            other = ref_row["points"] - rows[opp]["points"]
            split[name] = {"lead": own + other, "own": own, "other": other}
            print(f"| {name} | {own + other:+.1f} | {own:+.1f} | {other:+.1f} |")
        out["reference"] = {ref_name: ref_row}
        out["split"] = split
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
