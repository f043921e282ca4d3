"""The tables of one server: creating, finding, loading and rebuilding them.

On start :meth:`TableManager.start` rebuilds every unfinished table from the
database (its row plus its action log, replayed through the engine) and starts
its actor, so play continues where it stopped.  Finished tables are loaded on
demand when someone opens their page.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from dataclasses import dataclass
from typing import Any, Final

from .. import bots
from ..i18n import N_
from ..rules import PRESETS as _ALL_PRESETS
from ..rules import Rules
from .limits import Limits
from .metrics import NullMetrics
from .options import MAX_NAME, SETTINGS, RequestError, checked_options, clean_name, house_rules
from .players import rate_finished_game
from .social import ChatFilter, Social
from .storage import SeatRow, Storage, TableRow, hash_token
from .table import TableActor, build_game, finished_result, secret_decks

__all__ = [
    "MAX_NAME",
    "CreateRequest",
    "RequestError",
    "TableManager",
    "bot_levels",
    "clean_name",
    "parse_create_request",
]

log = logging.getLogger("spades.server")

_CODE_ALPHABET: Final = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no I, O, 0, 1
_FIRST_DECKS: Final = 12
_MAX_TABLES_IN_MEMORY: Final = 5000
#: computer levels, strongest first: the first is every default (seats, stand-ins, hints)
BOT_LEVELS: Final = ("expert", "basic", "random")
DEFAULT_LEVEL: Final = BOT_LEVELS[0]
#: seconds between two reports of who is at this process's tables (friends' presence)
PRESENCE_BEAT_S: Final = 5.0


def bot_levels() -> list[str]:
    """Computer player levels offered in the lobby (the ones that exist now first)."""
    have = set(bots.names())
    levels: list[str] = list(BOT_LEVELS)
    return [lvl for lvl in levels if lvl in have] + [lvl for lvl in levels if lvl not in have]


@dataclass
class CreateRequest:
    rules: Rules
    preset: str
    seats: list[SeatRow]
    you: int | None
    public: bool
    config: dict[str, Any]


def _number(data: dict[str, Any], key: str) -> float:
    label, lo, hi, default = SETTINGS[key]
    value = data.get(key, default)
    if not isinstance(value, (int, float)) or isinstance(value, bool) or not lo <= value <= hi:
        raise RequestError(
            N_("{key} must be a number from {lo} to {hi}"),
            key,
            ("key",),
            key=label,
            lo=f"{lo:g}",
            hi=f"{hi:g}",
        )
    return float(value)


def parse_create_request(data: Any) -> CreateRequest:
    """Validate the body of ``POST /api/tables``: every refusal in words (a ``web`` message)
    with the ``field`` it is about (see :mod:`.options`)."""
    if not isinstance(data, dict):
        raise RequestError(N_("send the table settings as a JSON object"))
    preset = data.get("preset", "partnership")
    options = data.get("options") or {}
    if not isinstance(preset, str) or not isinstance(options, dict):
        raise RequestError(N_("preset must be a name and options an object"), "preset")
    preset = preset.strip().lower().replace("_", "-")
    if preset not in _ALL_PRESETS:
        raise RequestError(
            N_("unknown preset {name}: choose one of {names}"),
            "preset",
            name=str(data.get("preset"))[:40],
            names=", ".join(_ALL_PRESETS),
        )
    allowed = set(Rules.__dataclass_fields__) - {"variant"}
    unknown = set(options) - allowed
    if unknown:
        names = sorted(map(str, unknown))
        raise RequestError(N_("unknown rule option(s): {names}"), names[0], names=", ".join(names))
    rules = checked_options(preset, options)
    n = rules.num_seats
    seats_in = data.get("seats")
    if seats_in is None:
        seats_in = ["you"] + ["bot"] * (n - 1)
    if not isinstance(seats_in, list) or len(seats_in) != n:
        raise RequestError(
            N_("this game has {n} seats: say for each one 'you', 'open' or a computer level"), "seats", n=n
        )
    levels = bot_levels()
    seats: list[SeatRow] = []
    you = None
    for s, spec in enumerate(seats_in):
        if isinstance(spec, dict):
            kind, level = spec.get("kind"), spec.get("level", DEFAULT_LEVEL)
        else:
            kind, level = spec, DEFAULT_LEVEL
        if isinstance(kind, str) and kind.startswith("bot:"):
            kind, level = "bot", kind[4:]
        if kind in levels:
            kind, level = "bot", kind
        if kind == "you":
            if you is not None:
                raise RequestError(N_("you can sit in only one seat"), "seats")
            you = s
            seats.append(SeatRow("human", name=""))
        elif kind == "open":
            seats.append(SeatRow("open"))
        elif kind == "bot":
            if level not in levels:
                raise RequestError(
                    N_("computer level must be one of {levels}"), "seats", levels=", ".join(levels)
                )
            seats.append(SeatRow("bot", level=level))
        else:
            raise RequestError(N_("each seat is 'you', 'open' or a computer player"), "seats")
    stand_in = data.get("stand_in", DEFAULT_LEVEL)
    if stand_in not in levels:
        raise RequestError(N_("computer level must be one of {levels}"), "stand_in", levels=", ".join(levels))
    config = {
        "preset": preset,
        "name": _named(data, "table_name"),
        "turn_timer": _number(data, "turn_timer"),
        "grace": _number(data, "grace"),
        "bot_delay": _number(data, "bot_delay"),
        "hints": bool(data.get("hints", True)),
        "hand_pause": _number(data, "hand_pause"),
        "close_after": _number(data, "close_after"),
        "stand_in": stand_in,
    }
    if config["turn_timer"] and config["turn_timer"] < 5:
        raise RequestError(N_("turn timer must be 0 (off) or at least 5 seconds"), "turn_timer")
    if you is not None:
        seats[you].name = _named(data, "name")
    public = bool(data.get("public", True))
    if _flag(data, "private"):
        # only the host, the people at the table and those invited (and, when the host says so,
        # the host's friends) join or watch; never listed
        config["private"] = True
        config["friends"] = _flag(data, "friends")
        public = False
    return CreateRequest(rules, preset, seats, you, public, config)


def _flag(data: dict[str, Any], key: str) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise RequestError(N_("{key} must be true or false"), key, key=key)
    return value


def _named(data: dict[str, Any], key: str) -> str:
    """A name field of a request, checked (:func:`clean_name`), the field named when refused."""
    try:
        return clean_name(data.get(key), "")
    except RequestError as exc:
        exc.field = key
        raise


def lobby_row(info: dict[str, Any]) -> dict[str, Any]:
    """A table as the lobby lists it: its public facts (:meth:`TableActor.info`) less the whole
    rules, plus what the table is: ``target_score``, ``house_rules`` (the options that differ
    from the preset as the lobby offers it, ``[{"name", "value"}]``), ``host``, ``free_seats``."""
    row = {k: v for k, v in info.items() if k not in ("rules", "timer_rule")}
    rules = info.get("rules") or {}
    row["target_score"] = rules.get("target_score")
    row["hands"] = rules.get("hands")
    row["house_rules"] = house_rules(str(info.get("preset", "")), rules)
    return row


class TableManager:
    """All live tables; one per server."""

    def __init__(
        self,
        storage: Storage,
        metrics: NullMetrics | None = None,
        limits: Limits | None = None,
        cluster: Any = None,
        censor: ChatFilter | None = None,
    ) -> None:
        self.storage = storage
        #: friends, blocks, invitations, presence and reports (:mod:`.social`)
        self.social = Social(storage)
        #: the operator's chat word filter
        self.censor = censor if censor is not None else ChatFilter.default()
        self._beat: asyncio.Task[None] | None = None
        #: a :class:`~.broker.Cluster` when several processes share the tables (``--broker``)
        self.cluster = cluster
        self.metrics = metrics or NullMetrics()
        self.limits = limits or Limits()
        self.tables: dict[str, TableActor] = {}
        self._loading: dict[str, asyncio.Future[TableActor | None]] = {}

    async def start(self) -> None:
        """Rebuild every unfinished table from its log and start its actor.

        In a cluster, a process runs only the tables it holds a lease on: it takes
        the orphans (no live lease) in its sweeps, a few seconds apart."""
        self._beat = asyncio.get_running_loop().create_task(self._presence_loop())
        if self.cluster is not None:
            await self.cluster.start(self)
            return
        for table_id in await self.storage.table_ids(unfinished_only=True):
            try:
                await self.get(table_id)
            except Exception:
                log.exception("table %s could not be rebuilt", table_id)

    async def stop(self) -> None:
        if self._beat is not None:
            self._beat.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._beat
        for actor in list(self.tables.values()):
            await actor.stop()
        self.tables.clear()
        if self.cluster is not None:
            await self.cluster.stop()

    def _wire(self, actor: TableActor) -> TableActor:
        actor.metrics = self.metrics
        actor.on_finish = self._finished
        actor.on_rematch = self._rematch
        actor.on_keep_partner = self._keep_partner
        actor.social = self.social
        actor.censor = self.censor
        return actor

    async def _presence_loop(self) -> None:
        """Every few seconds: the players connected at this process's tables are "at a table"."""
        while True:
            await asyncio.sleep(PRESENCE_BEAT_S)
            try:
                await self.presence_beat()
            except Exception:
                log.exception("could not record who is at the tables")

    async def presence_beat(self) -> None:
        for actor in list(self.tables.values()):
            if actor.game.is_over or actor.closed:
                continue
            here = {
                actor.row.seats[c.seat].player if c.seat is not None else c.player
                for c in actor.conns
                if c.joined and not c.dead
            } | {c.player for c in actor.conns if c.joined and not c.dead and c.player}
            here.discard(None)
            if here:
                await self.social.seen(sorted(p for p in here if p), actor.id)

    async def _finished(self, actor: TableActor) -> None:
        try:
            left = {*actor.row.config.get("left", []), *(s for s, away in enumerate(actor.auto) if away)}
            await rate_finished_game(self.storage, actor.row, list(actor.game.scores), sorted(left))
        except Exception:
            log.exception("table %s: could not rate the game", actor.id)

    async def _rematch(self, actor: TableActor) -> str:
        """A new table with the same rules, settings and seats (people keep their seat links)."""
        old = actor.row
        config = {k: v for k, v in old.config.items() if k != "rematch"}
        seats = [SeatRow(s.kind, s.level, s.name, s.token_hash, s.player) for s in old.seats]
        config = {k: v for k, v in config.items() if not k.startswith("partner")}
        req = CreateRequest(actor.game.rules, str(config.get("preset", "")), seats, None, old.public, config)
        new, _ = await self.create(req, force=True)
        if config.get("private"):
            await self.social.copy_invites(old.id, new.id)
        old.config["rematch"] = new.id
        await self.storage.save_config(old.id, old.config)
        return new.id

    async def _keep_partner(self, actor: TableActor, seat: int) -> str:
        """A new game for ``seat`` and its partner: the two keep their seats and seat links, the
        opponents' seats go to computers that give them up to people (as at a "play now"
        table); the table is as private as the old one."""
        old = actor.row
        config = {k: v for k, v in old.config.items() if k != "rematch" and not k.startswith("partner")}
        config["yield"] = True
        level = str(config.get("stand_in", DEFAULT_LEVEL))
        seats = []
        for s, spec in enumerate(old.seats):
            if s % 2 == seat % 2:
                seats.append(SeatRow(spec.kind, spec.level, spec.name, spec.token_hash, spec.player))
            else:
                seats.append(SeatRow("bot", level=level))
        req = CreateRequest(actor.game.rules, str(config.get("preset", "")), seats, None, old.public, config)
        new, _ = await self.create(req, force=True)
        if config.get("private"):
            await self.social.copy_invites(old.id, new.id)
        old.config[f"partner{seat % 2}"] = new.id
        await self.storage.save_config(old.id, old.config)
        return new.id

    async def play_now(self, preset: str, name: str, player: str | None) -> tuple[TableActor, int, str]:
        """Seat a person at a public table of this preset that has room (an open seat, or a
        computer's seat at a "play now" table), or start a new "play now" table whose
        computer players give their seats to people as they join.  Never with a player the
        person blocked or was blocked by."""
        avoid = sorted(await self.social.avoid(player))
        for actor in list(self.tables.values()):
            row = actor.row
            if not row.public or actor.game.is_over or actor.closed or row.config.get("preset") != preset:
                continue
            room = any(s.kind == "open" for s in row.seats) or (
                row.config.get("yield") and any(s.kind == "bot" for s in row.seats)
            )
            if room and not any(s.player == player or s.player in avoid for s in row.seats if s.player):
                try:
                    seat, token = await actor.call("claim", None, name, player, avoid)
                except LookupError:
                    continue
                return actor, seat, token
        data = {
            "preset": preset,
            "seats": ["you"] + ["bot"] * (Rules.preset(preset).num_seats - 1),
            "name": name,
            "public": True,
            "turn_timer": 30,
        }
        req = parse_create_request(data)
        req.config["yield"] = True
        req.seats[0].player = player
        actor, token = await self.create(req)
        assert token is not None and req.you is not None
        return actor, req.you, token

    async def create(self, req: CreateRequest, force: bool = False) -> tuple[TableActor, str | None]:
        """A new table; returns it and the creator's seat token (None when not seated).

        Raises LookupError when the table would have no person at it and the server
        already runs its limit of such tables.
        """
        if (
            not force
            and all(seat.kind == "bot" for seat in req.seats)
            and (self.bot_tables() >= self.limits.max_bot_tables)
        ):
            raise LookupError(
                N_(
                    "This server already runs as many computer-only tables as it allows; "
                    "take a seat yourself or try again later"
                )
            )
        if req.you is not None and not req.config.get("host"):
            req.config["host"] = req.seats[req.you].name  # the lobby says whose table it is
        if req.you is not None and req.seats[req.you].player and not req.config.get("host_player"):
            req.config["host_player"] = req.seats[req.you].player  # who may invite to a private table
        table_id = secrets.token_urlsafe(9)
        code = await self._new_code()
        token = None
        if req.you is not None:
            token = secrets.token_urlsafe(24)
            req.seats[req.you].token_hash = hash_token(token)
        rules = req.rules
        hand_secrets, decks = secret_decks(rules, _FIRST_DECKS)
        dealer = rules.first_dealer if rules.first_dealer is not None else secrets.randbelow(rules.num_seats)
        row = TableRow(
            id=table_id,
            code=code,
            created=time.time(),
            public=req.public,
            rules=rules.to_dict(),
            config=req.config,
            seats=req.seats,
            seed=secrets.randbits(63),
            dealer=dealer,
            decks=decks,
            secrets=hand_secrets,
        )
        await self.storage.create_table(row)
        if self.cluster is not None:
            await self.cluster.acquire(table_id)
        actor = self._wire(TableActor(row, self._storage_for(table_id)))
        self.tables[table_id] = actor
        actor.start()
        self._trim()
        return actor, token

    async def _new_code(self) -> str:
        for _ in range(50):
            code = "".join(secrets.choice(_CODE_ALPHABET) for _ in range(6))
            if not await self.storage.code_in_use(code):
                return code
        raise RequestError(N_("could not find a free invite code; try again"))

    def _storage_for(self, table_id: str) -> Any:
        if self.cluster is None:
            return self.storage
        from .broker import FencedStorage

        cluster = self.cluster
        return FencedStorage(self.storage, lambda: cluster.fresh(table_id))

    async def get(self, table_id: str) -> Any:
        """The live table (rebuilt from the database when needed); in a cluster, a
        :class:`~.broker.RemoteTable` when another process runs it."""
        actor = self.tables.get(table_id)
        if actor is not None:
            return actor
        if not isinstance(table_id, str) or not 4 <= len(table_id) <= 32:
            return None
        if self.cluster is not None:
            return await self._cluster_get(table_id)
        return await self.run_here(table_id)

    async def _cluster_get(self, table_id: str) -> Any:
        from .broker import RemoteTable

        cluster = self.cluster
        remote = cluster.remote_tables.get(table_id)
        if remote is not None:
            return remote.local or remote
        rules = await self.storage.rules_of(table_id)
        if rules is None:  # never take a lease on a table that does not exist
            return None
        owner = await cluster.owner(table_id)
        if owner is None or owner == cluster.pid:
            if owner == cluster.pid or await cluster.acquire(table_id):
                return await self.run_here(table_id)
            owner = await cluster.owner(table_id)
            if owner is None:
                return None
        remote = RemoteTable(cluster, table_id, owner, Rules.from_dict(rules).num_seats)
        cluster.remote_tables[table_id] = remote
        return remote

    async def run_here(self, table_id: str) -> TableActor | None:
        """Rebuild a table from its row and log and run it in this process."""
        actor = self.tables.get(table_id)
        if actor is not None:
            return actor
        pending = self._loading.get(table_id)
        if pending is not None:
            return await pending
        fut: asyncio.Future[TableActor | None] = asyncio.get_running_loop().create_future()
        self._loading[table_id] = fut
        try:
            row = await self.storage.load(table_id)
            if row is None:
                actor = None
            else:
                events: list[Any] = []
                game = build_game(row, events)
                if game.is_over and not row.finished:
                    # the server stopped between logging the last action and marking the table
                    await self.storage.finish(table_id, finished_result(game))
                    row.finished = True
                actor = self._wire(TableActor(row, self._storage_for(table_id), game, events))
                self.tables[table_id] = actor
                actor.start()
            fut.set_result(actor)
            return actor
        except BaseException as exc:
            fut.set_exception(exc)
            fut.exception()  # mark retrieved
            raise
        finally:
            del self._loading[table_id]

    async def by_code(self, code: str) -> str | None:
        code = code.strip().upper()
        if not 4 <= len(code) <= 16 or not code.isalnum():
            return None
        return await self.storage.id_for_code(code)

    def bot_tables(self) -> int:
        """Tables running in memory with no person connected at them: computer-only tables,
        and people's tables that everybody left (until they close, see ``TableActor.closed``)."""
        return sum(1 for actor in self.tables.values() if actor.unattended)

    def count_by_status(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for actor in self.tables.values():
            out[actor.status] = out.get(actor.status, 0) + 1
        return out

    async def exists(self, table_id: str) -> bool:
        """Whether a table with this id is in memory or in the database."""
        if table_id in self.tables:
            return True
        if not 4 <= len(table_id) <= 32:
            return False
        return await self.storage.exists(table_id)

    async def lobby(self) -> list[dict[str, Any]]:
        """The lobby's list: this process's tables, and in a cluster every process's (from the database)."""
        if self.cluster is None:
            return self.public_tables()
        out = {t["id"]: lobby_row(t) for t in await self.storage.public_unfinished()}
        out.update({t["id"]: t for t in self.public_tables()})
        listed = sorted(out.values(), key=lambda t: (t["status"] != "waiting", t["id"]))
        return listed[:100]

    def public_tables(self) -> list[dict[str, Any]]:
        out = []
        for actor in self.tables.values():
            if actor.row.public and not actor.game.is_over and not actor.closed:
                out.append(lobby_row(actor.info()))
        out.sort(key=lambda t: (t["status"] != "waiting", t["id"]))
        return out[:100]

    def _trim(self) -> None:
        """Forget finished, quiet tables when very many are in memory (they reload on demand)."""
        if len(self.tables) <= _MAX_TABLES_IN_MEMORY:
            return
        for table_id, actor in list(self.tables.items()):
            if (actor.game.is_over or actor.closed) and not actor.conns:
                del self.tables[table_id]
                asyncio.get_running_loop().create_task(actor.stop())
