"""MemoryService: the Python API agents and the CLI use (remember, recall, context, consolidate, stats)."""

from __future__ import annotations

import functools
import logging
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import psycopg

from memory_pipeline import forget as forgetting
from memory_pipeline import telemetry
from memory_pipeline.config import Settings, parse_partitioning
from memory_pipeline.consolidation import review
from memory_pipeline.embedding import Embedder
from memory_pipeline.errors import DatabaseUnavailable, StorageError, ValidationError
from memory_pipeline.explain import explain as explain_row
from memory_pipeline.recall import ActivationRecorder, RecallRow
from memory_pipeline.recall import recall as search_memories
from memory_pipeline.records import MemoryIn, parse_time, read_jsonl, validate_record, validate_user_id
from memory_pipeline.runtime import Runtime
from memory_pipeline.save import SaveResult, save_batch
from memory_pipeline.session import session_context
from memory_pipeline.store import db
from memory_pipeline.store import memories as mem_sql
from memory_pipeline.store import partitioning as part_sql
from memory_pipeline.store import stats as stats_sql
from memory_pipeline.store.consolidation import all_users as consolidated_users
from memory_pipeline.store.indexes import drop_user_index

log = logging.getLogger(__name__)


@dataclass
class IngestReport:
    lines: int = 0
    counts: Counter = field(default_factory=Counter)
    seconds: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        return {"records": self.lines, **{k: self.counts.get(k, 0) for k in
                ("inserted", "deduplicated", "flagged", "existing", "edited", "restated")},
                "seconds": round(self.seconds, 3)}


def _reconnecting(method):
    """A read: a connection lost on the way is reopened (the embedded server restarted if it died)
    and the read run once more; any other database error becomes one StorageError line."""

    @functools.wraps(method)
    def run(self, *args, **kwargs):
        return self._resilient(lambda: method(self, *args, **kwargs), retry=lambda: True)

    return run


