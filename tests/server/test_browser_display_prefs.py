"""Seeing the cards (issue 52) in chromium: the Display settings (static/prefs.js).

Each setting is checked by the computed style it changes (a diamond's colour in the four-colour
deck, a card's width with large cards, the contrast of every text and card face in high
contrast, no transition or animation with reduced motion), taking effect without a reload;
the device's own prefers-contrast and prefers-reduced-motion are followed until the player
chooses; the settings come back after a reload and in a second browser signed in as the same
player; a bad PUT is refused in words and changes nothing; the dialog is labelled in every
language and works with the keyboard alone; the table fits a phone and a desktop (at 80% zoom
too) with every setting on.  Screenshots go to test-artifacts/browser-games/display-*.png.
"""

from __future__ import annotations

import time
from typing import Any

import pytest
from browser_helpers import (
    CHROMIUM,
    DESKTOP,
    GAME_ARTIFACTS,
    PHONE,
    Watched,
    click_step,
    have_chromium,
    snapshot,
)
from server_helpers import LiveServer

sync_api = pytest.importorskip("playwright.sync_api")
import httpx2  # noqa: E402

from spades.i18n import LANGUAGES  # noqa: E402

if not have_chromium():
    pytest.skip(f"chromium is not installed at {CHROMIUM}", allow_module_level=True)

ALL_ON = {"four_colour": True, "large_cards": True, "high_contrast": True, "reduced_motion": True}
ALL_OFF = {"four_colour": False, "large_cards": False, "high_contrast": False, "reduced_motion": False}
BLUE, GREEN = "rgb(26, 79, 196)", "rgb(23, 112, 47)"
# high contrast and reduced motion as they are until the player chooses: following the device
DEVICE_FOLLOWED = {"high_contrast": None, "reduced_motion": None}


def _table(p: Any, server: LiveServer, tricks: int = 1) -> None:
    """A table with three computer players, played by clicking until it is this player's turn
    to play with ``tricks`` tricks done: the hand, a trick and the last trick are on the page."""
    p.goto(server.url + "/")
    p.wait_for_selector("#preset option", state="attached")
    p.select_option("#preset", "partnership")
    p.wait_for_selector("#seat-3")
    p.fill("#name", "Dee")
    p.select_option("#speed", "0.05")
    p.select_option("#timer", "0")
    p.click("#create-btn")
    p.wait_for_url("**/t/*")
    p.wait_for_selector("#me-bar b")
    deadline = time.time() + 60
    while time.time() < deadline:
        snap = snapshot(p)
        done = p.locator("#last-trick .card").count() > 0
        if snap["play"] and done and tricks <= 1:
            return
        if snap["play"] and done:
            tricks -= 1
        if snap["modal"]:
            p.wait_for_timeout(100)
            continue
        if click_step(p, snap) is None:
            p.wait_for_timeout(100)
    raise AssertionError(f"the table never reached a trick to play: {snapshot(p)}")


def _set(page: Any, prefs: dict[str, Any]) -> None:
    """Settings changed as the dialog changes them (no reload), waiting for the server's copy."""
    page.evaluate("(p) => SpadesPrefs.set(p)", prefs)


def _style(page: Any, selector: str, prop: str) -> str:
    return str(page.eval_on_selector(selector, f"e => getComputedStyle(e).{prop}"))


def _open_dialog_by_keyboard(page: Any) -> None:
    page.focus("#prefs-open")
    page.keyboard.press("Enter")
    page.wait_for_selector("#prefs-dialog[open]")


def _server_prefs(server: LiveServer, key: str) -> dict[str, Any]:
    r = httpx2.get(server.url + "/api/me/prefs", headers={"x-player-key": key}, timeout=10)
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


def _wait_saved(server: LiveServer, key: str, want: dict[str, Any]) -> None:
    deadline = time.time() + 10
    while time.time() < deadline:
        if _server_prefs(server, key) == {"prefs": want, "saved": True}:
            return
        time.sleep(0.1)
    raise AssertionError(f"the server never had {want}: {_server_prefs(server, key)}")


def _key(page: Any) -> str:
    return str(page.evaluate("() => localStorage.getItem('spades-player-key')"))


# ---------- each setting changes what is drawn, at once ----------


