"""Load benchmark of `spades serve`: many busy tables, simulated websocket clients on loopback.

Starts the server as a child process (127.0.0.1, a free port, SQLite in a temporary
folder, or --db URL), creates TABLES tables (one simulated person at seat 0, computer
players in the other seats, computer delay --bot-delay), connects the person's client
and one spectator per table, and lets them play for --seconds.  Every state message
carries the server time at which its action was taken (``acted``); the latency of
an action is the time until the LAST of that table's clients has received it.

Prints actions per second and the 50/95/99th percentile latencies, first for a
small reference run (5 tables) and then for the full run, with their ratio.
Everything stops by itself: the clients after --seconds, the server right after.

    PYTHONPATH=src python bench/server.py --tables 200 --seconds 20

Several processes (issue 19): ``--processes N --pg postgresql://postgres@127.0.0.1/postgres
--broker redis://127.0.0.1:6379`` runs, in the same run, one process with --tables tables
and N processes with --multi-tables tables (each run on a fresh PostgreSQL database).
Table i is created on process i mod N (which then owns it); its player connects there
and its spectator to the next process, so that every table also fans out through Redis.

    PYTHONPATH=src python bench/server.py --processes 2 --tables 100 --multi-tables 150 \
        --pg postgresql://postgres@127.0.0.1:5432/postgres --broker redis://127.0.0.1:6379
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Coroutine
from pathlib import Path
from typing import Any, cast

import httpx2
from websockets.client import ClientProtocol
from websockets.frames import Frame, Opcode
from websockets.http11 import Response
from websockets.protocol import State
from websockets.uri import parse_uri

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def choose(view: dict[str, Any]) -> str | None:
    legal = view["legal"]
    if not legal:
        return None
    kind = legal["kind"]
    if kind == "play":
        return str(legal["cards"][-1])
    if kind == "bid":
        return "bid " + [b for b in legal["bids"] if b != "nil"][min(2, len(legal["bids"]) - 2)]
    if kind == "exchange":
        return "pass " + " ".join(view["hand"][: legal["count"]])
    return {"blind": "look", "draw": "keep", "redraw": "discard"}[kind]


class Stats:
    def __init__(self) -> None:
        self.seen: dict[tuple[str, int], list[float]] = {}  # (table, v) -> [acted, latest receipt, count]
        self.clients: dict[str, int] = {}
        self.errors = 0

    def record(self, table: str, v: int, acted: float, now: float) -> None:
        key = (table, v)
        entry = self.seen.get(key)
        if entry is None:
            self.seen[key] = [acted, now, 1]
        else:
            entry[1] = max(entry[1], now)
            entry[2] += 1

    def latencies(self) -> list[float]:
        return [e[1] - e[0] for (t, _), e in self.seen.items() if e[2] >= self.clients.get(t, 1)]


_STATE = b'{"type":"state","v":'
_ERROR = b'{"type":"error"'
_ACTED = b',"acted":'
_WARM_S = 2.0  # latencies and CPU are measured from this many seconds after the clients start
_CHECK_EVERY = 97  # every so many frames a client also decodes the whole JSON and checks its reading


class _Client(asyncio.Protocol):
    """One simulated browser: websockets' sans-I/O client protocol on an asyncio transport.

    The library does the handshake and the framing (masking in its C speedups); this class
    only moves bytes.  It takes the receipt time in ``data_received`` (as soon as the event
    loop has read the bytes) and finds ``v`` and ``acted`` in a state frame without decoding
    the whole JSON; the player's client decodes a frame only when its ``legal`` is not null
    (its turn).  Every ``_CHECK_EVERY``-th frame is decoded in full as a check of that
    reading.
    """

    def __init__(self, port: int, table: str, token: str | None, stats: Stats, stop: float) -> None:
        self.port, self.table, self.token, self.stats, self.stop = port, table, token, stats, stop
        self.ws = ClientProtocol(parse_uri(f"ws://127.0.0.1:{port}/ws/{table}"), max_size=None)
        self.upgraded = False
        self.transport: asyncio.Transport | None = None
        self.acted_at = -1
        self.frames = 0
        self.partial: list[bytes] = []
        self.done: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)  # (uvloop's transports do not subclass it)
        self.ws.send_request(self.ws.connect())
        self._flush()

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.done.done():
            self.done.set_result(None)

    def _flush(self) -> None:
        assert self.transport is not None
        for chunk in self.ws.data_to_send():
            if chunk:
                self.transport.write(chunk)
            elif not self.transport.is_closing():
                self.transport.close()  # the library's end of stream after a close

    def send_json(self, obj: dict[str, Any]) -> None:
        self.ws.send_text(json.dumps(obj).encode())
        self._flush()

    def close(self) -> None:
        if self.ws.state is State.OPEN:
            self.ws.send_close(1000)
            self._flush()

    def data_received(self, data: bytes) -> None:
        try:
            self._received(data)
        except Exception as exc:  # (the event loop would only log it): the run fails
            if not self.done.done():
                self.done.set_exception(exc)
            if self.transport is not None:
                self.transport.close()

    def _received(self, data: bytes) -> None:
        now = time.time()
        ws = self.ws
        ws.receive_data(data)
        for event in ws.events_received():
            if isinstance(event, Response):
                if event.status_code != 101 or ws.handshake_exc is not None:
                    raise RuntimeError(f"websocket upgrade refused: {event.status_code}")
                hello: dict[str, Any] = {"type": "hello"}
                if self.token:
                    hello["token"] = self.token
                self.ws.send_text(json.dumps(hello).encode())
            elif isinstance(event, Frame) and event.opcode in (Opcode.TEXT, Opcode.CONT):
                # a fragmented message (the server sends none) is kept until its last frame
                self.partial.append(bytes(event.data))
                if event.fin:
                    message = b"".join(self.partial)
                    self.partial = []
                    if now < self.stop:
                        self.on_message(message, now)
        self._flush()

    def on_message(self, m: bytes, now: float) -> None:
        self.frames += 1
        if not m.startswith(_STATE):
            if m.startswith(_ERROR):
                self.stats.errors += 1
            return
        i = len(_STATE)
        v = int(m[i : m.index(b",", i)])
        j = m.rfind(_ACTED) + len(_ACTED)
        k = j
        while m[k] not in b",}":
            k += 1
        acted = None if m[j:k] == b"null" else float(m[j:k])
        turn = self.token is not None and b'"legal":{' in m
        if self.frames % _CHECK_EVERY == 1:
            full = json.loads(m)
            if (full["v"], full.get("acted")) != (v, acted) or (
                self.token is not None and bool(full["view"]["legal"]) != turn
            ):
                raise RuntimeError(f"frame read wrong: {m[:200]!r}")
        if acted is not None:
            self.stats.record(self.table, v, acted, now)
        if turn and v != self.acted_at:
            action = choose(json.loads(m)["view"])
            if action is not None:
                self.acted_at = v  # once per version: presence updates repeat the state
                self.send_json({"type": "act", "action": action, "v": v})


async def client(port: int, table: dict[str, Any], token: str | None, stats: Stats, stop: float) -> None:
    loop = asyncio.get_running_loop()
    transport, proto = await loop.create_connection(
        lambda: _Client(port, table["id"], token, stats, stop), "127.0.0.1", port
    )
    try:
        await asyncio.wait_for(asyncio.shield(proto.done), max(0.05, stop - time.time()))
    except TimeoutError:
        pass
    finally:
        if not transport.is_closing():
            proto.close()
        transport.close()


async def run(
    ports: list[int],
    tables: int,
    seconds: float,
    bot_delay: float,
    level: str,
    spread: bool = True,
    pids: list[int] | None = None,
) -> dict[str, float]:
    """Create the tables, then play for ``seconds``; the CPU of the servers (``pids``), of
    these clients and of PostgreSQL and Redis is measured over the playing time only."""
    stats = Stats()
    created = []
    n = len(ports)
    async with httpx2.AsyncClient(timeout=30) as http:
        for i in range(tables):
            r = await http.post(
                f"http://127.0.0.1:{ports[i % n]}/api/tables",
                json={
                    "seats": ["you", f"bot:{level}", f"bot:{level}", f"bot:{level}"],
                    "bot_delay": bot_delay,
                    "public": False,
                    "grace": 600,
                    "hand_pause": 0,
                },
            )
            r.raise_for_status()
            created.append(r.json())
    for t in created:
        stats.clients[t["id"]] = 2
    pids = pids or []
    start = time.time()
    stop = start + seconds
    warm_at = start + min(_WARM_S, seconds / 4)
    # CPU is read from warm_at on: the connections are made, the tables play (steady state)
    cpu0: dict[str, float] = {}

    def snapshot() -> dict[str, float]:
        return {"server": sum(_cpu(p) for p in pids), "client": _cpu(os.getpid()), **_service_cpu()}

    asyncio.get_running_loop().call_at(
        asyncio.get_running_loop().time() + (warm_at - start), lambda: cpu0.update(snapshot())
    )
    tasks = []
    for i, t in enumerate(created):
        tasks.append(asyncio.create_task(client(ports[i % n], t, t["token"], stats, stop)))
        tasks.append(asyncio.create_task(client(ports[(i + int(spread)) % n], t, None, stats, stop)))
    for outcome in await asyncio.gather(*tasks, return_exceptions=True):
        if isinstance(outcome, RuntimeError):  # a frame misread by the light client: the run is void
            raise outcome
    end = time.time()
    elapsed = end - start
    cpu1 = snapshot()
    cpu = {k: (cpu1[k] - cpu0[k]) / (end - warm_at) for k in cpu1}
    warm_actions = sum(1 for e in stats.seen.values() if e[0] > warm_at)
    warm = [lat for (tid, v), e in stats.seen.items() if e[0] > warm_at for lat in [e[1] - e[0]] if e[2] >= 2]
    lat = sorted(warm or stats.latencies())
    q = statistics.quantiles(lat, n=100) if len(lat) > 2 else [float("nan")] * 99
    return {
        "tables": tables,
        "actions": len(stats.seen),
        "actions_per_s": len(stats.seen) / elapsed,
        "p50_ms": q[49] * 1000,
        "p95_ms": q[94] * 1000,
        "p99_ms": q[98] * 1000,
        "errors": stats.errors,
        # CPU in cores and actions per second over the same (warm) window
        "warm_actions_per_s": warm_actions / (end - warm_at),
        **{k + "_cpu": v for k, v in cpu.items()},
    }


def _event_loop_run(coro: Coroutine[Any, Any, dict[str, float]]) -> dict[str, float]:
    """Run the clients on uvloop when it is installed (the server's event loop too), else asyncio's."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(coro)
    return uvloop.run(coro)


def fresh_pg(admin: str) -> str:
    """A new, empty PostgreSQL database (named spades_bench_...) next to the admin URL's."""
    import secrets

    import psycopg

    name = "spades_bench_" + secrets.token_hex(4)
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    return admin.rsplit("/", 1)[0] + "/" + name


def drop_pg(admin: str, url: str) -> None:
    """Drop a database made by :func:`fresh_pg` (the bench leaves none behind)."""
    import psycopg

    name = url.rsplit("/", 1)[1]
    if not name.startswith("spades_bench_"):
        return
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name}")


