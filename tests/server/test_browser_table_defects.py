"""The browser table as players meet it (issue 46): one test per defect, each named after it.

Every page here fails the test on any page error or console error.  Screenshots of the states
these tests check go to test-artifacts/ (git-ignored) for people to look at.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from browser_helpers import invite_code, table_version, wait_taken
from server_helpers import LiveServer
from test_server_browser import ARTIFACTS, DESKTOP, PHONE, _step, _visible


class Watched:
    """A page whose page errors and console errors are collected (and fail the test)."""

    def __init__(self, browser: Any, viewport: dict[str, int], **kw: Any) -> None:
        self.ctx = browser.new_context(viewport=viewport, **kw)
        self.page = self.ctx.new_page()
        self.errors: list[str] = []
        self.allowed: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(f"page error: {e}"))
        self.page.on(
            "console", lambda m: self.errors.append(f"console: {m.text}") if m.type == "error" else None
        )
        self.page.on("dialog", self._native_dialog)

    def _native_dialog(self, dialog: Any) -> None:
        """prompt(), alert() and confirm() are foreign on phones and blocked in some browsers."""
        self.errors.append(f"native dialog: {dialog.message}")
        dialog.dismiss()

    def allow(self, words: str) -> None:
        """A console error the test provokes on purpose (e.g. a refused request's status)."""
        self.allowed.append(words)

    def check(self) -> None:
        errors = [e for e in self.errors if not any(w in e for w in self.allowed)]
        assert not errors, errors

    def close(self) -> None:
        self.ctx.close()


@pytest.fixture
def watched(browser: Any, live_server: LiveServer) -> Iterator[Any]:
    """Pages to open; closed (and checked) before the server stops."""
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
    dealer: int | None = None,
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
    if dealer is not None:
        page.fill("#opt-first_dealer", str(dealer))
    page.click("#create-btn")
    page.wait_for_url("**/t/*")
    page.wait_for_selector("#me-bar b")


def shot(page: Any, name: str, full_page: bool = False) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name), full_page=full_page)


def step_until(page: Any, done: Any, seconds: float = 60) -> None:
    """Click through the game (``_step``) until ``done()`` holds."""
    deadline = time.time() + seconds
    while not done():
        assert time.time() < deadline, "the state never came"
        if _step(page) is None:
            page.wait_for_timeout(60)


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
    assert page.locator(".to-act").count() == 0, "nobody is to act during the pause between hands"
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


def test_own_turn_timer_bar_is_visible_to_its_owner(watched: Any, live_server: LiveServer) -> None:
    w = watched()
    page = w.page
    create_table(page, live_server, timer="15")
    page.wait_for_selector("#me-bar [data-timer]", timeout=30000)
    page.wait_for_timeout(600)
    bar = page.locator("#me-bar [data-timer]").bounding_box()
    fill = page.locator("#me-bar [data-timer] > div").bounding_box()
    assert bar is not None and fill is not None
    assert bar["width"] > 100, bar
    assert fill["width"] > 0, fill
    assert page.locator("#me-bar.to-act").count() == 1
    # the timer's rule is said in the table's facts, and an away seat is marked
    rule = page.inner_text("#timer-rule")
    assert "the computer plays that one turn for you" in rule and "marked away" in rule
    page.evaluate("st.table.seats[1].away = true; render()")
    assert "away" in page.inner_text(".seat[data-seat='1'] .badge.auto")
    page.evaluate("st.table.seats[st.you].away = true; render()")
    assert _visible(page, "#me-bar .back-btn"), "the owner of an away seat can say I'm back"
    page.evaluate("st.table.seats[st.you].away = false; render()")
    shot(page, "defects-own-timer.png")


def test_game_over_buttons_remain_after_closing_the_dialog(watched: Any, live_server: LiveServer) -> None:
    w = watched()
    page = w.page
    create_table(page, live_server, hands=1)
    play_to_modal(page)
    assert "Game over" in page.inner_text("#modal") or "You win" in page.inner_text("#modal")
    page.click("#modal-ok")
    for sel in ("#after-rematch", "#after-replay", "#after-lobby", "#after-result"):
        assert _visible(page, sel), sel
    assert page.get_attribute("#after-replay", "href", timeout=1000).startswith("/r/")
    shot(page, "defects-after-game.png")
    page.click("#after-result")
    page.wait_for_selector("#modal-bg:not(.hidden) #replay-link")
    page.click("#modal-ok")
    page.click("#after-lobby")
    page.wait_for_selector("#create-btn")


