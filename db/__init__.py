"""Match persistence (aiosqlite). See :mod:`db.store`."""

from db.store import (
    ABORTED,
    FINISHED,
    LOBBY,
    OPEN_STATUSES,
    RUNNING,
    ClockRecord,
    Full,
    MatchRecord,
    MoveRecord,
    SeatRecord,
    SqliteStore,
    StaleVersion,
    TurnReminder,
)

__all__ = ["ABORTED", "FINISHED", "LOBBY", "OPEN_STATUSES", "RUNNING", "ClockRecord", "Full",
           "MatchRecord", "MoveRecord", "SeatRecord", "SqliteStore", "StaleVersion", "TurnReminder",
           "open_store"]


async def open_store(path: str) -> SqliteStore:
    """Open (creating and migrating if needed) the database at ``path``."""
    return await SqliteStore(path).open()
