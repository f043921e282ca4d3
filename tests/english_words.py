"""Finding English left on a screen or page (issue 48): a word (of four letters or more, or as
many as the caller says) that is a word of the English messages of a catalogue template, and
not in the caller's allow-list.

Shared by the terminal's screen tests (``tests/test_i18n_screens.py``, with ``spades.pot`` and
the commands typed in English) and the web pages' (``tests/server/test_web_pages_no_english.py``,
with ``web.pot`` and ``spades.pot``, whose words the server falls back to, from three letters).
Shorter words are never reported: card notation (``10♠``, ``AH``), seat letters and numbers;
nor letters that touch a digit (hex digests, ids).
The terminal's screens keep four letters: their three-letter words (``bid``, ``nil``) are
commands typed in English in every language.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache
from pathlib import Path

LOCALE = Path(__file__).resolve().parents[1] / "src" / "spades" / "locale"


@cache
def catalogue_words(templates: tuple[str, ...], shortest: int = 4) -> frozenset[str]:
    """The words (``shortest`` letters or more, lower case) of the English messages of ``templates``
    (file names under ``src/spades/locale``), placeholders left out."""
    from babel.messages.pofile import read_po

    words: set[str] = set()
    word = re.compile(f"[A-Za-z]{{{shortest},}}")
    for name in templates:
        with (LOCALE / name).open("rb") as f:
            for m in read_po(f):
                for source in (m.id if isinstance(m.id, tuple) else (m.id,)) if m.id else ():
                    plain = re.sub(r"\{[^}]*\}", " ", source)
                    words.update(w.lower() for w in word.findall(plain))
    return frozenset(words)


def english_words(
    text: str,
    allowed: Iterable[str] = (),
    templates: tuple[str, ...] = ("spades.pot",),
    shortest: int = 4,
) -> list[str]:
    """The words of ``text`` (``shortest`` letters or more) that are words of the English
    messages of ``templates``, but for ``allowed`` (lower case)."""
    english = catalogue_words(templates, shortest) - {w.lower() for w in allowed}
    # a run of letters touching a digit is part of a code, not a word: the fair deal's hex
    # commitment ("...57add0...") and random ids would otherwise read as English now and then
    word = re.compile(f"(?<![A-Za-z0-9])[A-Za-z]{{{shortest},}}(?![A-Za-z0-9])")
    return sorted({w for w in word.findall(text) if w.lower() in english})
