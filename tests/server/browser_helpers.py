"""Shared helpers of the browser suites (Playwright driving Debian's chromium, headless).

* :func:`launched_chromium`: the browser (conftest.py's ``browser`` fixture).
* :class:`Watched`: a browser context and page whose every page error, console error, failed
  request and 5xx response is collected (and fails the test), and whose websocket frames and
  loaded documents are counted for the suite's summary (:data:`COUNTS`).
* :func:`create_in_lobby`, :func:`take_seat`: a table made and a seat taken as people do it;
  :func:`api_table` and :func:`remember_seat`: one made through the API and sat at in a page;
  :func:`play_first_card`: a card played as the hand offers it.
* :func:`snapshot` and :func:`click_step` / :func:`key_step`: whatever the page offers, done by
  clicking or by the keyboard only.
* :func:`engine_hands`: each hand's ``HandScored`` summary, recomputed by the engine from the
  server's storage (the seed, the decks and the action log), never copied from the page.
* :func:`dialog_facts` and :func:`check_dialog`: the hand-result dialog read from the page and
  checked against the engine's summary.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import os
import re
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from server_helpers import ROOT, LiveServer

sync_api = pytest.importorskip("playwright.sync_api")

CHROMIUM = os.environ.get("SPADES_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ARTIFACTS = ROOT / "test-artifacts"
#: the screenshots of the whole-game suite, and its summary (summary.txt)
GAME_ARTIFACTS = ARTIFACTS / "browser-games"
#: per-process counts of the whole-game suite, summed by tests/conftest.py at the session's end
COUNTS_DIR = GAME_ARTIFACTS / ".counts"
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
#: where to click a card of a hand: its top left corner shows even where the next card overlaps it
CORNER = {"x": 5, "y": 12}

#: what the whole-game suite checked in this process: documents loaded under the error checks,
#: hands whose result dialog was checked against the engine, those dialogs, websocket frames
COUNTS: dict[str, int] = {"games": 0, "pages": 0, "hands": 0, "dialogs": 0, "frames": 0}


def have_chromium() -> bool:
    return Path(CHROMIUM).exists()


@contextmanager
def launched_chromium() -> Iterator[Any]:
    """Debian's chromium, headless, closed at the end (the ``browser`` fixture of conftest.py)."""
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield b
        finally:
            b.close()


def flush_counts() -> None:
    """Write this process's counts where the session's summary hook (tests/conftest.py) finds them."""
    COUNTS_DIR.mkdir(parents=True, exist_ok=True)
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    (COUNTS_DIR / f"{worker}-{os.getpid()}.json").write_text(json.dumps(COUNTS))


class Watched:
    """One person's browser: a context and a page whose troubles are collected.

    ``problems`` gets every uncaught page error, console error, failed request (other than a
    request the page itself dropped by navigating away) and response with a status of 500 or
    more; ``frames`` counts the websocket frames the page received, ``sent`` lists the type of
    each message it sent.
    """

    def __init__(self, browser: Any, label: str, viewport: dict[str, int], mobile: bool = False) -> None:
        self.label = label
        self.viewport = viewport
        kw: dict[str, Any] = {"is_mobile": True, "has_touch": True} if mobile else {}
        self.ctx = browser.new_context(viewport=viewport, **kw)
        self.page = self.ctx.new_page()
        self.problems: list[str] = []
        self.frames = 0
        #: the type of each message the page sent on its websockets ("act", "ready", ...)
        self.sent: list[str] = []
        self.loads = 0
        self._navigating = 0.0
        p = self.page
        p.on("pageerror", lambda e: self.problems.append(f"{label}: page error: {e}"))
        p.on("console", self._console)
        p.on("requestfailed", self._failed)
        p.on("response", self._response)
        p.on("websocket", self._websocket)
        p.on("load", self._load)
        p.on("framenavigated", self._navigated)

    @property
    def size(self) -> str:
        return "phone" if self.viewport["width"] < 600 else "desktop"

    def _console(self, msg: Any) -> None:
        if msg.type == "error":
            self.problems.append(f"{self.label}: console error: {msg.text} ({msg.location})")

    def _navigated(self, frame: Any) -> None:
        if frame == self.page.main_frame:
            self._navigating = time.monotonic()

    def _failed(self, request: Any) -> None:
        failure = request.failure or ""
        # a fetch still under way when the page goes to another address is dropped by the
        # browser (net::ERR_ABORTED): nothing failed that anybody sees
        if "ERR_ABORTED" in failure and time.monotonic() - self._navigating < 2:
            return
        self.problems.append(f"{self.label}: request failed: {request.method} {request.url}: {failure}")

    def _response(self, response: Any) -> None:
        if response.status >= 500:
            self.problems.append(f"{self.label}: {response.status} from {response.url}")

    def _websocket(self, ws: Any) -> None:
        def frame(_payload: Any) -> None:
            self.frames += 1
            COUNTS["frames"] += 1

        def sent(payload: Any) -> None:
            try:
                self.sent.append(str(json.loads(payload).get("type")))
            except (ValueError, TypeError, AttributeError):
                self.sent.append("?")

        ws.on("framereceived", frame)
        ws.on("framesent", sent)
        ws.on("socketerror", lambda e: self.problems.append(f"{self.label}: websocket error: {e}"))

    def _load(self, _page: Any) -> None:
        self.loads += 1
        COUNTS["pages"] += 1

    def shot(self, name: str, full_page: bool = False) -> Path:
        """A screenshot under test-artifacts/browser-games/ (the run keeps them for people)."""
        GAME_ARTIFACTS.mkdir(parents=True, exist_ok=True)
        path = GAME_ARTIFACTS / name
        self.page.screenshot(path=str(path), full_page=full_page)
        return path

    def check(self) -> None:
        assert not self.problems, "\n".join(self.problems)

    def close(self) -> None:
        self.ctx.close()


