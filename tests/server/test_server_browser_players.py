"""Issue 18 flows in Debian's chromium: identity across a reload and a new browser context,
chat between two players and a spectator, a rated game with its rating change, rematch,
replay stepping, and Play now.  Screenshots at desktop and phone sizes go to test-artifacts/."""

from __future__ import annotations

import time
from typing import Any

import pytest
from server_helpers import LiveServer
from test_server_browser import (
    ARTIFACTS,
    DESKTOP,
    PHONE,
    _create_in_lobby,
    _sit,
    _step,
)


def _shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name), full_page=True)


def test_identity_survives_a_reload_and_moves_to_a_new_browser(browser: Any, live_server: LiveServer) -> None:
    a_ctx = browser.new_context(viewport=DESKTOP)
    a = a_ctx.new_page()
    _create_in_lobby(a, live_server, name="Alice")
    table_url = a.url
    a.reload()
    a.wait_for_selector("#me-bar b:text('Alice (you)')")
    a.goto(live_server.url + "/me")
    a.wait_for_selector("#me-status:has-text('Alice')")
    a.click("#show-link")
    link = a.inner_text("#move-link")
    assert "/me#key=" in link
    _shot(a, "me-desktop.png")
    # another device: a fresh browser context with no storage at all
    b_ctx = browser.new_context(viewport=PHONE, is_mobile=True)
    b = b_ctx.new_page()
    b.goto(link)
    b.wait_for_selector("#me-status:has-text('now plays as Alice')")
    assert "#key" not in b.url  # the key leaves the address bar at once
    _shot(b, "me-phone.png")
    b.goto(table_url)
    b.wait_for_selector("#me-bar b:text('Alice (you)')")
    assert b.locator(".hand .card").count() == 13
    b.goto(live_server.url + "/")
    b.wait_for_selector("#who:has-text('Alice')")
    a_ctx.close()
    b_ctx.close()


def test_chat_between_two_players_and_a_spectator(browser: Any, live_server: LiveServer) -> None:
    a_ctx, b_ctx, c_ctx = (browser.new_context(viewport=v) for v in (DESKTOP, PHONE, DESKTOP))
    a, b, c = a_ctx.new_page(), b_ctx.new_page(), c_ctx.new_page()
    _create_in_lobby(a, live_server, seats=["you", "open", "bot:basic", "bot:basic"])
    b.goto(a.url)
    _sit(b, "Bea")
    b.wait_for_selector("#me-bar b:text('Bea (you)')")
    c.goto(a.url)
    c.wait_for_selector('#chat-title:text("Spectators\' chat")')
    a.fill("#chat-text", "hello <b>partner</b>")
    a.press("#chat-text", "Enter")
    b.wait_for_selector("#chat-log li:has-text('hello <b>partner</b>')")
    assert b.locator("#chat-log b:text('partner')").count() == 0  # shown as text, never as HTML
    c.click("#quick button:text('Good luck')")
    c.wait_for_selector("#chat-log li:has-text('Good luck')")
    b.wait_for_timeout(500)
    assert "Good luck" not in b.inner_text("#chat-log"), "players do not see the spectators' chat"
    assert "partner" not in c.inner_text("#chat-log"), "spectators do not see the players' chat"
    # Bea mutes Alice
    b.click("#chat-log li:has-text('partner') .mute")
    a.fill("#chat-text", "are you there?")
    a.press("#chat-text", "Enter")
    a.wait_for_selector("#chat-log li:has-text('are you there?')")
    b.wait_for_timeout(600)
    assert "are you there?" not in b.inner_text("#chat-log")
    _shot(a, "chat-desktop.png")
    _shot(b, "chat-phone.png")
    for ctx in (a_ctx, b_ctx, c_ctx):
        ctx.close()


def _two_player_table(page: Any, server: LiveServer, name: str) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector("#seat-1")
    page.fill("#name", name)
    page.select_option("#preset", "two-player")
    page.select_option("#seat-1", "open")
    page.select_option("#timer", "0")
    page.click("details summary")
    page.fill("#opt-hands", "1")
    page.click("#create-btn")
    page.wait_for_url("**/t/*")
    page.wait_for_selector("#me-bar b")


