"""SQL of a batch of users consolidated in one transaction: what each user's run would read or write
with one statement, read or written for every user of the batch with one statement (the cost of a
run with little new is round trips and commits, not rows)."""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

import numpy as np
import psycopg

from memory_pipeline.store import consolidation as cs
from memory_pipeline.store import delta as delta_sql


def lock_users(conn: psycopg.Connection, users: Sequence[str]) -> set[str]:
    """The users of `users` whose consolidation lock this transaction got: one consolidation per user at a
    time, held until the transaction ends; a user another run holds is left out."""
    rows = conn.execute(
        "SELECT u FROM unnest(%s::text[]) AS u WHERE pg_try_advisory_xact_lock(hashtextextended(u, %s))",
        (list(users), cs.USER_LOCK_SALT)).fetchall()
    return {r[0] for r in rows}


def user_states(conn: psycopg.Connection, users: Sequence[str]) -> dict[str, dict]:
    """What decides whether a user's run has anything to read beyond tiers, for each user of `users`, in one
    statement that reads no user's rows: each answer comes from an index (the largest id; rows flagged or in
    working memory; rows changed since the last run, and among them rows the last run saw) or from small tables
    (the last run, the profile, how many summaries). Truth values are 0 / 1, not counts."""
    cur = conn.cursor(row_factory=psycopg.rows.dict_row)
    rows = cur.execute(
        "SELECT q.u AS user_id,"
        " coalesce((SELECT m.id FROM memories m WHERE m.user_id = q.u ORDER BY m.id DESC LIMIT 1), 0) AS max_id,"
        " coalesce(s.last_memory_id, 0) AS high_water,"
        " EXISTS (SELECT 1 FROM memories m WHERE m.user_id = q.u AND m.duplicate_of IS NULL"
        "   AND ((m.superseded_by IS NULL AND m.summarized_into IS NULL) OR m.flagged OR m.layer = 'working')"
        "   AND (m.flagged OR m.layer = 'working'))::int AS pending,"
        " CASE WHEN s.last_consolidated_at IS NULL"
        "   THEN EXISTS (SELECT 1 FROM memories m WHERE m.user_id = q.u)"
        "   ELSE EXISTS (SELECT 1 FROM memories m WHERE m.user_id = q.u AND m.updated_at > s.last_consolidated_at)"
        " END::int AS touched,"
        " EXISTS (SELECT 1 FROM memories m WHERE m.user_id = q.u AND m.updated_at > s.last_consolidated_at"
        "   AND m.id <= s.last_memory_id)::int AS edited,"
        " (SELECT count(*) FROM summaries x WHERE x.user_id = q.u) AS summaries,"
        " p.method AS profile_method, CASE WHEN p.embedding IS NULL THEN p.id END AS unembedded_profile,"
        " CASE WHEN p.embedding IS NULL THEN p.content END AS unembedded_content,"
        # the last tier statement's findings, if no run since went unrecorded and no access came after it
        " s.tiers_at, s.tiers_due_at, s.tiers_key, s.tier_counts,"
        " coalesce(s.tiers_runs = s.runs AND (a.accessed_at IS NULL OR a.accessed_at < s.tiers_checked_at), false)"
        "  AS tiers_unaccessed"
        " FROM unnest(%s::text[]) AS q(u) LEFT JOIN consolidation_state s ON s.user_id = q.u"
        " LEFT JOIN user_activity a ON a.user_id = q.u"
        " LEFT JOIN profiles p ON p.user_id = q.u",
        (list(users),)).fetchall()
    return {r.pop("user_id"): r for r in rows}  # one row per user: the statement starts from `users`


def _by_user(rows, key: int = 0) -> dict[str, list]:
    out: dict[str, list] = defaultdict(list)
    for r in rows:
        out[r[key]].append(r[key + 1:] if isinstance(r, tuple) else r)
    return out


# what a run reads of the profile: its vector only as present or not (parsing it cost more than the rest),
# what the rules read from its sources as JSON text (decoded only when the profile is built again), and the
# clauses it retired (the session block strikes them in summaries)
PROFILE_SQL = ("SELECT user_id, id, content, method, inputs_fingerprint, extracted::text AS extracted,"
               " sections->'retired' AS retired,"
               " CASE WHEN embedding IS NOT NULL THEN true END AS embedding FROM profiles WHERE user_id = ANY(%s)")
# ordered by id alone: sorting by the user's text key cost a third of the read; rows are grouped here
SNAPSHOT_SQL = f"SELECT user_id, {cs.SNAPSHOT_COLUMNS} FROM memories WHERE user_id = ANY(%s) ORDER BY id"
SUMMARIES_SQL = f"SELECT user_id, {cs.SUMMARY_COLUMNS} FROM summaries WHERE user_id = ANY(%s) ORDER BY user_id, id"
CLUSTERS_SQL = "SELECT user_id, id, centroid, size FROM clusters WHERE user_id = ANY(%s) ORDER BY user_id, id"
SESSION_SQL = "SELECT * FROM session_context WHERE user_id = ANY(%s)"
REASONS_SQL = ("SELECT user_id, source_id::bigint, target_id::bigint, reason FROM edges WHERE user_id = ANY(%s)"
               " AND edge_type = 'supersedes'")


