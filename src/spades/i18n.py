"""Translations: the player's language for every text a front end shows.

English is the source language and the default; the other languages are the
gettext catalogs ``spades/locale/<lang>/LC_MESSAGES/spades.po``.  The ``.po``
files are the only thing shipped: they are compiled in memory with Babel when
a language is first used (so a plain ``pip install`` needs no build step and a
compiled file can never be stale).  Babel comes with the ``tui`` and
``server`` extras; without it every text stays English.

>>> set_language("en")
'en'
>>> _("Score")
'Score'
>>> ngettext("{n} card", "{n} cards", 2).format(n=2)
'2 cards'
>>> pick_language(None, {"LANG": "ru_RU.UTF-8"})
'ru'
>>> parse_accept_language("mk;q=0.5, hy-AM, en;q=0.1")
['hy', 'mk', 'en']
"""

from __future__ import annotations

import gettext
import io
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Any, Final

__all__ = [
    "DEFAULT",
    "LANGUAGES",
    "NP_",
    "N_",
    "_",
    "error_text",
    "error_wording",
    "get_language",
    "ngettext",
    "normalize",
    "parse_accept_language",
    "pick_language",
    "set_language",
    "term",
    "translations",
    "use_language",
]

#: English, the source language.
DEFAULT: Final = "en"
#: The languages with a catalog, and their own names.
LANGUAGES: Final[dict[str, str]] = {
    "en": "English",
    "bg": "Български",
    "ru": "Русский",
    "is": "Íslenska",
    "hy": "Հայերեն",
    "mk": "Македонски",
}
LOCALE_DIR: Final = Path(__file__).with_name("locale")
DOMAIN: Final = "spades"

#: the process's language (``spades play``: one person, every thread)
_process: list[str] = [DEFAULT]
#: a per-request language (a server's request handler), over the process's
_request: ContextVar[str | None] = ContextVar("spades_language", default=None)


def normalize(tag: str | None) -> str | None:
    """The supported language a locale or language tag names (``'ru_RU.UTF-8'`` -> ``'ru'``),
    or None for an empty, unknown or ``C``/``POSIX`` one."""
    if not tag:
        return None
    base = tag.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return base if base in LANGUAGES else None


