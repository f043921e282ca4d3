"""The browser table as players meet it (issue 46): one test per defect, each named after it.

Every page here fails the test on any page error or console error.  Screenshots of the states
these tests check go to test-artifacts/ (git-ignored) for people to look at.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from server_helpers import LiveServer
from test_server_browser import ARGS, ARTIFACTS, CHROMIUM, DESKTOP, _step, _visible, sync_api


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


class Watched:
    """A page whose page errors and console errors are collected (and fail the test)."""

    def __init__(self, browser: Any, viewport: dict[str, int], **kw: Any) -> None:
        self.ctx = browser.new_context(viewport=viewport, **kw)
        self.page = self.ctx.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(f"page error: {e}"))
        self.page.on(
            "console", lambda m: self.errors.append(f"console: {m.text}") if m.type == "error" else None
        )

    def check(self) -> None:
        assert not self.errors, self.errors

    def close(self) -> None:
        self.ctx.close()


@pytest.fixture
def watched(browser: Any) -> Iterator[Any]:
    pages: list[Watched] = []

    def make(viewport: dict[str, int] = DESKTOP, **kw: Any) -> Watched:
        w = Watched(browser, viewport, **kw)
        pages.append(w)
        return w

    yield make
    for w in pages:
        w.close()
    for w in pages:
        w.check()


def create_table(
    page: Any,
    server: LiveServer,
    *,
    seats: list[str] | None = None,
    hands: int = 2,
    timer: str = "0",
    name: str = "Alice",
) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector("#seat-3")
    page.fill("#name", name)
    page.select_option("#speed", "0.05")
    page.select_option("#timer", timer)
    for i, value in enumerate(seats or ["you", "bot:basic", "bot:basic", "bot:basic"]):
        page.select_option(f"#seat-{i}", value)
    page.click("details summary")
    page.fill("#opt-hands", str(hands))
    page.click("#create-btn")
    page.wait_for_url("**/t/*")
    page.wait_for_selector("#me-bar b")


def play_to_modal(page: Any, seconds: float = 90) -> int:
    """Click through the game until a dialog shows; returns the cards this page played."""
    plays = 0
    deadline = time.time() + seconds
    while time.time() < deadline:
        what = _step(page)
        if what == "modal":
            return plays
        plays += what == "play"
        if what is None:
            page.wait_for_timeout(60)
    raise AssertionError(f"no dialog after {plays} plays")


def test_hand_result_dialog_appears_between_hands(watched: Any, live_server: LiveServer) -> None:
    w = watched()
    page = w.page
    create_table(page, live_server, hands=2)
    assert play_to_modal(page) == 13
    page.wait_for_selector("#modal-bg:not(.hidden) #modal-ok")
    text = page.inner_text("#modal")
    assert "Hand 1 result" in text, text
    assert "Game over" not in text and "You win" not in text
    assert _visible(page, "#modal table") and page.locator("#modal table tr").count() == 3
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "defects-hand-result.png"))
    w.check()
    page.click("#modal-ok")
    page.wait_for_selector("#modal-bg.hidden", state="attached")
    # the hand's row in Scores opens the same dialog
    page.click("table.hist tr:nth-child(2)")
    page.wait_for_selector("#modal-bg:not(.hidden) #modal-ok")
    assert "Hand 1 result" in page.inner_text("#modal")
    page.click("#modal-ok")
    # the second hand is played and ends the game
    assert play_to_modal(page) == 13
    page.wait_for_selector("#modal-bg:not(.hidden) #modal-ok")
    text = page.inner_text("#modal")
    assert "Game over" in text or "You win" in text, text
