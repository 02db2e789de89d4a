"""Everything a batch of users' consolidation reads before its first phase, in one call (`read`), as one
typed record (`BatchRead`): locks, states, snapshots (a user's delta when that is enough), summaries,
profiles, clusters, supersession edges, vectors and the store searches the phases need. Each kind is
one statement for the whole batch (`consolidation_batch.py`, `delta.py`).

What to read depends on the run's settings and its engine; they come as values (`ReadPlan`), so the
store imports no domain code. A user with nothing new (`quiet`) reads no rows. A user consolidated
before and judged by the rules reads only its delta; a delta without a flagged row's match reads the
whole user.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import psycopg

from memory_pipeline.store import consolidation as cs
from memory_pipeline.store import consolidation_batch as bsql
from memory_pipeline.store import delta as delta_sql
from memory_pipeline.store import memories as mem_sql
from memory_pipeline.store import suggestions as suggestion_sql


@dataclass(frozen=True)
class ReadPlan:
    """The run's settings and engine, as far as they decide what is read."""

    rules_only: bool  # the engine judges by rules alone (no model): a delta holds what its phases select
    profile_method: str  # the method the engine writes profiles with (another engine's profile is rewritten)
    pool_similarity: float  # pool rows at least this near a new row are read for clustering
    max_new: int  # more new memories than this are paired over every current row, not searched
    pairs_per_memory: int  # nearest older rows searched per new memory
    time_bounds: Any  # `config.TimeBounds`: event times outside are read at the nearest bound
    review: bool  # review mode: pending and known suggestions are read


@dataclass
class Near:
    """What the phases would search the store for one user at a time, searched for the batch before
    its snapshots are read: the vectors of new rows and of the pool rows near them (clustering), each
    new memory's nearest older ones (supersession); and the users whose delta is enough to read."""

    vectors: dict[int, np.ndarray] = field(default_factory=dict)
    pool: set[int] = field(default_factory=set)
    neighbours: dict[str, list[tuple[int, int, float]]] = field(default_factory=dict)
    delta: dict[str, int] = field(default_factory=dict)  # user -> high-water mark
    extra: list[int] = field(default_factory=list)  # rows the deltas read for these searches


@dataclass
class BatchRead:
    """What a batch read: for the locked users only (a user another run holds is left out)."""

    locked: list[str]
    states: dict[str, dict]
    quiet: dict[str, bool]
    pres: dict[str, bsql.Prefetched]  # users with something new: snapshot and the rows read first
    vectors: dict[int, np.ndarray]  # every snapshot row's, and the pool rows near new ones (one map)
    near: Near
    partial: list[str]  # users whose snapshot is their delta
    profile_rows: dict[str, list[tuple]]  # for `partial` users: the rows outside the delta the profile reads
    flag_nearest: dict[int, tuple]
    suggestions: dict[str, tuple[list[dict], set[str]]]


def read(conn: psycopg.Connection, users: list[str], plan: ReadPlan) -> BatchRead:
    """Lock the users, then read what their phases will read."""
    locked = bsql.lock_users(conn, users)
    mine = [u for u in users if u in locked]
    states = bsql.user_states(conn, mine)
    is_quiet = {u: quiet(states[u], plan.rules_only, plan.profile_method) for u in mine}
    busy = [u for u in mine if not is_quiet[u]]
    near = _near(conn, busy, states, plan)
    pres = bsql.prefetch(conn, busy, delta=near.delta, extra=near.extra,
                         join_distance=1.0 - plan.pool_similarity) if busy else {}
    incomplete = [u for u in near.delta if not _delta_complete(pres[u].snapshot)]
    if incomplete:  # a flagged row whose match the store must search for: the whole user is read
        pres.update(bsql.prefetch(conn, incomplete))
    _clamp_times(conn, [p.snapshot for p in pres.values()], plan.time_bounds)
    vectors = _vectors(conn, pres, near.vectors)
    partial = [u for u in near.delta if u not in incomplete]
    return BatchRead(
        mine, states, is_quiet, pres, vectors, near, partial, _profile_rows(conn, partial, plan.time_bounds),
        _flag_nearest(conn, pres, vectors), _suggestions(conn, mine) if plan.review else {})


def quiet(state: dict, rules_only: bool, profile_method: str) -> bool:
    """Nothing a phase other than TIER reads has changed since the user's last run: no row saved since,
    none flagged or still in working memory (its layer may have moved on, and episodes with it), none
    changed outside consolidation (an accepted suggestion, an edit), a profile the engine would not
    rewrite for being another engine's, and rule-based summaries (a model-backed
    engine re-derives other engines' summaries). Such a run would only refresh tiers, so it reads no rows.
    """
    return (state["max_id"] <= state["high_water"] and state["high_water"] > 0 and not state["pending"]
            and not state["touched"] and rules_only and state["profile_method"] in (None, profile_method))


