"""Match persistence behind one small async protocol, :class:`Store`, with an SQLite
(aiosqlite) and a PostgreSQL (asyncpg) implementation; :func:`open_store` picks one.

Modules: :mod:`db.records` (records, statuses, errors), :mod:`db.protocol` (the protocol),
:mod:`db.base`, :mod:`db.matches`, :mod:`db.clocks`, :mod:`db.social`, :mod:`db.challenges`,
:mod:`db.tournaments` (the queries, written once), :mod:`db.sqlite` and
:mod:`db.postgres` (the backends), :mod:`db.schema` (the migrations) and
:mod:`db.migrate` (copying an SQLite database to PostgreSQL).
"""

from typing import TYPE_CHECKING, Any

from db.protocol import Store
from db.records import (
    ABORTED,
    ACCEPTED,
    DECLINED,
    EVENT_CANCELLED,
    EVENT_FINISHED,
    EVENT_OPEN,
    EVENT_RUNNING,
    FINISHED,
    LAPSED,
    LOBBY,
    OPEN,
    OPEN_STATUSES,
    RUNNING,
    WITHDRAWN,
    AlreadyChallenged,
    Challenged,
    ChallengeRecord,
    ClockRecord,
    DueNotices,
    Entrant,
    Full,
    HeldNotice,
    MatchRecord,
    MoveRecord,
    NotifySettings,
    Rating,
    RatingChange,
    RatingRule,
    RematchState,
    SeatRecord,
    Shards,
    StaleVersion,
    Standing,
    TableRecord,
    TournamentRecord,
    TurnReminder,
    UndoRequest,
)
from db.sqlite import SqliteStore
from db.targets import is_postgres_url

if TYPE_CHECKING:
    from db.postgres import PostgresStore

__all__ = [
    "ABORTED",
    "ACCEPTED",
    "DECLINED",
    "EVENT_CANCELLED",
    "EVENT_FINISHED",
    "EVENT_OPEN",
    "EVENT_RUNNING",
    "FINISHED",
    "LAPSED",
    "LOBBY",
    "OPEN",
    "OPEN_STATUSES",
    "RUNNING",
    "WITHDRAWN",
    "AlreadyChallenged",
    "ChallengeRecord",
    "Challenged",
    "ClockRecord",
    "DueNotices",
    "Entrant",
    "Full",
    "HeldNotice",
    "MatchRecord",
    "MoveRecord",
    "NotifySettings",
    "PostgresStore",
    "Rating",
    "RatingChange",
    "RatingRule",
    "RematchState",
    "SeatRecord",
    "Shards",
    "SqliteStore",
    "StaleVersion",
    "Standing",
    "Store",
    "TableRecord",
    "TournamentRecord",
    "TurnReminder",
    "UndoRequest",
    "is_postgres_url",
    "open_store",
]


def __getattr__(name: str) -> Any:
    """:class:`PostgresStore` is imported on first use: asyncpg takes a tenth of a second
    to import, which the console (SQLite) should not wait for at start-up."""
    if name == "PostgresStore":
        from db.postgres import PostgresStore

        return PostgresStore
    raise AttributeError(f"module 'db' has no attribute {name!r}")


async def open_store(target: str) -> Store:
    """Open (creating and migrating if needed) the store at ``target``: PostgreSQL for a
    ``postgresql://`` or ``postgres://`` URL, else the SQLite file at that path."""
    if is_postgres_url(target):
        from db.postgres import PostgresStore

        return await PostgresStore(target).open()
    return await SqliteStore(target).open()
