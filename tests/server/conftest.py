"""Fixtures for the server tests: databases (SQLite always, PostgreSQL when reachable), live servers
and a headless chromium."""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from server_helpers import LiveServer

pytest.importorskip("starlette")
pytest.importorskip("sqlalchemy")

PG_ADMIN = os.environ.get("SPADES_TEST_PG", "postgresql://postgres@127.0.0.1:5432/test")


def _pg_admin_conn():  # type: ignore[no-untyped-def]
    psycopg = pytest.importorskip("psycopg")
    last = None
    for url in (PG_ADMIN, PG_ADMIN.replace("postgres@", "root@")):
        try:
            return psycopg.connect(url, autocommit=True, connect_timeout=3), url
        except Exception as exc:
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
        conn.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s", (name,))
        conn.execute(f"DROP DATABASE IF EXISTS {name}")
        conn.close()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'spades.sqlite'}"
    return str(request.getfixturevalue("pg_url"))


def _running(tmp: Path) -> Iterator[LiveServer]:
    """A live server on a SQLite database in ``tmp``, stopped at the end."""
    server = LiveServer(f"sqlite:///{tmp / 'live.sqlite'}", tmp / "server.log")
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def live_server(tmp_path: Path) -> Iterator[LiveServer]:
    """A live server of one test."""
    yield from _running(tmp_path)


@pytest.fixture(scope="module")
def server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A live server shared by the tests of one module."""
    yield from _running(tmp_path_factory.mktemp(request.module.__name__.rsplit(".", 1)[-1]))


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One headless chromium shared by the tests of one module (skips without Playwright)."""
    from browser_helpers import launched_chromium

    with launched_chromium() as b:
        yield b
