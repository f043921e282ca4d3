"""Where each bot's points per hand come from, in the records of a match, and (given a
reference match on the same deals) how much of a bot's lead is its own side scoring more
and how much is the other side scoring less.

    spades match --bots expert,basic --hands 300 --seed 42 --no-blind-nil --records DIR
    spades match --bots basic,basic --hands 300 --seed 42 --no-blind-nil --records REF
    python bench/points_split.py DIR --reference REF

Every hand of every record is split, for each side, into its contract (ten a trick bid,
won or lost), overtricks, bag penalties, nils and blind nils, and whatever else the rules
score (``other``: Boston, ten for two hundred, blind bids' doubling; zero on the partnership
preset). A side is named by its seats' bots (``expert``, or ``expert+basic`` where a side
seats two). With ``--reference`` (a match of one bot against itself on the same deals and
seed), a bot's lead over its opponent is split into **own side**: its points per hand minus
the reference's, and **other side**: the reference's minus its opponent's.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from spades import Game
from spades.analysis import load_records
from spades.view import HandSummary

PARTS = ("contract", "overtricks", "bag penalties", "nils", "blind nils", "other")


class Tally:
    """Sums over one bot's side-hands."""

    def __init__(self) -> None:
        self.hands = 0
        self.points = 0
        self.parts: dict[str, int] = dict.fromkeys(PARTS, 0)
        self.counts: dict[str, int] = defaultdict(int)

    def add_hand(self, game: Game, h: HandSummary, side: int) -> None:
        rules = game.rules
        seats = rules.seats_of(side)
        self.hands += 1
        self.points += h.points[side]
        parts = dict.fromkeys(PARTS, 0)
        bids = [h.bids[s] for s in seats]
        numbers = [s for s, b in zip(seats, bids) if b is not None and b.tricks > 0]
        for s, b in zip(seats, bids):
            if b is None or b.tricks > 0:
                continue
            bonus = rules.blind_nil_bonus if b.blind else rules.nil_bonus
            key = "blind nils" if b.blind else "nils"
            parts[key] += bonus if h.nil_made[s] else -bonus
            self.counts[key] += 1
            self.counts[key + " made"] += bool(h.nil_made[s])
        if numbers:
            bid = sum(h.bids[s].tricks for s in numbers)  # type: ignore[union-attr]
            took = sum(h.tricks[s] for s in numbers)
            if rules.nil_tricks_count_for_partner:
                took += sum(h.tricks[s] for s in seats if s not in numbers)
            made = took >= bid
            parts["contract"] += 10 * bid if made else -10 * bid
            parts["overtricks"] += took - bid if made else 0
            self.counts["contracts"] += 1
            self.counts["set"] += not made
            self.counts["tricks bid"] += bid
            self.counts["tricks taken"] += took
            self.counts["overtricks"] += max(0, took - bid)
        parts["bag penalties"] = -rules.bag_penalty * h.bag_penalties[side]
        parts["other"] = h.points[side] - sum(parts.values())
        for k, v in parts.items():
            self.parts[k] += v

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
        for h in game.history:
            for side, name in enumerate(names):
                tallies[name].add_hand(game, h, side)
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