def test_four_colour_deck_colours_diamonds_blue_and_clubs_green(browser: Any, server: LiveServer) -> None:
    w = Watched(browser, "four", DESKTOP)
    _table(w.page, server)
    p = w.page
    _open_dialog_by_keyboard(p)
    sample = "#prefs-dialog .prefs-sample .card.suit-{}"
    before = {s: _style(p, sample.format(s), "color") for s in "SHDC"}
    assert before["D"] == before["H"] == "rgb(198, 40, 40)" and before["C"] == before["S"]
    # the keyboard alone: the dialog opens on its first setting, Space ticks it
    assert p.evaluate("() => document.activeElement.id") == "pref-four_colour"
    p.keyboard.press("Space")
    after = {s: _style(p, sample.format(s), "color") for s in "SHDC"}
    assert after == {"S": before["S"], "H": before["H"], "D": BLUE, "C": GREEN}
    # the cards of the table too (a suit the hand may not hold: the last trick's, the trick's)
    for suit, colour in (("D", BLUE), ("C", GREEN), ("H", "rgb(198, 40, 40)")):
        for card in p.locator(f".felt .card.suit-{suit}, #last-trick .card.suit-{suit}").all():
            assert card.evaluate("e => getComputedStyle(e).color") == colour
    p.keyboard.press("Escape")
    p.wait_for_selector("#prefs-dialog:not([open])", state="attached")
    assert p.evaluate("() => document.activeElement.id") == "prefs-open"  # the focus comes back
    w.shot("display-four-colour-desktop.png")
    w.check()
    w.close()


def test_large_cards_are_wider_and_thirteen_still_fit_a_phone(browser: Any, server: LiveServer) -> None:
    for viewport, normal, large in ((DESKTOP, 68, 88), (PHONE, 50, 62)):
        w = Watched(browser, "large", viewport, mobile=viewport is PHONE)
        _table(w.page, server)
        p = w.page
        assert float(_style(p, ".hand .card", "width").removesuffix("px")) == normal
        _set(p, {"large_cards": True})
        p.wait_for_function(
            f"() => getComputedStyle(document.querySelector('.hand .card')).width === '{large}px'"
        )
        assert float(_style(p, ".trick .card, #last-trick .card", "width").removesuffix("px")) >= 50
        _fits(p, viewport)
        w.shot(f"display-large-{w.size}.png", full_page=True)
        w.check()
        w.close()


def test_reduced_motion_removes_transitions_and_animations(browser: Any, server: LiveServer) -> None:
    w = Watched(browser, "motion", DESKTOP)
    _table(w.page, server)
    p = w.page
    _set(p, {"reduced_motion": False})
    assert _style(p, ".hand .card", "transitionDuration") != "0s"
    assert _style(p, "button", "transitionDuration") != "0s"
    _set(p, {"reduced_motion": True})
    assert p.evaluate("() => document.documentElement.dataset.motion") == "reduced"
    for selector in (".hand .card", "button", ".trick .card, #last-trick .card"):
        assert set(_style(p, selector, "transitionDuration").split(", ")) == {"0s"}, selector
    # a card coming onto the table has no animation either
    names = p.evaluate(
        "() => [...document.querySelectorAll('*')].map(e => getComputedStyle(e).animationName)"
        ".filter(n => n !== 'none')"
    )
    assert names == []
    w.check()
    w.close()


def test_high_contrast_passes_wcag_aa_for_text_and_card_faces(browser: Any, server: LiveServer) -> None:
    for viewport in (DESKTOP, PHONE):
        w = Watched(browser, "contrast", viewport, mobile=viewport is PHONE)
        _table(w.page, server)
        p = w.page
        _set(p, {"high_contrast": False})
        felt = _style(p, "body", "backgroundColor")
        _set(p, {"high_contrast": True, "four_colour": True})
        assert _style(p, "body", "backgroundColor") != felt == "rgba(0, 0, 0, 0)"
        assert _style(p, "body", "backgroundColor") == "rgb(0, 0, 0)"
        failures = p.evaluate(CONTRAST_JS)
        assert failures["checked"] > 40
        assert failures["cards"] >= 13
        assert failures["low"] == [], failures["low"]
        _open_dialog_by_keyboard(p)
        failures = p.evaluate(CONTRAST_JS)
        assert failures["low"] == [], failures["low"]
        for page in ("/", "/me"):  # the lobby and the player's page, where the dialog also is
            p.goto(server.url + page)
            p.wait_for_selector("#prefs-open")
            failures = p.evaluate(CONTRAST_JS)
            assert failures["checked"] > 5 and failures["low"] == [], (page, failures["low"])
        w.check()
        w.close()


