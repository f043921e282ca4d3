"""``spades verify RECORD``: check that every deal of a saved game is the one its published
commitment bound (docs/fairness.md).

Exit status 0 with a ``verified`` line per game; 1 with the reason when a deal, a secret or
a commitment does not match; 2 when the file cannot be read.
"""

from __future__ import annotations

import argparse
import json
import sys

from ..errors import RecordError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "file",
        help="a game record (JSON) with its \"fairness\" object: from the server "
        "(/api/tables/ID/record), 'spades play --save', or a JSON Lines file of records "
        "(.jsonl: spades match --records FILE.jsonl)",
    )


def run(args: argparse.Namespace) -> int:
    from ..fairness import FairnessError, verify_record
    from ..records import read_jsonl

    try:
        if str(args.file).endswith(".jsonl"):
            records = read_jsonl(args.file)
        else:
            with open(args.file, encoding="utf-8") as fh:
                records = [json.load(fh)]
    except OSError as exc:
        print(f"spades verify: cannot read {args.file}: {exc.strerror}", file=sys.stderr)
        return 2
    except (json.JSONDecodeError, RecordError, UnicodeDecodeError) as exc:
        print(f"spades verify: {args.file} is not a game record: {exc}", file=sys.stderr)
        return 2
    for number, record in enumerate(records, 1):
        where = f"game {number}: " if len(records) > 1 else ""
        try:
            result = verify_record(record)
        except (FairnessError, RecordError) as exc:
            print(f"spades verify: {where}NOT verified: {exc}", file=sys.stderr)
            return 1
        print(f"{where}{result}")
    return 0
