"""A store keeping its own tables in the server's database (through the engine of
:class:`~.storage.Storage`), made on first use: duplicate events, tournaments, display settings."""

from __future__ import annotations

import asyncio
from typing import ClassVar

from sqlalchemy import MetaData

from .storage import Storage

__all__ = ["OwnTables"]


class OwnTables:
    """Subclasses name their tables' ``metadata``; ``await self._schema()`` before a query."""

    metadata: ClassVar[MetaData]

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self._ready = False
        self._lock = asyncio.Lock()  # two first requests at once create the tables once

    async def _schema(self) -> None:
        if self._ready:
            return
        async with self._lock:
            if not self._ready:
                async with self.storage.engine.begin() as conn:
                    await conn.run_sync(self.metadata.create_all)
                self._ready = True