# ---------- the device's own settings, and the player's choice over them ----------


def test_device_contrast_and_motion_are_followed_until_the_player_chooses(
    browser: Any, server: LiveServer
) -> None:
    ctx = browser.new_context(viewport=DESKTOP, reduced_motion="reduce", contrast="more")
    p = ctx.new_page()
    p.goto(server.url + "/")
    root = "() => [document.documentElement.dataset.contrast, document.documentElement.dataset.motion]"
    assert p.evaluate(root) == ["high", "reduced"]
    assert _style(p, "body", "backgroundColor") == "rgb(0, 0, 0)"
    assert _style(p, "button", "transitionDuration") == "0s"
    _open_dialog_by_keyboard(p)
    assert p.input_value("#pref-high_contrast") == "device" == p.input_value("#pref-reduced_motion")
    p.select_option("#pref-high_contrast", "off")
    p.select_option("#pref-reduced_motion", "off")
    assert p.evaluate(root) == ["normal", "full"]
    assert _style(p, "button", "transitionDuration") != "0s"
    p.select_option("#pref-high_contrast", "device")
    assert p.evaluate(root) == ["high", "full"]
    p.emulate_media(contrast="no-preference")  # the device changes its mind: the page follows
    p.wait_for_function("() => document.documentElement.dataset.contrast === 'normal'")
    ctx.close()


# ---------- remembered: the reload, another browser, a bad request ----------


def test_display_prefs_survive_a_reload_and_follow_the_player_to_another_browser(
    browser: Any, server: LiveServer
) -> None:
    a = Watched(browser, "first browser", DESKTOP)
    _table(a.page, server)
    p = a.page
    key = _key(p)
    _open_dialog_by_keyboard(p)
    for name in ("four_colour", "large_cards"):
        p.check(f"#pref-{name}")
    p.select_option("#pref-high_contrast", "on")
    p.select_option("#pref-reduced_motion", "on")
    p.wait_for_selector("#prefs-status:not(:empty)")
    assert "every browser" in p.inner_text("#prefs-status")
    _wait_saved(server, key, ALL_ON)
    p.keyboard.press("Escape")
    p.reload()
    p.wait_for_selector(".hand .card")
    _all_on(p)
    # a bad request from the page's own player is refused in words, and changes nothing
    answer = p.evaluate(
        """async () => { const r = await fetch('/api/me/prefs', { method: 'PUT', headers: keyHeaders(),
             body: JSON.stringify({ large_cards: 'huge', four_colour: false }) });
           return { status: r.status, body: await r.json() }; }"""
    )
    assert answer["status"] == 400
    assert answer["body"]["error"] == "large_cards must be true or false"
    assert answer["body"]["field"] == "large_cards"
    # the browser logs the refused request as a console error: that one was asked for
    a.problems = [x for x in a.problems if "status of 400" not in x]
    assert _server_prefs(server, key) == {"prefs": ALL_ON, "saved": True}
    table = p.url
    # another browser: nothing stored, then the player's moving link (/me#key=...)
    b = Watched(browser, "second browser", PHONE, mobile=True)
    q = b.page
    q.goto(server.url + "/")
    assert q.evaluate("() => document.documentElement.dataset.deck") == "two"
    q.goto(server.url + "/me#key=" + key)
    q.wait_for_selector("#me-status:has-text('Dee')")
    q.wait_for_function("() => document.documentElement.dataset.deck === 'four'")
    _all_on(q)
    q.goto(table)
    q.wait_for_selector(".hand .card")
    _all_on(q)
    assert float(_style(q, ".hand .card", "width").removesuffix("px")) == 62
    _open_dialog_by_keyboard(q)
    assert [q.is_checked("#pref-four_colour"), q.is_checked("#pref-large_cards")] == [True, True]
    assert [q.input_value("#pref-high_contrast"), q.input_value("#pref-reduced_motion")] == ["on", "on"]
    b.shot("display-dialog-phone-all.png")
    q.keyboard.press("Escape")
    # turned off in the second browser: the first gets it on its next page
    _set(q, ALL_OFF)
    _wait_saved(server, key, ALL_OFF)
    p.reload()
    p.wait_for_function("() => document.documentElement.dataset.deck === 'two'")
    assert _style(p, ".hand .card", "width") == "68px"
    for w in (a, b):
        w.check()
        w.close()


