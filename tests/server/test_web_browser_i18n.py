"""The browser game in every language: Playwright (Debian's chromium, headless) opens the lobby and a
hand at desktop (1280x800) and phone (390x844) size in each of the six languages, checks that the
page is in that language and that nothing overflows (no sideways scroll, no element wider than its
box or past the window's edge), and saves a screenshot of each under the test's temp dir.

Also: the language selector (remembered in a cookie), Accept-Language, and the client's plural
rule against gettext's for every language.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import (
    CHROMIUM,
    CORNER,
    DESKTOP,
    PHONE,
    api_table,
    have_chromium,
    play_first_card,
    remember_seat,
    table_version,
    wait_taken,
)
from server_helpers import LiveServer

sync_api = pytest.importorskip("playwright.sync_api")
pytest.importorskip("babel")

from spades.i18n import LANGUAGES  # noqa: E402
from spades.server.words import client_catalog, web_translations  # noqa: E402

SIZES = {"desktop": DESKTOP, "phone": PHONE}

if not have_chromium():
    pytest.skip(
        f"chromium is not installed at {CHROMIUM} (apt-get install chromium)", allow_module_level=True
    )

# Everything on the page that is shown must fit its box and the window.  Left out, by design:
# the cards of a hand and of the trick (they overlap), and boxes that scroll themselves.
OVERFLOW_JS = """
() => {
  const bad = [];
  const doc = document.documentElement;
  if (doc.scrollWidth > doc.clientWidth + 1) bad.push(`page: ${doc.scrollWidth} > ${doc.clientWidth}`);
  const name = (e) => e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") +
    (typeof e.className === "string" && e.className ? "." + e.className.trim().split(/\\s+/).join(".") : "");
  const text = (e) => (e.innerText || "").slice(0, 60);
  for (const e of document.querySelectorAll("body *")) {
    if (!e.getClientRects().length || e.closest(".hand, .backs, .trick, .card")) continue;
    const cs = getComputedStyle(e);
    if (cs.visibility === "hidden") continue;
    const r = e.getBoundingClientRect();
    if (r.width > 0 && (r.right > window.innerWidth + 1 || r.left < -1))
      bad.push(`${name(e)} is out of the window (${Math.round(r.left)}..${Math.round(r.right)}): ${text(e)}`);
    const scrolls = ["auto", "scroll"].includes(cs.overflowX);
    const field = ["SELECT", "INPUT"].includes(e.tagName);
    if (!scrolls && !field && e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1)
      bad.push(`${name(e)} overflows (${e.scrollWidth} > ${e.clientWidth}): ${text(e)}`);
  }
  return bad;
}
"""




@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where the screenshots go (SPADES_SCREENSHOTS to keep them somewhere else)."""
    where = os.environ.get("SPADES_SCREENSHOTS")
    path = Path(where) if where else tmp_path_factory.mktemp("screenshots")
    path.mkdir(parents=True, exist_ok=True)
    return path


def _context(browser: Any, server: LiveServer, lang: str, size: str) -> Any:
    ctx = browser.new_context(viewport=SIZES[size], locale="en-US")
    ctx.add_cookies([{"name": "spades_lang", "value": lang, "url": server.url}])
    return ctx


def _said(lang: str, message: str) -> str:
    return web_translations(lang).gettext(message)


def _check_page(page: Any, lang: str) -> None:
    assert page.evaluate("document.documentElement.lang") == lang
    assert page.evaluate("window.SPADES_I18N.lang") == lang
    problems = page.evaluate(OVERFLOW_JS)
    assert problems == [], problems


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_lobby_in_every_language_fits(
    browser: Any, server: LiveServer, shots: Path, lang: str, size: str
) -> None:
    ctx = _context(browser, server, lang, size)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + "/")
    page.wait_for_selector("#seat-3")
    page.wait_for_selector("#tables li")
    assert page.inner_text("#play-now") == _said(lang, "Play now")
    assert page.inner_text("label[for='seat-0']") == client_catalog(lang)["terms"]["North"]
    assert page.locator("#lang").input_value() == lang
    _check_page(page, lang)
    page.screenshot(path=str(shots / f"lobby-{lang}-{size}.png"))
    page.click("details summary")  # the house rules too: the longest labels
    _check_page(page, lang)
    page.screenshot(path=str(shots / f"lobby-rules-{lang}-{size}.png"), full_page=True)
    assert errors == []
    ctx.close()


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_a_hand_in_every_language_fits(
    browser: Any, server: LiveServer, shots: Path, lang: str, size: str
) -> None:
    t = api_table(server)
    ctx = _context(browser, server, lang, size)
    remember_seat(ctx, t)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + t["url"])
    page.wait_for_selector("[data-action='look'], .bids button", timeout=20000)
    if page.locator("[data-action='look']").count():  # blind nil is offered first
        assert page.inner_text("#prompt") == _said(lang, "Your turn: choose blind nil or look")
        _check_page(page, lang)
        page.click("[data-action='look']")
    page.wait_for_selector(".bids button[data-action='bid 3']", timeout=20000)
    assert page.inner_text("#me-bar b") == _said(lang, "{name} (you)").format(name="Ann")
    assert _said(lang, "Your bid:") in page.inner_text("#actions")
    _check_page(page, lang)
    page.click(".bids button[data-action='bid 3']")
    # the play: one card, then the next turn, with cards on the table and in the log
    play_first_card(page)
    page.wait_for_selector("#trick .card")
    assert page.inner_text("#prompt") == _said(lang, "Your turn: play")
    log = page.locator("#log li:not(.log-hand)").all_inner_texts()
    assert _said(lang, "{who} bid {n}").format(who="Ann", n=3) in log
    _check_page(page, lang)
    page.screenshot(path=str(shots / f"hand-{lang}-{size}.png"), full_page=size == "desktop")
    assert errors == []
    ctx.close()


