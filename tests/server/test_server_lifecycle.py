"""Tables' life cycle (issue 46, defect 9): a table every person left stops after a grace time,
leaves "Open tables" and is not resumed after a restart; the cap on computer-only tables counts
every table that runs with no person connected."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from server_helpers import recv_state

pytest.importorskip("httpx2")
from starlette.testclient import TestClient

from spades.server import create_app
from spades.server.limits import Limits

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

PEOPLE = ["you", "bot:random", "bot:random", "bot:random"]


def _wait(cond: Any, limit: float = 10.0) -> None:
    deadline = time.time() + limit
    while not cond():
        assert time.time() < deadline, "timed out waiting"
        time.sleep(0.02)


def test_a_table_everybody_left_stops_leaves_the_lobby_and_is_not_resumed(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'life.sqlite'}"
    with TestClient(create_app(db)) as client:
        body = {"seats": PEOPLE, "bot_delay": 0.05, "public": True, "hand_pause": 0, "turn_timer": 5}
        t = client.post("/api/tables", json=body).json()
        actor = client.app.state.manager.tables[t["id"]]
        actor.close_after = 0.5  # (the API's shortest is 10 s)
        with client.websocket_connect(f"/ws/{t['id']}") as ws:
            ws.send_json({"type": "hello", "token": t["token"]})
            recv_state(ws)
            assert actor.empty_since is None  # a person is here: the clock does not run
            time.sleep(0.7)
            assert not actor.closed
        # everybody left: the computers stand in for a while, then the table stops
        assert [x["id"] for x in client.get("/api/tables").json()["tables"]] == [t["id"]]
        _wait(lambda: actor.closed)
        v = actor.version
        time.sleep(0.5)
        assert actor.version == v, "nothing is played at a closed table"
        assert client.get("/api/tables").json()["tables"] == []
        info = client.get(f"/api/tables/{t['id']}").json()
        assert info["status"] == "closed"
        # coming back to a closed table: said plainly, nothing moves
        with client.websocket_connect(f"/ws/{t['id']}") as ws:
            ws.send_json({"type": "hello", "token": t["token"]})
            m = recv_state(ws)
            assert m["table"]["status"] == "closed"
            ws.send_json({"type": "act", "action": "bid 3", "v": m["v"]})
            err = recv_state(ws, lambda x: False)
            assert err["type"] == "error" and err["code"] == "closed" and "everybody left" in err["message"]
        r = client.post(f"/api/tables/{t['id']}/join", json={"name": "Late"})
        assert r.status_code == 409
    with TestClient(create_app(db)) as client:  # a restart: the closed table is not resumed
        assert t["id"] not in client.app.state.manager.tables
        assert client.get("/api/tables").json()["tables"] == []


def test_a_table_with_a_person_connected_never_closes(tmp_path: Path) -> None:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'stay.sqlite'}")) as client:
        t = client.post("/api/tables", json={"seats": PEOPLE, "bot_delay": 0.05, "turn_timer": 5}).json()
        actor = client.app.state.manager.tables[t["id"]]
        actor.close_after = 0.3
        with client.websocket_connect(f"/ws/{t['id']}") as ws:
            ws.send_json({"type": "hello", "token": t["token"]})
            recv_state(ws)
            time.sleep(0.8)
            assert not actor.closed and actor.status == "playing"


def test_the_computer_only_cap_counts_every_running_table_with_no_person_connected(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'cap.sqlite'}", limits=Limits(max_bot_tables=1))
    with TestClient(app) as client:
        t = client.post("/api/tables", json={"seats": PEOPLE, "bot_delay": 0.05}).json()
        manager = client.app.state.manager
        with client.websocket_connect(f"/ws/{t['id']}") as ws:
            ws.send_json({"type": "hello", "token": t["token"]})
            recv_state(ws)
            assert manager.bot_tables() == 0  # a person plays there
        # the person left: computers play on for nobody until the table closes, and that counts
        _wait(lambda: manager.bot_tables() == 1)
        r = client.post("/api/tables", json={"seats": ["bot:random"] * 4, "bot_delay": 0.05})
        assert r.status_code == 429 and "computer-only" in r.json()["error"]
        # a table waiting for its players is not running: it does not count
        w = client.post("/api/tables", json={"seats": ["you", "open", "bot:random", "bot:random"]})
        assert w.status_code == 201 and manager.bot_tables() == 1
