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
from pathlib import Path
from typing import Any

import httpx2
import websockets

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

    def record(self, table: str, m: dict[str, Any], now: float) -> None:
        acted = m.get("acted")
        if acted is None:
            return
        key = (table, m["v"])
        entry = self.seen.get(key)
        if entry is None:
            self.seen[key] = [acted, now, 1]
        else:
            entry[1] = max(entry[1], now)
            entry[2] += 1

    def latencies(self) -> list[float]:
        return [e[1] - e[0] for (t, _), e in self.seen.items() if e[2] >= self.clients.get(t, 1)]


async def client(port: int, table: dict[str, Any], token: str | None, stats: Stats, stop: float) -> None:
    url = f"ws://127.0.0.1:{port}/ws/{table['id']}"
    async with websockets.connect(url, max_size=2**22) as ws:
        hello: dict[str, Any] = {"type": "hello"}
        if token:
            hello["token"] = token
        await ws.send(json.dumps(hello))
        acted_at = -1
        while time.time() < stop:
            try:
                raw = await asyncio.wait_for(ws.recv(), max(0.05, stop - time.time()))
            except TimeoutError:
                break
            now = time.time()
            m = json.loads(raw)
            if m["type"] == "error":
                stats.errors += 1
                continue
            if m["type"] != "state":
                continue
            stats.record(table["id"], m, now)
            action = choose(m["view"]) if token and m["v"] != acted_at else None
            if action is not None:
                acted_at = m["v"]  # once per version: presence updates repeat the state
                await ws.send(json.dumps({"type": "act", "action": action, "v": m["v"]}))


async def run(
    ports: list[int], tables: int, seconds: float, bot_delay: float, level: str, spread: bool = True
) -> dict[str, float]:
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
    start = time.time()
    stop = start + seconds
    tasks = []
    for i, t in enumerate(created):
        tasks.append(asyncio.create_task(client(ports[i % n], t, t["token"], stats, stop)))
        tasks.append(asyncio.create_task(client(ports[(i + int(spread)) % n], t, None, stats, stop)))
    await asyncio.gather(*tasks, return_exceptions=True)
    elapsed = time.time() - start
    warm = [
        lat for (tid, v), e in stats.seen.items() if e[0] > start + 2 for lat in [e[1] - e[0]] if e[2] >= 2
    ]
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
    }


def fresh_pg(admin: str) -> str:
    """A new, empty PostgreSQL database (named spades_bench_...) next to the admin URL's."""
    import secrets

    import psycopg

    name = "spades_bench_" + secrets.token_hex(4)
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    return admin.rsplit("/", 1)[0] + "/" + name


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
    port: int, db: str | None, folder: str, broker: str | None = None
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
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
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
            procs = [start_server(port, db, folder, broker) for port in ports]
            try:
                cpu0, me0 = sum(_cpu(p.pid) for p in procs), _cpu(os.getpid())
                svc0 = _service_cpu()
                t0 = time.time()
                res = asyncio.run(run(ports, tables, seconds, args.bot_delay, args.level, not args.no_spread))
                res["server_cpu"] = (sum(_cpu(p.pid) for p in procs) - cpu0) / (time.time() - t0)
                res["client_cpu"] = (_cpu(os.getpid()) - me0) / (time.time() - t0)
                svc = _service_cpu()
                for kind in svc:
                    res[kind + "_cpu"] = (svc[kind] - svc0[kind]) / (time.time() - t0)
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
        results.append(res)
        print(
            f"{res['tables']:4d} tables on {nproc} process{'es' if nproc > 1 else ''}: "
            f"{res['actions_per_s']:8.1f} actions/s  "
            f"p50 {res['p50_ms']:6.1f} ms  p95 {res['p95_ms']:6.1f} ms  p99 {res['p99_ms']:6.1f} ms  "
            f"({res['actions']} actions, {res['errors']} errors, server used "
            f"{100 * res['server_cpu']:.0f}% of a core in all, clients {100 * res['client_cpu']:.0f}%)",
            flush=True,
        )
        per = {k: 1000 * res[k + "_cpu"] / max(res["actions_per_s"], 1e-9)
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
