"""The browser client uses what the server sends (issue 46, the client and the server aligned):
house rules worded in the player's language, the presets offered, each preset's limits and the
settings' ranges from /api/config, refusals in the player's language next to the field they
name, the timer's rule, the fair timer's timeout frames and away marks, a closed table, a
refused spectator name, and one rating text with its provisional mark on every page.

Every page here fails the test on any page error or console error (``watched``).  Screenshots
go to test-artifacts/ (git-ignored) for people to look at.
"""

from __future__ import annotations

import sqlite3
import time
from typing import Any

import pytest
import test_browser_table_defects as defects
from browser_helpers import sync_api
from server_helpers import LiveServer
from test_server_browser import PHONE, _visible

from spades.server.table import CLOSED_MESSAGE, TIMER_RULE
from spades.server.words import localize

# the pages of the defects' tests (each page fails the test on an error; the browser is conftest's)
watched = defects.watched
shot = defects.shot


def _lang(page: Any, server: LiveServer, lang: str) -> None:
    page.context.add_cookies([{"name": "spades_lang", "value": lang, "url": server.url}])


def _api_table(page: Any, server: LiveServer, **body: Any) -> dict[str, Any]:
    """A table made through the API (for settings the lobby's choices do not reach)."""
    body = {
        "preset": "partnership",
        "seats": ["you", "bot:basic", "bot:basic", "bot:basic"],
        "name": "Alice",
        **body,
    }
    r = page.request.post(server.url + "/api/tables", data=body)
    assert r.status == 201, r.text()
    return dict(r.json())


def _sit(page: Any, server: LiveServer, made: dict[str, Any]) -> None:
    """Open the table with the seat's token, as the lobby would leave it."""
    page.goto(server.url + "/leaders")
    page.evaluate("([k, t]) => localStorage.setItem(k, t)", ["spades-seat-" + made["id"], made["token"]])
    page.goto(server.url + made["url"])
    page.wait_for_selector("#me-bar b")


def test_lobby_row_words_house_rules_in_the_players_language(watched: Any, live_server: LiveServer) -> None:
    host = watched().page
    made = _api_table(host, live_server, options={"target_score": 300, "nil": False}, table_name="Friday")
    lobby = watched().page
    _lang(lobby, live_server, "ru")
    lobby.goto(live_server.url + "/")
    row = f"#tables li[data-id='{made['id']}']"
    lobby.wait_for_selector(row)
    text = lobby.inner_text(row)
    assert "object" not in text, text
    target = localize("to {target}", "ru", {"target": 300})
    nil = localize(
        "{option}: {value}", "ru", {"option": localize("nil", "ru"), "value": localize("off", "ru")}
    )
    assert target in text and nil in text, (target, nil, text)
    assert "Friday" in text and localize("host {name}", "ru", {"name": "Alice"}) in text, text
    shot(lobby, "fields-lobby-house-rules-ru.png")
    # the same row in English
    en = watched().page
    en.goto(live_server.url + "/")
    en.wait_for_selector(row)
    text = en.inner_text(row)
    assert "to 300 · house rules: nil: off" in text, text
    assert "target score: 300" not in text, "the target said twice"


def test_lobby_offers_the_servers_presets_with_each_presets_limits(
    watched: Any, live_server: LiveServer
) -> None:
    page = watched().page
    page.goto(live_server.url + "/")
    page.wait_for_selector("#seat-3")
    config = page.request.get(live_server.url + "/api/config").json()
    offered = page.locator("#preset option").evaluate_all("els => els.map(e => e.value)")
    assert offered == list(config["presets"]), offered
    assert not set(offered) & set(config["research_presets"])
    page.click("details summary")
    # this preset's limits: four seats deal from 0 to 3, two seats from 0 to 1
    assert page.get_attribute("#opt-first_dealer", "max") == "3"
    page.select_option("#preset", "two-player")
    assert page.get_attribute("#opt-first_dealer", "max") == "1"
    assert "(0 to 1)" in page.inner_text("label[for='opt-first_dealer']")
    lim = config["limits"]["two-player"]["target_score"]
    assert page.get_attribute("#opt-target_score", "min") == str(lim["min"])
    assert page.get_attribute("#opt-target_score", "max") == str(lim["max"])
    # the settings' ranges: every choice inside it, the range said at the label
    timer = next(s for s in config["settings"] if s["name"] == "turn_timer")
    values = page.locator("#timer option").evaluate_all("els => els.map(e => Number(e.value))")
    assert values and all(v == 0 or timer["min"] <= v <= timer["max"] for v in values)
    assert f"({timer['min']} to {timer['max']})" in (page.get_attribute("label[for='timer']", "title") or "")
    # a table name typed in the form is the table's name
    page.select_option("#preset", "partnership")
    page.fill("#table-name", "Tuesday club")
    page.fill("#name", "Alice")
    page.select_option("#speed", "0.05")
    page.click("#create-btn")
    page.wait_for_url("**/t/*")
    page.wait_for_selector("#me-bar b")
    assert "Tuesday club" in page.inner_text("#table-name")


