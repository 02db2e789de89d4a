"""Crash injection for consolidation: a forked child process runs a real consolidation of some users
and kills itself with SIGKILL (kill -9) when it reaches the n-th instrumented point. Points are the
store-layer calls the run makes (every read and write of a user's transaction, the phase boundaries,
and the work done after each user's commit), so a run's trace names every place a crash can land.
"""

from __future__ import annotations

import functools
import json
import multiprocessing
import os
import signal
import time
from datetime import UTC, datetime

NOW = datetime(2025, 6, 1, tzinfo=UTC)
CHILD_APP = "mp-crash-child"

# every table a consolidation writes, with the columns compared (run ids and wall-clock times apart:
# they differ between any two runs)
STATE = {
    "memories": "id, user_id, external_id, content, content_hash, tier, layer, duplicate_of, superseded_by,"
                " summarized_into, cluster_id, flagged, mention_count, version",
    "summaries": "id, user_id, cluster_id, content, key_facts, decisions, superseded_facts, source_ids,"
                 " source_chars, scope, method, embedding::text, confidence, tier",
    "edges": "id, user_id, edge_type, source_id, target_id, weight, reason",
    "clusters": "id, user_id, size, method, centroid::text",
    "profiles": "user_id, id, version, content, sections, patterns, source_ids, method, inputs_fingerprint,"
                " embedding::text",
    "session_context": "user_id, block, summary_ids, tokens",
    "suggestions": "id, user_id, action, memory_ids, status",
    "consolidation_state": "user_id, last_memory_id",
}


def snapshot(conn, user: str | None = None) -> dict[str, list]:
    out = {}
    for table, cols in STATE.items():
        where = " WHERE user_id = %s" if user else ""
        out[table] = conn.execute(f"SELECT {cols} FROM {table}{where} ORDER BY 1, 2",
                                  (user,) if user else ()).fetchall()
    return out


def raw_rows(conn) -> list[tuple]:
    """What the save path wrote: never changed or lost by a consolidation, whatever happens to it."""
    return conn.execute("SELECT id, user_id, external_id, content, content_hash, created_at, embedding::text"
                        " FROM memories ORDER BY id").fetchall()


def _fake_embed(texts):
    from memory_pipeline.lib.tfidf import TfidfFallbackEmbedder

    return TfidfFallbackEmbedder(384).encode(list(texts))


def _instrument(kill_at: int | None, trace: list[str]):
    """Wrap the store calls consolidation makes; at point number `kill_at` (0-based), kill -9."""
    from memory_pipeline.consolidation import run
    from memory_pipeline.consolidation import users as batch
    from memory_pipeline.store import consolidation as store_cons
    from memory_pipeline.store import memories as mem_sql
    from memory_pipeline.store import suggestions as sug_sql

    def hit(name: str) -> None:
        trace.append(name)
        if kill_at is not None and len(trace) - 1 == kill_at:
            os.kill(os.getpid(), signal.SIGKILL)

    def wrap(owner, attr, name):
        fn = getattr(owner, attr)

        def wrapped(*a, **k):
            hit(name)
            return fn(*a, **k)

        setattr(owner, attr, wrapped)

    for attr in dir(store_cons):
        if callable(getattr(store_cons, attr)) and attr.split("_")[0] in (
                "load", "try", "update", "upsert", "insert", "delete", "set", "current", "summaries", "user",
                "existing", "get"):
            wrap(store_cons, attr, f"store.{attr}")
    from memory_pipeline.store import consolidation_batch as batch_sql
    from memory_pipeline.store import delta as delta_sql
    from memory_pipeline.store import tiers as tier_sql

    for owner, attrs in ((tier_sql, ("refresh_memory_tiers", "refresh_summary_tiers", "refresh_memory_tiers_many",
                                     "refresh_summary_tiers_many")),
                         (batch_sql, ("lock_users", "user_states", "prefetch", "new_and_pool_vectors",
                                      "older_neighbours", "upsert_clusters", "insert_edges", "set_states",
                                      "delete_summaries", "many")),
                         (delta_sql, ("new_rows", "delta_rows", "profile_rows"))):
        for attr in attrs:
            wrap(owner, attr, f"store.{owner.__name__.rsplit('.', 1)[-1]}.{attr}")
    wrap(mem_sql, "insert_actions", "store.insert_actions")
    wrap(sug_sql, "insert_suggestion", "store.insert_suggestion")
    for phase in run.PHASES:
        wrap(phase, "run", f"phase.{phase.NAME}")
    wrap(batch, "ensure_user_index", "after_commit.ensure_user_index")
    return hit


