"""The browser's words: the ``web`` gettext domain, the player's language, and the catalog the
web client gets as JSON.

Every text of the web client (``static/*.js`` and ``static/*.html``) and every message the
server writes for a person (HTTP errors, websocket error frames) is a message of the ``web``
domain: ``spades/locale/<lang>/LC_MESSAGES/web.po``, English being the source.  Like the
``spades`` domain (:mod:`spades.i18n`) the ``.po`` files are compiled in memory with Babel on
first use.  The game's own words (seat, suit, bid and variant names) are not copied here: the
client gets them from the ``spades`` domain through :func:`spades.i18n.term`.

The language of a request is the ``spades_lang`` cookie (the selector on every page sets it),
else the best supported language of ``Accept-Language``, else English.

>>> localize("There is no such table", "ru")
'Такого стола нет'
>>> localize("a name may have at most {n} characters", "en", {"n": 24})
'a name may have at most 24 characters'
>>> language_of("spades_lang=xx; a=b", "hy-AM,ru;q=0.5")
'hy'
"""

from __future__ import annotations

import gettext
import io
from collections.abc import Iterator, Mapping
from functools import cache
from html.parser import HTMLParser
from typing import IO, Any, Final

from .. import i18n
from ..i18n import DEFAULT, LANGUAGES, LOCALE_DIR, parse_accept_language

__all__ = [
    "COOKIE",
    "DOMAIN",
    "client_catalog",
    "error_fields",
    "extract_html",
    "json_params",
    "language_of",
    "localize",
    "web_translations",
]

DOMAIN: Final = "web"
#: the cookie that remembers the language chosen in the selector
COOKIE: Final = "spades_lang"

#: the game's words the client shows, translated by the ``spades`` domain (:func:`i18n.term`)
_TERMS: Final = (
    "North",
    "East",
    "South",
    "West",
    "spades",
    "hearts",
    "diamonds",
    "clubs",
    "nil",
    "blind nil",
    "partnership",
    "two-player",
    "cutthroat",
    "three-player",
    "openspiel",
)


