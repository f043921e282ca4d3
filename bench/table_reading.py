"""How fast the expert's table reading reads a table: match records replayed through it.

    spades match --bots expert,openspiel-ismcts --hands 200 --seed 1 --no-blind-nil \\
        --records /tmp/rec.jsonl
    PYTHONPATH=src python bench/table_reading.py /tmp/rec.jsonl expert --prior-sd 0.8,1.15

Every seat of the bot named (by the start of its spec) gets a fresh
:class:`~spades.bots.table.TableReading` at each board's first hand, as in a match (which
makes the bots afresh every board), and is fed that seat's views of the recorded games;
at each of its bids the script notes how loose the table reads (0 careful, 1 loose).
Printed: the mean looseness by the hand's place in its board and over the board, for each
assumed prior scatter (``--prior-sd``) and, with ``--prior-bids`` or ``--band``, other
constants of the reading (patched into :mod:`spades.bots.table` for the run).  The bids
read are the opponents' and the cards are those they held, so records of any match with
the opponents of interest serve, whatever bot sat at the reading seats
(``spades match --bots basic,basic`` gives a careful table's in a minute).
"""

from __future__ import annotations

import argparse
from typing import Any

import spades.bots.table as table
from spades.game import Game
from spades.match import BOARD_HANDS
from spades.records import iter_jsonl
from spades.rules import Rules
from spades.view import Phase, View

#: one board's views, per reading seat: (the hand's place in the board, the seat's view)
Board = dict[int, list[tuple[int, View]]]


def boards_of(path: str, name: str) -> list[Board]:
    """Every board-table of the records, with the views of the named bot's seats."""
    out: list[Board] = []
    for record in iter_jsonl(path):
        seats = [p["seat"] for p in record["players"] if str(p["bot"]).startswith(name)]
        if not seats:
            raise SystemExit(f"table_reading: no player named {name!r} in a record")
        start = BOARD_HANDS - len(record["decks"])
        if start == 0 or not out:
            out.append({s: [] for s in seats})
        views = out[-1]
        game = Game(Rules.from_dict(record["rules"]), seed=record["seed"], dealer=record["dealer"],
                    decks=record["decks"])
        for seat, text in record["actions"]:
            if seat in views:
                views[seat].append((start + game.hands_played, game.view(seat)))
            game.apply(text, seat=seat)
    return out


def looseness_by_place(boards: list[Board], prior_sd: float) -> list[float]:
    by_place: list[list[float]] = [[] for _ in range(BOARD_HANDS)]
    for board in boards:
        for views in board.values():
            reading = table.TableReading(0.9, prior_sd)
            for place, view in views:
                reading.observe(view)
                if view.phase is Phase.BID:
                    by_place[place].append(reading.looseness(view))
    return [sum(x) / len(x) if x else 0.0 for x in by_place]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("records", help="a JSON Lines file of a match's records (spades match --records X.jsonl)")
    ap.add_argument("bot", help="whose seats read the table, by the start of its spec (e.g. expert)")
    ap.add_argument("--prior-sd", default=f"{table.PRIOR_SD},{table.UNREAD_SD}",
                    help="comma-separated prior scatters to compare")
    ap.add_argument("--prior-bids", type=float, default=table.PRIOR_BIDS, help="the prior's weight in bids")
    ap.add_argument("--band", default=f"{table.TRUST_FROM},{table.TRUST_FULL}",
                    help="the scatter where trust starts and where it is full")
    args = ap.parse_args()
    patch: dict[str, Any] = {"PRIOR_BIDS": args.prior_bids}
    patch["TRUST_FROM"], patch["TRUST_FULL"] = (float(x) for x in args.band.split(","))
    for key, value in patch.items():  # the reading's constants for this run only
        setattr(table, key, value)
    boards = boards_of(args.records, args.bot)
    print(f"{len(boards)} board-tables; prior bids {args.prior_bids}, trust from {patch['TRUST_FROM']}"
          f" to {patch['TRUST_FULL']}\n")
    places = " | ".join(str(k + 1) for k in range(BOARD_HANDS))
    print(f"| prior sd | board | {places} |")
    print("|---:|---:|" + "---:|" * BOARD_HANDS)
    for sd in (float(x) for x in args.prior_sd.split(",")):
        loose = looseness_by_place(boards, sd)
        cells = " | ".join(f"{x:.2f}" for x in loose)
        print(f"| {sd} | {sum(loose) / len(loose):.3f} | {cells} |")


if __name__ == "__main__":
    main()