def test_cancel_in_the_name_box_seats_nobody(watched: Any, live_server: LiveServer) -> None:
    a, b = watched().page, watched(PHONE).page
    create_table(a, live_server, seats=["you", "open", "bot:basic", "bot:basic"])
    a.wait_for_selector("#fill")
    code = invite_code(a)
    # the invite link lands the friend at the open seat with the name box: one click to play
    b.goto(live_server.url + "/j/" + code)
    b.wait_for_selector("#sit-bg:not(.hidden) #sit-name")
    assert "Take a seat" in b.inner_text("#sit-form")
    shot(b, "defects-name-box-phone.png")
    b.click("#sit-cancel")
    assert not _visible(b, "#sit-bg")
    b.wait_for_timeout(800)
    assert "You are watching" in b.inner_text("#me-bar")
    assert "open seat" in a.inner_text(".seat[data-seat='1']")
    # "Sit here" opens the same box; Escape seats nobody either
    b.click("[data-sit='1']")
    b.wait_for_selector("#sit-bg:not(.hidden) #sit-name")
    b.keyboard.press("Escape")
    b.wait_for_timeout(500)
    assert not _visible(b, "#sit-bg") and "open seat" in a.inner_text(".seat[data-seat='1']")
    b.click("[data-sit='1']")
    b.fill("#sit-name", "Bea")
    b.click("#sit-ok")
    b.wait_for_selector("#me-bar b:text('Bea (you)')")
    a.wait_for_selector(".seat[data-seat='1'] .name:has-text('Bea')")
    # you always sit at the bottom: partner on top, the next seat clockwise on your left
    for pos, seat in (("top", "3"), ("left", "2"), ("right", "0")):
        assert b.get_attribute(f".seat[data-pos='{pos}']", "data-seat") == seat, pos


def test_hand_result_colour_follows_the_sign_of_the_points(watched: Any, live_server: LiveServer) -> None:
    page = watched().page
    create_table(page, live_server)
    page.evaluate(
        """showSummary({number: 0, scores: [-167, 85], points: [-167, 85], made: [true, false],
        bids: ["4", "nil", "3", "2"], tricks: [5, 1, 4, 3], bags: [1, 0], bag_penalties: [0, 0],
        nil_made: [false, false, false, false], boston: [false, false]}, false)"""
    )
    cells = page.locator("#modal table tr td:nth-child(4)")
    # the points, then made or set in words (issue 46: not said by colour alone)
    assert [t.split() for t in cells.all_inner_texts()] == [["-167", "made"], ["+85", "set"]]
    red = "rgb(198, 40, 40)"
    assert cells.nth(0).evaluate("e => getComputedStyle(e).color") == red, "a loss is red"
    assert cells.nth(1).evaluate("e => getComputedStyle(e).color") != red, "a gain is not red"
    shot(page, "defects-loss-colour.png")


MARKS = """(() => {
  const s = new Set(document.querySelectorAll('.card.focus'));
  const a = document.activeElement;
  if (a && a !== document.body) s.add(a);
  return [...s].map((e) => e.dataset.card || e.id || e.tagName);
})()"""


def test_keyboard_play_has_one_focus_mark_and_skips_unplayable_cards(
    watched: Any, live_server: LiveServer
) -> None:
    page = watched().page
    create_table(page, live_server, hands=1)
    plays = tabbed = 0
    skipped = False
    deadline = time.time() + 120
    while plays < 13 and time.time() < deadline:
        if not _visible(page, ".hand.playing .card.legal"):
            # bids by clicking; every card by the keyboard
            if _visible(page, "[data-action='look'], .bids button"):
                _step(page)
            else:
                page.wait_for_timeout(60)
            continue
        page.wait_for_timeout(100)
        legal = set(page.locator(".hand .card.legal").evaluate_all("els => els.map(e => e.dataset.card)"))
        count = page.locator(".hand .card").count()
        skipped = skipped or len(legal) < count
        for _ in range(2):
            page.keyboard.press("ArrowRight")
            marks = page.evaluate(MARKS)
            assert len(marks) == 1, f"two focus marks: {marks}"
            assert marks[0] in legal, f"the arrows stopped on a card that cannot be played: {marks}"
        if tabbed < 2:
            # Tab moves the one focus on (out of the hand): never a second mark
            page.keyboard.press("Tab")
            assert len(page.evaluate(MARKS)) <= 1, page.evaluate(MARKS)
            page.keyboard.press("Shift+Tab")
            tabbed += 1
            marks = page.evaluate(MARKS)
            assert len(marks) == 1 and marks[0] in legal, marks
        card = page.evaluate(MARKS)[0]
        if plays == 0:
            shot(page, "defects-keyboard-focus.png")
        before = table_version(page)
        page.keyboard.press("Enter")
        wait_taken(page, card, before, 5000)
        plays += 1
    assert plays == 13
    assert skipped, "no trick in the hand had a card that could not be played"


