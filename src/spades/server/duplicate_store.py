"""Where duplicate events are kept: one table of their own, ``spades_events``, in the server's
database (through the engine of :class:`~.storage.Storage`), and their game tables made as
ordinary stored tables (``spades_tables``), so that every server process sharing the
database (``--broker``) finds, runs and scores them alike.

An event row holds what the event is (name, boards, the first dealer, the host's name) and
the ids of its tables in table order; the boards' secrets are those of its tables' rows.
Nothing here reads a card: results are made in :mod:`.duplicate_routes` from the tables'
stored logs.
"""

from __future__ import annotations

import json
import secrets
import time
from dataclasses import dataclass, field
from typing import Any, Final

from sqlalchemy import Column, Float, MetaData, String, Table, Text, insert

from ..cards import Card
from ..fairness import deal_order, new_secret
from .duplicate import Movement, event_rules
from .own_tables import OwnTables
from .storage import SeatRow, TableRow

__all__ = ["EventRow", "EventStore"]

_CODE_ALPHABET: Final = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
metadata = MetaData()

events_table = Table(
    "spades_events",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("created", Float, nullable=False),
    Column("name", String(80), nullable=False),
    Column("config", Text, nullable=False),
)


@dataclass
class EventRow:
    """One duplicate event as stored."""

    id: str
    created: float
    name: str
    boards: int
    first_dealer: int
    host: str
    tables: list[str] = field(default_factory=list)

    @property
    def movement(self) -> Movement:
        return Movement(len(self.tables), self.boards, self.first_dealer)

    def config(self) -> dict[str, Any]:
        return {
            "boards": self.boards, "first_dealer": self.first_dealer, "host": self.host, "tables": self.tables
        }


class EventStore(OwnTables):
    """Events in the database of ``storage`` (its table is made on first use)."""

    metadata = metadata

    async def load(self, event_id: str) -> EventRow | None:
        m = await self._by_id(events_table, event_id)
        if m is None:
            return None
        cfg = json.loads(m["config"])
        return EventRow(
            m["id"], m["created"], m["name"], int(cfg["boards"]), int(cfg["first_dealer"]),
            str(cfg.get("host", "")), [str(t) for t in cfg["tables"]],
        )

    async def create(
        self, name: str, host: str, boards: int, seats: list[list[SeatRow]], settings: dict[str, Any]
    ) -> EventRow:
        """A new event and its tables (stored, not yet running: the manager starts them when
        asked for them).  Every table gets the same board secrets, turned by its first dealer."""
        await self._schema()
        event = EventRow(secrets.token_urlsafe(9), time.time(), name, boards, secrets.randbelow(4), host)
        movement = Movement(len(seats), boards, event.first_dealer)
        rules = event_rules(boards)
        board_secrets = [new_secret() for _ in range(boards)]
        decks = [[str(Card(c)) for c in deal_order(rules, s)] for s in board_secrets]
        for t, table_seats in enumerate(seats):
            table_id = secrets.token_urlsafe(9)
            config = {
                **settings,
                "preset": "partnership",
                "name": f"{name} · {t + 1}" if name else "",
                "hints": False,
                "event": event.id,
                "event_table": t,
            }
            row = TableRow(
                id=table_id, code=await self._code(), created=event.created, public=False,
                rules=rules.to_dict(), config=config, seats=table_seats, seed=secrets.randbits(63),
                dealer=movement.table_dealer(t), decks=[list(d) for d in decks], secrets=list(board_secrets),
            )
            await self.storage.create_table(row)
            event.tables.append(table_id)
        async with self.storage.engine.begin() as conn:
            await conn.execute(
                insert(events_table).values(
                    id=event.id, created=event.created, name=name, config=json.dumps(event.config())
                )
            )
        return event

    async def _code(self) -> str:
        for _ in range(50):
            code = "".join(secrets.choice(_CODE_ALPHABET) for _ in range(6))
            if not await self.storage.code_in_use(code):
                return code
        raise RuntimeError("no free invite code")