def test_a_rated_game_then_its_replay_and_a_rematch(browser: Any, live_server: LiveServer) -> None:
    a_ctx, b_ctx = browser.new_context(viewport=DESKTOP), browser.new_context(viewport=PHONE)
    a, b = a_ctx.new_page(), b_ctx.new_page()
    _two_player_table(a, live_server, "Ann")
    table_url = a.url
    b.goto(live_server.url + "/")  # Bob has a name in the lobby first
    b.fill("#name", "Bob")
    b.evaluate("localStorage.setItem('spades-name', 'Bob')")
    b.goto(table_url)
    _sit(b, "Bob")
    b.wait_for_selector("#me-bar b:text('Bob (you)')")
    deadline = time.time() + 240
    while time.time() < deadline:
        wa, wb = _step(a), _step(b)
        if wa == "modal" and wb == "modal":
            break
        if wa in (None, "modal") and wb in (None, "modal"):
            a.wait_for_timeout(60)
    assert "Rematch" in a.inner_text("#modal")
    _shot(a, "over-desktop.png")
    # the rating changed for both
    a2 = a_ctx.new_page()
    a2.goto(live_server.url + "/leaders")
    a2.wait_for_selector("table.board")
    board = a2.inner_text("table.board")
    assert "Ann" in board and "Bob" in board
    _shot(a2, "leaders-desktop.png")
    a2.click("a:text('Ann')")
    a2.wait_for_selector(".rating-line:has-text('after 1 rated game')")
    assert a2.locator("ol.history li").count() == 1
    _shot(a2, "player-desktop.png")
    # the replay: trick by trick, every hand face up
    b2 = b_ctx.new_page()
    b2.goto(live_server.url + "/r/" + table_url.rsplit("/", 1)[1])
    b2.wait_for_selector("#next-trick")
    assert b2.locator(".replay-hand .card").count() == 26
    for _ in range(3):
        b2.click("#next-trick")
    assert "trick 3 of 13" in b2.inner_text(".controls")
    assert b2.locator(".replay-hand .card.played").count() == 6
    assert b2.locator("#shown-trick .card").count() == 2
    b2.wait_for_selector("#shown-trick .dd", timeout=30000)  # double-dummy values beside the cards
    assert b2.locator("#shown-trick .dd").count() == 2
    b2.click("#prev-trick")
    assert b2.locator(".replay-hand .card.played").count() == 4
    _shot(b2, "replay-phone.png")
    b2.set_viewport_size(DESKTOP)
    _shot(b2, "replay-desktop.png")
    # rematch: both are taken to a new table, in the same seats
    a.click("#rematch")
    a.wait_for_url(lambda u: u != table_url and "/t/" in u, timeout=10000)
    b.wait_for_url(a.url, timeout=10000)
    a.wait_for_selector("#me-bar b:text('Ann (you)')")
    b.wait_for_selector("#me-bar b:text('Bob (you)')")
    a_ctx.close()
    b_ctx.close()


def test_play_now_puts_two_people_at_one_table(browser: Any, live_server: LiveServer) -> None:
    a_ctx, b_ctx = browser.new_context(viewport=DESKTOP), browser.new_context(viewport=PHONE)
    a, b = a_ctx.new_page(), b_ctx.new_page()
    for page, name in ((a, "Ann"), (b, "Bob")):
        page.goto(live_server.url + "/")
        page.wait_for_selector("#seat-3")
        page.fill("#name", name)
        if page is a:
            _shot(a, "lobby-desktop.png")
        page.click("#play-now")
        page.wait_for_url("**/t/*")
        page.wait_for_selector(f"#me-bar b:text('{name} (you)')")
    assert a.url == b.url
    a.wait_for_selector(".seat .name:has-text('Bob')")
    _shot(b, "play-now-phone.png")
    a_ctx.close()
    b_ctx.close()


pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
