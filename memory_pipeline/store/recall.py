"""SQL of recall: exact top-k within one user over memories and summaries, the profile, activation."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime

import numpy as np
import psycopg
from psycopg import sql


def search(
    conn: psycopg.Connection, user_id: str, q: np.ndarray, *, tiers: Sequence[str], limit: int,
    as_of: datetime | None, namespace: str | None, as_units: bool, use_hnsw: bool = False,
) -> list[dict]:
    """Candidates in one round trip: raw memories and summaries, nearest first.

    `as_units` (reflexive / standard): a summarised memory is searched by its own embedding but stands
    for its summary (the unit after consolidation), whatever its own tier; the caller maps it. With
    `as_of`, rows created later are invisible, and a supersession counts only if the newer memory
    existed by then: the archived row it produced is searchable again as current.
    """
    args: dict = {"u": user_id, "q": q, "tiers": list(tiers), "k": limit, "as_of": as_of, "ns": namespace}
    tier_ok = "m.tier = ANY(%(tiers)s)"
    if as_of:
        tier_ok += (" OR (m.tier = 'archived' AND m.superseded_by IS NOT NULL AND"
                    " (SELECT n.created_at FROM memories n WHERE n.id = m.superseded_by) > %(as_of)s)")
    if as_units:
        tier_ok += " OR m.summarized_into IS NOT NULL"
    # `+ 0` keeps the planner off vector indexes (exact scan of the covering btree); a heavy user's own
    # partial HNSW index is used instead, which needs the user id as a literal
    order = "m.embedding <=> %(q)b" if use_hnsw else "(m.embedding <=> %(q)b) + 0"
    user = sql.Literal(user_id).as_string(conn).replace("%", "%%") if use_hnsw else "%(u)s"
    mem = (
        f"SELECT 'memory' AS kind, m.id::text AS id, {order} AS d, m.summarized_into"
        f" FROM memories m WHERE m.user_id = {user} AND m.duplicate_of IS NULL AND ({tier_ok})"
        + (" AND m.created_at <= %(as_of)s" if as_of else "")
        + (" AND m.namespace = %(ns)s" if namespace else "")
        + " ORDER BY d LIMIT %(k)s"
    )
    summ = (
        "SELECT 'summary' AS kind, s.id, (s.embedding <=> %(q)b) + 0 AS d, NULL AS summarized_into"
        " FROM summaries s WHERE s.user_id = %(u)s AND s.tier = ANY(%(tiers)s)"
        + (" AND s.temporal_end <= %(as_of)s" if as_of else "")
        + (" AND s.namespace = %(ns)s" if namespace else "")
        + " ORDER BY d LIMIT %(k)s"
    )
    rows = conn.execute(f"({mem}) UNION ALL ({summ}) ORDER BY d", args).fetchall()
    return [{"kind": k, "id": i, "similarity": 1.0 - float(d), "summarized_into": si} for k, i, d, si in rows]


def dated(conn: psycopg.Connection, user_id: str, q: np.ndarray, start, end, *, limit: int,
          as_of: datetime | None) -> list[dict]:
    """Memories whose resolved dates (or creation day) fall in [start, end]: dates are searchable."""
    rows = conn.execute(
        "SELECT 'memory' AS kind, m.id::text, (m.embedding <=> %(q)b) + 0 AS d, m.summarized_into FROM memories m"
        " WHERE m.user_id = %(u)s AND m.duplicate_of IS NULL"
        + (" AND m.created_at <= %(as_of)s" if as_of else "")
        + " AND (m.created_at::date BETWEEN %(a)s AND %(b)s OR EXISTS (SELECT 1 FROM"
        " jsonb_array_elements(m.resolved_dates) r WHERE (r->>'date')::date <= %(b)s"
        " AND coalesce(r->>'end', r->>'date')::date >= %(a)s))"
        " ORDER BY d LIMIT %(k)s",
        {"u": user_id, "q": q, "a": start, "b": end, "k": limit, "as_of": as_of},
    ).fetchall()
    return [{"kind": k, "id": i, "similarity": 1.0 - float(d), "summarized_into": si} for k, i, d, si in rows]


def memory_rows(conn: psycopg.Connection, ids: Sequence[int]) -> dict[int, dict]:
    if not ids:
        return {}
    cur = conn.cursor(row_factory=psycopg.rows.dict_row)
    rows = cur.execute(
        "SELECT m.id, m.external_id, m.content, m.tier, m.created_at, m.namespace, m.superseded_by,"
        " m.access_count, m.mention_count, m.resolved_dates, n.created_at AS superseded_at,"
        " (SELECT array_agg(d.id ORDER BY d.id) FROM memories d WHERE d.duplicate_of = m.id) AS duplicate_ids,"
        " (SELECT array_agg(coalesce(d.external_id, '') ORDER BY d.id) FROM memories d"
        "   WHERE d.duplicate_of = m.id) AS duplicate_external_ids"
        " FROM memories m LEFT JOIN memories n ON n.id = m.superseded_by WHERE m.id = ANY(%s)",
        (list(ids),),
    ).fetchall()
    return {r["id"]: r for r in rows}


def summary_rows(conn: psycopg.Connection, ids: Sequence[str]) -> dict[str, dict]:
    if not ids:
        return {}
    cur = conn.cursor(row_factory=psycopg.rows.dict_row)
    rows = cur.execute(
        "SELECT s.id, s.content, s.tier, s.temporal_start, s.temporal_end, s.source_ids, s.key_facts,"
        " s.resolved_dates, s.method, s.confidence, s.access_count,"
        " (SELECT array_agg(coalesce(m.external_id, '') ORDER BY m.id) FROM memories m"
        "   WHERE m.id = ANY(s.source_ids)) AS source_external_ids"
        " FROM summaries s WHERE s.id = ANY(%s)",
        (list(ids),),
    ).fetchall()
    return {r["id"]: r for r in rows}


def profile_row(conn: psycopg.Connection, user_id: str, q: np.ndarray) -> dict | None:
    cur = conn.cursor(row_factory=psycopg.rows.dict_row)
    return cur.execute(
        "SELECT id, content, source_ids, updated_at, version,"
        " CASE WHEN embedding IS NULL THEN NULL ELSE 1 - (embedding <=> %b) END AS similarity"
        " FROM profiles WHERE user_id = %s",
        (q, user_id),
    ).fetchone()


def activation_session(conn: psycopg.Connection, lock_timeout: str) -> None:
    """The activation connection: commits without waiting for the flush to disk, bounded lock waits."""
    conn.execute("SET synchronous_commit = off")
    conn.execute(sql.SQL("SET lock_timeout = {}").format(sql.Literal(lock_timeout)))


def touch(conn: psycopg.Connection, memory_counts: Mapping[int, int], summary_counts: Mapping[str, int]) -> None:
    """Activation (seed 003): access counts raised by how often each row was returned, and the time
    of last access, for memories and summaries in one statement."""
    m_ids, m_n = zip(*sorted(memory_counts.items()), strict=True) if memory_counts else ((), ())
    s_ids, s_n = zip(*sorted(summary_counts.items()), strict=True) if summary_counts else ((), ())
    conn.execute(
        "WITH m AS (UPDATE memories t SET access_count = t.access_count + c.n, last_accessed = now()"
        "  FROM unnest(%s::bigint[], %s::int[]) AS c(id, n) WHERE t.id = c.id)"
        " UPDATE summaries t SET access_count = t.access_count + c.n, last_accessed = now()"
        " FROM unnest(%s::text[], %s::int[]) AS c(id, n) WHERE t.id = c.id",
        (list(m_ids), list(m_n), list(s_ids), list(s_n)),
    )


def summaries_for_context(conn: psycopg.Connection, user_id: str, q: np.ndarray | None) -> list[dict]:
    cur = conn.cursor(row_factory=psycopg.rows.dict_row)
    sim = "1 - (embedding <=> %(q)b)" if q is not None else "0.0"
    return cur.execute(
        f"SELECT id, namespace, content, key_facts, decisions, superseded_facts, temporal_start, temporal_end,"
        f" confidence, access_count, {sim} AS relevance FROM summaries WHERE user_id = %(u)s ORDER BY id",
        {"u": user_id, "q": q},
    ).fetchall()