def api_table(server: LiveServer, hands: int | None = None, key: str | None = None) -> dict[str, Any]:
    """A partnership table made through the API: Ann in North's seat (with the player ``key``,
    if any), three computers that play at once, North dealing first; ``hands``: a game of
    that many hands with no pause between them.  The API's answer (``id``, ``token``, ``url``)."""
    import httpx2

    body: dict[str, Any] = {
        "preset": "partnership",
        "name": "Ann",
        "seats": ["you", "bot:basic", "bot:basic", "bot:basic"],
        "bot_delay": 0,
        "turn_timer": 0,
        "options": {"first_dealer": 3},
    }
    if hands is not None:
        body["hand_pause"] = 0
        body["options"]["hands"] = hands
    headers = {"x-player-key": key} if key else {}
    r = httpx2.post(server.url + "/api/tables", json=body, headers=headers, timeout=10)
    assert r.status_code == 201, r.text
    return r.json()  # type: ignore[no-any-return]


def remember_seat(ctx: Any, table: dict[str, Any], key: str | None = None) -> None:
    """The browser context's pages hold the seat's token of ``table`` (from :func:`api_table`)
    and the player ``key``, if any, as if this browser had made the table."""
    store = {"spades-seat-" + table["id"]: table["token"]}
    if key:
        store["spades-player-key"] = key
    sets = "; ".join(f"localStorage.setItem({json.dumps(k)}, {json.dumps(v)})" for k, v in store.items())
    ctx.add_init_script(f"try {{ {sets}; }} catch (e) {{}}")  # (about:blank has no storage)


def table_version(page: Any) -> int:
    """The version of the last state the table page drew (table.js's ``v``)."""
    return int(page.evaluate("() => v"))


def invite_code(page: Any, timeout: float = 10000) -> str:
    """The table's invite code once the page has drawn it (``#code`` shows "…" until the
    first state arrives: reading it earlier sends the friend to ``/j/…``)."""
    page.wait_for_function(
        "() => /^[A-Z0-9]{4,16}$/.test(document.getElementById('code').textContent.trim())",
        timeout=timeout,
    )
    return str(page.inner_text("#code")).strip()


def wait_taken(page: Any, code: str, before: int, timeout: float = 8000) -> None:
    """Wait until the server has taken a play of ``code`` sent at version ``before``: the card
    gone from the hand, or the table past that version (after a hand's last card the next hand,
    dealt at once, may hold the same card)."""
    page.wait_for_function(
        "([code, before]) => v > before || !document.querySelector(`.hand .card[data-card='${code}']`)",
        arg=[code, before],
        timeout=timeout,
    )


