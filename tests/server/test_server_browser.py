"""End to end in a real browser: Playwright driving Debian's chromium, headless.

Skipped (with the reason) when Playwright or /usr/bin/chromium is missing; `.ci/run`
installs chromium.  Screenshots go to test-artifacts/ (not committed).
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import (
    ARTIFACTS,
    CHROMIUM,
    DESKTOP,
    PHONE,
    invite_code,
    sync_api,
    table_version,
    wait_taken,
)
from server_helpers import LiveServer

# ARGS, ARTIFACTS, CHROMIUM, DESKTOP, PHONE and sync_api live in browser_helpers (shared by the
# browser suites); the older suites still import them from here.

if not Path(CHROMIUM).exists():
    pytest.skip(
        f"chromium is not installed at {CHROMIUM} (apt-get install chromium)", allow_module_level=True
    )



def _create_in_lobby(
    page: Any, server: LiveServer, seats: list[str] | None = None, name: str = "Alice"
) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector("#seat-3")
    page.fill("#name", name)
    page.select_option("#speed", "0.05")
    page.select_option("#timer", "0")
    for i, value in enumerate(seats or ["you", "bot:basic", "bot:basic", "bot:basic"]):
        page.select_option(f"#seat-{i}", value)
    page.click("details summary")
    page.fill("#opt-hands", "1")
    page.click("#create-btn")
    page.wait_for_url("**/t/*")
    page.wait_for_selector("#me-bar b")


def _visible(page: Any, selector: str) -> bool:
    loc = page.locator(selector)
    return loc.count() > 0 and loc.first.is_visible()


def _step(page: Any) -> str | None:
    """Do whatever the page offers by clicking; returns what was done (None: nothing to do now)."""
    try:
        if _visible(page, "#modal-bg:not(.hidden)"):
            return "modal"
        if _visible(page, "[data-action='look']"):
            page.click("[data-action='look']", timeout=1500)
            return "look"
        if _visible(page, ".bids button"):
            bids = page.locator(".bids button")
            target = page.locator(".bids button[data-action='bid 3']")
            (target if target.count() else bids.last).first.click(timeout=1500)
            return "bid"
        if _visible(page, "[data-confirm]"):
            need = page.locator("[data-confirm]").get_attribute("data-confirm")
            if need == "pass":
                cards = page.locator(".hand .card.legal:not(.selected)")
                if page.locator("[data-confirm]").is_disabled():
                    cards.first.click(timeout=1500)
                    return "select"
            page.click("[data-confirm]", timeout=1500)
            return need
        if _visible(page, ".hand.playing .card.legal"):
            card = page.locator(".hand.playing .card.legal").first
            code = card.get_attribute("data-card")
            before = table_version(page)
            card.click(timeout=1500)
            wait_taken(page, code, before, 5000)  # count a play only once the server has taken it
            return "play"
        if _visible(page, "[data-action='keep']"):
            page.click("[data-action='keep']", timeout=1500)
            return "keep"
    except sync_api.Error:
        return "retry"  # the page re-rendered under the click: try again
    return None


def _play_until(page: Any, plays: int, seconds: float = 90) -> list[str]:
    """Click through the game until ``plays`` cards are played or a summary shows."""
    done: list[str] = []
    deadline = time.time() + seconds
    while done.count("play") < plays and time.time() < deadline:
        what = _step(page)
        if what == "modal":
            break
        if what is None:
            page.wait_for_timeout(60)
        else:
            done.append(what)
    return done


def _sit(page: Any, name: str) -> None:
    """Take the open seat with the page's name box (offered on arrival at a table with an open seat)."""
    page.wait_for_selector("#sit-bg:not(.hidden) #sit-name")
    page.fill("#sit-name", name)
    page.click("#sit-ok")


RAW_CARD = re.compile(r"\b(?:10|[2-9TJQKA])[CDHS]\b")


def _hand(page: Any) -> list[str]:
    return sorted(page.locator(".hand .card[data-card]").evaluate_all("els => els.map(e => e.dataset.card)"))


