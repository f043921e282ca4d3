"""axe-core (the npm package, tests/js) run in chromium on every page in every state a player
meets (issue 52): the lobby, a table waiting for players, bidding, playing, the hand's result
dialog, the game over (dialog and page), the replay, the player's page, the leaderboard and the
"me" page.  No serious or critical violation anywhere; the counts of each page and state are
printed at the end of the run (tests/conftest.py) and written to test-artifacts/a11y/.

Without axe.min.js (``npm ci`` in tests/js not run) the test skips, except in CI (env CI set),
where it fails.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from a11y_helpers import axe_source, record_axe, run_axe, save_text
from browser_helpers import DESKTOP, have_chromium, key_step, launched_chromium, snapshot
from server_helpers import LiveServer

pytestmark = pytest.mark.skipif(not have_chromium(), reason="chromium is not installed")

SERIOUS = ("serious", "critical")


@pytest.fixture(scope="module")
def axe() -> str:
    source = axe_source()
    if source is None:
        pytest.skip("axe-core is not installed: run `npm ci` in tests/js")
    return source


@pytest.fixture
def page(live_server: LiveServer) -> Iterator[Any]:
    with launched_chromium() as b:
        ctx = b.new_context(viewport=DESKTOP, bypass_csp=True)  # axe.min.js added as a script tag
        pg = ctx.new_page()
        errors: list[str] = []
        pg.on("pageerror", lambda e: errors.append(f"page error: {e}"))
        yield pg
        ctx.close()
        assert not errors, errors


class Audit:
    """axe-core on each page and state, the findings kept by label."""

    def __init__(self, page: Any, source: str) -> None:
        self.page = page
        self.source = source
        self.found: dict[str, dict[str, list[dict[str, Any]]]] = {}

    def check(self, label: str) -> None:
        self.page.wait_for_timeout(250)  # the last frame drawn
        found = run_axe(self.page, self.source)
        self.found[label] = found
        record_axe(label, found)

    def report(self) -> str:
        lines = []
        for label, found in self.found.items():
            counts = ", ".join(f"{k} {len(v)}" for k, v in sorted(found.items())) or "no violations"
            lines.append(f"{label}: {counts}")
            for impact, vs in found.items():
                for v in vs:
                    lines.append(f"    {impact}: {v['id']} ({v['help']}): {v['nodes'][:3]}")
        return "\n".join(lines)


def keys_until(page: Any, done: Any, seconds: float = 90) -> None:
    """The keyboard (the table's keys) until ``done(snapshot)`` holds."""
    deadline = time.time() + seconds
    while True:
        snap = snapshot(page)
        if done(snap):
            return
        assert time.time() < deadline, f"the state never came: {snap}"
        if key_step(page, snap) is None:
            page.wait_for_timeout(80)


def test_axe_finds_no_serious_violation_on_any_page_in_any_state(
    page: Any, live_server: LiveServer, axe: str
) -> None:
    audit = Audit(page, axe)
    url = live_server.url
    page.goto(url + "/")
    page.wait_for_selector("#seat-3")
    audit.check("lobby")

    page.fill("#name", "Alice")
    page.select_option("#speed", "0.05")
    page.select_option("#timer", "0")
    for i, value in enumerate(["you", "open", "bot:basic", "bot:basic"]):
        page.select_option(f"#seat-{i}", value)
    page.click("details summary")
    page.fill("#opt-hands", "2")
    page.click("#create-btn")
    page.wait_for_url("**/t/*")
    page.wait_for_selector("#waiting:not(.hidden) #fill")
    table_id = page.url.rstrip("/").rsplit("/", 1)[-1]
    audit.check("table: waiting for players")

    page.click("#fill")
    page.wait_for_selector(".bids button", timeout=30000)
    audit.check("table: bidding")
    keys_until(page, lambda s: bool(s["play"]))
    audit.check("table: playing (your turn)")
    keys_until(page, lambda s: s["modal"], 120)
    audit.check("table: hand result dialog")
    page.keyboard.press("Enter")  # Continue
    keys_until(page, lambda s: s["modal"] and "Hand 1" not in s["title"], 120)
    audit.check("table: game over dialog")
    page.keyboard.press("Escape")
    page.wait_for_selector("#after-game")
    audit.check("table: game over page")

    page.goto(url + "/r/" + table_id)
    page.wait_for_selector(".card", timeout=15000)
    audit.check("replay page")
    page.goto(url + "/me")
    page.wait_for_selector("#my-page[href^='/p/']", timeout=15000)
    audit.check("me page")
    page.click("#my-page")
    page.wait_for_load_state("networkidle")
    audit.check("player page")
    page.goto(url + "/leaders")
    page.wait_for_load_state("networkidle")
    audit.check("leaders page")
    # duplicate events and tournaments (issue 51): the forms, an open event, a tournament
    page.goto(url + "/events")
    page.wait_for_load_state("networkidle")
    audit.check("events: new event form")
    four = ["open", "basic", "basic", "basic"]
    made = page.request.post(url + "/api/events", data={"name": "Club night", "tables": [four, four]})
    assert made.ok, made.text()
    page.goto(url + "/e/" + made.json()["id"])
    page.wait_for_load_state("networkidle")
    audit.check("events: an event's page")
    page.goto(url + "/tournaments")
    page.wait_for_load_state("networkidle")
    audit.check("tournaments: new tournament form")
    made = page.request.post(url + "/api/tournaments", data={"name": "Sunday Swiss", "start_in": 60})
    assert made.ok, made.text()
    page.goto(url + "/tn/" + made.json()["id"])
    page.wait_for_load_state("networkidle")
    audit.check("tournaments: a tournament's page")

    report = audit.report()
    path = save_text("axe-report.txt", report + "\n")
    print(f"\n--- axe-core ({path}) ---\n{report}")
    bad = {
        label: {k: [v["id"] for v in vs] for k, vs in f.items() if k in SERIOUS}
        for label, f in audit.found.items()
    }
    bad = {label: f for label, f in bad.items() if f}
    assert not bad, f"serious or critical violations: {bad}\n{report}"