def consolidate(conn, users: list[str], on_user=None):
    """The run every crash test compares with: the batch of users, one clock, the deterministic embed."""
    from memory_pipeline.config import Settings
    from memory_pipeline.consolidation import run
    from memory_pipeline.consolidation import users as batch
    from memory_pipeline.engines import get_engine

    real, batch.consolidate_user = batch.consolidate_user, functools.partial(run.consolidate_user, now=NOW)
    try:
        return batch.consolidate_users(conn, users, engine=get_engine(Settings.from_env()), embed=_fake_embed,
                                       database_url=conn.info.dsn, run_id="crash", on_user=on_user, now=NOW)
    finally:
        batch.consolidate_user = real


def _child(url: str, users: list[str], kill_at: int | None, trace_path: str | None) -> None:
    from memory_pipeline.store import db

    trace: list[str] = []
    hit = _instrument(kill_at, trace)
    conn = db.connect(url, autocommit=True)
    conn.execute(f"SET application_name = '{CHILD_APP}'")
    out = consolidate(conn, users, on_user=lambda o: hit(f"committed.{o.user_id}"))
    trace.append("done")
    if trace_path:
        with open(trace_path, "w") as fh:
            json.dump({"trace": trace, "failed": out.failed}, fh)
    conn.close()


def run_child(url: str, users: list[str], kill_at: int | None = None, trace_path: str | None = None) -> int:
    """Run (and maybe crash) a consolidation in a forked process; returns its exit code (-9: killed)."""
    ctx = multiprocessing.get_context("fork")
    p = ctx.Process(target=_child, args=(url, users, kill_at, trace_path))
    p.start()
    p.join(300)
    return p.exitcode


def wait_for_backends_gone(conn, timeout: float = 20.0) -> None:
    """The server notices a killed client's socket closing and rolls its transaction back; wait for it."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        n = conn.execute("SELECT count(*) FROM pg_stat_activity WHERE application_name = %s",
                         (CHILD_APP,)).fetchone()[0]
        if n == 0:
            return
        time.sleep(0.02)
    raise AssertionError("a killed child's backend is still there")


_USER_COL = {"memories": 1, "summaries": 1, "edges": 1, "clusters": 1, "profiles": 0, "session_context": 0,
             "suggestions": 1, "consolidation_state": 0}


def snapshot_of(snap: dict[str, list], user: str) -> dict[str, list]:
    """One user's rows of a whole-store snapshot."""
    return {t: [r for r in rows if r[_USER_COL[t]] == user] for t, rows in snap.items()}


def without_profile_vectors(snap: dict[str, list]) -> dict[str, list]:
    """The profile's vector is computed after the user's transaction (one encoder call per run), so a
    crash between the commit and that call leaves it empty until the next run."""
    return {**snap, "profiles": [r[:-1] for r in snap["profiles"]]}


USERS = ["alice", "bruno"]


def workload() -> list[dict]:
    """Alice's hand-written memories and a second user with the same shapes (paraphrases, a move)."""
    from memory_pipeline_tests.fixtures import alice_memories

    bruno = [{**m, "user_id": "bruno", "external_id": f"b{i}",
              "content": m["content"].replace("Paris", "Lyon").replace("Python", "Rust").replace("alice", "bruno")}
             for i, m in enumerate(alice_memories())]
    return alice_memories() + bruno


def crash_store(service, db_url, tmp_path) -> dict:
    """Reset to the ingested workload; the reference: one uninterrupted run's trace and final state."""
    from memory_pipeline_tests.conftest import TABLES

    def reset():
        with service.conn.transaction():
            service.conn.execute(f"TRUNCATE {', '.join(TABLES)} RESTART IDENTITY CASCADE")
        service.remember_many(workload())
        return snapshot(service.conn), raw_rows(service.conn)

    initial, raw = reset()
    trace_file = tmp_path / "trace.json"
    assert run_child(db_url, USERS, trace_path=str(trace_file)) == 0
    ref = json.loads(trace_file.read_text())
    assert ref["failed"] == {}
    return {"reset": reset, "initial": initial, "raw": raw, "trace": ref["trace"], "final": snapshot(service.conn),
            "url": db_url, "conn": service.conn}