class MemoryService:
    """One per process (or per thread: it holds one connection). Cheap to create; connects lazily."""

    def __init__(self, settings: Settings | None = None, *, embedder: Embedder | None = None):
        self.runtime = Runtime(settings, embedder=embedder)
        self.settings = self.runtime.settings
        self._activation = None

    # -- plumbing ---------------------------------------------------------------------------------
    @property
    def url(self) -> str:
        return self.runtime.url

    @property
    def embedder(self) -> Embedder:
        return self.runtime.embedder

    def ensure_schema(self) -> None:
        self.runtime.ensure_schema()

    def reembed(self) -> dict[str, int]:
        """Re-embed the whole store with the loaded model (the explicit way to change models)."""
        return self.runtime.reembed()

    @property
    def conn(self) -> psycopg.Connection:
        """The store connection; what it reads includes the activation counts of recalls made so far
        (recall itself does not wait for them)."""
        if self._activation is not None:
            self._activation.wait()
        return self.runtime.conn

    def close(self) -> None:
        if self._activation is not None:
            self._activation.flush()
        self.runtime.close()

    def _resilient(self, attempt: Callable[[], Any], retry: Callable[[], bool]) -> Any:
        """`attempt()`; when it loses the connection, heal it and, if `retry()` says the attempt is
        safe to repeat, run it once more."""
        for last in (False, True):
            try:
                return attempt()
            except psycopg.Error as e:
                if last or not self.runtime.connection_lost(e):
                    raise StorageError(f"database error: {db.one_line(e)}") from e
                log.warning("database connection lost (%s); reconnecting", db.one_line(e))
                self.runtime.heal()
                self._activation = None  # its connection went with the server
                if not retry():
                    raise DatabaseUnavailable(
                        "the database connection was lost while the save committed; it may or may not be"
                        " stored (the connection is back: an external_id makes repeating it safe)") from e
        raise AssertionError("unreachable")

    def __enter__(self) -> MemoryService:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -- save -------------------------------------------------------------------------------------
    @telemetry.traced("memory.save", "save")
    def remember(self, user_id: str, content: str, **fields: Any) -> SaveResult:
        """Save one memory (embedding + quick check + insert); returns what happened to it."""
        rec = validate_record({"user_id": user_id, "content": content, **fields},
                              max_chars=self.settings.save.max_content_chars, bounds=self.settings.save.time_bounds)
        vec = self.embedder.encode([rec.content])
        committing = []

        def attempt() -> SaveResult:
            conn = self.conn
            with conn.transaction():
                res = save_batch(conn, [rec], vec, self.settings.save)[0]
                committing.append(True)  # a connection lost from here on may have committed
            return res

        return self._resilient(attempt, retry=lambda: not committing or rec.external_id is not None)

    def remember_many(
        self,
        records: Iterable[Mapping[str, Any] | MemoryIn],
        *,
        batch_size: int = 256,
        progress: Callable[[int], None] | None = None,
    ) -> IngestReport:
        """Validate everything first, then save in one transaction: all records or none.

        Encoding the next batch runs in a worker thread while this one writes the previous batch
        (the encoder releases the GIL), so storage hides behind the encoder.
        """
        started = datetime.now(UTC)
        recs = [
            r if isinstance(r, MemoryIn)
            else validate_record(r, max_chars=self.settings.save.max_content_chars, line=i,
                                 bounds=self.settings.save.time_bounds)
            for i, r in enumerate(records, start=1)
        ]
        return self._save_all(recs, batch_size, progress, started)

    @telemetry.traced("memory.ingest")
    def ingest_file(
        self, path: str | Path, *, batch_size: int = 256, progress: Callable[[int], None] | None = None
    ) -> IngestReport:
        """Ingest a JSONL file. A bad line aborts the whole file before anything is written."""
        started = datetime.now(UTC)
        recs = list(read_jsonl(Path(path), max_chars=self.settings.save.max_content_chars,
                               bounds=self.settings.save.time_bounds))
        return self._save_all(recs, batch_size, progress, started)

    def _save_all(self, recs: list[MemoryIn], batch_size: int, progress, started: datetime) -> IngestReport:
        if not recs:
            return IngestReport()
        committing = []

        def attempt() -> IngestReport:
            report = IngestReport(lines=len(recs))
            self._save_batches(recs, batch_size, progress, report, committing)
            report.seconds = (datetime.now(UTC) - started).total_seconds()
            return report

        # all or nothing: lost before the commit, nothing was written and the file goes again
        return self._resilient(attempt, retry=lambda: not committing)

    def _save_batches(self, recs: list[MemoryIn], batch_size: int, progress, report: IngestReport,
                      committing: list) -> None:
        conn = self.conn
        batches = [recs[i : i + batch_size] for i in range(0, len(recs), batch_size)]
        with ThreadPoolExecutor(max_workers=1) as pool, conn.transaction():
            pending = pool.submit(self.embedder.encode, [r.content for r in batches[0]])
            for n, batch in enumerate(batches):
                vectors = pending.result()
                if n + 1 < len(batches):
                    pending = pool.submit(self.embedder.encode, [r.content for r in batches[n + 1]])
                for res in save_batch(conn, batch, vectors, self.settings.save):
                    report.counts[res.action] += 1
                if progress:
                    progress(len(batch))
            committing.append(True)

    # -- recall -------------------------------------------------------------------------------------
    @telemetry.traced("memory.recall", "recall")
    @_reconnecting
    def recall(self, user_id: str, query: str, *, mode: str = "standard", limit: int | None = None,
               as_of: datetime | str | None = None, namespace: str | None = None,
               include_profile: bool = True, track: bool = True, max_chars: int | None = None) -> list[dict]:
        """Search one user's memories, summaries and profile; every row names the raw ids it stands for.

        `limit` rows (default 10); with `max_chars`, rows in rank order until that much text is delivered
        (default limit 100), each with `delivered` (its text, a summary's evidence turns included) and
        `delivered_ids` (the raw memories whose text is delivered verbatim)."""
        validate_user_id(user_id)
        when = parse_time(as_of, name="as_of") if as_of is not None else None
        conn = self.runtime.conn  # not `self.conn`: the previous recall's count is still being written
        if limit is None:
            limit = 10 if max_chars is None else 100
        rows = search_memories(conn, self.embedder, user_id, query, mode=mode, limit=limit, as_of=when,
                      namespace=namespace, include_profile=include_profile, max_chars=max_chars,
                      side=self.runtime.side)
        conn.rollback()  # read-only: end the snapshot so the connection idles outside a transaction
        if track and when is None:
            if self._activation is None:
                self._activation = ActivationRecorder(self.url)
            self._activation.record(user_id, rows)
        return [r.to_dict() for r in rows]

    def reason(self, user_id: str, question: str, *, as_of: datetime | str | None = None,
               mode: str = "deep", limit: int = 10) -> dict:
        """Reasoned recall: an answer with confidence, reasoning, resolved dates and sources."""
        from memory_pipeline.engines import get_engine  # ~50 ms (the local engine and its judge); reason() only

        rows = [RecallRow(**r) for r in self.recall(user_id, question, mode=mode, limit=limit, as_of=as_of)]
        when = parse_time(as_of, name="as_of") if as_of is not None else None
        return get_engine(self.settings).reason(question, rows, when).to_dict()

    @_reconnecting
    def context(self, user_id: str, *, query: str | None = None, token_budget: int = 2000,
                max_summaries: int = 10, min_confidence: float = 0.7, prioritize: str = "relevance",
                existing: str | None = None) -> dict:
        """The session-start block (summaries within a token budget); given a context holding one, it
        replaces the block in it."""
        return session_context(self, user_id, query=query, token_budget=token_budget,
                               max_summaries=max_summaries, min_confidence=min_confidence,
                               prioritize=prioritize, existing=existing)

    # -- consolidation ----------------------------------------------------------------------------
    def consolidate(self, user_id: str | None = None, *, all_users: bool = False, mode: str = "apply",
                    dry_run: bool = False, trigger: str = "api") -> dict[str, Any]:
        """Materialize the user's partition of the consolidation assets (through Dagster, in process)."""
        from memory_pipeline.defs.launch import materialize_users  # Dagster: ~1.7 s to import (perf_counter)

        if not all_users:
            validate_user_id(user_id)
        if mode not in ("apply", "review"):
            raise ValidationError(f"mode must be apply or review, not {mode!r}")
        self._resilient(lambda: self.conn, retry=lambda: True)  # a dead embedded server is restarted first
        return materialize_users(self.settings, None if all_users else [user_id], mode=mode, dry_run=dry_run,
                                 trigger=trigger)

    @_reconnecting
    def suggestions(self, user_id: str, status: str = "pending") -> list[dict]:
        validate_user_id(user_id)
        return review.list_suggestions(self.conn, user_id, status)

    def accept_suggestion(self, user_id: str, suggestion_id: str) -> dict:
        """Apply a pending review-mode suggestion of this user (another user's is not found)."""
        validate_user_id(user_id)
        return review.accept(self.conn, suggestion_id, user_id)

    def reject_suggestion(self, user_id: str, suggestion_id: str) -> dict:
        validate_user_id(user_id)
        return review.reject(self.conn, suggestion_id, user_id)

    # -- inspection -------------------------------------------------------------------------------
    @_reconnecting
    def stats(self, user_id: str | None = None) -> dict[str, Any]:
        """Counts of one user, or of the whole store (an operator's view: no user given)."""
        if user_id is not None:
            validate_user_id(user_id)
        return stats_sql.stats(self.conn, user_id)

    @_reconnecting
    def partitioning(self) -> dict[str, Any]:
        """How the Dagster definitions partition users: configured, recorded in the store, in effect."""
        cfg, conn = self.settings.dagster, self.conn
        recorded = part_sql.recorded(conn)
        effective = cfg.partitioning if cfg.partitioning != "auto" else recorded or "user"
        users = len(consolidated_users(conn))
        conn.rollback()
        return {"configured": cfg.partitioning, "recorded": recorded, "effective": effective,
                "shards": parse_partitioning(effective), "users": users, "shard_threshold": cfg.shard_threshold,
                "past_threshold": users > cfg.shard_threshold}

    def switch_partitioning(self, to: str) -> dict[str, Any]:
        """Record `to` ('user' or 'shards:N') as the deployment's partitioning; the Dagster definitions
        follow when they next load. Nothing of any user changes: each user's high-water mark, summaries,
        clusters and profile stay, so the first run after the switch does only users with something new."""
        if to == "auto":
            raise ValidationError("switch to 'user' or 'shards:N' ('auto' is a setting, not a record)")
        parse_partitioning(to)  # a bad value: one-line ConfigError
        configured = self.settings.dagster.partitioning
        if configured != "auto":
            raise ValidationError(f"MEMORY_PIPELINE_PARTITIONING={configured} overrides the store's record; "
                                  "unset it (or set auto) to switch by command")
        before = self.partitioning()["effective"]
        part_sql.record(self.conn, to)
        kept = part_sql.users_with_state(self.conn)
        self.conn.rollback()
        return {"from": before, "to": to, "users_with_history": kept,
                "note": "takes effect when the Dagster definitions next load (restart dev or reload the code location)"}

    @_reconnecting
    def explain(self, user_id: str, ident: str) -> dict[str, Any]:
        """Why a row of this user exists (see `explain.explain`); another user's id is not found."""
        validate_user_id(user_id)
        return explain_row(self.conn, ident, user_id=user_id, ui_url=self.settings.ui_url)

    @_reconnecting
    def get_memories(self, user_id: str, ids: list[int]) -> list[dict]:
        """This user's raw rows among `ids`; another user's id is left out like a missing one."""
        validate_user_id(user_id)
        return mem_sql.get_memories(self.conn, user_id, ids)

    # -- forgetting -------------------------------------------------------------------------------
    def forget(self, user_id: str, ids: list[int | str], *, reason: str | None = None,
               reconsolidate: bool = True) -> dict[str, Any]:
        """Delete this user's memories `ids` (with their duplicates) and what was derived from them, in
        one transaction; then re-derive (see `_rederive`). Another user's id is not found."""
        res = self._resilient(lambda: forgetting.forget(self.conn, user_id, ids, reason), retry=lambda: True)
        return self._rederive(res, reconsolidate)

    def invalidate(self, user_id: str, ids: list[int | str], reason: str, *,
                   reconsolidate: bool = True) -> dict[str, Any]:
        """Mark this user's memories `ids` false: never current, never in a profile or summary, kept
        (with the reason) for the audit trail; what was derived from them is re-derived."""
        res = self._resilient(lambda: forgetting.invalidate(self.conn, user_id, ids, reason), retry=lambda: True)
        return self._rederive(res, reconsolidate)

    def forget_user(self, user_id: str, *, reason: str | None = None) -> dict[str, Any]:
        """Delete everything of the user: rows, per-user indexes, their Dagster partition and the runs
        that materialized it."""
        from memory_pipeline.defs.forget import forget_in_dagster  # Dagster: ~1.7 s to import (perf_counter)

        res = self._resilient(lambda: forgetting.forget_user(self.conn, user_id, reason), retry=lambda: True)
        drop_user_index(self.url, user_id)
        return {**res, **forget_in_dagster(self.settings, user_id, whole_user=True)}

    def _rederive(self, res: dict[str, Any], reconsolidate: bool) -> dict[str, Any]:
        """After a forget or invalidate committed: scrub Dagster runs whose previews may quote the text,
        then run the user's consolidation now, so summaries, edges, profile and session block are
        re-derived before the call returns (skipped, the user's next run does it: their state was reset)."""
        from memory_pipeline.defs.forget import forget_in_dagster  # Dagster: ~1.7 s to import (perf_counter)

        user = res["user_id"]
        res.update(forget_in_dagster(self.settings, user, whole_user=False))
        has_rows = self._resilient(lambda: mem_sql.count_rows(self.conn, user), retry=lambda: True) > 0
        self.conn.rollback()
        if reconsolidate and has_rows:
            run = self.consolidate(user)
            res["consolidation"] = {"run_id": run["run_id"], "status": run["status"]}
        return res
