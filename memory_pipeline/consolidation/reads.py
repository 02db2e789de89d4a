"""What a batch of users' run reads, before any phase runs: one call into the store
(`store/consolidation_read.read`, each kind of row one statement for the whole batch), turned into
one frozen `RunContext` per locked user.

A user with nothing new (`is_quiet`) reads no rows: its run only refreshes tiers, and not even that
while its last tier statement still holds (`tiers_held`). A user consolidated before and judged by the
rules reads only its delta (`store/delta.py`); a delta without a flagged row's match reads the whole user.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import datetime

import psycopg

from memory_pipeline.consolidation.config import ConsolidationConfig
from memory_pipeline.consolidation.context import Partial, Reads, RunContext
from memory_pipeline.consolidation.phases import supersede
from memory_pipeline.engines.base import PROFILE, Engine
from memory_pipeline.store import consolidation as store
from memory_pipeline.store import consolidation_read as rd
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


def plan(run: Run, engine: Engine) -> rd.ReadPlan:
    """What decides the batch's reads, as values the store takes."""
    cfg = run.config
    return rd.ReadPlan(rules_only=engine.model is None, profile_method=engine.method(PROFILE),
                       pool_similarity=cfg.cluster_threshold - POOL_MARGIN, max_new=supersede.STORE_SEARCH_MAX_NEW,
                       pairs_per_memory=supersede.PAIRS_PER_MEMORY, time_bounds=cfg.time_bounds,
                       review=run.mode == "review")


def read_batch(conn: psycopg.Connection, users: list[str], run: Run, engine: Engine) -> BatchReads:
    """Lock the users (a user another run holds is left out), read what their phases will read (one
    store call), and make each locked user's frozen context."""
    got = rd.read(conn, users, plan(run, engine))
    near, cfg = got.near, run.config
    contexts = []
    for u in got.locked:
        state, pre = got.states[u], got.pres.get(u)
        held = None if run.dry_run else tiers_held(state, run.now, cfg)
        pending, known = got.suggestions.get(u, ((), ()))
        reads = Reads(
            pre=pre, vectors=got.vectors, flag_nearest=got.flag_nearest,
            pool_near=frozenset(near.pool) if pre is not None else None,
            neighbours=tuple(near.neighbours[u]) if pre is not None and u in near.neighbours else None,
            pending_suggestions=tuple(pending), known_suggestions=frozenset(known),
            tiers_kept=held if got.quiet[u] else None,
            # an edit can move any row: read them all
            tiers_since=(tier_sql.Since(state["high_water"], held)
                         if not got.quiet[u] and held is not None and not state["edited"] else None))
        snap = pre.snapshot if pre else store.empty_snapshot(u, state["high_water"])
        part = (Partial(bool(state["edited"]), tuple(snap.superseded_by), tuple(got.profile_rows[u]))
                if u in got.partial else None)
        contexts.append(RunContext.make(snap, cfg, run.now, run.run_id, run.mode, run.dry_run, reads, part))
    return BatchReads(got.locked, got.states, got.quiet, contexts)


def is_quiet(state: dict, engine: Engine) -> bool:
    """`consolidation_read.quiet` for `engine`: the run would only refresh tiers, so it reads no rows."""
    return rd.quiet(state, engine.model is None, engine.method(PROFILE))


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
