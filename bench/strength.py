"""Regenerate bench/strength.md: how strong the computer players are, measured by
``spades match`` in duplicate.

    PYTHONPATH=src python bench/strength.py                # the default sizes
    PYTHONPATH=src python bench/strength.py --expert-hands 200 --basic-hands 400 --workers 2

Two matches on the partnership preset (whole deals, duplicate: every deal is
played at two tables with the sides swapped):

* basic against random;
* expert against basic.

Each is run through the real command line (``python -m spades.cli match
--json``) and the report lists points per hand with the 95% confidence
interval of the difference, nil and blind-nil success, how often each side is
set, bags per hand and seconds per decision, then checks the expert's goals:
at least +20 points per hand over basic, at least 80% of its nils made, set
in at most 6% of hands, median decision at most 0.5 s and 99th percentile at
most 3 s.  Decision times are wall-clock times measured inside the worker
processes, so a busy machine inflates them: the report records the load
average before and after each match.
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


def goals(data: dict[str, Any]) -> list[str]:
    expert = data["sides"][0]
    diff = data["diff_per_hand"]
    t = expert["seconds_per_decision"]
    checks = [
        (
            "expert beats basic by >= 20 points per hand",
            f"{diff['mean']:+.1f} (CI +-{diff['ci95']:.1f})",
            diff["mean"] >= GOALS["diff"],
        ),
        (
            "expert makes >= 80% of its nils",
            f"{pct(expert['nil_success'])} of {expert['nil_bids']}",
            expert["nil_success"] is not None and expert["nil_success"] >= GOALS["nil"],
        ),
        (
            "expert is set in <= 6% of hands",
            pct(expert["set_rate"]),
            expert["set_rate"] is not None and expert["set_rate"] <= GOALS["set"],
        ),
        ("median decision <= 0.5 s", f"{t['median']:.3f} s", t["median"] <= GOALS["median"]),
        ("99th percentile decision <= 3 s", f"{t['p99']:.3f} s", t["p99"] <= GOALS["p99"]),
    ]
    lines = ["## Goals", "", "| goal | measured | met |", "|---|---|---|"]
    for goal, measured, ok in checks:
        lines.append(f"| {goal} | {measured} | {'yes' if ok else 'NO'} |")
    lines.append("")
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--basic-hands", type=int, default=400, help="deals for basic vs random")
    parser.add_argument("--expert-hands", type=int, default=200, help="deals for expert vs basic")
    parser.add_argument("--seed", type=int, default=2026)
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
        f"Python {platform.python_version()}, {args.workers} worker processes. The machine was shared "
        "with other jobs while this ran, so the decision times are pessimistic.",
        "",
    ]
    runs = [
        ("basic against random", "basic,random", args.basic_hands),
        ("expert against basic", f"{args.expert},basic", args.expert_hands),
    ]
    expert_data = None
    for title, bots, hands in runs:
        command = (
            f"spades match --bots {bots} --hands {hands} --seed {args.seed} --workers {args.workers} --json"
        )
        print(f"running: {command}", file=sys.stderr)
        data, elapsed, load = run_match(bots, hands, args.seed, args.workers)
        lines += section(title, command, data, elapsed, load)
        if bots.startswith("expert"):
            expert_data = data
    if expert_data is not None:
        lines += goals(expert_data)
    Path(args.out).write_text("\n".join(lines), encoding="utf-8")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