def _group(rows: list[tuple]) -> dict[str, list[tuple]]:
    """Rows by their first column (the user), each user's in the order read."""
    out: dict[str, list[tuple]] = defaultdict(list)
    for r in rows:
        out[r[0]].append(r)
    return out


@dataclass
class Prefetched:
    """Everything a run with new memories reads before its phases, beyond searches and vectors."""

    snapshot: cs.Snapshot
    summaries: list[dict]
    profile: dict | None
    session_context: dict | None
    clusters: list[tuple[str, np.ndarray, int]]
    reasons: dict[tuple[int, int], str]


def prefetch(conn: psycopg.Connection, users: Sequence[str], *, delta: Mapping[str, int] | None = None,
             extra: Sequence[int] = (), join_distance: float = 0.0) -> dict[str, Prefetched]:
    """The snapshot and the rows the phases read first, of every user of `users`, each one statement for
    all of them, as one pipeline.
    The users in `delta` (user -> high-water mark) get only their delta as snapshot (`store/delta.py`,
    with `extra` and `join_distance`)."""
    delta = dict(delta or {})
    whole = [u for u in users if u not in delta]
    args = (list(users),)

    def dicts():
        return conn.cursor(row_factory=psycopg.rows.dict_row)

    with conn.pipeline():
        whole_rows = conn.execute(SNAPSHOT_SQL, (whole,)) if whole else None
        delta_rows = delta_sql.delta_rows(conn, delta, extra, join_distance) if delta else None
        hw = conn.execute("SELECT user_id, last_memory_id FROM consolidation_state WHERE user_id = ANY(%s)", args)
        summ = dicts().execute(SUMMARIES_SQL, args)
        prof, sess = (dicts().execute(q, args) for q in (PROFILE_SQL, SESSION_SQL))
        clusters = conn.execute(CLUSTERS_SQL, args, binary=True)
        reasons = conn.execute(REASONS_SQL, args)
    # a delta read names other users' rows too (the pool rows near new ones): each user keeps its own
    got = (whole_rows.fetchall() if whole_rows else []) + (
        [r for r in delta_rows.fetchall() if r[0] in delta] if delta_rows else [])
    snaps, highs = _group(got), dict(hw.fetchall())
    summaries: dict[str, list] = defaultdict(list)
    for r in summ.fetchall():
        summaries[r.pop("user_id")].append(r)
    profiles = {r["user_id"]: r for r in prof.fetchall()}
    sessions = {r["user_id"]: r for r in sess.fetchall()}
    clus, why = _by_user(clusters.fetchall()), _by_user(reasons.fetchall())
    return {u: Prefetched(
        cs.snapshot_from(u, snaps.get(u, []), (highs[u],) if u in highs else None, first=1), summaries.get(u, []),
        profiles.get(u), sessions.get(u), cs.clusters_from(clus.get(u, [])),
        {(a, b): r for a, b, r in why.get(u, [])}) for u in users}


def new_and_pool_vectors(conn: psycopg.Connection, high_water: dict[str, int], min_similarity: float
                         ) -> dict[int, np.ndarray]:
    """Vectors clustering will ask for: each user's active unclustered rows above its high-water mark,
    and its older current unclustered rows within `min_similarity` of one of them (the only pool rows a
    new memory can group with); not the rest of the pool."""
    rows = conn.execute(
        "WITH q(user_id, hw) AS (SELECT * FROM unnest(%s::text[], %s::bigint[])),"
        " n AS (SELECT m.id, m.user_id, m.embedding FROM q JOIN memories m ON m.user_id = q.user_id AND m.id > q.hw"
        "       WHERE m.duplicate_of IS NULL AND m.cluster_id IS NULL)"
        " SELECT id, embedding FROM n UNION ALL"
        " SELECT p.id, p.embedding FROM q JOIN memories p ON p.user_id = q.user_id AND p.id <= q.hw"
        " WHERE p.duplicate_of IS NULL AND p.superseded_by IS NULL AND p.cluster_id IS NULL AND EXISTS ("
        "   SELECT 1 FROM n WHERE n.user_id = p.user_id AND (n.embedding <=> p.embedding) <= %s)",
        (list(high_water), list(high_water.values()), 1.0 - min_similarity), binary=True).fetchall()
    return {i: cs.as_array(v) for i, v in rows}