def test_a_change_made_while_a_failed_save_was_on_its_way_is_sent_at_once(
    browser: Any, server: LiveServer
) -> None:
    """The server cannot be reached for the first save (503); a second change made while that
    request was on its way is sent as soon as it fails, with both changes, and the page says
    they reached the server: nothing waits for the next page."""
    w = Watched(browser, "flaky network", DESKTOP)
    p = w.page
    _table(p, server)
    key = _key(p)
    held: list[Any] = []

    def hold_the_first_save(route: Any) -> None:
        if route.request.method == "PUT" and not held:
            held.append(route)  # answered below, once the second change is made
        else:
            route.continue_()

    p.route("**/api/me/prefs", hold_the_first_save)
    p.evaluate("() => { window.saved = SpadesPrefs.set({ four_colour: true }); }")
    deadline = time.time() + 10
    while not held and time.time() < deadline:
        p.wait_for_timeout(50)
    assert held, "the first change was never sent"
    p.evaluate("() => { SpadesPrefs.set({ large_cards: true }); }")
    held[0].fulfill(status=503, content_type="application/json", body='{"error": "down"}')
    assert p.evaluate("() => window.saved") == "server"
    _wait_saved(server, key, {**ALL_OFF, "four_colour": True, "large_cards": True} | DEVICE_FOLLOWED)
    assert p.evaluate("() => localStorage.getItem('spades-prefs-pending')") is None
    # the refused request (a console error, a failed response): that one was made to fail
    w.problems = [
        x
        for x in w.problems
        if "status of 503" not in x and not x.endswith("503 from " + server.url + "/api/me/prefs")
    ]
    w.check()
    w.close()


def _all_on(page: Any) -> None:
    page.wait_for_function("() => document.documentElement.dataset.cards === 'large'")
    data = page.evaluate("() => ({...document.documentElement.dataset})")
    assert data == {"deck": "four", "cards": "large", "contrast": "high", "motion": "reduced"}
    assert _style(page, "body", "backgroundColor") == "rgb(0, 0, 0)"
    assert _style(page, "button", "transitionDuration") == "0s"


def test_a_browser_without_an_identity_keeps_its_settings_and_gives_them_to_the_new_player(
    browser: Any, server: LiveServer
) -> None:
    w = Watched(browser, "newcomer", DESKTOP)
    p = w.page
    p.goto(server.url + "/")
    _open_dialog_by_keyboard(p)
    p.check("#pref-large_cards")
    p.wait_for_selector("#prefs-status:not(:empty)")
    assert p.evaluate("() => localStorage.getItem('spades-player-key')") is None
    p.reload()
    assert p.evaluate("() => document.documentElement.dataset.cards") == "large"
    _table(w.page, server)  # sitting down makes the player; the next page gives the server the settings
    p.reload()
    _wait_saved(
        server, _key(p), {**ALL_OFF, "large_cards": True, "high_contrast": None, "reduced_motion": None}
    )
    w.check()
    w.close()


# ---------- reachable, labelled, in every language ----------


