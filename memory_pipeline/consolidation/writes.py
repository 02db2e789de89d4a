"""What a batch of users' run writes, after its last phase: every user's collected rows (`Writer`), in
the order one user's run decides them, each kind one set-based statement for the whole batch: derived
rows, one tier statement for the memories and one for the summaries of all its users, the derived
memory columns under optimistic locking, suggestions, profiles and session blocks, state and the
action log."""

from __future__ import annotations

import numpy as np
import psycopg

from memory_pipeline import telemetry
from memory_pipeline.consolidation.context import Centroid
from memory_pipeline.consolidation.writer import Writer
from memory_pipeline.lib import clustering
from memory_pipeline.store import consolidation as store
from memory_pipeline.store import consolidation_batch as bsql
from memory_pipeline.store import memories as mem_sql
from memory_pipeline.store import suggestions as suggestion_sql
from memory_pipeline.store import tiers as tier_sql


def skip_actions(conn: psycopg.Connection, users: list[str], run_id: str | None, dry_run: bool) -> None:
    """A SKIP for each user another consolidation holds."""
    mem_sql.insert_actions(conn, [{"user_id": u, "run_id": run_id, "action": "SKIP",
                                   "reason": "another consolidation of this user is running", "dry_run": dry_run}
                                  for u in users])


def apply(conn: psycopg.Connection, writers: list[Writer], dry_run: bool) -> None:
    """Every user's collected writes, in the order one user's run makes them, each kind one statement."""
    if not writers:
        return
    run_id = writers[0].ctx.run_id
    if not dry_run:
        _write_derived(conn, writers, run_id)
        for row in (r for w in writers for r in w.out["suggestions"]):
            suggestion_sql.insert_suggestion(conn, row)
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
    known: dict[int, np.ndarray] = dict(writers[0].ctx.reads.vectors)  # one map for the batch
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
        kept = w.ctx.reads.tiers_kept
        if kept is not None:
            _, _, on_result, at = w.tier_request
            w.actions[at:at] = w.tiers_refreshed(kept, {})
            on_result(kept)
    writers = [w for w in writers if w.ctx.reads.tiers_kept is None]
    if not writers:
        return []
    ctx = writers[0].ctx
    rc = ctx.config.retention
    overrides = {i: v for w in writers for i, v in w.tier_request[0].items()}
    got = tier_sql.refresh_memory_tiers_many(conn, {w.ctx.user_id: w.tier_request[1] for w in writers}, ctx.now,
                                             rc, overrides=overrides, write=not dry_run,
                                             since={w.ctx.user_id: w.ctx.reads.tiers_since for w in writers
                                                    if w.ctx.reads.tiers_since})
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
