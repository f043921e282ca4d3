"""The HTTP side of tournaments (Swiss, partners drawn each round, or single elimination of
fixed pairs): pages and the JSON API.

``GET /tournaments``                    the page to make one
``GET /tn/{id}``                        a tournament's page: players, rounds, standings
``POST /api/tournaments``               ``{"name", "host", "format": "swiss"|"knockout",
                                        "rounds": 1..7 (Swiss), "hands": 1..10,
                                        "start_in": minutes 0..10080, "bot_delay"?, "grace"?,
                                        "hand_pause"?, "stand_in"?}`` -> ``{"id", "url", "host_key"}``
``GET /api/tournaments/{id}``           the tournament (:func:`payload`); with the
                                        ``x-player-key`` header also ``you``
``POST /api/tournaments/{id}/register`` ``{"name"}`` with the player's key
``POST /api/tournaments/{id}/checkin``  with the player's key, before the start
``POST /api/tournaments/{id}/leave``    with the player's key: a computer plays the seat from now
                                        on; the results count for the player
``POST /api/tournaments/{id}/start``    ``{"host_key"}``: start now instead of at the start time

The tournament moves on when it is looked at (any ``GET`` of it): at the start time the
players who did not check in are dropped and round 1 is drawn; when every game of a round is
over the next round is drawn, or the tournament ends.  (One process: with ``--broker`` the
processes could draw a round twice; not supported yet.)  Games are rated by the server's usual
rule (every seat a person with a player id); a player who left is rated as having lost the
game they left (players.py).
"""

from __future__ import annotations

import asyncio
import math
import secrets
import time
from typing import Any, Final

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from ..i18n import N_
from .duplicate_routes import _error, _json_body, _refused, _settings
from .limits import BadRequest
from .manager import RequestError, clean_name
from .pages import page_route
from .players import KEY_HEADER, player_for_key
from .storage import hash_token
from .table import TableActor, build_game
from .tournament import (
    MAX_PLAYERS,
    MAX_ROUNDS,
    Format,
    Game,
    Round,
    knockout_pairs,
    knockout_round,
    knockout_standings,
    knockout_table,
    swiss_round,
    swiss_standings,
)
from .tournament_store import Entry, RoundRow, TournamentRow, TournamentStore

__all__ = ["payload", "tournament_routes"]

_MAX_BODY: Final = 8_192
MAX_HANDS: Final = 10
_MINUTE: Final = 60.0


def _whole(data: dict[str, Any], key: str, lo: int, hi: int, default: int, message: str) -> int:
    value = data.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise RequestError(message, key, lo=str(lo), hi=str(hi))
    return value


def parse_request(data: Any) -> tuple[str, str, int, int, float, dict[str, Any], Format]:
    if not isinstance(data, dict):
        raise RequestError(N_("send the tournament's settings as a JSON object"))
    formats = {f.value: f for f in Format}
    fmt = data.get("format", Format.SWISS.value)
    if not isinstance(fmt, str) or fmt not in formats:
        raise RequestError(N_("the format is swiss or knockout"), "format")
    rounds = _whole(data, "rounds", 1, MAX_ROUNDS, 3, N_("a tournament has from {lo} to {hi} rounds"))
    hands = _whole(data, "hands", 1, MAX_HANDS, 4, N_("a game has from {lo} to {hi} hands"))
    start_in = _whole(data, "start_in", 0, 7 * 24 * 60, 15, N_("the start is from {lo} to {hi} minutes away"))
    settings = _settings(data)
    return (
        clean_name(data.get("name"), ""),
        clean_name(data.get("host"), ""),
        rounds,
        hands,
        start_in * _MINUTE,
        settings,
        formats[fmt],
    )


# -- moving on ---------------------------------------------------------------------------------


def standings_order(t: TournamentRow) -> list[int]:
    return [r["player"] for r in swiss_standings(len(t.entrants), [r.as_round() for r in t.rounds])]


def knockout_history(t: TournamentRow) -> list[tuple[list[tuple[int, int]], list[Game]]]:
    """Each finished round of a knock-out: its matches (pair numbers, North-South first) and games."""
    index = {frozenset(p): i for i, p in enumerate(t.pairs)}
    out = []
    for row in t.rounds:
        r = row.as_round()
        if r.done:
            matches = [(index[frozenset((s[0], s[2]))], index[frozenset((s[1], s[3]))]) for s in r.tables]
            out.append((matches, [g for g in r.games if g is not None]))
    return out