def play_first_card(page: Any, timeout: float = 20000) -> None:
    """Click the first card the hand may play, then wait until it has left the hand and it is
    this player's turn again."""
    page.wait_for_selector(".hand.playing .card.legal", timeout=timeout)
    first = page.locator(".hand.playing .card.legal").first
    code = first.get_attribute("data-card")
    before = table_version(page)
    first.click(position=CORNER)
    wait_taken(page, code, before, timeout)
    page.wait_for_selector(".hand.playing .card.legal", timeout=timeout)


def lobby_presets(page: Any) -> list[str]:
    """The games the lobby offers (the values of its Game selector)."""
    page.wait_for_selector("#preset option", state="attached")
    return list(page.locator("#preset option").evaluate_all("els => els.map(e => e.value)"))


def create_in_lobby(
    page: Any,
    server: LiveServer,
    *,
    preset: str,
    seats: list[str],
    hands: int,
    timer: str = "30",
    name: str = "Alice",
    speed: str = "0.05",
    before_create: Callable[[], None] | None = None,
) -> None:
    """Make a table in the lobby as a person does: the form, then Create table."""
    page.goto(server.url + "/")
    page.wait_for_selector("#preset option", state="attached")
    page.select_option("#preset", preset)
    page.wait_for_selector(f"#seat-{len(seats) - 1}")
    page.fill("#name", name)
    page.select_option("#speed", speed)
    page.select_option("#timer", timer)
    for i, value in enumerate(seats):
        page.select_option(f"#seat-{i}", value)
    page.click("details summary")
    page.fill("#opt-hands", str(hands))
    if before_create is not None:
        before_create()
    page.click("#create-btn")
    page.wait_for_url("**/t/*")
    page.wait_for_selector("#me-bar b")


def take_seat(page: Any, server: LiveServer, code: str, seat: int, name: str) -> str:
    """A friend opens the invite link and sits down in ``seat`` under ``name``.

    Works with the in-page name box the issue asks for (``#sit-name`` in a form, sent with
    ``#sit-ok`` or Enter) and with the older flow (the seat's "Sit here" button, then the
    browser's ``prompt()``).  Returns how: "name box" or "prompt".
    """
    prompts: list[str] = []

    def answer(d: Any) -> None:
        prompts.append(d.message)
        d.accept(name)

    page.on("dialog", answer)
    page.goto(server.url + "/j/" + code)
    seated = f"#me-bar b:has-text('{name}')"
    deadline = time.time() + 20
    while time.time() < deadline:
        try:
            if page.locator(seated).count():
                return "prompt" if prompts else "name box"
            box = page.locator("#sit-name:visible")
            if box.count():
                box.fill(name)
                ok = page.locator("#sit-ok:visible")
                if ok.count():
                    ok.click(timeout=2000)
                else:
                    box.press("Enter")
                page.wait_for_selector(seated, timeout=5000)
                return "prompt" if prompts else "name box"
            sit = page.locator(f"[data-sit='{seat}']:visible")
            if sit.count():
                sit.first.click(timeout=2000)
                page.wait_for_timeout(300)  # the name box, or the browser's prompt, then the seat
                continue
        except sync_api.Error:
            pass
        page.wait_for_timeout(100)
    raise AssertionError(f"{name} could not sit in seat {seat} from the invite link")


# One look at the page: what it offers the person now.
SNAPSHOT_JS = """
() => {
  const shown = (e) => !!e && e.getClientRects().length > 0 && getComputedStyle(e).visibility !== "hidden";
  const q = (s) => document.querySelector(s);
  const all = (s) => [...document.querySelectorAll(s)].filter(shown);
  const modal = shown(q("#modal-bg:not(.hidden) #modal"));
  const confirm = q("[data-confirm]");
  const hand = all(".hand .card[data-card]");
  return {
    modal,
    title: modal ? (q("#modal h2") || {}).innerText || "" : "",
    look: shown(q("[data-action='look']")),
    bids: all(".bids button[data-action]").map((b) => b.dataset.action),
    confirm: shown(confirm) ? { need: confirm.dataset.confirm, disabled: confirm.disabled } : null,
    play: all(".hand.playing .card.legal[data-card]").map((c) => c.dataset.card),
    choose: all(".hand .card.legal:not(.selected)[data-card]").map((c) => c.dataset.card),
    draw: shown(q("[data-action='keep']")),
    hand: hand.map((c) => c.dataset.card),
    focus: all(".hand .card.focus[data-card]").map((c) => c.dataset.card),
    active: (document.activeElement && document.activeElement.dataset || {}).card || null,
    over: /Game over|You win/.test(q("#prompt") ? q("#prompt").innerText : ""),
  };
}
"""


