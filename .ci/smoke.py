"""Smoke-test one extra in a venv that has only that extra installed.

Run by .ci/smoke-extras with the venv's python: ``python .ci/smoke.py EXTRA``.  Each check drives
the real console command the README gives for that extra, so a dependency that only the test
extra brings in (as greenlet once was for the server) fails here.
"""

from __future__ import annotations

import json
import os
import pty
import select
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

BIN = Path(sys.executable).parent


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def smoke_tui() -> None:
    """`spades play` in a pseudo-terminal: the table draws, Ctrl+Q quits it."""
    tmp = tempfile.mkdtemp()
    env = dict(os.environ, TERM="xterm-256color", COLUMNS="80", LINES="24", SPADES_DATA_DIR=tmp)
    pid, fd = pty.fork()
    if pid == 0:  # child
        os.execve(str(BIN / "spades"), ["spades", "play", "--seed", "1"], env)
    screen = b""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and b"North" not in screen:
        ready, _, _ = select.select([fd], [], [], 0.5)
        if ready:
            try:
                screen += os.read(fd, 65536)
            except OSError:
                break
    try:
        os.write(fd, b"\x11")  # Ctrl+Q
        for _ in range(40):
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                break
            time.sleep(0.25)
        else:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            raise SystemExit("tui: spades play did not quit on Ctrl+Q")
    finally:
        os.close(fd)
    if b"North" not in screen:
        raise SystemExit(f"tui: spades play drew no table; it printed {screen[-2000:]!r}")
    print("tui: spades play drew the table and quit")


def smoke_fast() -> None:
    """`spades solve` on a full deal with the compiled solver."""
    out = subprocess.run(
        [str(BIN / "spades"), "solve", "AKQJ.AKQ.AKQ.AKQ", "T98.JT9.JT9.JT98", "765.876.876.7654", "432.5432.5432.32"],
        capture_output=True, text=True, timeout=600,
    )
    if out.returncode != 0:
        raise SystemExit(f"fast: spades solve failed: {out.stderr}")
    import numba  # noqa: F401  (the extra must bring it)

    print("fast: spades solve ->", out.stdout.strip().splitlines()[-1])


def smoke_server() -> None:
    """`spades serve` starts, serves the lobby, and creates a table of computer players."""
    port = _free_port()
    data = tempfile.mkdtemp()
    proc = subprocess.Popen(
        [str(BIN / "spades"), "serve", "--port", str(port), "--data", data],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(240):
            if proc.poll() is not None:
                raise SystemExit(f"server: spades serve exited {proc.returncode}: {proc.stdout.read()}")  # type: ignore[union-attr]
            try:
                with urllib.request.urlopen(base + "/", timeout=2) as r:
                    if r.status == 200:
                        break
            except OSError:
                time.sleep(0.5)
        else:
            raise SystemExit("server: spades serve did not answer within 2 minutes")
        with urllib.request.urlopen(base + "/api/config", timeout=5) as r:
            json.load(r)
        with urllib.request.urlopen(base + "/api/tables", timeout=5) as r:
            json.load(r)
        print("server: spades serve answered / , /api/config and /api/tables")
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()


CHECKS = {"tui": smoke_tui, "fast": smoke_fast, "server": smoke_server}

if __name__ == "__main__":
    for extra in sys.argv[1].split(","):
        if extra in CHECKS:
            CHECKS[extra]()
        else:
            subprocess.run([sys.executable, "-c", "import spades"], check=True)
            print(f"{extra}: import spades works")
