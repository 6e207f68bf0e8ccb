"""Which backend a store's target names, decided without importing either backend."""

from __future__ import annotations


def is_postgres_url(target: str) -> bool:
    """Whether ``target`` is a PostgreSQL URL (else it is an SQLite file's path)."""
    return target.startswith(("postgresql://", "postgres://"))
