"""A player's statistics across the games of ``spades play`` (the ``stats`` command).

The file is ``<data>/stats.json`` (the data folder of :mod:`spades.tui.storage`:
``$SPADES_DATA_DIR`` first, so tests never touch the real home), or ``$SPADES_STATS_FILE``.
It holds one entry per game, keyed by the game's file and seed::

    {"version": 1, "games": {"<path>#<seed>": {"player": "Ann", "hands": 3, ...}}}

An entry is rewritten from the game itself **at the end of every hand** (and after an
undo that takes a finished hand back), so a game left unfinished still counts the hands
it finished, a resumed game updates its own entry, and an undo never counts a hand twice.
A game counts as played (won or lost) once it is over; the totals shown are summed over
the entries of the player's name.  Writes are atomic (a temporary file, then
:func:`os.replace`); a missing file is no statistics yet, a corrupt one is reported in one
line and replaced by the next write.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from ..game import Game
from .storage import data_dir, write_record

__all__ = ["StatsError", "Totals", "game_entry", "load_stats", "stats_path", "update_stats"]

VERSION: Final = 1
#: the counts of one game's entry (all integers)
COUNTS: Final = (
    "hands",
    "contracts",
    "contracts_made",
    "sets",
    "bags",
    "nils",
    "nils_made",
    "blind_nils",
    "blind_nils_made",
    "undos",
)


class StatsError(Exception):
    """The statistics file cannot be read (its message is one line for the player)."""


def stats_path() -> Path:
    """Where the statistics are kept: ``$SPADES_STATS_FILE``, else ``<data>/stats.json``."""
    explicit = os.environ.get("SPADES_STATS_FILE")
    if explicit:
        return Path(explicit).expanduser()
    return data_dir() / "stats.json"


def game_entry(
    game: Game, human: int, *, player: str | None, bots: list[str | None], undos: int
) -> dict[str, Any]:
    """One game's entry, as the person at ``human`` played it so far."""
    rules = game.rules
    side = rules.side_of(human)
    seats = rules.seats_of(side)
    entry: dict[str, Any] = dict.fromkeys(COUNTS, 0)
    entry["player"] = player or ""
    entry["undos"] = undos
    for hand in game.history:
        entry["hands"] += 1
        mine = hand.bids[human]
        if mine is not None and mine.tricks == 0:
            key = "blind_nils" if mine.blind else "nils"
            entry[key] += 1
            if hand.nil_made[human]:
                entry[key + "_made"] += 1
        made = hand.made[side]
        if made is None:
            continue  # the side bid no contract (nil alone)
        entry["contracts"] += 1
        if made:
            entry["contracts_made"] += 1
            contract = sum(b.tricks for s in seats if (b := hand.bids[s]) is not None and b.tricks)
            took = sum(hand.tricks[s] for s in seats if (b := hand.bids[s]) is None or b.tricks)
            entry["bags"] += max(0, took - contract)
        else:
            entry["sets"] += 1
    entry["over"] = game.is_over
    entry["won"] = game.is_over and game.winner == side
    partner = rules.partner_of(human)
    entry["partner"] = bots[partner] if partner is not None and partner < len(bots) else None
    return entry


def load_stats(path: Path) -> dict[str, dict[str, Any]]:
    """The games in the statistics file (none when there is no file yet); raises
    :class:`StatsError` with a one-line reason when it cannot be read."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    except (OSError, UnicodeDecodeError) as exc:
        raise StatsError(str(path)) from exc
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise StatsError(str(path)) from exc
    games = data.get("games") if isinstance(data, dict) else None
    if not isinstance(games, dict) or data.get("version") != VERSION:
        raise StatsError(str(path))
    return {k: v for k, v in games.items() if isinstance(k, str) and isinstance(v, dict)}


def update_stats(path: Path, key: str, entry: dict[str, Any]) -> None:
    """Put one game's entry into the file (atomically); a corrupt file is started afresh.
    Raises OSError when the file cannot be written."""
    try:
        games = load_stats(path)
    except StatsError:
        games = {}
    games[key] = entry
    write_record(path, {"version": VERSION, "games": games})


def _count(entry: dict[str, Any], name: str) -> int:
    value = entry.get(name, 0)
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else 0


@dataclass
class Totals:
    """The sums of a player's games."""

    played: int = 0
    won: int = 0
    unfinished: int = 0
    with_undo: int = 0
    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(COUNTS, 0))
    #: per partner's computer level: [won, lost]
    partners: dict[str, list[int]] = field(default_factory=dict)

    @property
    def lost(self) -> int:
        return self.played - self.won

    @classmethod
    def of(cls, games: dict[str, dict[str, Any]], player: str | None) -> Totals:
        out = cls()
        for entry in games.values():
            if entry.get("player", "") != (player or ""):
                continue
            for name in COUNTS:
                out.counts[name] += _count(entry, name)
            if _count(entry, "undos"):
                out.with_undo += 1
            if entry.get("over") is not True:
                out.unfinished += 1
                continue
            out.played += 1
            won = entry.get("won") is True
            out.won += won
            partner = entry.get("partner")
            if isinstance(partner, str):
                record = out.partners.setdefault(partner, [0, 0])
                record[0 if won else 1] += 1
        return out
