"""A store's life cycle, written once for both backends: :meth:`Lifecycle.open` connects
and sets up (PRAGMAs, migrations), :meth:`Lifecycle.close` lets go of the connection.

If the set-up fails (a file that is not a database, a failed migration) the connection is
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
    """Open, close and the open handle; a backend says how to connect and set up."""

    _handle: H | None = None

    async def _connect(self) -> H:
        raise NotImplementedError

    async def _set_up(self) -> None:
        """What follows the connection (the handle is open): PRAGMAs, migrations."""

    async def open(self) -> Self:
        """Connect and set up; if the set-up fails, close again before raising."""
        self._handle = await self._connect()
        try:
            await self._set_up()
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
