"""Datasets of games: JSON Lines records, and engine records with explicit redraws.

A *record* is :meth:`spades.Game.to_record`'s JSON object (docs/records.md).
A JSON Lines file holds one record per line; :func:`write_jsonl` and
:func:`read_jsonl` write and read them (``spades match --records FILE.jsonl``,
``spades.sim.play_hands(..., records=True)`` and ``spades replay FILE.jsonl``
use this format).

Records of games played outside the engine's own random generator (a
:class:`spades.vec.VecEnv`, an OpenSpiel chance node) may carry the
two-player redraws' replacement cards explicitly::

    "redraws": [[action_index, ["7H", "2C"]], ...]

where ``action_index`` indexes ``record["actions"]``.  :func:`game_from_record`
replays such records (and plain ones, like :meth:`spades.Game.from_record`).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, Any

from .errors import RecordError
from .game import RECORD_FORMAT, RECORD_VERSION, Game
from .rules import Rules

__all__ = ["game_from_record", "iter_jsonl", "read_jsonl", "write_jsonl"]


def game_from_record(record: dict[str, Any]) -> Game:
    """Rebuild a game from a record, replaying explicit ``"redraws"`` if present.

    Raises :class:`~spades.errors.RecordError` naming the first action that
    does not replay.
    """
    if not isinstance(record, dict):
        raise RecordError("a game record must be a JSON object")
    redraws = record.get("redraws")
    if not redraws:
        return Game.from_record(record)
    if record.get("format") != RECORD_FORMAT or record.get("version") != RECORD_VERSION:
        raise RecordError(f"not a spades game record of version {RECORD_VERSION}")
    try:
        takes = {int(k): list(cards) for k, cards in redraws}
        rules = Rules.from_dict(record["rules"])
        game = Game(rules, seed=record["seed"], dealer=record["dealer"], decks=record.get("decks") or [])
    except (KeyError, TypeError, ValueError) as exc:
        raise RecordError(f"bad record header: {exc}") from None
    actions = record.get("actions", [])
    if not isinstance(actions, list):
        raise RecordError("record actions must be a list")
    for i, entry in enumerate(actions):
        try:
            seat, text = entry
            if type(seat) is not int:
                raise TypeError("the seat must be a number")
            if i in takes:
                if game.to_act != seat:
                    raise ValueError(f"seat {seat} is not to act")
                game.apply_redraw(text, takes[i])
            else:
                game.apply(text, seat=seat)
        except (TypeError, ValueError) as exc:
            raise RecordError(f"action {i + 1} ({entry!r}) does not replay: {exc}") from None
    return game


def write_jsonl(records: Iterable[dict[str, Any]], path: str | Path | IO[str]) -> int:
    """Write records one per line; returns how many were written."""
    count = 0
    if isinstance(path, (str, Path)):
        with open(path, "w", encoding="utf-8") as fh:
            return write_jsonl(records, fh)
    for rec in records:
        path.write(json.dumps(rec, separators=(",", ":")) + "\n")
        count += 1
    return count


def iter_jsonl(path: str | Path) -> Iterator[dict[str, Any]]:
    """The records of a JSON Lines file, one at a time (blank lines skipped).

    Raises :class:`~spades.errors.RecordError` naming the line that is not JSON.
    """
    with open(path, encoding="utf-8") as fh:
        for number, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                rec = json.loads(line)
            except json.JSONDecodeError as exc:
                raise RecordError(f"{path}: line {number} is not JSON: {exc.msg}") from None
            if not isinstance(rec, dict):
                raise RecordError(f"{path}: line {number} is not a JSON object")
            yield rec


def read_jsonl(path: str | Path) -> list[dict[str, Any]]:
    """Every record of a JSON Lines file."""
    return list(iter_jsonl(path))
