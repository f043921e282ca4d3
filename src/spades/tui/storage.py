"""Where ``spades play`` keeps its games, and reading them back.

A saved game is the engine's record (:meth:`spades.Game.to_record`) with one
extra key, ``"players"``: a list, one entry per seat, of
``{"seat": 2, "kind": "human", "name": "Ann"}`` or
``{"seat": 1, "kind": "bot", "bot": "basic"}``.  ``Game.from_record`` and
``spades replay`` ignore the extra key, so a saved game is an ordinary record.

The data folder is chosen in this order (the first that applies):

1. ``$SPADES_DATA_DIR``;
2. ``$XDG_DATA_HOME/spades`` when ``XDG_DATA_HOME`` is set;
3. ``platformdirs.user_data_dir("spades")`` when platformdirs is installed;
4. ``~/.local/share/spades``.

Games go to ``<data>/games/<date>-<time>.json``; ``spades play --save FILE``
bypasses the folder entirely.  Files are written atomically (a temporary file
beside the target, then :func:`os.replace`), so a game interrupted mid-write
never leaves a half-written record.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import RecordError
from ..game import Game

__all__ = [
    "PlayerInfo",
    "data_dir",
    "games_dir",
    "latest_unfinished",
    "load_game",
    "new_game_path",
    "storage_undos",
    "write_record",
]


@dataclass(frozen=True)
class PlayerInfo:
    """Who sits in a seat of a saved game: the human (with a display name) or a bot."""

    seat: int
    kind: str  # "human" or "bot"
    name: str | None = None
    bot: str | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": self.seat, "kind": self.kind}
        if self.name is not None:
            out["name"] = self.name
        if self.bot is not None:
            out["bot"] = self.bot
        return out

    @classmethod
    def from_dict(cls, data: object) -> PlayerInfo | None:
        """The entry, or None when it is not a well-formed player entry."""
        if not isinstance(data, dict):
            return None
        seat, kind = data.get("seat"), data.get("kind")
        name, bot = data.get("name"), data.get("bot")
        if not isinstance(seat, int) or isinstance(seat, bool) or kind not in ("human", "bot"):
            return None
        return cls(
            seat=seat,
            kind=kind,
            name=name if isinstance(name, str) else None,
            bot=bot if isinstance(bot, str) else None,
        )


def data_dir() -> Path:
    """The folder ``spades`` keeps its data in (see the module docstring)."""
    explicit = os.environ.get("SPADES_DATA_DIR")
    if explicit:
        return Path(explicit).expanduser()
    xdg = os.environ.get("XDG_DATA_HOME")
    if xdg:
        return Path(xdg).expanduser() / "spades"
    try:
        import platformdirs
    except ImportError:
        return Path.home() / ".local" / "share" / "spades"
    return Path(platformdirs.user_data_dir("spades", appauthor=False))


def games_dir() -> Path:
    return data_dir() / "games"


def new_game_path(folder: Path | None = None) -> Path:
    """A fresh file name for a new game: ``<games>/20260129-141502.json`` (``-2``... if taken)."""
    folder = games_dir() if folder is None else folder
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"{stamp}.json"
    n = 2
    while path.exists():
        path = folder / f"{stamp}-{n}.json"
        n += 1
    return path


def write_record(path: Path, record: dict[str, Any]) -> None:
    """Write a record as JSON atomically; raises OSError when the file cannot be written."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".spades-", suffix=".tmp", dir=path.parent)
    try:
        # json.dumps, not json.dump: the same text, but only the one-shot encoder is in C
        text = json.dumps(record, ensure_ascii=False, indent=None, separators=(",", ":"))
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text + "\n")
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def load_game(path: Path) -> tuple[Game, list[PlayerInfo]]:
    """Read a saved game; raises :class:`~spades.errors.RecordError` with a readable reason."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RecordError(f"there is no saved game at {path}") from None
    except OSError as exc:
        raise RecordError(f"cannot read {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise RecordError(f"{path} is not a text file") from None
    try:
        record = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"{path} is not a saved game (not JSON: {exc.msg} at line {exc.lineno})") from None
    game = Game.from_record(record)
    players: list[PlayerInfo] = []
    raw = record.get("players") if isinstance(record, dict) else None
    if isinstance(raw, list):
        for entry in raw:
            info = PlayerInfo.from_dict(entry)
            if info is not None and 0 <= info.seat < game.rules.num_seats:
                players.append(info)
    return game, players


def latest_unfinished(folder: Path | None = None) -> Path | None:
    """The most recently saved game in the folder that is not over (None if there is none)."""
    folder = games_dir() if folder is None else folder
    try:
        files = [p for p in folder.glob("*.json") if p.is_file()]
    except OSError:
        return None
    files.sort(key=_mtime, reverse=True)
    for path in files:
        try:
            record = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        result = record.get("result") if isinstance(record, dict) else None
        if isinstance(result, dict) and result.get("is_over") is False:
            return path
    return None


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def storage_undos(path: Path) -> list[list[int]]:
    """The undos a saved game records (``"undos"``: [actions before, actions taken back]),
    or none; never raises (the game itself has been read by :func:`load_game`)."""
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    raw = record.get("undos") if isinstance(record, dict) else None
    if not isinstance(raw, list):
        return []
    return [
        [int(a), int(b)]
        for a, b in (u for u in raw if isinstance(u, list) and len(u) == 2)
        if isinstance(a, int) and isinstance(b, int)
    ]
