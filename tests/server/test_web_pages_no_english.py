"""No English word left on the web pages (issue 48), rendered in chromium in every language:
the lobby (its house rules open), a table while bidding and while playing, the game-over dialog
of a one-hand game (its hand result), the replay of that game, the player's page and the
leaderboard.  The visible text (``document.body.innerText``) and the ``title``, ``placeholder``
and ``aria-label`` of every element are read, and every word of three letters or more that is
a word of the English messages (``web.pot``, and ``spades.pot`` the server falls back to) is
reported, but for :data:`ALLOWED`.  Page errors, console errors, failed requests and server
errors fail the test too (``browser_helpers.Watched``).

Screenshots of each page go to ``test-artifacts/browser-games/no-english-*.png``.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from browser_helpers import (
    CHROMIUM,
    DESKTOP,
    GAME_ARTIFACTS,
    Watched,
    api_table,
    have_chromium,
    play_first_card,
    remember_seat,
    split_words,
)
from server_helpers import LiveServer

sync_api = pytest.importorskip("playwright.sync_api")
pytest.importorskip("babel")
import httpx2  # noqa: E402
from test_web_browser_i18n import _play_to_the_end  # noqa: E402

from english_words import english_words  # noqa: E402
from spades.i18n import LANGUAGES  # noqa: E402

if not have_chromium():
    pytest.skip(f"chromium is not installed at {CHROMIUM}", allow_module_level=True)

LANGS = [lang for lang in LANGUAGES if lang != "en"]

#: English words a page may show in any language: OpenSpiel (a name), the language menu's own
#: name of English (each language is named in itself there), and the Enter key (printed so on
#: the key caps of every keyboard these languages use; the space bar is named in the language).
#: Card notation, seat letters and numbers are shorter than three letters and never reported;
#: the player's name (Ann) is no word of the messages.
ALLOWED = frozenset({"openspiel", "english", "enter"})
#: Icelandic words spelt as English ones: «blind» (blind sögn), «mark» (the target), «best»
#: (the double-dummy review's best card), «send» (sent); and the names Icelandic keeps in their
#: own spelling: «Boston» (Boston-bónus) and «whiz», the bidding variant (docs/i18n.md,
#: "Variant names")
FALSE_FRIENDS: dict[str, frozenset[str]] = {
    "is": frozenset({"best", "blind", "boston", "mark", "send", "whiz"})
}
#: the names of the project's files (``docs/fairness.md``, ``tests/server/test_server_leak.py``)
#: a page points to: paths, not words
PATH = re.compile(r"\S+\.(?:py|md)\b")

#: the text a person reads on the page: the visible text, then the hints of every element
TEXT_JS = """
() => {
  const parts = [document.title, document.body.innerText];
  for (const e of document.querySelectorAll("[title], [placeholder], [aria-label]"))
    for (const a of ["title", "placeholder", "aria-label"])
      if (e.getAttribute(a)) parts.push(e.getAttribute(a));
  return parts.join("\\n");
}
"""




@pytest.fixture(scope="module")
def ann(server: LiveServer) -> dict[str, Any]:
    """A registered player, so that her games have a player page and a place on the board."""
    r = httpx2.post(server.url + "/api/players", json={"name": "Ann"}, timeout=10)
    assert r.status_code == 201, r.text
    return r.json()  # type: ignore[no-any-return]


def _english(page: Any, where: str, lang: str, found: dict[str, list[str]]) -> None:
    text = page.evaluate(TEXT_JS)
    allowed = ALLOWED | FALSE_FRIENDS.get(lang, frozenset())
    words = english_words(PATH.sub(" ", text), allowed, ("web.pot", "spades.pot"), 3)
    if words:
        found[where] = words
    page.screenshot(path=str(GAME_ARTIFACTS / f"no-english-{lang}-{where}.png"), full_page=True)


@pytest.mark.parametrize("lang", LANGS)
def test_no_english_word_on_any_page(
    browser: Any, server: LiveServer, ann: dict[str, Any], lang: str
) -> None:
    GAME_ARTIFACTS.mkdir(parents=True, exist_ok=True)
    who = Watched(browser, lang, DESKTOP)
    who.ctx.add_cookies([{"name": "spades_lang", "value": lang, "url": server.url}])
    page = who.page
    found: dict[str, list[str]] = {}
    t = api_table(server, hands=1, key=ann["key"])
    remember_seat(who.ctx, t, ann["key"])
    # the lobby, with a table in its list and the house rules open
    page.goto(server.url + "/")
    page.wait_for_selector("#seat-3")
    page.wait_for_selector("#tables li")
    page.click("details summary")
    _english(page, "lobby", lang, found)
    # the table: bidding, then playing
    page.goto(server.url + t["url"])
    page.wait_for_selector("[data-action='look'], .bids button", timeout=20000)
    if page.locator("[data-action='look']").count():
        _english(page, "blind-nil", lang, found)
        page.click("[data-action='look']")
    page.wait_for_selector(".bids button[data-action='bid 3']", timeout=20000)
    _english(page, "bidding", lang, found)
    page.click(".bids button[data-action='bid 3']")
    play_first_card(page)
    _english(page, "playing", lang, found)
    # the game's end: the dialog with the hand's result, then the replay
    _play_to_the_end(page, 60)
    _english(page, "game-over", lang, found)
    cut = split_words(page, "#modal")
    assert not cut, f"{lang}: words cut across two lines in the game-over dialog: {cut}"
    page.click("#replay-link")
    page.wait_for_selector("#dd-review")
    page.click("#next-trick")
    page.wait_for_selector("#shown-trick")
    _english(page, "replay", lang, found)
    # the player's page and the leaderboard
    page.goto(server.url + f"/p/{ann['id']}")
    page.wait_for_selector("#main h2")
    page.wait_for_load_state("networkidle")
    _english(page, "player", lang, found)
    page.goto(server.url + "/leaders")
    page.wait_for_selector("#main h2")
    page.wait_for_load_state("networkidle")
    _english(page, "leaders", lang, found)
    page.goto(server.url + "/me")  # her own page: her name, key and games
    page.wait_for_load_state("networkidle")
    _english(page, "me", lang, found)
    who.check()
    who.close()
    assert found == {}, found
