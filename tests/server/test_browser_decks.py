"""The browser plays the joker decks and the fixed bids (issue 49, RULES.md section 7).

A whole Joker-Joker-Deuce-Deuce game (the lobby's rule-set select, two hands) at desktop and
phone size, with no page error or console error; the jokers drawn with their own face and
named "big joker" / "little joker" for screen readers, the 2♦ sorted with the trumps; the same
in the four-colour and high-contrast settings; a Mirror table's bid box says the bid is forced;
the web replay page draws the jokers.

The computer players are ``random``, the quickest (how ``basic`` and ``expert`` play the packs
is tested in tests/test_bots_decks*.py).  Screenshots go to test-artifacts/browser-games/decks-*.png.
"""

from __future__ import annotations

import time
from typing import Any

import pytest
from browser_helpers import (
    DESKTOP,
    PHONE,
    Watched,
    click_step,
    have_chromium,
    snapshot,
    sync_api,
)
from server_helpers import LiveServer

pytestmark = pytest.mark.skipif(not have_chromium(), reason="needs Debian's chromium")

TRUMPS_JJDD = ["BJ", "LJ", "2D", "2S", *(r + "S" for r in "AKQJT9876543")]

HAND_JS = "() => [...document.querySelectorAll('#hand .card[data-card]')].map((c) => c.dataset.card)"
JOKERS_JS = """() => [...document.querySelectorAll('.card.joker')].map((c) => ({
  card: c.dataset.card,
  label: c.getAttribute('aria-label') || (c.querySelector('.sr-only') || {}).textContent,
  colour: getComputedStyle(c).color,
  corner: c.querySelector('.corner').innerText.replace(/\\s+/g, ''),
  width: c.getBoundingClientRect().width }))"""



def _create(page: Any, server: LiveServer, rule_set: str, hands: int) -> None:
    """The lobby: pick a named rule set, the computer players, the number of hands; create."""
    page.goto(server.url + "/")
    page.wait_for_selector("#rule-set option", state="attached")
    page.select_option("#rule-set", rule_set)
    page.wait_for_selector("#seat-3")
    page.fill("#name", "Alice")
    page.select_option("#speed", "0.05")
    for i in (1, 2, 3):
        page.select_option(f"#seat-{i}", "bot:random")
    page.click("details summary")
    page.fill("#opt-hands", str(hands))
    page.click("#create-btn")
    try:
        page.wait_for_url("**/t/*", timeout=15000)
    except sync_api.Error:
        error = page.locator("#create-error").inner_text()
        raise AssertionError("the table was not made: " + error) from None
    page.wait_for_selector("#me-bar b")


def _trump_order_ok(hand: list[str]) -> bool:
    trumps = [c for c in hand if c in TRUMPS_JJDD]
    return hand[: len(trumps)] == trumps and trumps == sorted(trumps, key=TRUMPS_JJDD.index)


def _play(who: Watched, until_over: bool, shots: dict[str, bool]) -> dict[str, Any]:
    """Click through the game; screenshot the hand the first time it holds a joker."""
    page, seen = who.page, {"jokers": [], "hands": 0}
    deadline = time.time() + 150
    while time.time() < deadline:
        snap = snapshot(page)
        if snap["over"]:
            return seen
        if snap["modal"]:
            button = page.locator("#modal button:visible").first
            if button.count():
                button.click()
                seen["hands"] += 1
            page.wait_for_timeout(150)
            continue
        hand = snap["hand"]
        if hand:
            assert _trump_order_ok(hand), hand
        if any(c in ("BJ", "LJ") for c in hand) and not shots.get(who.size):
            seen["jokers"] = page.evaluate(JOKERS_JS)
            who.shot(f"decks-jjdd-hand-{who.size}.png")
            shots[who.size] = True
            if not until_over:
                return seen
        if click_step(page, snap) is None:
            page.wait_for_timeout(100)
    who.shot(f"decks-jjdd-stuck-{who.size}.png")
    raise AssertionError(f"the game did not end: {snapshot(page)}")


