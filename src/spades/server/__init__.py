"""``spades serve``: a real-time server with a web client (the ``server`` extra).

Layout, one concern per module:

* :mod:`.app`      - Starlette routes: pages, JSON API, the websocket endpoint
* :mod:`.manager`  - creating, finding and rebuilding tables; request validation
* :mod:`.table`    - one table = one asyncio actor that applies actions one at a time
* :mod:`.storage`  - SQLAlchemy (SQLite in WAL mode or PostgreSQL): tables and append-only logs
* :mod:`.protocol` - the messages: per-recipient views, client message validation, rate limits
* ``static/``      - the web client: plain HTML, CSS and JavaScript, no build step

Importing this package pulls in Starlette and SQLAlchemy; ``import spades`` never does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from starlette.applications import Starlette

__all__ = ["create_app"]


def create_app(
    db: str | None = None,
    data_dir: Any = None,
    limits: Any = None,
    broker: str | None = None,
    chat_filter: Any = None,
) -> Starlette:
    """The ASGI app (see :func:`spades.server.app.create_app`)."""
    from .app import create_app as _create

    return _create(db, data_dir, limits, broker, chat_filter=chat_filter)
