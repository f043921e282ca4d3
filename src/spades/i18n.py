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
    "COMMANDS",
    "DEFAULT",
    "FACES",
    "FACES_BY_DEFAULT",
    "LANGUAGES",
    "NC_",
    "NOT_YOU",
    "NP_",
    "N_",
    "PERSON_FIELDS",
    "YOU_FORMS",
    "Term",
    "_",
    "bot_level",
    "command_word",
    "english_command",
    "error_text",
    "error_wording",
    "get_language",
    "level_name",
    "ngettext",
    "normalize",
    "number",
    "parse_accept_language",
    "pgettext",
    "pick_language",
    "rank_face",
    "seat_letter",
    "set_language",
    "set_local_faces",
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


def pgettext(context: str, message: str) -> str:
    """``message`` in the language in use, as translated in ``context`` (a short word such
    as ``'seat letter'`` or a grammatical case, ``'genitive'``)."""
    lang = get_language()
    if lang == DEFAULT:
        return message
    return translations(lang).pgettext(context, message)


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it (translate it where shown)."""
    return message


def NC_(context: str, message: str) -> str:
    """Mark ``message`` in ``context`` for extraction (keyword ``NC_:1c,2``) without
    translating it (translate it with :func:`pgettext`)."""
    return message


def NP_(singular: str, plural: str, count: str) -> tuple[str, str, str]:
    """Mark a message with a plural for extraction (keyword ``NP_:1,2``) without
    translating it: the forms and the name of the parameter that counts."""
    return (singular, plural, count)


# -- the game's own words --------------------------------------------------------------

#: seat and suit names as the engine spells them (``Rules.seat_name``, ``Suit.plural``),
#: bid words, variants and the computer players' levels
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
    N_("openspiel"),
)
_SEATS: Final = ("North", "East", "South", "West")

#: the grammatical cases a translation may ask of a seat name: ``{seat:gen}`` in a
#: translation is the seat in the genitive (``til {receiver:gen}``: «til Vesturs»), the
#: English source never uses them (a name that is not a seat's stays as it is)
CASES: Final = {"gen": "genitive", "dat": "dative", "acc": "accusative", "ins": "instrumental"}
_CASE_FORMS: Final = (
    NC_("genitive", "North"),
    NC_("genitive", "East"),
    NC_("genitive", "South"),
    NC_("genitive", "West"),
    NC_("dative", "North"),
    NC_("dative", "East"),
    NC_("dative", "South"),
    NC_("dative", "West"),
    NC_("accusative", "North"),
    NC_("accusative", "East"),
    NC_("accusative", "South"),
    NC_("accusative", "West"),
    NC_("instrumental", "North"),
    NC_("instrumental", "East"),
    NC_("instrumental", "South"),
    NC_("instrumental", "West"),
)
#: one seat's short name, as the score panel and the last trick show it: they must
#: differ from each other in every language (Armenian North and South both start with Հ)
_LETTERS: Final = {
    "North": NC_("seat letter", "N"),
    "East": NC_("seat letter", "E"),
    "South": NC_("seat letter", "S"),
    "West": NC_("seat letter", "W"),
}


class Term(str):
    """A word of the game in the language in use (what :func:`term` gives), which still
    knows its English ``source``: formatted with a case (``'{seat:dat}'``) a seat name
    is declined; any other format spec is a string's."""

    source: str

    def __new__(cls, text: str, source: str = "") -> Term:
        obj = super().__new__(cls, text)
        obj.source = source
        return obj

    def __format__(self, spec: str) -> str:
        if spec in CASES:
            return pgettext(CASES[spec], self.source) if self.source in _SEATS else str(self)
        return str.__format__(str(self), spec)


def term(word: str) -> Term:
    """A seat name, suit, bid word, variant or computer level of the engine in the language
    in use; a side name (``'North-South'``) seat by seat; anything else unchanged."""
    if "-" in word and all(part in _SEATS for part in word.split("-")):
        return Term("-".join(term(part) for part in word.split("-")), word)
    return Term(_(word), word)


#: the computer players' levels (``spades play --bots``), as the score panel names them
_LEVELS: Final = {
    "basic": NC_("computer player", "basic"),
    "expert": NC_("computer player", "expert"),
    "random": NC_("computer player", "random"),
}


def bot_level(name: str) -> str:
    """A computer player's name (``'expert'``) in the language in use; a name of a player
    installed from elsewhere stays as it is."""
    return pgettext("computer player", name) if name in _LEVELS else name


def seat_letter(name: str) -> str:
    """The short name of a seat (``'North'`` -> ``'N'``, Armenian «Հս»), distinct for every
    seat in every language; the first letter of anything else."""
    letter = _LETTERS.get(name)
    return pgettext("seat letter", letter) if letter else term(name)[:1]


#: the letters each language's own packs print on the jack, queen, king and ace (the ones
#: ``spades.cards.LOCAL_RANKS`` accepts as typed input)
FACES: Final[dict[str, str]] = {"ru": "ВДКТ", "bg": "ВДПА", "mk": "ЖДКА", "is": "GDKÁ", "hy": "ՎԴԿՏ"}
#: the languages whose players expect those letters on the cards (their packs are indexed so);
#: Icelandic and Armenian tables use packs with A K Q J, so the standard letters stay
FACES_BY_DEFAULT: Final = frozenset({"ru", "bg", "mk"})
#: ``spades play --cards``: True (local letters), False (A K Q J), None (the language's default)
_local_faces: list[bool | None] = [None]


