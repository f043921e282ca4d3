"""``spades analyse FILE``: a double-dummy review of every bid and card of saved games."""

from __future__ import annotations

import argparse
import json
import os
import sys

from ..errors import RecordError
from ..i18n import _
from .language import add_lang_argument, apply_language


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "file",
        help="a game record (JSON, as saved by 'spades play' or Game.to_record()), a JSON Lines file "
        "of records, or a folder of records ('spades match --records DIR')",
    )
    parser.add_argument(
        "--hand", type=int, metavar="N", help="analyse only hand N of each game (1 is the first)"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the account")
    parser.add_argument(
        "--informed",
        type=int,
        default=0,
        metavar="K",
        help="also judge each card on what its player could know: K deals of the unseen cards "
        "sampled per decision (slower; 0, the default, is double dummy only)",
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the --informed sampling (default 0)")
    parser.add_argument("--brief", action="store_true", help="in the account, list only the costly cards")
    add_lang_argument(parser, "account")


def run(args: argparse.Namespace) -> int:
    from ..analysis import analyse_records, load_records

    refused = apply_language(args)
    if refused is not None:
        print(f"spades analyse: {refused}", file=sys.stderr)
        return 2
    if args.hand is not None and args.hand < 1:
        print(_("spades analyse: --hand counts from 1 (the first hand of the game)"), file=sys.stderr)
        return 2
    if args.informed < 0:
        print(_("spades analyse: --informed is a number of samples, 0 or more"), file=sys.stderr)
        return 2
    try:
        records = load_records(args.file)
        analysis = analyse_records(
            records,
            hands=None if args.hand is None else [args.hand],
            informed=args.informed,
            seed=args.seed,
        )
    except RecordError as exc:
        print(f"spades analyse: {exc}", file=sys.stderr)
        return 2
    if args.hand is not None and not analysis.hands:
        print(_("spades analyse: no game in {file} has a hand {n} with cards played").format(
            file=args.file, n=args.hand), file=sys.stderr)
        return 2
    text = json.dumps(analysis.to_dict()) if args.json else "\n".join(analysis.text(verbose=not args.brief))
    try:
        print(text)
        sys.stdout.flush()
    except BrokenPipeError:  # the reader stopped early ('| head'): not an error
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    return 0