def snapshot(page: Any) -> dict[str, Any]:
    return dict(page.evaluate(SNAPSHOT_JS))


def choose_bid(snap: dict[str, Any], nil: bool = False) -> str:
    """A bid a person might make: nil when asked and offered, else the spades and aces held."""
    bids = snap["bids"]
    if nil and "nil" in bids:
        return "nil"
    count = sum(1 for c in snap["hand"] if c[1] == "S" or c[0] == "A")
    numbers = [b for b in bids if b.startswith("bid ")]
    want = f"bid {max(1, count)}"
    return want if want in numbers else numbers[-1] if numbers else bids[0]


# Where a person would tap an element: its middle, or the top left corner of a card (the part
# that shows where the next card overlaps it), if that point is the element and not something
# drawn over it.
POINT_JS = """
([sel, corner]) => {
  const e = document.querySelector(sel);
  if (!e) return null;
  e.scrollIntoView({ block: "nearest", inline: "nearest" });
  const r = e.getBoundingClientRect();
  const x = corner ? r.left + 5 : r.left + r.width / 2, y = corner ? r.top + 12 : r.top + r.height / 2;
  const hit = document.elementFromPoint(x, y);
  return { x, y, ok: !!hit && (hit === e || e.contains(hit)), hit: hit ? hit.outerHTML.slice(0, 80) : null };
}
"""


def tap(page: Any, selector: str, corner: bool = False) -> bool:
    """A real mouse click where a person would tap ``selector``, if nothing covers that point
    (False: not there, or covered; look again).  Cheaper than ``page.click``, which waits for
    the element to stop moving."""
    point = page.evaluate(POINT_JS, [selector, corner])
    if not point or not point["ok"]:
        return False
    page.mouse.click(point["x"], point["y"])
    return True


def click_step(page: Any, snap: dict[str, Any], nil: bool = False) -> str | None:
    """Do what the page offers by clicking; returns what was done (None: nothing to do now)."""
    try:
        if snap["look"]:
            return "look" if tap(page, "[data-action='look']") else "retry"
        if snap["bids"]:
            return "bid" if tap(page, f".bids button[data-action='{choose_bid(snap, nil)}']") else "retry"
        if snap["confirm"]:
            need, disabled = snap["confirm"]["need"], snap["confirm"]["disabled"]
            if need == "pass" and disabled:
                chosen = tap(page, f".hand .card[data-card='{snap['choose'][0]}']", corner=True)
                return "select" if chosen else "retry"
            return need if tap(page, "[data-confirm]") else "retry"
        if snap["play"]:
            code = snap["play"][0]
            before = table_version(page)
            if not tap(page, f".hand .card[data-card='{code}']", corner=True):
                return "retry"
            wait_taken(page, code, before)  # a play counts once the server has taken it
            return "play"
        if snap["draw"]:
            return "keep" if tap(page, "[data-action='keep']") else "retry"
    except sync_api.Error:
        return "retry"  # the page re-rendered under the click: look again
    return None


def key_step(page: Any, snap: dict[str, Any], notes: list[str] | None = None) -> str | None:
    """Do what the page offers with the keyboard only (the keys the table's help lists).

    ``notes`` gets what the keyboard focus did wrong on the way (a stop on a card that cannot
    be played, two cards marked at once)."""
    kb = page.keyboard
    if snap["look"]:
        kb.press("l")
        page.wait_for_selector("[data-action='look']", state="detached", timeout=8000)
        return "look"
    if snap["bids"]:
        bid = choose_bid(snap)
        if bid == "nil":
            kb.press("n")
        else:
            kb.type(bid.split()[1])
            kb.press("Enter")
        page.wait_for_selector(".bids button", state="detached", timeout=8000)
        return "bid"
    if snap["draw"]:
        kb.press("k")
        page.wait_for_timeout(150)
        return "keep"
    if snap["confirm"]:
        need, disabled = snap["confirm"]["need"], snap["confirm"]["disabled"]
        if need == "pass" and disabled:
            return key_to_card(page, snap, snap["choose"], then=" ", notes=notes)
        kb.press("Enter")
        page.wait_for_timeout(150)
        return need
    if snap["play"]:
        return key_to_card(page, snap, snap["play"], then="Enter", notes=notes)
    return None


