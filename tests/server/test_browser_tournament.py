"""A Swiss tournament of 8 players with computer stand-ins for two quitters, to its final
standings, in chromium (issue 51).

The host, Ann, makes the tournament in the browser (/tournaments: 3 rounds of one-hand games),
registers and checks in on its page; Bea does the same in a browser of her own; six more
register through the JSON API and five of them check in (Ivo does not: he is dropped at the
start).  Ann starts it early from the page.  Ann's page shows her the way to her round-1
table; she plays that hand there through the page.  Bea leaves from her page during round 1
and Gus through the API once round 2 is drawn: a computer plays their seats (``computer for
Bea``) and the results count for them.  Nobody else connects, so the other people's seats are
played by the computer after the table's grace time (the page's form offers no grace time: the
test sets ``grace`` 1 and ``hand_pause`` 0 on the request the page sends, as the API test does).

The final standings page is read and checked against standings computed here from the stored
games alone (the engine's replay of each table's seed, decks and action log, never the
server's tournament code): a win 1 point, a tie ½; ties broken by total margin, then
Buchholz (the sum of the points of every opponent met), then seed (all players are new, so
the seed is the order of check-in among the registered: Ann, Bea, Cy, ...).  The page is saved
as tournament-standings.png.
"""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from browser_helpers import (
    CHROMIUM,
    DESKTOP,
    Watched,
    click_step,
    engine_hands,
    have_chromium,
    snapshot,
)
from server_helpers import LiveServer

if not have_chromium():
    pytest.skip(f"chromium is not installed at {CHROMIUM}", allow_module_level=True)

httpx2 = pytest.importorskip("httpx2")

