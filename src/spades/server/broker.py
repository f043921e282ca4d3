"""Several server processes sharing the tables: leases and fan-out through Redis.

Used with ``spades serve --db postgresql://... --broker redis://HOST:PORT``.
PostgreSQL stays the source of truth (the append-only log); Redis holds only
short-lived facts and carries messages:

* **Leases.** Each table is run by exactly one process: the one holding the key
  ``spades:lease:<table>`` (value: that process's id, expiry :data:`LEASE_MS`).
  The owner renews its leases every second; a process that fails to renew one
  gives the table up at once (its connections are closed with 1012, and the
  pages reconnect by themselves).  Before every log write the table checks that
  its lease was renewed recently (:class:`FencedStorage`): a process that may
  have lost its lease never writes.
* **Orphans.** Every process looks for unfinished tables whose lease is gone (a
  killed owner) every :data:`SWEEP_S` seconds and takes them over: it rebuilds
  each from its log, as on a restart.
* **Fan-out.** A client may connect to any process.  When the table runs
  elsewhere, the process relays: the client's messages go to the owner's
  channel ``spades:p:<owner>``, and the owner sends that connection's messages
  (already built for that recipient: per-seat views stay per seat) to the
  relaying process's channel.  Seat claims and table facts are remote calls
  over the same channels.  When the owner changes, the relaying process joins
  its connections to the new owner with the last version each one saw, so the
  clients never notice beyond a short pause.
  What one publishing round sends to one process goes as ONE Redis message
  (:func:`bundle`): ``b`` then ``<length>:<message>`` for each message, in order.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from ..i18n import N_
from .protocol import ProtocolError, parse_client_message
from .storage import StorageError
from .table import Conn

if TYPE_CHECKING:
    from .manager import TableManager
    from .table import TableActor

__all__ = ["LEASE_MS", "Cluster", "FencedStorage", "RemoteTable", "bundle", "unbundle"]

log = logging.getLogger("spades.server")

LEASE_MS: Final = 5000
RENEW_S: Final = 1.0
SWEEP_S: Final = 2.0
#: a lease not renewed for this long is not trusted for writing (it may have expired elsewhere)
FRESH_S: Final = 3.0
#: a finished table with no connection for this long is let go (lease and memory)
IDLE_S: Final = 120.0

#: leases renewed by one call of the renewal script (it blocks Redis while it runs: kept short)
_RENEW_CHUNK: Final = 500
#: renew every lease in KEYS that this process (ARGV[1]) still holds; one 0/1 per key
_RENEW = """
local out = {}
for i, key in ipairs(KEYS) do
  if redis.call('get', key) == ARGV[1] then
    redis.call('pexpire', key, ARGV[2])
    out[i] = 1
  else
    out[i] = 0
  end