def _near(conn: psycopg.Connection, users: list[str], states: dict[str, dict], plan: ReadPlan) -> Near:
    out = Near()
    if not users:
        return out
    high = {u: states[u]["high_water"] for u in users}
    out.vectors = bsql.new_and_pool_vectors(conn, high, plan.pool_similarity)
    out.pool = set(out.vectors)
    new: dict[str, list[int]] = defaultdict(list)
    for u, i, current in delta_sql.new_rows(conn, high):
        if current:
            new[u].append(i)
    max_id = {}
    for u in users:
        if 0 < len(new[u]) <= plan.max_new:
            max_id.update(dict.fromkeys(new[u], states[u]["max_id"]))
            out.neighbours[u] = []
    if max_id:
        user_of = {i: u for u in out.neighbours for i in new[u]}
        for row in bsql.older_neighbours(conn, max_id, plan.pairs_per_memory):
            out.neighbours[user_of[row[0]]].append(row)
    # a user's delta holds what its phases select when the rules judge and the user has been consolidated
    # before; more new memories than the store search takes are paired over every current row
    out.delta = {u: high[u] for u in users if plan.rules_only and high[u] > 0 and len(new[u]) <= plan.max_new}
    out.extra = sorted(out.pool | {o for u in out.delta for _, o, _ in out.neighbours.get(u, ())})
    return out


def _delta_complete(snap: cs.Snapshot) -> bool:
    """Every flagged row's match is in the delta (a flagged row saved without one is matched by a
    search of the whole user)."""
    ids = set(snap.ids.tolist())
    return all(snap.flag_match[k] in ids for k in range(len(snap))
               if snap.flagged[k] and snap.duplicate_of[k] is None)


def _clamp_times(conn: psycopg.Connection, snaps: list[cs.Snapshot], bounds) -> None:
    """An event time out of the accepted range (stored before times were checked) is read at its nearest
    bound, the latest being what the check would have allowed when it was saved, so date arithmetic
    cannot leave the calendar and a far-future row does not outrank every memory saved after it."""
    latest = bounds.latest()
    out = [(s, k) for s in snaps for k, t in enumerate(s.created_at) if not bounds.earliest <= t <= latest]
    if not out:
        return
    saved = cs.ingested_at(conn, [int(s.ids[k]) for s, k in out])  # rare: one read of when they were saved
    for s, k in out:
        s.created_at[k] = bounds.clamp(s.created_at[k], saved.get(int(s.ids[k])))


def _vectors(conn: psycopg.Connection, pres: dict, near: dict[int, np.ndarray]) -> dict[int, np.ndarray]:
    """Every snapshot row's vector (the phases compare, cluster and average them), with the pool rows
    near new ones: one statement for the batch (ids are unique across users: one map)."""
    known = dict(near)
    missing = sorted({int(i) for p in pres.values() for i in p.snapshot.ids.tolist()} - set(known))
    if missing:
        known.update(zip(missing, cs.load_embeddings(conn, missing), strict=True))
    return known


def _profile_rows(conn: psycopg.Connection, users: list[str], bounds) -> dict[str, list[tuple]]:
    """The rows outside a delta that the profile reads (those stating facts, superseded, or successors)."""
    got: dict[str, list[tuple]] = {u: [] for u in users}
    if not users:
        return got
    latest = bounds.latest()
    for u, i, content, created, meta, sup in delta_sql.profile_rows(conn, users):
        created = created if bounds.earliest <= created <= latest else bounds.clamp(created, None)
        got[u].append((i, content, created, meta, sup))
    return got


def _flag_nearest(conn: psycopg.Connection, pres: dict, vectors: dict[int, np.ndarray]) -> dict[int, tuple]:
    """For each flagged row without a stored match in its snapshot: its nearest rows in the store (what
    DECIDE compares it with), one search for the batch."""
    unknown = []
    for u, p in pres.items():
        s = p.snapshot
        ids = set(s.ids.tolist())
        unknown += [(u, int(s.ids[k])) for k in range(len(s))
                    if s.flagged[k] and (s.flag_match[k] is None or s.flag_match[k] not in ids)]
    if not unknown:
        return {}
    got: dict[int, list] = defaultdict(list)
    found = mem_sql.nearest(conn, [u for u, _ in unknown], np.vstack([vectors[i] for _, i in unknown]), k=2)
    for nb in found:
        got[unknown[nb.ord][1]].append(nb)
    return {i: tuple(v) for i, v in got.items()}


def _suggestions(conn: psycopg.Connection, users: list[str]) -> dict[str, tuple[list[dict], set[str]]]:
    """Review mode: each user's pending suggestions and every suggestion id it was ever given."""
    return {u: (suggestion_sql.pending_suggestions(conn, u), suggestion_sql.known_suggestion_ids(conn, u))
            for u in users}