def _knockout_next(t: TournamentRow) -> Round:
    pairs = [(a, b) for a, b in t.pairs]
    rows = knockout_standings(pairs, knockout_history(t))
    alive = [row["pair"] for row in rows if row["lost_in"] is None]
    matches, byes = knockout_round(alive, pairs)
    tables = tuple(knockout_table(m, pairs) for m in matches)
    return Round(tables, tuple(e for b in byes for e in pairs[b]))


def _next_round(t: TournamentRow) -> Round:
    if t.format == Format.KNOCKOUT.value:
        return _knockout_next(t)
    order = standings_order(t) if t.rounds else list(range(len(t.entrants)))
    return swiss_round(order, [x.as_round() for x in t.rounds])


async def _draw(store: TournamentStore, t: TournamentRow, manager: Any) -> None:
    r = _next_round(t)
    ids = [await store.make_table(t, i, list(seats)) for i, seats in enumerate(r.tables)]
    t.rounds.append(RoundRow([list(x) for x in r.tables], list(r.byes), ids, [None] * len(ids)))
    for table_id in ids:
        await manager.get(table_id)  # starts it


async def _start(store: TournamentStore, t: TournamentRow, manager: Any) -> None:
    present = [i for i, p in enumerate(t.players) if p.checked_in and not p.left]
    if len(present) < 4:
        t.status = "cancelled"
        return
    for i in present:
        facts = await manager.storage.player(t.players[i].player)
        t.players[i].rating = float(facts["mu"] or 25.0) if facts and facts["mu"] is not None else 25.0
    t.entrants = sorted(present, key=lambda i: (-t.players[i].rating, i))
    t.status = "running"
    if t.format == Format.KNOCKOUT.value:
        pairs, t.odd = knockout_pairs(range(len(t.entrants)))
        t.pairs = [list(p) for p in pairs]
        t.rounds_total = max(1, math.ceil(math.log2(len(pairs))))
    await _draw(store, t, manager)


async def _collect(t: TournamentRow, manager: Any) -> bool:
    """Read the current round's finished games; True when the round is over."""
    r = t.rounds[-1]
    for g, table_id in enumerate(r.table_ids):
        if r.scores[g] is None:
            row = await manager.storage.load(table_id)
            game = build_game(row)
            if game.is_over or row.finished:
                r.scores[g] = [int(x) for x in game.scores]
    return all(s is not None for s in r.scores)


async def advance(store: TournamentStore, t: TournamentRow, manager: Any, now: float) -> bool:
    """Move the tournament on; True when it changed."""
    if t.status == "open" and now >= t.start_at:
        await _start(store, t, manager)
        return True
    if t.status != "running":
        return False
    before = [list(s) if s else None for s in t.rounds[-1].scores]
    if not await _collect(t, manager):
        return before != t.rounds[-1].scores
    if len(t.rounds) >= t.rounds_total:
        t.status = "over"
    else:
        await _draw(store, t, manager)
    return True


# -- what is shown -----------------------------------------------------------------------------


def _who(t: TournamentRow, e: int, round_no: int | None = None) -> dict[str, Any]:
    """Entrant ``e``; ``left`` in a round's seats only from the round in which they left."""
    p = t.players[t.entrants[e]]
    left = p.left and (round_no is None or p.left_in <= round_no)
    return {"entrant": e, "name": p.name, "player": p.player, "left": left}


def payload(t: TournamentRow, me: str | None = None) -> dict[str, Any]:
    rounds = []
    for n, r in enumerate(t.rounds):
        rounds.append(
            {
                "round": n + 1,
                "byes": [_who(t, e, n + 1) for e in r.byes],
                "tables": [
                    {
                        "table": g + 1,
                        "id": r.table_ids[g],
                        "seats": [_who(t, e, n + 1) for e in seats],
                        "scores": r.scores[g],
                    }
                    for g, seats in enumerate(r.tables)
                ],
            }
        )
    standings = _knockout_rows(t) if t.format == Format.KNOCKOUT.value else _swiss_rows(t)
    out: dict[str, Any] = {
        "id": t.id,
        "name": t.name,
        "host": t.host,
        "format": t.format,
        "status": t.status,
        "rounds_total": t.rounds_total,
        "hands": t.hands,
        "start_at": t.start_at,
        "now": time.time(),
        "players": [
            {"name": p.name, "player": p.player, "checked_in": p.checked_in, "left": p.left}
            for p in t.players
        ],
        "rounds": rounds,
        "standings": standings,
    }
    if t.format == Format.SWISS.value:
        out["tie_breaks"] = ["points", "margin", "buchholz", "seed"]
    if me is not None:
        out["you"] = _you(t, me)
    return out


