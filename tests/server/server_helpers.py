"""Shared test helpers: the card-leak checker and a websocket test client wrapper."""

from __future__ import annotations

import re
from typing import Any

CARD_RE = re.compile(r"(?<![A-Za-z0-9])(?:10|[2-9TJQKA])[CDHS](?![A-Za-z0-9])")
FORBIDDEN_KEYS = {"seed", "decks", "deck", "token_hash", "token", "stock"}


def cards_in(value: Any, skip: tuple[str, ...] = ()) -> set[str]:
    """Every card named anywhere in a JSON value (strings are scanned), except under ``skip`` keys."""
    found: set[str] = set()
    if isinstance(value, str):
        found.update(m.replace("10", "T") for m in CARD_RE.findall(value))
    elif isinstance(value, dict):
        for k, v in value.items():
            if k in skip:
                continue
            found |= cards_in(v, skip)
    elif isinstance(value, list):
        for v in value:
            found |= cards_in(v, skip)
    return found


def keys_in(value: Any) -> set[str]:
    out: set[str] = set()
    if isinstance(value, dict):
        for k, v in value.items():
            out.add(k)
            out |= keys_in(v)
    elif isinstance(value, list):
        for v in value:
            out |= keys_in(v)
    return out


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
