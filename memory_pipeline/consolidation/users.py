"""A consolidation run over many users (what the Dagster asset and the benchmark call): batches of
users, one transaction each (`run.consolidate_batch`; a failed batch is run again one user per
transaction, so a failed user rolls back alone), then what is cheaper done once for the whole run
(profile vectors in one encoder call, HNSW indexes for heavy users)."""

from __future__ import annotations

import gc
import logging
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime

from memory_pipeline.consolidation.config import ConsolidationConfig
from memory_pipeline.consolidation.context import Embed
from memory_pipeline.consolidation.phases.base import PhaseResult
from memory_pipeline.consolidation.reads import is_quiet, tiers_held
from memory_pipeline.consolidation.run import UserOutcome, consolidate_batch, consolidate_user
from memory_pipeline.engines.base import Engine
from memory_pipeline.store import consolidation as store
from memory_pipeline.store import consolidation_batch as bsql
from memory_pipeline.store import memories as mem_sql
from memory_pipeline.store.indexes import HNSW_MIN_ROWS, ensure_user_index, refresh_statistics

log = logging.getLogger(__name__)
BATCH_USERS = 100  # users per transaction: few enough that a rerun one by one after a failure is cheap


@dataclass
class BatchOutcome:
    outcomes: list[UserOutcome] = field(default_factory=list)
    failed: dict[str, str] = field(default_factory=dict)  # user -> error
    users_with_hnsw: int = 0

    def by_asset(self) -> dict[str, PhaseResult]:
        """Every user's phase results summed per asset (what each asset's metadata reports)."""
        out: dict[str, PhaseResult] = {}
        for o in self.outcomes:
            for p in o.phases:
                out.setdefault(p.asset, PhaseResult(p.asset, p.asset)).merge(p)
        return out

    def compression(self) -> dict[str, float]:
        active = sum(o.compression.get("active_memories", 0) for o in self.outcomes)
        after = sum(o.compression.get("units_after", 0) for o in self.outcomes)
        return {"active_memories": active, "units_after": after,
                "ratio": round(active / after, 3) if after else 0.0}


def consolidate_users(conn, users: Sequence[str], *, engine: Engine, embed: Embed | None, database_url: str | None,
                      run_id: str | None = None, mode: str = "apply", dry_run: bool = False,
                      config: ConsolidationConfig | None = None, now: datetime | None = None,
                      on_user: Callable[[UserOutcome], None] | None = None,
                      batch_users: int = BATCH_USERS) -> BatchOutcome:
    """Batches of `batch_users` users, one transaction each (`run.consolidate_batch`); a batch that
    fails is run again one user per transaction, so only the failing user is left out. `embed=None`: the
    run's new profiles are left without a vector (the next run fills it in); `database_url=None`: heavy
    users' HNSW indexes are left to the caller."""
    batch = BatchOutcome()
    kw = {"engine": engine, "run_id": run_id, "mode": mode, "dry_run": dry_run, "config": config, "now": now}
    for start in range(0, len(users), max(1, batch_users)):
        chunk = list(users[start:start + max(1, batch_users)])
        try:
            # a user named twice is run twice, one after the other, as before
            with collector_paused():
                outs = consolidate_batch(conn, chunk, **kw) if len(set(chunk)) == len(chunk) else None
        except Exception as e:  # rolled back whole: each user again on its own (one user: it failed)
            if len(chunk) == 1:
                log.error("consolidation of %s failed: %s", chunk[0], e)
                batch.failed[chunk[0]] = f"{type(e).__name__}: {e}"
                continue
            log.warning("batch of %d users failed (%s: %s); one transaction per user", len(chunk), type(e).__name__, e)
            outs = None
        for user in chunk if outs is None else ():
            try:
                outs_one = consolidate_user(conn, user, **kw)
            except Exception as e:  # one user's failure rolls back that user only
                log.error("consolidation of %s failed: %s", user, e)
                batch.failed[user] = f"{type(e).__name__}: {e}"
                continue
            _done(batch, outs_one, database_url, dry_run, on_user)
        for out in outs or ():
            _done(batch, out, database_url, dry_run, on_user)
    _log_failures(conn, batch.failed, run_id, dry_run)
    # one encoder call for the run's new profiles: one per user would cost more than the rest
    to_embed = [(o.user_id, *o.profile_to_embed) for o in batch.outcomes if o.profile_to_embed]
    if to_embed and embed and not dry_run:
        vectors = embed([text for _, _, text in to_embed])
        with conn.transaction():  # committed here, whether or not the connection commits each statement
            store.set_profile_embeddings(conn, [(u, pid, v) for (u, pid, _), v in zip(to_embed, vectors, strict=True)])
    if batch.outcomes and not dry_run:
        # a store's first run writes most of its summaries: recall's plans must count them now, not when
        # autovacuum comes round (until then a small user's recall read every summary: 9 ms, not 3)
        refresh_statistics(conn)
    return batch


