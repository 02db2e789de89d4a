"""A batch of users consolidated in one transaction, with the same decisions as one run per user.

A run with little new is mostly round trips and commits: ~18 statements and one commit per user.
Here each read every user's run makes first is one statement for the whole batch (state, snapshot,
summaries, profile, clusters, edges, the vectors clustering will compare, the supersession
neighbours), the phases then run per user over those rows exactly as in `run.consolidate_user`
(their writers collect instead of writing), and the batch writes what every user decided in a few
set-based statements: tiers included, one statement for all of its users. All or nothing for the
batch, and so for each user in it; `batch.consolidate_users` re-runs a failed batch one user per
transaction, so one bad user still rolls back alone.
"""

from __future__ import annotations

import time
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime

import numpy as np
import psycopg

from memory_pipeline import telemetry
from memory_pipeline.consolidation.config import MODES, ConsolidationConfig
from memory_pipeline.consolidation.context import Centroid, Partial, RunContext
from memory_pipeline.consolidation.phases import profile, supersede
from memory_pipeline.consolidation.run import (
    PHASES,
    UserOutcome,
    finish_outcome,
    is_quiet,
    run_phases,
    skip_action,
)
from memory_pipeline.consolidation.writer import Writer
from memory_pipeline.engines.base import Engine
from memory_pipeline.lib import clustering
from memory_pipeline.store import consolidation as store
from memory_pipeline.store import consolidation_batch as bsql
from memory_pipeline.store import delta as delta_sql
from memory_pipeline.store import memories as mem_sql
from memory_pipeline.store import tiers as tier_sql

POOL_MARGIN = 0.02  # the pool is pre-filtered in SQL below the threshold: float rounding never decides


@telemetry.traced("consolidation.batch", "batch")
def consolidate_batch(conn: psycopg.Connection, users: Sequence[str], *, engine: Engine, run_id: str | None = None,
                      mode: str = "apply", dry_run: bool = False, now: datetime | None = None,
                      config: ConsolidationConfig | None = None) -> list[UserOutcome]:
    """Consolidate `users` in one transaction. Raises on any failure (and rolls the batch back)."""
    if mode not in MODES:
        raise ValueError(f"mode must be one of {MODES}")
    if conn.info.transaction_status != psycopg.pq.TransactionStatus.IDLE:
        raise ValueError("consolidate_batch commits its own transaction; the connection has one open")
    started, cfg, now = time.perf_counter(), config or ConsolidationConfig(), now or datetime.now(UTC)
    with conn.transaction():
        locked = bsql.lock_users(conn, users)
        skipped = [UserOutcome(u, status="skipped") for u in users if u not in locked]
        mem_sql.insert_actions(conn, [skip_action(o.user_id, run_id, dry_run) for o in skipped])
        mine = [u for u in users if u in locked]
        states = bsql.user_states(conn, mine)
        quiet = {u: is_quiet(states[u], engine) for u in mine}
        busy = [u for u in mine if not quiet[u]]
        near = _near(conn, busy, states, cfg, engine)
        pres = bsql.prefetch(conn, busy, delta=near.delta, extra=near.extra,
                             join_distance=1.0 - (cfg.cluster_threshold - POOL_MARGIN)) if busy else {}
        incomplete = [u for u in near.delta if not _delta_complete(pres[u].snapshot)]
        if incomplete:  # a flagged row whose match the store must search for: the whole user is read
            pres.update(bsql.prefetch(conn, incomplete))
        runs = []
        for u in mine:
            pre = pres.get(u)
            snap = pre.snapshot if pre else store.empty_snapshot(u, states[u]["high_water"])
            partial = (Partial(bool(states[u]["edited"]))
                       if u in near.delta and u not in incomplete else None)
            ctx = RunContext(conn, snap, cfg, now, run_id, mode, dry_run, None, pre=pre, deferred=True,
                             partial=partial)
            if pre is not None:
                ctx._emb, ctx.pool_near = near.vectors, near.pool  # ids are unique across users: one cache
                ctx.neighbours = near.neighbours.get(u)
            writer = Writer(ctx)
            held = None if dry_run else tiers_held(states[u], now, cfg)
            if quiet[u]:
                writer.tiers_kept = held
            elif held is not None and not states[u]["edited"]:  # an edit can move any row: read them all
                writer.tiers_since = tier_sql.Since(states[u]["high_water"], held)
            runs.append((ctx, writer))
        # the profile reads every fact-bearing row: a delta's run reads them for the batch, and only for
        # the users whose profile inputs changed
        cut = PHASES.index(profile)
        outs = [run_phases(ctx, writer, engine, quiet[ctx.user_id], PHASES[:cut]) for ctx, writer in runs]
        _read_profile_rows(conn, [ctx for ctx, _ in runs if ctx.partial and not ctx.profile_inputs_unchanged()])
        for out, (ctx, writer) in zip(outs, runs, strict=True):
            run_phases(ctx, writer, engine, quiet[ctx.user_id], PHASES[cut:], out)
        for _, writer in runs:
            writer.finish()
        apply(conn, [w for _, w in runs], dry_run)
    for out, (ctx, writer) in zip(outs, runs, strict=True):
        finish_outcome(out, ctx, writer, states[ctx.user_id], quiet[ctx.user_id])
        out.seconds = (time.perf_counter() - started) / max(1, len(users))
    by_user = {o.user_id: o for o in [*outs, *skipped]}
    return [by_user[u] for u in users]


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