def key_to_card(
    page: Any, snap: dict[str, Any], wanted: list[str], then: str, notes: list[str] | None = None
) -> str | None:
    """Move the keyboard focus with the arrow keys to one of ``wanted``, then press ``then``."""
    kb = page.keyboard
    for moves in range(2 * len(snap["hand"]) + 2):
        now = snapshot(page)
        focused = sorted(set(now["focus"]) | ({now["active"]} if now["active"] else set()))
        if notes is not None and len(focused) > 1:
            notes.append(f"two cards marked as focused at once: {focused}")
        if notes is not None and then == "Enter" and moves and len(focused) == 1 and focused[0] not in wanted:
            notes.append(f"the arrow keys stopped on {focused[0]}, which cannot be played now")
        if len(focused) == 1 and focused[0] in wanted:
            before = table_version(page)
            kb.press(then)
            if then == "Enter":
                wait_taken(page, focused[0], before)
                return "play"
            return "select"
        kb.press("ArrowRight")
    raise AssertionError(f"the arrow keys never reached a card to play: {snapshot(page)}")


# ---------- the engine's account of each hand ----------


def _in_thread(fn: Callable[[], Any]) -> Any:
    """Run an async storage call on a loop of its own (Playwright's sync API holds this thread's)."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(lambda: asyncio.run(fn())).result(60)


def load_row(db_url: str, table_id: str) -> Any:
    from spades.server.storage import Storage

    async def load() -> Any:
        store = await Storage.open(db_url)
        try:
            return await store.load(table_id)
        finally:
            await store.close()

    row = _in_thread(load)
    assert row is not None, f"no table {table_id} in {db_url}"
    return row


def engine_hands(db_url: str, table_id: str) -> tuple[Any, list[Any]]:
    """The table's stored row and the ``HandScored`` summary of each hand finished so far,
    recomputed by replaying the stored deal and actions through the engine."""
    from spades.events import HandScored
    from spades.game import Game
    from spades.rules import Rules

    row = load_row(db_url, table_id)
    game = Game(Rules.from_dict(row.rules), seed=row.seed, dealer=row.dealer, decks=row.decks)
    scored = []
    for seat, text in row.actions:
        scored += [e.summary for e in game.apply(text, seat=seat) if isinstance(e, HandScored)]
    assert list(game.history) == scored, "the engine's history and its HandScored events agree"
    return row, scored


def seat_names(row: Any) -> list[str]:
    from spades.rules import Rules

    rules = Rules.from_dict(row.rules)
    return [s.name or rules.seat_name(i) for i, s in enumerate(row.seats)]


# ---------- the hand-result dialog ----------

DIALOG_JS = """
() => {
  const m = document.querySelector("#modal");
  const t = m.querySelector("table");
  const rows = t ? [...t.querySelectorAll("tr")] : [];
  const head = rows.length ? [...rows[0].children].map((c) => c.innerText.trim()) : [];
  return {
    title: (m.querySelector("h2") || {}).innerText || "",
    head,
    rows: rows.slice(1).map((tr) => ({
      cls: tr.className,
      cells: [...tr.children].map((c) => ({ text: c.innerText.trim(), cls: c.className })),
    })),
    notes: [...m.querySelectorAll("p")].map((p) => p.innerText.trim()),
    text: m.innerText,
  };
}
"""

NUMBER = re.compile(r"^([+\-−]?)(\d+)")


def _number(text: str) -> int:
    m = NUMBER.match(text.strip())
    assert m, f"no number in {text!r}"
    return -int(m.group(2)) if m.group(1) in "-−" and m.group(1) else int(m.group(2))


#: the words under a selector that the page breaks across two lines (a cut word: "сыгра|н");
#: a break at a hyphen or a dash is a break between words
SPLIT_WORDS_JS = """
(sel) => {
  const out = [];
  for (const root of document.querySelectorAll(sel)) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const word = /[^\\s\\-\u2013\u2014]+/g;
      for (let m = word.exec(n.data); m; m = word.exec(n.data)) {
        const r = document.createRange();
        r.setStart(n, m.index);
        r.setEnd(n, m.index + m[0].length);
        const boxes = [...r.getClientRects()].filter((x) => x.width > 0);
        const lines = new Set(boxes.map((x) => Math.round(x.top)));
        if (lines.size > 1) out.push(m[0]);
      }
    }
  }
  return out;
}
"""


def split_words(page: Any, selector: str) -> list[str]:
    """The words under ``selector`` cut across two lines (none on a well-made page)."""
    return list(page.evaluate(SPLIT_WORDS_JS, selector))


def dialog_facts(page: Any) -> dict[str, Any]:
    facts = dict(page.evaluate(DIALOG_JS))
    facts["split"] = split_words(page, "#modal")
    return facts


def bid_word(bid: Any) -> str:
    """A bid as the protocol names it: "blind nil", "nil" or the number of tricks."""
    return "blind nil" if bid.blind else "nil" if bid.is_nil else str(bid.tricks)


def _bid_text(bid: Any) -> str:
    text = bid_word(bid)
    return text.capitalize() if "nil" in text else text


def check_dialog(
    facts: dict[str, Any], summary: Any, names: list[str], partnership: bool, bag_penalty: int
) -> dict[str, list[str]]:
    """The dialog says what the engine scored: each side's bids, tricks, points for the hand,
    bags (and any bag penalty), score, made or set, and each nil's fate.

    A wrong fact fails at once; what the dialog leaves unsaid or says unclearly is returned by
    kind, for the caller to report once the game is over: ``made-set`` (a side's bid made or
    set, not said in words), ``bag-penalty`` (a bag penalty not shown in points: the summary
    counts penalties, each costs the rules' ``bag_penalty``)."""
    unsaid: dict[str, list[str]] = {"made-set": [], "bag-penalty": []}
    assert not facts.get("split"), f"{facts['title']!r}: words cut across two lines: {facts['split']}"
    head = [h.lower() for h in facts["head"]]
    col = {key: head.index(key) for key in ("bid", "won", "points", "bags", "score") if key in head}
    assert set(col) == {"bid", "won", "points", "bags", "score"}, f"the dialog's columns: {facts['head']}"
    sides = len(summary.points)
    assert len(facts["rows"]) == sides, f"one row per side: {facts}"
    for side, row in enumerate(facts["rows"]):
        cells = [c["text"] for c in row["cells"]]
        seats = [side, side + 2] if partnership else [side]
        where = f"{facts['title']!r}, side {side} ({cells})"
        for s in seats:
            assert names[s] in cells[0], f"{where}: the side's name shows {names[s]}"
        assert cells[col["bid"]] == " + ".join(_bid_text(summary.bids[s]) for s in seats), where
        assert cells[col["won"]] == " + ".join(str(summary.tricks[s]) for s in seats), where
        assert _number(cells[col["points"]]) == summary.points[side], f"{where}: points"
        assert _number(cells[col["bags"]]) == summary.bags[side], f"{where}: bags"
        penalty = summary.bag_penalties[side] * bag_penalty
        if penalty and not re.search(rf"[-−]{penalty}\b", cells[col["bags"]]):
            unsaid["bag-penalty"].append(
                f"side {side}'s bag penalty −{penalty} (shown: {cells[col['bags']]!r})"
            )
        assert _number(cells[col["score"]]) == summary.scores[side], f"{where}: score"
        made = summary.made[side]
        if made is not None:
            # in words: the points' colour follows their sign (a side can be set and still gain
            # points through a partner's nil, or make its bid and lose points to bags)
            words = " ".join(cells[1:]).lower()
            said, other = ("made", "set") if made else ("set", "made")
            assert not re.search(rf"\b{other}\b", words), f"{where}: the row says {other}, not {said}"
            if not re.search(rf"\b{said}\b", words):
                unsaid["made-set"].append(f"side {side}'s bid {said}")
    notes = " ".join(facts["notes"])
    for s, bid in enumerate(summary.bids):
        if bid.is_nil:
            fate = "made" if summary.nil_made[s] else "failed"
            assert f"{names[s]} {bid_word(bid)} {fate}" in notes, (
                f"{facts['title']!r}: {names[s]}'s {bid_word(bid)} {fate}: {notes!r}"
            )
    if any(summary.boston):
        assert "Boston" in notes, facts
    return unsaid


HAND_TITLE = re.compile(r"Hand (\d+) result")


def dialog_hand(title: str, hands_in_game: int) -> int:
    """The 0-based hand a result dialog is about: 'Hand 2 result', or the game-over dialog
    (about the last hand)."""
    m = HAND_TITLE.search(title)
    return int(m.group(1)) - 1 if m else hands_in_game - 1
