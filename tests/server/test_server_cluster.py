"""Several `spades serve` processes on one PostgreSQL database and one Redis (issue 19).

Three processes share a table: the owner runs it, the clients are connected to the
other two (their messages relayed through Redis), a spectator to the owner.  Mid-hand
the owner is killed with SIGKILL; another process takes the table over under a new
lease, the clients carry on by themselves, the hand finishes, and every action any
client was shown is in the log at its place.
"""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import pytest
from server_helpers import LiveServer, some_action

httpx2 = pytest.importorskip("httpx2")
websockets = pytest.importorskip("websockets")
redis = pytest.importorskip("redis")

from spades.server.storage import Storage  # noqa: E402
from spades.server.table import build_game  # noqa: E402

REDIS = "redis://127.0.0.1:6379"


@pytest.fixture
def redis_url() -> str:
    try:
        redis.Redis.from_url(REDIS, socket_connect_timeout=2).ping()
    except Exception as exc:
        pytest.skip(f"Redis is not reachable at {REDIS} ({exc})")
    return REDIS


async def _player(
    url: str, hello: dict[str, Any], seen: dict[int, tuple[int, str]], stop: asyncio.Event
) -> None:
    """Play one seat (or watch) until the game is over, reconnecting when the connection drops."""
    since = -1
    while not stop.is_set():
        try:
            async with websockets.connect(url, open_timeout=5) as ws:
                h = dict(hello)
                if since >= 0:
                    h["since"] = since
                await ws.send(json.dumps(h))
                async for raw in ws:
                    m = json.loads(raw)
                    if m["type"] != "state":
                        continue
                    for e in m["events"]:
                        seen[e["v"]] = (e["seat"], e["text"])
                    since = m["v"]
                    if m["view"]["is_over"]:
                        stop.set()
                        return
                    if "token" in hello and m["view"]["legal"]:
                        await ws.send(
                            json.dumps({"type": "act", "action": some_action(m["view"]), "v": m["v"]})
                        )
        except (OSError, EOFError, websockets.exceptions.WebSocketException):
            await asyncio.sleep(0.3)


def test_three_processes_share_a_table_and_survive_the_owner_being_killed(
    tmp_path: Path, pg_url: str, redis_url: str
) -> None:
    servers = [LiveServer(pg_url, tmp_path / f"s{i}.log", ["--broker", redis_url]) for i in range(3)]
    for s in servers:
        s.start()
    try:
        owner, b, c = servers
        body = {
            "seats": ["you", "open", "bot:random", "bot:random"],
            "bot_delay": 0.05,
            "hand_pause": 0,
            "grace": 600,
            "options": {"hands": 1, "blind_nil": False},
        }
        t = httpx2.post(owner.url + "/api/tables", json=body, timeout=10).json()
        # the seat is claimed through another process (a remote call to the owner)
        j = httpx2.post(f"{b.url}/api/tables/{t['id']}/join", json={"name": "Bea"}, timeout=10)
        assert j.status_code == 200, j.text
        info = httpx2.get(f"{c.url}/api/tables/{t['id']}", timeout=10).json()
        assert info["seats"][1]["name"] == "Bea"
        seen: list[dict[int, tuple[int, str]]] = [{}, {}, {}]

        async def main() -> None:
            stop = asyncio.Event()
            tasks = [
                asyncio.create_task(
                    _player(
                        f"ws://127.0.0.1:{b.port}/ws/{t['id']}",
                        {"type": "hello", "token": t["token"]},
                        seen[0],
                        stop,
                    )
                ),
                asyncio.create_task(
                    _player(
                        f"ws://127.0.0.1:{c.port}/ws/{t['id']}",
                        {"type": "hello", "token": j.json()["token"]},
                        seen[1],
                        stop,
                    )
                ),
                asyncio.create_task(
                    _player(f"ws://127.0.0.1:{owner.port}/ws/{t['id']}", {"type": "hello"}, seen[2], stop)
                ),
            ]
            deadline = time.time() + 60
            while len(seen[0]) < 20 and time.time() < deadline:
                await asyncio.sleep(0.05)
            assert len(seen[0]) >= 20, "play goes on with the clients on other processes"
            owner.kill()  # SIGKILL mid-hand
            killed_at = max(seen[0])
            await asyncio.wait_for(asyncio.gather(*tasks[:2]), 150)
            for task in tasks[2:]:
                task.cancel()
            assert max(seen[0]) > killed_at + 10

        asyncio.run(main())

        async def check() -> None:
            store = await Storage.open(pg_url)
            try:
                rows = await store.actions(t["id"])
                row = await store.load(t["id"])
            finally:
                await store.close()
            assert [r[0] for r in rows] == list(range(1, len(rows) + 1)), "the log has no gaps"
            for s in seen[:2]:
                for v, (seat, text) in s.items():
                    assert (rows[v - 1][1], rows[v - 1][2]) == (seat, text), (
                        "every acknowledged action is kept"
                    )
            assert row is not None and build_game(row).is_over

        asyncio.run(check())
        # an unknown table is a 404 everywhere, and nobody takes a lease on it
        assert httpx2.get(b.url + "/api/tables/nosuchtable1", timeout=5).status_code == 404
        assert redis.Redis.from_url(redis_url).get("spades:lease:nosuchtable1") is None
        health = httpx2.get(b.url + "/healthz", timeout=5).json()
        assert health["ok"] and health["db"] == "postgresql"
    finally:
        for s in servers:
            s.stop()


