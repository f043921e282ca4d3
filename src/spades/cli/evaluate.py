"""``spades evaluate``: place any agent on the published strength ladder.

The protocol is :mod:`spades.ladder`'s (docs/research.md, "Evaluating an agent"):
duplicate matches against ``random``, ``basic``, ``expert`` (and ``openspiel-ismcts``
when OpenSpiel is installed), points per hand with 95% CIs, and an openskill rating
on the ladder's scale.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..errors import SpadesError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("agent", help="the agent: a bot name, module:Class or path/to/file.py:Class "
                        "(options after a colon, as in 'spades match --bots')")
    parser.add_argument("--opponents", default="random,basic,expert,openspiel-ismcts",
                        help="ladder bots to play (default: all four; IS-MCTS only with OpenSpiel)")
    parser.add_argument("--deals", type=int, default=100, help="deals per opponent and seed (default 100)")
    parser.add_argument("--seeds", default="1,2,3", help="comma-separated seeds (default 1,2,3)")
    parser.add_argument("--blind-nil", choices=("off", "on"), default="off",
                        help="the ladder's setting (default off, its first table)")
    parser.add_argument("--workers", type=int, default=None, help="processes (default: every core)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of tables")


def run(args: argparse.Namespace) -> int:
    from ..ladder import evaluate
    from ..match import MatchError, parse_bot_spec

    try:
        seeds = [int(s) for s in args.seeds.split(",") if s.strip()]
        if not seeds:
            raise MatchError("--seeds needs at least one seed")
        if args.deals < 1:
            raise MatchError("--deals must be at least 1")
        parse_bot_spec(args.agent)
        opponents = [o.strip() for o in args.opponents.split(",") if o.strip()]
        quiet = args.json or not sys.stderr.isatty()

        def progress(opponent: str, seed: int) -> None:
            if not quiet:
                print(f"{args.agent} against {opponent}, seed {seed}...", file=sys.stderr, flush=True)

        result = evaluate(args.agent, opponents, deals=args.deals, seeds=seeds,
                          blind_nil=args.blind_nil == "on", workers=args.workers, progress=progress)
    except ValueError as exc:
        print(f"spades evaluate: {'--seeds must be whole numbers' if 'int()' in str(exc) else exc}",
              file=sys.stderr)
        return 2
    except (SpadesError, ImportError) as exc:
        print(f"spades evaluate: {exc}", file=sys.stderr)
        return 2
    data = result.to_dict()
    print(json.dumps(data) if args.json else format_report(data))
    return 0


def format_report(data: dict[str, Any]) -> str:
    """The readable report (the ``--json`` object as tables)."""
    setting = "on" if data["blind_nil"] else "off"
    lines = [f"{data['agent']} on the ladder (partnership, blind nil {setting}, duplicate, seeds "
             f"{','.join(map(str, data['seeds']))}; {data['seconds']} s)", "",
             "opponent            deals  points/hand (95% CI)  games won  share of games (95% CI)"]
    for r in data["opponents"]:
        ci = "n/a" if r["ci95"] is None else f"+-{r['ci95']:.1f}"
        share = "-" if r["game_share"] is None else (
            f"{100 * r['game_share']:.0f}% [{100 * r['game_share_ci95'][0]:.0f}, "
            f"{100 * r['game_share_ci95'][1]:.0f}]")
        won = f"{r['games_won'][0]} - {r['games_won'][1]}"
        lines.append(f"{r['opponent']:18s} {r['deals']:6d}  {r['points_per_hand']:+8.1f} {ci:>10s}  "
                     f"{won:>9s}  {share}")
    rating = data["rating"]
    lines.append("")
    if rating is None:
        lines.append("rating: no finished game yet (play more deals: a game to 500 takes about ten hands)")
    else:
        mu, sigma = rating["mu"], rating["sigma"]
        lines.append(f"rating (openskill, the ladder's scale): mu {mu:.1f}, 95% interval "
                     f"[{mu - 1.96 * sigma:.1f}, {mu + 1.96 * sigma:.1f}], ordinal {rating['ordinal']:.1f}")
    lines += ["", "ladder (published ratings, bench/ladder.md; the agent placed among them):"]
    for i, row in enumerate(data["ladder"], 1):
        mark = "  <- the agent" if row["bot"] == data["agent"] else ""
        lines.append(f"  {i}. {row['bot']:22s} mu {row['mu']:6.1f}  sigma {row['sigma']:4.1f}{mark}")
    return "\n".join(lines)
