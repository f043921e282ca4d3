"""The ASGI application: HTTP routes, the websocket endpoint and the static web client.

Routes
------
``GET /``                       the lobby page
``GET /t/{id}``                 the table page (seat token kept by the browser, per table)
``GET /j/{code}``               join by invite code: redirects to the table page
``GET /api/config``             presets with their options, computer levels
``GET /api/tables``             public tables that are waiting or playing
``POST /api/tables``            create a table (see :func:`manager.parse_create_request`)
``GET /api/tables/{id}``        public facts about one table
``POST /api/tables/{id}/join``  claim an open seat: ``{"seat": n?, "name": "..."}`` -> ``{seat, token}``
``GET /api/code/{code}``        ``{"id": ...}`` for an invite code
``GET/PUT /api/me/prefs``       the player's display settings (:mod:`.prefs`)
``WS  /ws/{id}``                the game protocol (:mod:`.protocol`)
``GET /api/i18n/{lang}``        the web client's catalog of a language (:func:`.words.client_catalog`)
``GET /api/i18n``               the same for the request's language (``spades_lang`` cookie, else
                                ``Accept-Language``, else English)
``GET /api/i18n.js``            that catalog as a script (``window.SPADES_I18N``), loaded first by every page
``GET /healthz``                200 ``{"ok": true, ...}`` when the database answers, else 503
``GET /metrics``                Prometheus metrics (:mod:`.metrics`)

Limits (:mod:`.limits`): bodies are streamed and refused past ``max_body`` bytes (413),
any malformed JSON is a 400, invite-code lookups, table creation and seat claims are
rate limited per client address (429 with ``Retry-After``), and only so many tables
without a person at them may run at once.

Errors: ``{"error": English, "localized": the same in the request's language, "field": the
request field it is about (a rule option such as ``target_score``, a setting, ``name``, ``seats``,
``preset``) when there is one}`` (see :mod:`.words` and :mod:`.options`); the pages show
``localized`` and mark ``field``, API clients may keep reading ``error``.

Nothing here ever reads cards: every game message is built by the table actor.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from .. import i18n
from ..i18n import LANGUAGES, N_
from ..rules import PRESETS
from .duplicate_routes import duplicate_routes
from .limits import BadRequest, ClientLimiter, Limits, client_key, parse_json, read_body
from .manager import RequestError, TableManager, bot_levels, clean_name, parse_create_request
from .metrics import Metrics
from .options import (
    PEOPLE_PRESETS,
    RESEARCH_PRESETS,
    SETTINGS,
    limits_for,
    options_description,
    rule_sets_description,
)
from .pages import page_route
from .players import KEY_HEADER, new_player, player_for_key
from .prefs import prefs_routes
from .protocol import ProtocolError, RateLimiter, parse_client_message
from .replay import analyse_hand, game_record, replay_payload
from .social import ChatFilter
from .social_api import social_routes
from .stats import player_record
from .storage import Storage, TableRow
from .table import Conn
from .tournament_routes import tournament_routes
from .words import client_catalog, error_fields, json_params, language_of, localize

__all__ = ["STATIC_DIR", "create_app"]

log = logging.getLogger("spades.server")
STATIC_DIR = Path(__file__).parent / "static"
#: what a private table says to somebody it does not let in
PRIVATE_MESSAGE = N_(
    "This table is private: only the people its host invited can join or watch. "
    "Ask the host for an invitation"
)
_CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
    "connect-src 'self' ws: wss:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
)


def name_field(data: dict[str, Any]) -> str:
    """The ``name`` of a request body, checked (:func:`.options.clean_name`); refused with
    ``field`` ``"name"``."""
    try:
        return clean_name(data.get("name"), "")
    except RequestError as exc:
        exc.field = "name"
        raise


def request_language(request: Request | WebSocket) -> str:
    """The language of a request: the ``spades_lang`` cookie, else ``Accept-Language``, else English."""
    return language_of(request.headers.get("cookie"), request.headers.get("accept-language"))


def _said(request: Request, what: str | BaseException) -> dict[str, Any]:
    """An error's JSON: ``error`` in English (the API's field) and ``localized`` in the
    request's language (see :func:`.words.error_fields`)."""
    lang = request_language(request)
    if isinstance(what, BaseException):
        message = str(what.args[0]) if isinstance(what, LookupError) and what.args else str(what)
        return {"error": message, **error_fields(what, lang)}
    return {"error": what, "localized": localize(what, lang)}


