"""What an incremental run reads of a user instead of every row: the rows that can take part in its
decisions, each kind found through an index (migration 0012), so a run's cost follows what is new.

A user's delta holds every row any phase would select from the whole user: rows saved since the
last run; rows current and not summarized, flagged or in working memory (episodes, the cluster pool,
decisions); each flagged row's match and the match's root; every statement of a slot a new memory
states (supersession); the members of every cluster a new memory can join; the rows the caller
found near the new ones (nearest older neighbours, pool rows within the clustering threshold); the
older side of every supersession edge whose newer side is read (a summary cites what its sources
replaced); and the user's newest row by time (the session block's stamp when there is no summary).
Rows outside it are summarized, superseded or duplicates, and no phase selects them; the profile,
which reads every fact-bearing row, reads them apart (`profile_rows`) and only when its inputs changed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import psycopg

from memory_pipeline.store import consolidation as cs


def new_rows(conn: psycopg.Connection, high_water: Mapping[str, int]) -> list[tuple[str, int, bool]]:
    """(user, id, current) of every row above each user's high-water mark."""
    return conn.execute(
        "SELECT m.user_id, m.id, m.duplicate_of IS NULL AND m.superseded_by IS NULL"
        " FROM unnest(%s::text[], %s::bigint[]) AS q(user_id, hw)"
        " JOIN memories m ON m.user_id = q.user_id AND m.id > q.hw ORDER BY m.id",
        (list(high_water), list(high_water.values()))).fetchall()


# Each kind of row is found through its own index; ids are passed on as arrays (`= ANY(ARRAY(...))`) so
# the planner looks each one up rather than joining every row of the users by hash.
_DELTA_SQL = f"""
WITH q(user_id, hw) AS (SELECT * FROM unnest(%(users)s::text[], %(hws)s::bigint[])),
n AS MATERIALIZED (
  SELECT m.id, m.user_id, m.embedding, m.duplicate_of IS NULL AND m.superseded_by IS NULL AND m.cluster_id IS NULL
         AS unclustered FROM q JOIN memories m ON m.user_id = q.user_id AND m.id > q.hw
),
base(id) AS MATERIALIZED (
  SELECT id FROM n
  UNION SELECT m.id FROM q JOIN memories m ON m.user_id = q.user_id
    WHERE m.duplicate_of IS NULL
      AND ((m.superseded_by IS NULL AND m.summarized_into IS NULL) OR m.flagged OR m.layer = 'working')
  UNION SELECT unnest(%(extra)s::bigint[])
  UNION SELECT t.memory_id FROM q JOIN memory_slots s ON s.user_id = q.user_id AND s.memory_id > q.hw
    JOIN memory_slots t ON t.user_id = s.user_id AND t.slot = s.slot
  UNION SELECT x.id FROM memories x WHERE x.cluster_id = ANY(ARRAY(
    SELECT c.id FROM n JOIN clusters c ON c.user_id = n.user_id
    WHERE n.unclustered AND (c.centroid <=> n.embedding) <= %(join_distance)s))
  UNION SELECT (SELECT x.id FROM memories x WHERE x.user_id = q.user_id ORDER BY x.created_at DESC, x.id DESC
                LIMIT 1) FROM q
),
flagged AS (
  SELECT m.flag_match_id FROM memories m WHERE m.id = ANY(ARRAY(SELECT id FROM base))
    AND m.flagged AND m.duplicate_of IS NULL AND m.flag_match_id IS NOT NULL
),
matched(id) AS MATERIALIZED (
  SELECT flag_match_id FROM flagged
  UNION SELECT r.duplicate_of FROM memories r
    WHERE r.id = ANY(ARRAY(SELECT flag_match_id FROM flagged)) AND r.duplicate_of IS NOT NULL
),
read(id) AS (
  SELECT id FROM base UNION SELECT id FROM matched
  UNION SELECT e.target_id::bigint FROM edges e
    WHERE e.user_id = ANY(%(users)s) AND e.edge_type = 'supersedes'
      AND e.source_id::bigint IN (SELECT id FROM base UNION SELECT id FROM matched)
)
SELECT m.user_id, {cs.SNAPSHOT_COLUMNS} FROM memories m
WHERE m.id = ANY(ARRAY(SELECT id FROM read WHERE id IS NOT NULL)) ORDER BY m.id
"""


def delta_rows(conn: psycopg.Connection, high_water: Mapping[str, int], extra: Sequence[int],
               join_distance: float) -> psycopg.Cursor:
    """Every user's delta (see the module) as snapshot rows with the user in front, ordered by id;
    `extra`: ids the caller found near the new rows; `join_distance`: the cosine distance under which
    a new memory can join a cluster (with a margin). Returns the executed cursor (pipeline-friendly):
    `extra` may name other users' rows, which the caller leaves out."""
    return conn.execute(_DELTA_SQL, {"users": list(high_water), "hws": list(high_water.values()),
                                     "extra": sorted(set(map(int, extra))), "join_distance": join_distance})


def profile_rows(conn: psycopg.Connection, users: Sequence[str]) -> list[tuple]:
    """(user, id, content, created_at, metadata text, successor or None) of every row the profile reads:
    those stating facts, those superseded and their successors."""
    return conn.execute(
        "SELECT user_id, id, content, created_at, metadata::text, superseded_by FROM memories"
        " WHERE user_id = ANY(%(u)s) AND (superseded_by IS NOT NULL OR facts::text NOT IN ('[]', '{}')"
        " OR id IN (SELECT superseded_by FROM memories WHERE user_id = ANY(%(u)s) AND superseded_by IS NOT NULL))"
        " ORDER BY id", {"u": list(users)}).fetchall()
