"""The box pages (leaderboard, player, replay, duplicate event, tournament) made from one shell
(spades.server.pages): each address serves its page, whose title, header links, style sheets
and scripts are the page's own and whose every file is served, and whose words are messages
of the web catalog."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("httpx2")
from starlette.testclient import TestClient

from spades.server import create_app
from spades.server.pages import PAGES, page_html, page_route
from spades.server.words import extract_html

ROOT = Path(__file__).resolve().parents[2]
#: one address of each page
ADDRESSES = {
    "leaders": "/leaders",
    "player": "/p/someone",
    "replay": "/r/some-table",
    "event": "/e/some-event",
    "tournament": "/tn/some-tournament",
}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[Any]:
    with TestClient(create_app(db=f"sqlite:///{tmp_path / 'pages.sqlite'}")) as c:
        yield c


def test_every_box_page_is_served_at_its_addresses(client: Any) -> None:
    assert set(ADDRESSES) == set(PAGES)
    for name, address in [*ADDRESSES.items(), ("event", "/events"), ("tournament", "/tournaments")]:
        r = client.get(address)
        assert r.status_code == 200, address
        assert r.headers["content-type"].startswith("text/html")
        assert "content-security-policy" in r.headers
        assert r.text == page_html(name), address


@pytest.mark.parametrize("name", sorted(PAGES))
def test_a_box_page_has_its_title_links_styles_and_scripts_in_order(name: str) -> None:
    page, text = PAGES[name], page_html(name)
    assert f"<title data-i18n>{page.title}</title>" in text
    for href, words in page.nav:
        assert f'<a href="{href}" data-i18n>{words}</a>' in text
    scripts = re.findall(r'<script src="([^"]+)"></script>', text)
    prefs = ["/static/prefs.js"] if page.prefs else []
    assert scripts == [*prefs, "/api/i18n.js", "/static/i18n.js", *(f"/static/{s}" for s in page.scripts)]
    sheets = re.findall(r'<link rel="stylesheet" href="([^"]+)">', text)
    assert sheets == ["/static/style.css", *(f"/static/{s}" for s in page.styles)]


def test_every_file_a_box_page_loads_is_served(client: Any) -> None:
    for name in PAGES:
        for path in re.findall(r'(?:src|href)="(/static/[^"]+)"', page_html(name)):
            assert client.get(path).status_code == 200, (name, path)


def test_a_box_page_that_does_not_exist_is_refused_when_the_routes_are_made() -> None:
    with pytest.raises(KeyError):
        page_route("no-such-page")


def test_the_words_of_the_box_pages_are_messages_of_the_web_catalog() -> None:
    pot = (ROOT / "src" / "spades" / "locale" / "web.pot").read_text()
    for name, page in PAGES.items():
        found = [m for _line, _f, m, _c in extract_html(io.BytesIO(page_html(name).encode()), [], [], {})]
        assert found[:1] == [page.title] and set(found) >= {w for _href, w in page.nav}, name
        for words in found:
            assert f'msgid "{words}"' in pot, (name, words)
