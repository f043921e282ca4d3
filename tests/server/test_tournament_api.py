"""A Swiss tournament of 8 players through the JSON API (issue 51): nine register, eight check in
(the ninth is dropped at the start), two leave (a computer plays their seats, the results
count for them), three rounds of one-hand games are played to the final standings, and the
standings are checked against a computation made here from the stored games alone.

People's seats are left to the stand-in after the grace time (nobody connects), as in the
duplicate event's API test."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from server_helpers import CARD_RE, FORBIDDEN_KEYS, keys_in

pytest.importorskip("httpx2")
from starlette.testclient import TestClient

from spades.server import create_app
from spades.server.table import build_game

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture
def client(tmp_path: Path) -> Any:
    app = create_app(f"sqlite:///{tmp_path / 't.sqlite'}")
    with TestClient(app) as c:
        yield c


def _player(client: Any, name: str) -> dict[str, str]:
    r = client.post("/api/players", json={"name": name})
    assert r.status_code == 201, r.text
    return {"x-player-key": r.json()["key"]}


def test_bad_tournament_requests_get_plain_errors(client: Any) -> None:
    for body, words in (
        ({"rounds": 8}, "from 1 to 7 rounds"),
        ({"hands": 0}, "from 1 to 10 hands"),
        ({"start_in": -1}, "minutes away"),
        ({"name": "x\x07"}, "may not contain"),
        ([], "JSON object"),
    ):
        r = client.post("/api/tournaments", json=body)
        assert r.status_code == 400 and words in r.json()["error"], (body, r.json())
    assert client.get("/api/tournaments/nothere").status_code == 404
    made = client.post("/api/tournaments", json={"start_in": 60}).json()
    tid = made["id"]
    assert client.post(f"/api/tournaments/{tid}/checkin").status_code == 400  # no identity
    key = _player(client, "Zed")
    assert client.post(f"/api/tournaments/{tid}/checkin", headers=key).status_code == 409  # not registered
    assert client.post(f"/api/tournaments/{tid}/register", json={}, headers=key).status_code == 200
    assert client.post(f"/api/tournaments/{tid}/register", json={}, headers=key).status_code == 409
    assert client.post(f"/api/tournaments/{tid}/start", json={"host_key": "wrong"}).status_code == 403
    # fewer than four checked in at the start: cancelled
    r = client.post(f"/api/tournaments/{tid}/start", json={"host_key": made["host_key"]})
    assert r.status_code == 200 and r.json()["status"] == "cancelled"


def check_no_leak(payload: dict[str, Any]) -> None:
    text = json.dumps(payload)
    assert not CARD_RE.search(text), "a card is named in the tournament's payload"
    assert not keys_in(payload) & (FORBIDDEN_KEYS | {"host_key_hash", "secrets", "key"})


def _expected(rounds: list[dict[str, Any]], scores: dict[str, tuple[int, int]]) -> list[int]:
    """The standings (entrant numbers) computed here: a win 1, a tie ½; then margin, then the
    sum of the opponents' points, then seed (entrant number)."""
    pts: dict[int, float] = {}
    margin: dict[int, int] = {}
    opp: dict[int, list[int]] = {}
    for r in rounds:
        for t in r["tables"]:
            ns, ew = scores[t["id"]]
            seats = [s["entrant"] for s in t["seats"]]
            for i, e in enumerate(seats):
                mine, theirs = (ns, ew) if i % 2 == 0 else (ew, ns)
                pts[e] = pts.get(e, 0) + (1 if mine > theirs else 0.5 if mine == theirs else 0)
                margin[e] = margin.get(e, 0) + mine - theirs
                opp.setdefault(e, []).extend([seats[(i + 1) % 4], seats[(i + 3) % 4]])
    buch = {e: sum(pts[o] for o in opp[e]) for e in pts}
    return sorted(pts, key=lambda e: (-pts[e], -margin[e], -buch[e], e))


def test_swiss_of_eight_with_two_quitters_to_its_standings(client: Any) -> None:
    made = client.post(
        "/api/tournaments",
        json={
            "name": "Friday Swiss",
            "host": "Ann",
            "rounds": 3,
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
    for name in ["Ann", "Bea", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivo"]:
        keys[name] = key = _player(client, name)
        assert (
            client.post(f"/api/tournaments/{tid}/register", json={"name": name}, headers=key).status_code
            == 200
        )
        if name != "Ivo":  # Ivo does not check in: dropped at the start
            assert client.post(f"/api/tournaments/{tid}/checkin", headers=key).status_code == 200
    started = client.post(f"/api/tournaments/{tid}/start", json={"host_key": made["host_key"]}).json()
    check_no_leak(started)
    assert started["status"] == "running" and len(started["rounds"]) == 1
    seated = {s["name"] for t in started["rounds"][0]["tables"] for s in t["seats"]}
    assert seated == {"Ann", "Bea", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"}  # not Ivo
    # Gus leaves during round 1, Hal once round 2 is drawn
    r = client.post(f"/api/tournaments/{tid}/leave", headers=keys["Gus"])
    assert r.status_code == 200 and r.json()["you"]["left"] is True
    storage = client.app.state.manager.storage
    deadline = time.time() + 180
    hal_left = False
    while True:
        payload = client.get(f"/api/tournaments/{tid}", headers=keys["Ann"]).json()
        check_no_leak(payload)
        if len(payload["rounds"]) >= 2 and not hal_left:
            assert client.post(f"/api/tournaments/{tid}/leave", headers=keys["Hal"]).status_code == 200
            hal_left = True
        if payload["status"] == "over":
            break
        assert time.time() < deadline, payload
        time.sleep(0.3)
    assert len(payload["rounds"]) == 3 and all(not r["byes"] for r in payload["rounds"])
    scores: dict[str, tuple[int, int]] = {}
    for rnd in payload["rounds"]:
        for t in rnd["tables"]:
            row = client.portal.call(storage.load, t["id"])
            game = build_game(row)
            assert game.is_over and game.hands_played == 1
            scores[t["id"]] = (game.scores[0], game.scores[1])
            assert t["scores"] == list(scores[t["id"]])
            for s, seat in enumerate(t["seats"]):
                # a quitter's seat in a round drawn after they left is the computer's
                left_in = {"Gus": 1, "Hal": 2}.get(seat["name"], 9)
                drawn_after = rnd["round"] > left_in
                assert (row.seats[s].kind == "bot") == drawn_after, (rnd["round"], seat)
    gus_table = next(t for t in payload["rounds"][0]["tables"] if "Gus" in [s["name"] for s in t["seats"]])
    gus_seat = [s["name"] for s in gus_table["seats"]].index("Gus")
    assert client.portal.call(storage.load, gus_table["id"]).config["left"] == [gus_seat]
    # partners are never repeated in three rounds of eight
    partners = [
        frozenset((t["seats"][i]["entrant"], t["seats"][i + 2]["entrant"]))
        for r in payload["rounds"]
        for t in r["tables"]
        for i in (0, 1)
    ]
    assert len(set(partners)) == len(partners)
    expected = _expected(payload["rounds"], scores)
    assert [row["entrant"] for row in payload["standings"]] == expected
    assert [row["rank"] for row in payload["standings"]] == list(range(1, 9))
    # the quitters are in the standings, their results counted
    assert {row["name"] for row in payload["standings"]} >= {"Gus", "Hal"}
    assert all(row["games"] == 3 for row in payload["standings"])
