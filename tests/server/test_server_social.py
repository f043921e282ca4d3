"""Friends, presence, invitations, private tables, blocks, reports, the word filter and "keep my
partner" (issue 52), over the JSON API and the websocket: each flow and each refusal."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from server_helpers import FORBIDDEN_KEYS, ROOT, keys_in, recv_state, recv_type, some_action

pytest.importorskip("httpx2")
from starlette.testclient import TestClient

from spades.server import create_app
from spades.server.social import ChatFilter

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

OPEN4 = ["you", "open", "open", "open"]


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'social.sqlite'}"


@pytest.fixture
def client(db: str) -> Any:
    with TestClient(create_app(db)) as c:
        yield c


def _player(client: Any, name: str) -> dict[str, Any]:
    r = client.post("/api/players", json={"name": name})
    assert r.status_code == 201
    p = r.json()
    p["h"] = {"x-player-key": p["key"]}
    return p  # type: ignore[no-any-return]


def _friends(client: Any, a: dict[str, Any], b: dict[str, Any]) -> None:
    assert client.post("/api/friends", json={"player": b["id"]}, headers=a["h"]).json()["state"] == "asked"
    assert client.post(f"/api/friends/{a['id']}/accept", headers=b["h"]).status_code == 200


def _social(client: Any, p: dict[str, Any]) -> dict[str, Any]:
    r = client.get("/api/social", headers=p["h"])
    assert r.status_code == 200
    return r.json()  # type: ignore[no-any-return]


def _no_secrets(value: Any, *secrets: str) -> None:
    text = json.dumps(value)
    for s in secrets:
        assert s not in text
    assert not keys_in(value) & (FORBIDDEN_KEYS | {"key", "key_hash"})


def test_friend_request_by_name_is_accepted_and_both_see_each_other(client: Any) -> None:
    ann, bob = _player(client, "Ann"), _player(client, "Bob")
    r = client.post("/api/friends", json={"name": "bob"}, headers=ann["h"])
    assert r.status_code == 200 and r.json() == {"state": "asked", "player": bob["id"]}
    assert [p["id"] for p in _social(client, ann)["asked"]] == [bob["id"]]
    assert _social(client, bob)["requests"] == [{"id": ann["id"], "name": "Ann"}]
    assert client.post(f"/api/friends/{ann['id']}/accept", headers=bob["h"]).json()["state"] == "friends"
    a, b = _social(client, ann), _social(client, bob)
    assert [f["name"] for f in a["friends"]] == ["Bob"] and [f["name"] for f in b["friends"]] == ["Ann"]
    assert not a["asked"] and not b["requests"]
    _no_secrets([a, b], ann["key"], bob["key"])


def test_crossed_requests_make_friends_and_decline_and_remove_end_them(client: Any) -> None:
    ann, bob, cy = _player(client, "Ann"), _player(client, "Bob"), _player(client, "Cy")
    client.post("/api/friends", json={"player": bob["id"]}, headers=ann["h"])
    # Bob asks Ann back: that accepts her request
    assert (
        client.post("/api/friends", json={"player": ann["id"]}, headers=bob["h"]).json()["state"] == "friends"
    )
    client.post("/api/friends", json={"player": cy["id"]}, headers=ann["h"])
    assert client.post(f"/api/friends/{ann['id']}/decline", headers=cy["h"]).status_code == 200
    assert not _social(client, ann)["asked"] and not _social(client, cy)["requests"]
    assert client.delete(f"/api/friends/{bob['id']}", headers=ann["h"]).status_code == 200
    assert not _social(client, bob)["friends"]


def test_friend_refusals_name_their_field_and_never_fail(client: Any) -> None:
    ann = _player(client, "Ann")
    _player(client, "Twin")
    _player(client, "twin")
    cases = [
        ({"name": "Nobody"}, 404, "name"),
        ({"name": "Twin"}, 409, "name"),
        ({"player": ann["id"]}, 400, "player"),
        ({"player": "../etc"}, 400, "player"),
        ({"player": "zzzzzzzzzzzz"}, 404, "player"),
        ({"player": 5}, 400, "player"),
        ({}, 400, "name"),
    ]
    for body, status, field in cases:
        r = client.post("/api/friends", json=body, headers=ann["h"])
        assert r.status_code == status, (body, r.text)
        assert r.json()["field"] == field and r.json()["error"] and r.json()["localized"]
    assert client.post("/api/friends", content=b"[1", headers=ann["h"]).status_code == 400
    assert client.post("/api/friends", json=[1], headers=ann["h"]).status_code == 400
    no_key = client.get("/api/social")
    assert no_key.status_code == 401 and "player key" in no_key.json()["error"]
    assert client.get("/api/social", headers={"x-player-key": "x" * 30}).status_code == 401
    assert client.post("/api/friends/abcdefgh/accept", headers=ann["h"]).status_code == 404
    assert client.post("/api/friends/abcdefgh/maybe", headers=ann["h"]).status_code == 404
    assert client.delete("/api/friends/abcdefgh", headers=ann["h"]).status_code == 404
    ru = client.post("/api/friends", json={"name": "Nobody"}, headers={**ann["h"], "accept-language": "ru"})
    assert ru.json()["localized"] != ru.json()["error"]


def test_presence_is_offline_online_then_at_a_public_table(client: Any) -> None:
    ann, bob = _player(client, "Ann"), _player(client, "Bob")
    _friends(client, ann, bob)
    assert _social(client, ann)["friends"][0]["presence"] == "offline"  # never seen yet
    _social(client, bob)  # Bob's lobby asks for his friends: he is online
    friends = _social(client, ann)["friends"]
    assert friends[0]["presence"] == "online" and friends[0]["table"] is None
    t = client.post("/api/tables", json={"seats": OPEN4}, headers=bob["h"]).json()
    with client.websocket_connect(f"/ws/{t['id']}") as ws:
        ws.send_json({"type": "hello", "token": t["token"]})
        recv_state(ws)
        client.portal.call(client.app.state.manager.presence_beat)
        f = _social(client, ann)["friends"][0]
        assert f == {"id": bob["id"], "name": "Bob", "presence": "table", "table": t["id"]}


def test_a_friend_who_was_never_seen_is_offline(client: Any, db: str) -> None:
    ann, bob = _player(client, "Ann"), _player(client, "Bob")
    client.post("/api/friends", json={"player": bob["id"]}, headers=ann["h"])
    # Bob accepts without ever looking at the lobby: no presence row yet
    client.post(f"/api/friends/{ann['id']}/accept", headers=bob["h"])
    assert _social(client, ann)["friends"][0]["presence"] == "offline"


def test_private_table_refuses_a_stranger_with_its_code_and_lets_invited_people_in(client: Any) -> None:
    host, friend, stranger = _player(client, "Host"), _player(client, "Fran"), _player(client, "Stan")
    _friends(client, host, friend)
    t = client.post("/api/tables", json={"seats": OPEN4, "private": True}, headers=host["h"]).json()
    assert t["id"] not in [x["id"] for x in client.get("/api/tables").json()["tables"]]
    # the stranger, with the code: refused in words, everywhere
    for who in (stranger["h"], {}):
        r = client.get(f"/api/code/{t['code']}", headers=who)
        assert r.status_code == 403 and "private" in r.json()["error"]
        assert client.post(f"/api/tables/{t['id']}/join", json={}, headers=who).status_code == 403
        assert client.get(f"/api/tables/{t['id']}", headers=who).status_code == 403
    with client.websocket_connect(f"/ws/{t['id']}") as ws:
        ws.send_json({"type": "hello", "player": stranger["key"], "lang": "ru"})
        m = ws.receive_json()
        assert m["type"] == "error" and m["code"] == "private" and m["localized"] != m["message"]
    # not a friend: cannot be invited; a friend can
    assert (
        client.post(
            "/api/invites", json={"table": t["id"], "player": stranger["id"]}, headers=host["h"]
        ).status_code
        == 403
    )
    assert (
        client.post(
            "/api/invites", json={"table": t["id"], "player": friend["id"]}, headers=host["h"]
        ).status_code
        == 200
    )
    inv = _social(client, friend)["invites"]
    assert [(i["table"], i["url"], i["from"]["name"], i["private"]) for i in inv] == [
        (t["id"], f"/t/{t['id']}", "Host", True)
    ]
    assert client.get(f"/api/code/{t['code']}", headers=friend["h"]).json() == {"id": t["id"]}
    with client.websocket_connect(f"/ws/{t['id']}") as ws:
        ws.send_json({"type": "hello", "player": friend["key"]})
        assert recv_state(ws)["you"] is None  # watching
    j = client.post(f"/api/tables/{t['id']}/join", json={"name": "Fran"}, headers=friend["h"])
    assert j.status_code == 200
    # a stranger cannot invite either, and the invitee can hide the invitation
    r = client.post("/api/invites", json={"table": t["id"], "player": friend["id"]}, headers=stranger["h"])
    assert r.status_code == 403 and r.json()["field"] == "table"
    assert client.delete(f"/api/invites/{t['id']}", headers=friend["h"]).status_code == 200
    assert _social(client, friend)["invites"] == []
    assert client.delete(f"/api/invites/{t['id']}", headers=stranger["h"]).status_code == 404


def test_private_table_lets_the_hosts_friends_in_only_when_the_host_says_so(client: Any) -> None:
    host, friend = _player(client, "Host"), _player(client, "Fran")
    _friends(client, host, friend)
    closed = client.post("/api/tables", json={"seats": OPEN4, "private": True}, headers=host["h"]).json()
    open_ = client.post(
        "/api/tables", json={"seats": OPEN4, "private": True, "friends": True}, headers=host["h"]
    ).json()
    assert client.post(f"/api/tables/{closed['id']}/join", json={}, headers=friend["h"]).status_code == 403
    assert client.post(f"/api/tables/{open_['id']}/join", json={}, headers=friend["h"]).status_code == 200
    r = client.post("/api/tables", json={"seats": OPEN4, "private": True})
    assert r.status_code == 400 and r.json()["field"] == "private"
    r = client.post("/api/tables", json={"seats": OPEN4, "private": "yes"}, headers=host["h"])
    assert r.status_code == 400 and r.json()["field"] == "private"


def test_block_keeps_players_apart_in_play_now_and_joining(client: Any) -> None:
    ann, bob = _player(client, "Ann"), _player(client, "Bob")
    _friends(client, ann, bob)
    assert client.post("/api/blocks", json={"player": bob["id"]}, headers=ann["h"]).status_code == 200
    assert not _social(client, ann)["friends"] and not _social(client, bob)["friends"]  # the block ends it
    assert [b["id"] for b in _social(client, ann)["blocked"]] == [bob["id"]]
    assert _social(client, bob)["blocked"] == []  # Bob is not told whom others block
    a = client.post("/api/play-now", json={"preset": "partnership"}, headers=ann["h"]).json()
    b = client.post("/api/play-now", json={"preset": "partnership"}, headers=bob["h"]).json()
    assert a["id"] != b["id"], "Play now seated a blocked pair together"
    t = client.post("/api/tables", json={"seats": OPEN4}, headers=ann["h"]).json()
    r = client.post(f"/api/tables/{t['id']}/join", json={}, headers=bob["h"])
    assert r.status_code == 409 and "block" in r.json()["error"]
    # the other way too: Ann may not sit where Bob sits
    t2 = client.post("/api/tables", json={"seats": OPEN4}, headers=bob["h"]).json()
    assert client.post(f"/api/tables/{t2['id']}/join", json={}, headers=ann["h"]).status_code == 409
    r = client.post("/api/friends", json={"player": ann["id"]}, headers=bob["h"])
    assert r.status_code == 403 and r.json()["field"] == "player"
    assert client.post("/api/blocks", json={"player": ann["id"]}, headers=ann["h"]).status_code == 400
    assert client.delete(f"/api/blocks/{bob['id']}", headers=ann["h"]).status_code == 200
    assert client.delete(f"/api/blocks/{bob['id']}", headers=ann["h"]).status_code == 404
    assert client.post(f"/api/tables/{t['id']}/join", json={}, headers=bob["h"]).status_code == 200


def _seat(client: Any, t: dict[str, Any], p: dict[str, Any]) -> str:
    r = client.post(f"/api/tables/{t['id']}/join", json={"name": p["name"]}, headers=p["h"])
    assert r.status_code == 200, r.text
    return str(r.json()["token"])


def test_blocked_players_chat_is_hidden_live_and_in_the_history(client: Any) -> None:
    ann, bob, cy = _player(client, "Ann"), _player(client, "Bob"), _player(client, "Cy")
    t = client.post("/api/tables", json={"seats": OPEN4, "name": "Ann"}, headers=ann["h"]).json()
    tb, tc = _seat(client, t, bob), _seat(client, t, cy)
    with client.websocket_connect(f"/ws/{t['id']}") as b:
        b.send_json({"type": "hello", "token": tb})
        recv_state(b)
        b.send_json({"type": "chat", "text": "before the block"})
        recv_type(b, "chat")
    client.post("/api/blocks", json={"player": bob["id"]}, headers=ann["h"])
    with (
        client.websocket_connect(f"/ws/{t['id']}") as a,
        client.websocket_connect(f"/ws/{t['id']}") as b,
        client.websocket_connect(f"/ws/{t['id']}") as c,
    ):
        a.send_json({"type": "hello", "token": t["token"]})
        recv_state(a)
        assert recv_type(a, "chat_history")["messages"] == []  # Bob's earlier message hidden
        b.send_json({"type": "hello", "token": tb})
        c.send_json({"type": "hello", "token": tc})
        recv_state(b)
        recv_state(c)
        b.send_json({"type": "chat", "text": "hi from Bob"})
        got = recv_type(c, "chat")
        assert got["text"] == "hi from Bob" and got["player"] == bob["id"]
        c.send_json({"type": "chat", "text": "hi from Cy"})
        # the next chat Ann gets is Cy's: Bob's never came
        assert recv_type(a, "chat")["text"] == "hi from Cy"


def test_report_keeps_the_message_with_its_context_for_the_operator(
    client: Any, db: str, tmp_path: Path
) -> None:
    ann, bob = _player(client, "Ann"), _player(client, "Bob")
    t = client.post("/api/tables", json={"seats": OPEN4}, headers=ann["h"]).json()
    tb = _seat(client, t, bob)
    with client.websocket_connect(f"/ws/{t['id']}") as a, client.websocket_connect(f"/ws/{t['id']}") as b:
        a.send_json({"type": "hello", "token": t["token"]})
        b.send_json({"type": "hello", "token": tb})
        recv_state(a)
        recv_state(b)
        for text in ("one", "two", "three", "four", "five", "six"):  # (four each at most: the rate limit)
            (a if text in ("one", "three", "five") else b).send_json({"type": "chat", "text": text})
            last = recv_type(a, "chat")
        b.send_json({"type": "chat", "text": "you fuuucking idiot"})
        bad = recv_type(a, "chat")
        assert bad["text"] == "you ********* idiot" and bad["player"] == bob["id"]
    assert last["text"] == "six"
    r = client.post(
        "/api/reports", json={"table": t["id"], "message": bad["id"], "reason": "insult"}, headers=ann["h"]
    )
    assert r.status_code == 201, r.text
    # refusals: one's own message, an unknown one, a stranger, bad fields
    own = client.post("/api/reports", json={"table": t["id"], "message": last["id"]}, headers=bob["h"])
    assert own.status_code == 404 and own.json()["field"] == "message"
    cy = _player(client, "Cy")
    assert (
        client.post(
            "/api/reports", json={"table": t["id"], "message": bad["id"]}, headers=cy["h"]
        ).status_code
        == 404
    )
    for body, field in (
        ({"table": t["id"], "message": 999}, "message"),
        ({"table": t["id"], "message": "1"}, "message"),
        ({"table": t["id"], "message": 1, "reason": "x" * 500}, "reason"),
        ({"table": "nope!", "message": 1}, "table"),
    ):
        r = client.post("/api/reports", json=body, headers=ann["h"])
        assert r.status_code in (400, 404) and r.json()["field"] == field, (body, r.text)
    client.__exit__(None, None, None)  # the server stops; the operator reads the database
    out = subprocess.run(
        [sys.executable, "-m", "spades.cli", "serve", "--db", db, "--reports", "--json"],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"},
        cwd=tmp_path,
        timeout=60,
    )
    assert out.returncode == 0, out.stderr
    (report,) = [json.loads(line) for line in out.stdout.splitlines()]
    assert report["table"] == t["id"] and report["reporter"] == {"id": ann["id"], "name": "Ann"}
    assert report["reported"]["id"] == bob["id"] and report["reason"] == "insult"
    assert report["text"] == "you ********* idiot" and report["original"] == "you fuuucking idiot"
    assert [c["text"] for c in report["context"]] == ["two", "three", "four", "five", "six"]
    assert [c["from"] for c in report["context"]] == ["Bob", "Ann", "Bob", "Ann", "Bob"]
    assert report["at"] > 0 and report["channel"] == "players"
    text = subprocess.run(
        [sys.executable, "-m", "spades.cli", "serve", "--db", db, "--reports"],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"},
        cwd=tmp_path,
        timeout=60,
    ).stdout
    assert "reported by Ann" in text and "you fuuucking idiot" in text and "    Ann: five" in text


def test_word_filter_masks_every_language_before_fan_out(db: str) -> None:
    censor = ChatFilter(["дурак*", "Ծաղր", "fífl", "glupav*", "jerk"])
    with TestClient(create_app(db, chat_filter=censor)) as client:
        t = client.post("/api/tables", json={"seats": ["you", "open", "bot:basic", "bot:basic"]}).json()
        with client.websocket_connect(f"/ws/{t['id']}") as a, client.websocket_connect(f"/ws/{t['id']}") as s:
            a.send_json({"type": "hello", "token": t["token"]})
            s.send_json({"type": "hello"})
            recv_state(a)
            recv_state(s)
            a.send_json({"type": "chat", "text": "ДУРАКИ! ԾԱՂՐ, Fífl, glupavo; JERK jerky fuck"})
            assert recv_type(a, "chat")["text"] == "******! ****, ****, *******; **** jerky fuck"
            s.send_json({"type": "chat", "text": "дурак"})
            assert recv_type(s, "chat")["text"] == "*****"
        with client.websocket_connect(f"/ws/{t['id']}") as late:
            late.send_json({"type": "hello", "token": t["token"]})
            recv_state(late)
            assert "ДУРАКИ" not in json.dumps(recv_type(late, "chat_history"), ensure_ascii=False)
    assert ChatFilter.default().mask("what the FUCK") == "what the ****"
    assert ChatFilter().mask("anything goes") == "anything goes"


def test_serve_refuses_an_unreadable_chat_filter(tmp_path: Path) -> None:
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "spades.cli",
            "serve",
            "--db",
            f"sqlite:///{tmp_path}/x.sqlite",
            "--chat-filter",
            str(tmp_path / "missing.txt"),
            "--port",
            "1",
        ],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"},
        timeout=60,
    )
    assert out.returncode == 2 and "chat filter" in out.stderr


def _play_out(client: Any, table_id: str, tokens: list[str]) -> None:
    conns = [client.websocket_connect(f"/ws/{table_id}") for _ in tokens]
    wss = [c.__enter__() for c in conns]
    try:
        for ws, tok in zip(wss, tokens, strict=True):
            ws.send_json({"type": "hello", "token": tok})
        last = [recv_state(ws) for ws in wss]
        for _ in range(3000):
            if all(m["view"]["is_over"] for m in last):
                return
            moved = False
            for i, ws in enumerate(wss):
                m = last[i]
                if m["view"]["legal"] and not m["view"]["is_over"]:
                    moved = True
                    ws.send_json({"type": "act", "action": some_action(m["view"]), "v": m["v"]})
                    last[i] = recv_state(ws, lambda x, v=m["v"]: x["v"] > v)
            if moved:
                continue
            top = max(m["v"] for m in last)
            behind = [i for i, m in enumerate(last) if m["v"] < top]
            for i in behind or range(len(wss)):  # catch up; else a computer's turn: the next state
                if not last[i]["view"]["is_over"]:
                    want = top if behind else top + 1
                    last[i] = recv_state(wss[i], lambda x, v=want: x["v"] >= v or x["view"]["is_over"])
        raise AssertionError("the game did not end")
    finally:
        for c in conns:
            c.__exit__(None, None, None)


def test_keep_my_partner_seats_the_same_partner_at_a_new_table(client: Any) -> None:
    ann, bob, cy = _player(client, "Ann"), _player(client, "Bob"), _player(client, "Cy")
    body = {
        "seats": ["you", "bot:random", "open", "open"],
        "options": {"hands": 1},
        "hand_pause": 0,
        "bot_delay": 0,
    }
    t = client.post("/api/tables", json=body, headers=ann["h"]).json()
    tb = client.post(f"/api/tables/{t['id']}/join", json={"seat": 2}, headers=bob["h"]).json()["token"]
    tc = client.post(f"/api/tables/{t['id']}/join", json={"seat": 3}, headers=cy["h"]).json()["token"]
    early = client.post(f"/api/tables/{t['id']}/partner", json={"token": t["token"]}, headers=ann["h"])
    assert early.status_code == 409 and "ends" in early.json()["error"]
    _play_out(client, t["id"], [t["token"], tb, tc])
    with (
        client.websocket_connect(f"/ws/{t['id']}") as b,
        client.websocket_connect(f"/ws/{t['id']}") as c,
    ):
        b.send_json({"type": "hello", "token": tb})
        c.send_json({"type": "hello", "token": tc})
        recv_state(b)
        recv_state(c)
        r = client.post(f"/api/tables/{t['id']}/partner", json={"token": t["token"]}, headers=ann["h"])
        assert r.status_code == 200, r.text
        new_id = r.json()["id"]
        sent = recv_type(b, "rematch")  # the partner is taken along ...
        assert sent == {"type": "rematch", "id": new_id, "keep": "partner"}
        c.send_json({"type": "ping"})
        assert recv_type(c, "pong")  # ... the opponent is not
    info = client.get(f"/api/tables/{new_id}").json()
    seats = info["seats"]
    assert [s["player"] for s in seats[0::2]] == [ann["id"], bob["id"]]
    assert [s["kind"] for s in seats[1::2]] == ["bot", "bot"]
    with client.websocket_connect(f"/ws/{new_id}") as b:  # Bob's seat link works at the new table
        b.send_json({"type": "hello", "token": tb})
        assert recv_state(b)["you"] == 2
    # asking again goes to the same table; the opponent's side gets its own
    again = client.post(f"/api/tables/{t['id']}/partner", json={"token": tb}, headers=bob["h"]).json()
    assert again["id"] == new_id
    alone = client.post(f"/api/tables/{t['id']}/partner", json={"token": tc}, headers=cy["h"])
    assert alone.status_code == 409 and "computer" in alone.json()["error"]
    # Play now seats a stranger in a computer's seat at the partners' table
    dan = _player(client, "Dan")
    seated = client.post("/api/play-now", json={"preset": "partnership"}, headers=dan["h"]).json()
    assert seated["id"] == new_id and seated["seat"] in (1, 3)
    stranger = client.post(f"/api/tables/{t['id']}/partner", json={"token": "x" * 20}, headers=dan["h"])
    assert stranger.status_code == 409


def test_keep_partner_is_refused_without_partners(client: Any) -> None:
    ann = _player(client, "Ann")
    t = client.post(
        "/api/tables", json={"preset": "three-player", "seats": ["you", "open", "open"]}, headers=ann["h"]
    ).json()
    r = client.post(f"/api/tables/{t['id']}/partner", json={"token": t["token"]}, headers=ann["h"])
    assert r.status_code == 409 and "partners" in r.json()["error"]
    r = client.post(f"/api/tables/{t['id']}/partner", json={"token": 5}, headers=ann["h"])
    assert r.status_code == 400 and r.json()["field"] == "token"
    r = client.post("/api/tables/nosuchtable/partner", json={}, headers=ann["h"])
    assert r.status_code == 404


def test_social_answers_never_show_keys_tokens_or_other_peoples_friends(client: Any) -> None:
    ann, bob, cy = _player(client, "Ann"), _player(client, "Bob"), _player(client, "Cy")
    _friends(client, ann, bob)
    _friends(client, bob, cy)
    client.post("/api/blocks", json={"player": cy["id"]}, headers=bob["h"])
    t = client.post("/api/tables", json={"seats": OPEN4}, headers=bob["h"]).json()
    client.post("/api/invites", json={"table": t["id"], "player": ann["id"]}, headers=bob["h"])
    seen = _social(client, ann)
    _no_secrets(seen, ann["key"], bob["key"], cy["key"], t["token"])
    assert cy["id"] not in json.dumps(seen)  # Bob's other friend and whom he blocked stay his
    assert seen["me"] == {"id": ann["id"], "name": "Ann"}
