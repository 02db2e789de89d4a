"""A consolidation run over a batch of users, in one transaction: all or nothing. One user's run is a
batch of one (`consolidate_user`).

The run is the ordered list of phases below, between the batch's reads (`reads.py`, set-based, before
the first phase) and its writes (`writes.py`, set-based, after the last). Each phase reads the frozen
run context and what the earlier phases found, judges through the engine and records its decisions
through the writer; supersession comes first so that summaries know which facts are no longer
current. Adding a phase: one module in `phases/`, one entry in `PHASES`.
"""

from __future__ import annotations

import logging
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime

import psycopg

from memory_pipeline import telemetry
from memory_pipeline.consolidation import reads, writes
from memory_pipeline.consolidation.config import MODES, ConsolidationConfig
from memory_pipeline.consolidation.context import Embed, Found, RunContext
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
from memory_pipeline.engines.base import Engine
from memory_pipeline.lib.redact import action_line
from memory_pipeline.store import consolidation as store

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
    """Consolidate one user in one transaction: a batch of one. Raises on failure (and rolls everything
    back). `embed`: the new profile's vector is computed and written after the commit (else the caller
    or the next run does it: `UserOutcome.profile_to_embed`)."""
    [out] = consolidate_batch(conn, [user_id], engine=engine, run_id=run_id, mode=mode, dry_run=dry_run, now=now,
                              config=config)
    if embed and out.profile_to_embed and not dry_run:
        pid, text = out.profile_to_embed
        with conn.transaction():
            store.set_profile_embeddings(conn, [(user_id, pid, embed([text])[0])])
        out.profile_to_embed = None
    return out


@telemetry.traced("consolidation.batch", "batch")
def consolidate_batch(conn: psycopg.Connection, users: Sequence[str], *, engine: Engine, run_id: str | None = None,
                      mode: str = "apply", dry_run: bool = False, now: datetime | None = None,
                      config: ConsolidationConfig | None = None) -> list[UserOutcome]:
    """Consolidate `users` in one transaction: reads, the phases per user, writes. Raises on any failure
    (and rolls the batch back)."""
    if mode not in MODES:
        raise ValueError(f"mode must be one of {MODES}")
    if conn.info.transaction_status != psycopg.pq.TransactionStatus.IDLE:
        raise ValueError("a consolidation commits its own transaction; the connection has one open")
    started = time.perf_counter()
    run = reads.Run(config or ConsolidationConfig(), now or datetime.now(UTC), run_id, mode, dry_run)
    with conn.transaction():
        got = reads.read_batch(conn, list(users), run, engine)
        skipped = [UserOutcome(u, status="skipped") for u in users if u not in got.locked]
        runs = [(ctx, Writer(ctx)) for ctx in got.contexts]
        outs = [run_phases(ctx, writer, engine, got.quiet[ctx.user_id]) for ctx, writer in runs]
        writes.apply(conn, [w for _, w in runs], [o.user_id for o in skipped], run_id, dry_run)
    for out, (ctx, writer) in zip(outs, runs, strict=True):
        finish_outcome(out, ctx, writer, got.states[ctx.user_id], got.quiet[ctx.user_id])
        out.seconds = (time.perf_counter() - started) / max(1, len(users))
    by_user = {o.user_id: o for o in [*outs, *skipped]}
    return [by_user[u] for u in users]


def run_phases(ctx: RunContext, writer: Writer, engine: Engine, quiet: bool) -> UserOutcome:
    """Every phase in order, each given what the earlier ones found; a quiet user's run only refreshes
    its tiers."""
    out, found = UserOutcome(ctx.user_id), Found()
    for phase in PHASES:
        if quiet and phase is not tier:  # nothing it reads has changed since the last run
            out.phases.append(PhaseResult(phase.NAME, phase.ASSET))
            continue
        result = _run_phase(phase, ctx, writer, engine, found)
        found = result.found or found
        out.phases.append(result)
    out.profile_to_embed = found.profile_to_embed
    return out


def finish_outcome(out: UserOutcome, ctx: RunContext, writer: Writer, state: dict, quiet: bool) -> None:
    """The outcome's figures, once the user's rows are committed."""
    if quiet and state["unembedded_profile"]:  # as the profile phase: a vector a crash left out
        out.profile_to_embed = (state["unembedded_profile"], state["unembedded_content"])
    out.changed_rows, out.skipped_concurrent = writer.changed_rows, writer.skipped_concurrent
    out.compression = compression(ctx, writer, state)


def _run_phase(phase, ctx: RunContext, writer: Writer, engine: Engine, found: Found) -> PhaseResult:
    before, spent, logged = writer.action_counts.copy(), engine.usage(), len(writer.actions)
    t0 = time.perf_counter()
    result = telemetry.timed(phase.run, f"consolidation.{phase.NAME}", "phase", phase=phase.NAME)(
        ctx, writer, engine, found)
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


def compression(ctx: RunContext, writer: Writer, state: dict) -> dict[str, float]:
    """Active raw memories : units a standard recall searches after the run (summaries + raw rows no
    summary, successor or original stands for), as `stats` counts them. The rows are counted by the
    tier statement, which reads every row of the user anyway; the summaries are the run's view of them
    (a quiet run reads none: the count of before)."""
    got = writer.tier_result
    active, units = (got.active, got.units) if got is not None else (0, 0)
    view = ctx.view.summaries
    summaries = len(view) if view is not None else state["summaries"]
    after = units + summaries
    return {"active_memories": float(active), "units_after": float(after),
            "ratio": round(active / after, 3) if after else 0.0}