def test_play_a_whole_hand_against_three_computers_with_a_reload(
    browser: Any, live_server: LiveServer
) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    ctx = browser.new_context(viewport=DESKTOP)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    _create_in_lobby(page, live_server)
    done: list[str] = []
    reloaded = shot = False
    deadline = time.time() + 120
    while time.time() < deadline:
        what = _step(page)
        if what == "modal":
            break
        if what is None:
            page.wait_for_timeout(60)
            continue
        done.append(what)
        plays = done.count("play")
        if plays == 4 and not shot:
            page.wait_for_timeout(300)
            page.screenshot(path=str(ARTIFACTS / "table-desktop.png"))
            shot = True
        if plays == 5 and not reloaded:
            page.wait_for_selector(".hand .card[data-card]")
            page.wait_for_timeout(200)
            before_hand, before_bar = _hand(page), page.inner_text("#me-bar b")
            before_bids = page.inner_text("#scorebar")
            page.reload()
            page.wait_for_selector(".hand .card[data-card]")
            assert _hand(page) == before_hand, "a reload keeps the same cards"
            assert page.inner_text("#me-bar b") == before_bar == "Alice (you)"
            assert page.inner_text("#scorebar") == before_bids
            reloaded = True
    assert reloaded and shot
    assert done.count("play") == 13, done
    modal = page.inner_text("#modal")
    assert "Game over" in modal or "You win" in modal
    assert page.locator("table.hist tr").count() == 2  # header + the one hand
    page.screenshot(path=str(ARTIFACTS / "result-desktop.png"))
    assert not errors, errors
    ctx.close()


def test_phone_size_table_and_lobby(browser: Any, live_server: LiveServer) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = ctx.new_page()
    page.goto(live_server.url + "/")
    page.wait_for_selector("#seat-3")
    page.screenshot(path=str(ARTIFACTS / "lobby-phone.png"), full_page=True)
    _create_in_lobby(page, live_server, name="Pat")
    deadline = time.time() + 60
    plays = 0
    while plays < 3 and time.time() < deadline:
        what = _step(page)
        plays += what == "play"
        if what is None:
            page.wait_for_timeout(60)
    assert plays == 3
    page.wait_for_timeout(300)
    # nothing may stick out sideways on a phone
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"] + 1
    page.screenshot(path=str(ARTIFACTS / "table-phone.png"))
    _play_until(page, 13)
    page.wait_for_selector("#modal-bg:not(.hidden) #modal table")
    fits = page.evaluate(
        "(() => { const m = document.getElementById('modal'); return m.scrollWidth <= m.clientWidth; })()"
    )
    assert fits, "the hand summary scrolls sideways on a phone"
    page.screenshot(path=str(ARTIFACTS / "summary-phone.png"))
    ctx.close()


def test_two_people_at_one_table(browser: Any, live_server: LiveServer) -> None:
    a_ctx = browser.new_context(viewport=DESKTOP)
    b_ctx = browser.new_context(viewport=PHONE)
    a, b = a_ctx.new_page(), b_ctx.new_page()
    _create_in_lobby(a, live_server, seats=["you", "open", "bot:random", "bot:random"])
    a.wait_for_selector("#fill")  # waiting for the friend
    code = invite_code(a)
    b.goto(live_server.url + "/j/" + code)
    _sit(b, "Bea")
    b.wait_for_selector("#me-bar b:text('Bea (you)')")
    a.wait_for_selector(".seat[data-seat='1'] .name:has-text('Bea')")
    a.wait_for_selector(".seat[data-seat='1'] .dot.on")
    deadline = time.time() + 120
    done = {"a": 0, "b": 0}
    while time.time() < deadline:
        wa, wb = _step(a), _step(b)
        if wa == "modal" and wb == "modal":
            break
        done["a"] += wa == "play"
        done["b"] += wb == "play"
        if wa in (None, "modal") and wb in (None, "modal"):
            a.wait_for_timeout(60)
    assert done == {"a": 13, "b": 13}
    assert a.inner_text("#scorebar") == b.inner_text("#scorebar")
    assert a.locator("table.hist tr").count() == b.locator("table.hist tr").count() == 2
    a_ctx.close()
    b_ctx.close()


