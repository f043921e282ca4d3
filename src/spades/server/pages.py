"""The box pages of the web client: one shell, a box that the page's own script fills (the
leaderboard, a player's page, a replay, a duplicate event, a tournament).

A page is its title, the links of its header, its style sheets and its scripts (all under
``static/``).  Its English words carry ``data-i18n``: the browser puts them in the player's
language (``static/i18n.js``), and they are messages of the ``web`` domain through ``N_``.

>>> "<title data-i18n>Spades · leaderboard</title>" in page_html("leaders")
True
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from functools import cache
from html import escape
from string import Template
from typing import Final

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

from ..i18n import N_

__all__ = ["PAGES", "Page", "page_html", "page_route"]


@dataclass(frozen=True)
class Page:
    #: the English title
    title: str
    #: the header's links: (address, English words)
    nav: tuple[tuple[str, str], ...]
    #: the page's scripts, loaded in this order after its words (``/api/i18n.js``, ``i18n.js``)
    scripts: tuple[str, ...]
    #: style sheets after ``style.css``
    styles: tuple[str, ...] = ()
    #: with the Display settings (``prefs.js``)
    prefs: bool = True


_YOU: Final = (("/me", N_("You")), ("/leaders", N_("Leaderboard")))

PAGES: Final[dict[str, Page]] = {
    "leaders": Page(N_("Spades · leaderboard"), _YOU, ("cards.js", "leaders.js")),
    "player": Page(N_("Spades · player"), _YOU, ("cards.js", "player.js"), ("player.css",)),
    "replay": Page(N_("Spades · replay"), _YOU, ("cards.js", "fairness.js", "replay.js")),
    "event": Page(
        N_("Spades · duplicate event"),
        (("/events", N_("Duplicate events")), ("/leaders", N_("Leaderboard"))),
        ("identity.js", "forms.js", "event.js"),
        ("contest.css",),
        prefs=False,
    ),
    "tournament": Page(
        N_("Spades · tournament"),
        (("/tournaments", N_("Tournaments")), ("/leaders", N_("Leaderboard"))),
        ("identity.js", "forms.js", "tournament.js"),
        ("contest.css",),
        prefs=False,
    ),
}

_SHELL: Final = Template("""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title data-i18n>$title</title>
<link rel="stylesheet" href="/static/style.css">
<link rel="icon" href="data:,">
$head</head>
<body>
<div class="lobby">
  <header><h1 class="logo"><a href="/"><span>♠</span> <span data-i18n>Spades</span></a></h1>
    <nav class="who">$nav <span id="lang-slot"></span></nav></header>
  <main id="main" class="box"><p data-i18n>loading…</p></main>
</div>
<script src="/api/i18n.js"></script>
<script src="/static/i18n.js"></script>
$scripts</body>
</html>
""")


def _script(name: str) -> str:
    return f'<script src="/static/{escape(name)}"></script>\n'


@cache
def page_html(name: str) -> str:
    """The page ``name`` of :data:`PAGES` (KeyError for another name)."""
    page = PAGES[name]
    sheets = "".join(f'<link rel="stylesheet" href="/static/{escape(s)}">\n' for s in page.styles)
    links = " · ".join(f'<a href="{escape(href)}" data-i18n>{escape(words)}</a>' for href, words in page.nav)
    return _SHELL.substitute(
        title=escape(page.title),
        head=sheets + (_script("prefs.js") if page.prefs else ""),
        nav=links,
        scripts="".join(map(_script, page.scripts)),
    )


def page_route(name: str) -> Callable[[Request], Awaitable[Response]]:
    """The handler that serves the page ``name`` of :data:`PAGES`."""
    page_html(name)  # a name not in PAGES fails here, when the routes are made

    async def serve(request: Request) -> Response:
        return HTMLResponse(page_html(name))

    return serve
