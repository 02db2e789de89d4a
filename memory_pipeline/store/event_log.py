"""Statements on Dagster's own event log database (its tables are Dagster's; the statement is built by
dagster-postgres, this only runs it)."""

from __future__ import annotations

import sqlalchemy as sa


def insert_returning_ids(conn: sa.Connection, insert: sa.Insert) -> list[int]:
    """Run a multi-row INSERT into `event_logs`; the new rows' ids, in the order of the rows."""
    return [int(r[0]) for r in conn.execute(insert.returning(sa.column("id"))).fetchall()]