def test_keys_typed_in_the_display_dialog_never_reach_the_table(browser: Any, server: LiveServer) -> None:
    """While bidding, the table takes N (nil) and digits with Enter (a bid) from anywhere on the
    page: in the dialog they are the dialog's."""
    w = Watched(browser, "keys", DESKTOP)
    p = w.page
    p.goto(server.url + "/")
    p.wait_for_selector("#preset option", state="attached")
    p.select_option("#speed", "0.05")
    p.select_option("#timer", "0")
    p.click("#create-btn")
    p.wait_for_selector(".bids button[data-action='nil']", timeout=30000)
    _open_dialog_by_keyboard(p)
    for key in ("Space", "Tab", "Space", "Tab", "Tab", "Tab"):
        p.keyboard.press(key)
    assert p.is_checked("#pref-four_colour") and p.is_checked("#pref-large_cards")
    assert p.evaluate("() => document.activeElement.id") == "prefs-close"
    for key in ("n", "3", "b", "l", "h"):  # on a button: the table would take every one of them
        p.keyboard.press(key)
    p.keyboard.press("Enter")  # Close: not the bid of 3 typed above
    p.wait_for_selector("#prefs-dialog:not([open])", state="attached")
    p.wait_for_timeout(300)
    assert "act" not in w.sent and "hint" not in w.sent, w.sent
    assert p.locator(".bids button[data-action='nil']").count() == 1  # still this player's bid
    w.check()
    w.close()


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_display_dialog_is_labelled_in_every_language(browser: Any, server: LiveServer, lang: str) -> None:
    ctx = browser.new_context(viewport=DESKTOP)
    ctx.add_cookies([{"name": "spades_lang", "value": lang, "url": server.url}])
    p = ctx.new_page()
    english = httpx2.get(server.url + "/api/i18n/en", timeout=10).json()
    words = httpx2.get(server.url + f"/api/i18n/{lang}", timeout=10).json()["messages"]
    assert english["lang"] == "en"
    for page in ("/", "/me"):
        p.goto(server.url + page)
        assert p.inner_text("#prefs-open") == words["Display"]
        _open_dialog_by_keyboard(p)
        labels = p.evaluate(
            """() => [...document.querySelectorAll('#prefs-dialog input, #prefs-dialog select')].map(
                 (e) => e.labels.length ? e.labels[0].innerText.trim() : '')"""
        )
        want = [
            "Four-colour deck: diamonds blue, clubs green",
            "Large cards",
            "High contrast",
            "Reduced motion",
        ]
        assert labels == [words[m] for m in want]
        assert p.inner_text("#prefs-title") == words["Display"]
        options = p.eval_on_selector_all("#pref-high_contrast option", "os => os.map(o => o.textContent)")
        assert options == [words["as this device asks"], words["on"], words["off"]]
        assert p.get_attribute("#prefs-dialog", "aria-labelledby") == "prefs-title"
        if page == "/me":
            p.screenshot(path=str(GAME_ARTIFACTS / f"display-dialog-{lang}.png"))
        p.keyboard.press("Escape")
    ctx.close()


# ---------- the table fits, and nothing overlaps ----------

#: the blocks of the table page that must not overlap one another
BLOCKS_JS = """
() => {
  // what the eye sees: the screen reader's hidden headings (.sr-only, clipped away whole) are not
  const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== "hidden"
    && !e.classList.contains("sr-only");
  const sel = [".topbar > *", ".seat:not(.hidden)", "#prompt", ".me-bar", "#actions", "#hand",
               ".side-panel > section", "#trick .card"];
  const out = [];
  for (const s of sel) for (const e of document.querySelectorAll(s)) {
    if (!shown(e)) continue;
    const r = e.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) continue;
    const what = s + (e.id ? "#" + e.id : e.dataset.card ? "." + e.dataset.card : "");
    out.push({ what, l: r.left, t: r.top + scrollY, r: r.right, b: r.bottom + scrollY });
  }
  const hand = [...document.querySelectorAll("#hand .card")].map((c) => c.getBoundingClientRect());
  return { blocks: out, hand: hand.map((r) => [r.left, r.right, r.top, r.bottom]),
           scrollWidth: document.scrollingElement.scrollWidth, width: innerWidth, height: innerHeight };
}
"""


def _fits(page: Any, viewport: dict[str, int]) -> None:
    """Every card of the hand within the window's width (and on a desktop, its height), no
    sideways scrolling, and no two blocks of the page overlapping."""
    page.wait_for_timeout(100)
    facts = page.evaluate(BLOCKS_JS)
    width = facts["width"]
    assert facts["scrollWidth"] <= width, f"the page scrolls sideways: {facts['scrollWidth']} > {width}"
    for left, right, _top, bottom in facts["hand"]:
        assert left >= 0 and right <= width, (left, right, width)
        if viewport["width"] >= 900:
            assert bottom <= facts["height"], (bottom, facts["height"])
    overlaps = []
    blocks = facts["blocks"]
    for i, a in enumerate(blocks):
        for b in blocks[i + 1 :]:
            # the cards of the trick lie on one another and in the trick's box: by design
            if a["what"].startswith("#trick") and b["what"].startswith("#trick"):
                continue
            if a["l"] < b["r"] - 1 and b["l"] < a["r"] - 1 and a["t"] < b["b"] - 1 and b["t"] < a["b"] - 1:
                overlaps.append(f"{a['what']} and {b['what']}")
    assert overlaps == [], overlaps


