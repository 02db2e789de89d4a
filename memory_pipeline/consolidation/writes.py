"""What a batch of users' run writes, after its last phase: every user's collected rows (`Writer`), in
the order one user's run decides them, through two store calls (`store/consolidation_write.py`): the
rows up to the memories' own columns, then profiles, session blocks, state and the action log, which
records what the first call found (tier transitions, rows a concurrent save changed)."""

from __future__ import annotations

import psycopg

from memory_pipeline import telemetry
from memory_pipeline.consolidation.writer import Writer
from memory_pipeline.store import consolidation_write as wr


def apply(conn: psycopg.Connection, writers: list[Writer], skipped: list[str], run_id: str | None,
          dry_run: bool) -> None:
    """Every user's collected writes, and a SKIP for each user another consolidation holds."""
    skips = [{"user_id": u, "run_id": run_id, "action": "SKIP",
              "reason": "another consolidation of this user is running", "dry_run": dry_run} for u in skipped]
    if not writers:
        wr.finish(conn, wr.BatchFinish(actions=skips))
        return
    for w in writers:
        w.finish()
    computed = [w for w in writers if w.tier_request and w.ctx.reads.tiers_kept is None]
    written = wr.write_rows(conn, _rows(writers, computed, run_id, dry_run))
    tier_states = [s for s in (w.rows_written(written) for w in writers) if s is not None]
    actions = [a for w in writers for a in w.actions]
    done = wr.BatchFinish(actions=[*skips, *actions], run_id=run_id)
    if not dry_run:
        done.profiles = [row for w in writers for row in w.out["profile"]]
        done.fingerprints = [a for w in writers for a in w.out["fingerprint"]]
        done.sessions = [a for w in writers for a in w.out["session"]]
        done.states = [(w.ctx.user_id, w.high_water()) for w in writers if w.needs_state()]
        done.tier_states = tier_states
    wr.finish(conn, done)
    telemetry.count_actions(actions)


def _rows(writers: list[Writer], computed: list[Writer], run_id: str | None, dry_run: bool) -> wr.BatchRows:
    """The batch's rows, as each phase's flush collected them."""
    rows = wr.BatchRows([w.ctx.user_id for w in writers], run_id, dry_run, writers[0].ctx.reads.vectors)
    for w in writers:
        rows.deleted += w.out["deleted"]
        rows.unlink += w.out["unlink"]
        rows.clusters += [(cid, w.ctx.user_id, c, n) for cid, c, n in w.out["clusters"]]
        rows.summaries += w.out["summaries"]
        rows.edges += w.out["edges"]
        rows.suggestions += w.out["suggestions"]
        if w.memory_changes:
            for col, values in w.memory_changes[0].items():
                rows.memory_changes.setdefault(col, {}).update(values)
            rows.versions.update(w.memory_changes[1])
    if computed:
        ctx = computed[0].ctx
        rows.tiers = wr.Tiers(
            {w.ctx.user_id: w.tier_request[1] for w in computed},
            {i: v for w in computed for i, v in w.tier_request[0].items()},
            {w.ctx.user_id: w.ctx.reads.tiers_since for w in computed if w.ctx.reads.tiers_since},
            ctx.now, ctx.config.retention)
    return rows
