"""A player's display settings (issue 52, "seeing the cards"), kept with the player's identity.

``GET /api/me/prefs``   ``{"prefs": {...}, "saved": bool}``: the settings of the player whose key
                        is in the ``x-player-key`` header (the defaults, ``saved`` false, until
                        the player saves some)
``PUT /api/me/prefs``   a JSON object with some of the settings: those given replace the saved
                        ones, the others stay; answers like ``GET``.  Anything wrong (a setting
                        that does not exist, a value of the wrong kind) refuses the whole request
                        with ``{error, localized, field}`` (400) and changes nothing.

The settings (:class:`DisplayPrefs`): ``four_colour`` (diamonds blue, clubs green),
``large_cards``, ``high_contrast`` and ``reduced_motion``; the last two may also be ``null``: as
the device asks (the browser's ``prefers-contrast`` and ``prefers-reduced-motion``).  The
browser keeps a copy in ``localStorage`` (``static/prefs.js``); the server's copy is what
follows the player to another browser.

The settings live in a table of their own, ``spades_prefs`` (one row per player, the settings
as a JSON object), made on first use through the storage layer's engine: the storage schema
itself is unchanged.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, fields, replace
from typing import Any, Final

from sqlalchemy import Column, Float, MetaData, String, Table, Text, select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from ..i18n import N_
from .limits import BadRequest, parse_json, read_body
from .options import RequestError
from .own_tables import OwnTables
from .players import KEY_HEADER, player_for_key
from .storage import Storage
from .words import error_fields, language_of

__all__ = ["DisplayPrefs", "PrefsStore", "parse_prefs", "prefs_routes"]

metadata = MetaData()

prefs_table = Table(
    "spades_prefs",
    metadata,
    Column("player_id", String(16), primary_key=True),
    Column("prefs", Text, nullable=False),
    Column("updated", Float, nullable=False),
)


@dataclass(frozen=True)
class DisplayPrefs:
    """How the cards and the pages are drawn for one player."""

    #: four-colour deck: spades black, hearts red, diamonds blue, clubs green
    four_colour: bool = False
    large_cards: bool = False
    #: ``None``: as the device asks (``prefers-contrast: more``)
    high_contrast: bool | None = None
    #: ``None``: as the device asks (``prefers-reduced-motion: reduce``)
    reduced_motion: bool | None = None


#: the settings that may be ``null``: "as the device asks"
FOLLOW_DEVICE: Final = frozenset({"high_contrast", "reduced_motion"})
NAMES: Final = tuple(f.name for f in fields(DisplayPrefs))


def _checked(name: str, value: Any) -> bool | None:
    """One setting's value, or :class:`RequestError` naming the setting."""
    if name not in NAMES:
        shown = name[:40]
        raise RequestError(N_("There is no display setting called {name}"), shown, name=shown)
    if isinstance(value, bool) or (value is None and name in FOLLOW_DEVICE):
        return value
    if name in FOLLOW_DEVICE:
        raise RequestError(N_("{name} must be true, false or null (as the device asks)"), name, name=name)
    raise RequestError(N_("{name} must be true or false"), name, name=name)


def parse_prefs(data: Any, base: DisplayPrefs | None = None) -> DisplayPrefs:
    """``base`` (default: the defaults) with the settings of a request body replaced; the body
    must be a JSON object of known settings with values of their kind, else RequestError."""
    if not isinstance(data, dict):
        raise RequestError(N_("send a JSON object"))
    changes: dict[str, Any] = {str(name): _checked(str(name), value) for name, value in data.items()}
    return replace(base or DisplayPrefs(), **changes)


def _from_row(text: str) -> DisplayPrefs:
    """Saved settings; a value that no longer makes sense falls back to its default."""
    try:
        saved = json.loads(text)
    except ValueError:
        return DisplayPrefs()
    if not isinstance(saved, dict):
        return DisplayPrefs()
    good: dict[str, Any] = {}
    for name, value in saved.items():
        try:
            good[name] = _checked(name, value)
        except RequestError:
            continue
    return replace(DisplayPrefs(), **good)


class PrefsStore(OwnTables):
    """The ``spades_prefs`` table of a :class:`~.storage.Storage`, made on first use."""

    metadata = metadata

    async def load(self, player_id: str) -> DisplayPrefs | None:
        """The player's saved settings, or None when the player never saved any."""
        await self._schema()
        query = select(prefs_table.c.prefs).where(prefs_table.c.player_id == player_id)
        async with self.storage.engine.connect() as conn:
            row = (await conn.execute(query)).first()
        return None if row is None else _from_row(str(row[0]))

    async def save(self, player_id: str, prefs: DisplayPrefs) -> None:
        """Insert or replace the player's settings in one statement (two browsers may save at once)."""
        await self._schema()
        values = {"player_id": player_id, "prefs": json.dumps(asdict(prefs)), "updated": time.time()}
        insert = pg_insert if self.storage.backend == "postgresql" else sqlite_insert
        statement = insert(prefs_table).values(**values)
        statement = statement.on_conflict_do_update(
            index_elements=[prefs_table.c.player_id],
            set_={"prefs": statement.excluded.prefs, "updated": statement.excluded.updated},
        )
        async with self.storage.engine.begin() as conn:
            await conn.execute(statement)


def _refusal(request: Request, exc: RequestError | BadRequest, status: int) -> JSONResponse:
    lang = language_of(request.headers.get("cookie"), request.headers.get("accept-language"))
    return JSONResponse({"error": str(exc), **error_fields(exc, lang)}, status_code=status)


def _answer(prefs: DisplayPrefs, saved: bool) -> JSONResponse:
    return JSONResponse({"prefs": asdict(prefs), "saved": saved})


def prefs_routes(storage: Callable[[], Storage], max_body: int) -> list[Route]:
    """The ``/api/me/prefs`` route; ``storage()`` is the running server's storage."""
    stores: dict[int, PrefsStore] = {}

    def store() -> PrefsStore:
        current = storage()
        found = stores.get(id(current))
        if found is None or found.storage is not current:
            found = stores[id(current)] = PrefsStore(current)
        return found

    async def api_prefs(request: Request) -> Response:
        me = await player_for_key(storage(), request.headers.get(KEY_HEADER))
        if me is None:
            return _refusal(request, RequestError(N_("That player key is not known here")), 404)
        saved = await store().load(me["id"])
        if request.method == "GET":
            return _answer(saved or DisplayPrefs(), saved is not None)
        try:
            prefs = parse_prefs(parse_json(await read_body(request, max_body)), saved)
        except BadRequest as exc:
            return _refusal(request, exc, exc.status)
        except RequestError as exc:
            return _refusal(request, exc, 400)
        await store().save(me["id"], prefs)
        return _answer(prefs, True)

    return [Route("/api/me/prefs", api_prefs, methods=["GET", "PUT"])]
