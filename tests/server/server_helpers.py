"""Shared test helpers: the card-leak checker and a websocket test client wrapper."""

from __future__ import annotations

import json
import re
from typing import Any

CARD_RE = re.compile(r"\b(?:10|[2-9TJQKA])[CDHS]\b")
FORBIDDEN_KEYS = {"seed", "decks", "deck", "token_hash", "token", "stock"}


KEY_RE = re.compile(r'"([^"\\]*)":')


def cards_in(value: Any, skip: tuple[str, ...] = ()) -> set[str]:
    """Every card named anywhere in a JSON value (all its text is scanned), except under top-level ``skip`` keys."""
    if skip and isinstance(value, dict):
        value = {k: v for k, v in value.items() if k not in skip}
    text = value if isinstance(value, str) else json.dumps(value)
    return {m.replace("10", "T") for m in CARD_RE.findall(text)}


def keys_in(value: Any) -> set[str]:
    """Every object key anywhere in a JSON value."""
    return set(KEY_RE.findall(json.dumps(value)))


def recv_state(ws: Any, pred: Any = None, limit: int = 500) -> dict[str, Any]:
    """Read messages until a state message for which ``pred`` holds (errors are returned too)."""
    for _ in range(limit):
        m = ws.receive_json()
        if m["type"] == "error":
            return m  # type: ignore[no-any-return]
        if m["type"] == "state" and (pred is None or pred(m)):
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
        b = [x for x in legal["bids"] if x != "nil"][0]
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