def _cpu(pid: int) -> float:
    """CPU seconds used so far by a process (Linux /proc; 0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


def _service_cpu() -> dict[str, float]:
    """CPU seconds used so far by the machine's PostgreSQL and Redis processes (Linux /proc)."""
    out = {"postgres": 0.0, "redis": 0.0}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            comm = (entry / "comm").read_text().strip()
        except OSError:
            continue
        kind = "postgres" if comm.startswith("postgres") else "redis" if comm.startswith("redis") else None
        if kind is not None:
            out[kind] += _cpu(int(entry.name))
    return out


def start_server(
    port: int, db: str | None, folder: str, broker: str | None = None, src: Path = ROOT / "src"
) -> subprocess.Popen[bytes]:
    args = [
        sys.executable,
        "-m",
        "spades.cli",
        "serve",
        "--port",
        str(port),
        "--data",
        folder,
        "--no-rate-limits",
    ]
    if db:
        args += ["--db", db]
    if broker:
        args += ["--broker", broker]
    env = dict(os.environ, PYTHONPATH=str(src))
    proc = subprocess.Popen(args, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(300):
        try:
            if httpx2.get(f"http://127.0.0.1:{port}/api/config", timeout=1).status_code == 200:
                return proc
        except httpx2.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tables", type=int, default=200)
    ap.add_argument("--seconds", type=float, default=20.0)
    ap.add_argument(
        "--bot-delay", type=float, default=0.5, help="seconds a computer player waits before acting"
    )
    ap.add_argument("--level", default="basic", help="computer level of the computer seats")
    ap.add_argument("--db", default=None, help="database URL (default: SQLite in a temporary folder)")
    ap.add_argument(
        "--processes", type=int, default=1, help="also run this many processes (needs --pg, --broker)"
    )
    ap.add_argument("--multi-tables", type=int, default=0, help="tables for the several-process run")
    ap.add_argument("--pg", default=None, help="PostgreSQL admin URL: a fresh database is made for each run")
    ap.add_argument("--broker", default=None, help="Redis URL for the several-process run")
    ap.add_argument(
        "--no-spread", action="store_true", help="spectators connect to the owner too (no relayed clients)"
    )
    ap.add_argument(
        "--src",
        type=Path,
        default=ROOT / "src",
        help="the server's sources (default: this checkout's; another one compares two versions)",
    )
    args = ap.parse_args()
    runs: list[tuple[int, float, int]] = [(5, min(6.0, args.seconds), 1), (args.tables, args.seconds, 1)]
    if args.processes > 1:
        if not (args.pg and args.broker):
            raise SystemExit("--processes needs --pg and --broker")
        runs.append((args.multi_tables or int(args.tables * 1.5), args.seconds, args.processes))
    results = []
    for tables, seconds, nproc in runs:
        with tempfile.TemporaryDirectory() as folder:
            db = fresh_pg(args.pg) if args.pg else args.db
            ports = [free_port() for _ in range(nproc)]
            broker = args.broker if args.pg else None
            procs = [start_server(port, db, folder, broker, args.src) for port in ports]
            try:
                res = _event_loop_run(
                    run(
                        ports,
                        tables,
                        seconds,
                        args.bot_delay,
                        args.level,
                        not args.no_spread,
                        [p.pid for p in procs],
                    )
                )
                res["processes"] = nproc
            finally:
                for proc in procs:
                    proc.terminate()
                for proc in procs:
                    try:
                        proc.wait(15)
                    except subprocess.TimeoutExpired:
                        proc.kill()
                        proc.wait()
                if args.pg and db:
                    drop_pg(args.pg, db)
        results.append(res)
        print(
            f"{res['tables']:4d} tables on {nproc} process{'es' if nproc > 1 else ''}: "
            f"{res['actions_per_s']:8.1f} actions/s  "
            f"p50 {res['p50_ms']:6.1f} ms  p95 {res['p95_ms']:6.1f} ms  p99 {res['p99_ms']:6.1f} ms  "
            f"({res['actions']} actions, {res['errors']} errors, server used "
            f"{100 * res['server_cpu']:.0f}% of a core in all, clients {100 * res['client_cpu']:.0f}%)",
            flush=True,
        )
        per = {k: 1000 * res[k + "_cpu"] / max(res["warm_actions_per_s"], 1e-9)
               for k in ("server", "client", "postgres", "redis")}
        print(
            "      CPU per action: " + ", ".join(f"{k} {v:.2f} ms" for k, v in per.items())
            + f" (all {sum(per.values()):.2f} ms; PostgreSQL {100 * res['postgres_cpu']:.0f}%"
            f" and Redis {100 * res['redis_cpu']:.0f}% of a core)",
            flush=True,
        )
    ref, full = results[0], results[1]
    if len(results) > 2:
        multi = results[2]
        print(
            f"several processes / one: tables x{multi['tables'] / full['tables']:.2f}, "
            f"actions/s x{multi['actions_per_s'] / full['actions_per_s']:.2f}, "
            f"p95 {multi['p95_ms']:.1f} ms vs {full['p95_ms']:.1f} ms; "
            f"goal (x1.5 tables, p95 < 100 ms): "
            f"{'met' if multi['tables'] >= 1.5 * full['tables'] and multi['p95_ms'] < 100 else 'NOT met'}"
        )
    print(
        f"ratio full/reference: actions/s x{full['actions_per_s'] / ref['actions_per_s']:.1f}, "
        f"p95 x{full['p95_ms'] / ref['p95_ms']:.1f}; goal p95 < 100 ms: "
        f"{'met' if full['p95_ms'] < 100 else 'NOT met'}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
