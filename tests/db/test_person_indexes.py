"""A person's rows are found by an index, never by reading a whole table (issue 56).

/privacy show, export and delete read each table of :data:`db.privacy.PERSONAL` by the
column naming the person, and rename the rows of :data:`db.privacy.ALIASED` by it: at a
million matches a table read whole is millions of rows for one member. The plans are
asked of the database itself: SQLite's ``EXPLAIN QUERY PLAN`` must not ``SCAN`` the table,
and PostgreSQL's ``EXPLAIN``, with sequential scans priced out (``enable_seqscan = off``,
which it still chooses when no index serves), must not show a ``Seq Scan``.
"""

from __future__ import annotations

import pytest

from db.postgres import PostgresStore
from db.privacy import ALIASED, PERSONAL


def person_reads() -> list[tuple[str, str]]:
    """Each (table, query) by which a person's rows are found."""
    found = [(table, f"SELECT {columns} FROM {table} WHERE {where}")
             for table, (columns, where) in PERSONAL.items()]
    found += [(table, f"SELECT 1 FROM {table} WHERE {column} = ?"
                      + (f" AND {also}" if also else ""))
              for table, (column, _, also) in ALIASED.items()]
    return found


async def plan(store, sql: str) -> str:
    async with store.reading() as tx:
        if isinstance(store, PostgresStore):
            await tx.execute("SET enable_seqscan = off")
            rows = await tx.fetch(f"EXPLAIN {sql}", 1)
            await tx.execute("RESET enable_seqscan")
        else:
            rows = await tx.fetch(f"EXPLAIN QUERY PLAN {sql}", 1)
    return "\n".join(str(tuple(row)[-1]) for row in rows)


@pytest.mark.parametrize(("table", "sql"), person_reads())
async def test_a_persons_rows_are_found_by_an_index(store, table, sql):
    said = await plan(store, sql)
    if isinstance(store, PostgresStore):
        assert "Seq Scan" not in said, f"{table}: {said}"
    else:
        scans = [line for line in said.splitlines() if line.startswith(f"SCAN {table}")]
        assert not scans, f"{table}: {said}"
