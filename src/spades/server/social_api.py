"""The JSON API of friends, blocks, invitations, private tables, reports and "keep my partner".

Every route needs the player's key (``x-player-key``; 401 without a known one).  Errors are
the server's usual ``{"error", "localized", "field"}`` (see :mod:`.app`); nothing here shows
another player's key, seat token, friends or blocks.

``GET    /api/social``                      ``{"me", "friends": [{id, name, presence, table}],
                                            "requests", "asked", "blocked", "invites"}``; also
                                            says the player is online
``POST   /api/friends``                     ``{"player": id}`` or ``{"name": ...}``: ask (or accept
                                            the other's request) -> ``{"state": "asked"|"friends"}``
``POST   /api/friends/{id}/accept``         accept a request
``POST   /api/friends/{id}/decline``        decline a request
``DELETE /api/friends/{id}``                take a request back, or end a friendship
``POST   /api/blocks``                      ``{"player": id}``: block (ends any friendship)
``DELETE /api/blocks/{id}``                 unblock
``POST   /api/invites``                     ``{"table": id, "player": id}``: invite a friend
``DELETE /api/invites/{table}``             hide an invitation
``POST   /api/reports``                     ``{"table": id, "message": n, "reason"?: text}``
``POST   /api/tables/{id}/partner``         ``{"token"?: seat token}``: after a partnership game,
                                            a new one with the same partner -> ``{"id", "url"}``
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from ..i18n import N_
from .limits import BadRequest
from .manager import TableManager
from .options import RequestError
from .players import KEY_HEADER, player_for_key
from .social import MAX_REASON, SocialError

__all__ = ["social_routes"]

Handler = Callable[[Request], Awaitable[Response]]


def _id(value: Any, field: str) -> str:
    """A player or table id from a request (URL-safe text of a sane length)."""
    if (
        not isinstance(value, str)
        or not 4 <= len(value) <= 32
        or not value.replace("-", "").replace("_", "").isalnum()
    ):
        raise SocialError(N_("{name} must be an id from the server"), field, name=field)
    return value


def social_routes(
    manager: Callable[[], TableManager],
    json_body: Callable[[Request], Awaitable[Any]],
    throttled: Callable[[Request, str], Response | None],
    error: Callable[[Request, Any, int], Response],
) -> list[Route]:
    """The routes above, sharing the app's body reader, rate limits and error answers."""

    async def me_of(request: Request) -> dict[str, Any]:
        me = await player_for_key(manager().storage, request.headers.get(KEY_HEADER))
        if me is None:
            raise SocialError(N_("Send your player key: this needs your player identity"), None, 401)
        return me

    async def body(request: Request) -> dict[str, Any]:
        data = await json_body(request)
        if not isinstance(data, dict):
            raise SocialError(N_("send a JSON object"))
        return data

    async def known_player(player_id: str) -> str:
        if await manager().storage.player(player_id) is None:
            raise SocialError(N_("There is no such player"), "player", 404)
        return player_id

    def guarded(handler: Callable[[Request, dict[str, Any]], Awaitable[Any]], limit: bool = True) -> Handler:
        """Who is asking, the rate limit, and every refusal as a JSON error (never a 500)."""

        async def serve(request: Request) -> Response:
            if limit and request.method != "GET" and (refusal := throttled(request, "join")) is not None:
                return refusal
            try:
                me = await me_of(request)
                answer = await handler(request, me)
            except SocialError as exc:
                return error(request, exc, exc.status)
            except BadRequest as exc:
                return error(request, exc, exc.status)
            except RequestError as exc:
                return error(request, exc, 400)
            except LookupError as exc:
                return error(request, exc, 409)
            if isinstance(answer, Response):
                return answer
            return JSONResponse(answer)

        return serve

    async def overview(request: Request, me: dict[str, Any]) -> Any:
        social = manager().social
        await social.seen([me["id"]])
        return {"me": {"id": me["id"], "name": me["name"]}, **await social.overview(me["id"])}

    async def add_friend(request: Request, me: dict[str, Any]) -> Any:
        data = await body(request)
        social = manager().social
        if "player" in data:
            other = await known_player(_id(data["player"], "player"))
        elif isinstance(data.get("name"), str) and data["name"].strip():
            other = await social.find_player(data["name"].strip()[:40])
        else:
            raise SocialError(N_("Say whom to add: a player's name or id"), "name")
        state = await social.ask(me["id"], other)
        return {"state": str(state), "player": other}

    async def answer_friend(request: Request, me: dict[str, Any]) -> Any:
        other = _id(request.path_params["player_id"], "player")
        social = manager().social
        if request.path_params["answer"] == "accept":
            await social.accept(me["id"], other)
            return {"state": "friends", "player": other}
        if request.path_params["answer"] != "decline":
            raise SocialError(N_("The answer is accept or decline"), "answer", 404)
        if not await social.unfriend(other, me["id"]):
            raise SocialError(N_("That player has not asked to be your friend"), "player", 404)
        return {"state": None, "player": other}

    async def remove_friend(request: Request, me: dict[str, Any]) -> Any:
        other = _id(request.path_params["player_id"], "player")
        if not await manager().social.unfriend(me["id"], other):
            raise SocialError(N_("That player is not on your friends list"), "player", 404)
        return {"state": None, "player": other}

    async def block(request: Request, me: dict[str, Any]) -> Any:
        other = await known_player(_id((await body(request)).get("player"), "player"))
        await manager().social.block(me["id"], other)
        return {"blocked": other}

    async def unblock(request: Request, me: dict[str, Any]) -> Any:
        other = _id(request.path_params["player_id"], "player")
        if not await manager().social.unblock(me["id"], other):
            raise SocialError(N_("You have not blocked that player"), "player", 404)
        return {"unblocked": other}

    async def invite(request: Request, me: dict[str, Any]) -> Any:
        data = await body(request)
        table_id = _id(data.get("table"), "table")
        other = await known_player(_id(data.get("player"), "player"))
        await manager().social.invite(table_id, me["id"], other)
        return {"invited": other, "table": table_id}

    async def dismiss(request: Request, me: dict[str, Any]) -> Any:
        table_id = _id(request.path_params["table_id"], "table")
        if not await manager().social.dismiss(table_id, me["id"]):
            raise SocialError(N_("There is no such invitation"), "table", 404)
        return {"dismissed": table_id}

    async def report(request: Request, me: dict[str, Any]) -> Any:
        data = await body(request)
        table_id = _id(data.get("table"), "table")
        number = data.get("message")
        if not isinstance(number, int) or isinstance(number, bool) or not 0 < number < 10**9:
            raise SocialError(N_("message must be the number of a chat message"), "message")
        reason = data.get("reason", "")
        if not isinstance(reason, str) or len(reason) > MAX_REASON:
            raise SocialError(N_("reason must be text of at most {n} characters"), "reason", n=MAX_REASON)
        actor = await manager().get(table_id)
        if actor is None:
            raise SocialError(N_("There is no such table"), "table", 404)
        try:
            found = await actor.call("chat_context", number, me["id"])
        except LookupError as exc:
            raise SocialError(
                str(exc.args[0]) if exc.args else N_("There is no such message"), "message", 404
            ) from None
        report_id = await manager().social.report(table_id, me["id"], found, " ".join(reason.split()))
        return JSONResponse({"report": report_id}, status_code=201)

    async def keep_partner(request: Request, me: dict[str, Any]) -> Any:
        data = await body(request)
        token = data.get("token")
        if token is not None and (not isinstance(token, str) or not 8 <= len(token) <= 100):
            raise SocialError(N_("that seat token is not valid"), "token")
        actor = await manager().get(request.path_params["table_id"])
        if actor is None:
            raise SocialError(N_("There is no such table"), "table", 404)
        new_id = await actor.call("keep_partner", token, me["id"])
        return {"id": new_id, "url": f"/t/{new_id}"}

    return [
        Route("/api/social", guarded(overview, limit=False)),
        Route("/api/friends", guarded(add_friend), methods=["POST"]),
        Route("/api/friends/{player_id}/{answer}", guarded(answer_friend), methods=["POST"]),
        Route("/api/friends/{player_id}", guarded(remove_friend), methods=["DELETE"]),
        Route("/api/blocks", guarded(block), methods=["POST"]),
        Route("/api/blocks/{player_id}", guarded(unblock), methods=["DELETE"]),
        Route("/api/invites", guarded(invite), methods=["POST"]),
        Route("/api/invites/{table_id}", guarded(dismiss), methods=["DELETE"]),
        Route("/api/reports", guarded(report), methods=["POST"]),
        Route("/api/tables/{table_id}/partner", guarded(keep_partner), methods=["POST"]),
    ]