def _read_profile_rows(conn: psycopg.Connection, ctxs: list[RunContext]) -> None:
    if not ctxs:
        return
    got: dict[str, list[tuple]] = defaultdict(list)
    for row in delta_sql.profile_rows(conn, [c.user_id for c in ctxs]):
        got[row[0]].append(row[1:])
    for ctx in ctxs:
        ctx.partial.profile_rows = got[ctx.user_id]


def _delta_complete(snap: store.Snapshot) -> bool:
    """Every flagged row's match is in the delta (a flagged row saved without one is matched by a
    search of the whole user)."""
    ids = set(snap.ids.tolist())
    return all(snap.flag_match[k] in ids for k in range(len(snap))
               if snap.flagged[k] and snap.duplicate_of[k] is None)


def apply(conn: psycopg.Connection, writers: list[Writer], dry_run: bool) -> None:
    """Every user's collected writes, in the order one user's run makes them, each kind one statement."""
    if not writers:
        return
    run_id = writers[0].ctx.run_id
    if not dry_run:
        _write_derived(conn, writers, run_id)
    tier_states = _refresh_tiers(conn, [w for w in writers if w.tier_request], dry_run)
    if not dry_run:
        _write_memories(conn, writers)
        bsql.many(conn, store.upsert_profile, [(row,) for w in writers for row in w.out["profile"]])
        store.set_profile_fingerprints(conn, [a for w in writers for a in w.out["fingerprint"]])
        bsql.many(conn, store.upsert_session_context, [a for w in writers for a in w.out["session"]])
        bsql.set_states(conn, [(w.ctx.user_id, w.high_water()) for w in writers if w.needs_state()], run_id)
        bsql.set_tier_states(conn, tier_states)  # after set_states: its `runs` is the one recorded
    actions = [a for w in writers for a in w.actions]
    mem_sql.insert_actions(conn, actions)
    telemetry.count_actions(actions)