def test_refusals_are_in_the_players_language_next_to_their_field(
    watched: Any, live_server: LiveServer
) -> None:
    w = watched()
    w.allow("status of 400 (Bad Request)")  # the refusals this test provokes
    page = w.page
    _lang(page, live_server, "ru")
    page.goto(live_server.url + "/")
    page.wait_for_selector("#seat-3")
    page.click("details summary")
    page.fill("#opt-target_score", "0")
    page.click("#create-btn")
    page.wait_for_selector("#error-target_score")
    said = page.inner_text("#create-error")
    wanted = localize(
        "{option} must be a whole number from {min} to {max}",
        "ru",
        {"option": localize("target score", "ru"), "min": 50, "max": 5000},
    )
    assert said == wanted, (said, wanted)
    assert "must be" not in said, "English shown to a Russian page"
    assert page.get_attribute("#opt-target_score", "aria-invalid") == "true"
    shot(page, "fields-house-rule-error-ru.png")
    # a setting the server refuses (a computer delay out of range) marks its own field
    page.fill("#opt-target_score", "500")
    page.evaluate(
        "() => { const o = new Option('9', '9');"
        " document.querySelector('#speed').add(o); o.selected = true; }"
    )
    page.click("#create-btn")
    page.wait_for_selector("#error-bot_delay")
    assert page.get_attribute("#speed", "aria-invalid") == "true"
    assert page.get_attribute("#opt-target_score", "aria-invalid") is None, "the old mark stays"
    assert "/t/" not in page.url


def test_timer_rule_is_the_servers_sentence_in_the_players_language(
    watched: Any, live_server: LiveServer
) -> None:
    page = watched().page
    _lang(page, live_server, "ru")
    made = _api_table(page, live_server, turn_timer=60, bot_delay=0.05)
    _sit(page, live_server, made)
    page.wait_for_function("() => document.querySelector('#timer-rule').textContent.length > 0")
    assert page.inner_text("#timer-rule") == localize(TIMER_RULE, "ru")
    # no timer: no rule
    untimed = watched().page
    made = _api_table(untimed, live_server, turn_timer=0, bot_delay=0.05)
    _sit(untimed, live_server, made)
    assert untimed.inner_text("#timer-rule") == ""


def _wait_my_turn(page: Any, seconds: float = 60) -> None:
    page.wait_for_function(
        "() => st && st.view.to_act === st.you && st.view.legal && st.table.status === 'playing'"
        " && !(pauseEnd && pauseEnd > performance.now())",
        timeout=seconds * 1000,
    )


def _click_past_results(page: Any, selector: str) -> None:
    """Click ``selector``; a hand's result dialog opening over it (the computer plays fast for
    a player marked away, and a hand may end meanwhile) is closed first, as a person would."""
    for _ in range(20):
        close = page.locator("#modal button:visible")
        if close.count():
            close.first.click()
        try:
            page.click(selector, timeout=2000)
            return
        except sync_api.Error:  # covered by a dialog opened in between: close it, try again
            continue
    page.click(selector)