def users_with_work(conn, users: Sequence[str], *, engine: Engine, config: ConsolidationConfig | None = None,
                    now: datetime | None = None, chunk: int = 5000) -> list[str]:
    """The users of `users` a run would change: anything saved, flagged, edited or still in working
    memory since their high-water mark, or tiers that can have moved (an access, decay past a threshold).
    The rest would be read and left as they are, so a shard run over thousands of users skips them
    here, in one statement per `chunk` users. Decided again under each user's lock by the run itself."""
    cfg, now = config or ConsolidationConfig(), now or datetime.now(UTC)
    out: list[str] = []
    for start in range(0, len(users), chunk):
        part = list(users[start:start + chunk])
        states = bsql.user_states(conn, part)
        conn.rollback()  # a read: no transaction left open across the run
        out.extend(u for u in part if not (is_quiet(states[u], engine) and tiers_held(states[u], now, cfg) is not None))
    return out


def _log_failures(conn, failed: dict[str, str], run_id: str | None, dry_run: bool) -> None:
    """Each failed user in the action log (`CONSOLIDATION_FAILED`, with the error), in a transaction of its
    own: the run's report and the sensor's retry read it by run id. Not on a lost connection: the caller
    runs everything again."""
    if not failed or conn.closed or conn.broken:
        return
    try:
        with conn.transaction():
            mem_sql.insert_actions(conn, [{
                "user_id": u, "run_id": run_id, "action": "CONSOLIDATION_FAILED", "reason": err[:500],
                "inputs": {"error": err[:2000]}, "dry_run": dry_run} for u, err in failed.items()])
    except Exception as e:  # the run's report still names them
        log.error("could not log %d failed user(s): %s", len(failed), e)


_pause_lock = threading.Lock()
_pause = {"depth": 0, "was_enabled": True}  # batches running with the collector paused (threads share it)


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cycle collector paused while a batch runs. A batch allocates hundreds of thousands of
    objects (rows, extractions, phase results) that reference counting frees and that live until the
    batch ends; the collector's passes over them find next to no cycles and cost ~10% of a run after
    1% new memories. The state before the first paused batch comes back when the last one ends; the
    collector then takes what cycles the batches left."""
    with _pause_lock:
        if _pause["depth"] == 0:
            _pause["was_enabled"] = gc.isenabled()
        _pause["depth"] += 1
        gc.disable()
    try:
        yield
    finally:
        with _pause_lock:
            _pause["depth"] -= 1
            if _pause["depth"] == 0 and _pause["was_enabled"]:
                gc.enable()


def _done(batch: BatchOutcome, out: UserOutcome, database_url: str | None, dry_run: bool,
          on_user: Callable[[UserOutcome], None] | None) -> None:
    """After the user's commit: a heavy user gets its HNSW index."""
    batch.outcomes.append(out)
    heavy = out.compression.get("active_memories", 0) >= HNSW_MIN_ROWS
    if heavy and not dry_run and database_url and ensure_user_index(database_url, out.user_id):
        batch.users_with_hnsw += 1
    if on_user:
        on_user(out)
