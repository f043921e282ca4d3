"""``spades replay FILE``: print a saved game hand by hand."""

from __future__ import annotations

import argparse
import json
import sys

from ..errors import RecordError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="a game record (JSON), as saved by 'spades play' or Game.to_record()")


def run(args: argparse.Namespace) -> int:
    from ..replay import narrate

    try:
        with open(args.file, encoding="utf-8") as fh:
            record = json.load(fh)
    except OSError as exc:
        print(f"spades replay: cannot read {args.file}: {exc.strerror}", file=sys.stderr)
        return 2
    except json.JSONDecodeError as exc:
        print(f"spades replay: {args.file} is not JSON: {exc}", file=sys.stderr)
        return 2
    except UnicodeDecodeError:
        print(f"spades replay: {args.file} is not a text (UTF-8) file", file=sys.stderr)
        return 2
    try:
        lines = narrate(record)
    except RecordError as exc:
        print(f"spades replay: {exc}", file=sys.stderr)
        return 2
    print("\n".join(lines))
    return 0
