"""The ``--lang`` flag of the commands that speak to a player (``play``, ``replay``,
``analyse``): one definition of the flag and of how it picks the language."""

from __future__ import annotations

import argparse

from .. import i18n

__all__ = ["add_lang_argument", "apply_language"]


def add_lang_argument(parser: argparse._ActionsContainer, what: str) -> None:
    """Add ``--lang``; ``what`` names what is said in it (``"game"``, ``"account"``)."""
    parser.add_argument(
        "--lang",
        metavar="LANG",
        help=f"the language of the {what}: {', '.join(i18n.LANGUAGES)} "
        "(default: from LANGUAGE, LC_ALL, LANG)",
    )


def apply_language(args: argparse.Namespace) -> str | None:
    """Speak the language ``--lang`` (else the environment) asks for; the error's words
    when it names no language we have, else ``None``."""
    try:
        i18n.set_language(i18n.pick_language(getattr(args, "lang", None)))
    except ValueError as exc:
        return str(exc)
    return None