def test_reload_and_a_spectator_keep_the_play_log_in_words(browser: Any, live_server: LiveServer) -> None:
    ctx = browser.new_context(viewport=DESKTOP)
    page = ctx.new_page()
    _create_in_lobby(page, live_server)
    _play_until(page, 3)
    page.wait_for_timeout(300)
    lines = page.locator("#log li:not(.log-hand)").all_inner_texts()
    assert len(lines) >= 10, lines  # 4 bids and at least 6 cards
    assert any(" played " in x for x in lines) and any(" bid " in x for x in lines)
    assert not any(RAW_CARD.search(x) for x in lines), lines  # words and suit symbols, not "TH"
    page.reload()
    page.wait_for_selector("#log li")
    page.wait_for_timeout(300)
    after = page.locator("#log li:not(.log-hand)").all_inner_texts()
    assert after[: len(lines)] == lines, "a reload keeps the play log"
    spec = browser.new_context(viewport=PHONE).new_page()
    spec.goto(page.url)
    spec.wait_for_selector("#log li")
    spec.wait_for_timeout(300)
    seen = spec.locator("#log li:not(.log-hand)").all_inner_texts()
    assert seen[: len(lines)] == lines, "a spectator arriving mid-hand gets the log of the hand"
    ctx.close()


def test_table_cards_do_not_fade_in_again_on_presence_changes(browser: Any, live_server: LiveServer) -> None:
    ctx = browser.new_context(viewport=DESKTOP)
    page = ctx.new_page()
    _create_in_lobby(page, live_server, seats=["you", "open", "bot:basic", "bot:basic"])
    page.click("#fill")
    # wait for a card on the table while it is my turn (nothing moves until I play)
    deadline = time.time() + 60
    while time.time() < deadline:
        if page.locator("#trick .card").count() and _visible(page, ".hand.playing .card.legal"):
            break
        if _step(page) is None:
            page.wait_for_timeout(60)
    page.wait_for_timeout(400)
    page.evaluate("window.__marked = [...document.querySelectorAll('#trick .card')]")
    assert page.evaluate("window.__marked.length") >= 1
    other = browser.new_context(viewport=PHONE).new_page()
    other.goto(page.url)  # a spectator arrives: a presence change
    other.wait_for_selector("#trick .card")
    page.wait_for_timeout(2600)  # spectator counts are sent at most every 2 s
    assert "watching" in page.inner_text("#table-info")
    same = page.evaluate(
        "[...document.querySelectorAll('#trick .card')].every((c, i) => c === window.__marked[i])"
    )
    assert same, "the cards on the table were redrawn (and faded in again)"
    ctx.close()


def test_server_down_is_plain_and_clicks_are_not_dropped_silently(
    browser: Any, live_server: LiveServer
) -> None:
    ctx = browser.new_context(viewport=DESKTOP)
    page = ctx.new_page()
    _create_in_lobby(page, live_server, seats=["you", "open", "bot:basic", "bot:basic"])
    page.wait_for_selector(".seat .dot.on")
    live_server.kill()
    page.wait_for_selector("#offline:not(.hidden)", timeout=10000)
    assert "Connection to the server lost" in page.inner_text("#offline")
    assert page.locator(".seat .dot.on").count() == 0, "nobody's presence is shown as known"
    assert page.locator(".seat .dot.unknown").count() >= 1
    page.click("#fill")
    page.wait_for_selector("#banner.error:not(.hidden)")
    assert "Not connected" in page.inner_text("#banner")
    page.screenshot(path=str(ARTIFACTS / "offline-desktop.png"))
    ctx.close()


def test_unknown_table_shows_a_way_back_to_the_lobby(browser: Any, live_server: LiveServer) -> None:
    page = browser.new_context(viewport=PHONE).new_page()
    page.goto(live_server.url + "/t/doesnotexist")
    assert "There is no table here" in page.inner_text("body")
    page.screenshot(path=str(ARTIFACTS / "missing-phone.png"))
    page.click("#back")
    page.wait_for_selector("#create-btn")


def test_two_player_draw_is_explained(browser: Any, live_server: LiveServer) -> None:
    page = browser.new_context(viewport=PHONE).new_page()
    page.goto(live_server.url + "/")
    page.wait_for_selector("#seat-1")
    page.select_option("#preset", "two-player")
    page.select_option("#seat-1", "bot:basic")
    page.select_option("#speed", "0.05")
    page.click("#create-btn")
    page.wait_for_url("**/t/*")
    deadline = time.time() + 30
    while not _visible(page, "[data-action='keep']") and time.time() < deadline:
        if _visible(page, "[data-action='look']"):
            page.click("[data-action='look']")
        page.wait_for_timeout(100)
    help_text = page.inner_text(".draw-help")
    assert "Keep" in help_text and "Reject" in help_text and "next card" in help_text
    page.screenshot(path=str(ARTIFACTS / "draw-phone.png"))
