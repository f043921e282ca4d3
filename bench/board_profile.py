"""Where in a board a bot's margin comes from: a profile of a duplicate match's records.

    spades match --bots expert,openspiel-ismcts --hands 200 --seed 1 --no-blind-nil \\
        --records /tmp/rec.jsonl --json > /tmp/match.json
    PYTHONPATH=src python bench/board_profile.py /tmp/rec.jsonl expert

A match with ``--hands`` cuts its deals into boards of ``BOARD_HANDS`` and makes the bots
afresh for every board, so whatever a bot learns about its opponents (the expert's
reading of their bids, :mod:`spades.bots.table`) starts again at each board's first hand.
This prints, for the bot named (the first player whose spec starts with it) against the
other side, by the hand's place in its board and by the bot's game score before the hand:
the mean margin (the bot's side's points minus the other side's, with one standard error),
the margin with bags counted at 10 points each instead of the penalty when it falls (so
that hands late in a board, when the bag penalties come, compare with early ones), and how
often the bot's side bid nil and made it.  Four-handed partnerships only.
"""

from __future__ import annotations

import argparse
import statistics
from dataclasses import dataclass
from typing import Any

from spades.game import Game
from spades.match import BOARD_HANDS
from spades.records import iter_jsonl


@dataclass(frozen=True)
class Hand:
    place: int  # 0-based place of the hand in its board
    score: int  # the bot's side's score before the hand
    margin: int
    margin_bags: float  # bags at 10 points each, no penalty
    nils: int  # nil bids by the bot's side
    nils_made: int


def hands_of(record: dict[str, Any], name: str) -> list[Hand]:
    """The hands of one game record, seen from the side of the bot named ``name``."""
    game = Game.from_record(record)
    rules = game.rules
    if rules.num_seats != 4 or not rules.partnerships:
        raise SystemExit("board_profile: four-handed partnership records only")
    seats = [p["seat"] for p in record["players"] if str(p["bot"]).startswith(name)]
    if not seats:
        raise SystemExit(f"board_profile: no player named {name!r} in a record")
    mine = rules.side_of(seats[0])
    theirs = 1 - mine
    start = BOARD_HANDS - len(record["decks"])
    prev_bags = [0, 0]
    scores = [0, 0]
    out = []
    for i, h in enumerate(game.history):
        adjusted = []
        for side in (mine, theirs):
            new_bags = h.bags[side] - prev_bags[side] + h.bag_penalties[side] * rules.bag_limit
            adjusted.append(h.points[side] + h.bag_penalties[side] * rules.bag_penalty - 10 * new_bags)
        nil_seats = [s for s, b in enumerate(h.bids) if b is not None and b.is_nil
                     and rules.side_of(s) == mine]
        out.append(Hand(
            place=start + i,
            score=scores[mine],
            margin=h.points[mine] - h.points[theirs],
            margin_bags=adjusted[0] - adjusted[1],
            nils=len(nil_seats),
            nils_made=sum(1 for s in nil_seats if h.nil_made[s]),
        ))
        prev_bags = list(h.bags)
        scores = list(h.scores)
    return out


def line(label: str, hands: list[Hand]) -> str:
    if not hands:
        return f"| {label} | 0 | | | |"

    def mean_se(values: list[float]) -> str:
        se = statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else 0.0
        return f"{statistics.mean(values):+.1f} +-{se:.1f}"

    nils = sum(h.nils for h in hands)
    made = sum(h.nils_made for h in hands)
    rate = f"{made / nils:.0%}" if nils else "-"
    return (f"| {label} | {len(hands)} | {mean_se([h.margin for h in hands])} | "
            f"{mean_se([h.margin_bags for h in hands])} | {nils} ({rate}) |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("records", help="a JSON Lines file of a match's records (spades match --records X.jsonl)")
    ap.add_argument("bot", help="the bot to profile, by the start of its spec (e.g. expert)")
    args = ap.parse_args()
    hands = [h for rec in iter_jsonl(args.records) for h in hands_of(rec, args.bot)]
    print(f"{len(hands)} hands of {args.bot}\n")
    print("| hands | n | margin (1 s.e.) | bags at 10 each | nils (made) |")
    print("|---|---:|---:|---:|---:|")
    print(line("all", hands))
    for k in range(BOARD_HANDS):
        print(line(f"place {k + 1}", [h for h in hands if h.place == k]))
    for lo, hi in ((-1000, 100), (100, 250), (250, 400), (400, 1000)):
        print(line(f"score {lo} to {hi - 1}", [h for h in hands if lo <= h.score < hi]))


if __name__ == "__main__":
    main()
