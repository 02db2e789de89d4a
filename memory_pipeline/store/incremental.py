"""What an incremental run reads instead of the whole user: whether anything changed since the last run,
the nearest older neighbours of new memories (searched in the store), the supersession edges that stand."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import psycopg

from memory_pipeline.store import consolidation as cs


def user_state(conn: psycopg.Connection, user_id: str) -> dict:
    """What decides whether a run has anything to read beyond tiers: rows saved since the last run, rows
    flagged or still in working memory, rows changed outside consolidation (accepted suggestions, edits),
    the profile's method (and the profile itself while it has no vector); and how many summaries it has."""
    cur = conn.cursor(row_factory=psycopg.rows.dict_row)
    return cur.execute(
        "SELECT coalesce(max(m.id), 0) AS max_id, coalesce(s.last_memory_id, 0) AS high_water,"
        " count(*) FILTER (WHERE m.duplicate_of IS NULL AND (m.flagged OR m.layer = 'working')) AS pending,"
        " count(*) FILTER (WHERE s.last_consolidated_at IS NULL OR m.updated_at > s.last_consolidated_at) AS touched,"
        " (SELECT count(*) FROM summaries x WHERE x.user_id = %(u)s) AS summaries,"
        " (SELECT p.method FROM profiles p WHERE p.user_id = %(u)s) AS profile_method,"
        " (SELECT p.id FROM profiles p WHERE p.user_id = %(u)s AND p.embedding IS NULL) AS unembedded_profile,"
        " (SELECT p.content FROM profiles p WHERE p.user_id = %(u)s AND p.embedding IS NULL) AS unembedded_content"
        " FROM memories m LEFT JOIN consolidation_state s ON s.user_id = m.user_id WHERE m.user_id = %(u)s"
        " GROUP BY s.last_memory_id, s.last_consolidated_at",
        {"u": user_id},
    ).fetchone() or {"max_id": 0, "high_water": 0, "pending": 0, "touched": 0, "summaries": 0,
                     "profile_method": None, "unembedded_profile": None, "unembedded_content": None}


REASONS_SQL = ("SELECT source_id::bigint, target_id::bigint, reason FROM edges WHERE user_id = %s"
               " AND edge_type = 'supersedes'")


def supersession_reasons(conn: psycopg.Connection, user_id: str) -> dict[tuple[int, int], str]:
    """(newer id, older id) -> reason of every supersedes edge of the user."""
    return {(a, b): r for a, b, r in conn.execute(REASONS_SQL, (user_id,)).fetchall()}


@dataclass
class Prefetched:
    """Everything a run with new memories reads before it writes, fetched in one round trip."""

    snapshot: cs.Snapshot
    summaries: list[dict]
    profile: dict | None
    session_context: dict | None
    clusters: list[tuple[str, np.ndarray, int]]
    reasons: dict[tuple[int, int], str]


def prefetch(conn: psycopg.Connection, user_id: str) -> Prefetched:
    """The snapshot and the rows the phases read first, as one pipeline: the statements go out together
    and their answers come back together (a run's cost is mostly round trips once little is new)."""
    def dicts():
        return conn.cursor(row_factory=psycopg.rows.dict_row)

    args = (user_id,)
    with conn.pipeline():
        rows, hw = conn.execute(cs.SNAPSHOT_SQL, args), conn.execute(cs.HIGH_WATER_SQL, args)
        summ, prof, sess = (dicts().execute(q, args) for q in (cs.SUMMARIES_SQL, cs.PROFILE_SQL, cs.SESSION_SQL))
        clusters = conn.execute(cs.CLUSTERS_SQL, args, binary=True)
        reasons = conn.execute(REASONS_SQL, args)
    return Prefetched(cs.snapshot_from(user_id, rows.fetchall(), hw.fetchone()), summ.fetchall(), prof.fetchone(),
                      sess.fetchone(), cs.clusters_from(clusters.fetchall()),
                      {(a, b): r for a, b, r in reasons.fetchall()})


def older_neighbours(conn: psycopg.Connection, user_id: str, ids: Sequence[int], k: int,
                     max_id: int) -> list[tuple[int, int, float]]:
    """(id, neighbour, cosine): for each of `ids`, its `k` nearest current memories of the user that
    are older (created earlier, or at the same time with a smaller id), up to `max_id`. Exact."""
    return conn.execute(
        "SELECT n.id, o.id, 1 - o.d FROM memories n CROSS JOIN LATERAL ("
        "  SELECT m.id, (m.embedding <=> n.embedding) + 0 AS d FROM memories m"
        "  WHERE m.user_id = n.user_id AND m.duplicate_of IS NULL AND m.superseded_by IS NULL AND m.id <= %s"
        "    AND (m.created_at, m.id) < (n.created_at, n.id) ORDER BY d, m.id LIMIT %s) o"
        " WHERE n.id = ANY(%s) AND n.user_id = %s ORDER BY n.id, o.d, o.id",
        (max_id, k, list(map(int, ids)), user_id),
    ).fetchall()
