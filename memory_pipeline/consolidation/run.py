"""One user's consolidation, in one transaction: all or nothing.

The run is the ordered list of phases below. Each phase reads the run context, judges through the
engine and records its decisions through the writer; supersession comes first (seed 003 lists it
later) so that summaries know which facts are no longer current. Adding a phase: one module in
`phases/`, one entry in `PHASES`.
"""

from __future__ import annotations

import logging
import time
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime

import psycopg

from memory_pipeline import telemetry
from memory_pipeline.consolidation.config import MODES, ConsolidationConfig
from memory_pipeline.consolidation.context import Embed, RunContext
from memory_pipeline.consolidation.phases import (
    cluster,
    decide,
    profile,
    session_context,
    summarize,
    supersede,
    tier,
)
from memory_pipeline.consolidation.phases.base import PhaseResult
from memory_pipeline.consolidation.writer import Writer
from memory_pipeline.engines.base import PROFILE, Engine
from memory_pipeline.lib.redact import action_line
from memory_pipeline.store import consolidation as store
from memory_pipeline.store import incremental as incremental_sql
from memory_pipeline.store import memories as mem_sql

log = logging.getLogger(__name__)

PHASES = (supersede, cluster, summarize, decide, tier, profile, session_context)


@dataclass
class UserOutcome:
    user_id: str
    status: str = "ok"  # ok | skipped
    phases: list[PhaseResult] = field(default_factory=list)
    changed_rows: int = 0
    skipped_concurrent: int = 0
    seconds: float = 0.0
    compression: dict[str, float] = field(default_factory=dict)
    profile_to_embed: tuple[str, str] | None = None

    @property
    def counts(self) -> Counter:
        """Every phase's counts, plus actions by type (`action:<TYPE>`)."""
        total: Counter = Counter()
        for p in self.phases:
            total.update(p.counts)
            total.update({f"action:{a}": n for a, n in p.actions.items()})
        return total

    def to_dict(self) -> dict:
        return {"user_id": self.user_id, "status": self.status, "counts": dict(self.counts),
                "changed_rows": self.changed_rows, "seconds": round(self.seconds, 3),
                "compression": self.compression}


@telemetry.traced("consolidation.user", "user")
def consolidate_user(conn: psycopg.Connection, user_id: str, *, engine: Engine, run_id: str | None = None,
                     mode: str = "apply", dry_run: bool = False, now: datetime | None = None,
                     config: ConsolidationConfig | None = None, embed: Embed | None = None) -> UserOutcome:
    """Consolidate one user in one transaction. Raises on failure (and rolls everything back)."""
    if mode not in MODES:
        raise ValueError(f"mode must be one of {MODES}")
    if conn.info.transaction_status != psycopg.pq.TransactionStatus.IDLE:
        raise ValueError("consolidate_user commits its own transaction; the connection has one open")
    started = time.perf_counter()
    with conn.transaction():
        if not store.try_lock_user(conn, user_id):
            mem_sql.insert_actions(conn, [skip_action(user_id, run_id, dry_run)])
            return UserOutcome(user_id, status="skipped")
        state = incremental_sql.user_state(conn, user_id)
        quiet = is_quiet(state, engine)
        pre = None if quiet else incremental_sql.prefetch(conn, user_id)
        ctx = RunContext(conn, pre.snapshot if pre else store.empty_snapshot(user_id, state["high_water"]),
                         config or ConsolidationConfig(), now or datetime.now(UTC), run_id, mode, dry_run, embed,
                         pre=pre)
        writer = Writer(ctx)
        out = run_phases(ctx, writer, engine, quiet)
        writer.finish()
    finish_outcome(out, ctx, writer, state, quiet)
    out.seconds = time.perf_counter() - started
    return out


def skip_action(user_id: str, run_id: str | None, dry_run: bool) -> dict:
    return {"user_id": user_id, "run_id": run_id, "action": "SKIP",
            "reason": "another consolidation of this user is running", "dry_run": dry_run}


def run_phases(ctx: RunContext, writer: Writer, engine: Engine, quiet: bool, phases=PHASES,
               out: UserOutcome | None = None) -> UserOutcome:
    """Every phase in order (or `phases`, continuing `out`); a quiet user's run only refreshes its tiers."""
    out = out or UserOutcome(ctx.user_id)
    for phase in phases:
        if quiet and phase is not tier:  # nothing it reads has changed since the last run
            out.phases.append(PhaseResult(phase.NAME, phase.ASSET))
            continue
        out.phases.append(_run_phase(phase, ctx, writer, engine))
    return out


def finish_outcome(out: UserOutcome, ctx: RunContext, writer: Writer, state: dict, quiet: bool) -> None:
    """The outcome's figures, once the user's rows are committed."""
    if quiet and state["unembedded_profile"] and not ctx.embed:  # as the profile phase: a vector a crash left out
        ctx.profile_to_embed = (state["unembedded_profile"], state["unembedded_content"])
    out.changed_rows, out.skipped_concurrent = writer.changed_rows, writer.skipped_concurrent
    out.compression = compression(ctx, writer, state)
    out.profile_to_embed = ctx.profile_to_embed


def _run_phase(phase, ctx: RunContext, writer: Writer, engine: Engine) -> PhaseResult:
    before, spent, logged = writer.action_counts.copy(), engine.usage(), len(writer.actions)
    t0 = time.perf_counter()
    result = telemetry.timed(phase.run, f"consolidation.{phase.NAME}", "phase", phase=phase.NAME)(
        ctx, writer, engine)
    log.info("phase %s of user %s: %.3f s", phase.NAME, ctx.user_id, time.perf_counter() - t0,
             extra={"run_id": ctx.run_id, "user": ctx.user_id, "phase": phase.NAME,
                    "duration_s": round(time.perf_counter() - t0, 4)})
    for note in engine.drain_notes():  # retries, rejected answers, fallbacks: in the audit trail
        writer.act(note.action, [i for i in note.memory_ids if i.isdigit()], note.reason, kind=note.kind,
                   engine=engine.name)
    result.counts.update({k: v for k, v in engine.usage().since(spent).as_counts().items() if v})
    writer.flush()
    result.actions = writer.action_counts - before
    result.redacted = [action_line(a) for a in writer.actions[logged:logged + 10]]
    return result


def is_quiet(state: dict, engine: Engine) -> bool:
    """Nothing a phase other than TIER reads has changed since the user's last run: no row saved since,
    none flagged or still in working memory (its layer may have moved on, and episodes with it), none
    changed outside consolidation (an accepted suggestion, an edit), a profile the engine would not
    rewrite for being another engine's, and rule-based summaries (a model-backed
    engine re-derives other engines' summaries). Such a run would only refresh tiers, so it reads no rows.
    """
    return (state["max_id"] <= state["high_water"] and state["high_water"] > 0 and not state["pending"]
            and not state["touched"] and engine.model is None and state["profile_method"] in (None, engine.method(PROFILE)))


def compression(ctx: RunContext, writer: Writer, state: dict) -> dict[str, float]:
    """Active raw memories : units a standard recall searches after the run (summaries + raw rows no
    summary, successor or original stands for), as `stats` counts them. The rows are counted by the
    tier statement, which reads every row of the user anyway; the summaries are the run's view of them
    (a quiet run reads none: the count of before)."""
    got = writer.tier_result
    active, units = (got.active, got.units) if got is not None else (0, 0)
    summaries = len(ctx._summaries) if ctx._summaries is not None else state["summaries"]
    after = units + summaries
    return {"active_memories": float(active), "units_after": float(after),
            "ratio": round(active / after, 3) if after else 0.0}