def _swiss_rows(t: TournamentRow) -> list[dict[str, Any]]:
    if not t.entrants:
        return []
    rows = swiss_standings(len(t.entrants), [r.as_round() for r in t.rounds])
    return [{**row, **_who(t, row["player"]), "seeded": row["player"] + 1} for row in rows]


def _knockout_rows(t: TournamentRow) -> list[dict[str, Any]]:
    """The pairs' places (``pair``: the pair's seed; ``lost_in``: the round, None while in),
    then the odd player out (``sat_out``)."""
    if not t.pairs:
        return []
    rows = knockout_standings([(a, b) for a, b in t.pairs], knockout_history(t))
    out: list[dict[str, Any]] = [
        {
            "rank": row["rank"],
            "pair": row["pair"] + 1,
            "lost_in": row["lost_in"],
            "margin": row.get("margin"),
            "players": [_who(t, e) for e in row["players"]],
        }
        for row in rows
    ]
    out += [{"rank": None, "pair": None, "sat_out": True, "players": [_who(t, e)]} for e in t.odd]
    return out


def _you(t: TournamentRow, me: str) -> dict[str, Any] | None:
    reg = next((i for i, p in enumerate(t.players) if p.player == me), None)
    if reg is None:
        return None
    p = t.players[reg]
    out: dict[str, Any] = {"name": p.name, "checked_in": p.checked_in, "left": p.left, "table": None}
    if reg in t.entrants and t.rounds and t.status == "running":
        e = t.entrants.index(reg)
        r = t.rounds[-1]
        for g, seats in enumerate(r.tables):
            if e in seats and r.scores[g] is None:
                out["table"] = f"/t/{r.table_ids[g]}"
    return out


# -- the routes --------------------------------------------------------------------------------


class _Handlers:
    def __init__(self) -> None:
        self.store: TournamentStore | None = None
        self.lock = asyncio.Lock()

    def _store(self, request: Request) -> TournamentStore:
        if self.store is None or self.store.storage is not request.app.state.manager.storage:
            self.store = TournamentStore(request.app.state.manager.storage)
        return self.store

    async def create(self, request: Request) -> Response:
        try:
            name, host, rounds, hands, start_in, settings, fmt = parse_request(
                await _json_body(request, _MAX_BODY)
            )
        except (BadRequest, RequestError) as exc:
            return _refused(request, exc)
        key = secrets.token_urlsafe(18)
        now = time.time()
        t = TournamentRow(
            secrets.token_urlsafe(9),
            now,
            name,
            host,
            hash_token(key),
            rounds,
            hands,
            now + start_in,
            settings,
            format=fmt.value,
        )
        await self._store(request).add(t)
        return JSONResponse({"id": t.id, "url": f"/tn/{t.id}", "host_key": key})

    async def _me(self, request: Request) -> dict[str, Any] | None:
        return await player_for_key(request.app.state.manager.storage, request.headers.get(KEY_HEADER))

    async def show(self, request: Request) -> Response:
        store = self._store(request)
        async with self.lock:
            t = await store.load(request.path_params["tid"])
            if t is None:
                return _error(request, N_("There is no such tournament"), 404)
            if await advance(store, t, request.app.state.manager, time.time()):
                await store.save(t)
        me = await self._me(request)
        return JSONResponse(payload(t, me["id"] if me else None))

    async def register(self, request: Request) -> Response:
        return await self._player_step(request, "register")

    async def checkin(self, request: Request) -> Response:
        return await self._player_step(request, "checkin")

    async def leave(self, request: Request) -> Response:
        return await self._player_step(request, "leave")

    async def _player_step(self, request: Request, step: str) -> Response:
        store = self._store(request)
        try:
            data = await _json_body(request, _MAX_BODY) if step == "register" else {}
            me = await self._me(request)
            if me is None:
                raise RequestError(N_("Open this page in your browser to get a player identity first"))
            async with self.lock:
                t = await store.load(request.path_params["tid"])
                if t is None:
                    return _error(request, N_("There is no such tournament"), 404)
                await STEPS[step](t, me, data, request.app.state.manager)
                await store.save(t)
        except (BadRequest, RequestError, LookupError) as exc:
            return _refused(request, exc)
        return JSONResponse(payload(t, me["id"]))

    async def start(self, request: Request) -> Response:
        store = self._store(request)
        try:
            data = await _json_body(request, _MAX_BODY)
        except BadRequest as exc:
            return _refused(request, exc)
        async with self.lock:
            t = await store.load(request.path_params["tid"])
            if t is None:
                return _error(request, N_("There is no such tournament"), 404)
            key = data.get("host_key") if isinstance(data, dict) else None
            if not isinstance(key, str) or not secrets.compare_digest(hash_token(key), t.host_key_hash):
                return _error(request, N_("Only the host can start the tournament early"), 403)
            if t.status != "open":
                return _error(request, N_("The tournament has already started"), 409)
            t.start_at = time.time()
            await advance(store, t, request.app.state.manager, t.start_at)
            await store.save(t)
        return JSONResponse(payload(t))


