"""Friends, private tables, blocks and reports with two `spades serve --broker` processes on one
PostgreSQL database and one Redis (issue 52): whichever process a person talks to, the table's
owner and the database agree."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from server_helpers import LiveServer

httpx2 = pytest.importorskip("httpx2")
websockets = pytest.importorskip("websockets")
redis = pytest.importorskip("redis")

REDIS = "redis://127.0.0.1:6379"


@pytest.fixture
def servers(pg_url: str, tmp_path: Path) -> Any:
    try:
        redis.Redis.from_url(REDIS, socket_connect_timeout=2).ping()
    except Exception as exc:
        pytest.skip(f"Redis is not reachable at {REDIS} ({exc})")
    made = [LiveServer(pg_url, tmp_path / f"s{i}.log", ["--broker", REDIS]) for i in range(2)]
    for s in made:
        s.start()
    try:
        yield made
    finally:
        for s in made:
            s.stop()


def _player(url: str, name: str) -> dict[str, Any]:
    p = httpx2.post(url + "/api/players", json={"name": name}).json()
    p["h"] = {"x-player-key": p["key"]}
    return p  # type: ignore[no-any-return]


async def _first(url: str, hello: dict[str, Any], kinds: tuple[str, ...]) -> dict[str, Any]:
    async with websockets.connect(url, open_timeout=5) as ws:
        await ws.send(json.dumps(hello))
        while True:
            m = json.loads(await asyncio.wait_for(ws.recv(), 15))
            if m["type"] in kinds:
                return m  # type: ignore[no-any-return]


async def _chat_and_read(a_url: str, a_hello: dict[str, Any], b_url: str, b_hello: dict[str, Any]) -> Any:
    """b says something (through its process); a, at the other process, reads it."""
    async with websockets.connect(a_url) as a, websockets.connect(b_url) as b:
        await a.send(json.dumps(a_hello))
        await b.send(json.dumps(b_hello))
        for ws in (a, b):
            while json.loads(await asyncio.wait_for(ws.recv(), 15))["type"] != "state":
                pass
        await b.send(json.dumps({"type": "chat", "text": "hello across processes, fuck"}))
        while True:
            m = json.loads(await asyncio.wait_for(a.recv(), 15))
            if m["type"] == "chat":
                return m


def test_private_table_block_and_report_work_across_processes(servers: list[LiveServer]) -> None:
    one, two = (s.url for s in servers)
    host, fran, stan = _player(one, "Host"), _player(two, "Fran"), _player(two, "Stan")
    httpx2.post(two + "/api/friends", json={"player": host["id"]}, headers=fran["h"])
    assert httpx2.post(f"{one}/api/friends/{fran['id']}/accept", headers=host["h"]).status_code == 200
    body = {"seats": ["you", "open", "open", "bot:basic"], "private": True}
    t = httpx2.post(one + "/api/tables", json=body, headers=host["h"]).json()
    ws_two = two.replace("http", "ws") + f"/ws/{t['id']}"
    ws_one = one.replace("http", "ws") + f"/ws/{t['id']}"
    # the stranger at the other process: refused there too
    assert httpx2.post(f"{two}/api/tables/{t['id']}/join", json={}, headers=stan["h"]).status_code == 403
    refused = asyncio.run(_first(ws_two, {"type": "hello", "player": stan["key"]}, ("error", "state")))
    assert refused["type"] == "error" and refused["code"] == "private"
    # invited through process two, Fran joins through it (the claim relayed to the owner)
    r = httpx2.post(two + "/api/invites", json={"table": t["id"], "player": fran["id"]}, headers=host["h"])
    assert r.status_code == 200
    j = httpx2.post(f"{two}/api/tables/{t['id']}/join", json={"seat": 1}, headers=fran["h"])
    assert j.status_code == 200, j.text
    # Stan, invited by his friend Fran but blocked by the host, cannot take the last seat
    httpx2.post(two + "/api/friends", json={"player": stan["id"]}, headers=fran["h"])
    httpx2.post(f"{one}/api/friends/{fran['id']}/accept", headers=stan["h"])
    assert (
        httpx2.post(
            two + "/api/invites", json={"table": t["id"], "player": stan["id"]}, headers=fran["h"]
        ).status_code
        == 200
    )
    httpx2.post(one + "/api/blocks", json={"player": stan["id"]}, headers=host["h"])
    r = httpx2.post(f"{two}/api/tables/{t['id']}/join", json={"seat": 2}, headers=stan["h"])
    assert r.status_code == 409 and "block" in r.json()["error"], r.text
    # chat from Fran (process two) reaches Host (process one) masked; Host reports it through two
    said = asyncio.run(
        _chat_and_read(
            ws_one,
            {"type": "hello", "token": t["token"]},
            ws_two,
            {"type": "hello", "token": j.json()["token"]},
        )
    )
    assert said["text"] == "hello across processes, ****" and said["player"] == fran["id"]
    r = httpx2.post(two + "/api/reports", json={"table": t["id"], "message": said["id"]}, headers=host["h"])
    assert r.status_code == 201, r.text