def older_neighbours(conn: psycopg.Connection, max_id: dict[int, int], k: int) -> list[tuple[int, int, float]]:
    """(id, neighbour, cosine): for each memory of `max_id` (of many users at once), its `k` nearest current
    memories of its user that are older (created earlier, or at the same time with a smaller id), up to
    the largest id its user's run read. Exact."""
    return conn.execute(
        "SELECT n.id, o.id, 1 - o.d FROM unnest(%s::bigint[], %s::bigint[]) AS q(id, max_id)"
        " JOIN memories n ON n.id = q.id CROSS JOIN LATERAL ("
        "  SELECT m.id, (m.embedding <=> n.embedding) + 0 AS d FROM memories m"
        "  WHERE m.user_id = n.user_id AND m.duplicate_of IS NULL AND m.superseded_by IS NULL AND m.id <= q.max_id"
        "    AND (m.created_at, m.id) < (n.created_at, n.id) ORDER BY d, m.id LIMIT %s) o"
        " ORDER BY n.id, o.d, o.id",
        (list(max_id), list(max_id.values()), k)).fetchall()


def upsert_clusters(conn: psycopg.Connection, rows: Sequence[tuple[str, str, np.ndarray, int]], method: str,
                    run_id: str | None) -> None:
    """(cluster id, user, centroid, size) rows of many users, sent as one pipeline (vectors in binary)."""
    if not rows:
        return
    with conn.cursor() as cur:
        cur.executemany(
            "INSERT INTO clusters (id, user_id, centroid, size, method, run_id) VALUES (%s, %s, %b, %s, %s, %s)"
            " ON CONFLICT (id) DO UPDATE SET centroid = excluded.centroid, size = excluded.size,"
            " run_id = excluded.run_id, updated_at = now()",
            [(cid, user, cen, size, method, run_id) for cid, user, cen, size in rows])


def insert_edges(conn: psycopg.Connection, rows: Sequence[dict]) -> Counter:
    """`consolidation.insert_edges` for many users: how many were new, per user."""
    if not rows:
        return Counter()
    cols = ("id", "user_id", "edge_type", "source_id", "target_id", "weight", "reason", "run_id", "method", "model",
            "prompt_version")
    got = conn.execute(
        "INSERT INTO edges (id, user_id, edge_type, source_id, target_id, weight, reason, run_id, method, model,"
        " prompt_version) SELECT * FROM unnest(%s::text[], %s::text[], %s::text[], %s::text[], %s::text[],"
        " %s::real[], %s::text[], %s::text[], %s::text[], %s::text[], %s::text[]) ON CONFLICT DO NOTHING"
        " RETURNING user_id",
        [[r.get(c) for r in rows] for c in cols]).fetchall()
    return Counter(r[0] for r in got)


def set_states(conn: psycopg.Connection, rows: Sequence[tuple[str, int]], run_id: str | None) -> None:
    """`consolidation.set_state` of many users: (user, high-water mark) rows."""
    if not rows:
        return
    conn.execute(
        "INSERT INTO consolidation_state (user_id, last_run_id, last_consolidated_at, last_memory_id, runs)"
        " SELECT u, %s, now(), hw, 1 FROM unnest(%s::text[], %s::bigint[]) AS x(u, hw)"
        " ON CONFLICT (user_id) DO UPDATE SET last_run_id = excluded.last_run_id,"
        " last_consolidated_at = now(), last_memory_id = excluded.last_memory_id,"
        " runs = consolidation_state.runs + 1",
        (run_id, [r[0] for r in rows], [r[1] for r in rows]))


def set_tier_states(conn: psycopg.Connection, rows: Sequence[tuple[str, datetime, datetime | None, str, dict]]
                    ) -> None:
    """What each user's tier statement found: (user, the run's time, when a tier can next change (None:
    never), the retention settings' key, counts), on users with a state row (written after `set_states`)."""
    if not rows:
        return
    conn.execute(
        "UPDATE consolidation_state s SET tiers_at = x.at, tiers_checked_at = now(), tiers_due_at = x.due,"
        " tiers_runs = s.runs, tiers_key = x.k, tier_counts = x.c::jsonb"
        " FROM unnest(%s::text[], %s::timestamptz[], %s::timestamptz[], %s::text[], %s::text[]) AS x(u, at, due, k, c)"
        " WHERE s.user_id = x.u",
        tuple(list(col) for col in zip(*[(u, at, due, k, json.dumps(c)) for u, at, due, k, c in rows], strict=True)))


def delete_summaries(conn: psycopg.Connection, users: Sequence[str], ids: Sequence[str],
                     unlink: Sequence[int] = ()) -> None:
    """`consolidation.delete_summaries` for many users: their edges found through the (user, type) index."""
    if not ids:
        return
    if unlink:
        conn.execute(cs.UNLINK_SQL, (list(unlink), list(ids)))
    conn.execute("DELETE FROM edges WHERE user_id = ANY(%s) AND edge_type = 'consolidates' AND source_id = ANY(%s)",
                 (list(users), list(ids)))
    conn.execute("DELETE FROM summaries WHERE id = ANY(%s)", (list(ids),))


def many(conn: psycopg.Connection, fn, calls: Sequence[tuple]) -> None:
    """Per-user writes that stay one statement each (profiles, session blocks), sent as one pipeline."""
    if not calls:
        return
    with conn.pipeline():
        for args in calls:
            fn(conn, *args)
