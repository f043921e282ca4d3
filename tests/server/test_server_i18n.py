"""The server in the player's language: the catalog endpoints, HTTP error JSON and websocket error
frames with a ``localized`` text next to the English one the API keeps."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("httpx2")
pytest.importorskip("babel")
from starlette.testclient import TestClient

from spades.server import create_app

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture
def client(tmp_path: Path) -> Any:
    app = create_app(f"sqlite:///{tmp_path / 'i18n.sqlite'}")
    with TestClient(app) as c:
        yield c


def test_catalog_endpoint_for_a_language(client: Any) -> None:
    r = client.get("/api/i18n/mk")
    assert r.status_code == 200
    data = r.json()
    assert data["lang"] == "mk" and data["nplurals"] == 2
    assert data["messages"]["Play now"] == "Играј сега"
    assert data["terms"]["spades"] == "пик"


def test_catalog_endpoint_follows_cookie_then_accept_language(client: Any) -> None:
    assert client.get("/api/i18n", headers={"accept-language": "hy-AM, ru;q=0.8"}).json()["lang"] == "hy"
    client.cookies.set("spades_lang", "bg")
    r = client.get("/api/i18n", headers={"accept-language": "hy-AM"})
    assert r.json()["lang"] == "bg"
    assert "cookie" in r.headers["vary"]
    client.cookies.clear()
    assert client.get("/api/i18n").json()["lang"] == "en"


def test_catalog_script_sets_the_page_catalog(client: Any) -> None:
    r = client.get("/api/i18n.js", headers={"accept-language": "is"})
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/javascript")
    assert r.text.startswith("window.SPADES_I18N={") and '"lang":"is"' in r.text


def test_unknown_language_is_a_404_in_the_callers_language(client: Any) -> None:
    r = client.get("/api/i18n/xx", headers={"accept-language": "ru"})
    assert r.status_code == 404
    assert r.json() == {"error": "There is no such language", "localized": "Такого языка нет"}


def test_http_errors_keep_english_and_add_the_localized_text(client: Any) -> None:
    r = client.get("/api/tables/nothere1", headers={"accept-language": "bg"})
    assert r.status_code == 404
    assert r.json()["error"] == "There is no such table"
    assert r.json()["localized"] == "Няма такава маса"
    # a message with fields: the English and the translation both filled
    r = client.post("/api/tables", json={"turn_timer": 2, "bot_delay": 0}, headers={"accept-language": "ru"})
    assert r.json()["error"] == "turn timer must be 0 (off) or at least 5 seconds"
    assert r.json()["localized"] == "время на ход — 0 (выкл.) или не меньше 5 секунд"
    r = client.post("/api/tables", json={"bot_delay": 99}, headers={"cookie": "spades_lang=is"})
    assert r.json()["error"] == "computer delay must be a number from 0 to 5"
    assert r.json()["localized"] == "biðtími tölvunnar verður að vera tala frá 0 til 5"
    assert r.json()["field"] == "bot_delay"
    r = client.post("/api/players", json={"name": "x" * 30}, headers={"accept-language": "hy"})
    assert r.json()["error"] == "a name may have at most 24 characters"
    assert r.json()["localized"] == "անունը կարող է ունենալ առավելագույնը 24 նիշ"


def test_errors_without_a_language_stay_english(client: Any) -> None:
    r = client.get("/api/tables/nothere1")
    assert r.json() == {"error": "There is no such table", "localized": "There is no such table"}


def _table(client: Any) -> dict[str, Any]:
    body = {"bot_delay": 0, "seats": ["you", "open", "bot:basic", "bot:basic"]}
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    return r.json()  # type: ignore[no-any-return]


def _error_frame(ws: Any) -> dict[str, Any]:
    for _ in range(50):
        m = ws.receive_json()
        if m["type"] == "error":
            return m  # type: ignore[no-any-return]
    raise AssertionError("no error frame")


def test_websocket_error_frames_are_in_the_hello_language(client: Any) -> None:
    t = _table(client)
    with client.websocket_connect(f"/ws/{t['id']}") as ws:
        ws.send_json({"type": "hello", "token": t["token"], "lang": "ru"})
        ws.send_json({"type": "chat", "text": "x" * 300})
        m = _error_frame(ws)
        assert m["code"] == "chat_long"
        assert m["message"] == "a chat message may have at most 200 characters"
        assert m["localized"] == "в сообщении чата не больше 200 символов"
        ws.send_json({"type": "fill"})
        ws.send_json({"type": "act", "action": "bid 4", "v": 10**8})
        m = _error_frame(ws)
        assert m["code"] == "stale" and m["localized"].startswith("Игра ушла вперёд")


def test_websocket_language_from_the_handshake_headers(client: Any) -> None:
    t = _table(client)
    with client.websocket_connect(f"/ws/{t['id']}", headers={"accept-language": "mk"}) as ws:
        ws.send_json({"type": "hello"})  # a spectator
        ws.send_json({"type": "act", "action": "bid 4", "v": 0})
        m = _error_frame(ws)
        assert m["code"] == "spectator"
        assert m["message"] == "Spectators cannot play: join an open seat"
        assert m["localized"] == "Гледачите не играат: седнете на слободно место"


def test_websocket_refuses_an_unknown_hello_language(client: Any) -> None:
    t = _table(client)
    with client.websocket_connect(f"/ws/{t['id']}") as ws:
        ws.send_json({"type": "hello", "lang": "xx"})
        m = ws.receive_json()
        assert m["type"] == "error" and m["code"] == "bad_message"
        assert m["message"].startswith("unknown language xx; use one of en, bg")


def test_websocket_missing_table_frame_is_localized(client: Any) -> None:
    with client.websocket_connect("/ws/nothere1", headers={"cookie": "spades_lang=hy"}) as ws:
        m = ws.receive_json()
        assert m["code"] == "no_table" and m["message"] == "There is no such table"
        assert m["localized"] == "Նման սեղան չկա"


def test_illegal_move_frames_carry_the_engine_reason_when_it_has_one(client: Any) -> None:
    t = _table(client)
    with client.websocket_connect(f"/ws/{t['id']}") as ws:
        ws.send_json({"type": "hello", "token": t["token"], "lang": "is"})
        state = ws.receive_json()
        while state["type"] != "state":
            state = ws.receive_json()
        ws.send_json({"type": "fill"})
        v = state["v"]
        for _ in range(100):
            m = ws.receive_json()
            if m["type"] == "state":
                v = m["v"]
                if m["view"].get("to_act") == 0 and m["view"]["phase"] in ("bid", "blind"):
                    break
        ws.send_json({"type": "act", "action": "bid 99", "v": v})
        m = _error_frame(ws)
        assert m["code"] == "illegal" and m["message"]
        assert m["reason"] and m["reason"] != "other" and isinstance(m["params"], dict)
        # worded in Icelandic from the engine's code, the English message kept beside it
        assert m["localized"] and m["localized"] != m["message"]
