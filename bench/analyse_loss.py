"""Tricks lost per card, per bot, in the records of a match: ``spades analyse``'s per-player
summary (double dummy: the tricks each card gave away against the best card of the same
hand) printed one bot a line, then each bot's loss per card split by when it was played
(tricks 1-5, where the expert weighs by play-outs; tricks 6-13, where its solver decides) and
by what was at stake (a live nil at the table or tricks alone), then the tricks lost by
what they cost, in tricks 1-5 and 6-13: a nil given up (the card changed a live nil's fate
for the worse), tricks given up while a nil was alive (its fate the same), tricks with no nil
alive.

    spades match --bots expert+basic,basic --hands 100 --seed 1 --records DIR
    python bench/analyse_loss.py DIR [--json OUT.json]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from spades import Rules
from spades.analysis import Decision, _judge, analyse_records, load_records


def cost_kind(d: Decision, rules: Rules) -> str:
    """What the tricks lost by ``d`` cost: a live nil, tricks beside a live nil, or tricks."""
    if not d.nils:
        return "no nil"
    signs = {z: -1 if rules.side_of(z) == rules.side_of(d.seat) else 1 for z in d.nils}
    # the analysis's own order (nils first) with the tricks left out: a loss is a nil's
    nil_loss = _judge(dict.fromkeys(d.values, 0), d.nils, signs, False, d.card)[1]
    return "nil given up" if nil_loss > 0 else "nil alive"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("records", help="a folder of records or a .jsonl file ('spades match --records')")
    parser.add_argument("--json", metavar="FILE", help="also write the per-player rows here")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    analysis = analyse_records(load_records(args.records))
    rows = analysis.player_summary()
    print(f"{len(analysis.hands)} hands analysed in {time.perf_counter() - start:.0f} s")
    print(f"{'player':<24} {'cards':>6} {'choices':>8} {'lost':>5} {'per card':>9} {'costly':>7}")
    for r in rows:
        print(
            f"{r['player']:<24} {r['cards']:>6} {r['choices']:>8} {r['tricks_lost']:>5} "
            f"{r['loss_per_card']:>9.4f} {r['costly']:>7}"
        )
    print(f"{'player':<24} {'tricks 1-5':>11} {'tricks 6-13':>12} {'nil alive':>10} {'tricks':>8}")
    labels = {r["player"] for r in rows}
    for label in sorted(labels):
        mine = []
        for d in analysis.decisions:
            players = analysis.games[d.game].players
            if d.seat < len(players) and players[d.seat] == label:
                mine.append(d)
        parts = [
            [d for d in mine if d.trick <= 5],  # Decision.trick counts from 1
            [d for d in mine if d.trick > 5],
            [d for d in mine if d.objective != "tricks"],
            [d for d in mine if d.objective == "tricks"],
        ]
        cells = [f"{sum(d.loss for d in ds) / len(ds):.4f} ({len(ds)})" if ds else "-" for ds in parts]
        print(f"{label:<24} {cells[0]:>11} {cells[1]:>12} {cells[2]:>10} {cells[3]:>8}")
    kinds = ("nil given up", "nil alive", "no nil")
    print(f"tricks lost by what they cost: {', '.join(kinds)}")
    print(f"{'player':<24} {'tricks 1-5':>18} {'tricks 6-13':>18}")
    for label in sorted(labels):
        lost = {(stage, k): 0 for stage in (0, 1) for k in kinds}
        for d in analysis.decisions:
            info = analysis.games[d.game]
            if d.loss > 0 and d.seat < len(info.players) and info.players[d.seat] == label:
                lost[(int(d.trick > 5), cost_kind(d, info.rules))] += d.loss
        cells = [" / ".join(str(lost[(stage, k)]) for k in kinds) for stage in (0, 1)]
        print(f"{label:<24} {cells[0]:>18} {cells[1]:>18}")
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