def test_waiting_table_shows_nobody_to_act(watched: Any, live_server: LiveServer) -> None:
    page = watched().page
    create_table(page, live_server, seats=["you", "open", "bot:basic", "bot:basic"])
    page.wait_for_selector("#waiting:not(.hidden)")
    page.wait_for_timeout(300)
    assert page.locator(".to-act").count() == 0
    assert page.inner_text("#prompt") == "Waiting for players"
    shot(page, "defects-waiting.png")
    page.click("#fill")
    page.wait_for_selector(".to-act")


def test_spectator_can_set_a_name_and_gets_spectator_quick_messages(
    watched: Any, live_server: LiveServer
) -> None:
    a = watched().page
    create_table(a, live_server)
    spec = watched(PHONE).page
    hellos: list[str] = []
    spec.on(
        "websocket",
        lambda ws: ws.on("framesent", lambda f: hellos.append(str(f)) if "hello" in str(f) else None),
    )
    spec.goto(a.url)
    spec.wait_for_selector("#quick button")
    quick = spec.locator("#quick button").all_inner_texts()
    assert "Sorry, partner" not in quick and "Nice play!" in quick, quick
    assert "Sorry, partner" in a.locator("#quick button").all_inner_texts()
    spec.click("#spectator-name")
    spec.wait_for_selector("#sit-bg:not(.hidden) #sit-name")
    spec.fill("#sit-name", "Sam")
    spec.click("#sit-ok")
    spec.wait_for_selector("#spectator-as:text('Watching as Sam')")
    deadline = time.time() + 10
    while not any('"name": "Sam"' in h or '"name":"Sam"' in h for h in hellos):
        assert time.time() < deadline, hellos
        spec.wait_for_timeout(100)
    assert "You are watching" in spec.inner_text("#me-bar")


def test_phone_trick_does_not_cover_the_turn_prompt(watched: Any, live_server: LiveServer) -> None:
    page = watched(PHONE, is_mobile=True, has_touch=True).page
    create_table(page, live_server, hands=1)
    checked = 0
    deadline = time.time() + 90
    while checked < 4 and time.time() < deadline:
        if _visible(page, ".hand.playing .card.legal") and page.locator("#trick .card.pos-top").count():
            boxes = page.evaluate(
                """(() => { const r = (e) => e.getBoundingClientRect();
                const p = r(document.getElementById('prompt'));
                return [...document.querySelectorAll('#trick .card')].map(r).filter(
                  (c) => c.left < p.right && p.left < c.right
                    && c.top < p.bottom && p.top < c.bottom).length; })()"""
            )
            assert boxes == 0, "a card on the table covers the turn prompt"
            if checked == 0:
                shot(page, "defects-phone-trick.png")
            checked += 1
        what = _step(page)
        if what == "modal":
            break
        if what is None:
            page.wait_for_timeout(60)
    assert checked >= 1


def test_your_turn_shows_in_the_title_and_the_sound_choice_is_kept(
    watched: Any, live_server: LiveServer
) -> None:
    page = watched().page
    create_table(page, live_server)
    page.wait_for_selector("[data-action='look'], .bids button")
    assert page.title().startswith("● Your turn"), page.title()
    if _visible(page, "[data-action='look']"):
        # blind nil: one row, looking (then bidding) first and the default, blind nil beside it
        row = page.locator(".blind-row button").evaluate_all(
            "els => els.map(e => [e.dataset.action, e.className])"
        )
        assert [a for a, _ in row] == ["look", "blind nil"] and "primary" in row[0][1], row
        shot(page, "defects-blind-row.png")
    assert not page.is_checked("#sound"), "the sound is off until chosen"
    page.check("#sound")
    page.reload()
    page.wait_for_selector("#me-bar b")
    assert page.is_checked("#sound")
    step_until(page, lambda: "Your turn" not in page.title() and page.locator("#trick .card").count() > 0)


def test_phone_chat_is_one_tap_away_with_an_unread_mark(watched: Any, live_server: LiveServer) -> None:
    host = watched().page
    # North deals: East, South and West bid before the host, so the phone's play log has three
    # lines above the chat. (With a random dealer, one game in four had the host bid first: an
    # empty play log left the phone's page short enough to show the chat at the top, where a
    # message is read at once and no unread mark is due.)
    create_table(host, live_server, dealer=0)
    phone = watched(PHONE, is_mobile=True, has_touch=True).page
    other = watched().page
    other.goto(host.url)
    phone.goto(host.url)
    phone.wait_for_selector("#chat-jump")
    phone.wait_for_selector("#hand .card")
    phone.wait_for_function("document.querySelectorAll('#log li').length >= 3")
    at_top = phone.evaluate("() => { window.scrollTo(0, 0); return chatInView(); }")
    assert not at_top, "the chat shows at the top"
    other.wait_for_selector("#quick button[data-quick='Nice play!']")
    assert not _visible(other, "#chat-jump"), "no chat button at desktop size: the chat is beside the table"
    other.click("#quick button[data-quick='Nice play!']")
    phone.wait_for_selector("#unread:not(.hidden):text('1')")
    shot(phone, "defects-chat-unread-phone.png")
    phone.click("#chat-jump")
    phone.wait_for_timeout(400)
    assert not _visible(phone, "#unread")
    assert phone.evaluate("chatInView()")
    assert "Nice play!" in phone.inner_text("#chat-log")


