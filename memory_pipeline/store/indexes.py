"""Per-user partial HNSW indexes for heavy users, split by tier.

Exact search within a user reads the covering btree: ~0.25 ms for 50 rows, ~36 ms for 50k. Past a
threshold a user gets partial HNSW indexes built with `CREATE INDEX CONCURRENTLY` (saves keep going
while they build). One index over all the user's rows is slow under recall's tier filter once most
rows are cold or archived (43 ms p95 at 50k: the iterative scan reads and discards row after row), so
the rows are split into three shares (`SHARES`), each with its own index (and the user's summaries,
thousands for such a user and read out of line when scanned, get one too): what standard and reflexive
recall search (hot and warm rows, and every summarised row: it stands for its summary), cold rows,
and archived rows. Every row is in exactly one share; a recall scans only the shares its mode can
return (`shares_for`). The planner only matches a partial index when its predicate is in the query
with the user id as a literal, so recall inlines both.
"""

from __future__ import annotations

import hashlib

import psycopg
from psycopg import sql

from memory_pipeline.store.db import connect

HNSW_MIN_ROWS = 10_000
EF_SEARCH = 100

# share -> the predicate (besides the user and duplicate_of IS NULL) of its index
SHARES = {
    "u": "(summarized_into IS NOT NULL OR tier IN ('hot', 'warm'))",
    "c": "(summarized_into IS NULL AND tier = 'cold')",
    "a": "(summarized_into IS NULL AND tier = 'archived')",
}

DATED = "resolved_dates <> '[]'::jsonb"  # the rows of a user's dates index


def index_name(user_id: str) -> str:
    return "memories_hnsw_" + hashlib.sha1(user_id.encode()).hexdigest()[:16]


def share_index_name(user_id: str, share: str) -> str:
    return f"{index_name(user_id)}_{share}"


def dates_index_name(user_id: str) -> str:
    return "memories_dates_" + hashlib.sha1(user_id.encode()).hexdigest()[:16]


def summary_index_name(user_id: str) -> str:
    return "summaries_hnsw_" + hashlib.sha1(user_id.encode()).hexdigest()[:16]


def shares_for(tiers, as_units: bool, as_of) -> tuple[str, ...]:
    """The shares a recall over `tiers` can return rows from. With `as_of` an archived row may be
    current again, and a summarised row is searched whatever its tier: every share."""
    if as_of is not None:
        return tuple(SHARES)
    out = ["u"]
    if "cold" in tiers:  # standard recall's fallback searches units and cold rows
        out.append("c")
    if "archived" in tiers:
        out.append("a")
    return tuple(out)


def has_index(conn: psycopg.Connection, user_id: str) -> bool:
    return index_layout(conn, user_id) is not None


def index_layout(conn: psycopg.Connection, user_id: str) -> str | None:
    """'tiers' (one index per share), 'user' (one index over every row, built before the split) or None."""
    row = conn.execute("SELECT layout FROM user_vector_indexes WHERE user_id = %s", (user_id,)).fetchone()
    return row[0] if row else None


def index_layouts(conn: psycopg.Connection) -> dict[str, str]:
    """Every indexed user's layout: a handful of rows (only heavy users have indexes), read at once so
    recall needs no lookup of its own per user."""
    return dict(conn.execute("SELECT user_id, layout FROM user_vector_indexes").fetchall())