def _read_catalog(lang: str) -> Any:
    from babel.messages.pofile import read_po

    with (LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as f:
        return read_po(f, locale=lang, domain=DOMAIN)


@cache
def web_translations(lang: str) -> gettext.NullTranslations:
    """The compiled ``web`` catalog of ``lang`` (English, or no Babel: the identity)."""
    if lang not in LANGUAGES or lang == DEFAULT:
        return gettext.NullTranslations()
    try:
        from babel.messages.mofile import write_mo
    except ImportError:  # pragma: no cover - babel is in the server extra
        return gettext.NullTranslations()
    buf = io.BytesIO()
    write_mo(buf, _read_catalog(lang))
    buf.seek(0)
    return gettext.GNUTranslations(buf)


def localize(message: str, lang: str, params: Mapping[str, Any] | None = None) -> str:
    """``message`` (a ``web`` msgid, possibly with ``{name}`` fields) in ``lang``, its fields
    filled from ``params``.  A message the catalog does not have (an engine message) is
    looked up in the ``spades`` domain, else stays English."""
    text = web_translations(lang).gettext(message)
    if text == message and lang != DEFAULT:
        with i18n.use_language(lang):
            text = i18n._(message)
    if params:
        try:
            return text.format(**params)
        except (KeyError, IndexError, ValueError):
            return message.format(**params)
    return text


def language_of(cookie_header: str | None, accept_language: str | None) -> str:
    """A request's language: the ``spades_lang`` cookie, else ``Accept-Language``, else English."""
    for part in (cookie_header or "").split(";"):
        name, _eq, value = part.strip().partition("=")
        if name == COOKIE:
            lang = i18n.normalize(value.strip())
            if lang is not None:
                return lang
    ranked = parse_accept_language(accept_language)
    return ranked[0] if ranked else DEFAULT


def json_params(params: Any) -> dict[str, Any] | None:
    """An error's ``params`` as JSON-ready values (anything else as its text)."""
    if not isinstance(params, Mapping):
        return None
    out: dict[str, Any] = {}
    for key, value in params.items():
        if isinstance(value, (str, int, float, bool)) or value is None:
            out[str(key)] = value
        elif isinstance(value, (list, tuple)):
            out[str(key)] = [v if isinstance(v, (str, int, float, bool)) else str(v) for v in value]
        else:
            out[str(key)] = str(value)
    return out


def error_fields(exc: BaseException, lang: str) -> dict[str, Any]:
    """What an error frame or error JSON says about ``exc``: ``localized`` (the message in
    ``lang``) and, for errors that carry them (the engine's), ``reason`` (its ``code``) and
    ``params``.  The English message stays the caller's ``message`` / ``error`` field."""
    template = getattr(exc, "template", None)
    params = getattr(exc, "params", None)
    code = getattr(exc, "code", None)
    if isinstance(template, str):
        if isinstance(params, Mapping):
            # params named in ``terms`` are catalog words themselves (an option's label)
            terms = getattr(exc, "terms", ())
            params = {
                k: localize(v, lang) if k in terms and isinstance(v, str) else v for k, v in params.items()
            }
        localized = localize(template, lang, params if isinstance(params, Mapping) else None)
    elif code is not None and str(code) != "other":
        # an engine error: worded from its code and params in the spades domain
        from .. import i18n

        with i18n.use_language(lang):
            localized = i18n.error_text(exc)
    else:
        localized = localize(str(exc.args[0]) if exc.args else str(exc), lang)
    out: dict[str, Any] = {"localized": localized}
    field = getattr(exc, "field", None)
    if isinstance(field, str):
        out["field"] = field
    if code is not None and not isinstance(template, str):
        out["reason"] = str(code)
        out["params"] = json_params(params)
    return out


@cache
def client_catalog(lang: str) -> dict[str, Any]:
    """The web client's catalog of ``lang`` (JSON-ready).

    ``messages``: msgid -> translation, or for a plural message its singular msgid -> the
    forms in the order of the language's plural rule; ``plural``: that rule as a C
    expression of ``n`` (the ``Plural-Forms`` of the catalog, Babel's CLDR rule) with
    ``nplurals``; ``terms``: the game's words from the ``spades`` domain; ``faces``: the
    letters the cards show for J Q K A where the language's packs use their own (empty where
    they keep A K Q J); ``languages``: every language by its own name for the selector."""
    messages: dict[str, str | list[str]] = {}
    plural, nplurals = "(n != 1)", 2
    if lang != DEFAULT:
        catalog = _read_catalog(lang)
        plural, nplurals = catalog.plural_expr, catalog.num_plurals
        for m in catalog:
            if not m.id or m.fuzzy:
                continue
            if isinstance(m.id, tuple):
                forms = list(m.string)
                if all(forms):
                    messages[m.id[0]] = forms
            elif m.string:
                messages[m.id] = m.string
    with i18n.use_language(lang):
        terms = {word: i18n.term(word) for word in _TERMS}
        # the letters the language's own packs print on J Q K A (ru, bg, mk by default)
        faces = {rank: i18n.rank_face(rank) for rank in "JQKA" if i18n.rank_face(rank) != rank}
    return {
        "lang": lang,
        "languages": dict(LANGUAGES),
        "plural": plural,
        "nplurals": nplurals,
        "messages": messages,
        "terms": terms,
        "faces": faces,
    }


# -- extraction from the pages (babel-web.cfg: spades_html) ------------------------------------


class _Marked(HTMLParser):
    """Collects the texts an HTML page marks for translation: the text of every element with
    a ``data-i18n`` attribute, and the attributes it names in ``data-i18n-attrs``."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[int, str]] = []
        self._open: list[tuple[str, int, list[str]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        line = self.getpos()[0]
        for name in (a.get("data-i18n-attrs") or "").split():
            value = a.get(name)
            if value:
                self.found.append((line, " ".join(value.split())))
        if "data-i18n" in a:
            self._open.append((tag, line, []))
        elif self._open:
            self._open[-1][2].append("\0")  # markup inside a marked element is not allowed

    def handle_endtag(self, tag: str) -> None:
        if self._open and self._open[-1][0] == tag:
            _tag, line, parts = self._open.pop()
            text = " ".join("".join(parts).split())
            if "\0" in text:
                raise ValueError(f"line {line}: an element marked data-i18n may hold only text")
            if text:
                self.found.append((line, text))

    def handle_data(self, data: str) -> None:
        if self._open:
            self._open[-1][2].append(data)


def extract_html(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[int, str | None, str, list[str]]]:
    """A Babel extraction method for the web client's pages (see :class:`_Marked`)."""
    parser = _Marked()
    parser.feed(fileobj.read().decode(options.get("encoding", "utf-8") if options else "utf-8"))
    parser.close()
    for line, text in parser.found:
        yield line, None, text, []
