"""``spades replay FILE``: print a saved game hand by hand."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..errors import RecordError
from ..i18n import _
from .language import add_lang_argument, apply_language


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "file",
        help="a game record (JSON), as saved by 'spades play' or Game.to_record(), "
        "or a JSON Lines file of records (.jsonl: spades match --records FILE.jsonl)",
    )
    parser.add_argument(
        "--game",
        type=int,
        default=None,
        metavar="N",
        help="in a JSON Lines file, replay only game N (from 1; default: every game)",
    )
    add_lang_argument(parser, "account")


def run(args: argparse.Namespace) -> int:
    from ..replay import narrate

    refused = apply_language(args)
    if refused is not None:
        print(f"spades replay: {refused}", file=sys.stderr)
        return 2
    if str(args.file).endswith(".jsonl"):
        return _run_jsonl(args, narrate)
    try:
        with open(args.file, encoding="utf-8") as fh:
            record = json.load(fh)
    except OSError as exc:
        print(
            _("spades replay: cannot read {file}: {error}").format(file=args.file, error=exc.strerror),
            file=sys.stderr,
        )
        return 2
    except json.JSONDecodeError as exc:
        print(
            _("spades replay: {file} is not JSON: {error}").format(file=args.file, error=exc), file=sys.stderr
        )
        return 2
    except UnicodeDecodeError:
        print(_("spades replay: {file} is not a text (UTF-8) file").format(file=args.file), file=sys.stderr)
        return 2
    try:
        lines = narrate(record)
    except RecordError as exc:
        print(f"spades replay: {exc}", file=sys.stderr)
        return 2
    print("\n".join(lines))
    return 0


def _run_jsonl(args: argparse.Namespace, narrate: Any) -> int:
    """Replay the records of a JSON Lines file, one after another (or game N)."""
    from ..records import read_jsonl

    try:
        records = read_jsonl(args.file)
    except OSError as exc:
        print(
            _("spades replay: cannot read {file}: {error}").format(file=args.file, error=exc.strerror),
            file=sys.stderr,
        )
        return 2
    except (RecordError, UnicodeDecodeError) as exc:
        print(f"spades replay: {exc}", file=sys.stderr)
        return 2
    if args.game is not None and not 1 <= args.game <= len(records):
        print(_("spades replay: --game must be from 1 to {n}").format(n=len(records)), file=sys.stderr)
        return 2
    chosen = [(args.game, records[args.game - 1])] if args.game is not None else list(enumerate(records, 1))
    out: list[str] = []
    for number, record in chosen:
        try:
            lines = narrate(record)
        except RecordError as exc:
            print(_("spades replay: game {n}: {error}").format(n=number, error=exc), file=sys.stderr)
            return 2
        out += [_("== game {n} of {total} ==").format(n=number, total=len(records)), *lines, ""]
    print("\n".join(out).rstrip("\n"))
    return 0