def set_local_faces(on: bool | None) -> None:
    """Show the language's own letters on the cards (True), the standard A K Q J (False), or
    what its players expect (None, the default: :data:`FACES_BY_DEFAULT`)."""
    _local_faces[0] = on


def rank_face(char: str) -> str:
    """How a rank (``'Q'``) is shown on a card in the language in use: ``'Д'`` in Russian by
    default; every other rank, and every rank in English, as it is."""
    lang = get_language()
    letters = FACES.get(lang)
    if letters is None or char not in "JQKA":
        return char
    on = _local_faces[0]
    if on is None:
        on = lang in FACES_BY_DEFAULT
    return letters["JQKA".index(char)] if on else char


def number(value: float, digits: int = 1) -> str:
    """``value`` with ``digits`` decimals as the language in use writes it (``'6,0'`` in
    every language of ours but English)."""
    lang = get_language()
    if lang == DEFAULT:
        return f"{value:.{digits}f}"
    try:
        from babel.numbers import format_decimal
    except ImportError:  # pragma: no cover - babel is in the tui and server extras
        return f"{value:.{digits}f}"
    pattern = "#,##0." + "0" * digits if digits else "#,##0"
    return str(format_decimal(value, format=pattern, locale=lang, group_separator=False))


# -- typed commands in the player's language ---------------------------------------------

#: the words a player types (``spades play``'s command line), English, each with its word in
#: the language in use (context ``command``); typing either one does the same
COMMANDS: Final = (
    NC_("command", "hint"),
    NC_("command", "undo"),
    NC_("command", "last"),
    NC_("command", "help"),
    NC_("command", "analyse"),
    NC_("command", "save"),
    NC_("command", "new"),
    NC_("command", "quit"),
    NC_("command", "bid"),
    NC_("command", "nil"),
    NC_("command", "blind nil"),
    NC_("command", "look"),
    NC_("command", "pass"),
    NC_("command", "discard"),
    NC_("command", "keep"),
    NC_("command", "reject"),
    NC_("command", "play"),
    NC_("command", "rules"),
    NC_("command", "tutorial"),
    NC_("command", "level"),
    NC_("command", "stats"),
)


def command_word(word: str) -> str:
    """A command's word (``'hint'``) in the language in use: «подсказка» in Russian."""
    return pgettext("command", word)


def english_command(line: str) -> str:
    """``line`` with a command typed in the player's language (at its start) put into
    English: «заказ 3» -> ``'bid 3'``, «слепой ноль» -> ``'blind nil'``, «подсказка» ->
    ``'hint'``; anything else (English, cards, local rank letters) unchanged."""
    if get_language() == DEFAULT:
        return line
    words = line.split()
    lowered = [w.casefold() for w in words]
    best: tuple[int, str] | None = None
    for english in COMMANDS:
        local = command_word(english).casefold().split()
        if local and lowered[: len(local)] == local and (best is None or len(local) > best[0]):
            best = (len(local), english)
    if best is None:
        return line
    rest = words[best[0] :]
    if best[1] == "level" and len(rest) == 1:  # «уровень эксперт» -> 'level expert'
        rest = [level_name(rest[0])]
    return " ".join([best[1], *rest])


def level_name(word: str) -> str:
    """The English name of a computer players' level typed in the language in use
    («эксперт» -> ``'expert'``); anything else unchanged."""
    for english in _LEVELS:
        if word.casefold() in (english, bot_level(english).casefold()):
            return english
    return word


# -- the player's own seat in a sentence ------------------------------------------------

#: placeholders that name a seat, or a side, which may be the player's own
PERSON_FIELDS: Final = ("who", "giver", "receiver", "side")
#: each message that names such a seat, and the messages said instead when that seat is
#: the player's («Вы зашли», not «Вы зашёл»): the player's seat is never put into a sentence
#: as "You" (a test finds every message with a :data:`PERSON_FIELDS` placeholder here)
YOU_FORMS: Final[dict[str, tuple[str, ...]]] = {
    "{who} plays {card}": ("You play {card}",),
    "{who} wins the trick": ("You win the trick",),
    "{who} bids {bid}": ("You bid {bid}",),
    "{who} draws": ("You draw", "You keep {card} and discard {discarded}"),
    "{who} discards {n} card and redraws": ("You discard {n} card and redraw", "You keep your cards"),
    "{giver} passes {n} card to {receiver}": (
        "You pass {n} card to {receiver}",
        "{giver} passes you {n} card",
    ),
    "{giver} passes {n} card to {receiver}: {cards}": (
        "You pass {cards} to {receiver}",
        "{giver} passes you {cards}",
    ),
    "{who} led": ("You led",),
    "won by {who}": ("won by you",),
    "Last trick → {who}": ("Last trick → you",),
    "{cards}: won by {who}": ("{cards}: won by you",),
    "Game over: {side} wins {score} to {rest}.": ("Game over: you win {score} to {rest}.",),
}
#: messages with such a placeholder that never make a sentence of the player's seat, and why
NOT_YOU: Final[dict[str, str]] = {
    "Your hand · {who}": "a heading: the player's title, 'South (you)'",
    "Game over: {side} win {score} to {rest}.": "partnerships: a side is 'N-S (you)', a noun",
    "  {side}: {points:+d}{note}, total {total}, bags {bags}": "a row of a hand's result, a label",
    "{side}: contract {contract}, double dummy {dd}": "the analysis names sides by seats, never 'you'",
    "{side}: contract {contract}, double dummy {dd}, took {took}": "the analysis names sides by seats",
}


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