def test_fair_timer_in_the_browser(watched: Any, live_server: LiveServer) -> None:
    """One missed turn: one move is made for her, she keeps her seat and her next turn is hers;
    two in a row: the away mark and "I'm back" returns her.  A spectator reads it in words."""
    page = watched().page
    made = _api_table(page, live_server, turn_timer=5, bot_delay=0.05, hand_pause=1)
    _sit(page, live_server, made)
    spectator = watched().page
    spectator.goto(live_server.url + made["url"])
    spectator.wait_for_selector("#me-bar")
    _wait_my_turn(page)
    page.evaluate(
        "() => { window.__notes = []; const t0 = timedOut;"
        " timedOut = (m) => { window.__notes.push(m); t0(m); }; }"
    )
    # the first timeout: the computer plays that one turn, she stays in charge
    page.wait_for_function("() => window.__notes.length === 1", timeout=15000)
    note = page.evaluate("window.__notes[0]")
    assert note["missed"] == 1 and note["away"] is False and note["action"], note
    assert "Your time ran out: the computer played" in page.inner_text("#banner")
    assert page.locator("#me-bar .back-btn").count() == 0, "one timeout marked her away"
    assert page.evaluate("st.table.seats[st.you].away") is False
    spectator.wait_for_function(
        "() => [...document.querySelectorAll('#log li')]"
        ".some(li => li.textContent.includes('The computer played for Alice (time ran out)'))",
        timeout=10000,
    )
    # her next turn is hers: the timer runs for her and the choices are hers
    _wait_my_turn(page)
    assert page.locator("#me-bar [data-timer]").count() == 1
    assert page.locator("#me-bar .back-btn").count() == 0
    assert page.locator("#actions button[data-action], #hand .card.legal").count() > 0
    # the second timeout in a row: the away mark, "I'm back"
    page.wait_for_function("() => window.__notes.length === 2", timeout=15000)
    assert page.evaluate("window.__notes[1].away") is True
    page.wait_for_selector("#me-bar .back-btn")
    assert "You are marked away" in page.inner_text("#log")
    spectator.wait_for_selector("#me-bar .badge.auto")  # seat 0 sits at the bottom for spectators
    assert "Alice is marked away" in spectator.evaluate("document.querySelector('#log').textContent")
    shot(page, "fields-away-owner.png")
    shot(spectator, "fields-away-seat.png")
    _click_past_results(page, "#me-bar .back-btn")
    page.wait_for_selector("#me-bar .back-btn", state="detached")
    assert page.evaluate("st.table.seats[st.you].away") is False
    spectator.wait_for_selector("#me-bar .badge.auto", state="detached")


def test_closed_table_says_so_in_words(watched: Any, live_server: LiveServer) -> None:
    first = watched()
    made = _api_table(first.page, live_server, close_after=10, bot_delay=0.05)
    _sit(first.page, live_server, made)
    first.page.goto(live_server.url + "/leaders")  # everybody left
    deadline = time.time() + 40
    while first.page.request.get(live_server.url + "/api/tables/" + made["id"]).json()["status"] != "closed":
        assert time.time() < deadline, "the table never closed"
        first.page.wait_for_timeout(500)
    page = watched().page
    _lang(page, live_server, "ru")
    # she comes back with her seat's token
    page.goto(live_server.url + "/leaders")
    page.evaluate("([k, t]) => localStorage.setItem(k, t)", ["spades-seat-" + made["id"], made["token"]])
    page.goto(live_server.url + made["url"])
    page.wait_for_selector("#closed-note")
    text = page.inner_text("#closed-note")
    assert localize(CLOSED_MESSAGE, "ru") in text and localize("Table closed", "ru") in text, text
    assert page.inner_text("#prompt") == localize("Table closed", "ru")
    assert page.locator("#actions button[data-action]").count() == 0
    shot(page, "fields-closed-table-ru.png")


def test_a_refused_spectator_name_is_said_and_not_retried(watched: Any, live_server: LiveServer) -> None:
    host = watched().page
    made = _api_table(host, live_server, bot_delay=1)
    w = watched()
    page = w.page
    page.goto(live_server.url + "/leaders")
    page.evaluate("localStorage.setItem('spades-name', 'Eve\\u202e')")
    page.goto(live_server.url + made["url"])
    page.wait_for_selector("#sit-bg:not(.hidden)")
    assert page.inner_text("#sit-error"), "the name box says why"
    assert page.evaluate("localStorage.getItem('spades-name')") is None
    page.wait_for_selector("#conn-text:text('watching')", timeout=10000)


