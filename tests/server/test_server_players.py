"""Players without passwords, chat, rematch, play now, replays and ratings (issue 18), over the API."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from server_helpers import FORBIDDEN_KEYS, cards_in, keys_in, recv_state, recv_type, some_action

pytest.importorskip("httpx2")
pytest.importorskip("openskill")
from starlette.testclient import TestClient

from spades.server import create_app

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

BASIC = ["you", "bot:basic", "bot:basic", "bot:basic"]


@pytest.fixture
def client(tmp_path: Path) -> Any:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'players.sqlite'}")) as c:
        yield c


def _player(client: Any, name: str) -> dict[str, Any]:
    r = client.post("/api/players", json={"name": name})
    assert r.status_code == 201
    return r.json()  # type: ignore[no-any-return]


def _no_secret(value: Any, *secrets: str) -> None:
    text = json.dumps(value)
    for s in secrets:
        assert s not in text
    assert not keys_in(value) & (FORBIDDEN_KEYS | {"key", "key_hash"})


def test_a_player_key_finds_the_seat_on_another_device_and_is_never_shown(client: Any) -> None:
    ann = _player(client, "Ann")
    bob = _player(client, "Bob")
    assert client.get("/api/me", headers={"x-player-key": ann["key"]}).json()["name"] == "Ann"
    assert client.get("/api/me", headers={"x-player-key": "x" * 30}).status_code == 404
    r = client.post(
        "/api/tables", json={"seats": BASIC, "bot_delay": 5}, headers={"x-player-key": ann["key"]}
    )
    t = r.json()
    # a new device: no seat token, only the player key
    with client.websocket_connect(f"/ws/{t['id']}") as ws:
        ws.send_json({"type": "hello", "player": ann["key"]})
        m = recv_state(ws)
        assert m["you"] == 0 and m["table"]["seats"][0]["name"] == "Ann"
        assert m["table"]["seats"][0]["player"] == ann["id"]
        _no_secret(m, ann["key"], t["token"])
    with client.websocket_connect(f"/ws/{t['id']}") as ws:  # another player's key: a spectator
        ws.send_json({"type": "hello", "player": bob["key"]})
        assert recv_state(ws)["you"] is None
    page = client.get(f"/api/players/{ann['id']}").json()
    assert page["player"]["name"] == "Ann" and page["games"][0]["id"] == t["id"]
    _no_secret(page, ann["key"])
    assert (
        client.post("/api/me", json={"name": "a\x00b"}, headers={"x-player-key": ann["key"]}).status_code
        == 400
    )
    assert (
        client.post("/api/me", json={"name": "Annie"}, headers={"x-player-key": ann["key"]}).json()["name"]
        == "Annie"
    )


def test_chat_keeps_players_and_spectators_apart_and_is_limited(client: Any) -> None:
    t = client.post("/api/tables", json={"seats": ["you", "open", "bot:basic", "bot:basic"]}).json()
    seat1 = client.post(f"/api/tables/{t['id']}/join", json={"name": "Bea"}).json()
    with (
        client.websocket_connect(f"/ws/{t['id']}") as a,
        client.websocket_connect(f"/ws/{t['id']}") as b,
        client.websocket_connect(f"/ws/{t['id']}") as s,
    ):
        a.send_json({"type": "hello", "token": t["token"]})
        b.send_json({"type": "hello", "token": seat1["token"]})
        s.send_json({"type": "hello"})
        for ws in (a, b, s):
            recv_state(ws)
        a.send_json({"type": "chat", "text": "  <img src=x onerror=alert(1)>\u0007 hi  "})
        got = recv_type(b, "chat")
        assert got["text"] == "<img src=x onerror=alert(1)> hi"  # kept as text; the page shows it as text
        assert got["channel"] == "players" and got["seat"] == 0
        s.send_json({"type": "chat", "text": "go spades"})
        sm = recv_type(s, "chat")
        assert sm["channel"] == "spectators" and sm["from"].startswith("Spectator")
        a.send_json({"type": "chat", "text": "x" * 201})
        assert recv_type(a, "error")["code"] == "chat_long"
        # the players never got the spectators' message (the next chat b sees is a's)
        a.send_json({"type": "chat", "text": "second"})
        assert recv_type(b, "chat")["text"] == "second"
        codes = []
        for _ in range(6):
            a.send_json({"type": "chat", "text": "spam"})
        for _ in range(30):
            m = a.receive_json()
            if m["type"] in ("chat", "error"):
                codes.append(m.get("code", "chat"))
            if len(codes) == 7:
                break
        assert "chat_rate" in codes
    with client.websocket_connect(f"/ws/{t['id']}") as late:  # a spectator arriving later: their channel only
        late.send_json({"type": "hello"})
        recv_state(late)
        hist = recv_type(late, "chat_history")
        assert [m["text"] for m in hist["messages"]] == ["go spades"]


def _play_out(client: Any, table_id: str, tokens: list[str]) -> None:
    """Play a whole game with websocket clients for the given seat tokens (first legal action)."""
    conns = [client.websocket_connect(f"/ws/{table_id}") for _ in tokens]
    wss = [c.__enter__() for c in conns]
    try:
        for ws, tok in zip(wss, tokens, strict=True):
            ws.send_json({"type": "hello", "token": tok})
        last: list[dict[str, Any]] = [recv_state(ws) for ws in wss]
        for _ in range(2000):
            if all(m["view"]["is_over"] for m in last):
                return
            for i, ws in enumerate(wss):
                m = last[i]
                if m["view"]["legal"] and not m["view"]["is_over"]:
                    ws.send_json({"type": "act", "action": some_action(m["view"]), "v": m["v"]})
                    last[i] = recv_state(ws, lambda x, v=m["v"]: x["v"] > v)
                    for j, other in enumerate(wss):
                        if j != i:
                            last[j] = recv_state(other, lambda x, v=last[i]["v"]: x["v"] >= v)
        raise AssertionError("the game did not end")
    finally:
        for c in conns:
            c.__exit__(None, None, None)


def test_a_game_between_people_is_rated_replayable_and_offers_a_rematch(client: Any) -> None:
    ann, bob = _player(client, "Ann"), _player(client, "Bob")
    body = {"preset": "two-player", "seats": ["you", "open"], "options": {"hands": 1}, "hand_pause": 0}
    t = client.post("/api/tables", json=body, headers={"x-player-key": ann["key"]}).json()
    assert client.get(f"/api/tables/{t['id']}/replay").status_code == 409  # unfinished: no replay
    j = client.post(f"/api/tables/{t['id']}/join", json={}, headers={"x-player-key": bob["key"]}).json()
    _play_out(client, t["id"], [t["token"], j["token"]])
    # rated: both have a rating and one rating row each
    import time

    deadline = time.time() + 5
    while time.time() < deadline and client.get(f"/api/players/{ann['id']}").json()["player"]["rated"] == 0:
        time.sleep(0.05)
    pa = client.get(f"/api/players/{ann['id']}").json()
    pb = client.get(f"/api/players/{bob['id']}").json()
    assert pa["player"]["rated"] == pb["player"]["rated"] == 1
    assert len(pa["history"]) == 1 and pa["player"]["mu"] != 25.0
    won = pa["history"][0]["won"]
    if won is not None:
        assert (pa["player"]["mu"] > pb["player"]["mu"]) == won
    board = client.get("/api/leaders").json()["players"]
    assert {p["id"] for p in board} == {ann["id"], bob["id"]}
    _no_secret(board, ann["key"], bob["key"])
    # the replay: every hand face up, every trick with its winner
    rp = client.get(f"/api/tables/{t['id']}/replay").json()
    hand = rp["hands"][0]
    assert len(hand["hands"]) == 2 and all(len(h) == 13 for h in hand["hands"])
    assert len(hand["tricks"]) == 13 and all(len(x["cards"]) == 2 for x in hand["tricks"])
    played = [c for x in hand["tricks"] for c in x["cards"]]
    assert sorted(played) == sorted(hand["hands"][0] + hand["hands"][1])
    _no_secret(rp, t["token"], ann["key"])
    # double-dummy values beside each card of the replay (the solver is part of the package)
    dd = client.get(f"/api/tables/{t['id']}/analysis/0").json()
    assert len(dd["tricks"]) == 13 and all(len(x) == 2 for x in dd["tricks"])
    assert [[a["card"] for a in x] for x in dd["tricks"]] == [x["cards"] for x in hand["tricks"]]
    assert all(a["loss"] >= 0 and a["card"] in a["values"] for x in dd["tricks"] for a in x)
    assert [s["seats"] for s in dd["review"]["sides"]] == [[0], [1]]
    assert client.get(f"/api/tables/{t['id']}/analysis/5").status_code == 404
    # rematch: same seats, same seat links
    with client.websocket_connect(f"/ws/{t['id']}") as ws:
        ws.send_json({"type": "hello", "token": t["token"]})
        recv_state(ws)
        ws.send_json({"type": "rematch"})
        new_id = recv_type(ws, "rematch")["id"]
    assert new_id != t["id"]
    with client.websocket_connect(f"/ws/{new_id}") as ws:
        ws.send_json({"type": "hello", "token": j["token"]})  # Bob's old seat link works there
        m = recv_state(ws)
        assert m["you"] == 1 and m["table"]["seats"][1]["player"] == bob["id"]
        assert not m["view"]["is_over"]


def test_play_now_seats_people_at_one_table_taking_computers_seats(client: Any) -> None:
    a = client.post("/api/play-now", json={"preset": "partnership", "name": "Ann"}).json()
    b = client.post("/api/play-now", json={"preset": "partnership", "name": "Bob"}).json()
    assert a["id"] == b["id"] and a["seat"] != b["seat"]
    info = client.get(f"/api/tables/{a['id']}").json()
    kinds = [s["kind"] for s in info["seats"]]
    assert kinds.count("human") == 2 and kinds.count("bot") == 2
    other = client.post("/api/play-now", json={"preset": "cutthroat", "name": "Cy"}).json()
    assert other["id"] != a["id"]  # other rules: another table
    assert client.post("/api/play-now", json={"preset": [1]}).status_code == 400


def test_unfinished_replays_and_unknown_players_are_refused_plainly(client: Any) -> None:
    t = client.post("/api/tables", json={"seats": BASIC}).json()
    r = client.get(f"/api/tables/{t['id']}/replay")
    assert r.status_code == 409 and "not finished" in r.json()["error"]
    assert not cards_in(r.json())
    assert client.get("/api/players/nobody1234").status_code == 404
    assert client.get("/api/tables/zz/replay").status_code == 404
    assert client.get("/p/whatever").status_code == 200  # the page itself says "no such player"
