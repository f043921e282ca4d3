"""The HTTP side of duplicate events: pages, the JSON API, the results.

``GET /events``                       the page to create an event
``GET /e/{id}``                       an event's page: its tables, the running and final results
``POST /api/events``                  create one: ``{"name", "host", "boards": 1..13, "tables":
                                      [[seat x 4], ...] (2..8 tables; a seat is "open" for a
                                      person or a computer level), "bot_delay"?, "turn_timer"?}``
                                      -> ``{"id", "url"}``
``GET /api/events/{id}``              the event and its results (:func:`event_payload`)
``POST /api/events/{id}/join``        a person takes an open seat: ``{"table": 1.., "seat": 0..3,
                                      "name"}`` -> ``{"id", "seat", "token", "url"}`` (the table's
                                      id goes only to the person who sits there)

What may be seen when (the leak test, tests/server/test_duplicate_leak.py, checks it): a
board's deal, each table's bids, tricks and points on it and its double-dummy par are in
the payload only once *every* table has finished that board; the standings count only
those boards; the tables' ids (and so their pages, records and replays) only once the
whole event is over.  Until then a table is named by its number, its seats by name.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from ..fairness import deal_order, deal_text
from ..game import Game
from ..i18n import N_
from .duplicate import MAX_BOARDS, MAX_TABLES, BoardResult, Movement, board_results, standings
from .duplicate_store import EventRow, EventStore
from .limits import BadRequest, parse_json, read_body
from .manager import DEFAULT_LEVEL, RequestError, bot_levels, clean_name
from .options import SETTINGS
from .pages import page_route
from .players import KEY_HEADER, player_for_key
from .storage import SeatRow, TableRow
from .table import build_game
from .words import error_fields, language_of, localize

__all__ = ["EventRequest", "duplicate_routes", "event_payload", "parse_event_request"]

_MAX_BODY: Final = 16_384
#: an event's table waits this long for people who left (a closed table would stop the event)
_CLOSE_AFTER: Final = 3600.0


@dataclass
class EventRequest:
    name: str
    host: str
    boards: int
    seats: list[list[SeatRow]]
    settings: dict[str, Any]


def _int_field(data: dict[str, Any], key: str, hi: int, refusal: RequestError) -> int:
    """``data[key]``, a whole number from 0 (or 1 for ``boards`` and ``table``) to ``hi``."""
    value = data.get(key)
    lo = 0 if key == "seat" else 1
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise refusal
    return value


def _seat(spec: Any, levels: Sequence[str]) -> SeatRow:
    if spec == "open":
        return SeatRow("open")
    level = spec[4:] if isinstance(spec, str) and spec.startswith("bot:") else spec
    if level not in levels:
        raise RequestError(N_("each seat is 'open' for a person or a computer level"), "tables")
    return SeatRow("bot", level=str(level))


def _settings(data: dict[str, Any]) -> dict[str, Any]:
    stand_in = data.get("stand_in", DEFAULT_LEVEL)
    if stand_in not in bot_levels():
        levels = ", ".join(bot_levels())
        raise RequestError(N_("computer level must be one of {levels}"), "stand_in", levels=levels)
    out: dict[str, Any] = {"stand_in": stand_in, "close_after": _CLOSE_AFTER}
    for key in ("bot_delay", "turn_timer", "grace", "hand_pause"):
        label, lo, hi, default = SETTINGS[key]
        value = data.get(key, default)
        if not isinstance(value, (int, float)) or isinstance(value, bool) or not lo <= value <= hi:
            raise RequestError(
                N_("{key} must be a number from {lo} to {hi}"), key, ("key",), key=label, lo=f"{lo:g}",
                hi=f"{hi:g}",
            )
        out[key] = float(value)
    if out["turn_timer"] and out["turn_timer"] < 5:
        raise RequestError(N_("turn timer must be 0 (off) or at least 5 seconds"), "turn_timer")
    return out


def parse_event_request(data: Any) -> EventRequest:
    """Validate ``POST /api/events``: every refusal in words (a ``web`` message) with its field."""
    if not isinstance(data, dict):
        raise RequestError(N_("send the event's settings as a JSON object"))
    tables = data.get("tables")
    if not isinstance(tables, list) or not 2 <= len(tables) <= MAX_TABLES:
        raise RequestError(N_("an event has from 2 to {n} tables of four"), "tables", n=str(MAX_TABLES))
    levels = bot_levels()
    seats: list[list[SeatRow]] = []
    for table in tables:
        if not isinstance(table, list) or len(table) != 4:
            raise RequestError(N_("each table has four seats"), "tables")
        seats.append([_seat(spec, levels) for spec in table])
    if not any(s.kind == "open" for row in seats for s in row):
        raise RequestError(N_("an event is for people: leave at least one seat open"), "tables")
    name = clean_name(data.get("name"), "")
    boards = _int_field(
        {"boards": 4, **data}, "boards", MAX_BOARDS,
        RequestError(N_("an event has from 1 to {n} boards"), "boards", n=str(MAX_BOARDS)),
    )
    return EventRequest(name, clean_name(data.get("host"), ""), boards, seats, _settings(data))


# -- the results ------------------------------------------------------------------------------


def _seat_facts(seat: SeatRow, position: str) -> dict[str, Any]:
    return {
        "position": position,
        "kind": seat.kind,
        "name": seat.name if seat.kind == "human" else None,
        "level": seat.level if seat.kind == "bot" else None,
    }


def _table_facts(t: int, row: TableRow, game: Game, over: bool) -> dict[str, Any]:
    rules = game.rules
    return {
        "table": t + 1,
        "id": row.id if over else None,
        "seats": [_seat_facts(seat, rules.seat_name(s)) for s, seat in enumerate(row.seats)],
        "open": sum(1 for seat in row.seats if seat.kind == "open"),
        "played": min(game.hands_played, rules.hands or 0),
        "closed": bool(row.finished and not game.is_over),
    }


def _pair_names(movement: Movement, rows: Sequence[TableRow]) -> list[list[dict[str, Any]]]:
    out = []
    for p in range(2 * movement.tables):
        table, side = movement.pair_place(p)
        out.append([_seat_facts(rows[table].seats[s], "") for s in (side, side + 2)])
    return out


def _result_facts(r: BoardResult, mp: int, top: int, par: dict[str, int] | None) -> dict[str, Any]:
    return {
        "table": r.table + 1,
        "contracts": list(r.contracts),
        "nils": [list(n) for n in r.nils],
        "tricks": list(r.tricks),
        "points": list(r.points),
        "net": r.net,
        "mp": [mp, top - mp],
        "par": par,
    }


ParOf = Callable[[int, int], "dict[str, int] | None"]


def _board_facts(
    movement: Movement, k: int, results: Sequence[BoardResult], deal: str, par_of: ParOf
) -> dict[str, Any]:
    from .duplicate import match_points

    top = 2 * (movement.tables - 1)
    mps = match_points([r.net for r in results])
    return {
        "board": k + 1,
        "dealer": movement.board_dealer(k),
        "complete": True,
        "deal": deal,
        "results": [_result_facts(r, mp, top, par_of(r.table, k)) for r, mp in zip(results, mps)],
    }


def event_payload(event: EventRow, rows: Sequence[TableRow], par_of: ParOf) -> dict[str, Any]:
    """The event as ``GET /api/events/{id}`` gives it: what it is, its tables (seats, boards
    played so far), the movement, every board finished at all tables with each table's result
    and par, the standings over those boards, and ``over``."""
    movement = event.movement
    games = [build_game(row) for row in rows]
    per_table = [board_results(movement, t, g.history) for t, g in enumerate(games)]
    done = min(len(results) for results in per_table)
    over = done == event.boards or all(row.finished for row in rows)
    rules = games[0].rules
    boards: list[dict[str, Any]] = []
    for k in range(event.boards):
        if k >= done:
            boards.append({"board": k + 1, "dealer": movement.board_dealer(k), "complete": False})
            continue
        secret = rows[0].secrets[k]
        deal = deal_text(rules, deal_order(rules, secret), movement.board_dealer(k))
        on_board = [per_table[t][k] for t in range(movement.tables)]
        boards.append(_board_facts(movement, k, on_board, deal, par_of))
    return {
        "id": event.id,
        "name": event.name,
        "host": event.host,
        "boards": event.boards,
        "scoring": "match points",
        "over": over,
        "complete_boards": done,
        "tables": [_table_facts(t, row, games[t], over) for t, row in enumerate(rows)],
        "movement": movement.to_dict(),
        "pairs": _pair_names(movement, rows),
        "results": boards,
        "standings": standings(movement, [[results[k] for results in per_table] for k in range(done)]),
    }


def board_par(row: TableRow, movement: Movement, table: int, board: int) -> dict[str, int]:
    """The double-dummy tricks (:mod:`spades.analysis`, at the first lead) of each board side on
    ``board`` as dealt at ``table`` (a blind nil's exchange can make them differ between
    tables): ``{"ns": ..., "ew": ...}``.  Only for a board that table has finished."""
    from ..analysis import analyse_game

    game = build_game(row)
    review = analyse_game(game, hands=[board + 1]).hands[0]
    dd = {sr.side: sr.dd_tricks for sr in review.sides}
    return {"ns": dd[movement.table_side(table, 0)], "ew": dd[movement.table_side(table, 1)]}


# -- the routes --------------------------------------------------------------------------------


def _error(request: Request, what: BaseException | str, status: int = 400) -> JSONResponse:
    """An error's JSON as app.py words them: ``error`` in English, ``localized``, ``field``."""
    lang = language_of(request.headers.get("cookie"), request.headers.get("accept-language"))
    if isinstance(what, (RequestError, BadRequest)):
        return JSONResponse({"error": str(what), **error_fields(what, lang)}, status_code=status)
    message = str(what.args[0]) if isinstance(what, BaseException) and what.args else str(what)
    return JSONResponse({"error": message, "localized": localize(message, lang)}, status_code=status)


