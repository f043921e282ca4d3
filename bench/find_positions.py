"""Find certain spots (:mod:`spades.bots.certain`) in saved games, for the named-positions
suite (tests/bot_positions.json).

    PYTHONPATH=src python bench/find_positions.py RECORDS.jsonl [...] > found.json

Replays every game, and at each card played where a certain-spot rule applies prints the
position (the record up to that card), the cards the rule allows, the card played, and
by how much the allowed cards beat the others double dummy on the real deal (negative:
the rule loses there).  ``--mistakes`` keeps only cards the rule forbids.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from spades.bots.certain import certain_play
from spades.cards import Card
from spades.game import Game

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from positions_check import solver_margin

KEYS = ("format", "version", "rules", "seed", "dealer", "decks")


def _records(paths: list[str]) -> list[dict[str, Any]]:
    out = []
    for p in paths:
        for line in Path(p).read_text().splitlines():
            if line.strip():
                out.append(json.loads(line))
    return out


def scan(record: dict[str, Any], mistakes: bool) -> list[dict[str, Any]]:
    base = {k: record[k] for k in KEYS if k in record}
    actions = record["actions"]
    found = []
    for i, (seat, text) in enumerate(actions):
        game = Game.from_record({**base, "actions": actions[:i]})
        view = game.view(seat)
        if view.phase != "play" or game.to_act != seat:
            continue
        spot = certain_play(view)
        if spot is None:
            continue
        played = int(Card.parse(text))
        wrong = played not in spot.cards
        if mistakes and not wrong:
            continue
        players = record.get("players") or []
        found.append({
            "rule": spot.rule,
            "bot": players[seat].get("bot") if seat < len(players) else None,
            "record": {**base, "actions": actions[:i]},
            "seat": seat,
            "answers": sorted(str(Card(c)) for c in spot.cards),
            "played": text,
            "wrong": wrong,
            "solver_margin": solver_margin(game, seat, spot.cards, spot.rule),
        })
    return found


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("records", nargs="+")
    ap.add_argument("--mistakes", action="store_true")
    args = ap.parse_args()
    out = []
    for rec in _records(args.records):
        out.extend(scan(rec, args.mistakes))
    json.dump(out, sys.stdout, indent=1)


if __name__ == "__main__":
    main()
