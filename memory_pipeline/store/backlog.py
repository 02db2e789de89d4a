"""SQL of the consolidation backlog: memories saved since their user's last consolidation."""

from __future__ import annotations

import psycopg


def by_user(conn: psycopg.Connection, users: list[str] | None = None) -> dict[str, int]:
    """Users with a backlog (all users, or those in `users`) -> memories newer than the last run saw."""
    where, args = ("WHERE m.user_id = ANY(%s)", (users,)) if users is not None else ("", ())
    rows = conn.execute(
        "SELECT m.user_id, count(*) FROM memories m LEFT JOIN consolidation_state s ON s.user_id = m.user_id"
        f" {where} {'AND' if where else 'WHERE'} m.id > coalesce(s.last_memory_id, 0) GROUP BY m.user_id",
        args,
    ).fetchall()
    return dict(rows)


def summary(conn: psycopg.Connection) -> dict[str, int]:
    per_user = by_user(conn)
    return {"total": sum(per_user.values()), "users_behind": len(per_user),
            "largest": max(per_user.values(), default=0)}
