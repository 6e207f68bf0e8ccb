"""A store's life cycle, written once for both backends: :meth:`Lifecycle.open` connects,
prepares the connection (SQLite's PRAGMAs) and migrates, :meth:`Lifecycle.close` lets go
of the connection.

If that fails (a file that is not a database, a failed migration) the connection is
closed before the error goes on: an SQLite connection's worker thread is not a daemon,
and left running it keeps the process from exiting; a pool left open keeps its
PostgreSQL connections.
"""

from __future__ import annotations

from typing import Generic, Protocol, Self, TypeVar


class Handle(Protocol):
    """What a backend holds while open: an SQLite connection or a PostgreSQL pool."""

    async def close(self) -> None: ...


H = TypeVar("H", bound=Handle)


class Lifecycle(Generic[H]):
    """Open, close and the open handle; a backend says how to connect, prepare and
    migrate."""

    _handle: H | None = None

    async def _connect(self) -> H:
        raise NotImplementedError

    async def _prepare(self) -> None:
        """What the open connection needs before anything else (SQLite: PRAGMAs)."""

    async def _migrate(self) -> None:
        raise NotImplementedError

    async def open(self) -> Self:
        """Connect, prepare and migrate; if that fails, close again before raising."""
        self._handle = await self._connect()
        try:
            await self._prepare()
            await self._migrate()
        except BaseException:
            await self.close()
            raise
        return self

    async def close(self) -> None:
        if self._handle is not None:
            await self._handle.close()
            self._handle = None

    def _opened(self) -> H:
        if self._handle is None:
            raise RuntimeError("the store is not open")
        return self._handle
