"""How far below a bot's double-dummy loss could a player that sees only its own cards get?

``spades analyse`` judges each card double dummy (every hand open) and, with
``--informed K``, also on what its player could know: the average double-dummy value of
each legal card over K deals of the unseen cards (the expert's sampler).  The card that
average calls best is what a player deciding by sampled double-dummy play would choose
in that very position.  This script prints, per bot and by stage of the hand:

* ``dd``: the double-dummy tricks lost per card by the cards the bot played (the
  issue's measure);
* ``informed``: the tricks lost per card judged on the samples (how far the bot's card
  was from the samples' best);
* ``sampler``: the double-dummy tricks lost per card by the samples' best card (ties
  averaged), in the same positions: the double-dummy loss of a player that decides by K
  sampled deals solved double dummy, where the bot stood.

    spades match --bots expert,basic --hands 50 --seed 21 --records DIR
    python bench/informed_bound.py DIR --informed 24 [--hands-limit N] [--json OUT]

Each stage is also split by the live nil the choice is about (none, the seat's own, its
partner's, an opponent's); ``--decisions FILE`` writes one JSON line per choice for other
slices.  ``--fit-sd`` and ``--oversample`` draw the samples as the expert does in partnerships (0.9
and 6) instead of the sampler's looser defaults (1.6 and 3).

The positions are the bot's own (its earlier cards shaped them), so ``sampler`` is not a
separate player's match figure; it says how much of ``dd`` a sampling player keeps anyway.
"""

from __future__ import annotations

import argparse
import functools
import json
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from spades import Rules
from spades.analysis import Decision, _judge, analyse_records, load_records
from spades.bots import simulate


def sampler_loss(d: Decision, rules: Rules) -> float:
    """The double-dummy loss of the informed best cards (averaged over ties); the live nils
    weigh as ``spades analyse`` weighs them (+1 an opponent's, -1 the side's own)."""
    assert d.informed is not None
    signs = {z: -1 if rules.side_of(z) == rules.side_of(d.seat) else 1 for z in d.nils}
    capped = {c: min(v, d.counted) for c, v in d.values.items()}
    losses = [_judge(capped, d.nils, signs, False, c)[1] for c in d.informed.best]
    return sum(losses) / len(losses)


def nil_role(d: Decision, rules: Rules) -> str:
    """Which live nil the choice is about: the seat's own, its partner's (to cover), an
    opponent's (to set), or none."""
    if not d.nils:
        return "no nil"
    if d.seat in d.nils:
        return "own nil"
    if any(rules.side_of(z) == rules.side_of(d.seat) for z in d.nils):
        return "partner's nil"
    return "opponent's nil"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("records")
    parser.add_argument("--informed", type=int, default=24, help="deals sampled per decision (default 24)")
    parser.add_argument("--hands-limit", type=int, default=0, help="only the first N records (0: all)")
    parser.add_argument("--fit-sd", type=float, help="the samples' fit to the bids (the sampler's default: "
                        "1.6 tricks; the expert's in partnerships: 0.9)")
    parser.add_argument("--oversample", type=int,
                        help="deals drawn for each one kept (default 3; the expert's: 6)")
    parser.add_argument("--json", metavar="FILE")
    parser.add_argument("--decisions", metavar="FILE", help="one JSON line per choice (for slicing later)")
    args = parser.parse_args(argv)
    fit = {k: v for k, v in (("fit_sd", args.fit_sd), ("oversample", args.oversample)) if v is not None}
    if fit:  # the analysis looks the sampler up at each decision
        simulate.sample_deals = functools.partial(simulate.sample_deals, **fit)  # type: ignore[assignment]
    records = list(load_records(args.records))
    if args.hands_limit:
        records = records[: args.hands_limit]
    start = time.perf_counter()
    analysis = analyse_records(records, informed=args.informed)
    print(f"{len(analysis.hands)} hands analysed with {args.informed} samples a card in "
          f"{time.perf_counter() - start:.0f} s")
    rows: dict[tuple[str, str], list[tuple[float, float, float]]] = defaultdict(list)
    lines: list[str] = []
    for d in analysis.decisions:
        if d.forced or d.informed is None:
            continue
        info = analysis.games[d.game]
        label = info.players[d.seat] if d.seat < len(info.players) else "?"
        assert label is not None
        s = sampler_loss(d, info.rules)
        stage = "tricks 1-5" if d.trick <= 5 else "tricks 6-13"
        role = nil_role(d, info.rules)
        for key in (stage, "all", f"{stage}, {role}"):
            rows[(label, key)].append((float(d.loss), d.informed.loss, s))
        lines.append(json.dumps({"game": d.game, "seat": d.seat, "trick": d.trick, "player": label,
                                 "role": role, "dd": float(d.loss), "informed": d.informed.loss,
                                 "sampler": s}))
    out: list[dict[str, Any]] = []
    print(f"{'player':<12} {'stage':<12} {'choices':>8} {'dd':>7} {'informed':>9} {'sampler':>8}")
    for (label, stage), xs in sorted(rows.items()):
        n = len(xs)
        dd, inf, smp = (sum(x[i] for x in xs) / n for i in range(3))
        print(f"{label:<12} {stage:<12} {n:>8} {dd:>7.4f} {inf:>9.4f} {smp:>8.4f}")
        out.append({"player": label, "stage": stage, "choices": n, "dd": dd, "informed": inf, "sampler": smp})
    print("(per choice: cards with more than one legal card; 'spades analyse' divides by all cards)")
    if args.decisions:
        Path(args.decisions).write_text("\n".join(lines) + "\n", encoding="utf-8")
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
