"""Where tournaments are kept: one table of their own, ``spades_tournaments``, in the server's
database (through the engine of :class:`~.storage.Storage`); a round's games are ordinary
stored tables (``spades_tables``) made here, each with its own fresh deals.

A tournament row holds its settings and its state as JSON: the registered players (name,
public player id, checked in, left), the entrants in seed order once it started, and each
round's seats (entrant numbers), byes, table ids and final scores.  Nothing here reads a card.
"""

from __future__ import annotations

import dataclasses
import json
import secrets
import time
from dataclasses import dataclass, field
from typing import Any, Final

from sqlalchemy import Column, Float, MetaData, String, Table, Text, insert, update

from ..rules import Rules
from .own_tables import OwnTables
from .storage import SeatRow, TableRow
from .table import secret_decks
from .tournament import Game, Round

__all__ = ["Entry", "RoundRow", "TournamentRow", "TournamentStore", "tournament_rules"]

_CODE_ALPHABET: Final = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
#: a target no side reaches in the tournament's few hands: a game is its ``hands`` hands
_NO_TARGET: Final = 1_000_000
_DECKS: Final = 12
metadata = MetaData()

tournaments_table = Table(
    "spades_tournaments",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("created", Float, nullable=False),
    Column("name", String(80), nullable=False),
    Column("state", Text, nullable=False),
)


def tournament_rules(hands: int) -> Rules:
    """A tournament game: the partnership game played for exactly ``hands`` hands."""
    return dataclasses.replace(
        Rules.preset("partnership"),
        hands=hands,
        target_score=_NO_TARGET,
        losing_score=None,
        boston_wins=False,
        first_dealer=None,
    )


@dataclass
class Entry:
    """A registered player."""

    name: str
    player: str
    checked_in: bool = False
    left: bool = False
    rating: float = 0.0
    #: the round being played when the player left (0: before the start); a computer plays
    #: their seat from that round on
    left_in: int = 0


@dataclass
class RoundRow:
    tables: list[list[int]]
    byes: list[int]
    table_ids: list[str]
    scores: list[list[int] | None]

    def as_round(self) -> Round:
        games = tuple(
            None if s is None else Game((t[0], t[1], t[2], t[3]), (s[0], s[1]))
            for t, s in zip(self.tables, self.scores)
        )
        return Round(tuple((t[0], t[1], t[2], t[3]) for t in self.tables), tuple(self.byes), games)


@dataclass
class TournamentRow:
    """One tournament as stored.  ``status``: ``open`` (registering), ``running``, ``over``,
    ``cancelled`` (fewer than four checked in at the start)."""

    id: str
    created: float
    name: str
    host: str
    host_key_hash: str
    rounds_total: int
    hands: int
    start_at: float
    settings: dict[str, Any]
    status: str = "open"
    players: list[Entry] = field(default_factory=list)
    #: registration numbers of the players who started, in seed order (entrant ``i`` is seed ``i + 1``)
    entrants: list[int] = field(default_factory=list)
    rounds: list[RoundRow] = field(default_factory=list)
    #: ``swiss`` or ``knockout`` (:class:`~.tournament.Format`)
    format: str = "swiss"
    #: a knock-out's fixed pairs (entrant numbers, pair ``i`` is pair seed ``i + 1``) and the
    #: odd player out, set at the start
    pairs: list[list[int]] = field(default_factory=list)
    odd: list[int] = field(default_factory=list)

    def state(self) -> dict[str, Any]:
        out = dataclasses.asdict(self)
        for key in ("id", "created", "name"):
            out.pop(key)
        return out

    @classmethod
    def from_state(cls, id_: str, created: float, name: str, state: dict[str, Any]) -> TournamentRow:
        row = cls(id_, created, name, **{k: v for k, v in state.items() if k not in ("players", "rounds")})
        row.players = [Entry(**p) for p in state["players"]]
        row.rounds = [RoundRow(**r) for r in state["rounds"]]
        return row


class TournamentStore(OwnTables):
    """Tournaments in the database of ``storage`` (its table is made on first use)."""

    metadata = metadata

    async def load(self, tid: str) -> TournamentRow | None:
        m = await self._by_id(tournaments_table, tid)
        if m is None:
            return None
        return TournamentRow.from_state(m["id"], m["created"], m["name"], json.loads(m["state"]))

    async def add(self, row: TournamentRow) -> None:
        await self._schema()
        async with self.storage.engine.begin() as conn:
            await conn.execute(
                insert(tournaments_table).values(
                    id=row.id, created=row.created, name=row.name, state=json.dumps(row.state())
                )
            )

    async def save(self, row: TournamentRow) -> None:
        async with self.storage.engine.begin() as conn:
            await conn.execute(
                update(tournaments_table)
                .where(tournaments_table.c.id == row.id)
                .values(state=json.dumps(row.state()))
            )

    async def make_table(self, t: TournamentRow, number: int, seats: list[int]) -> str:
        """A stored game table for one game of the next round (``seats``: entrant numbers at N,
        E, S, W).  A player who left gets a computer seat under their name."""
        rules = tournament_rules(t.hands)
        hand_secrets, decks = secret_decks(rules, _DECKS)
        rows = []
        for e in seats:
            p = t.players[t.entrants[e]]
            if p.left:
                rows.append(SeatRow("bot", level=str(t.settings["stand_in"]), name=p.name))
            else:
                rows.append(SeatRow("human", name=p.name, player=p.player))
        table_id = secrets.token_urlsafe(9)
        config = {
            **t.settings,
            "preset": "partnership",
            "hints": False,
            "tournament": t.id,
            "name": f"{t.name} · {len(t.rounds) + 1}.{number + 1}" if t.name else "",
        }
        row = TableRow(
            id=table_id,
            code=await self._code(),
            created=time.time(),
            public=False,
            rules=rules.to_dict(),
            config=config,
            seats=rows,
            seed=secrets.randbits(63),
            dealer=secrets.randbelow(4),
            decks=decks,
            secrets=hand_secrets,
        )
        await self.storage.create_table(row)
        return table_id

    async def _code(self) -> str:
        for _ in range(50):
            code = "".join(secrets.choice(_CODE_ALPHABET) for _ in range(6))
            if not await self.storage.code_in_use(code):
                return code
        raise RuntimeError("no free invite code")
