"""Everything a batch of users' consolidation writes after its last phase, in two calls, in the order
one user's run makes them, each kind one statement for the whole batch (`consolidation_batch.py`):

- `write_rows` (`BatchRows`): derived rows (summaries deleted, clusters, summaries, edges), suggestions,
  one tier statement for the memories and one for the summaries of all its users, the derived memory
  columns under optimistic locking. Returns what the action log needs of them (`Written`).
- `finish` (`BatchFinish`): profiles, session blocks, states, tier states and the action log, which
  records what `write_rows` returned (tier transitions, rows a concurrent save changed).

A dry run writes nothing but the log: its tier statements only read.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime

import numpy as np
import psycopg

from memory_pipeline.lib import clustering
from memory_pipeline.lib.retention import RetentionConfig
from memory_pipeline.store import consolidation as cs
from memory_pipeline.store import consolidation_batch as bsql
from memory_pipeline.store import memories as mem_sql
from memory_pipeline.store import suggestions as suggestion_sql
from memory_pipeline.store import tiers as tier_sql


@dataclass(frozen=True)
class Centroid:
    """The centroid of these memories' vectors, computed when the batch writes it (derived rows'
    vectors are only written, never read back by a later phase)."""

    ids: tuple[int, ...]


@dataclass(frozen=True)
class Tiers:
    """The batch's tier statements: users -> the largest id its run read, this run's unwritten links as
    overrides, and the users whose last statement still holds but for rows that can have moved."""

    max_ids: dict[str, int]
    overrides: dict[int, tuple[bool, bool, bool]]
    since: dict[str, tier_sql.Since]
    now: datetime
    retention: RetentionConfig


@dataclass
class BatchRows:
    users: list[str]
    run_id: str | None
    dry_run: bool
    vectors: Mapping[int, np.ndarray]  # what the run read: `Centroid`s are computed from these, or read
    deleted: list[str] = field(default_factory=list)  # summaries this run replaces
    unlink: list[int] = field(default_factory=list)
    clusters: list[tuple] = field(default_factory=list)  # (id, user, centroid or Centroid, size)
    summaries: list[dict] = field(default_factory=list)  # `embedding`: a vector or a Centroid
    edges: list[dict] = field(default_factory=list)
    suggestions: list[dict] = field(default_factory=list)
    tiers: Tiers | None = None  # None: no user computes its tiers
    memory_changes: dict[str, dict[int, object]] = field(default_factory=dict)  # column -> id -> value
    versions: dict[int, int] = field(default_factory=dict)  # id -> the version it was read at


@dataclass
class Written:
    new_edges: Counter  # per user
    tiers: dict[str, tier_sql.TierResult]
    summary_tiers: dict[str, tier_sql.SummaryTiers]
    memories: set[int]  # ids written (the others were changed by a concurrent save)


@dataclass
class BatchFinish:
    profiles: list[dict] = field(default_factory=list)
    fingerprints: list[tuple] = field(default_factory=list)
    sessions: list[tuple] = field(default_factory=list)
    states: list[tuple[str, int]] = field(default_factory=list)  # (user, high-water mark)
    tier_states: list[tuple] = field(default_factory=list)
    actions: list[dict] = field(default_factory=list)
    run_id: str | None = None


def write_rows(conn: psycopg.Connection, rows: BatchRows) -> Written:
    """The batch's rows up to the memories' own columns (see the module's docstring)."""
    new_edges: Counter = Counter()
    if not rows.dry_run:
        bsql.delete_summaries(conn, rows.users, rows.deleted, rows.unlink)
        vector = _centroids(conn, rows)
        bsql.upsert_clusters(conn, [(cid, u, vector(c), n) for cid, u, c, n in rows.clusters],
                             "embedding-agglomerative", rows.run_id)
        cs.insert_summaries(conn, [{**r, "embedding": vector(r["embedding"])} for r in rows.summaries])
        new_edges = bsql.insert_edges(conn, rows.edges)
        for row in rows.suggestions:
            suggestion_sql.insert_suggestion(conn, row)
    got, summ = {}, {}
    t = rows.tiers
    if t is not None:
        got = tier_sql.refresh_memory_tiers_many(conn, t.max_ids, t.now, t.retention, overrides=t.overrides,
                                                 write=not rows.dry_run, since=t.since)
        summ = tier_sql.refresh_summary_tiers_many(conn, list(t.max_ids), t.now, t.retention,
                                                   write=not rows.dry_run)
    written: set[int] = set()
    if not rows.dry_run and rows.versions:
        written = cs.update_memories(conn, rows.memory_changes, rows.versions)
    return Written(new_edges, got, summ, written)


def finish(conn: psycopg.Connection, rows: BatchFinish) -> None:
    """Profiles, session blocks, states, then tier states (after the states: its `runs` is the one
    recorded), and the action log."""
    bsql.many(conn, cs.upsert_profile, [(row,) for row in rows.profiles])
    cs.set_profile_fingerprints(conn, rows.fingerprints)
    bsql.many(conn, cs.upsert_session_context, rows.sessions)
    bsql.set_states(conn, rows.states, rows.run_id)
    bsql.set_tier_states(conn, rows.tier_states)
    mem_sql.insert_actions(conn, rows.actions)


def _centroids(conn: psycopg.Connection, rows: BatchRows):
    """Derived rows' vectors: the vectors their sources need that no phase read, read in one statement."""
    pending = [v for v in [*(c for _, _, c, _ in rows.clusters), *(r["embedding"] for r in rows.summaries)]
               if isinstance(v, Centroid)]
    known: dict[int, np.ndarray] = dict(rows.vectors)
    missing = sorted({i for v in pending for i in v.ids if i not in known})
    known.update(zip(missing, cs.load_embeddings(conn, missing), strict=True))

    def vector(v):
        return clustering.centroid(np.vstack([known[i] for i in v.ids])) if isinstance(v, Centroid) else v
    return vector
