"""Operational metrics (Prometheus text format, through ``prometheus-client``) and JSON logs.

One :class:`Metrics` per app, on its own registry (two apps in one process, as in
the tests, never share counters).  ``GET /metrics`` renders it.

* ``spades_tables{status}``: tables in this process's memory, by status (gauge)
* ``spades_connections{role}``: websocket connections, ``player`` or ``spectator`` (gauge)
* ``spades_actions_total``: actions committed (counter; ``rate()`` gives actions per second)
* ``spades_action_broadcast_seconds``: from an action's arrival (or a computer's turn)
  to its state messages being queued for every connection (histogram)
* ``spades_http_refused_total{reason}``: requests refused by a limit (counter)
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from typing import Any

__all__ = ["JsonFormatter", "Metrics", "NullMetrics"]


class NullMetrics:
    """Metrics that record nothing (table actors built outside an app, as in unit tests)."""

    def action(self, seconds: float) -> None:
        return None

    def connection(self, role: str, delta: int) -> None:
        return None

    def refused(self, reason: str) -> None:
        return None


class Metrics(NullMetrics):
    """The metrics of one app."""

    def __init__(self, tables: Callable[[], dict[str, int]]) -> None:
        from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram

        self.registry = CollectorRegistry()
        self._tables = Gauge(
            "spades_tables", "Tables in this process's memory", ["status"], registry=self.registry
        )
        self._count_tables = tables
        self._conns = Gauge(
            "spades_connections", "Open websocket connections", ["role"], registry=self.registry
        )
        self._actions = Counter("spades_actions", "Actions committed", registry=self.registry)
        self._latency = Histogram(
            "spades_action_broadcast_seconds",
            "From an action's arrival to its messages being queued for every connection",
            buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5),
            registry=self.registry,
        )
        self._refused = Counter(
            "spades_http_refused", "Requests refused by a limit", ["reason"], registry=self.registry
        )

    def action(self, seconds: float) -> None:
        self._actions.inc()
        self._latency.observe(seconds)

    def connection(self, role: str, delta: int) -> None:
        self._conns.labels(role).inc(delta)

    def refused(self, reason: str) -> None:
        self._refused.labels(reason).inc()

    def render(self) -> bytes:
        from prometheus_client import generate_latest

        counts = self._count_tables()
        for status in ("waiting", "playing", "over"):
            self._tables.labels(status).set(counts.get(status, 0))
        return bytes(generate_latest(self.registry))


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time, level, logger, message, and any ``extra={...}`` fields."""

    _STANDARD = frozenset(vars(logging.LogRecord("x", 0, "x", 0, "x", None, None))) | {"message", "asctime"}

    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, Any] = {
            "time": round(record.created, 3),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        for key, value in vars(record).items():
            if key not in self._STANDARD and not key.startswith("_"):
                out[key] = value if isinstance(value, (str, int, float, bool, type(None))) else repr(value)
        if record.exc_info:
            out["error"] = self.formatException(record.exc_info)
        return json.dumps(out, separators=(",", ":"))
