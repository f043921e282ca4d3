"""Single elimination through the JSON API (issue 51): seven players check in; the odd one out
(the lowest seed) sits the tournament out; the other six form three fixed pairs, best seed with
worst.  All are new players, so the seeds are the registration order: entrants 0..6 are P0..P6,
and the pairs are

    pair 1 = P0 & P5, pair 2 = P1 & P4, pair 3 = P2 & P3; P6 sits out.

Three pairs make a bracket of four: the top seed (pair 1) has a bye in round 1, where pair 2
meets pair 3 (the better pair North-South).  Round 2 is the final: pair 1 (North-South)
against that game's winner.  A game's winner goes on; a tie goes to the better seed.  P0
leaves during round 1 (his bye): a computer plays his seat in the final, and the result counts
for the pair.  The test follows the bracket itself from the stored games' scores (the engine's
replay) and checks the server's rounds and places."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("httpx2")
from starlette.testclient import TestClient

from spades.server import create_app
from spades.server.table import build_game

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

PAIRS = {1: ("P0", "P5"), 2: ("P1", "P4"), 3: ("P2", "P3")}


@pytest.fixture
def client(tmp_path: Path) -> Any:
    app = create_app(f"sqlite:///{tmp_path / 'ko.sqlite'}")
    with TestClient(app) as c:
        yield c


def _names(seats: list[dict[str, Any]]) -> tuple[tuple[str, str], tuple[str, str]]:
    return (seats[0]["name"], seats[2]["name"]), (seats[1]["name"], seats[3]["name"])


def test_bad_format_is_refused_in_words(client: Any) -> None:
    r = client.post("/api/tournaments", json={"format": "ladder"})
    assert r.status_code == 400 and "swiss or knockout" in r.json()["error"]


def test_single_elimination_of_seven_to_its_winner(client: Any) -> None:
    made = client.post(
        "/api/tournaments",
        json={
            "format": "knockout",
            "hands": 1,
            "start_in": 60,
            "bot_delay": 0,
            "grace": 1,
            "hand_pause": 0,
            "stand_in": "basic",
        },
    ).json()
    tid = made["id"]
    keys = {}
    for i in range(7):
        r = client.post("/api/players", json={"name": f"P{i}"})
        keys[i] = key = {"x-player-key": r.json()["key"]}
        assert (
            client.post(f"/api/tournaments/{tid}/register", json={"name": f"P{i}"}, headers=key).status_code
            == 200
        )
        assert client.post(f"/api/tournaments/{tid}/checkin", headers=key).status_code == 200
    started = client.post(f"/api/tournaments/{tid}/start", json={"host_key": made["host_key"]}).json()
    assert started["format"] == "knockout" and started["rounds_total"] == 2
    assert client.post(f"/api/tournaments/{tid}/leave", headers=keys[0]).status_code == 200
    deadline = time.time() + 180
    while (payload := client.get(f"/api/tournaments/{tid}").json())["status"] != "over":
        assert time.time() < deadline, payload
        time.sleep(0.3)
    storage = client.app.state.manager.storage
    seed = {names: p for p, names in PAIRS.items()}

    def winner(table: dict[str, Any]) -> int:
        ns, ew = _names(table["seats"])
        game = build_game(client.portal.call(storage.load, table["id"]))
        assert game.is_over and table["scores"] == [game.scores[0], game.scores[1]]
        a, b = seed[ns], seed[ew]
        return a if game.scores[0] > game.scores[1] else b if game.scores[1] > game.scores[0] else min(a, b)

    r1, r2 = payload["rounds"]
    # round 1: pair 2 (North-South) v pair 3; pair 1 has a bye
    assert [_names(t["seats"]) for t in r1["tables"]] == [(PAIRS[2], PAIRS[3])]
    assert sorted(b["name"] for b in r1["byes"]) == sorted(PAIRS[1])
    w23 = winner(r1["tables"][0])
    # the final: pair 1 North-South against the winner
    assert [_names(t["seats"]) for t in r2["tables"]] == [(PAIRS[1], PAIRS[w23])]
    champion = winner(r2["tables"][0])
    finalist = 1 if champion == w23 else w23
    rows = payload["standings"]
    assert [(row["rank"], row["pair"]) for row in rows[:3]] == [(1, champion), (2, finalist), (3, 5 - w23)]
    assert [p["name"] for p in rows[0]["players"]] == list(PAIRS[champion])
    assert rows[3]["sat_out"] and [p["name"] for p in rows[3]["players"]] == ["P6"]
    assert len(rows) == 4
    # P0 left during his bye: the computer played his seat in the final, shown as such
    row = client.portal.call(storage.load, r2["tables"][0]["id"])
    assert [s.kind == "bot" for s in row.seats] == [True, False, False, False]
    assert [s["left"] for s in r2["tables"][0]["seats"]] == [True, False, False, False]
    assert [b["left"] for b in r1["byes"]] == [False, False]
