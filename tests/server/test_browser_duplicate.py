"""An 8-player duplicate event of 4 boards played to its results in chromium (issue 51).

A host makes the event in the browser (/events): two tables of four, table 1 with one
person (the host, Ann, North) and three computers, table 2 with four computers: eight players,
four pairs.  Ann takes her seat from the event's page, plays her four boards at her table
through the page (bids and cards clicked, each hand's result closed with Continue), and then
opens the results page, which is read and checked against the comparison derived here, board
by board, straight from the engine's replay of the stored logs (never from the server's
results code).

The derivation (docs/duplicate.md):

* Table 1 plays the boards as dealt: pair 1 (North-South, seats 0 and 2) holds the board's
  North-South cards, pair 2 (seats 1 and 3) its East-West cards.
* Table 2 is turned by one seat (seat s holds direction s + 1): pair 4 (its East-West seats
  1 and 3) holds the board's North-South cards, pair 3 (its seats 0 and 2) the East-West ones.
  So North's 13 cards at table 1 are seat 3's (West's) at table 2: checked for every board.
* A table's result on a board is the net of the North-South cards' holders: their points on
  the hand less their opponents'.  With two tables the holders of the North-South cards
  compare the two nets: 2 match points to the higher, 0 to the lower, 1 each on a tie; the
  East-West holders get the rest of the top of 2.  E.g. nets +20 at table 1 and -30 at table
  2: pair 1 gets 2 and pair 4 0; pair 2 (East-West at table 1, net -20 for them) 0 and pair
  3 (+30 for them) 2.
* A pair's total is the sum over the 4 boards (top 8); its points difference, shown, does not
  rank.

The deals are fresh secrets of the running server, so the numbers differ from run to run: the
test writes its derivation of each board (nets, match points) to
test-artifacts/browser-games/duplicate-derivation.txt and asserts the page shows exactly it.
The results page is saved as duplicate-results.png.
"""

from __future__ import annotations

import json
import re
import time
from typing import Any

import pytest
from browser_helpers import (
    CHROMIUM,
    DESKTOP,
    GAME_ARTIFACTS,
    Watched,
    click_step,
    have_chromium,
    load_row,
    snapshot,
)
from server_helpers import LiveServer

if not have_chromium():
    pytest.skip(f"chromium is not installed at {CHROMIUM}", allow_module_level=True)

BOARDS = 4


def create_event(page: Any, server: LiveServer) -> str:
    page.goto(server.url + "/events")
    page.wait_for_selector("#event-form")
    page.fill("#event-name", "Club night")
    page.fill("#host-name", "Ann")
    page.select_option("#boards", str(BOARDS))
    page.select_option("#tables", "2")
    page.select_option("#speed", "0.05")
    seats = [["open", "bot:basic", "bot:basic", "bot:basic"], ["bot:basic"] * 4]
    for t, table in enumerate(seats):
        for s, value in enumerate(table):
            page.select_option(f"#seat-{t}-{s}", value)
    page.click("#event-create")
    page.wait_for_url("**/e/*")
    page.wait_for_selector("#event-tables")
    return str(page.url.rsplit("/", 1)[1])


def play_table(w: Watched) -> int:
    """Ann plays her table to its end through the page; returns the hand results she closed."""
    page = w.page
    closed = 0
    deadline = time.time() + 400
    while closed < BOARDS:
        assert time.time() < deadline, f"the table did not finish: {closed} results closed; {w.problems}"
        snap = snapshot(page)
        if snap["modal"]:
            page.click("#modal-ok", timeout=5000)
            page.wait_for_selector("#modal-bg.hidden", state="attached", timeout=5000)
            closed += 1
        elif click_step(page, snap) is None:
            page.wait_for_timeout(60)
    return closed


def replay(db_url: str, table_id: str) -> tuple[Any, list[Any], list[list[int]]]:
    """The table's row, each hand's summary and each hand's dealt cards by seat (masks), from the
    engine replaying the stored log."""
    from spades.game import Game
    from spades.rules import Rules

    row = load_row(db_url, table_id)
    game = Game(Rules.from_dict(row.rules), seed=row.seed, dealer=row.dealer, decks=row.decks)
    dealt = [[game.dealt(s).mask for s in range(4)]]
    for seat, text in row.actions:
        before = game.hands_played
        game.apply(text, seat=seat)
        if game.hands_played > before and not game.is_over:
            dealt.append([game.dealt(s).mask for s in range(4)])
    return row, list(game.history), dealt


