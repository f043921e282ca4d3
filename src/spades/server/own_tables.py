"""A store keeping its own tables in the server's database (through the engine of
:class:`~.storage.Storage`), made on first use: duplicate events, tournaments, display settings."""

from __future__ import annotations

import asyncio
from typing import ClassVar

from sqlalchemy import MetaData, RowMapping, Table, select

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

    async def _by_id(self, table: Table, key: str) -> RowMapping | None:
        """The row of ``table`` whose ``id`` is ``key`` (ids are 4 to 32 characters), or None."""
        if not 4 <= len(key) <= 32:
            return None
        await self._schema()
        async with self.storage.engine.connect() as conn:
            r = (await conn.execute(select(table).where(table.c.id == key))).first()
        return None if r is None else r._mapping
