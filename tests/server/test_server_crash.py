"""Crash safety: the server is SIGKILLed at random moments during play and restarted.

Every action a client was shown (its acknowledgement) must be in the log after the
restart, in the same place; the log has no gaps; the tables finish; and every log
replays through the engine to a finished game.  Run with SQLite and PostgreSQL.
"""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import pytest
from server_helpers import LiveServer, some_action

httpx2 = pytest.importorskip("httpx2")
websockets = pytest.importorskip("websockets")

from spades.server.storage import Storage  # noqa: E402
from spades.server.table import build_game  # noqa: E402

PRESETS = ["partnership", "two-player", "cutthroat", "three-player", "partnership", "openspiel"]


async def _watch(
    server: LiveServer, table: dict[str, Any], seen: dict[int, tuple[int, str]], until_over: bool
) -> bool:
    """Follow one table until the connection drops (or the game ends); drive its human seat if any."""
    url = f"ws://127.0.0.1:{server.port}/ws/{table['id']}"
    try:
        async with websockets.connect(url) as ws:
            hello: dict[str, Any] = {"type": "hello", "since": max(seen, default=0)}
            if table.get("token"):
                hello["token"] = table["token"]
            await ws.send(json.dumps(hello))
            async for raw in ws:
                m = json.loads(raw)
                if m["type"] != "state":
                    continue
                for e in m["events"]:
                    seen[e["v"]] = (e["seat"], e["text"])
                if m["view"]["is_over"]:
                    return True
                action = some_action(m["view"]) if m["you"] is not None else None
                if action is not None:
                    await ws.send(json.dumps({"type": "act", "action": action, "v": m["v"]}))
    except (OSError, EOFError, websockets.exceptions.WebSocketException):
        pass  # the server was killed under us, or is not up yet
    return False


def _create(server: LiveServer, i: int) -> dict[str, Any]:
    preset = PRESETS[i % len(PRESETS)]
    n = {"two-player": 2, "three-player": 3}.get(preset, 4)
    seats = (["you"] if i % 2 == 0 else ["bot:random"]) + ["bot:random"] * (n - 1)
    body = {
        "preset": preset,
        "seats": seats,
        "bot_delay": 0.03,
        "grace": 600,
        "hand_pause": 0,
        "options": {"hands": 2 if preset == "partnership" else 1},
    }
    r = httpx2.post(server.url + "/api/tables", json=body, timeout=10)
    assert r.status_code == 201, r.text
    return r.json()  # type: ignore[no-any-return]


def test_sigkill_at_random_points_loses_no_acknowledged_action(tmp_path: Path, db_url: str) -> None:
    rng = random.Random(7)
    server = LiveServer(db_url, tmp_path / "crash.log")
    server.start()
    tables = [_create(server, i) for i in range(6)]
    seen: list[dict[int, tuple[int, str]]] = [{} for _ in tables]

    async def round_(kill_after: float | None) -> list[bool]:
        tasks = [asyncio.create_task(_watch(server, t, s, kill_after is None)) for t, s in zip(tables, seen)]
        if kill_after is None:
            done = await asyncio.wait_for(asyncio.gather(*tasks), 90)
            return list(done)
        await asyncio.sleep(kill_after)
        server.kill()
        return list(await asyncio.wait_for(asyncio.gather(*tasks), 30))

    interrupted = 0
    try:
        for _ in range(3):
            finished = asyncio.run(round_(rng.uniform(0.3, 1.2)))
            interrupted += not all(finished)  # the kill hit games in play
            server.start()
        over = asyncio.run(round_(None))
        assert all(over), "every game finishes after the restarts"
    finally:
        server.stop()
    assert interrupted >= 2, "the kills must land while games are being played"

    async def check() -> None:
        store = await Storage.open(db_url)
        try:
            for table, acked in zip(tables, seen):
                rows = await store.actions(table["id"])
                assert [r[0] for r in rows] == list(range(1, len(rows) + 1)), "the log has no gaps"
                assert acked and max(acked) <= len(rows), "every acknowledged action is in the log"
                for v, (seat, text) in acked.items():
                    _, logged_seat, logged = rows[v - 1]
                    assert logged_seat == seat
                    if text.split()[0] in ("pass", "discard"):  # spectators see only the count
                        assert logged.split()[0] == text.split()[0]
                    else:
                        assert logged == text, (v, logged, text)
                row = await store.load(table["id"])
                assert row is not None and row.finished
                game = build_game(row)
                assert game.is_over and len(game.actions) == len(rows)
        finally:
            await store.close()

    asyncio.run(check())
