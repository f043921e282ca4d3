"""The house rules of RULES.md section 7 in duplicate: the expert against basic and against
random, one row per rule setting, blind nil off (issue 49).

    PYTHONPATH=src nice -n 19 python bench/ladder_house.py run --variants suicide,whiz \\
        --pairs expert,basic --seeds 1 --deals 40 --workers 1          # a quick check
    PYTHONPATH=src python bench/ladder_house.py report                 # the table from the runs

``run`` plays ``spades.match.run_match`` on the partnership preset with ``blind_nil=False``
and the variant's options, once per seed and pairing, and writes each run's JSON
(``MatchResult.to_dict``) to ``bench/ladder-runs/house-<variant>-<a>-<b>-s<seed>-d<deals>.json``.
``report`` reads every such file and prints a markdown table: per variant and pairing,
the seeds and deals found, the first bot's lead in points per hand (the mean of the
per-seed means, its 95% CI the seeds' CIs combined), both bots' nils made and sets.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import sys
from pathlib import Path
from typing import Any

from spades import Rules
from spades.match import run_match

ROOT = Path(__file__).resolve().parent.parent
RUNS = ROOT / "bench" / "ladder-runs"

#: the settings measured: a name and the options over the partnership preset (blind nil off)
VARIANTS: dict[str, dict[str, Any]] = {
    "standard": {},
    "suicide": {"bidding": "suicide"},
    "whiz": {"bidding": "whiz"},
    "mirror": {"bidding": "mirror"},
    "nil-exchange": {"nil_exchange": 3},
    "board4": {"min_side_bid": 4},
    "ten-for-200": {"ten_for_two_hundred": True},
    "blind-bids": {"blind_bid_deficit": 100},
    "two-of-clubs": {"first_lead": "two-of-clubs"},
    "jokers": {"deck": "jokers"},
    "jokers-deuces": {"deck": "jokers-deuces"},
    "deuces": {"deck": "deuces"},
}


def rules_for(variant: str) -> Rules:
    base = dataclasses.replace(Rules.preset("partnership"), blind_nil=False)
    return dataclasses.replace(base, **VARIANTS[variant])


def run(args: argparse.Namespace) -> None:
    RUNS.mkdir(parents=True, exist_ok=True)
    for variant in args.variants.split(","):
        rules = rules_for(variant)
        for pair in args.pairs.split(";"):
            bots = pair.split(",")
            for seed in (int(s) for s in args.seeds.split(",")):
                result = run_match(rules, bots, hands=args.deals, seed=seed, workers=args.workers)
                data = result.to_dict()
                data["variant"] = variant
                name = f"house-{variant}-{'-'.join(b.split(':')[0] for b in bots)}-s{seed}-d{args.deals}.json"
                (RUNS / name).write_text(json.dumps(data, indent=1) + "\n")
                a, b = data["sides"]
                diff = data["diff_per_hand"]
                print(
                    f"{variant:13s} {pair:14s} seed {seed} deals {args.deals}: "
                    f"{diff['mean']:+7.1f} +-{diff['ci95'] or math.nan:5.1f} "
                    f"nils {_pct(a['nil_success'])}/{_pct(b['nil_success'])} "
                    f"set {_pct(a['set_rate'])}/{_pct(b['set_rate'])} "
                    f"bags {a['bags_per_hand']}/{b['bags_per_hand']} "
                    f"s/dec {a['seconds_per_decision']['mean']} ({data['seconds']} s)",
                    flush=True,
                )


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.0f}%"


def _longest_runs() -> list[dict[str, Any]]:
    """Every run on file, keeping for each variant, pairing and seed only the one with the
    most deals (a quick 40-deal check and the full run of the same seed are not averaged)."""
    best: dict[tuple[str, str, int], dict[str, Any]] = {}
    for f in sorted(RUNS.glob("house-*.json")):
        data = json.loads(f.read_text())
        key = (data["variant"], " - ".join(s["bot"] for s in data["sides"]), data["seed"])
        if key not in best or data["hands"] > best[key]["hands"]:
            best[key] = data
    return list(best.values())


def report(args: argparse.Namespace) -> None:
    rows: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for data in _longest_runs():
        pair = " - ".join(s["bot"] for s in data["sides"])
        rows.setdefault((data["variant"], pair), []).append(data)
    out = sys.stdout
    out.write(
        "| variant | pairing | seeds x deals | first bot per hand, 95% CI | nils made | set | complete |\n"
        "|---|---|---|---|---|---|---|\n"
    )
    order = list(VARIANTS)
    for (variant, pair), runs in sorted(rows.items(), key=lambda kv: (order.index(kv[0][0]), kv[0][1])):
        full = [r for r in runs if r["hands"] >= 200]
        if full:  # the quick checks of fewer deals only stand in for a row not run in full
            runs = full
        means = [r["diff_per_hand"]["mean"] for r in runs]
        cis = [r["diff_per_hand"]["ci95"] or 0.0 for r in runs]
        mean = sum(means) / len(means)
        ci = math.sqrt(sum(c * c for c in cis)) / len(cis)
        a_n = sum(r["sides"][0]["nil_bids"] for r in runs)
        a_ok = sum((r["sides"][0]["nil_success"] or 0) * r["sides"][0]["nil_bids"] for r in runs)
        b_n = sum(r["sides"][1]["nil_bids"] for r in runs)
        b_ok = sum((r["sides"][1]["nil_success"] or 0) * r["sides"][1]["nil_bids"] for r in runs)
        sets_a = sum(r["sides"][0]["set_rate"] or 0 for r in runs) / len(runs)
        sets_b = sum(r["sides"][1]["set_rate"] or 0 for r in runs) / len(runs)
        seeds = sorted({r["seed"] for r in runs})
        deals = sorted({r["hands"] for r in runs})
        complete = len(seeds) >= 3 and min(deals) >= 200
        out.write(
            f"| {variant} | {pair} | {len(seeds)} x {'/'.join(map(str, deals))} | {mean:+.1f} +- {ci:.1f} | "
            f"{_pct(a_ok / a_n if a_n else None)} / {_pct(b_ok / b_n if b_n else None)} | "
            f"{_pct(sets_a)} / {_pct(sets_b)} | {'yes' if complete else 'no'} |\n"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    r = sub.add_parser("run")
    r.add_argument("--variants", default=",".join(VARIANTS))
    r.add_argument("--pairs", default="expert,basic;expert,random", help="';'-separated pairings")
    r.add_argument("--seeds", default="1,2,3")
    r.add_argument("--deals", type=int, default=200)
    r.add_argument("--workers", type=int, default=1)
    sub.add_parser("report")
    args = parser.parse_args()
    run(args) if args.command == "run" else report(args)


if __name__ == "__main__":
    main()
