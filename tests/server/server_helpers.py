"""Shared test helpers: the card-leak checker and a websocket test client wrapper."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]

# a card name on its own: not two characters of a random id or key (URL-safe base64: letters,
# digits, "-" and "_"), e.g. the table id "6D-asvP6lham"
CARD_RE = re.compile(r"(?<![\w-])(?:(?:10|[2-9TJQKA])[CDHS]|BJ|LJ)(?![\w-])")
FORBIDDEN_KEYS = {"seed", "decks", "deck", "token_hash", "token", "stock"}


KEY_RE = re.compile(r'"([^"\\]*)":')
#: the rules' ``deck`` option (RULES.md section 7) names the pack everybody plays with, not the
#: order of its cards: a ``"deck"`` key holding one of those names is not a dealt deck
DECK_OPTION_RE = re.compile(r'"deck": ?"(?:standard|jokers|jokers-deuces|deuces)"')


def forbidden_keys_in_text(text: str) -> set[str]:
    """The forbidden keys (dealt decks, seeds, tokens...) in a JSON text."""
    return set(KEY_RE.findall(DECK_OPTION_RE.sub("", text))) & FORBIDDEN_KEYS


def cards_in(value: Any, skip: tuple[str, ...] = ()) -> set[str]:
    """Every card named anywhere in a JSON value (all its text), except under top-level ``skip`` keys."""
    if skip and isinstance(value, dict):
        value = {k: v for k, v in value.items() if k not in skip}
    text = value if isinstance(value, str) else json.dumps(value)
    return {m.replace("10", "T") for m in CARD_RE.findall(text)}


def keys_in(value: Any) -> set[str]:
    """Every object key anywhere in a JSON value (the rules' ``deck`` option left out)."""
    return set(KEY_RE.findall(DECK_OPTION_RE.sub("", json.dumps(value))))


_TABLES: dict[int, Any] = {}


def recv_state(ws: Any, pred: Any = None, limit: int = 500) -> dict[str, Any]:
    """Read messages until a state message for which ``pred`` holds (errors are returned too).

    Like the web client, fills in ``table`` from the last message that had it.
    """
    for _ in range(limit):
        m = ws.receive_json()
        if m["type"] == "error":
            return m  # type: ignore[no-any-return]
        if m["type"] == "state":
            if "table" in m:
                _TABLES[id(ws)] = m["table"]
            else:
                m["table"] = _TABLES[id(ws)]
            if pred is None or pred(m):
                return m  # type: ignore[no-any-return]
    raise AssertionError("the expected message never came")


def recv_type(ws: Any, kind: str, limit: int = 500) -> dict[str, Any]:
    for _ in range(limit):
        m = ws.receive_json()
        if m["type"] == kind:
            return m  # type: ignore[no-any-return]
    raise AssertionError(f"no {kind} message came")


def some_action(view: dict[str, Any]) -> str | None:
    """A legal action for a seat's view payload (the first legal choice), or None."""
    legal = view["legal"]
    if not legal:
        return None
    kind = legal["kind"]
    if kind == "play":
        return str(legal["cards"][0])
    if kind == "bid":
        b = next(x for x in legal["bids"] if x != "nil")
        return f"bid {b}"
    if kind == "blind":
        return "look"
    if kind == "draw":
        return "keep"
    if kind == "exchange":
        return "pass " + " ".join(view["hand"][: legal["count"]])
    if kind == "redraw":
        return "discard"
    raise AssertionError(kind)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class LiveServer:
    """``spades serve`` in a child process, on 127.0.0.1 and a free port."""

    def __init__(self, db: str, log_path: Path, extra: list[str] | None = None) -> None:
        self.db = db
        self.extra = extra or []
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
            [
                sys.executable,
                "-m",
                "spades.cli",
                "serve",
                "--port",
                str(self.port),
                "--db",
                self.db,
                *self.extra,
            ],
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            cwd=str(ROOT),
        )
        deadline = time.time() + 30
        import httpx2

        while time.time() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.log_path.read_text()[-2000:]}")
            try:
                if httpx2.get(self.url + "/api/config", timeout=1).status_code == 200:
                    return
            except httpx2.HTTPError:
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
