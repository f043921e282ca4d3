"""Durable storage of tables and their append-only action logs (SQLAlchemy, async).

Design
------
* Three tables: ``spades_meta`` (the schema version), ``spades_tables`` (one row
  per game table: rules, the secret seed and decks, the seat configuration) and
  ``spades_actions`` (the append-only log, primary key ``(table_id, seq)`` so a
  sequence number can never be written twice).
* The server is the only writer.  :meth:`Storage.append` is awaited by a table
  actor *before* the action is acknowledged or shown to anybody; a restarted
  server rebuilds a game from its row plus its log.
* Appends from every table go through one *group commit* task: whatever is
  queued while the previous transaction runs is written in the next single
  transaction.  Hundreds of busy tables then cost a few commits per second,
  not one commit per card.
* SQLite (the default, in a data folder) runs in WAL mode with
  ``synchronous=NORMAL`` (durable across process crashes, which is what a
  SIGKILL is); PostgreSQL is used when the URL says so.
* Seat tokens are never stored: only their SHA-256 digests.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    case,
    event,
    insert,
    select,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine

from ..cards import Card
from ..rules import Rules

__all__ = ["SCHEMA_VERSION", "SeatRow", "Storage", "StorageError", "TableRow", "hash_token", "normalize_url"]

#: Bump when the tables below change; :meth:`Storage.open` refuses newer schemas
#: and upgrades older ones step by step (see ``_MIGRATIONS``).
SCHEMA_VERSION = 2

metadata = MetaData()

meta_table = Table(
    "spades_meta",
    metadata,
    Column("key", String(40), primary_key=True),
    Column("value", Text, nullable=False),
)

tables_table = Table(
    "spades_tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("code", String(16), nullable=False, unique=True),
    Column("created", Float, nullable=False),
    Column("public", Boolean, nullable=False),
    Column("finished", Boolean, nullable=False, default=False, index=True),
    Column("rules", Text, nullable=False),
    Column("config", Text, nullable=False),
    Column("seats", Text, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("dealer", Integer, nullable=False),
    Column("decks", Text, nullable=False),
    Column("result", Text, nullable=True),
)

actions_table = Table(
    "spades_actions",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("seq", Integer, primary_key=True, autoincrement=False),
    Column("seat", Integer, nullable=False),
    Column("action", String(80), nullable=False),
    Column("at", Float, nullable=False),
)

#: the batch append of :meth:`Storage._append_pg`: the rows as one JSON array of objects
_PG_APPEND: Final = (
    f"INSERT INTO {actions_table.name} (table_id, seq, seat, action, at) "
    "SELECT table_id, seq, seat, action, at FROM json_to_recordset(%s::json) "
    "AS r(table_id text, seq integer, seat integer, action text, at double precision)"
)

players_table = Table(
    "spades_players",
    metadata,
    Column("id", String(16), primary_key=True),
    Column("name", String(40), nullable=False),
    Column("key_hash", String(64), nullable=False, unique=True),
    Column("created", Float, nullable=False),
    Column("mu", Float, nullable=True),
    Column("sigma", Float, nullable=True),
    Column("rated", Integer, nullable=False, default=0),
)

ratings_table = Table(
    "spades_ratings",
    metadata,
    Column("player_id", String(16), primary_key=True),
    Column("table_id", String(32), primary_key=True),
    Column("at", Float, nullable=False),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("won", Boolean, nullable=True),
)

#: version -> SQL to reach version+1; version 2 only added tables, which ``create_all`` makes
_MIGRATIONS: dict[int, list[str]] = {1: []}


class StorageError(Exception):
    """The database cannot be used (bad URL, newer schema, write failure)."""


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def normalize_url(url: str | None, data_dir: str | Path | None = None) -> str:
    """An async SQLAlchemy URL from what a user types.

    ``None`` gives SQLite in ``data_dir`` (default ``./spades-data``);
    ``postgresql://...`` becomes ``postgresql+psycopg://...``; ``sqlite:///x.db``
    becomes ``sqlite+aiosqlite:///x.db``.
    """
    if not url:
        folder = Path(data_dir or "spades-data")
        folder.mkdir(parents=True, exist_ok=True)
        return f"sqlite+aiosqlite:///{(folder / 'spades.sqlite').resolve()}"
    for plain, driver in (
        ("postgresql://", "postgresql+psycopg://"),
        ("postgres://", "postgresql+psycopg://"),
        ("sqlite://", "sqlite+aiosqlite://"),
    ):
        if url.startswith(plain):
            url = driver + url[len(plain) :]
    try:
        parsed = make_url(url)
    except Exception as exc:
        raise StorageError(f"cannot read database URL {url!r}: {exc}") from None
    if parsed.get_backend_name() not in ("sqlite", "postgresql"):
        raise StorageError("the database must be SQLite (sqlite:///file) or PostgreSQL (postgresql://...)")
    if parsed.get_backend_name() == "sqlite" and parsed.database and parsed.database != ":memory:":
        Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
    return url


@dataclass
class SeatRow:
    """How one seat is filled: ``kind`` is ``open``, ``human`` or ``bot``."""

    kind: str
    level: str = "basic"
    name: str = ""
    token_hash: str | None = None
    #: the public id of the player (identity) sitting here, if known
    player: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "level": self.level,
            "name": self.name,
            "token_hash": self.token_hash,
            "player": self.player,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SeatRow:
        return cls(
            data["kind"],
            data.get("level", "basic"),
            data.get("name", ""),
            data.get("token_hash"),
            data.get("player"),
        )


@dataclass
class TableRow:
    """Everything stored about one table except its action log."""

    id: str
    code: str
    created: float
    public: bool
    rules: dict[str, Any]
    config: dict[str, Any]
    seats: list[SeatRow]
    seed: int
    dealer: int
    decks: list[list[str]]
    finished: bool = False
    #: the secret of each deck (``secrets[i]`` deals ``decks[i]``, :mod:`spades.fairness`); a
    #: table made before fair deals has none
    secrets: list[str] = field(default_factory=list)
    result: dict[str, Any] | None = None
    actions: list[tuple[int, str]] = field(default_factory=list)


#: the shown rating: an Elo-like number centred on 1500, ``1500 + RATING_SCALE * (mu - 25)``
#: (openskill's mu starts at 25 with sigma 25/3: one starting sigma is 200 points, Elo's class)
RATING_BASE: Final = 1500
RATING_SCALE: Final = 24.0
#: a rating is provisional (shown with a mark, listed after the others) until this many rated games
PROVISIONAL_GAMES: Final = 10


def shown_rating(mu: float) -> int:
    """The rating people see: 1500 for a newcomer, about 200 points per starting sigma."""
    return round(RATING_BASE + RATING_SCALE * (mu - 25.0))


def _player(m: Any) -> dict[str, Any]:
    """A player's public facts (never the key's digest).  ``rating`` is the Elo-like shown
    rating (:func:`shown_rating`), ``provisional`` until :data:`PROVISIONAL_GAMES` rated games;
    ``conservative`` is openskill's ``mu - 3 sigma``."""
    mu, sigma = m["mu"], m["sigma"]
    rated = int(m["rated"] or 0)
    return {
        "id": m["id"],
        "name": m["name"],
        "created": m["created"],
        "rated": rated,
        "mu": mu,
        "sigma": sigma,
        "rating": None if mu is None else shown_rating(mu),
        "provisional": rated < PROVISIONAL_GAMES,
        "conservative": None if mu is None else round(mu - 3 * sigma, 2),
    }


