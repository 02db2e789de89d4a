"""What a batch of users' run reads, before any phase runs: each read is one statement for the whole
batch (locks, states, snapshots, summaries, profiles, clusters, supersession edges, vectors, the
store searches the phases need), and the result is one frozen `RunContext` per locked user.

A user with nothing new (`is_quiet`) reads no rows: its run only refreshes tiers, and not even that
while its last tier statement still holds (`tiers_held`). A user consolidated before and judged by the
rules reads only its delta (`store/delta.py`); a delta without a flagged row's match reads the whole user.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import datetime

import numpy as np
import psycopg

from memory_pipeline.consolidation.config import ConsolidationConfig
from memory_pipeline.consolidation.context import Partial, Reads, RunContext
from memory_pipeline.consolidation.phases import supersede
from memory_pipeline.engines.base import PROFILE, Engine
from memory_pipeline.store import consolidation as store
from memory_pipeline.store import consolidation_batch as bsql
from memory_pipeline.store import delta as delta_sql
from memory_pipeline.store import memories as mem_sql
from memory_pipeline.store import suggestions as suggestion_sql
from memory_pipeline.store import tiers as tier_sql

POOL_MARGIN = 0.02  # the pool is pre-filtered in SQL below the threshold: float rounding never decides


@dataclass(frozen=True)
class Run:
    """The run: its settings, shared by every user of the batch."""

    config: ConsolidationConfig
    now: datetime
    run_id: str | None
    mode: str
    dry_run: bool


@dataclass
class BatchReads:
    locked: list[str]
    states: dict[str, dict]
    quiet: dict[str, bool]
    contexts: list[RunContext]


def read_batch(conn: psycopg.Connection, users: list[str], run: Run, engine: Engine) -> BatchReads:
    """Lock the users (a user another run holds is left out), then read what their phases will read."""
    locked = bsql.lock_users(conn, users)
    mine = [u for u in users if u in locked]
    states = bsql.user_states(conn, mine)
    quiet = {u: is_quiet(states[u], engine) for u in mine}
    busy = [u for u in mine if not quiet[u]]
    cfg = run.config
    near = _near(conn, busy, states, cfg, engine)
    pres = bsql.prefetch(conn, busy, delta=near.delta, extra=near.extra,
                         join_distance=1.0 - (cfg.cluster_threshold - POOL_MARGIN)) if busy else {}
    incomplete = [u for u in near.delta if not _delta_complete(pres[u].snapshot)]
    if incomplete:  # a flagged row whose match the store must search for: the whole user is read
        pres.update(bsql.prefetch(conn, incomplete))
    _clamp_times(conn, [p.snapshot for p in pres.values()], cfg)
    vectors = _vectors(conn, pres, near.vectors)
    partial = [u for u in near.delta if u not in incomplete]
    profile_rows = _profile_rows(conn, partial, cfg)
    flag_nearest = _flag_nearest(conn, pres, vectors)
    suggestions = _suggestions(conn, mine) if run.mode == "review" else {}
    contexts = []
    for u in mine:
        pre, held = pres.get(u), None if run.dry_run else tiers_held(states[u], run.now, cfg)
        reads = Reads(
            pre=pre, vectors=vectors, flag_nearest=flag_nearest,
            pool_near=frozenset(near.pool) if pre is not None else None,
            neighbours=tuple(near.neighbours[u]) if pre is not None and u in near.neighbours else None,
            pending_suggestions=tuple(suggestions.get(u, ((), ()))[0]),
            known_suggestions=frozenset(suggestions.get(u, ((), ()))[1]),
            tiers_kept=held if quiet[u] else None,
            # an edit can move any row: read them all
            tiers_since=(tier_sql.Since(states[u]["high_water"], held)
                         if not quiet[u] and held is not None and not states[u]["edited"] else None))
        snap = pre.snapshot if pre else store.empty_snapshot(u, states[u]["high_water"])
        part = (Partial(bool(states[u]["edited"]), tuple(snap.superseded_by), tuple(profile_rows[u]))
                if u in partial else None)
        contexts.append(RunContext.make(snap, cfg, run.now, run.run_id, run.mode, run.dry_run, reads, part))
    return BatchReads(mine, states, quiet, contexts)


def is_quiet(state: dict, engine: Engine) -> bool:
    """Nothing a phase other than TIER reads has changed since the user's last run: no row saved since,
    none flagged or still in working memory (its layer may have moved on, and episodes with it), none
    changed outside consolidation (an accepted suggestion, an edit), a profile the engine would not
    rewrite for being another engine's, and rule-based summaries (a model-backed
    engine re-derives other engines' summaries). Such a run would only refresh tiers, so it reads no rows.
    """
    return (state["max_id"] <= state["high_water"] and state["high_water"] > 0 and not state["pending"]
            and not state["touched"] and engine.model is None
            and state["profile_method"] in (None, engine.method(PROFILE)))


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


def _near(conn: psycopg.Connection, users: list[str], states: dict[str, dict], cfg: ConsolidationConfig,
          engine: Engine) -> Near:
    out = Near()
    if not users:
        return out
    high = {u: states[u]["high_water"] for u in users}
    out.vectors = bsql.new_and_pool_vectors(conn, high, cfg.cluster_threshold - POOL_MARGIN)
    out.pool = set(out.vectors)
    new: dict[str, list[int]] = defaultdict(list)
    for u, i, current in delta_sql.new_rows(conn, high):
        if current:
            new[u].append(i)
    max_id = {}
    for u in users:
        if 0 < len(new[u]) <= supersede.STORE_SEARCH_MAX_NEW:
            max_id.update(dict.fromkeys(new[u], states[u]["max_id"]))
            out.neighbours[u] = []
    if max_id:
        user_of = {i: u for u in out.neighbours for i in new[u]}
        for row in bsql.older_neighbours(conn, max_id, supersede.PAIRS_PER_MEMORY):
            out.neighbours[user_of[row[0]]].append(row)
    # a user's delta holds what its phases select when the rules judge and the user has been consolidated
    # before; more new memories than the store search takes are paired over every current row
    out.delta = {u: high[u] for u in users if engine.model is None and high[u] > 0
                 and len(new[u]) <= supersede.STORE_SEARCH_MAX_NEW}
    out.extra = sorted(out.pool | {o for u in out.delta for _, o, _ in out.neighbours.get(u, ())})
    return out


def tiers_held(state: dict, now: datetime, cfg: ConsolidationConfig) -> tier_sql.TierResult | None:
    """The user's tiers as the last tier statement left them, if none of the rows it read can have
    changed tier since but by this run: no access since it, the same retention settings, no run
    since that it does not record, and `now` between its time and the first time a row's decay
    crosses a threshold. A quiet user (no new, edited, flagged or working-memory row) keeps them; a
    user with new rows and no edit reads only rows that can have moved (`tier_sql.Since`)."""
    counts, at, due = state.get("tier_counts"), state.get("tiers_at"), state.get("tiers_due_at")
    if not (counts and at is not None and state["tiers_unaccessed"]
            and state["tiers_key"] == tier_sql.retention_key(cfg.retention)):
        return None
    if not at <= now or (due is not None and now >= due):
        return None
    return tier_sql.TierResult(tally=Counter(counts["tally"]), units=int(counts["units"]), due=due)


def _delta_complete(snap: store.Snapshot) -> bool:
    """Every flagged row's match is in the delta (a flagged row saved without one is matched by a
    search of the whole user)."""
    ids = set(snap.ids.tolist())
    return all(snap.flag_match[k] in ids for k in range(len(snap))
               if snap.flagged[k] and snap.duplicate_of[k] is None)


def _clamp_times(conn: psycopg.Connection, snaps: list[store.Snapshot], cfg: ConsolidationConfig) -> None:
    """An event time out of the accepted range (stored before times were checked) is read at its nearest
    bound, the latest being what the check would have allowed when it was saved, so date arithmetic
    cannot leave the calendar and a far-future row does not outrank every memory saved after it."""
    bounds = cfg.time_bounds
    latest = bounds.latest()
    out = [(s, k) for s in snaps for k, t in enumerate(s.created_at) if not bounds.earliest <= t <= latest]
    if not out:
        return
    saved = store.ingested_at(conn, [int(s.ids[k]) for s, k in out])  # rare: one read of when they were saved
    for s, k in out:
        s.created_at[k] = bounds.clamp(s.created_at[k], saved.get(int(s.ids[k])))


def _vectors(conn: psycopg.Connection, pres: dict, near: dict[int, np.ndarray]) -> dict[int, np.ndarray]:
    """Every snapshot row's vector (the phases compare, cluster and average them), with the pool rows
    near new ones: one statement for the batch (ids are unique across users: one map)."""
    known = dict(near)
    missing = sorted({int(i) for p in pres.values() for i in p.snapshot.ids.tolist()} - set(known))
    if missing:
        known.update(zip(missing, store.load_embeddings(conn, missing), strict=True))
    return known


def _profile_rows(conn: psycopg.Connection, users: list[str], cfg: ConsolidationConfig) -> dict[str, list[tuple]]:
    """The rows outside a delta that the profile reads (those stating facts, superseded, or successors)."""
    got: dict[str, list[tuple]] = {u: [] for u in users}
    if not users:
        return got
    bounds = cfg.time_bounds
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
