"""Fixtures for the server tests: databases (SQLite always, PostgreSQL when reachable) and live servers."""

from __future__ import annotations

import os
import secrets
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("sqlalchemy")

ROOT = Path(__file__).resolve().parents[2]
PG_ADMIN = os.environ.get("SPADES_TEST_PG", "postgresql://postgres@127.0.0.1:5432/test")


def _pg_admin_conn():  # type: ignore[no-untyped-def]
    psycopg = pytest.importorskip("psycopg")
    last = None
    for url in (PG_ADMIN, PG_ADMIN.replace("postgres@", "root@")):
        try:
            return psycopg.connect(url, autocommit=True, connect_timeout=3), url
        except Exception as exc:  # noqa: BLE001
            last = exc
    pytest.skip(f"PostgreSQL is not reachable at {PG_ADMIN} ({last}); PostgreSQL tests skipped")


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A fresh, empty PostgreSQL database for one test (skips when PostgreSQL is not running)."""
    conn, url = _pg_admin_conn()
    name = "spades_test_" + secrets.token_hex(4)
    conn.execute(f"CREATE DATABASE {name}")
    base = url.rsplit("/", 1)[0]
    try:
        yield f"{base}/{name}"
    finally:
        conn.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s", (name,)
        )
        conn.execute(f"DROP DATABASE IF EXISTS {name}")
        conn.close()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'spades.sqlite'}"
    return str(request.getfixturevalue("pg_url"))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class LiveServer:
    """``spades serve`` in a child process, on 127.0.0.1 and a free port."""

    def __init__(self, db: str, log_path: Path) -> None:
        self.db = db
        self.port = free_port()
        self.log_path = log_path
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
        log = open(self.log_path, "ab")  # noqa: SIM115 - handed to the child
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "spades.cli", "serve", "--port", str(self.port), "--db", self.db],
            env=env, stdout=log, stderr=subprocess.STDOUT, cwd=str(ROOT),
        )
        deadline = time.time() + 30
        import httpx

        while time.time() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.log_path.read_text()[-2000:]}")
            try:
                if httpx.get(self.url + "/api/config", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise TimeoutError("server did not start")

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()  # SIGKILL: no clean shutdown at all
            self.proc.wait()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


@pytest.fixture
def live_server(tmp_path: Path) -> Iterator[LiveServer]:
    server = LiveServer(f"sqlite:///{tmp_path / 'live.sqlite'}", tmp_path / "server.log")
    server.start()
    try:
        yield server
    finally:
        server.stop()