def _error(request: Request, what: str | BaseException, status: int = 400) -> JSONResponse:
    return JSONResponse(_said(request, what), status_code=status)


def _refused(
    request: Request, what: str | BaseException, status: int, retry_after: float = 0
) -> JSONResponse:
    headers = {"retry-after": str(max(1, round(retry_after)))} if status == 429 else None
    return JSONResponse(_said(request, what), status_code=status, headers=headers)


def create_app(
    db: str | None = None,
    data_dir: str | Path | None = None,
    limits: Limits | None = None,
    broker: str | None = None,
    chat_filter: ChatFilter | None = None,
) -> Starlette:
    """The whole server as an ASGI app; the database opens when the app starts.
    ``chat_filter``: the words masked in the chat (default :meth:`.social.ChatFilter.default`)."""
    state: dict[str, Any] = {}
    lim = limits or Limits()
    limiter = ClientLimiter(lim)
    metrics = Metrics(lambda: manager().count_by_status() if "manager" in state else {})

    def manager() -> TableManager:
        return state["manager"]  # type: ignore[no-any-return]

    async def json_body(request: Request) -> Any:
        return parse_json(await read_body(request, lim.max_body))

    def throttled(request: Request, kind: str) -> JSONResponse | None:
        wait = limiter.allow(client_key(request), kind)
        if not wait:
            return None
        metrics.refused(kind)
        log.warning(
            "rate limited", extra={"event": "rate_limited", "kind": kind, "client": client_key(request)}
        )
        return _refused(request, N_("Too many requests: wait a moment and try again"), 429, wait)

    async def same_name(me: dict[str, Any], typed: str) -> str:
        """The name a player sits down with: the one typed (which becomes the player's name,
        so that the lobby, the table, the leaderboard and the player's page say the same),
        else the player's own."""
        if typed and typed != me["name"]:
            await manager().storage.rename_player(me["id"], typed)
            me["name"] = typed
        return typed or str(me["name"])

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        storage = await Storage.open(db, data_dir)
        cluster = None
        if broker:
            from .broker import Cluster

            cluster = Cluster(broker)
        mgr = TableManager(storage, metrics=metrics, limits=lim, cluster=cluster, censor=chat_filter)
        await mgr.start()
        state["manager"] = mgr
        app.state.manager = mgr
        try:
            yield
        finally:
            await mgr.stop()
            await storage.close()

    async def lobby(request: Request) -> Response:
        return FileResponse(STATIC_DIR / "lobby.html")

    async def table_page(request: Request) -> Response:
        if not await manager().exists(request.path_params["table_id"]):
            return FileResponse(STATIC_DIR / "missing.html", status_code=404)
        return FileResponse(STATIC_DIR / "table.html")

    async def join_code(request: Request) -> Response:
        if (refusal := throttled(request, "code")) is not None:
            return refusal
        table_id = await manager().by_code(request.path_params["code"])
        if table_id is None:
            return RedirectResponse("/?missing=1", status_code=303)
        return RedirectResponse(f"/t/{table_id}", status_code=303)

    async def api_config(request: Request) -> Response:
        return JSONResponse(
            {
                # the presets offered to people, with the lobby's defaults (options.PEOPLE_PRESETS)
                "presets": {name: rules.to_dict() for name, rules in PEOPLE_PRESETS.items()},
                "seats": {name: rules.num_seats for name, rules in PRESETS.items()},
                # presets for research tools: creatable through the API, not offered in the lobby
                "research_presets": {
                    name: PRESETS[name].to_dict() for name in sorted(RESEARCH_PRESETS) if name in PRESETS
                },
                "levels": bot_levels(),
                # every rule option described once (spades.rules.OPTIONS): labels and help for the
                # lobby, with this server's "min" and "max" (per preset in "limits")
                "options": options_description(),
                "limits": {name: limits_for(name) for name in PRESETS},
                # the named rule sets (spades.rulesets) a table may start from, most played first
                "rule_sets": rule_sets_description(),
                # the table settings beside the rules, with their ranges
                "settings": [
                    {"name": key, "label": label, "min": lo, "max": hi, "default": default}
                    for key, (label, lo, hi, default) in SETTINGS.items()
                ],
            }
        )

    async def api_rule_sets(request: Request) -> Response:
        return JSONResponse({"rule_sets": rule_sets_description()})

    async def api_tables(request: Request) -> Response:
        if request.method == "GET":
            return JSONResponse({"tables": await manager().lobby()})
        if (refusal := throttled(request, "create")) is not None:
            return refusal
        try:
            req = parse_create_request(await json_body(request))
            me = await player_for_key(manager().storage, request.headers.get(KEY_HEADER))
            if me is not None and req.you is not None:
                req.seats[req.you].player = me["id"]
                req.seats[req.you].name = await same_name(me, req.seats[req.you].name)
            if req.config.get("private"):
                if me is None:
                    raise RequestError(
                        N_("A private table needs your player identity: send your player key"), "private"
                    )
                req.config["host_player"] = me["id"]
            actor, token = await manager().create(req)
        except BadRequest as exc:
            return _refused(request, exc, exc.status)
        except RequestError as exc:
            return _error(request, exc)
        except LookupError as exc:
            metrics.refused("bot_tables")
            return _refused(request, exc, 429, 60)
        return JSONResponse(
            {
                "id": actor.id,
                "code": actor.row.code,
                "seat": req.you,
                "token": token,
                "url": f"/t/{actor.id}",
            },
            status_code=201,
        )

    async def private_refusal(request: Request, table_id: str) -> JSONResponse | None:
        """The refusal of a private table to someone it does not let in (:mod:`.social`)."""
        if not 4 <= len(table_id) <= 32:
            return None
        social = manager().social
        access = await social.access(table_id)
        if access is None or not access.private:
            return None
        me = await player_for_key(manager().storage, request.headers.get(KEY_HEADER))
        if await social.may_enter(access, me["id"] if me else None):
            return None
        return _error(request, PRIVATE_MESSAGE, 403)

    async def api_table(request: Request) -> Response:
        actor = await manager().get(request.path_params["table_id"])
        if actor is None:
            return _error(request, N_("There is no such table"), 404)
        if (refusal := await private_refusal(request, actor.id)) is not None:
            return refusal
        fut: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        actor.post("info", fut)
        return JSONResponse(await fut)

    async def api_join(request: Request) -> Response:
        if (refusal := throttled(request, "join")) is not None:
            return refusal
        actor = await manager().get(request.path_params["table_id"])
        if actor is None:
            return _error(request, N_("There is no such table"), 404)
        try:
            data = await json_body(request)
            if not isinstance(data, dict):
                raise RequestError(N_("send a JSON object"))
            seat = data.get("seat")
            if seat is not None and (
                not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < actor.num_seats
            ):
                raise RequestError(N_("there is no such seat"), "seat")
            name = name_field(data)
            if (refusal := await private_refusal(request, actor.id)) is not None:
                return refusal
            me = await player_for_key(manager().storage, request.headers.get(KEY_HEADER))
            if me is not None:
                name = await same_name(me, name)
            avoid = sorted(await manager().social.avoid(me["id"] if me else None))
            seat, token = await actor.call("claim", seat, name, me["id"] if me else None, avoid)
        except BadRequest as exc:
            return _refused(request, exc, exc.status)
        except RequestError as exc:
            return _error(request, exc)
        except LookupError as exc:
            return _error(request, exc, 409)
        return JSONResponse({"id": actor.id, "seat": seat, "token": token})

    async def api_code(request: Request) -> Response:
        if (refusal := throttled(request, "code")) is not None:
            return refusal
        table_id = await manager().by_code(request.path_params["code"])
        if table_id is None:
            return _error(request, N_("No table has that invite code"), 404)
        if (refusal := await private_refusal(request, table_id)) is not None:
            return refusal
        return JSONResponse({"id": table_id})

    async def api_players(request: Request) -> Response:
        """POST: a new player identity ``{name}`` -> ``{id, name, key}`` (the key is shown once)."""
        if (refusal := throttled(request, "player")) is not None:
            return refusal
        try:
            data = await json_body(request)
            if not isinstance(data, dict):
                raise RequestError(N_("send a JSON object"))
            name = name_field(data)
        except BadRequest as exc:
            return _refused(request, exc, exc.status)
        except RequestError as exc:
            return _error(request, exc)
        player, key = await new_player(manager().storage, name)
        return JSONResponse({"id": player["id"], "name": player["name"], "key": key}, status_code=201)

    async def api_me(request: Request) -> Response:
        """GET: who the key in the ``x-player-key`` header is; POST ``{name}``: rename."""
        me = await player_for_key(manager().storage, request.headers.get(KEY_HEADER))
        if me is None:
            return _error(request, N_("That player key is not known here"), 404)
        if request.method == "POST":
            try:
                data = await json_body(request)
                if not isinstance(data, dict):
                    raise RequestError(N_("send a JSON object"))
                name = name_field(data)
                if not name:
                    raise RequestError(N_("a name may not be empty"))
            except BadRequest as exc:
                return _refused(request, exc, exc.status)
            except RequestError as exc:
                return _error(request, exc)
            await manager().storage.rename_player(me["id"], name)
            me["name"] = name
        return JSONResponse(me)

    async def api_player(request: Request) -> Response:
        """A player's public page: facts, rating history, games (never the key)."""
        storage = manager().storage
        player_id = request.path_params["player_id"]
        if not 4 <= len(player_id) <= 16:
            return _error(request, N_("There is no such player"), 404)
        player = await storage.player(player_id)
        if player is None:
            return _error(request, N_("There is no such player"), 404)
        return JSONResponse(
            {
                "player": player,
                "history": await storage.rating_history(player_id),
                "games": await storage.players_games(player_id),
                "stats": await player_record(storage, player_id),
            }
        )

    async def _finished_json(request: Request, build: Callable[[TableRow], dict[str, Any]]) -> Response:
        """``build`` of a finished table's stored row, as JSON; 404 for no such table, 409
        while the game goes on or when the row cannot be read back."""
        table_id = request.path_params["table_id"]
        if not 4 <= len(table_id) <= 32:
            return _error(request, N_("There is no such table"), 404)
        row = await manager().storage.load(table_id)
        if row is None:
            return _error(request, N_("There is no such table"), 404)
        if not row.finished:
            return _error(request, N_("The game is not finished: its replay opens when it ends"), 409)
        try:
            return JSONResponse(build(row))
        except ValueError as exc:
            return _error(request, exc, 409)

    async def api_record(request: Request) -> Response:
        """The game record of a finished table with its deals' commitments and secrets:
        ``spades verify`` checks it (docs/fairness.md)."""
        return await _finished_json(request, game_record)

    async def api_leaders(request: Request) -> Response:
        return JSONResponse({"players": await manager().storage.leaderboard()})

    async def api_replay(request: Request) -> Response:
        return await _finished_json(request, replay_payload)

    # (table, hand) -> the review, or the computation under way (concurrent requests share it)
    analyses: dict[tuple[str, int], asyncio.Future[dict[str, Any]]] = {}

    async def api_analysis(request: Request) -> Response:
        """The double-dummy review (spades.analysis) of one hand of a finished game: computed
        once per (table, hand) off the event loop, then served from memory."""
        table_id = request.path_params["table_id"]
        raw = request.path_params["hand"]
        if not (raw.isascii() and raw.isdigit() and len(raw) <= 3):
            return _error(request, N_("There is no such hand: the hand is a number from 0"), 400)
        number = int(raw)
        if not 4 <= len(table_id) <= 32:
            return _error(request, N_("There is no such table"), 404)
        key = (table_id, number)
        future = analyses.get(key)
        if future is None:
            row = await manager().storage.load(table_id)
            if row is None:
                return _error(request, N_("There is no such table"), 404)
            if not row.finished:
                return _error(request, N_("The game is not finished: its analysis opens when it ends"), 409)
            future = analyses.get(key)
            if future is None:
                loop = asyncio.get_running_loop()
                future = loop.run_in_executor(None, analyse_hand, row, number)
                analyses[key] = future
                if len(analyses) > 500:
                    analyses.pop(next(iter(analyses)))
        try:
            review = await asyncio.shield(future)
        except ValueError as exc:
            analyses.pop(key, None)
            text = str(exc)
            body = _said(request, exc)
            body["error"] = text[:1].upper() + text[1:]
            body["localized"] = body["localized"][:1].upper() + body["localized"][1:]
            return JSONResponse(body, status_code=404)
        except ImportError:
            analyses.pop(key, None)
            return _error(request, N_("The double-dummy solver is not installed here"), 501)
        return JSONResponse(review)

    async def api_play_now(request: Request) -> Response:
        if (refusal := throttled(request, "join")) is not None:
            return refusal
        try:
            data = await json_body(request)
            if not isinstance(data, dict):
                raise RequestError(N_("send a JSON object"))
            preset = data.get("preset", "partnership")
            if not isinstance(preset, str) or preset not in PEOPLE_PRESETS:
                raise RequestError(N_("unknown preset"), "preset")
            me = await player_for_key(manager().storage, request.headers.get(KEY_HEADER))
            name = name_field(data)
            if me is not None:
                name = await same_name(me, name)
            actor, seat, token = await manager().play_now(preset, name, me["id"] if me else None)
        except BadRequest as exc:
            return _refused(request, exc, exc.status)
        except RequestError as exc:
            return _error(request, exc)
        return JSONResponse({"id": actor.id, "seat": seat, "token": token, "url": f"/t/{actor.id}"})

    async def api_i18n(request: Request) -> Response:
        """The web client's catalog (:func:`.words.client_catalog`) of ``/api/i18n/{lang}``,
        or of the request's language (cookie, Accept-Language) for ``/api/i18n``."""
        lang = request.path_params.get("lang") or request_language(request)
        if lang not in LANGUAGES:
            return _error(request, N_("There is no such language"), 404)
        return JSONResponse(client_catalog(lang), headers={"vary": "cookie, accept-language"})

    async def api_i18n_script(request: Request) -> Response:
        """The catalog of the request's language as a script the pages load before their own
        (``window.SPADES_I18N``): the page is drawn in its language from the start."""
        text = json.dumps(client_catalog(request_language(request)), ensure_ascii=True, separators=(",", ":"))
        return Response(
            f"window.SPADES_I18N={text};\n",
            media_type="text/javascript",
            headers={"vary": "cookie, accept-language"},
        )

    def page(name: str) -> Callable[[Request], Awaitable[Response]]:
        async def serve(request: Request) -> Response:
            return FileResponse(STATIC_DIR / name)

        return serve

    async def healthz(request: Request) -> Response:
        try:
            await asyncio.wait_for(manager().storage.ping(), 5)
        except Exception as exc:
            log.error("health check failed", extra={"event": "health", "error": str(exc)})
            return JSONResponse({"ok": False, "error": "the database does not answer"}, status_code=503)
        mgr = manager()
        facts: dict[str, Any] = {"ok": True, "tables": len(mgr.tables), "db": mgr.storage.backend}
        if mgr.cluster is not None:
            try:
                await asyncio.wait_for(mgr.cluster.redis.ping(), 5)
            except Exception:
                return JSONResponse({"ok": False, "error": "the broker does not answer"}, status_code=503)
            facts["process"] = mgr.cluster.pid
        return JSONResponse(facts)

    async def metrics_page(request: Request) -> Response:
        from prometheus_client import CONTENT_TYPE_LATEST

        return Response(metrics.render(), media_type=CONTENT_TYPE_LATEST)

    async def may_watch(table_id: str, player: str | None) -> bool:
        social = manager().social
        access = await social.access(table_id)
        return access is None or await social.may_enter(access, player)

    async def ws_table(websocket: WebSocket) -> None:
        await websocket.accept()
        lang = request_language(websocket)
        actor = await manager().get(websocket.path_params["table_id"])
        if actor is None:
            await websocket.send_json(
                _frame({"type": "error", "code": "no_table", "message": N_("There is no such table")}, lang)
            )
            await websocket.close(4404)
            return
        try:
            first = await asyncio.wait_for(websocket.receive_text(), 15)
            hello = parse_client_message(first)
            if hello.type != "hello":
                raise ProtocolError(N_("say hello first"), "bad_message")
        except (TimeoutError, ProtocolError, WebSocketDisconnect, KeyError, RuntimeError) as exc:
            code = exc.code if isinstance(exc, ProtocolError) else "bad_message"
            frame = {"type": "error", "code": code, "message": str(exc) or N_("say hello first")}
            if isinstance(exc, ProtocolError):
                frame.update(error_fields(exc, lang))
            with contextlib.suppress(Exception):
                await websocket.send_json(_frame(frame, lang))
                await websocket.close(1008)
            return
        conn = Conn()
        lang = hello.lang or lang
        player = await player_for_key(manager().storage, hello.player) if hello.player else None
        if hello.token is None and not await may_watch(actor.id, player["id"] if player else None):
            await websocket.send_json(
                _frame({"type": "error", "code": "private", "message": PRIVATE_MESSAGE}, lang)
            )
            await websocket.close(4403)
            return
        # a spectator's name in the spectators' chat: the one given, else the player's own
        conn.label = hello.name or (str(player["name"]) if player else "")
        role = "spectator" if hello.token is None and player is None else "player"
        metrics.connection(role, 1)
        actor.post("join", conn, hello.token, hello.since, player["id"] if player else None)
        writer = asyncio.get_running_loop().create_task(_writer(websocket, conn, lang))
        limiter = RateLimiter()
        strikes = 0
        try:
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                if text is None:
                    conn.send({"type": "error", "code": "bad_message", "message": N_("send JSON text")})
                    continue
                if not limiter.allow():
                    strikes += 1
                    conn.send(
                        {"type": "error", "code": "rate", "message": N_("Too many messages: slow down")}
                    )
                    if strikes > 50:
                        conn.close(1008)
                        break
                    continue
                try:
                    msg = parse_client_message(text)
                except ProtocolError as exc:
                    conn.send(
                        {"type": "error", "code": exc.code, "message": str(exc), **error_fields(exc, lang)}
                    )
                    if exc.code == "too_large":
                        conn.close(1009)
                        break
                    continue
                if msg.type == "hello":
                    conn.send({"type": "error", "code": "bad_message", "message": N_("already connected")})
                    continue
                actor.post("msg", conn, msg)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            metrics.connection(role, -1)
            actor.post("leave", conn)
            if conn.close_code is None:
                writer.cancel()
            with contextlib.suppress(BaseException):
                await asyncio.wait_for(writer, 5)

    routes = [
        Route("/", lobby),
        Route("/t/{table_id}", table_page),
        Route("/j/{code}", join_code),
        Route("/api/config", api_config),
        Route("/api/rule-sets", api_rule_sets),
        Route("/api/tables", api_tables, methods=["GET", "POST"]),
        Route("/api/tables/{table_id}", api_table),
        Route("/api/tables/{table_id}/join", api_join, methods=["POST"]),
        Route("/api/code/{code}", api_code),
        Route("/api/players", api_players, methods=["POST"]),
        Route("/api/players/{player_id}", api_player),
        Route("/api/me", api_me, methods=["GET", "POST"]),
        *prefs_routes(lambda: manager().storage, lim.max_body),
        Route("/api/leaders", api_leaders),
        Route("/api/play-now", api_play_now, methods=["POST"]),
        Route("/api/tables/{table_id}/replay", api_replay),
        Route("/api/tables/{table_id}/record", api_record),
        Route("/api/tables/{table_id}/analysis/{hand}", api_analysis),
        *social_routes(manager, json_body, throttled, _error),
        Route("/api/i18n", api_i18n),
        Route("/api/i18n.js", api_i18n_script),
        Route("/api/i18n/{lang}", api_i18n),
        Route("/me", page("me.html")),
        Route("/p/{player_id}", page_route("player")),
        Route("/leaders", page_route("leaders")),
        Route("/r/{table_id}", page_route("replay")),
        Route("/healthz", healthz),
        Route("/metrics", metrics_page),
        *duplicate_routes(),
        *tournament_routes(),
        WebSocketRoute("/ws/{table_id}", ws_table),
        Mount("/static", StaticFiles(directory=STATIC_DIR), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.add_middleware(_SecurityHeaders)
    return app


def _frame(frame: dict[str, Any], lang: str) -> dict[str, Any]:
    """An error frame with ``localized``: its message in the connection's language (kept when
    the frame has it already); the English ``message`` stays as it is."""
    reason, params = frame.get("reason"), frame.get("params")
    if "localized" not in frame and reason and reason != "other" and isinstance(params, dict):
        # an engine error: worded from its code and params (the spades domain)
        with i18n.use_language(lang):
            frame["localized"] = i18n.error_wording(str(reason), params, str(frame.get("message", "")))
    if "localized" not in frame:
        frame["localized"] = localize(str(frame.get("message", "")), lang)
    if "params" in frame:
        frame["params"] = json_params(frame["params"])
    return frame


async def _writer(websocket: WebSocket, conn: Conn, lang: str = "en") -> None:
    """Send a connection's queued messages; ``None`` means close.  Error frames (from this
    process or relayed from the one that runs the table) get their ``localized`` text here,
    where the connection's language is known."""
    while True:
        text = await conn.outbox.get()
        if text is None:
            with contextlib.suppress(Exception):
                await websocket.close(conn.close_code or (1008 if conn.dead else 1000))
            return
        if text.startswith('{"type":"error"'):
            with contextlib.suppress(ValueError, TypeError):
                text = json.dumps(_frame(json.loads(text), lang), separators=(",", ":"))
        await websocket.send_text(text)


class _SecurityHeaders:
    """Adds a strict Content-Security-Policy and friends to every HTTP response."""

    def __init__(self, app: Callable[..., Awaitable[None]]) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers += [
                    (b"content-security-policy", _CSP.encode()),
                    (b"x-content-type-options", b"nosniff"),
                    (b"referrer-policy", b"no-referrer"),
                    (b"cache-control", b"no-cache"),
                ]
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, send_with_headers)
