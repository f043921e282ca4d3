"""The ``spades`` command.

Each subcommand lives in its own module of this package with two functions,
``add_arguments(parser)`` and ``run(args) -> int``, and is listed in
:data:`COMMANDS`; modules are imported only when their command runs (or its
``--help`` is asked for), so heavy optional dependencies stay out of the way.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

__all__ = ["COMMANDS", "main"]

#: name -> (module, one-line help)
COMMANDS: dict[str, tuple[str, str]] = {
    "replay": ("spades.cli.replay", "print a readable hand-by-hand account of a saved game"),
    "verify": ("spades.cli.verify", "check that a saved game was dealt the deals committed before each hand"),
    "analyse": ("spades.cli.analyse", "what each card and bid of a saved game cost, double dummy"),
    "play": ("spades.cli.play", "play a game in the terminal against computer players"),
    "match": ("spades.cli.match", "play computer players against each other in duplicate and compare them"),
    "solve": ("spades.cli.solve", "double-dummy values of every legal card in a position"),
    "serve": ("spades.cli.serve", "run the web server: play with friends in the browser"),
    "sim": ("spades.cli.sim", "simulate many random hands fast (bulk statistics; research extra)"),
    "evaluate": ("spades.cli.evaluate", "place any agent on the published strength ladder (research extra)"),
}


def main(argv: Sequence[str] | None = None) -> int:
    """Run one subcommand; a closed output pipe (``spades ... | head``) ends it quietly."""
    try:
        try:
            code = _main(argv)
        except SystemExit as exc:  # argparse's --help and usage errors
            sys.stdout.flush()
            raise exc from None
        sys.stdout.flush()  # a closed pipe shows here, not at the interpreter's exit
        return code
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return _closed_pipe()


def _main(argv: Sequence[str] | None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    command = args_list[0] if args_list and not args_list[0].startswith("-") else None
    full = _full_parser(command)
    if command is None:
        full.parse_args(args_list or ["--help"])
        return 0
    args = full.parse_args(args_list)
    module = importlib.import_module(args._module)
    return int(module.run(args) or 0)


def _closed_pipe() -> int:
    """The reader of our output has gone (``spades ... | head``): stop quietly, as
    command-line tools do, and keep Python from complaining when it flushes stdout at exit."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
    finally:
        os.close(devnull)
    return 141  # 128 + SIGPIPE, what a shell reports for a killed writer


def _full_parser(command: str | None) -> argparse.ArgumentParser:
    from spades import __version__

    parser = argparse.ArgumentParser(
        prog="spades",
        description="Spades: play, analyse and study the card game.",
    )
    parser.add_argument("--version", action="version", version=f"spades {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (module_name, help_text) in COMMANDS.items():
        p = sub.add_parser(name, help=help_text, description=help_text)
        p.set_defaults(_module=module_name)
        if name == command:
            importlib.import_module(module_name).add_arguments(p)
    return parser


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