def test_one_message_to_many_relayed_connections_is_published_once() -> None:
    from spades.server.broker import merge_relayed

    batch = [
        ("p:a", 'oa:1\n{"x":1}'),
        ("p:a", '{"k":"join"}'),
        ("p:a", 'oa:2\n{"x":1}'),
        ("p:b", 'ob:1\n{"x":1}'),
        ("p:a", 'oa:3\n{"x":2}'),
        ("p:a", 'oa:4\n{"x":1}'),
    ]
    assert merge_relayed(batch) == [
        ("p:a", 'oa:1,a:2,a:4\n{"x":1}'),
        ("p:a", '{"k":"join"}'),
        ("p:b", 'ob:1\n{"x":1}'),
        ("p:a", 'oa:3\n{"x":2}'),
    ]


def test_merging_never_reorders_one_connections_messages() -> None:
    from spades.server.broker import merge_relayed

    batch = [("p:a", "oa:2\nT2"), ("p:a", "oa:1\nT1"), ("p:a", "oa:1\nT2")]
    assert merge_relayed(batch) == batch  # a:1 must get T1 before T2


def test_a_publishing_round_sends_one_message_per_process_in_order() -> None:
    from spades.server.broker import bundle, unbundle

    batch = [
        ("p:a", 'oa:1\n{"x":"12:3","y":"é"}'),
        ("p:b", '{"k":"join","t":"T"}'),
        ("p:a", '{"k":"leave","c":"a:9"}'),
        ("p:a", "oa:1,a:2\n{}"),
        ("p:c", "oc:1\nalone"),
    ]
    out = bundle(batch)
    assert [channel for channel, _ in out] == ["p:a", "p:b", "p:c"]
    assert out[1] == ("p:b", '{"k":"join","t":"T"}')  # a single message goes as it is
    assert out[2] == ("p:c", "oc:1\nalone")
    assert out[0][1].startswith("b")
    for channel, data in out:
        assert unbundle(data) == [text for c, text in batch if c == channel]


def test_a_finished_quiet_table_gives_its_lease_back(redis_url: str) -> None:
    from types import SimpleNamespace

    from spades.server.broker import _RELEASE, IDLE_S, Cluster

    async def main() -> None:
        cluster = Cluster(redis_url)
        cluster._release_script = cluster.redis.register_script(_RELEASE)
        stopped: list[str] = []

        async def stop() -> None:
            stopped.append("x")

        def actor(over: bool, idle: float) -> Any:
            return SimpleNamespace(
                game=SimpleNamespace(is_over=over), conns=set(), last_activity=time.time() - idle, stop=stop
            )

        ids = ["quiet-" + cluster.pid, "busy-" + cluster.pid]
        cluster.manager = SimpleNamespace(  # type: ignore[assignment]
            tables={ids[0]: actor(True, IDLE_S + 5), ids[1]: actor(False, IDLE_S + 5)}
        )
        for t in ids:
            assert await cluster.acquire(t)
        await cluster._let_go_of_idle()
        assert list(cluster.manager.tables) == [ids[1]] and stopped == ["x"]
        assert await cluster.owner(ids[0]) is None and await cluster.owner(ids[1]) == cluster.pid
        await cluster.release(ids[1])
        await cluster.redis.aclose()

    asyncio.run(main())
