"""A repository: one part of the database's tables, over the `Database`'s driver and transaction."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

from bot.storage._driver import Connection

if TYPE_CHECKING:
    from bot.storage._rows import Tx
    from bot.storage.database import Database


class Repository:
    """Reads and writes of one concern; every write is one transaction of the `Database` it belongs to."""

    def __init__(self, db: Database) -> None:
        self._db = db
        self._sql = db._sql

    def _reading(self) -> contextlib.AbstractAsyncContextManager[Connection]:
        """A connection whose statements each commit on their own (reads, and single atomic writes)."""
        return self._db._reading()

    def _transaction(self) -> contextlib.AbstractAsyncContextManager[Tx]:
        """One write transaction (`Database._transaction`)."""
        return self._db._transaction()
