"""``spades match``: computer players against each other, in duplicate.

The work is done by :mod:`spades.match`; this module reads the options, shows
progress on stderr (rich when installed, a plain counter otherwise, nothing
with ``--json`` or when stderr is not a terminal) and prints the result as a
table or as one JSON object.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any

from ..errors import SpadesError
from .rule_options import RULES_HELP, add_rule_arguments, base_rules, rules_from_args


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--bots",
        default="basic,random",
        help="one bot per side, in side order, e.g. 'expert,basic' (cutthroat: four names). "
        "Options follow a colon: 'expert:samples=20:seconds=0.2'. A side may seat two bots joined "
        "by '+': 'expert+basic,basic' puts the expert in side 1's first seat and basic in its "
        "partner's seat (duplicate as always: every deal is also played with the sides swapped)",
    )
    parser.add_argument(
        "--preset",
        default="partnership",
        help="partnership, two-player, cutthroat, three-player or openspiel",
    )
    parser.add_argument("--rules", metavar="NAME|STRING", help=RULES_HELP)
    parser.add_argument(
        "--hands",
        type=int,
        default=None,
        help="play this many deals (each at every table) instead of whole games",
    )
    parser.add_argument(
        "--games", type=int, default=10, help="whole games per table when --hands is not given (default 10)"
    )
    parser.add_argument("--seed", type=int, default=0, help="seed for the deals and the bots (default 0)")
    parser.add_argument("--workers", type=int, default=None, help="processes to use (default: every core)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    parser.add_argument(
        "--cluster", metavar="ADDRESS", default=None,
        help="play the boards on this Dask scheduler (tcp://host:8786; the 'cluster' extra) instead of "
        "local processes; same results as a local run with the same --seed",
    )
    parser.add_argument(
        "--records", metavar="DIR|FILE.jsonl",
        help="write every game's record here, for 'spades replay': one JSON file each in a "
        "directory, or all in one JSON Lines file when the name ends with .jsonl",
    )
    rules = parser.add_argument_group(
        "rule options (override the preset; --game-hands N ends every game after N hands)"
    )
    add_rule_arguments(rules, taken={"--hands"})


def _rules(args: argparse.Namespace) -> Any:
    return rules_from_args(args, base_rules(args))


def _progress(enabled: bool) -> tuple[Callable[[int, int], None] | None, Callable[[], None]]:
    if not enabled:
        return None, lambda: None
    try:
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

        bar = Progress(
            "[progress.description]{task.description}",
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            transient=True,
            console=None,
        )
        bar.start()
        task = bar.add_task("boards", total=None)

        def update(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        return update, bar.stop
    except ImportError:

        def plain(done: int, total: int) -> None:
            print(f"\rboards {done}/{total}", end="", file=sys.stderr, flush=True)

        return plain, lambda: print(file=sys.stderr)


def run(args: argparse.Namespace) -> int:
    from ..match import MatchError, run_match, write_records

    try:
        rules = _rules(args)
        bots = [b for b in args.bots.split(",") if b.strip()]
        if args.hands is not None and args.hands < 1:
            raise MatchError("--hands must be at least 1")
        if args.games < 1:
            raise MatchError("--games must be at least 1")
        if args.workers is not None and args.workers < 1:
            raise MatchError("--workers must be at least 1")
        show = not args.json and sys.stderr.isatty()
        update, stop = _progress(show)
        try:
            result = run_match(
                rules,
                bots,
                hands=args.hands,
                games=args.games,
                seed=args.seed,
                workers=args.workers,
                records=bool(args.records),
                progress=update,
                cluster=args.cluster,
            )
        finally:
            stop()
    except (SpadesError, ValueError, ImportError, ConnectionError) as exc:
        print(f"spades match: {exc}", file=sys.stderr)
        return 2
    data = result.to_dict()
    if args.records:
        try:
            count = write_records(result, args.records)
        except OSError as exc:
            print(f"spades match: cannot write records to {args.records}: {exc.strerror}", file=sys.stderr)
            return 2
        kind = "file" if str(args.records).endswith(".jsonl") else "directory"
        data["records"] = {kind: args.records, "games": count}
    if args.json:
        print(json.dumps(data))
    else:
        print(format_table(data))
    return 0


def _fmt(value: Any, pct: bool = False, seconds: bool = False) -> str:
    if value is None:
        return "-"
    if pct:
        return f"{100 * value:.1f}%"
    if seconds:
        return f"{value:.4f}"
    return str(value)


def format_table(data: dict[str, Any]) -> str:
    """The readable report of a match (the ``--json`` object as a table)."""
    sides = data["sides"]
    rows = [
        ("points per hand", [_fmt(s["points_per_hand"]) for s in sides]),
        ("games won", [_fmt(s["games_won"]) for s in sides]),
        ("nil bids", [_fmt(s["nil_bids"]) for s in sides]),
        ("nil made", [_fmt(s["nil_success"], pct=True) for s in sides]),
        ("blind nil bids", [_fmt(s["blind_nil_bids"]) for s in sides]),
        ("blind nil made", [_fmt(s["blind_nil_success"], pct=True) for s in sides]),
        ("set", [_fmt(s["set_rate"], pct=True) for s in sides]),
        ("bags per hand", [_fmt(s["bags_per_hand"]) for s in sides]),
        ("s/decision median", [_fmt(s["seconds_per_decision"]["median"], seconds=True) for s in sides]),
        ("s/decision p99", [_fmt(s["seconds_per_decision"]["p99"], seconds=True) for s in sides]),
    ]
    head = ["", *[s["bot"] for s in sides]]
    widths = [max(len(head[0]), *(len(r[0]) for r in rows))]
    for i in range(len(sides)):
        widths.append(max(len(head[i + 1]), *(len(r[1][i]) for r in rows)))
    lines = [
        f"Duplicate match, {data['preset']}"
        + (f" ({'; '.join(data['rules'])})" if data["rules"] else "")
        + f": {data['hands']} deals, {data['hands_played']} hands played, {data['games']} games, "
        f"seed {data['seed']}, {data['seconds']} s",
        "  ".join(h.rjust(w) if i else h.ljust(w) for i, (h, w) in enumerate(zip(head, widths))),
    ]
    for label, values in rows:
        cells = [label.ljust(widths[0])] + [v.rjust(w) for v, w in zip(values, widths[1:])]
        lines.append("  ".join(cells))
    for s in sides:
        if "seconds_per_decision_by_seat" in s:
            timing = "; ".join(
                f"{bot} {_fmt(t['median'], seconds=True)} / {_fmt(t['p99'], seconds=True)}"
                for bot, t in zip(s["seats"], s["seconds_per_decision_by_seat"])
            )
            lines.append(f"{s['bot']}, s/decision median / p99 by seat: {timing}")
    diff = data["diff_per_hand"]
    if diff["between"]:
        a, b = diff["between"]
        ci = "n/a: too few boards" if diff["ci95"] is None else f"+-{diff['ci95']:.1f}"
        lines.append(f"{a} - {b}: {diff['mean']:+.1f} points per hand (95% CI {ci})")
    return "\n".join(lines)
