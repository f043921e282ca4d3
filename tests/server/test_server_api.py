"""The HTTP and websocket API, driven in-process with Starlette's TestClient."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from server_helpers import cards_in, recv_state, recv_type, some_action

pytest.importorskip("httpx2")
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from spades.server import create_app
from spades.server.protocol import seat_view
from spades.server.storage import SCHEMA_VERSION, Storage

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture
def client(tmp_path: Path) -> Any:
    app = create_app(f"sqlite:///{tmp_path / 'api.sqlite'}")
    with TestClient(app) as c:
        yield c


def create(client: Any, **body: Any) -> dict[str, Any]:
    body.setdefault("bot_delay", 0)
    if body.get("preset", "partnership") == "partnership":
        body.setdefault("seats", ["you", "bot:basic", "bot:basic", "bot:basic"])
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    return r.json()  # type: ignore[no-any-return]


def manager(client: Any) -> Any:
    return client.app.state.manager


def test_bad_create_requests_get_plain_errors(client: Any) -> None:
    cases = [
        ({"preset": "bridge"}, "unknown preset"),
        ({"preset": "partnership", "seats": ["you", "bot"]}, "4 seats"),
        ({"options": {"target_score": -5}}, "target score must be a whole number from 50 to 5000"),
        ({"options": {"colour": 1}}, "unknown rule option"),
        ({"seats": ["you", "you", "bot", "bot"]}, "only one seat"),
        ({"seats": ["you", "bot:genius", "bot", "bot"]}, "computer level"),
        ({"turn_timer": 2}, "at least 5 seconds"),
        ({"name": "bell\x07"}, "may not contain"),
    ]
    for body, words in cases:
        r = client.post("/api/tables", json=body)
        assert r.status_code == 400, body
        assert words in r.json()["error"], (body, r.json())
    r = client.post("/api/tables", content=b"not json", headers={"content-type": "application/json"})
    assert r.status_code == 400 and "JSON" in r.json()["error"]
    assert client.post("/api/tables", content=b"x" * 10000).status_code == 413  # too large: refused unread


def test_pages_config_and_codes(client: Any) -> None:
    assert "New table" in client.get("/").text
    assert "content-security-policy" in client.get("/").headers
    t = create(client, public=True, seats=["you", "open", "bot:basic", "bot:basic"])
    assert client.get("/t/" + t["id"]).status_code == 200
    assert client.get("/static/table.js").status_code == 200
    config = client.get("/api/config").json()
    assert set(config["presets"]) == {"partnership", "two-player", "cutthroat", "three-player"}
    assert set(config["research_presets"]) == {"openspiel"}  # creatable by tools, not offered to people
    # the lobby's option labels come from spades.rules.OPTIONS, one per rule field
    assert {o["name"] for o in config["options"]} == set(config["presets"]["partnership"]) - {"variant"}
    assert client.get(f"/api/code/{t['code'].lower()}").json() == {"id": t["id"]}
    assert client.get("/api/code/ZZZZZZ").status_code == 404
    r = client.get(f"/j/{t['code']}", follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == f"/t/{t['id']}"
    listed = client.get("/api/tables").json()["tables"]
    assert [x["id"] for x in listed] == [t["id"]] and listed[0]["status"] == "waiting"
    private = create(client, public=False)
    assert private["id"] not in [x["id"] for x in client.get("/api/tables").json()["tables"]]
    info = client.get(f"/api/tables/{t['id']}").json()
    assert "seed" not in json.dumps(info) and "token" not in json.dumps(info)
    assert client.get("/api/tables/nosuchtable").status_code == 404


def test_seat_sees_only_its_own_cards_and_spectator_none(client: Any) -> None:
    t = create(client, seats=["you", "bot:basic", "bot:basic", "bot:basic"], options={"blind_nil": False})
    game = manager(client).tables[t["id"]].game
    with client.websocket_connect(f"/ws/{t['id']}") as ws:
        ws.send_json({"type": "hello", "token": t["token"]})
        m = recv_state(ws, lambda m: m["view"]["to_act"] == 0)
        assert m["you"] == 0
        mine = {str(c) for c in game.hand(0)}
        assert set(m["view"]["hand"]) == mine
        others = set().union(*({str(c) for c in game.hand(s)} for s in (1, 2, 3)))
        assert not cards_in(m) & others
    with client.websocket_connect(f"/ws/{t['id']}") as spec:
        spec.send_json({"type": "hello"})
        m = recv_state(spec)
        assert m["you"] is None and m["view"]["hand"] is None and m["view"]["legal"] is None
        assert not cards_in(m)  # nothing played yet: a spectator sees no card at all
        spec.send_json({"type": "act", "action": "bid 3", "v": m["v"]})
        err = recv_type(spec, "error")
        assert err["code"] == "spectator"
    assert len(game.actions) == m["v"]


def test_wrong_token_is_refused_and_missing_token_watches(client: Any) -> None:
    t = create(client)
    with client.websocket_connect(f"/ws/{t['id']}") as ws:
        ws.send_json({"type": "hello", "token": "x" * 32})
        err = ws.receive_json()
        assert err["type"] == "error" and err["code"] == "bad_token"
        with pytest.raises(WebSocketDisconnect):
            ws.receive_json()
    with client.websocket_connect(f"/ws/{t['id']}") as ws:
        ws.send_json({"type": "hello", "token": 5})
        assert ws.receive_json()["code"] == "bad_token"
    with client.websocket_connect("/ws/nosuchtable") as ws:
        assert ws.receive_json()["code"] == "no_table"


def _two_humans(client: Any) -> tuple[dict[str, Any], str]:
    t = create(
        client, seats=["you", "open", "bot:basic", "bot:basic"], options={"blind_nil": False, "hands": 1}
    )
    r = client.post(f"/api/tables/{t['id']}/join", json={"name": "Bea"})
    assert r.status_code == 200 and r.json()["seat"] == 1
    again = client.post(f"/api/tables/{t['id']}/join", json={"seat": 1})
    assert again.status_code == 409 and "taken" in again.json()["error"]
    return t, r.json()["token"]


def test_out_of_turn_duplicate_illegal_and_forged_actions_change_nothing(client: Any) -> None:
    t, token1 = _two_humans(client)
    actor = manager(client).tables[t["id"]]
    with client.websocket_connect(f"/ws/{t['id']}") as a, client.websocket_connect(f"/ws/{t['id']}") as b:
        a.send_json({"type": "hello", "token": t["token"]})
        b.send_json({"type": "hello", "token": token1})
        ma = recv_state(a, lambda m: m["table"]["status"] == "playing" and m["view"]["to_act"] in (0, 1))
        to_act = ma["view"]["to_act"]
        actor_ws, other_ws = (a, b) if to_act == 0 else (b, a)
        mine = ma if actor_ws is a else recv_state(b, lambda m: m["v"] == ma["v"] and m["view"]["legal"])
        v = mine["v"]
        before = [(s, str(x)) for s, x in actor.game.actions]
        # out of turn
        other_ws.send_json({"type": "act", "action": "bid 3", "v": v})
        err = recv_type(other_ws, "error")
        assert err["code"] == "illegal" and "Not your turn" in err["message"]
        # illegal and forged
        for bad in ("bid 99", "play 2X", "pass", "QH QS", "blind nil"):
            actor_ws.send_json({"type": "act", "action": bad, "v": v})
            assert recv_type(actor_ws, "error")["code"] == "illegal", bad
        for forged in (
            {"type": "act", "action": 7, "v": v},
            {"type": "act", "action": "bid 3"},
            {"type": "act", "action": "bid 3", "v": "1"},
            {"type": "nope"},
            [1, 2],
        ):
            actor_ws.send_json(forged)
            assert recv_type(actor_ws, "error")["code"] == "bad_message", forged
        actor_ws.send_text("{not json")
        assert recv_type(actor_ws, "error")["code"] == "bad_message"
        assert [(s, str(x)) for s, x in actor.game.actions] == before
        # the real action, then the same message again: a duplicate
        actor_ws.send_json({"type": "act", "action": "bid 3", "v": v})
        actor_ws.send_json({"type": "act", "action": "bid 3", "v": v})
        got = recv_state(actor_ws, lambda m: m["v"] == v + 1)
        assert got["events"][-1] == {"v": v + 1, "hand": 0, "seat": to_act, "text": "bid 3"}
        err = recv_type(actor_ws, "error")
        assert err["code"] == "stale"
        assert actor.game.actions[v][0] == to_act
    rows = _log(client, t["id"])
    assert [r[0] for r in rows] == list(range(1, len(rows) + 1))
    assert sum(1 for r in rows if r[1] == to_act and r[2] == "bid 3") == 1


def _log(client: Any, table_id: str) -> list[tuple[int, int, str]]:
    return client.portal.call(manager(client).storage.actions, table_id)  # type: ignore[no-any-return]


def test_oversized_message_closes_and_flood_is_rate_limited(client: Any) -> None:
    t = create(client)
    with client.websocket_connect(f"/ws/{t['id']}") as ws:
        ws.send_json({"type": "hello", "token": t["token"]})
        recv_state(ws)
        for _ in range(60):
            ws.send_json({"type": "ping"})
        kinds = []
        for _ in range(200):
            m = ws.receive_json()
            kinds.append(m.get("code") if m["type"] == "error" else m["type"])
            if kinds.count("pong") + kinds.count("rate") == 60:
                break
        assert "rate" in kinds and "pong" in kinds
    with client.websocket_connect(f"/ws/{t['id']}") as ws:
        ws.send_json({"type": "hello", "token": t["token"]})
        recv_state(ws)
        ws.send_text(json.dumps({"type": "act", "action": "x" * 5000, "v": 0}))
        assert recv_type(ws, "error")["code"] == "too_large"
        with pytest.raises(WebSocketDisconnect):
            for _ in range(50):
                ws.receive_json()


def test_reconnect_resyncs_exactly_and_computer_covers_the_gap(client: Any) -> None:
    t = create(
        client,
        seats=["you", "bot:basic", "bot:basic", "bot:basic"],
        grace=1,
        options={"blind_nil": False, "hands": 1},
    )
    actor = manager(client).tables[t["id"]]
    with client.websocket_connect(f"/ws/{t['id']}") as ws:
        ws.send_json({"type": "hello", "token": t["token"]})
        m = recv_state(ws, lambda m: m["view"]["legal"] is not None)
        ws.send_json({"type": "act", "action": some_action(m["view"]), "v": m["v"]})
        m = recv_state(ws, lambda x: x["v"] > m["v"])
        seen = m["v"]
    # gone: after the grace time a computer plays for seat 0, the table goes on
    deadline = time.time() + 20
    while actor.version < seen + 8 and time.time() < deadline:
        time.sleep(0.05)
    assert actor.version >= seen + 8 and actor.auto[0]
    with client.websocket_connect(f"/ws/{t['id']}") as ws:
        ws.send_json({"type": "hello", "token": t["token"], "since": seen})
        m = recv_state(ws)
        assert m["you"] == 0 and m["complete"]
        missed = [e["v"] for e in m["events"]]
        assert missed == list(range(seen + 1, m["v"] + 1))
        rows = _log(client, t["id"])
        for e in m["events"]:
            assert (rows[e["v"] - 1][1], rows[e["v"] - 1][2]) == (e["seat"], e["text"])
        # the person is back: no more computer for seat 0, and the view equals the server's
        assert m["table"]["seats"][0]["auto"] is False
        # the table now waits for seat 0: the client's view must equal the server's exactly
        if not (m["view"]["to_act"] == 0 or m["view"]["is_over"]):
            m = recv_state(ws, lambda x: x["view"]["to_act"] == 0 or x["view"]["is_over"])
        assert m["v"] == actor.version
        assert json.loads(json.dumps(seat_view(actor.game.view(0)))) == m["view"]


def test_hint_fill_and_back(client: Any) -> None:
    t = create(client, seats=["you", "open", "open", "bot:basic"], hints=True, options={"blind_nil": False})
    with client.websocket_connect(f"/ws/{t['id']}") as ws:
        ws.send_json({"type": "hello", "token": t["token"]})
        m = recv_state(ws)
        assert m["table"]["status"] == "waiting"
        ws.send_json({"type": "act", "action": "bid 3", "v": m["v"]})
        assert recv_type(ws, "error")["code"] == "waiting"
        ws.send_json({"type": "fill"})
        m = recv_state(ws, lambda m: m["table"]["status"] == "playing" and m["view"]["legal"] is not None)
        ws.send_json({"type": "hint"})
        hint = recv_type(ws, "hint")
        assert hint["action"].split()[-1] in [str(b) for b in m["view"]["legal"]["bids"]]


def test_tables_and_seats_survive_a_restart(tmp_path: Path, db_url: str) -> None:
    app = create_app(db_url)
    with TestClient(app) as c:
        t = create(c, seats=["you", "bot:basic", "bot:basic", "bot:basic"], options={"blind_nil": False})
        with c.websocket_connect(f"/ws/{t['id']}") as ws:
            ws.send_json({"type": "hello", "token": t["token"]})
            m = recv_state(ws, lambda m: m["view"]["legal"] is not None)
            ws.send_json({"type": "act", "action": some_action(m["view"]), "v": m["v"]})
            m = recv_state(ws, lambda x: x["v"] > m["v"] and x["view"]["legal"] is not None)
            before = m
        assert c.portal.call(manager(c).storage.schema_version) == SCHEMA_VERSION == 2
    app2 = create_app(db_url)
    with TestClient(app2) as c2:
        assert t["id"] in manager(c2).tables  # rebuilt at start-up from its log
        with c2.websocket_connect(f"/ws/{t['id']}") as ws:
            ws.send_json({"type": "hello", "token": t["token"], "since": before["v"]})
            m = recv_state(ws)
            assert m["you"] == 0 and m["v"] == before["v"] and m["events"] == []
            assert m["view"] == before["view"]
        with c2.websocket_connect(f"/ws/{t['id']}") as ws:  # the recent events are rebuilt from the log
            ws.send_json({"type": "hello", "token": t["token"], "since": before["v"] - 2})
            m = recv_state(ws)
            assert m["complete"] and [e["v"] for e in m["events"]] == [before["v"] - 1, before["v"]]
            ws.send_json({"type": "act", "action": some_action(m["view"]), "v": m["v"]})
            assert recv_state(ws, lambda x: x["v"] > m["v"])["v"] > m["v"]


def test_reload_and_a_spectator_arriving_mid_hand_get_the_hands_play_log(client: Any) -> None:
    t = create(client, options={"blind_nil": False, "hands": 1})
    with client.websocket_connect(f"/ws/{t['id']}") as ws:
        ws.send_json({"type": "hello", "token": t["token"]})
        m = recv_state(ws, lambda m: m["view"]["legal"] is not None)
        for _ in range(2):  # two of our own actions (and the computers' in between)
            ws.send_json({"type": "act", "action": some_action(m["view"]), "v": m["v"]})
            m = recv_state(ws, lambda x, v=m["v"]: x["v"] > v and x["view"]["legal"] is not None)
        played = m["v"]
    rows = _log(client, t["id"])
    for hello in ({"type": "hello", "token": t["token"]}, {"type": "hello"}):  # a reload; a spectator
        with client.websocket_connect(f"/ws/{t['id']}") as ws:
            ws.send_json(hello)
            m = recv_state(ws)
            assert m["v"] >= played
            assert [e["v"] for e in m["events"]] == list(range(1, m["v"] + 1)), "the whole hand so far"
            assert [(e["seat"], e["text"]) for e in m["events"]] == [(r[1], r[2]) for r in rows[: m["v"]]]


def test_unknown_table_page_is_a_404_with_a_way_back(client: Any) -> None:
    r = client.get("/t/nosuchtable")
    assert r.status_code == 404
    assert 'href="/"' in r.text and "Back to the lobby" in r.text
    t = create(client)
    assert client.get("/t/" + t["id"]).status_code == 200


def test_the_computer_level_defaults_to_the_strongest_player(client: Any) -> None:
    assert client.get("/api/config").json()["levels"][0] == "expert"
    r = client.post("/api/tables", json={"seats": ["you", "bot", "open", "open"]})
    t = r.json()
    actor = manager(client).tables[t["id"]]
    assert actor.row.seats[1].level == "expert"
    assert actor.row.config["stand_in"] == "expert"


def test_a_version_1_database_is_upgraded_and_keeps_its_tables(tmp_path: Path) -> None:
    import asyncio

    url = f"sqlite:///{tmp_path / 'old.sqlite'}"
    app = create_app(url)
    with TestClient(app) as c:
        t = create(c)

    async def downgrade() -> None:  # what a version-1 server left behind: no player tables
        store = await Storage.open(url)
        async with store.engine.begin() as conn:
            await conn.exec_driver_sql("DROP TABLE spades_players")
            await conn.exec_driver_sql("DROP TABLE spades_ratings")
            await conn.exec_driver_sql("UPDATE spades_meta SET value = '1' WHERE key = 'schema'")
        await store.close()

    asyncio.run(downgrade())
    with TestClient(create_app(url)) as c:
        assert c.portal.call(manager(c).storage.schema_version) == 2
        assert c.get(f"/api/tables/{t['id']}").status_code == 200
        assert c.post("/api/players", json={"name": "New"}).status_code == 201