def _game(
    browser: Any, server: LiveServer, viewport: dict[str, int], shots: dict[str, bool]
) -> dict[str, Any]:
    """One table from the lobby's jjdd rule set; desktop plays it to the end (3 hands) and opens
    its replay, phone stops at the first hand that deals the person a joker (10 hands at most)."""
    desktop = viewport is DESKTOP
    who = Watched(browser, "host", viewport, mobile=not desktop)
    try:
        _create(who.page, server, "jjdd", 3 if desktop else 10)
        info = who.page.locator("#table-info").inner_text()
        # the table says its house rules, as the lobby words them
        said = "house rules: least tricks partners may bid: 4, ten for two hundred: on, deck: jokers-deuces"
        assert said in info, info
        seen = _play(who, until_over=desktop, shots=shots)
        if desktop:  # the web replay of the game draws the jokers too
            table_id = who.page.url.rstrip("/").split("/")[-1]
            who.page.goto(server.url + "/r/" + table_id)
            who.page.wait_for_selector(".replay-hand .card[data-card]")
            assert who.page.locator(".replay-hand .card.joker").count() == 2, "both jokers in the replay"
            who.shot("decks-jjdd-replay-desktop.png")
            assert seen["hands"] >= 1  # a hand's result closed before the game-over
        who.check()
        return seen
    finally:
        who.close()


def test_jokers_deuces_whole_game_in_the_browser(browser: Any, live_server: LiveServer) -> None:
    """The deal is the server's secret: a game whose hands never give the person a joker (about
    one in six at desktop) is played again, at most three times."""
    shots: dict[str, bool] = {}
    for viewport in (DESKTOP, PHONE):
        for _ in range(3):
            jokers = _game(browser, live_server, viewport, shots)["jokers"]
            if jokers:
                break
        assert jokers, "no joker was dealt to the person in three games"
        for j in jokers:
            assert j["label"].split(",")[0] == {"BJ": "big joker", "LJ": "little joker"}[j["card"]], j
            assert j["corner"].startswith("★")
            big = j["card"] == "BJ"
            assert (j["colour"] == "rgb(198, 40, 40)") == big, j  # the big joker red, the little black


def test_jokers_keep_their_face_in_four_colour_and_high_contrast(
    browser: Any, live_server: LiveServer
) -> None:
    who = Watched(browser, "host", PHONE, mobile=True)
    try:
        page = who.page
        page.goto(live_server.url + "/")
        page.evaluate("""() => { document.documentElement.dataset.deck = 'four';
          document.documentElement.dataset.contrast = 'high';
          const box = document.createElement('div'); box.className = 'hand'; box.id = 'hand';
          const hand = sortHand(['3D', '2D', 'AS', 'LJ', 'KH', 'BJ'], 'jokers-deuces');
          for (const c of hand) box.append(cardEl(c));
          document.body.prepend(box); }""")
        assert page.evaluate(HAND_JS) == ["BJ", "LJ", "2D", "AS", "KH", "3D"]
        jokers = page.evaluate(JOKERS_JS)
        colours = {j["card"]: j["colour"] for j in jokers}
        assert colours["LJ"] == "rgb(0, 0, 0)" and colours["BJ"] != colours["LJ"]
        who.shot("decks-jokers-four-colour-high-contrast-phone.png")
        who.check()
    finally:
        who.close()


def test_mirror_bid_box_says_the_bid_is_forced(browser: Any, live_server: LiveServer) -> None:
    who = Watched(browser, "host", DESKTOP)
    try:
        page = who.page
        _create(page, live_server, "mirror", 1)
        page.wait_for_selector(".bids button[data-action]", timeout=30000)
        note = page.locator("#actions .note").first.inner_text()
        bids = page.locator(".bids button[data-action]").evaluate_all(
            "els => els.map(e => e.dataset.action)"
        )
        assert len(bids) == 1
        spades = sum(1 for c in page.evaluate(HAND_JS) if c[1] == "S" or c in ("BJ", "LJ"))
        if bids == ["nil"]:
            assert note == "Mirror: you hold no spades, so your bid is nil."
        else:
            assert note == f"Mirror: your bid is your {spades} spade{'s' if spades > 1 else ''}."
        who.shot("decks-mirror-bid-desktop.png")
        who.check()
    finally:
        who.close()
