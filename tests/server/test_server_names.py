"""Names as people write them (issue 46, defect 5): ordinary names with apostrophes, accents and
ampersands are accepted and always shown as text; control characters, invisible characters,
empty and over-long names are refused in plain words; the name typed in the lobby is the name on
the leaderboard and the player's page."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from server_helpers import recv_state

pytest.importorskip("httpx2")
from starlette.testclient import TestClient

from spades.server import create_app
from spades.server.app import STATIC_DIR

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

ORDINARY = ["Seán O'Brien", "D'Angelo", "Tom & Jerry", '<Zoë> "Q"', "Ana-María", "李小龍", "👨‍👩‍👧 team"]


@pytest.fixture
def client(tmp_path: Path) -> Any:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'names.sqlite'}")) as c:
        yield c


def _player(client: Any, name: str) -> dict[str, Any]:
    r = client.post("/api/players", json={"name": name})
    assert r.status_code == 201, r.text
    return r.json()  # type: ignore[no-any-return]


def test_ordinary_names_are_accepted(client: Any) -> None:
    for name in ORDINARY:
        p = _player(client, name)
        assert p["name"] == name
        assert client.get(f"/api/players/{p['id']}").json()["player"]["name"] == name
    body = {"seats": ["you", "open", "bot:random", "bot:random"], "name": "Seán O'Brien", "bot_delay": 0}
    body["table_name"] = "Tom & Jerry's table"
    t = client.post("/api/tables", json=body)
    assert t.status_code == 201, t.text
    t = t.json()
    j = client.post(f"/api/tables/{t['id']}/join", json={"name": "D'Angelo"})
    assert j.status_code == 200, j.text
    info = client.get(f"/api/tables/{t['id']}").json()
    assert [s["name"] for s in info["seats"][:2]] == ["Seán O'Brien", "D'Angelo"]
    assert info["name"] == "Tom & Jerry's table"
    with client.websocket_connect(f"/ws/{t['id']}") as ws:  # the state frames carry the same text
        ws.send_json({"type": "hello", "token": t["token"]})
        m = recv_state(ws)
        assert m["table"]["seats"][1]["name"] == "D'Angelo"
        assert m["table"]["name"] == "Tom & Jerry's table"
    now = client.post("/api/play-now", json={"preset": "cutthroat", "name": "Tom & Jerry"})
    assert now.status_code == 200, now.text


def test_control_invisible_empty_and_overlong_names_are_refused_plainly(client: Any) -> None:
    cases = [
        ("bell\x07", "may not contain control or invisible characters"),
        ("new\u202eline", "may not contain control or invisible characters"),  # a bidirectional override
        ("x" * 25, "at most 24 characters"),
        (["Ann"], "must be text"),
    ]
    for name, words in cases:
        for path, body in (
            ("/api/players", {"name": name}),
            ("/api/tables", {"name": name, "bot_delay": 0}),
            ("/api/play-now", {"name": name}),
        ):
            r = client.post(path, json=body, headers={"accept-language": "ru"})
            assert r.status_code == 400, (path, name, r.text)
            assert words in r.json()["error"], (path, r.json())
            assert r.json()["field"] == "name", (path, r.json())
            assert r.json()["localized"] != r.json()["error"]  # said in the player's language too
    me = _player(client, "Ann")
    r = client.post("/api/me", json={"name": "   "}, headers={"x-player-key": me["key"]})
    assert r.status_code == 400 and "may not be empty" in r.json()["error"]
    r = client.post("/api/me", json={"name": "\u0301"}, headers={"x-player-key": me["key"]})
    assert r.status_code == 400 and "at least one letter" in r.json()["error"]


def test_the_name_typed_in_the_lobby_is_the_name_on_the_leaderboard(client: Any) -> None:
    # the browser made its identity before the person typed a name (or typed another one)
    me = _player(client, "")
    assert me["name"].startswith("Player ")
    key = {"x-player-key": me["key"]}
    r = client.post("/api/tables", json={"name": "Seán O'Brien", "bot_delay": 0}, headers=key)
    assert r.status_code == 201
    assert client.get("/api/me", headers=key).json()["name"] == "Seán O'Brien"
    assert client.get(f"/api/players/{me['id']}").json()["player"]["name"] == "Seán O'Brien"
    t = client.post("/api/tables", json={"seats": ["open", "bot:random", "open", "bot:random"]}).json()
    client.post(f"/api/tables/{t['id']}/join", json={"name": "Seán"}, headers=key)
    assert client.get("/api/me", headers=key).json()["name"] == "Seán"
    client.post("/api/play-now", json={"name": "D'Angelo"}, headers=key)
    assert client.get("/api/me", headers=key).json()["name"] == "D'Angelo"
    # no name typed: the player's own name, unchanged
    client.post(f"/api/tables/{t['id']}/join", json={}, headers=key)
    assert client.get(f"/api/tables/{t['id']}").json()["seats"][0]["name"] == "Seán"
    assert client.get("/api/me", headers=key).json()["name"] == "D'Angelo"


def test_pages_show_names_as_text_never_as_markup() -> None:
    """Every page builds its elements with textContent: no HTML is ever made from data."""
    for path in sorted(STATIC_DIR.glob("*.js")):
        text = path.read_text(encoding="utf-8")
        found = re.findall(r"innerHTML|outerHTML|insertAdjacentHTML|document\.write|\.html\(", text)
        assert not found, f"{path.name} makes markup from text: {found}"


def test_spectators_choose_their_name_in_the_spectators_chat(client: Any) -> None:
    t = client.post("/api/tables", json={"seats": ["you", "open", "bot:random", "bot:random"]}).json()
    with client.websocket_connect(f"/ws/{t['id']}") as ws:
        ws.send_json({"type": "hello", "name": "Tom & Jerry"})
        recv_state(ws)
        ws.send_json({"type": "chat", "text": "hi"})
        for _ in range(20):
            m = ws.receive_json()
            if m["type"] == "chat":
                break
        assert m["from"] == "Tom & Jerry" and m["seat"] is None
    me = _player(client, "Seán O'Brien")
    with client.websocket_connect(f"/ws/{t['id']}") as ws:  # a known player watching: their own name
        ws.send_json({"type": "hello", "player": me["key"]})
        recv_state(ws)
        ws.send_json({"type": "chat", "text": "hello"})
        for _ in range(20):
            m = ws.receive_json()
            if m["type"] == "chat":
                break
        assert m["from"] == "Seán O'Brien"
    with client.websocket_connect(f"/ws/{t['id']}") as ws:
        ws.send_json({"type": "hello", "name": "bell\x07"})
        m = ws.receive_json()
        assert m["type"] == "error" and m["code"] == "bad_name" and "control" in m["message"]