def _entry(t: TournamentRow, me: dict[str, Any]) -> Entry:
    found = next((p for p in t.players if p.player == me["id"]), None)
    if found is None:
        raise LookupError(N_("You are not registered in this tournament"))
    return found


async def _register(t: TournamentRow, me: dict[str, Any], data: Any, manager: Any) -> None:
    if t.status != "open":
        raise LookupError(N_("The tournament has already started"))
    if any(p.player == me["id"] for p in t.players):
        raise LookupError(N_("You are already registered"))
    if len(t.players) >= MAX_PLAYERS:
        raise LookupError(N_("The tournament is full"))
    name = clean_name(data.get("name") if isinstance(data, dict) else None, "") or str(me["name"])
    t.players.append(Entry(name, str(me["id"])))


async def _checkin(t: TournamentRow, me: dict[str, Any], data: Any, manager: Any) -> None:
    entry = _entry(t, me)
    if t.status != "open":
        raise LookupError(N_("The tournament has already started"))
    entry.checked_in = True


async def _leave(t: TournamentRow, me: dict[str, Any], data: Any, manager: Any) -> None:
    """The player leaves: not drawn if not started; else a computer plays their seat now and in
    every game left, and the game being played is marked left (rated as lost)."""
    entry = _entry(t, me)
    if entry.left or t.status in ("over", "cancelled"):
        return  # nothing left to leave
    entry.left = True
    if t.status != "running":
        return
    e = t.entrants.index(t.players.index(entry))
    r = t.rounds[-1]
    entry.left_in = len(t.rounds) + 1  # their game of this round is over (or a bye): from the next
    for g, seats in enumerate(r.tables):
        if e in seats and r.scores[g] is None:
            entry.left_in = len(t.rounds)
            await _hand_over(manager, r.table_ids[g], seats.index(e))


async def _hand_over(manager: Any, table_id: str, seat: int) -> None:
    """The computer plays ``seat`` from now (the seat stays the person's: the result is theirs)."""
    actor = await manager.get(table_id)
    if not isinstance(actor, TableActor):  # (another process's table: it plays on after the grace time)
        return
    left = sorted({*actor.row.config.get("left", []), seat})
    actor.row.config["left"] = left
    await manager.storage.save_config(table_id, actor.row.config)
    actor.auto[seat] = True
    await actor.call("info")  # wakes the table: the computer's turn may be now


STEPS = {"register": _register, "checkin": _checkin, "leave": _leave}


def tournament_routes() -> list[Route]:
    h = _Handlers()
    return [
        Route("/tournaments", page_route("tournament")),
        Route("/tn/{tid}", page_route("tournament")),
        Route("/api/tournaments", h.create, methods=["POST"]),
        Route("/api/tournaments/{tid}", h.show),
        Route("/api/tournaments/{tid}/register", h.register, methods=["POST"]),
        Route("/api/tournaments/{tid}/checkin", h.checkin, methods=["POST"]),
        Route("/api/tournaments/{tid}/leave", h.leave, methods=["POST"]),
        Route("/api/tournaments/{tid}/start", h.start, methods=["POST"]),
    ]
