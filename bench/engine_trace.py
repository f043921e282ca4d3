"""A behaviour fingerprint of the engine, for checking that speed work changes nothing.

Plays random games under several rule sets (every preset plus house rules) and writes
every observable after each action: the legal actions, the events, every seat's view,
``is_legal``/``apply`` of probe actions (illegal ones included, with their messages),
copies, undo, records and their replay.  Prints the line count and a sha256 of it all;
run it before and after a change to the engine and compare.

    python bench/engine_trace.py [--games-per-rules N] [--out FILE]
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from spades import Game, IllegalActionError, Rules

PROBES = (
    "QH", "2C", "AS", "bid 4", "nil", "blind nil", "look", "keep", "reject",
    "pass 2C 3D 4H", "discard 2C", "discard", "bid 99", "nonsense",
)  # fmt: skip


def rule_sets() -> list[tuple[str, Rules]]:
    out = [(name, Rules.preset(name)) for name in Rules.PRESET_NAMES]
    base = Rules.preset("partnership")
    out += [
        ("house-1", dataclasses.replace(base, nil=False, blind_nil=False, max_side_bid=13, boston_bonus=200)),
        ("house-2", dataclasses.replace(base, spades_must_be_broken=False, boston_wins=True,
                                        target_score=200)),
        ("house-3", dataclasses.replace(base, blind_nil_min_deficit=100, hands=4, bag_limit=5)),
        ("house-4", dataclasses.replace(base, nil_tricks_count_for_partner=True, losing_score=-100,
                                        blind_nil_exchange=2, max_side_bid=10)),
    ]  # fmt: skip
    return out


def trace(games_per_rules: int, write) -> None:  # type: ignore[no-untyped-def]
    for name, rules in rule_sets():
        for g in range(games_per_rules):
            rng = random.Random(g)
            game = Game(rules, seed=g)
            write(f"== {name} {g} {game!r}")
            step = 0
            while not game.is_over and step < 1500:
                legal = game.legal_actions()
                write(f"{step} {game.phase.value} {game.to_act} {[str(a) for a in legal]}")
                seat = game.to_act
                assert seat is not None
                if step % 7 == 0:
                    for s in range(rules.num_seats):
                        write(repr(game.view(s)))
                if step % 5 == 0:
                    for p in PROBES:
                        write(f"legal? {p} {game.is_legal(p)}")
                        c = game.copy()
                        try:
                            write(f"apply {p} -> {c.apply(p)}")
                        except IllegalActionError as exc:
                            write(f"apply {p} refused: {exc}")
                    try:
                        game.copy().apply(legal[0], seat=(seat + 1) % rules.num_seats)
                    except IllegalActionError as exc:
                        write(f"seat refused: {exc}")
                action = rng.choice(legal)
                if step % 3 == 0:
                    events = game.apply(str(action), seat=seat)
                else:
                    events = game.apply(action)
                write(f"events {events!r}")
                write(f"state {game.scores} {game.bags} {game.tricks_won} {game.trick} {game.spades_broken}")
                if step % 61 == 0 and step:
                    c = game.copy()
                    c.undo(3)
                    write(f"undo {c!r} {c.to_record()['actions'][-2:]}")
                step += 1
            record = game.to_record()
            write(f"record {record}")
            again = Game.from_record(record)
            write(f"replay {again == game} {again!r} {game.history}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games-per-rules", type=int, default=4)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    digest = hashlib.sha256()
    lines = 0
    fh = args.out.open("w", encoding="utf-8") if args.out else None

    def write(text: str) -> None:
        nonlocal lines
        lines += 1
        data = text + "\n"
        digest.update(data.encode())
        if fh is not None:
            fh.write(data)

    trace(args.games_per_rules, write)
    if fh is not None:
        fh.close()
    print(f"{lines} lines, sha256 {digest.hexdigest()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