@pytest.mark.parametrize(
    ("size", "viewport", "scale"),
    [
        ("phone", PHONE, 1.0),
        ("desktop", DESKTOP, 1.0),
        ("desktop-zoom80", {"width": 1600, "height": 1000}, 0.8),
    ],
)
def test_every_setting_fits_the_table_screenshots(
    browser: Any, server: LiveServer, size: str, viewport: dict[str, int], scale: float
) -> None:
    """At 390x844, 1280x800 and 1280x800 at 80% zoom (1600x1000 CSS pixels at 0.8): each setting
    alone and all together, without a reload; a screenshot of each."""
    mobile = {"is_mobile": True, "has_touch": True} if viewport is PHONE else {}
    ctx = browser.new_context(viewport=viewport, device_scale_factor=scale, **mobile)
    p = ctx.new_page()
    problems: list[str] = []
    p.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    _table(p, server, tricks=2)
    cases = [("default", ALL_OFF)] + [(name, {**ALL_OFF, name: True}) for name in ALL_ON] + [("all", ALL_ON)]
    GAME_ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for name, prefs in cases:
        _set(p, prefs)
        p.wait_for_timeout(150)
        _fits(p, viewport)
        p.screenshot(path=str(GAME_ARTIFACTS / f"display-{size}-{name}.png"), full_page=viewport is PHONE)
    assert problems == []
    ctx.close()


#: every text of the page, and every card face, against what is behind it: the WCAG contrast
#: ratio (4.5:1; 3:1 for large text), the backgrounds composed from the root down, with the
#: opacity and brightness filters on the way (disabled controls are exempt, as in WCAG)
CONTRAST_JS = """
async () => {
  // a card still fading in (its transition, its animation) is measured once it is there
  await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null)));
  const rgba = (c) => { const m = /rgba?\\(([^)]+)\\)/.exec(c); if (!m) return null;
    const p = m[1].split(/[\\s,\\/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; };
  const over = (top, under) => [0, 1, 2].map((i) => top[i] * top[3] + under[i] * (1 - top[3])).concat([1]);
  const lum = (c) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]); };
  const ratio = (a, b) => {
    const x = lum(a), y = lum(b); return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); };
  // what the eye sees: the screen reader's hidden headings (.sr-only, clipped away whole) are not
  const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== "hidden"
    && !e.classList.contains("sr-only");
  const topLayer = document.querySelector("dialog[open]");
  function behind(e) {
    const chain = []; for (let x = e; x; x = x.parentElement) chain.push(x);
    let bg = [255, 255, 255, 1], light = 1, alpha = 1, image = false;
    for (const x of chain.reverse()) {
      const s = getComputedStyle(x);
      if (s.backgroundImage !== "none") image = true;
      const c = rgba(s.backgroundColor);
      if (c && c[3] > 0) bg = over(c, bg);
      const b = /brightness\\(([\\d.]+)\\)/.exec(s.filter); if (b) light *= Number(b[1]);
      alpha *= Number(s.opacity);
    }
    return { bg, light, alpha, image };
  }
  const low = []; let checked = 0;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const e = n.parentElement;
    if (!n.textContent.trim() || !e || !shown(e)) continue;
    if (e.closest(".hidden, [hidden], :disabled, option")) continue;
    if (topLayer && !topLayer.contains(e)) continue;  // under a modal dialog: not what is read now
    const s = getComputedStyle(e);
    const { bg, light, alpha, image } = behind(e);
    if (image) { low.push(`${n.textContent.trim().slice(0, 30)}: on an image, not measured`); continue; }
    let fg = rgba(s.color); fg = over([fg[0], fg[1], fg[2], fg[3] * alpha], bg);
    const dim = (c) => c.slice(0, 3).map((v) => v * light).concat([1]);
    const r = ratio(dim(fg), dim(bg));
    const size = parseFloat(s.fontSize), bold = Number(s.fontWeight) >= 700;
    const need = size >= 24 || (size >= 18.66 && bold) ? 3 : 4.5;
    checked += 1;
    if (r < need) {
      const where = (e.closest("[data-card]") || e).dataset.card || e.className;
      low.push(`${n.textContent.trim().slice(0, 30)} (${where}): ${r.toFixed(2)} < ${need}, ` +
               `text ${s.color} on ${bg.map(Math.round)}, opacity ${alpha}, brightness ${light}`);
    }
  }
  const faces = [...document.querySelectorAll(".card[data-card]")].filter(shown);
  return { low, checked, cards: faces.length };
}
"""