ROUNDS = 3
#: registration order; Ivo registers but does not check in
NAMES = ["Ann", "Bea", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivo"]


def _fast_tables(route: Any) -> None:
    """The page's create request, with the tables' grace time and pause between hands short."""
    body = json.loads(route.request.post_data or "{}")
    route.continue_(post_data=json.dumps({**body, "grace": 1, "hand_pause": 0}))


def create_tournament(page: Any, server: LiveServer) -> str:
    page.route("**/api/tournaments", _fast_tables)
    page.goto(server.url + "/tournaments")
    page.wait_for_selector("#tn-form")
    page.fill("#tn-name", "Friday Swiss")
    page.fill("#host-name", "Ann")
    page.select_option("#rounds", str(ROUNDS))
    page.select_option("#hands", "1")
    page.select_option("#start-in", "60")
    page.select_option("#speed", "0.05")
    page.click("#tn-create")
    page.wait_for_url("**/tn/*")
    page.wait_for_selector("#tn-status")
    return str(page.url.rsplit("/", 1)[1])


def register_in_page(page: Any, name: str) -> None:
    page.wait_for_selector("#reg-name")
    page.fill("#reg-name", name)
    page.click("#register")
    page.wait_for_selector("#checkin")
    page.click("#checkin")
    page.wait_for_function(
        "(n) => [...document.querySelectorAll('#players li')]"
        ".some((li) => li.innerText === n + ' · checked in')",
        arg=name,
    )


def register_by_api(server: LiveServer, tid: str, name: str, check_in: bool) -> dict[str, str]:
    r = httpx2.post(server.url + "/api/players", json={"name": name})
    assert r.status_code == 201, r.text
    key = {"x-player-key": r.json()["key"]}
    url = f"{server.url}/api/tournaments/{tid}"
    assert httpx2.post(url + "/register", json={"name": name}, headers=key).status_code == 200
    if check_in:
        assert httpx2.post(url + "/checkin", headers=key).status_code == 200
    return key


def play_one_hand(w: Watched) -> None:
    """Ann plays her table's one hand through the page, to the hand's result."""
    page = w.page
    deadline = time.time() + 180
    while True:
        assert time.time() < deadline, f"Ann's hand did not end; {w.problems}"
        snap = snapshot(page)
        if snap["modal"] or snap["over"]:
            return
        if click_step(page, snap) is None:
            page.wait_for_timeout(60)


def game_scores(db: str, table_id: str) -> tuple[tuple[int, int], list[Any]]:
    """A table's final scores (North-South, East-West) from the engine's replay, and its seats."""
    row, hands = engine_hands(db, table_id)
    assert len(hands) == 1, f"table {table_id} played {len(hands)} hands"
    return (hands[-1].scores[0], hands[-1].scores[1]), row.seats


def expected_standings(games: list[tuple[list[str], tuple[int, int]]]) -> list[tuple[str, float, int, float]]:
    """(name, points, margin, Buchholz), best first, from each game's seat names and scores."""
    pts: dict[str, float] = {}
    margin: dict[str, int] = {}
    met: dict[str, list[str]] = {}
    for seats, (ns, ew) in games:
        for i, name in enumerate(seats):
            mine, theirs = (ns, ew) if i % 2 == 0 else (ew, ns)
            pts[name] = pts.get(name, 0) + (1 if mine > theirs else 0.5 if mine == theirs else 0)
            margin[name] = margin.get(name, 0) + mine - theirs
            met.setdefault(name, []).extend([seats[(i + 1) % 4], seats[(i + 3) % 4]])
    buchholz = {n: sum(pts[o] for o in met[n]) for n in pts}
    order = sorted(pts, key=lambda n: (-pts[n], -margin[n], -buchholz[n], NAMES.index(n)))
    return [(n, pts[n], margin[n], buchholz[n]) for n in order]


STANDINGS_JS = """
() => [...document.querySelectorAll('#standings tr[data-entrant]')]
  .map((tr) => [...tr.children].map((c) => c.innerText.trim()))
"""


def _num(x: float) -> str:
    return f"{x:g}"


def test_swiss_of_8_with_two_quitters_to_its_final_standings_in_chromium(
    browser: Any, live_server: LiveServer
) -> None:
    ann = Watched(browser, "ann", DESKTOP)
    bea = Watched(browser, "bea", DESKTOP)
    try:
        tid = create_tournament(ann.page, live_server)
        register_in_page(ann.page, "Ann")
        bea.page.goto(f"{live_server.url}/tn/{tid}")
        register_in_page(bea.page, "Bea")
        keys = {n: register_by_api(live_server, tid, n, check_in=n != "Ivo") for n in NAMES[2:]}
        ann.page.click("#start-now")
        ann.page.wait_for_selector("#your-table")
        api = f"{live_server.url}/api/tournaments/{tid}"
        first = httpx2.get(api).json()
        assert first["status"] == "running"
        seated = {s["name"] for t in first["rounds"][0]["tables"] for s in t["seats"]}
        assert seated == set(NAMES[:8]), "Ivo did not check in: not drawn"
        # Ann's page shows her table: the round-1 table she sits at
        mine = next(t for t in first["rounds"][0]["tables"] if "Ann" in [s["name"] for s in t["seats"]])
        assert ann.page.get_attribute("#your-table", "href") == f"/t/{mine['id']}"
        # Bea leaves from her page (a computer plays her seat from now on)
        bea.page.wait_for_selector("#leave")
        bea.page.click("#leave")
        bea.page.wait_for_function(
            "() => [...document.querySelectorAll('#players li')].some((li) => li.innerText === 'Bea · left')"
        )
        ann.page.click("#your-table")
        ann.page.wait_for_url(f"**/t/{mine['id']}")
        play_one_hand(ann)
        ann.page.goto(f"{live_server.url}/tn/{tid}")
        # Gus leaves through the API once round 2 is drawn
        deadline = time.time() + 240
        while len(httpx2.get(api).json()["rounds"]) < 2:
            assert time.time() < deadline, "round 2 was not drawn"
            time.sleep(0.3)
        assert httpx2.post(api + "/leave", headers=keys["Gus"]).status_code == 200
        ann.page.wait_for_function(
            "() => /Final standings/.test((document.querySelector('#tn-status') || {}).innerText || '')",
            timeout=240_000,
        )
        final = httpx2.get(api).json()
        games = []
        for rnd in final["rounds"]:
            assert not rnd["byes"]
            for t in rnd["tables"]:
                scores, seats = game_scores(live_server.db, t["id"])
                names = [s["name"] for s in t["seats"]]
                assert [s.name for s in seats] == names
                # a quitter's seat, in a round drawn after they left, is the computer's
                left_in = {"Bea": 1, "Gus": 2}
                assert [s.kind == "bot" for s in seats] == [rnd["round"] > left_in.get(n, 9) for n in names]
                games.append((names, scores))
                # the page marks the computer in a quitter's seat from the round they left in
                shown_left = [s["left"] for s in t["seats"]]
                assert shown_left == [rnd["round"] >= left_in.get(n, 9) for n in names]
        assert len(games) == ROUNDS * 2
        expected = expected_standings(games)
        ann.shot("tournament-standings.png", full_page=True)
        shown = ann.page.evaluate(STANDINGS_JS)
        assert [row[0] for row in shown] == [str(i) for i in range(1, 9)]
        got = [(row[1].replace(" · left", ""), row[2], row[3], row[4], row[5]) for row in shown]
        want = [(n, _num(p), str(m), _num(b), str(ROUNDS)) for n, p, m, b in expected]
        assert got == want, games
        assert {row[1] for row in shown} >= {"Bea · left", "Gus · left"}
        # the rounds after the quits show the computer in the quitters' seats
        text = ann.page.inner_text("#main")
        assert "computer for Bea" in text and "computer for Gus" in text
        ann.check()
        bea.check()
    finally:
        ann.close()
        bea.close()


def test_single_elimination_made_in_the_page_to_its_winner(browser: Any, live_server: LiveServer) -> None:
    """Five players, a knock-out made in the page: two pairs (Ann & Dee, Bea & Cy; Eve, the odd
    one out, sits out), one round; the page's places follow the final's stored scores."""
    ann = Watched(browser, "ann", DESKTOP)
    try:
        ann.page.route("**/api/tournaments", _fast_tables)
        ann.page.goto(live_server.url + "/tournaments")
        ann.page.select_option("#format", "knockout")
        assert ann.page.inner_text("#tn-form h2") == "New single-elimination tournament"
        assert ann.page.is_disabled("#rounds")
        ann.page.fill("#host-name", "Ann")
        ann.page.select_option("#hands", "1")
        ann.page.select_option("#speed", "0.05")
        ann.page.click("#tn-create")
        ann.page.wait_for_url("**/tn/*")
        tid = ann.page.url.rsplit("/", 1)[1]
        register_in_page(ann.page, "Ann")
        for name in ["Bea", "Cy", "Dee", "Eve"]:
            register_by_api(live_server, tid, name, check_in=True)
        ann.page.click("#start-now")
        ann.page.wait_for_function(
            "() => /Final standings/.test((document.querySelector('#tn-status') || {}).innerText || '')",
            timeout=120_000,
        )
        final = httpx2.get(f"{live_server.url}/api/tournaments/{tid}").json()
        (table,) = final["rounds"][0]["tables"]
        assert [s["name"] for s in table["seats"]] == ["Ann", "Bea", "Dee", "Cy"]
        (ns, ew), _seats = game_scores(live_server.db, table["id"])
        first, second = ("Ann & Dee", "Bea & Cy") if ns >= ew else ("Bea & Cy", "Ann & Dee")
        ann.shot("tournament-knockout.png", full_page=True)
        rows = ann.page.evaluate(
            "() => [...document.querySelectorAll('#standings tr')].slice(1)"
            ".map((tr) => [...tr.children].map((c) => c.innerText.trim()))"
        )
        assert rows[0][0] == "1" and rows[0][2:] == [first, "Winner"], rows
        assert rows[1][0] == "2" and rows[1][2:] == [second, "Lost in round 1"], rows
        assert rows[2] == ["", "", "Eve", "Sits out: odd number of players"], rows
        ann.check()
    finally:
        ann.close()