def derive(db_url: str, table_ids: list[str]) -> tuple[list[dict[str, Any]], dict[int, int], list[str]]:
    """Each board's comparison and each pair's match points, derived as the docstring says."""
    (_r1, hands1, dealt1), (_r2, hands2, dealt2) = (replay(db_url, t) for t in table_ids)
    assert len(hands1) == len(hands2) == BOARDS
    boards, total, lines = [], {1: 0, 2: 0, 3: 0, 4: 0}, []
    for k in range(BOARDS):
        # the same cards: direction d at table 1 is seat d, at table 2 seat (d - 1) % 4
        assert [dealt1[k][d] for d in range(4)] == [dealt2[k][(d - 1) % 4] for d in range(4)], k
        # table 1: N-S cards = side 0 (pair 1); table 2: N-S cards = side 1 (pair 4)
        p1 = hands1[k].points
        p2 = hands2[k].points
        net1, net2 = p1[0] - p1[1], p2[1] - p2[0]
        mp_ns1 = 2 if net1 > net2 else 1 if net1 == net2 else 0
        share = {1: mp_ns1, 4: 2 - mp_ns1, 2: 2 - mp_ns1, 3: mp_ns1}
        for pair, got in share.items():
            total[pair] += got
        boards.append({"nets": [net1, net2], "mp": [[mp_ns1, 2 - mp_ns1], [2 - mp_ns1, mp_ns1]]})
        lines.append(
            f"board {k + 1}: table 1 pair 1 {p1[0]} v pair 2 {p1[1]}: net {net1:+d}; "
            f"table 2 pair 4 {p2[1]} v pair 3 {p2[0]}: net {net2:+d}; "
            f"match points pair 1 {share[1]}, pair 4 {share[4]}, pair 2 {share[2]}, pair 3 {share[3]}"
        )
    lines.append("totals (of 8): " + ", ".join(f"pair {p} {m}" for p, m in total.items()))
    return boards, total, lines


PAGE_JS = """
() => ({
  title: (document.querySelector('#results-title') || {}).innerText || '',
  standings: [...document.querySelectorAll('#standings tr[data-pair]')].map((tr) =>
    ({ pair: Number(tr.dataset.pair), cells: [...tr.children].map((c) => c.innerText.trim()) })),
  boards: [...document.querySelectorAll('.board-block')].map((b) => ({
    board: Number(b.dataset.board),
    rows: [...b.querySelectorAll('tr[data-table]')]
      .map((tr) => [...tr.children].map((c) => c.innerText.trim())),
  })),
})
"""


def test_an_8_player_duplicate_event_of_4_boards_to_its_results(
    browser: Any, live_server: LiveServer
) -> None:
    ann = Watched(browser, "ann", DESKTOP)
    try:
        event = create_event(ann.page, live_server)
        ann.page.fill("#sit-name", "Ann")
        ann.page.click("[data-sit='1-0']")
        ann.page.wait_for_url("**/t/*")
        table1 = ann.page.url.rsplit("/", 1)[1]
        assert play_table(ann) == BOARDS
        ann.page.goto(f"{live_server.url}/e/{event}")
        ann.page.wait_for_function(
            "() => /Final results/.test((document.querySelector('#results-title') || {}).innerText || '')",
            timeout=120_000,
        )
        GAME_ARTIFACTS.mkdir(parents=True, exist_ok=True)
        ann.shot("duplicate-results.png", full_page=True)
        seen = ann.page.evaluate(PAGE_JS)
        api = json.loads(ann.page.evaluate(f"fetch('/api/events/{event}').then((r) => r.text())"))
        table_ids = [t["id"] for t in api["tables"]]
        assert table_ids[0] == table1, "Ann sat at table 1"
        boards, total, lines = derive(live_server.db, table_ids)
        (GAME_ARTIFACTS / "duplicate-derivation.txt").write_text("\n".join(lines) + "\n")
        # the page's boards: each table's net and match points as derived
        assert [b["board"] for b in seen["boards"]] == [1, 2, 3, 4]
        for k, (mine, shown) in enumerate(zip(boards, seen["boards"])):
            for t, row in enumerate(shown["rows"]):
                net, mp, par = row[7], row[8], row[5]
                assert net == str(mine["nets"][t]), (lines[k], row)
                assert mp == f"{mine['mp'][t][0]} – {mine['mp'][t][1]}", (lines[k], row)
                ns, ew = (int(x) for x in re.findall(r"\d+", par))
                assert ns + ew == 13, f"board {k + 1}, table {t + 1}: the double-dummy par {par}"
        # the standings: every pair's total of 8
        assert {row["pair"]: row["cells"][3] for row in seen["standings"]} == {
            p: f"{m} / 8" for p, m in total.items()
        }, lines
        ranked = sorted(total, key=lambda p: (-total[p], p))
        assert [row["pair"] for row in seen["standings"]] == ranked
        ann.check()
    finally:
        ann.close()