end
return out
"""
_RELEASE = """
if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end
"""


def _lease(table_id: str) -> str:
    return f"spades:lease:{table_id}"


def _channel(pid: str) -> str:
    return f"spades:p:{pid}"


class FencedStorage:
    """The storage of a table run under a lease: log writes only while the lease is fresh."""

    def __init__(self, storage: Any, fresh: Callable[[], bool]) -> None:
        self._storage = storage
        self._fresh = fresh

    def __getattr__(self, name: str) -> Any:
        return getattr(self._storage, name)

    async def append(self, table_id: str, seq: int, seat: int, action: str) -> None:
        if not self._fresh():
            raise StorageError("this process no longer holds the table's lease")
        await self._storage.append(table_id, seq, seat, action)


class RemoteConn(Conn):
    """At the owner: a connection whose websocket lives in another process."""

    def __init__(self, cluster: Cluster, process: str, conn_id: str) -> None:
        super().__init__()
        self.cluster = cluster
        self.process = process
        self.conn_id = conn_id

    def send(self, message: dict[str, Any] | str) -> None:
        if self.dead:
            return
        text = message if isinstance(message, str) else json.dumps(message, separators=(",", ":"))
        # the hot path: "o<conn id>\n<message>", no second JSON encoding of the message
        self.cluster.publish_raw(self.process, "o" + self.conn_id + "\n" + text)

    def close(self, code: int = 1000) -> None:
        if self.close_code is None:
            self.close_code = code
            self.cluster.publish(self.process, {"k": "close", "c": self.conn_id, "code": code})


class _Relayed:
    __slots__ = ("conn", "player", "since", "token")

    def __init__(self, conn: Conn, token: str | None, since: int | None, player: str | None) -> None:
        self.conn = conn
        self.token = token
        self.since = since
        self.player = player


class RemoteTable:
    """At a relaying process: stands for a table another process runs (same ``post``/``call``)."""

    def __init__(self, cluster: Cluster, table_id: str, owner: str, num_seats: int) -> None:
        self.cluster = cluster
        self.id = table_id
        self.owner = owner
        self.num_seats = num_seats
        self.local: TableActor | None = None
        self.conns: dict[str, _Relayed] = {}

    def post(self, *item: Any) -> None:
        if self.local is not None:
            if item[0] == "join":
                self.local.post("join", *item[1:])
            elif item[0] == "msg":
                self.local.post("msg", item[1], item[2])
            else:
                self.local.post(*item)
            return
        kind = item[0]
        if kind == "join":
            conn, token, since, player = item[1], item[2], item[3], item[4] if len(item) > 4 else None
            conn_id = f"{self.cluster.pid}:{secrets.token_hex(6)}"
            conn.remote_id = conn_id
            self.conns[conn_id] = _Relayed(conn, token, since, player)
            self.cluster.routes[conn_id] = self
            self._send_join(conn_id)
        elif kind == "msg":
            msg_conn_id: str | None = getattr(item[1], "remote_id", None)
            if msg_conn_id is not None:
                conn_id = msg_conn_id
                self.cluster.publish(self.owner, {"k": "msg", "t": self.id, "c": conn_id, "raw": item[2].raw})
        elif kind == "leave":
            left: str | None = getattr(item[1], "remote_id", None)
            if left is not None:
                conn_id = left
                self.conns.pop(conn_id, None)
                self.cluster.routes.pop(conn_id, None)
                self.cluster.publish(self.owner, {"k": "leave", "t": self.id, "c": conn_id})
        elif kind == "info":
            fut = item[1]
            task = asyncio.get_running_loop().create_task(self.cluster.call(self.owner, self.id, ["info"]))
            task.add_done_callback(lambda t: _settle(fut, t))

    def _send_join(self, conn_id: str) -> None:
        r = self.conns[conn_id]
        self.cluster.publish(
            self.owner,
            {
                "k": "join",
                "t": self.id,
                "c": conn_id,
                "from": self.cluster.pid,
                "token": r.token,
                "since": r.since,
                "player": r.player,
            },
        )

    async def call(self, *item: Any) -> Any:
        if self.local is not None:
            return await self.local.call(*item)
        return await self.cluster.call(self.owner, self.id, list(item))

    def delivered(self, conn_id: str, text: str) -> None:
        r = self.conns.get(conn_id)
        if r is None:
            return
        if text.startswith('{"type":"state","v":'):
            end = text.find(",", 20)
            with contextlib.suppress(ValueError):
                r.since = int(text[20:end])
        r.conn.send(text)

    def switch(self, owner: str | None, local: TableActor | None) -> None:
        """The table moved (its owner died or gave it up): join every relayed connection there."""
        old = self.owner
        self.local = local
        if owner is not None:
            self.owner = owner
        log.warning(
            "table moved",
            extra={"event": "table_moved", "table": self.id, "from": old, "to": owner or "here"},
        )
        for conn_id, r in list(self.conns.items()):
            if local is not None:
                self.cluster.routes.pop(conn_id, None)
                local.post("join", r.conn, r.token, r.since, r.player)
            else:
                self._send_join(conn_id)
        if local is not None:
            self.conns.clear()


def merge_relayed(batch: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Merge the relayed messages of a batch that carry the same text to the same process into
    one ``o<id>,<id>...\n<text>`` message.  A message joins an earlier one only when its
    connection has nothing between the two: each connection gets its messages in order."""
    out: list[tuple[str, str]] = []
    merged: dict[tuple[str, str], int] = {}
    last: dict[str, int] = {}  # connection id -> position of its latest message in out
    for channel, data in batch:
        if data.startswith("o"):
            cut = data.index("\n")
            conn_id = data[1:cut]
            key = (channel, data[cut + 1 :])
            at = merged.get(key)
            if at is not None and last.get(conn_id, -1) < at:
                prev = out[at][1]
                head = prev.index("\n")
                out[at] = (channel, prev[:head] + "," + conn_id + prev[head:])
                last[conn_id] = at
                continue
            merged[key] = len(out)
            last[conn_id] = len(out)
        out.append((channel, data))
    return out


