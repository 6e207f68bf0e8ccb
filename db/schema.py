"""Schema migrations: numbered SQL files, one folder per backend, applied at open.

``db/migrations/sqlite/NNN_name.sql`` and ``db/migrations/postgres/NNN_name.sql`` carry
the same numbers and build the same tables (PostgreSQL's with BIGINT ids, JSONB and an
explicit ``rowid`` where SQLite has an implicit one). Each backend records the numbers it
applied in ``schema_version`` and applies the missing ones in order, each in its own
transaction, so a database made by any earlier version upgrades in place.
"""

from __future__ import annotations

from importlib import resources

BACKENDS = ("sqlite", "postgres")


def migrations(backend: str = "sqlite") -> list[tuple[int, str]]:
    """The backend's numbered migrations ``(number, sql)``, in order."""
    if backend not in BACKENDS:
        raise ValueError(f"no migrations for {backend!r}")
    folder = resources.files("db").joinpath("migrations", backend)
    found = [(int(f.name.split("_", 1)[0]), f.read_text("utf-8"))
             for f in folder.iterdir() if f.name.endswith(".sql")]
    return sorted(found)


def statements(sql: str) -> list[str]:
    """The statements of a migration file (``--`` comment lines dropped, split on ``;``)."""
    lines = [line for line in sql.splitlines() if not line.strip().startswith("--")]
    return [s.strip() for s in "\n".join(lines).split(";") if s.strip()]
