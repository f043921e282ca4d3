"""Regenerate bench/strength.md: how strong the computer players are, measured by
``spades match`` in duplicate.

    PYTHONPATH=src python bench/strength.py                # the defaults (about 10 minutes on 2 idle cores)
    PYTHONPATH=src python bench/strength.py --expert-hands 200 --seeds 2026 --workers 2

Matches on the partnership preset (whole deals, duplicate: every deal is
played at two tables with the sides swapped):

* basic against random, on the first seed;
* expert against basic, on every seed of ``--seeds`` (default three: one
  400-deal match is not enough to tell a 6% set rate from 7%, or 80% of about
  a hundred nils from 75%).

Each is run through the real command line (``python -m spades.cli match
--json``) and the report lists points per hand with the 95% confidence
interval of the difference, nil and blind-nil success, how often each side is
set, bags per hand and seconds per decision, then checks the expert's goals
on each seed and on all of them together: at least +20 points per hand over
basic, at least 80% of its nils made, set in at most 6% of hands, median
decision at most 0.5 s and 99th percentile at most 3 s.  Decision times are
wall-clock times measured inside the worker processes, so a busy machine
inflates them: the report records the load average before and after each
match.  What was tried, and why the defaults are what they are, is in
bench/strength-notes.md (written by hand).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
GOALS = {
    "diff": 20.0,
    "nil": 0.80,
    "set": 0.06,
    "median": 0.5,
    "p99": 3.0,
}


def run_match(
    bots: str, hands: int, seed: int, workers: int
) -> tuple[dict[str, Any], float, tuple[float, ...]]:
    cmd = [
        sys.executable,
        "-m",
        "spades.cli",
        "match",
        "--bots",
        bots,
        "--hands",
        str(hands),
        "--seed",
        str(seed),
        "--workers",
        str(workers),
        "--json",
    ]
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT / "src") + os.pathsep + env.get("PYTHONPATH", "")
    load_before = os.getloadavg()
    start = time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=ROOT, check=False)
    elapsed = time.perf_counter() - start
    if out.returncode != 0:
        raise SystemExit(f"spades match failed ({' '.join(cmd)}):\n{out.stderr}")
    return json.loads(out.stdout), elapsed, load_before + os.getloadavg()


def pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def section(
    title: str, command: str, data: dict[str, Any], elapsed: float, load: tuple[float, ...]
) -> list[str]:
    diff = data["diff_per_hand"]
    a, b = diff["between"]
    lines = [
        f"## {title}",
        "",
        f"`{command}`",
        "",
        f"{data['hands']} deals, each played at two tables with the sides swapped: "
        f"{data['hands_played']} hands played, {data['games']} games finished, {elapsed:.0f} s wall clock "
        f"(load average {load[0]:.1f} before, {load[3]:.1f} after).",
        "",
        f"**{a} - {b}: {diff['mean']:+.1f} points per hand, 95% CI +-{diff['ci95']:.1f}** "
        f"([{diff['mean'] - diff['ci95']:+.1f}, {diff['mean'] + diff['ci95']:+.1f}])",
        "",
        "| | " + " | ".join(s["bot"] for s in data["sides"]) + " |",
        "|---|" + "---:|" * len(data["sides"]),
    ]
    rows = [
        ("points per hand", lambda s: f"{s['points_per_hand']:.1f}"),
        ("games won", lambda s: str(s["games_won"])),
        ("nil bids (made)", lambda s: f"{s['nil_bids']} ({pct(s['nil_success'])})"),
        ("blind nil bids (made)", lambda s: f"{s['blind_nil_bids']} ({pct(s['blind_nil_success'])})"),
        ("set (of hands with a contract)", lambda s: pct(s["set_rate"])),
        ("bags per hand", lambda s: f"{s['bags_per_hand']:.2f}"),
        ("decisions timed", lambda s: str(s["seconds_per_decision"]["decisions"])),
        ("seconds per decision, median", lambda s: f"{s['seconds_per_decision']['median']:.4f}"),
        ("seconds per decision, p99", lambda s: f"{s['seconds_per_decision']['p99']:.4f}"),
        ("seconds per decision, max", lambda s: f"{s['seconds_per_decision']['max']:.4f}"),
    ]
    for label, fmt in rows:
        lines.append(f"| {label} | " + " | ".join(fmt(s) for s in data["sides"]) + " |")
    lines.append("")
    return lines


def _pooled(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """The expert's figures over several matches: counts summed, rates weighted by what
    they count (the set rate by hands, as the matches do not report their contracts)."""
    sides = [r["sides"][0] for r in runs]
    nils = sum(s["nil_bids"] for s in sides)
    made = sum(s["nil_success"] * s["nil_bids"] for s in sides if s["nil_success"] is not None)
    hands = sum(s["hands"] for s in sides)
    diffs = [r["diff_per_hand"] for r in runs]
    return {
        "diff": sum(d["mean"] for d in diffs) / len(diffs),
        "ci95": sum(d["ci95"] ** 2 for d in diffs) ** 0.5 / len(diffs),
        "nil_bids": nils,
        "nil_success": made / nils if nils else None,
        "set_rate": sum(s["set_rate"] * s["hands"] for s in sides) / hands,
        "median": max(s["seconds_per_decision"]["median"] for s in sides),
        "p99": max(s["seconds_per_decision"]["p99"] for s in sides),
    }


def goals(runs: list[tuple[int, dict[str, Any]]]) -> list[str]:
    columns: list[tuple[str, dict[str, Any]]] = []
    for seed, data in runs:
        expert = data["sides"][0]
        t = expert["seconds_per_decision"]
        columns.append(
            (
                f"seed {seed}",
                {
                    "diff": data["diff_per_hand"]["mean"],
                    "ci95": data["diff_per_hand"]["ci95"],
                    "nil_bids": expert["nil_bids"],
                    "nil_success": expert["nil_success"],
                    "set_rate": expert["set_rate"],
                    "median": t["median"],
                    "p99": t["p99"],
                },
            )
        )
    if len(runs) > 1:
        columns.append(("all seeds", _pooled([d for _, d in runs])))
    checks = [
        (
            "expert beats basic by >= 20 points per hand",
            lambda c: f"{c['diff']:+.1f} (CI +-{c['ci95']:.1f})",
            lambda c: c["diff"] >= GOALS["diff"],
        ),
        (
            "expert makes >= 80% of its nils",
            lambda c: f"{pct(c['nil_success'])} of {c['nil_bids']}",
            lambda c: c["nil_success"] is not None and c["nil_success"] >= GOALS["nil"],
        ),
        (
            "expert is set in <= 6% of hands",
            lambda c: pct(c["set_rate"]),
            lambda c: c["set_rate"] is not None and c["set_rate"] <= GOALS["set"],
        ),
        (
            "median decision <= 0.5 s",
            lambda c: f"{c['median']:.3f} s",
            lambda c: c["median"] <= GOALS["median"],
        ),
        (
            "99th percentile decision <= 3 s",
            lambda c: f"{c['p99']:.3f} s",
            lambda c: c["p99"] <= GOALS["p99"],
        ),
    ]
    lines = [
        "## Goals",
        "",
        "| goal | " + " | ".join(name for name, _ in columns) + " |",
        "|---|" + "---|" * len(columns),
    ]
    for goal, measured, ok in checks:
        cells = [f"{measured(c)} ({'met' if ok(c) else 'NOT met'})" for _, c in columns]
        lines.append(f"| {goal} | " + " | ".join(cells) + " |")
    lines.append("")
    if len(runs) > 1:
        lines.append(
            "All seeds: the mean of the per-seed differences (its CI from theirs), nils and sets "
            "over every hand, the largest median and 99th percentile."
        )
        lines.append("")
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--basic-hands", type=int, default=400, help="deals for basic vs random")
    parser.add_argument("--expert-hands", type=int, default=400, help="deals for expert vs basic")
    parser.add_argument(
        "--seeds",
        default="2026,7,99",
        help="comma-separated seeds, one expert match each (default 2026,7,99)",
    )
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--expert", default="expert", help="the expert's spec, e.g. expert:samples=12")
    parser.add_argument("--out", default=str(ROOT / "bench" / "strength.md"))
    args = parser.parse_args()

    lines = [
        "# Strength of the computer players",
        "",
        "Regenerated by `bench/strength.py`; every number below comes from `spades match --json` in "
        "duplicate on the partnership preset (to 500, bags 10/-100, nil 100, blind nil 200 with a "
        "3-card exchange).",
        "",
        f"Machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}, {args.workers} worker processes. Each match gives the "
        "load average before and after it: the matches themselves raise it to about the worker "
        "count, and more than that means the machine was shared and the decision times are "
        "pessimistic. `spades match` compiles the expert's solver before the first deal "
        "(`Bot.prepare`), so no decision below includes compiling it; on a fresh install the "
        "first match's wall clock does (about 30-60 s).",
        "",
    ]
    try:
        seeds = [int(x) for x in args.seeds.split(",") if x.strip()]
    except ValueError:
        parser.error("--seeds takes whole numbers separated by commas, e.g. 2026,7,99")
    if not seeds:
        parser.error("--seeds needs at least one seed")
    expert_bots = f"{args.expert},basic"
    runs = [("basic against random", "basic,random", args.basic_hands, seeds[0])]
    runs += [(f"expert against basic, seed {seed}", expert_bots, args.expert_hands, seed) for seed in seeds]
    expert_runs: list[tuple[int, dict[str, Any]]] = []
    for title, bots, hands, seed in runs:
        command = f"spades match --bots {bots} --hands {hands} --seed {seed} --workers {args.workers} --json"
        print(f"running: {command}", file=sys.stderr)
        data, elapsed, load = run_match(bots, hands, seed, args.workers)
        lines += section(title, command, data, elapsed, load)
        if bots == expert_bots:
            expert_runs.append((seed, data))
    if expert_runs:
        lines += goals(expert_runs)
    lines += ["What was tried, and why the defaults are what they are: `bench/strength-notes.md`.", ""]
    Path(args.out).write_text("\n".join(lines), encoding="utf-8")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
