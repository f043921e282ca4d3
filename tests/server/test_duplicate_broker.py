"""A duplicate event on two server processes sharing PostgreSQL and Redis (``--broker``): made
on one, seats taken and results read on the other, played to its end (issue 51)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from server_helpers import LiveServer

httpx2 = pytest.importorskip("httpx2")
pytest.importorskip("redis")

from test_server_cluster import redis_url  # noqa: E402, F401  (the fixture)


def test_an_event_made_on_one_process_is_joined_and_scored_on_another(
    pg_url: str, redis_url: str, tmp_path: Path  # noqa: F811
) -> None:
    servers = [LiveServer(pg_url, tmp_path / f"s{i}.log", ["--broker", redis_url]) for i in range(2)]
    for s in servers:
        s.start()
    try:
        body = {
            "name": "Two processes", "boards": 2, "bot_delay": 0, "hand_pause": 0, "grace": 1,
            "stand_in": "basic",
            "tables": [["open", "basic", "basic", "basic"], ["basic", "open", "basic", "basic"]],
        }
        r = httpx2.post(servers[0].url + "/api/events", json=body, timeout=30)
        assert r.status_code == 200, r.text
        event = r.json()["id"]
        for table, seat, name in ((1, 0, "Ann"), (2, 1, "Bo")):
            r = httpx2.post(f"{servers[1].url}/api/events/{event}/join",
                            json={"table": table, "seat": seat, "name": name}, timeout=30)
            assert r.status_code == 200, r.text
        deadline = time.time() + 180
        while True:
            payload = httpx2.get(f"{servers[1].url}/api/events/{event}", timeout=60).json()
            if payload["over"]:
                break
            assert time.time() < deadline, payload
            time.sleep(0.5)
        other = httpx2.get(f"{servers[0].url}/api/events/{event}", timeout=60).json()
        assert other["standings"] == payload["standings"] and other["results"] == payload["results"]
        assert [t["seats"][s]["name"] for t, s in zip(payload["tables"], (0, 1))] == ["Ann", "Bo"]
        assert sum(row["mp"] for row in payload["standings"]) == 2 * 2 * 2
    finally:
        for s in servers:
            s.stop()
