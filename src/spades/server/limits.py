"""Hard limits of one server: request bodies, per-client rates, computer-only tables.

* :func:`read_body` streams a request body and stops as soon as it passes the cap,
  so a huge upload never sits in memory (a ``Content-Length`` over the cap is
  refused before a byte is read).
* :func:`parse_json` turns any body into a value or a :class:`BadRequest`: bad
  UTF-8, bad JSON, nesting deep enough to exhaust the parser's stack.
* :class:`ClientLimiter` keeps one token bucket per client address and action
  kind (``code`` lookups, ``create`` of tables, ``join`` of seats); the oldest
  buckets are forgotten when very many addresses are seen.
"""

from __future__ import annotations

import json
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, Final

from starlette.requests import Request

from ..i18n import N_

__all__ = ["BadRequest", "ClientLimiter", "Limits", "client_key", "parse_json", "read_body"]

#: how deeply a request body may nest arrays and objects (the API never needs more than 4)
MAX_DEPTH: Final = 16
_MAX_CLIENTS: Final = 20_000


class BadRequest(ValueError):
    """A request refused before it reached the API; ``status`` is the HTTP status to answer."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status
        #: the message is a ``web`` catalog message (said in the player's language)
        self.template = message


@dataclass
class Limits:
    """Every limit of a server (``0`` turns a rate limit off)."""

    #: largest request body in bytes
    max_body: int = 8192
    #: invite-code lookups per client: a burst, then this many per second
    code_burst: float = 20
    code_rate: float = 1.0
    #: tables created per client: a burst, then this many per second
    create_burst: float = 12
    create_rate: float = 0.2
    #: seat claims per client
    join_burst: float = 20
    join_rate: float = 1.0
    #: player identities made per client
    player_burst: float = 10
    player_rate: float = 0.1
    #: unfinished tables with no person at them, across the whole server
    max_bot_tables: int = 10
    extra: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def off(cls) -> Limits:
        """No rate limits (benchmarks that create hundreds of tables from one client)."""
        return cls(code_rate=0, create_rate=0, join_rate=0, player_rate=0, max_bot_tables=1_000_000)


class _Bucket:
    __slots__ = ("last", "tokens")

    def __init__(self, burst: float) -> None:
        self.tokens = burst
        self.last = time.monotonic()


class ClientLimiter:
    """Token buckets per (client, kind); :meth:`allow` says whether one more request may pass."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self._buckets: OrderedDict[tuple[str, str], _Bucket] = OrderedDict()

    def _params(self, kind: str) -> tuple[float, float]:
        lim = self.limits
        return {
            "code": (lim.code_burst, lim.code_rate),
            "create": (lim.create_burst, lim.create_rate),
            "join": (lim.join_burst, lim.join_rate),
            "player": (lim.player_burst, lim.player_rate),
        }[kind]

    def allow(self, client: str, kind: str) -> float:
        """0 when the request may pass, else the seconds until it would (for ``Retry-After``)."""
        burst, rate = self._params(kind)
        if rate <= 0:
            return 0.0
        key = (client, kind)
        bucket = self._buckets.get(key)
        now = time.monotonic()
        if bucket is None:
            bucket = self._buckets[key] = _Bucket(burst)
            if len(self._buckets) > _MAX_CLIENTS:
                self._buckets.popitem(last=False)
        else:
            self._buckets.move_to_end(key)
            bucket.tokens = min(burst, bucket.tokens + (now - bucket.last) * rate)
        bucket.last = now
        if bucket.tokens >= 1.0:
            bucket.tokens -= 1.0
            return 0.0
        return (1.0 - bucket.tokens) / rate


def client_key(request: Request) -> str:
    """Whom a request comes from: its peer address (uvicorn puts a trusted proxy's client here)."""
    return request.client.host if request.client else "unknown"


async def read_body(request: Request, cap: int) -> bytes:
    """The request body, read piece by piece and refused (413) as soon as it passes ``cap`` bytes."""
    declared = request.headers.get("content-length")
    if declared is not None:
        if not declared.isdigit():
            raise BadRequest(N_("the Content-Length header is not a number"))
        if int(declared) > cap:
            raise BadRequest(N_("that request is too large"), 413)
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > cap:
            raise BadRequest(N_("that request is too large"), 413)
        chunks.append(chunk)
    return b"".join(chunks)


def _depth_ok(value: Any, depth: int = 0) -> bool:
    if depth > MAX_DEPTH:
        return False
    if isinstance(value, dict):
        return all(_depth_ok(v, depth + 1) for v in value.values())
    if isinstance(value, list):
        return all(_depth_ok(v, depth + 1) for v in value)
    return True


def parse_json(body: bytes) -> Any:
    """A JSON value from a body (empty: ``{}``), or :class:`BadRequest` for anything else."""
    if not body:
        return {}
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise BadRequest(N_("send the request body as UTF-8 JSON")) from None
    # count brackets first: a deep nest is refused without asking the parser to recurse
    depth = best = 0
    for ch in text:
        if ch in "[{":
            depth += 1
            if depth > best:
                best = depth
        elif ch in "]}":
            depth -= 1
    if best > MAX_DEPTH * 4:  # brackets inside strings may inflate the count; the real check is below
        raise BadRequest(N_("that JSON is nested too deeply"))
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        raise BadRequest(N_("send the request body as JSON")) from None
    if not _depth_ok(value):
        raise BadRequest(N_("that JSON is nested too deeply"))
    return value