def _write_derived(conn: psycopg.Connection, writers: list[Writer], run_id: str | None) -> None:
    """Clusters, summaries and edges: what each phase's flush would have written."""
    bsql.delete_summaries(conn, [w.ctx.user_id for w in writers], [d for w in writers for d in w.out["deleted"]],
                          [i for w in writers for i in w.out["unlink"]])
    vector = _centroids(conn, writers)
    bsql.upsert_clusters(conn, [(cid, w.ctx.user_id, vector(c), n) for w in writers for cid, c, n in w.out["clusters"]],
                         "embedding-agglomerative", run_id)
    summaries = [{**row, "embedding": vector(row["embedding"])} for w in writers for row in w.out["summaries"]]
    store.insert_summaries(conn, summaries)
    new_edges = bsql.insert_edges(conn, [e for w in writers for e in w.out["edges"]])
    for w in writers:
        w.changed_rows += new_edges.get(w.ctx.user_id, 0)


def _centroids(conn: psycopg.Connection, writers: list[Writer]):
    """Derived rows' vectors: the vectors their sources need that no phase read, read in one statement."""
    pending = [v for w in writers for v in [*(c for _, c, _ in w.out["clusters"]),
                                               *(r["embedding"] for r in w.out["summaries"])]
               if isinstance(v, Centroid)]
    known: dict[int, np.ndarray] = {}
    for w in writers:
        known.update(w.ctx._emb)
    missing = sorted({i for v in pending for i in v.ids if i not in known})
    known.update(zip(missing, store.load_embeddings(conn, missing), strict=True))

    def vector(v):
        return clustering.centroid(np.vstack([known[i] for i in v.ids])) if isinstance(v, Centroid) else v
    return vector


def _refresh_tiers(conn: psycopg.Connection, writers: list[Writer], dry_run: bool) -> list[tuple]:
    """One tier statement for the memories of every user, one for their summaries; a quiet user whose
    tiers cannot have changed keeps the last statement's, a user with new rows reads only rows that
    can have moved (`tiers_held`). Returns what each computed
    user's state records of it (`bsql.set_tier_states`)."""
    for w in writers:
        if w.tiers_kept is not None:
            _, _, on_result, at = w.tier_request
            w.actions[at:at] = w.tiers_refreshed(w.tiers_kept, {})
            on_result(w.tiers_kept)
    writers = [w for w in writers if w.tiers_kept is None]
    if not writers:
        return []
    ctx = writers[0].ctx
    rc = ctx.config.retention
    overrides = {i: v for w in writers for i, v in w.tier_request[0].items()}
    got = tier_sql.refresh_memory_tiers_many(conn, {w.ctx.user_id: w.tier_request[1] for w in writers}, ctx.now,
                                             rc, overrides=overrides, write=not dry_run,
                                             since={w.ctx.user_id: w.tiers_since for w in writers if w.tiers_since})
    summ = tier_sql.refresh_summary_tiers_many(conn, [w.ctx.user_id for w in writers], ctx.now, rc,
                                               write=not dry_run)
    key, states = tier_sql.retention_key(rc), []
    for w in writers:
        u = w.ctx.user_id
        _, _, on_result, at = w.tier_request
        w.actions[at:at] = w.tiers_refreshed(got[u], summ[u].changes)
        on_result(got[u])
        due = min((d for d in (got[u].due, summ[u].due) if d is not None), default=None)
        states.append((u, ctx.now, due, key, {"tally": dict(got[u].tally), "units": got[u].units}))
    return states


def _write_memories(conn: psycopg.Connection, writers: list[Writer]) -> None:
    """Derived memory columns of every user in one statement, under optimistic locking."""
    changes: dict[str, dict[int, object]] = {}
    versions: dict[int, int] = {}
    for w in writers:
        if w.memory_changes:
            for col, values in w.memory_changes[0].items():
                changes.setdefault(col, {}).update(values)
            versions.update(w.memory_changes[1])
    written = store.update_memories(conn, changes, versions) if versions else set()
    for w in writers:
        if w.memory_changes:
            ids = set(w.memory_changes[1])
            w.changed_rows += len(ids & written)
            moved = sorted(ids - written)
            if moved:
                w.act("SKIP", moved, "changed by a concurrent save during consolidation; left as it is")
                w.skipped_concurrent += len(moved)
