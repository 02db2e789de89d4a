"""Per-user partial HNSW indexes for heavy users.

Exact search within a user reads the covering btree: ~0.25 ms for 50 rows, ~36 ms for 50k. Past a
threshold a user gets `CREATE INDEX CONCURRENTLY ... USING hnsw WHERE user_id = '<user>'` (saves keep
going while it builds). The planner only matches a partial index when the user id is a literal or the
plan is custom, so queries for such users inline it.
"""

from __future__ import annotations

import hashlib

import psycopg
from psycopg import sql

HNSW_MIN_ROWS = 10_000
EF_SEARCH = 100


def index_name(user_id: str) -> str:
    return "memories_hnsw_" + hashlib.sha1(user_id.encode()).hexdigest()[:16]


def has_index(conn: psycopg.Connection, user_id: str) -> bool:
    return conn.execute("SELECT 1 FROM user_vector_indexes WHERE user_id = %s", (user_id,)).fetchone() is not None


def ensure_user_index(url: str, user_id: str, *, min_rows: int = HNSW_MIN_ROWS) -> bool:
    """Build the user's partial HNSW index if they have enough rows; returns whether one exists now.
    Needs its own autocommit connection: CONCURRENTLY cannot run inside a transaction."""
    from memory_pipeline.store.db import connect

    with connect(url, autocommit=True) as conn:
        if has_index(conn, user_id):
            return True
        n = conn.execute(
            "SELECT count(*) FROM memories WHERE user_id = %s AND duplicate_of IS NULL", (user_id,)
        ).fetchone()[0]
        if n < min_rows:
            return False
        name = index_name(user_id)
        conn.execute(sql.SQL(
            "CREATE INDEX CONCURRENTLY IF NOT EXISTS {} ON memories USING hnsw (embedding vector_cosine_ops)"
            " WITH (m = 16, ef_construction = 64) WHERE user_id = {} AND duplicate_of IS NULL"
        ).format(sql.Identifier(name), sql.Literal(user_id)))
        conn.execute(
            "INSERT INTO user_vector_indexes (user_id, index_name, rows_at_build) VALUES (%s, %s, %s)"
            " ON CONFLICT (user_id) DO NOTHING",
            (user_id, name, n),
        )
        return True
