"""Duplicate events through the JSON API (issue 51): refusals in words, an event played to its
end (people's seats left to the stand-in after the grace time), and the leak check of the
results: no board's cards, results or secret before every table has played it, no table id
before the event is over."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from server_helpers import FORBIDDEN_KEYS, cards_in, keys_in

pytest.importorskip("httpx2")
from starlette.testclient import TestClient

from spades.server import create_app
from spades.server.duplicate import Movement
from spades.server.table import build_game

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture
def client(tmp_path: Path) -> Any:
    app = create_app(f"sqlite:///{tmp_path / 'events.sqlite'}")
    with TestClient(app) as c:
        yield c


def test_bad_event_requests_get_plain_errors(client: Any) -> None:
    four = ["open", "basic", "basic", "basic"]
    cases = [
        ({"tables": [four]}, "from 2 to 8 tables"),
        ({"tables": [four, ["open", "basic"]]}, "four seats"),
        ({"tables": [four, ["open", "genius", "basic", "basic"]]}, "'open' for a person"),
        ({"tables": [["basic"] * 4, ["basic"] * 4]}, "at least one seat open"),
        ({"tables": [four, four], "boards": 14}, "from 1 to 13 boards"),
        ({"tables": [four, four], "boards": "4"}, "from 1 to 13 boards"),
        ({"tables": [four, four], "turn_timer": 2}, "at least 5 seconds"),
        ({"tables": [four, four], "name": "bell\x07"}, "may not contain"),
    ]
    for body, words in cases:
        r = client.post("/api/events", json=body)
        assert r.status_code == 400, body
        assert words in r.json()["error"], (body, r.json())
    assert client.get("/api/events/nothere").status_code == 404
    r = client.post("/api/events", json={"tables": [four, four]})
    event = r.json()["id"]
    assert client.post(f"/api/events/{event}/join", json={"table": 3, "seat": 0}).status_code == 400
    assert client.post(f"/api/events/{event}/join", json={"table": 1, "seat": 1}).status_code == 409


def _secrets(client: Any, event: str) -> tuple[list[str], list[str]]:
    """The event's table ids and its boards' secrets, read from the database."""
    store = client.app.state.manager.storage
    row = client.portal.call(_event_row, client, event)
    secrets = client.portal.call(store.load, row.tables[0]).secrets
    return row.tables, secrets


async def _event_row(client: Any, event: str) -> Any:
    from spades.server.duplicate_store import EventStore

    return await EventStore(client.app.state.manager.storage).load(event)


def check_no_leak(payload: dict[str, Any], table_ids: list[str], secrets: list[str]) -> None:
    """What the results may say now: only boards every table finished, no table id before the end."""
    text = json.dumps(payload)
    done = payload["complete_boards"]
    for k, secret in enumerate(secrets):
        assert secret not in text, f"board {k + 1}'s secret is in the event's results"
    for board in payload["results"]:
        if board["board"] > done:
            assert set(board) == {"board", "dealer", "complete"}, board
    if not payload["over"]:
        for table_id in table_ids:
            assert table_id not in text, "a table's id is in the results before the event is over"
        shown = cards_in({"results": [b for b in payload["results"] if b["complete"]]})
        assert cards_in(payload, skip=("results",)) == set() and (done or not shown)
    assert not keys_in(payload) & FORBIDDEN_KEYS


def test_an_event_of_two_tables_to_its_end_without_a_leak(client: Any) -> None:
    body = {
        "name": "Club night", "host": "Ann", "boards": 2, "bot_delay": 0, "hand_pause": 0,
        "grace": 1, "stand_in": "basic",
        "tables": [["open", "basic", "basic", "basic"], ["basic", "basic", "open", "basic"]],
    }
    r = client.post("/api/events", json=body)
    assert r.status_code == 200, r.text
    event = r.json()["id"]
    table_ids, secrets = _secrets(client, event)
    first = client.get(f"/api/events/{event}").json()
    check_no_leak(first, table_ids, secrets)
    assert [t["open"] for t in first["tables"]] == [1, 1]
    north = {"position": "North", "kind": "bot", "name": None, "level": "basic"}
    assert first["tables"][1]["seats"][0] == north
    for table, seat, name in ((1, 0, "Bea"), (2, 2, "Cy")):
        r = client.post(f"/api/events/{event}/join", json={"table": table, "seat": seat, "name": name})
        assert r.status_code == 200, r.text
        assert r.json()["id"] == table_ids[table - 1] and r.json()["token"]
    deadline = time.time() + 120
    while True:
        payload = client.get(f"/api/events/{event}").json()
        check_no_leak(payload, table_ids, secrets)
        if payload["over"]:
            break
        assert time.time() < deadline, payload
        time.sleep(0.3)
    assert [t["id"] for t in payload["tables"]] == table_ids
    # each table's result on each board is the engine's, turned by the movement
    movement = Movement(2, 2, payload["movement"]["board_dealers"][0])
    storage = client.app.state.manager.storage
    for t, table_id in enumerate(table_ids):
        game = build_game(client.portal.call(storage.load, table_id))
        for k, summary in enumerate(game.history):
            mine = payload["results"][k]["results"][t]
            ns, ew = movement.table_side(t, 0), movement.table_side(t, 1)
            assert mine["points"] == [summary.points[ns], summary.points[ew]]
            assert mine["par"]["ns"] + mine["par"]["ew"] == 13  # the solver's tricks, all 13 shared
    for board in payload["results"]:
        assert sum(board["results"][0]["mp"]) == 2  # the top of two tables, shared
    assert sum(row["mp"] for row in payload["standings"]) == 2 * 2 * 2  # 2 boards, 2 per side