async def _json_body(request: Request, cap: int) -> Any:
    """The request's JSON body of at most ``cap`` bytes (:class:`BadRequest` otherwise)."""
    return parse_json(await read_body(request, cap))


def _refused(request: Request, exc: BadRequest | RequestError | LookupError) -> JSONResponse:
    """The answer to a refused request: a bad body with its own status, a bad setting 400, a
    conflict with the state of the event or tournament (:class:`LookupError`) 409."""
    status = exc.status if isinstance(exc, BadRequest) else 409 if isinstance(exc, LookupError) else 400
    return _error(request, exc, status)


class _Events:
    """The handlers, sharing the event store and the par cache of this process."""

    def __init__(self) -> None:
        self.store: EventStore | None = None
        #: (table id, board) -> the par, or its computation under way
        self.pars: dict[tuple[str, int], asyncio.Future[dict[str, int]]] = {}

    def _store(self, request: Request) -> EventStore:
        if self.store is None or self.store.storage is not request.app.state.manager.storage:
            self.store = EventStore(request.app.state.manager.storage)
        return self.store

    async def create(self, request: Request) -> Response:
        try:
            req = parse_event_request(await _json_body(request, _MAX_BODY))
        except (BadRequest, RequestError) as exc:
            return _refused(request, exc)
        event = await self._store(request).create(req.name, req.host, req.boards, req.seats, req.settings)
        manager = request.app.state.manager
        for table_id in event.tables:
            await manager.get(table_id)  # starts it here, or (--broker) wherever it is leased
        return JSONResponse({"id": event.id, "url": f"/e/{event.id}"})

    async def _rows(self, request: Request) -> tuple[EventRow, list[TableRow]] | None:
        event = await self._store(request).load(request.path_params["event_id"])
        if event is None:
            return None
        storage = request.app.state.manager.storage
        rows = [await storage.load(t) for t in event.tables]
        if any(r is None for r in rows):
            return None
        return event, [r for r in rows if r is not None]

    async def show(self, request: Request) -> Response:
        found = await self._rows(request)
        if found is None:
            return _error(request, N_("There is no such event"), 404)
        event, rows = found
        pars = await self._pars(event, rows)
        payload = event_payload(event, rows, lambda t, k: pars.get((rows[t].id, k)))
        return JSONResponse(payload)

    async def _pars(self, event: EventRow, rows: list[TableRow]) -> dict[tuple[str, int], dict[str, int]]:
        """The pars of the boards every table finished (computed once, off the event loop)."""
        movement = event.movement
        done = min(len(build_game(row).history) for row in rows)
        loop = asyncio.get_running_loop()
        out: dict[tuple[str, int], dict[str, int]] = {}
        for t, row in enumerate(rows):
            for k in range(min(done, event.boards)):
                key = (row.id, k)
                if key not in self.pars:
                    self.pars[key] = loop.run_in_executor(None, board_par, row, movement, t, k)
                try:
                    out[key] = await asyncio.shield(self.pars[key])
                except ImportError:  # no solver here: the results go without the par
                    self.pars.pop(key, None)
        return out

    async def join(self, request: Request) -> Response:
        found = await self._rows(request)
        if found is None:
            return _error(request, N_("There is no such event"), 404)
        event, rows = found
        try:
            data = await _json_body(request, _MAX_BODY)
            if not isinstance(data, dict):
                raise RequestError(N_("send a JSON object"))
            no_table = RequestError(N_("there is no such table"), "table")
            table = _int_field(data, "table", len(rows), no_table) - 1
            seat = _int_field(data, "seat", 3, RequestError(N_("there is no such seat"), "seat"))
            name = clean_name(data.get("name"), "")
            me = await player_for_key(request.app.state.manager.storage, request.headers.get(KEY_HEADER))
            if me is not None and any(s.player == me["id"] for row in rows for s in row.seats):
                raise LookupError(N_("You already have a seat in this event"))
            actor = await request.app.state.manager.get(event.tables[table])
            seat, token = await actor.call("claim", seat, name or (me["name"] if me else ""),
                                           me["id"] if me else None)
        except (BadRequest, RequestError, LookupError) as exc:
            return _refused(request, exc)
        table_id = event.tables[table]
        return JSONResponse({"id": table_id, "seat": seat, "token": token, "url": f"/t/{table_id}"})


def duplicate_routes() -> list[Route]:
    """The routes app.py adds to its own (each app gets its own handlers and par cache)."""
    h = _Events()
    return [
        Route("/events", page_route("event")),
        Route("/e/{event_id}", page_route("event")),
        Route("/api/events", h.create, methods=["POST"]),
        Route("/api/events/{event_id}", h.show),
        Route("/api/events/{event_id}/join", h.join, methods=["POST"]),
    ]