def _rate(server_db: str, player_id: str, mu: float, rated: int) -> None:
    path = server_db.removeprefix("sqlite:///")
    with sqlite3.connect(path) as db:
        db.execute(
            "UPDATE spades_players SET mu = ?, sigma = 4, rated = ? WHERE id = ?", (mu, rated, player_id)
        )


@pytest.mark.parametrize("lang", ["en", "hy"])
def test_rating_and_record_read_the_same_on_every_page(
    watched: Any, live_server: LiveServer, lang: str
) -> None:
    page = watched().page
    _lang(page, live_server, lang)
    r = page.request.post(live_server.url + "/api/players", data={"name": "Rita"})
    me = r.json()
    _rate(live_server.db, me["id"], 27.625, 3)  # 1500 + 24 * 2.625 = 1563, provisional
    page.goto(live_server.url + "/leaders")
    page.evaluate("k => localStorage.setItem('spades-player-key', k)", me["key"])
    page.reload()
    page.wait_for_selector("td.rating")
    title = localize("provisional: the rating settles after ten rated games", lang)
    assert page.inner_text("td.rating") == "1563?"
    assert page.get_attribute("td.rating", "title") == title
    page.goto(live_server.url + "/")
    page.wait_for_selector("#who .rating")
    assert page.inner_text("#who .rating") == "1563?"
    assert page.get_attribute("#who .rating", "title") == title
    page.goto(live_server.url + "/p/" + me["id"])
    page.wait_for_selector(".rating-line")
    assert "1563?" in page.inner_text(".rating-line")
    assert page.get_attribute(".rating-line", "title") == title
    record = page.inner_text("dl.record")
    for label in ("Games", "Wins", "Hands played", "Bids made", "Nils made", "Bags", "Bags per hand"):
        assert localize(label, lang) in record, (label, record)
    if lang != "en":
        assert "Hands played" not in record and "Bags per hand" not in record, record
    shot(page, f"fields-player-page-{lang}.png", full_page=True)
    # an established rating: no mark, no title
    _rate(live_server.db, me["id"], 27.625, 12)
    page.goto(live_server.url + "/leaders")
    page.wait_for_selector("td.rating")
    assert page.inner_text("td.rating") == "1563"
    assert page.get_attribute("td.rating", "title") is None


def test_phone_lobby_fits(watched: Any, live_server: LiveServer) -> None:
    page = watched(PHONE).page
    page.goto(live_server.url + "/")
    page.wait_for_selector("#seat-3")
    assert _visible(page, "#table-name")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], width
    shot(page, "fields-lobby-phone.png", full_page=True)


def test_house_rules_the_engine_refuses_together_are_said_in_the_players_language(
    watched: Any, live_server: LiveServer
) -> None:
    """Issue 48: a combination only the engine checked (nil exchange at a table without
    partnerships; a whiz bidding with a highest side bid) reached the lobby as the engine's English
    ("nil_exchange is for partnerships only"); it is said in Russian, next to its field."""
    w = watched()
    w.allow("status of 400 (Bad Request)")  # the refusals this test provokes
    page = w.page
    _lang(page, live_server, "ru")
    page.goto(live_server.url + "/")
    page.wait_for_selector("#seat-3")
    page.select_option("#preset", "cutthroat")
    page.click("details summary")
    page.fill("#opt-nil_exchange", "2")
    page.click("#create-btn")
    page.wait_for_selector("#error-nil_exchange")
    said = page.inner_text("#create-error")
    wanted = localize(
        "{option} applies to partnerships only", "ru", {"option": localize("nil exchange", "ru")}
    )
    assert said == wanted, (said, wanted)
    assert page.get_attribute("#opt-nil_exchange", "aria-invalid") == "true"
    page.fill("#opt-nil_exchange", "0")
    page.select_option("#preset", "partnership")
    page.select_option("#opt-bidding", "whiz")
    page.fill("#opt-max_side_bid", "10")
    page.click("#create-btn")
    page.wait_for_selector("#error-bidding")
    said = page.inner_text("#create-error")
    wanted = localize(
        "{option} cannot be played with {other}",
        "ru",
        {"option": localize("bidding", "ru"), "other": localize("most tricks partners may bid", "ru")},
    )
    assert said == wanted, (said, wanted)
    assert "_" not in said and "partnerships" not in said
    shot(page, "fields-house-rules-together-ru.png")
    assert "/t/" not in page.url