def test_lobby_row_says_what_the_table_is_and_is_not_rebuilt(watched: Any, live_server: LiveServer) -> None:
    host = watched().page
    create_table(host, live_server, seats=["you", "open", "bot:basic", "bot:basic"], timer="30")
    table_id = host.url.rstrip("/").split("/")[-1]
    lobby = watched().page
    lobby.goto(live_server.url + "/")
    row = f"#tables li[data-id='{table_id}']"
    lobby.wait_for_selector(row)
    text = lobby.inner_text(row)
    for words in ("partnership", "host Alice", "30 s per turn", "Join (1 open)", "2 hands"):
        assert words in text, (words, text)
    assert "standard rules" not in text, "two hands a game is a house rule"
    lobby.evaluate(f'window.__row = document.querySelector("{row}")')
    lobby.hover(row + " button")
    lobby.wait_for_timeout(4600)  # the list is fetched every 4 s
    assert lobby.evaluate(f'window.__row === document.querySelector("{row}")'), "the row was rebuilt"
    shot(lobby, "defects-lobby-row.png")


def test_house_rule_error_is_shown_next_to_its_field(watched: Any, live_server: LiveServer) -> None:
    w = watched()
    w.allow("status of 400 (Bad Request)")  # the refusal this test provokes
    page = w.page
    page.goto(live_server.url + "/")
    page.wait_for_selector("#seat-3")
    presets = page.locator("#preset option").evaluate_all("els => els.map(e => e.value)")
    assert "partnership" in presets and "openspiel" not in presets, "a research preset in the lobby"
    page.click("details summary")
    # the option's limits at this server, for this preset (/api/config "limits")
    assert "(50 to 5000)" in page.inner_text("label[for='opt-target_score']")
    assert page.get_attribute("#opt-target_score", "min") == "50"
    page.fill("#opt-target_score", "0")
    page.click("#create-btn")
    page.wait_for_selector("#error-target_score")
    assert page.get_attribute("#opt-target_score", "aria-invalid") == "true"
    assert page.inner_text("#error-target_score") == page.inner_text("#create-error") != ""
    assert "/t/" not in page.url
    shot(page, "defects-house-rule-error.png")


def test_replay_names_whose_nil_a_card_lost(watched: Any, live_server: LiveServer) -> None:
    import json
    import urllib.error
    import urllib.request

    body = {"preset": "partnership", "seats": ["bot:basic"] * 4, "options": {"hands": 1}, "bot_delay": 0}
    req = urllib.request.Request(
        live_server.url + "/api/tables",
        data=json.dumps(body).encode(),
        headers={"content-type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(req, timeout=30) as r:
        table_id = json.loads(r.read())["id"]
    # wait for the replay through the API: the page asked too early gets a 409 (the game is not
    # over yet), which the watched page counts as a console error
    deadline = time.time() + 60
    while time.time() < deadline:
        try:
            with urllib.request.urlopen(f"{live_server.url}/api/tables/{table_id}/replay", timeout=30):
                break
        except urllib.error.HTTPError:
            time.sleep(0.25)
    page = watched().page
    page.goto(live_server.url + "/r/" + table_id)
    page.wait_for_selector("#next-trick")
    # East (seat 1) plays 2♥ where 3♥ was best: North's (seat 0) nil could have been set, West's
    # (seat 3, East's partner) nil is exposed
    said = page.evaluate(
        """verdict({seat: 1, card: "2H", best: ["3H"], loss: 1, nil_lost: true,
        nils: {"0": {"2H": 0, "3H": 1}, "3": {"2H": 1, "3H": 0}}}).text"""
    )
    names = page.locator(".replay-seat b").all_inner_texts()
    north, west = names[0].split(" ")[0], names[3].split(" ")[0]
    assert f"lets {north}'s nil escape" in said and f"loses {west}'s nil" in said, said
    own = page.evaluate("""verdict({seat: 1, card: "2H", best: ["3H"], loss: 1, nil_lost: true,
        nils: {"1": {"2H": 1, "3H": 0}}}).text""")
    assert own.startswith("loses own nil"), own