def test_selector_changes_and_remembers_the_language(browser: Any, server: LiveServer) -> None:
    ctx = browser.new_context(viewport=SIZES["desktop"], locale="hy-AM")
    page = ctx.new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("#seat-3")
    assert page.evaluate("document.documentElement.lang") == "hy"  # Accept-Language
    with page.expect_navigation():
        page.select_option("#lang", "is")
    page.wait_for_selector("#seat-3")
    assert page.inner_text("#play-now") == "Spila núna"
    page.goto(server.url + "/leaders")
    page.wait_for_selector("#main h2")
    assert page.inner_text("#main h2") == "Stigatafla"
    cookies = {c["name"]: c["value"] for c in ctx.cookies()}
    assert cookies["spades_lang"] == "is"
    ctx.close()


def test_missing_table_page_is_translated(browser: Any, server: LiveServer) -> None:
    ctx = _context(browser, server, "bg", "phone")
    page = ctx.new_page()
    r = page.goto(server.url + "/t/nothere123")
    assert r is not None and r.status == 404
    assert page.inner_text("#missing h2") == "Тук няма маса"
    assert page.inner_text("#back") == "Към фоайето"
    assert page.evaluate(OVERFLOW_JS) == []
    ctx.close()


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_client_plural_rule_agrees_with_gettext(browser: Any, server: LiveServer, lang: str) -> None:
    ctx = _context(browser, server, lang, "desktop")
    page = ctx.new_page()
    page.goto(server.url + "/leaders")
    page.wait_for_selector("#main h2")
    numbers = [*range(230), 1001, 1011, 1021, 1102]
    client = page.evaluate("(ns) => ns.map((n) => pluralIndex(n))", numbers)
    plural = web_translations(lang).plural  # type: ignore[attr-defined]
    assert client == [plural(n) for n in numbers]
    one, other = "{who} passed {n} card", "{who} passed {n} cards"
    shown = page.evaluate(
        f"(ns) => ns.map((n) => ngettext({json.dumps(one)}, {json.dumps(other)}, n))", numbers
    )
    t = web_translations(lang)
    assert shown == [t.ngettext(one, other, n) for n in numbers]
    ctx.close()


def _play_to_the_end(page: Any, seconds: float = 300) -> None:
    """Click through a one-hand game until the game-over dialog shows."""
    import time

    deadline = time.time() + seconds
    while time.time() < deadline:
        try:
            if page.locator("#modal-bg:not(.hidden)").count():
                # the game-over dialog can open between two queries, and its Close button is
                # #modal-ok too: press #modal-ok only in a dialog without the replay link
                if page.locator("#modal-bg:not(.hidden) #replay-link").count():
                    return
                page.click("#modal-bg:not(.hidden) #modal:not(:has(#replay-link)) #modal-ok", timeout=1500)
            elif page.locator("[data-action='look']").count():
                page.click("[data-action='look']", timeout=1500)
            elif page.locator(".bids button[data-action='bid 3']").count():
                page.click(".bids button[data-action='bid 3']", timeout=1500)
            elif page.locator(".hand.playing .card.legal").count():
                card = page.locator(".hand.playing .card.legal").first
                code = card.get_attribute("data-card")
                before = table_version(page)
                card.click(position=CORNER, timeout=1500)
                wait_taken(page, code, before, 5000)
            else:
                page.wait_for_timeout(60)
        except sync_api.Error:
            page.wait_for_timeout(60)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(("lang", "size"), [("ru", "phone"), ("hy", "desktop"), ("is", "phone")])
def test_game_over_and_replay_in_a_language_fit(
    browser: Any, server: LiveServer, shots: Path, lang: str, size: str
) -> None:
    t = api_table(server, hands=1)
    ctx = _context(browser, server, lang, size)
    remember_seat(ctx, t)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + t["url"])
    _play_to_the_end(page)
    modal = page.inner_text("#modal")
    for word in ("Bid", "Won", "Points", "Bags", "Score", "Back to the lobby", "Replay the game", "Rematch"):
        assert _said(lang, word) in modal, word
    title = page.inner_text("#modal h2")
    assert title in {_said(lang, "You win!"), _said(lang, "Game over: a draw")} or title.startswith(
        _said(lang, "Game over: {side} win").split("{")[0]
    )
    _check_page(page, lang)
    page.screenshot(path=str(shots / f"over-{lang}-{size}.png"))
    page.click("#replay-link")
    page.wait_for_selector("#dd-review")
    assert page.inner_text("#main h2") == _said(lang, "Replay · hand {n} of {total}").format(n=1, total=1)
    page.click("#next-trick")
    page.wait_for_selector("#shown-trick")
    assert _said(lang, "Double-dummy review") in page.inner_text("#dd-review")
    _check_page(page, lang)
    page.screenshot(path=str(shots / f"replay-{lang}-{size}.png"), full_page=True)
    assert errors == []
    ctx.close()