def _encode_decks(decks: Sequence[Sequence[str]], secrets: Sequence[str] = ()) -> str:
    """The decks column: each deck as its cards, or as ``=`` and the secret that deals it."""
    return "|".join(
        "=" + secrets[i] if i < len(secrets) else "".join(deck) for i, deck in enumerate(decks)
    )


def _decode_decks(text: str, rules: dict[str, Any] | None = None) -> tuple[list[list[str]], list[str]]:
    """The decks and the secrets (of the first decks) of a decks column."""
    if not text:
        return [], []
    decks: list[list[str]] = []
    secrets: list[str] = []
    for d in text.split("|"):
        if d.startswith("="):
            from ..fairness import deal_order

            secrets.append(d[1:])
            decks.append([str(Card(c)) for c in deal_order(Rules.from_dict(rules or {}), d[1:])])
        else:
            decks.append([d[i : i + 2] for i in range(0, len(d), 2)])
    return decks, secrets


class Storage:
    """The database of one server.  Use ``await Storage.open(url)``."""

    def __init__(self, engine: AsyncEngine, url: str) -> None:
        self.engine = engine
        self.url = url
        self._queue: asyncio.Queue[tuple[dict[str, Any], asyncio.Future[None]]] = asyncio.Queue()
        self._writer: asyncio.Task[None] | None = None
        self._wconn: AsyncConnection | None = None
        #: PostgreSQL: the writer's own psycopg connection (autocommit), see :meth:`_append_pg`
        self._pgconn: Any = None

    @property
    def backend(self) -> str:
        return self.engine.dialect.name

    @classmethod
    async def open(cls, url: str | None = None, data_dir: str | Path | None = None) -> Storage:
        full = normalize_url(url, data_dir)
        is_sqlite = full.startswith("sqlite")
        try:
            engine = create_async_engine(full, pool_pre_ping=not is_sqlite)
        except Exception as exc:
            raise StorageError(f"cannot use database {url!r}: {exc}") from None
        if is_sqlite:

            @event.listens_for(engine.sync_engine, "connect")
            def _pragmas(dbapi_conn: Any, _record: Any) -> None:
                cur = dbapi_conn.cursor()
                cur.execute("PRAGMA journal_mode=WAL")
                cur.execute("PRAGMA synchronous=NORMAL")
                cur.execute("PRAGMA busy_timeout=5000")
                cur.close()

        store = cls(engine, full)
        try:
            await store._prepare_schema()
        except StorageError:
            await engine.dispose()
            raise
        except Exception as exc:
            await engine.dispose()
            reason = str(getattr(exc, "orig", None) or exc).strip().splitlines()[0]
            raise StorageError(f"cannot open database {url or full!r}: {reason}") from None
        store._writer = asyncio.get_running_loop().create_task(store._write_loop())
        return store

    async def _prepare_schema(self) -> None:
        async with self.engine.begin() as conn:
            await conn.run_sync(metadata.create_all)
            row = (await conn.execute(select(meta_table.c.value).where(meta_table.c.key == "schema"))).first()
            if row is None:
                await conn.execute(insert(meta_table).values(key="schema", value=str(SCHEMA_VERSION)))
                return
            version = int(row[0])
            if version > SCHEMA_VERSION:
                raise StorageError(
                    f"the database has schema version {version}, newer than this program's "
                    f"{SCHEMA_VERSION}: upgrade spades"
                )
            while version < SCHEMA_VERSION:
                for sql in _MIGRATIONS.get(version, []):
                    await conn.exec_driver_sql(sql)
                version += 1
            await conn.execute(
                update(meta_table).where(meta_table.c.key == "schema").values(value=str(SCHEMA_VERSION))
            )

    async def schema_version(self) -> int:
        async with self.engine.connect() as conn:
            row = (await conn.execute(select(meta_table.c.value).where(meta_table.c.key == "schema"))).first()
        return int(row[0]) if row else 0

    async def ping(self) -> None:
        """One round trip to the database (the health check)."""
        async with self.engine.connect() as conn:
            await conn.execute(select(1))

    async def close(self) -> None:
        if self._writer is not None:
            self._writer.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._writer
        await self.engine.dispose()

    # -- tables -----------------------------------------------------------------

    async def create_table(self, row: TableRow) -> None:
        async with self.engine.begin() as conn:
            await conn.execute(
                insert(tables_table).values(
                    id=row.id,
                    code=row.code,
                    created=row.created,
                    public=row.public,
                    finished=False,
                    rules=json.dumps(row.rules),
                    config=json.dumps(row.config),
                    seats=json.dumps([s.to_json() for s in row.seats]),
                    seed=row.seed,
                    dealer=row.dealer,
                    decks=_encode_decks(row.decks, row.secrets),
                )
            )

    async def code_in_use(self, code: str) -> bool:
        async with self.engine.connect() as conn:
            found = (await conn.execute(select(tables_table.c.id).where(tables_table.c.code == code))).first()
        return found is not None

    async def save_seats(self, table_id: str, seats: Sequence[SeatRow]) -> None:
        async with self.engine.begin() as conn:
            await conn.execute(
                update(tables_table)
                .where(tables_table.c.id == table_id)
                .values(seats=json.dumps([s.to_json() for s in seats]))
            )

    async def save_config(self, table_id: str, config: dict[str, Any]) -> None:
        async with self.engine.begin() as conn:
            await conn.execute(
                update(tables_table).where(tables_table.c.id == table_id).values(config=json.dumps(config))
            )

    async def save_decks(
        self, table_id: str, decks: Sequence[Sequence[str]], secrets: Sequence[str] = ()
    ) -> None:
        """The table's decks and (of the first decks) their secrets."""
        async with self.engine.begin() as conn:
            await conn.execute(
                update(tables_table)
                .where(tables_table.c.id == table_id)
                .values(decks=_encode_decks(decks, secrets))
            )

    async def finish(self, table_id: str, result: dict[str, Any]) -> None:
        async with self.engine.begin() as conn:
            await conn.execute(
                update(tables_table)
                .where(tables_table.c.id == table_id)
                .values(finished=True, result=json.dumps(result))
            )

    async def table_ids(self, unfinished_only: bool = True) -> list[str]:
        query = select(tables_table.c.id).order_by(tables_table.c.created)
        if unfinished_only:
            query = query.where(tables_table.c.finished.is_(False))
        async with self.engine.connect() as conn:
            return [r[0] for r in await conn.execute(query)]

    async def exists(self, table_id: str) -> bool:
        async with self.engine.connect() as conn:
            row = (await conn.execute(select(tables_table.c.id).where(tables_table.c.id == table_id))).first()
        return row is not None

    async def rules_of(self, table_id: str) -> dict[str, Any] | None:
        async with self.engine.connect() as conn:
            query = select(tables_table.c.rules).where(tables_table.c.id == table_id)
            row = (await conn.execute(query)).first()
        return None if row is None else dict(json.loads(row[0]))

    async def public_unfinished(self, limit: int = 200) -> list[dict[str, Any]]:
        """Public unfinished tables as the lobby lists them (no presence: that lives in memory)."""
        query = (
            select(
                tables_table.c.id,
                tables_table.c.code,
                tables_table.c.config,
                tables_table.c.seats,
                tables_table.c.rules,
            )
            .where(tables_table.c.public.is_(True), tables_table.c.finished.is_(False))
            .order_by(tables_table.c.created.desc())
            .limit(limit)
        )
        async with self.engine.connect() as conn:
            rows = list(await conn.execute(query))
        out = []
        for r in rows:
            config = json.loads(r.config)
            seats = json.loads(r.seats)
            out.append(
                {
                    "id": r.id,
                    "code": r.code,
                    "name": config.get("name", ""),
                    "public": True,
                    "preset": config.get("preset", ""),
                    "status": "waiting" if any(s["kind"] == "open" for s in seats) else "playing",
                    "seats": [
                        {"seat": i, "name": s.get("name", ""), "kind": s["kind"], "connected": None}
                        for i, s in enumerate(seats)
                    ],
                    "rules": json.loads(r.rules),
                    "host": config.get("host") or None,
                    "free_seats": sum(1 for s in seats if s["kind"] == "open"),
                }
            )
        return out

    async def id_for_code(self, code: str) -> str | None:
        async with self.engine.connect() as conn:
            row = (await conn.execute(select(tables_table.c.id).where(tables_table.c.code == code))).first()
        return None if row is None else str(row[0])

    async def load(self, table_id: str) -> TableRow | None:
        """A table with its whole action log, or None."""
        async with self.engine.connect() as conn:
            r = (await conn.execute(select(tables_table).where(tables_table.c.id == table_id))).first()
            if r is None:
                return None
            acts = await conn.execute(
                select(actions_table.c.seq, actions_table.c.seat, actions_table.c.action)
                .where(actions_table.c.table_id == table_id)
                .order_by(actions_table.c.seq)
            )
            log: list[tuple[int, str]] = []
            for seq, seat, text in acts:
                if seq != len(log) + 1:
                    raise StorageError(f"table {table_id}: action log has a gap before action {seq}")
                log.append((int(seat), str(text)))
        m = r._mapping
        rules = json.loads(m["rules"])
        decks, secrets = _decode_decks(m["decks"], rules)
        return TableRow(
            id=m["id"],
            code=m["code"],
            created=m["created"],
            public=bool(m["public"]),
            rules=rules,
            config=json.loads(m["config"]),
            seats=[SeatRow.from_json(s) for s in json.loads(m["seats"])],
            seed=int(m["seed"]),
            dealer=int(m["dealer"]),
            decks=decks,
            secrets=secrets,
            finished=bool(m["finished"]),
            result=json.loads(m["result"]) if m["result"] else None,
            actions=log,
        )

    async def actions(self, table_id: str) -> list[tuple[int, int, str]]:
        """The log of a table as (seq, seat, action) rows (for tools and tests)."""
        async with self.engine.connect() as conn:
            rows = await conn.execute(
                select(actions_table.c.seq, actions_table.c.seat, actions_table.c.action)
                .where(actions_table.c.table_id == table_id)
                .order_by(actions_table.c.seq)
            )
            return [(int(a), int(b), str(c)) for a, b, c in rows]

    # -- players (identity without a password) and ratings -----------------------------

    async def create_player(self, player_id: str, name: str, key_hash: str) -> None:
        async with self.engine.begin() as conn:
            await conn.execute(
                insert(players_table).values(
                    id=player_id, name=name, key_hash=key_hash, created=time.time(), rated=0
                )
            )

    async def player_by_key(self, key_hash: str) -> dict[str, Any] | None:
        async with self.engine.connect() as conn:
            r = (
                await conn.execute(select(players_table).where(players_table.c.key_hash == key_hash))
            ).first()
        return None if r is None else _player(r._mapping)

    async def player(self, player_id: str) -> dict[str, Any] | None:
        async with self.engine.connect() as conn:
            r = (await conn.execute(select(players_table).where(players_table.c.id == player_id))).first()
        return None if r is None else _player(r._mapping)

    async def rename_player(self, player_id: str, name: str) -> None:
        async with self.engine.begin() as conn:
            await conn.execute(update(players_table).where(players_table.c.id == player_id).values(name=name))

    async def players_games(self, player_id: str, limit: int = 50) -> list[dict[str, Any]]:
        """The tables a player sat at, newest first (seat lists are JSON: filtered here)."""
        needle = f'"player": "{player_id}"'
        query = (
            select(
                tables_table.c.id,
                tables_table.c.created,
                tables_table.c.finished,
                tables_table.c.seats,
                tables_table.c.result,
                tables_table.c.config,
                tables_table.c.rules,
            )
            .where(tables_table.c.seats.contains(needle, autoescape=True))
            .order_by(tables_table.c.created.desc())
            .limit(limit)
        )
        async with self.engine.connect() as conn:
            rows = list(await conn.execute(query))
        out = []
        for r in rows:
            seats = json.loads(r.seats)
            out.append(
                {
                    "id": r.id,
                    "created": r.created,
                    "finished": bool(r.finished),
                    "seat": next(i for i, s in enumerate(seats) if s.get("player") == player_id),
                    "players": [s.get("name", "") if s["kind"] == "human" else s["kind"] for s in seats],
                    "player_ids": [s.get("player") if s["kind"] == "human" else None for s in seats],
                    "preset": json.loads(r.config).get("preset", ""),
                    "variant": json.loads(r.rules).get("variant", ""),
                    "result": json.loads(r.result) if r.result else None,
                    "closed": bool(r.result and json.loads(r.result).get("closed")),
                }
            )
        return out

    async def save_ratings(self, table_id: str, updates: list[tuple[str, float, float, bool | None]]) -> None:
        """New ratings after a rated game, with their history rows, in one transaction."""
        now = time.time()
        async with self.engine.begin() as conn:
            for player_id, mu, sigma, won in updates:
                await conn.execute(
                    update(players_table)
                    .where(players_table.c.id == player_id)
                    .values(mu=mu, sigma=sigma, rated=players_table.c.rated + 1)
                )
                await conn.execute(
                    insert(ratings_table).values(
                        player_id=player_id, table_id=table_id, at=now, mu=mu, sigma=sigma, won=won
                    )
                )

    async def rating_history(self, player_id: str) -> list[dict[str, Any]]:
        query = (
            select(ratings_table).where(ratings_table.c.player_id == player_id).order_by(ratings_table.c.at)
        )
        async with self.engine.connect() as conn:
            return [
                {
                    "table": r.table_id,
                    "at": r.at,
                    "mu": r.mu,
                    "sigma": r.sigma,
                    "won": r.won,
                    "rating": shown_rating(r.mu),
                }
                for r in await conn.execute(query)
            ]

    async def leaderboard(self, limit: int = 100) -> list[dict[str, Any]]:
        query = (
            select(players_table)
            .where(players_table.c.rated > 0)
            # established ratings first, then the provisional ones; each by rating
            .order_by(
                case((players_table.c.rated >= PROVISIONAL_GAMES, 0), else_=1),
                players_table.c.mu.desc(),
            )
            .limit(limit)
        )
        async with self.engine.connect() as conn:
            return [_player(r._mapping) for r in await conn.execute(query)]

    # -- the append-only log (group commit) ------------------------------------------

    async def append(self, table_id: str, seq: int, seat: int, action: str) -> None:
        """Write one action durably; returns once it is committed."""
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait(
            ({"table_id": table_id, "seq": seq, "seat": seat, "action": action, "at": time.time()}, fut)
        )
        await fut

    async def _write_loop(self) -> None:
        """Commit queued appends in batches on one long-lived connection (no pool round trip)."""
        try:
            while True:
                await self._write_batch()
        finally:
            if self._wconn is not None:
                with contextlib.suppress(Exception):
                    await self._wconn.close()
            await self._close_pgconn()

    async def _write_batch(self) -> None:
        queue = self._queue
        batch = [await queue.get()]
        while not queue.empty() and len(batch) < 500:
            batch.append(queue.get_nowait())
        rows = [item[0] for item in batch]
        try:
            if self.backend == "postgresql":
                await self._append_pg(rows)
            else:
                if self._wconn is None:
                    self._wconn = await self.engine.connect()
                async with self._wconn.begin():
                    await self._wconn.execute(insert(actions_table), rows)
        except asyncio.CancelledError:
            for _, fut in batch:
                if not fut.done():
                    fut.set_exception(StorageError("the server is shutting down"))
            raise
        except Exception:  # one bad row (e.g. a duplicate seq) must not sink the others
            if self._wconn is not None:
                with contextlib.suppress(Exception):
                    await self._wconn.close()
                self._wconn = None
            await self._close_pgconn()
            await self._write_one_by_one(batch)
            return
        for _, fut in batch:
            if not fut.done():
                fut.set_result(None)

    async def _append_pg(self, rows: list[dict[str, Any]]) -> None:
        """PostgreSQL: a batch of actions as ONE statement (the rows as one JSON text) on the
        writer's own autocommit psycopg connection: one round trip, atomic by itself (no
        BEGIN/COMMIT), prepared by psycopg after a few uses, without SQLAlchemy's per-call work."""
        if self._pgconn is None:
            import psycopg

            url = self.engine.url.set(drivername="postgresql")
            self._pgconn = await psycopg.AsyncConnection.connect(
                url.render_as_string(hide_password=False), autocommit=True
            )
        await self._pgconn.execute(_PG_APPEND, (json.dumps(rows, separators=(",", ":")),))

    async def _close_pgconn(self) -> None:
        if self._pgconn is not None:
            conn, self._pgconn = self._pgconn, None
            with contextlib.suppress(Exception):
                await conn.close()

    async def _write_one_by_one(self, batch: list[tuple[dict[str, Any], asyncio.Future[None]]]) -> None:
        for row, fut in batch:
            try:
                async with self.engine.begin() as conn:
                    await conn.execute(insert(actions_table), [row])
            except Exception as exc:  # reported to the table, which takes the move back
                if not fut.done():
                    fut.set_exception(StorageError(f"could not save the action: {exc}"))
            else:
                if not fut.done():
                    fut.set_result(None)
