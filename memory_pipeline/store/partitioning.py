"""The deployment's partitioning as the store records it (`store_settings`), so every process that loads
the Dagster definitions (code server, daemon, run workers, the CLI) agrees on it without a new setting."""

from __future__ import annotations

import psycopg

KEY = "partitioning"


def recorded(conn: psycopg.Connection) -> str | None:
    """'user' or 'shards:N' as last recorded; None on a store that never switched (or not migrated yet)."""
    exists = conn.execute("SELECT to_regclass('store_settings') IS NOT NULL").fetchone()[0]
    if not exists:
        return None
    row = conn.execute("SELECT value FROM store_settings WHERE key = %s", (KEY,)).fetchone()
    return row[0] if row else None


def record(conn: psycopg.Connection, value: str) -> None:
    with conn.transaction():
        conn.execute("INSERT INTO store_settings (key, value) VALUES (%s, %s)"
                     " ON CONFLICT (key) DO UPDATE SET value = excluded.value", (KEY, value))



def users_with_state(conn: psycopg.Connection) -> int:
    """Users whose consolidation state (high-water mark, tiers) a switch carries over."""
    return conn.execute("SELECT count(*) FROM consolidation_state").fetchone()[0]