def bundle(batch: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """One Redis message per channel: the channel's messages of the batch, in their order, as
    ``b<length>:<message><length>:<message>...`` (lengths in characters; a channel with a
    single message gets it as it is).  Each publish and each pub/sub message costs both
    processes far more than its bytes, so a busy owner publishes once per relaying process."""
    by_channel: dict[str, list[str]] = {}
    for channel, text in batch:
        by_channel.setdefault(channel, []).append(text)
    return [
        (channel, texts[0] if len(texts) == 1 else "b" + "".join(f"{len(t)}:{t}" for t in texts))
        for channel, texts in by_channel.items()
    ]


def unbundle(data: str) -> list[str]:
    """The messages of one Redis message (see :func:`bundle`)."""
    if not data.startswith("b"):
        return [data]
    out = []
    i = 1
    while i < len(data):
        colon = data.index(":", i)
        end = colon + 1 + int(data[i:colon])
        out.append(data[colon + 1 : end])
        i = end
    return out


def _settle(fut: asyncio.Future[Any], task: asyncio.Task[Any]) -> None:
    if fut.done():
        return
    if task.exception() is not None:
        fut.set_exception(task.exception())  # type: ignore[arg-type]
    else:
        fut.set_result(task.result())


class Cluster:
    """This process's part in a cluster of servers sharing one database and one Redis."""

    def __init__(self, url: str) -> None:
        import redis.asyncio as aioredis

        self.url = url
        self.redis = aioredis.from_url(url, decode_responses=True)
        self.pid = secrets.token_hex(6)
        self.manager: TableManager | None = None
        self.renewed: dict[str, float] = {}
        self.routes: dict[str, RemoteTable] = {}
        self.remote_tables: dict[str, RemoteTable] = {}
        self.remote_conns: dict[str, tuple[TableActor, RemoteConn]] = {}
        self._out: asyncio.Queue[tuple[str, str]] = asyncio.Queue()
        self._calls: dict[str, asyncio.Future[Any]] = {}
        self._tasks: list[asyncio.Task[None]] = []

    # -- life cycle --------------------------------------------------------------------

    async def start(self, manager: TableManager) -> None:
        self.manager = manager
        await self.redis.ping()
        self._renew_script = self.redis.register_script(_RENEW)
        self._release_script = self.redis.register_script(_RELEASE)
        self._pubsub = self.redis.pubsub()
        await self._pubsub.subscribe(_channel(self.pid))
        loop = asyncio.get_running_loop()
        self._tasks = [
            loop.create_task(self._listen()),
            loop.create_task(self._publisher()),
            loop.create_task(self._renew_loop()),
            loop.create_task(self._sweep_loop()),
            loop.create_task(self._watch_loop()),
        ]
        log.info("cluster process started", extra={"event": "cluster_start", "process": self.pid})

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(BaseException):
                await task
        for table_id in list(self.renewed):
            with contextlib.suppress(Exception):
                await self._release_script(keys=[_lease(table_id)], args=[self.pid])
        with contextlib.suppress(Exception):
            await self._pubsub.aclose()  # type: ignore[no-untyped-call, unused-ignore]  # untyped before redis 8
        with contextlib.suppress(Exception):
            await self.redis.aclose()

    # -- leases ------------------------------------------------------------------------

    async def acquire(self, table_id: str) -> bool:
        ok = await self.redis.set(_lease(table_id), self.pid, nx=True, px=LEASE_MS)
        if ok:
            self.renewed[table_id] = time.monotonic()
        return bool(ok)

    async def owner(self, table_id: str) -> str | None:
        value = await self.redis.get(_lease(table_id))
        return None if value is None else str(value)

    def fresh(self, table_id: str) -> bool:
        at = self.renewed.get(table_id)
        return at is not None and time.monotonic() - at < FRESH_S

    async def release(self, table_id: str) -> None:
        self.renewed.pop(table_id, None)
        with contextlib.suppress(Exception):
            await self._release_script(keys=[_lease(table_id)], args=[self.pid])

    async def _renew_loop(self) -> None:
        while True:
            await asyncio.sleep(RENEW_S)
            await self._let_go_of_idle()
            ids = list(self.renewed)
            if not ids:
                continue
            try:
                # the script renews many leases at once: one call per _RENEW_CHUNK tables
                results: list[Any] = []
                for i in range(0, len(ids), _RENEW_CHUNK):
                    chunk = ids[i : i + _RENEW_CHUNK]
                    results += await self._renew_script(
                        keys=[_lease(t) for t in chunk], args=[self.pid, LEASE_MS]
                    )
            except Exception as exc:
                log.error("lease renewal failed", extra={"event": "lease_error", "error": str(exc)})
                continue
            now = time.monotonic()
            for table_id, ok in zip(ids, results, strict=True):
                if ok:
                    self.renewed[table_id] = now
                else:
                    await self._give_up(table_id)

    async def _let_go_of_idle(self) -> None:
        """Finished tables nobody has watched for a while: release their lease and memory
        (any process loads them again on demand)."""
        assert self.manager is not None
        now = time.time()
        for table_id, actor in list(self.manager.tables.items()):
            if actor.game.is_over and not actor.conns and now - actor.last_activity > IDLE_S:
                self.manager.tables.pop(table_id, None)
                await actor.stop()
                await self.release(table_id)

    async def _give_up(self, table_id: str) -> None:
        """The lease is gone: stop running the table here (never write for it again)."""
        self.renewed.pop(table_id, None)
        assert self.manager is not None
        actor = self.manager.tables.pop(table_id, None)
        log.warning("lease lost", extra={"event": "lease_lost", "table": table_id, "process": self.pid})
        if actor is not None:
            await actor.stop()  # closes its connections with 1012: the pages reconnect elsewhere
        for key, (owner_actor, _conn) in list(self.remote_conns.items()):
            if owner_actor is actor:
                del self.remote_conns[key]

    async def _sweep_loop(self) -> None:
        """Take over unfinished tables whose owner is gone."""
        assert self.manager is not None
        while True:
            await asyncio.sleep(SWEEP_S)
            try:
                ids = await self.manager.storage.table_ids(unfinished_only=True)
                ids = [t for t in ids if t not in self.manager.tables]
                if not ids:
                    continue
                owners = await self.redis.mget([_lease(t) for t in ids])
                for table_id, who in zip(ids, owners, strict=True):
                    if who is None and await self.acquire(table_id):
                        await self.manager.run_here(table_id)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("orphan sweep failed")

    async def _watch_loop(self) -> None:
        """Relayed tables: follow their owner when it changes."""
        assert self.manager is not None
        while True:
            await asyncio.sleep(0.5)
            watched = [(t, r) for t, r in self.remote_tables.items() if r.local is None]
            if not watched:
                continue
            try:
                owners = await self.redis.mget([_lease(t) for t, _ in watched])
            except Exception as exc:
                log.error("watching owners failed", extra={"event": "watch_error", "error": str(exc)})
                continue
            for (table_id, remote), who in zip(watched, owners, strict=True):
                try:
                    if who is None and await self.acquire(table_id):
                        actor = await self.manager.run_here(table_id)
                        if actor is None:
                            await self.release(table_id)
                            continue
                        remote.switch(None, actor)
                        del self.remote_tables[table_id]
                    elif who is not None and who != remote.owner:
                        if who == self.pid:
                            actor = self.manager.tables.get(table_id)
                            if actor is not None:
                                remote.switch(None, actor)
                                del self.remote_tables[table_id]
                        else:
                            remote.switch(str(who), None)
                except asyncio.CancelledError:
                    raise
                except Exception:
                    log.exception("watching table %s failed", table_id)

    # -- messages ----------------------------------------------------------------------

    def publish(self, process: str, envelope: dict[str, Any]) -> None:
        self._out.put_nowait((_channel(process), json.dumps(envelope, separators=(",", ":"))))

    def publish_raw(self, process: str, text: str) -> None:
        self._out.put_nowait((_channel(process), text))

    async def _publisher(self) -> None:
        """Publish queued envelopes, many per round trip (one message sent to many relayed
        connections of one process, such as a table's spectators, is published once)."""
        while True:
            batch = [await self._out.get()]
            while not self._out.empty() and len(batch) < 2000:
                batch.append(self._out.get_nowait())
            batch = bundle(merge_relayed(batch))
            try:
                async with self.redis.pipeline(transaction=False) as pipe:
                    for channel, text in batch:
                        pipe.publish(channel, text)
                    await pipe.execute()
            except Exception as exc:
                log.error("publish failed", extra={"event": "publish_error", "error": str(exc)})

    async def call(self, process: str, table_id: str, args: list[Any], timeout: float = 10) -> Any:
        req = secrets.token_hex(8)
        fut: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._calls[req] = fut
        self.publish(process, {"k": "call", "t": table_id, "id": req, "from": self.pid, "args": args})
        try:
            return await asyncio.wait_for(fut, timeout)
        except TimeoutError:
            raise LookupError(N_("The table's server did not answer; try again")) from None
        finally:
            self._calls.pop(req, None)

    async def _listen(self) -> None:
        async for message in self._pubsub.listen():
            if message.get("type") != "message":
                continue
            try:
                parts = unbundle(message["data"])
            except ValueError:
                log.exception("bad cluster message")
                continue
            for data in parts:
                try:
                    if data.startswith("o"):  # a message for relayed connections: "o<id>,<id>...\n<text>"
                        cut = data.index("\n")
                        text = data[cut + 1 :]
                        for conn_id in data[1:cut].split(","):
                            remote = self.routes.get(conn_id)
                            if remote is not None:
                                remote.delivered(conn_id, text)
                        continue
                    await self._on_envelope(json.loads(data))
                except Exception:
                    log.exception("bad cluster message")

    async def _on_envelope(self, env: dict[str, Any]) -> None:
        kind = env["k"]
        assert self.manager is not None
        if kind == "close":
            remote = self.routes.get(env["c"])
            if remote is not None and env.get("code") != 1012:
                r = remote.conns.get(env["c"])
                if r is not None:
                    r.conn.close(int(env["code"]))
            return
        if kind == "reply":
            fut = self._calls.get(env["id"])
            if fut is not None and not fut.done():
                if env.get("ok"):
                    fut.set_result(env.get("value"))
                else:
                    fut.set_exception(LookupError(env.get("error", "refused")))
            return
        actor = self.manager.tables.get(env["t"])
        if actor is None and env["t"] in self.renewed:
            # ours, still being loaded (a takeover): wait for it rather than drop the message
            actor = await self.manager.run_here(env["t"])
        if kind == "join":
            if actor is None:  # not ours (any more): the relaying process will follow the lease
                return
            conn = RemoteConn(self, env["from"], env["c"])
            self.remote_conns[env["c"]] = (actor, conn)
            actor.post("join", conn, env.get("token"), env.get("since"), env.get("player"))
        elif kind == "msg":
            entry = self.remote_conns.get(env["c"])
            if entry is None:
                return
            try:
                msg = parse_client_message(env["raw"])
            except ProtocolError:
                return
            entry[0].post("msg", entry[1], msg)
        elif kind == "leave":
            entry = self.remote_conns.pop(env["c"], None)
            if entry is not None:
                entry[0].post("leave", entry[1])
        elif kind == "call":
            reply: dict[str, Any] = {"k": "reply", "id": env["id"]}
            try:
                if actor is None:
                    raise LookupError(N_("That table is moving between servers; try again"))
                args = env["args"]
                if args[0] == "info":
                    answer: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
                    actor.post("info", answer)
                    value = await answer
                else:
                    value = await actor.call(*args)
                reply.update(ok=True, value=value)
            except Exception as exc:
                reply.update(ok=False, error=str(exc.args[0] if exc.args else exc))
            self.publish(env["from"], reply)