def ensure_user_index(url: str, user_id: str, *, min_rows: int = HNSW_MIN_ROWS) -> bool:
    """Build the user's per-share HNSW indexes if they have enough rows (an index of the earlier
    single-index layout is replaced); returns whether the user has indexes now. Needs its own
    autocommit connection: CONCURRENTLY cannot run inside a transaction."""
    with connect(url, autocommit=True) as conn:
        layout = index_layout(conn, user_id)
        if layout == "tiers":
            _ensure_dates_index(conn, user_id)  # users indexed before it existed get it now
            return True  # statistics: the consolidation run that called us refreshes them once at its end
        n = conn.execute(
            "SELECT count(*) FROM memories WHERE user_id = %s AND duplicate_of IS NULL", (user_id,)
        ).fetchone()[0]
        if layout is None and n < min_rows:
            return False
        for share, pred in SHARES.items():
            conn.execute(sql.SQL(
                "CREATE INDEX CONCURRENTLY IF NOT EXISTS {} ON memories USING hnsw (embedding vector_cosine_ops)"
                " WITH (m = 16, ef_construction = 64) WHERE user_id = {} AND duplicate_of IS NULL AND {}"
            ).format(sql.Identifier(share_index_name(user_id, share)), sql.Literal(user_id), sql.SQL(pred)))
        conn.execute(sql.SQL(
            "CREATE INDEX CONCURRENTLY IF NOT EXISTS {} ON summaries USING hnsw (embedding vector_cosine_ops)"
            " WITH (m = 16, ef_construction = 64) WHERE user_id = {}"
        ).format(sql.Identifier(summary_index_name(user_id)), sql.Literal(user_id)))
        _ensure_dates_index(conn, user_id)
        conn.execute(
            "INSERT INTO user_vector_indexes (user_id, index_name, rows_at_build, layout)"
            " VALUES (%s, %s, %s, 'tiers') ON CONFLICT (user_id) DO UPDATE SET layout = 'tiers',"
            " rows_at_build = excluded.rows_at_build, created_at = now()",
            (user_id, index_name(user_id), n),
        )
        if layout == "user":
            conn.execute(sql.SQL("DROP INDEX CONCURRENTLY IF EXISTS {}").format(sql.Identifier(index_name(user_id))))
        refresh_statistics(conn)
        return True


def refresh_statistics(conn: psycopg.Connection) -> list[str]:
    """Do now for `memories` and `summaries` what autovacuum would do soon, by its own thresholds:
    VACUUM ANALYZE a table with more dead rows than 50 + 20% of its rows, ANALYZE one with more rows
    changed since its last analysis than 50 + 10%; returns what was done ("VACUUM ANALYZE memories").
    A heavy user's plans rest on the planner knowing how many rows that user has: with the statistics
    of before a consolidation (no summaries yet), it sorted a 50k-memory user's ~5,000 summaries exactly
    (13 ms) instead of reading their HNSW index (1.5 ms). And a run that rewrote most rows left every
    page without its visibility bit: the next run's reads fetched each row from the heap where an
    index answers (100k store after a first run: 1.1 s of vacuum, the next run 3.2 -> 2.7 s)."""
    if conn.info.transaction_status != psycopg.pq.TransactionStatus.IDLE:
        # VACUUM and ANALYZE run outside a transaction: committing the caller's open one would be a surprise
        raise ValueError("refresh_statistics runs between transactions; the connection has one open")
    was = conn.autocommit
    conn.autocommit = True
    try:
        return _catch_up(conn)
    finally:
        conn.autocommit = was


def _catch_up(conn: psycopg.Connection) -> list[str]:
    if conn.info.server_version >= 150000:  # this process's own writes count once flushed (every second at most)
        conn.execute("SELECT pg_stat_force_next_flush()")
    due = conn.execute(
        "SELECT s.relname, s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0),"
        " s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)"
        " FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid"
        " WHERE s.schemaname = current_schema() AND s.relname IN ('memories', 'summaries') ORDER BY s.relname"
    ).fetchall()
    done = []
    for table, vacuum, analyze in due:
        if vacuum or analyze:
            what = "VACUUM ANALYZE" if vacuum else "ANALYZE"
            conn.execute(sql.SQL(what + " {}").format(sql.Identifier(table)))
            done.append(f"{what} {table}")
    return done


def _ensure_dates_index(conn: psycopg.Connection, user_id: str) -> None:
    """The user's dated memories by the span of days they are about: a question with a date reads
    those, not every row of the user (~100 ms at 50k rows)."""
    conn.execute(sql.SQL(
        "CREATE INDEX CONCURRENTLY IF NOT EXISTS {} ON memories USING gist (memory_date_span(resolved_dates))"
        " WHERE user_id = {} AND duplicate_of IS NULL AND {}"
    ).format(sql.Identifier(dates_index_name(user_id)), sql.Literal(user_id), sql.SQL(DATED)))


def drop_user_index(url: str, user_id: str) -> None:
    """Remove the user's HNSW indexes (either layout); recall falls back to the exact scan."""
    with connect(url, autocommit=True) as conn:
        for name in [index_name(user_id), *(share_index_name(user_id, s) for s in SHARES), summary_index_name(user_id),
                     dates_index_name(user_id)]:
            conn.execute(sql.SQL("DROP INDEX CONCURRENTLY IF EXISTS {}").format(sql.Identifier(name)))
        conn.execute("DELETE FROM user_vector_indexes WHERE user_id = %s", (user_id,))