def pick_language(option: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The language to use: ``option`` (``--lang``), else the first supported one of
    ``LANGUAGE`` (a colon list), ``LC_ALL``, ``LANG``; else English.

    An ``option`` that names no supported language raises ValueError."""
    if option:
        lang = normalize(option)
        if lang is None:
            raise ValueError(f"unknown language {option!r}: choose one of {', '.join(LANGUAGES)}")
        return lang
    env = os.environ if environ is None else environ
    for name in ("LANGUAGE", "LC_ALL", "LANG"):
        value = env.get(name, "")
        if not value:
            continue
        parts = value.split(":") if name == "LANGUAGE" else [value]
        for part in parts:
            lang = normalize(part)
            if lang is not None:
                return lang
        if name == "LC_ALL":  # LC_ALL set overrides LANG, as in POSIX
            return DEFAULT
    return DEFAULT


def parse_accept_language(header: str | None) -> list[str]:
    """The supported languages of an HTTP ``Accept-Language`` header, most wanted first
    (by ``q``, then order); malformed entries are skipped."""
    ranked: list[tuple[float, int, str]] = []
    for i, item in enumerate((header or "").split(",")):
        tag, _sep, params = item.strip().partition(";")
        q = 1.0
        for param in params.split(";"):
            key, _eq, value = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = -1.0
        lang = normalize(tag)
        if lang is not None and 0 < q <= 1:
            ranked.append((-q, i, lang))
    out: list[str] = []
    for _q, _i, lang in sorted(ranked):
        if lang not in out:
            out.append(lang)
    return out


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """The compiled catalog of ``lang`` (English, or no Babel: the identity)."""
    if lang == DEFAULT:
        return gettext.NullTranslations()
    po = LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    try:
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po
    except ImportError:  # pragma: no cover - babel is in the tui and server extras
        return gettext.NullTranslations()
    with po.open("rb") as f:
        catalog = read_po(f, locale=lang, domain=DOMAIN)
    buf = io.BytesIO()
    write_mo(buf, catalog)
    buf.seek(0)
    return gettext.GNUTranslations(buf)


def set_language(lang: str | None) -> str:
    """Speak ``lang`` from now on, in every thread; returns the language in use."""
    chosen = normalize(lang) or DEFAULT
    _process[0] = chosen
    return chosen


@contextmanager
def use_language(lang: str | None) -> Iterator[str]:
    """Speak ``lang`` inside the ``with`` block, in this context only (one request of a
    server), whatever the process's language."""
    token = _request.set(normalize(lang) or DEFAULT)
    try:
        yield get_language()
    finally:
        _request.reset(token)


def get_language() -> str:
    """The language in use: the block's (:func:`use_language`), else the process's."""
    return _request.get() or _process[0]


def _(message: str) -> str:
    """``message`` in the language in use."""
    lang = get_language()
    if lang == DEFAULT:
        return message
    return translations(lang).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form for ``n`` in the language in use (each language's own plural rule)."""
    lang = get_language()
    if lang == DEFAULT:
        return singular if n == 1 else plural
    return translations(lang).ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it (translate it where shown)."""
    return message


def NP_(singular: str, plural: str, count: str) -> tuple[str, str, str]:
    """Mark a message with a plural for extraction (keyword ``NP_:1,2``) without
    translating it: the forms and the name of the parameter that counts."""
    return (singular, plural, count)


# -- the game's own words --------------------------------------------------------------

#: seat and suit names as the engine spells them (``Rules.seat_name``, ``Suit.plural``)
_TERMS: Final = (
    N_("North"),
    N_("East"),
    N_("South"),
    N_("West"),
    N_("spades"),
    N_("hearts"),
    N_("diamonds"),
    N_("clubs"),
    N_("nil"),
    N_("blind nil"),
    N_("partnership"),
    N_("two-player"),
    N_("cutthroat"),
    N_("three-player"),
)


def term(word: str) -> str:
    """A seat name, suit or bid word of the engine in the language in use; side names
    (``'North-South'``) word by word; anything else unchanged."""
    if "-" in word:
        return "-".join(term(part) for part in word.split("-"))
    return _(word)


# -- engine errors in the player's language ---------------------------------------------

#: what the engine asks for in each phase (``IllegalActionError`` code ``wrong_action``,
#: param ``phase``); a tuple is (singular, plural, the counting parameter)
_PROMPTS: Final[dict[str, str | tuple[str, str, str]]] = {
    "blind": N_("choose 'blind nil' or 'look' at your cards"),
    "bid": N_("bid: a number of tricks"),
    "bid+nil": N_("bid: a number of tricks or nil"),
    "exchange": NP_("pass {n} card to {seat}", "pass {n} cards to {seat}", "n"),
    "draw": N_("keep or reject the card you are shown"),
    "redraw": NP_(
        "discard up to {n} card (or none) to redraw", "discard up to {n} cards (or none) to redraw", "n"
    ),
    "play": N_("play a card"),
    "over": N_("wait: the game is over"),
}
#: the engine's names of a position's parts (``pos_*`` codes, param ``what``)
_WHAT: Final = (N_("scores"), N_("bags"), N_("the current trick"))
_TRICK_N: Final = N_("trick {n}")
#: params holding one of the engine's seat, suit or bid words
_WORD_PARAMS: Final = frozenset({"seat", "suit", "bid"})


def _word(template: str | tuple[str, str, str], params: Mapping[str, Any]) -> str:
    if isinstance(template, tuple):
        singular, plural, count = template
        n = params.get(count)
        text = ngettext(singular, plural, n if isinstance(n, int) else 2)
    else:
        text = _(template)
    return text.format(**params)


def _localized(code: str, params: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in params.items():
        if isinstance(value, Mapping):  # a nested error
            value = error_wording(
                str(value.get("code", "other")), value.get("params") or {}, str(value.get("message", ""))
            )
        elif key in _WORD_PARAMS and isinstance(value, str):
            value = term(value)
        elif key == "what" and isinstance(value, str):
            head, _sep, number = value.partition(" ")
            value = _(_TRICK_N).format(n=number) if head == "trick" and number.isdigit() else _(value)
        out[key] = value
    if code == "wrong_action":
        phase = str(params.get("phase", ""))
        if phase == "bid" and params.get("nil"):
            phase = "bid+nil"
        if phase in _PROMPTS:
            out["prompt"] = _word(_PROMPTS[phase], out)
    return out


def error_wording(code: str, params: Mapping[str, Any], fallback: str = "") -> str:
    """The wording, in the language in use, of an engine error given by its ``code`` (an
    :class:`~spades.errors.ErrorCode` or its value) and ``params``; ``fallback`` (the
    English message) for an unknown code or params that do not fit the wording."""
    from .errors import MESSAGES, ErrorCode

    try:
        template = MESSAGES[ErrorCode(code)]
    except (KeyError, ValueError):
        return fallback
    try:
        return _word(template, _localized(str(code), params))
    except (KeyError, IndexError, ValueError, TypeError, AttributeError):
        return fallback


def error_text(error: BaseException) -> str:
    """An error as the player should read it: an engine error (one with a ``code``) in
    the language in use; in English, or for any other exception, its own message."""
    message = str(error)
    code = getattr(error, "code", None)
    if get_language() == DEFAULT or code is None:
        return message
    return error_wording(str(code), getattr(error, "params", None) or {}, message)
