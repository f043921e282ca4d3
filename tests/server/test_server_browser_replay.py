"""The replay page in Debian's chromium with the double-dummy review beside each card: step to a
costly card and see its loss and the best card, and each side's bid against double dummy.
Screenshots at desktop and phone sizes go to test-artifacts/."""

from __future__ import annotations

import json
import re
import time
import urllib.request
from typing import Any

import pytest
from server_helpers import LiveServer
from test_server_browser import ARTIFACTS, DESKTOP, PHONE


def _get(server: LiveServer, path: str) -> tuple[int, Any]:
    try:
        with urllib.request.urlopen(server.url + path, timeout=120) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def _finished_bot_game(server: LiveServer, hands: int) -> str:
    body = {"preset": "partnership", "seats": ["bot:basic"] * 4, "options": {"hands": hands}, "bot_delay": 0}
    req = urllib.request.Request(server.url + "/api/tables", data=json.dumps(body).encode(),
                                 headers={"content-type": "application/json"}, method="POST")
    with urllib.request.urlopen(req, timeout=30) as r:
        table_id = str(json.loads(r.read())["id"])
    deadline = time.time() + 120
    while time.time() < deadline:
        if _get(server, f"/api/tables/{table_id}/replay")[0] == 200:
            return table_id
        time.sleep(0.1)
    raise AssertionError("the computers did not finish the game")


def _card(code: str) -> str:
    return ("10" if code[0] == "T" else code[0]) + {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}[code[1]]


def test_replay_shows_each_cards_loss_best_card_and_the_bid_review(
    browser: Any, live_server: LiveServer
) -> None:
    table_id = _finished_bot_game(live_server, 3)
    # the first costly card of the game, from the API the page reads
    target = None
    for h in range(3):
        status, data = _get(live_server, f"/api/tables/{table_id}/analysis/{h}")
        assert status == 200
        costly = [(t, d) for t, trick in enumerate(data["tricks"]) for d in trick if d["loss"] > 0]
        if costly and target is None:
            target = (h, data, *costly[0])
    if target is None:
        pytest.skip("the computers made no costly card in three hands")
    hand, data, t, d = target
    ctx = browser.new_context(viewport=PHONE)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(live_server.url + "/r/" + table_id)
    page.wait_for_selector("#next-trick")
    for _ in range(hand):
        page.click("#next-hand")
    assert f"hand {hand + 1} of 3" in page.inner_text("h2")
    # the bid review: each side's contract against double dummy
    page.wait_for_selector("#dd-review .dd-side", timeout=60000)
    sides = page.locator("#dd-review .dd-side")
    assert sides.count() == 2
    for i, s in enumerate(data["review"]["sides"]):
        text = sides.nth(i).inner_text()
        assert f"bid {s['contract']}, double dummy {s['dd_tricks']} trick" in text
        assert f"took {s['took']}" in text
        assert len(s["nils"]) == sides.nth(i).locator(".dd-nil").count()
    # step trick by trick up to the costly card: every card shown carries its verdict
    for k in range(t + 1):
        page.click("#next-trick")
        assert page.locator("#shown-trick figure .dd").count() == 4, k
    marked = page.locator("#shown-trick .dd-loss")
    assert marked.count() == len([x for x in data["tricks"][t] if x["loss"] > 0])
    shown = [marked.nth(i).inner_text() for i in range(marked.count())]
    best = f" · best: {_card(d['best'][0])}"
    if d["nil_lost"]:  # whose nil: "loses own nil", "loses West's nil", "lets North's nil escape"
        assert any(s.split(best)[0].endswith(("nil", "nil escape")) and best in s for s in shown), shown
    else:
        assert any(s.startswith(f"−{d['loss']}{best}") for s in shown), shown
    assert page.locator("#dd-costly li").count() >= 1
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "replay-analysis-phone.png"), full_page=True)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], "the replay scrolls sideways on a phone"
    page.set_viewport_size(DESKTOP)
    page.screenshot(path=str(ARTIFACTS / "replay-analysis-desktop.png"), full_page=True)
    # a costly card in the list takes the replay to its trick
    page.click("#dd-costly li button >> nth=0")
    assert re.search(r"trick \d+ of 13", page.inner_text(".controls"))
    assert page.locator("#shown-trick .dd-loss").count() >= 1
    assert not errors
    ctx.close()


def test_replay_checks_each_deal_in_the_browser(browser: Any, live_server: LiveServer) -> None:
    """The page recomputes each hand's deal from its revealed secret (fairness.js: SHA-256 and
    SHAKE-128 written out in JavaScript) and says so; a changed secret or a changed card fails."""
    table_id = _finished_bot_game(live_server, 2)
    status, payload = _get(live_server, f"/api/tables/{table_id}/replay")
    assert status == 200 and payload["fairness"]["table"] == table_id
    ctx = browser.new_context(viewport=DESKTOP)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(live_server.url + "/r/" + table_id)
    page.wait_for_selector("#fair-verdict", timeout=60000)
    entry = payload["fairness"]["hands"][0]
    assert "fair-ok" in (page.get_attribute("#fair-verdict", "class") or "")
    assert page.inner_text("#fair-verdict").startswith("Verified in your browser")
    box = page.inner_text("#fair-deal")
    assert entry["commitment"] in box and entry["secret"] in box
    assert "test_server_leak.py" in box
    page.set_viewport_size(PHONE)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    ARTIFACTS.mkdir(exist_ok=True)
    # the whole page: the box is drawn again when the hand's analysis arrives, and an element
    # screenshot taken at that moment fails with "not attached to the DOM"
    page.screenshot(path=str(ARTIFACTS / "replay-fair-deal-phone.png"), full_page=True)
    page.click("#next-hand")
    assert "fair-ok" in (page.get_attribute("#fair-verdict", "class") or "")

    def tampered(change: Any) -> str:
        data = json.loads(json.dumps(payload))
        change(data)
        body = json.dumps(data)
        page.route(f"**/api/tables/{table_id}/replay",
                   lambda route: route.fulfill(status=200, content_type="application/json", body=body))
        page.reload()
        page.wait_for_selector("#fair-verdict", timeout=60000)
        page.unroute(f"**/api/tables/{table_id}/replay")
        assert "fair-bad" in (page.get_attribute("#fair-verdict", "class") or "")
        return page.inner_text("#fair-verdict")

    def other_secret(data: Any) -> None:
        data["fairness"]["hands"][0]["secret"] = "0" * 64

    assert "does not match the commitment" in tampered(other_secret)

    def one_card(data: Any) -> None:  # one card of North's swapped with one of East's
        hands = data["hands"][0]["hands"]
        hands[0][0], hands[1][0] = hands[1][0], hands[0][0]

    assert "deals other cards" in tampered(one_card)
    assert not errors
    ctx.close()
