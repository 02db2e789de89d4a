"""The silent losses found by reading the code (issue 12), each fixed and pinned by a test against the
real embedded PostgreSQL."""

from __future__ import annotations

import json
import time

import pytest

pytestmark = pytest.mark.integration


def _row(service, mid):
    return service.get_memories("erin", [mid])[0]


# -- 1. an edited re-ingest of an external_id is a new version, never dropped --------------------------

def test_edited_external_id_is_stored_as_a_superseding_version(service):
    a = service.remember("erin", "Lunch with Sam on Friday", external_id="m-1")
    b = service.remember("erin", "Lunch with Sam moved to Saturday", external_id="m-1")
    assert a.action == "inserted" and b.action == "edited"
    assert b.id != a.id and b.match_id == a.id and "version 2" in b.reason
    assert _row(service, a.id)["superseded_by"] == b.id  # the old text stays, linked to the new one
    assert _row(service, b.id)["content"] == "Lunch with Sam moved to Saturday"
    conn = service.conn
    edge = conn.execute("SELECT source_id, target_id FROM edges WHERE edge_type = 'supersedes'").fetchall()
    assert edge == [(str(b.id), str(a.id))]
    logged = conn.execute("SELECT memory_ids, target_id FROM actions WHERE action = 'EDIT'").fetchall()
    assert logged == [([b.id, a.id], str(a.id))]
    # re-sending either version is a no-op that names the matching row
    again_new = service.remember("erin", "Lunch with Sam moved to Saturday", external_id="m-1")
    again_old = service.remember("erin", "Lunch with Sam on Friday", external_id="m-1")
    assert (again_new.action, again_new.id) == ("existing", b.id)
    assert (again_old.action, again_old.id) == ("existing", a.id)
    assert service.stats("erin")["memories"] == 2
    rows = service.recall("erin", "When is lunch with Sam?", mode="exhaustive", track=False)
    ids = [r["id"] for r in rows]
    assert ids.index(str(b.id)) < ids.index(str(a.id))  # the current version ranks first


def test_edits_are_counted_in_the_ingest_summary(service, tmp_path):
    topics = ["the garden shed needs paint", "our trip to Lisbon is in May", "the plan is A"]
    first = [{"user_id": "ivy", "content": f"Note 2: {t}." if i == 2 else t, "external_id": f"n{i}"}
             for i, t in enumerate(topics)]
    p = tmp_path / "one.jsonl"
    p.write_text("\n".join(json.dumps(x) for x in first))
    assert service.ingest_file(p).to_dict()["inserted"] == 3
    second = [
        {"user_id": "ivy", "content": "the garden shed needs paint", "external_id": "n0"},  # unchanged
        {"user_id": "ivy", "content": "our trip to Lisbon moved to June", "external_id": "n1"},  # edited
        {"user_id": "ivy", "content": "Note 2: the plan is C.", "external_id": "n2"},  # edited ...
        {"user_id": "ivy", "content": "Note 2: the plan is D.", "external_id": "n2"},  # ... twice in one file
        {"user_id": "ivy", "content": "Note 2: the plan is C.", "external_id": "n2"},  # repeat of the first edit
    ]
    p2 = tmp_path / "two.jsonl"
    p2.write_text("\n".join(json.dumps(x) for x in second))
    rep = service.ingest_file(p2, batch_size=2).to_dict()
    assert rep["existing"] == 2 and rep["edited"] == 3 and rep["inserted"] == 0
    versions = service.conn.execute(
        "SELECT external_version, content, superseded_by IS NOT NULL FROM memories WHERE external_id = 'n2'"
        " ORDER BY external_version").fetchall()
    assert versions == [(1, "Note 2: the plan is A.", True), (2, "Note 2: the plan is C.", True),
                        (3, "Note 2: the plan is D.", False)]  # only the latest is current
    again = service.ingest_file(p2).to_dict()
    assert again["existing"] == 5 and again["edited"] == 0


# -- 2. a replaced summary and its edges are in the action log ----------------------------------------

def _consolidate(service, user, **kw):
    from datetime import UTC, datetime

    from memory_pipeline.consolidation.run import consolidate_user
    from memory_pipeline.engines import get_engine

    return consolidate_user(service.conn, user, engine=get_engine(service.settings), run_id=kw.pop("run_id", "r"),
                            now=datetime(2025, 6, 1, tzinfo=UTC), embed=service.embedder.encode, **kw)


def test_replaced_summary_and_its_edges_are_logged(service):
    from memory_pipeline_tests.fixtures import alice_memories

    service.remember_many(alice_memories())
    _consolidate(service, "alice", run_id="r1")
    conn = service.conn
    before = dict(conn.execute("SELECT id, source_ids FROM summaries WHERE user_id = 'alice'").fetchall())
    service.remember_many([
        {"user_id": "alice", "content": "Each morning starts with a cup of dark roast coffee.", "external_id": "c1",
         "created_at": "2025-03-30T08:00:00+00:00"},
        {"user_id": "alice", "content": "I brew dark roast coffee first thing every morning.", "external_id": "c2",
         "created_at": "2025-03-31T08:00:00+00:00"},
    ])
    _consolidate(service, "alice", run_id="r2")
    after = {r[0] for r in conn.execute("SELECT id FROM summaries WHERE user_id = 'alice'")}
    gone = set(before) - after
    assert gone, "the grown cluster's summary was not replaced; the test needs another input"
    logged = {r[0]: r for r in conn.execute(
        "SELECT target_id, inputs, reason FROM actions WHERE run_id = 'r2' AND action = 'SUMMARY_REPLACED'")}
    assert set(logged) == gone  # every deleted summary has its own entry
    for sid in gone:
        inputs = logged[sid][1]
        assert inputs["replaced_by"] in after
        assert sorted(inputs["old_source_ids"]) == sorted(before[sid])
        removed = {(e["source_id"], e["target_id"]) for e in inputs["removed_edges"]}
        assert removed == {(sid, str(i)) for i in before[sid]}
        # and those edges are indeed gone from the table
        left = conn.execute("SELECT count(*) FROM edges WHERE source_id = %s", (sid,)).fetchone()[0]
        assert left == 0


# -- 6. the asset checks can fail --------------------------------------------------------------------

@pytest.fixture
def checked_alice(service):
    from memory_pipeline_tests.fixtures import alice_memories

    service.remember_many(alice_memories())
    res = service.consolidate("alice")
    assert res["status"] == "SUCCESS" and all(res["checks"].values()), res["checks"]
    return service


def _unreferenced_raw_row(conn) -> int:
    return conn.execute(
        "SELECT max(m.id) FROM memories m WHERE m.user_id = 'alice' AND NOT EXISTS (SELECT 1 FROM memories o"
        " WHERE m.id IN (o.duplicate_of, o.superseded_by))").fetchone()[0]


def test_no_loss_fails_when_a_raw_row_is_deleted_behind_its_back(checked_alice):
    conn = checked_alice.conn
    victim = _unreferenced_raw_row(conn)
    conn.execute("DELETE FROM memories WHERE id = %s", (victim,))
    res = checked_alice.consolidate("alice")
    assert res["checks"]["no_loss"] is False
    again = checked_alice.consolidate("alice")  # a loss does not pass on the next run either
    assert again["checks"]["no_loss"] is False


def test_no_loss_fails_when_raw_content_is_edited_behind_its_back(checked_alice):
    conn = checked_alice.conn
    victim = _unreferenced_raw_row(conn)
    conn.execute("UPDATE memories SET content = content || ' (tampered)' WHERE id = %s", (victim,))
    assert checked_alice.consolidate("alice")["checks"]["no_loss"] is False


def test_no_loss_passes_for_new_rows_and_edits_through_the_api(checked_alice):
    checked_alice.remember("alice", "I moved to Hamburg this spring.", external_id="a14")  # an edit of a14
    checked_alice.remember("alice", "My sister visits in August.")
    res = checked_alice.consolidate("alice")
    assert res["checks"]["no_loss"] is True, res


def test_compression_check_fails_out_of_bounds(checked_alice):
    conn = checked_alice.conn
    # forty extra summary units for a user of sixteen memories: compression far below 1
    conn.execute(
        "INSERT INTO summaries (id, user_id, content, source_ids, source_chars, temporal_start, temporal_end,"
        " method, embedding, confidence, scope)"
        " SELECT 'bogus_' || g, user_id, 'x', source_ids[1:1], 1000, temporal_start, temporal_end, 'merge',"
        " embedding, 0.9, 'merge' FROM (SELECT * FROM summaries WHERE user_id = 'alice' ORDER BY id LIMIT 1) s,"
        " generate_series(1, 40) g")
    res = checked_alice.consolidate("alice")
    assert res["checks"]["compression_in_bounds"] is False, res["checks"]


# -- 4. vectors of two models never mix; re-embedding is explicit -------------------------------------

@pytest.fixture
def own_store(settings, db_url):
    """A database of its own on the embedded server (this test re-embeds its whole store)."""
    from memory_pipeline.store import db

    url = db.ensure_database(db_url, "reembed_test")
    yield settings.with_overrides(database_url=url)
    with db.connect(db_url, autocommit=True, register=False) as c:
        c.execute("DROP DATABASE reembed_test WITH (FORCE)")


def test_another_model_is_refused_and_reembedding_is_explicit(own_store, embedder):
    import numpy as np

    from memory_pipeline.errors import SchemaMismatch
    from memory_pipeline.lib.tfidf import TfidfFallbackEmbedder
    from memory_pipeline.service import MemoryService
    from memory_pipeline_tests.fixtures import alice_memories

    fallback = TfidfFallbackEmbedder(embedder.dimension)  # what "auto" loads when no model can
    with MemoryService(own_store, embedder=embedder) as svc:
        svc.remember_many(alice_memories())
        _consolidate(svc, "alice")
        before = {r[0]: np.asarray(r[1].to_numpy()) for r in svc.conn.execute(
            "SELECT id, embedding FROM memories ORDER BY id", binary=True)}
        summ_before = {r[0]: r[1].to_numpy() for r in svc.conn.execute(
            "SELECT id, embedding FROM summaries", binary=True)}
    with MemoryService(own_store, embedder=fallback) as other:
        with pytest.raises(SchemaMismatch, match="refusing to mix"):
            other.remember("alice", "I now live in Hamburg.")
        counts = other.reembed()  # the explicit command
        assert counts["memories"] == len(before) and counts["summaries"] == len(summ_before) > 0
        assert other.remember("alice", "I now live in Hamburg.").action in ("inserted", "flagged")
    with MemoryService(own_store, embedder=embedder) as svc, pytest.raises(SchemaMismatch, match="tfidf"):
        svc.remember("alice", "Back to the real model.")
    with MemoryService(own_store, embedder=embedder) as svc:
        svc.reembed()  # and back: the model's own vectors again, summaries as their sources' centroid
        after = {r[0]: r[1].to_numpy() for r in svc.conn.execute(
            "SELECT id, embedding FROM memories ORDER BY id", binary=True)}
        assert all(float(before[i] @ after[i]) > 0.9999 for i in before)
        for sid, v in svc.conn.execute("SELECT id, embedding FROM summaries", binary=True):
            assert float(summ_before[sid] @ v.to_numpy()) > 0.9999


# -- 5. recall activation is counted once per recall, and survives the process -------------------------

def test_a_burst_of_recalls_counts_each_one(service):
    from memory_pipeline_tests.fixtures import alice_memories

    service.remember_many(alice_memories())
    _consolidate(service, "alice")
    first = service.recall("alice", "my email address", mode="exhaustive")
    for _ in range(9):  # nine more, back to back
        service.recall("alice", "my email address", mode="exhaustive")
    mem = [int(r["id"]) for r in first if r["kind"] == "memory"]
    summ = [r["id"] for r in first if r["kind"] == "summary"]
    assert mem and all(r["access_count"] == 10 for r in service.get_memories("alice", mem))
    counts = dict(service.conn.execute("SELECT id, access_count FROM summaries WHERE id = ANY(%s)", (summ,)).fetchall())
    assert all(n == 10 for n in counts.values())


CHILD_RECALL = """
import os, sys
from memory_pipeline.service import MemoryService
svc = MemoryService()
rows = svc.recall("alice", "my email address", mode="deep")
print(",".join(r["id"] for r in rows if r["kind"] == "memory"), flush=True)
os.kill(os.getpid(), 9)  # no clean shutdown: nothing may be left waiting in the process
"""


def test_activation_survives_a_killed_process(service, db_url):
    import os
    import subprocess
    import sys

    from memory_pipeline_tests.fixtures import alice_memories

    service.remember_many(alice_memories())
    env = {**os.environ, "MEMORY_PIPELINE_DATABASE_URL": db_url}
    proc = subprocess.run([sys.executable, "-c", CHILD_RECALL], env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == -9, proc.stderr[-2000:]
    ids = [int(i) for i in proc.stdout.strip().split(",")]
    assert ids
    # the update was handed to the server before recall returned; it commits without the process
    deadline = time.monotonic() + 10
    while not all(r["access_count"] == 1 for r in service.get_memories("alice", ids)) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert all(r["access_count"] == 1 for r in service.get_memories("alice", ids))


# -- 3. a failed sensor run is retried with backoff, then flagged --------------------------------------

def test_sensor_plan_retries_failed_runs_with_backoff_then_flags():
    from memory_pipeline.defs.triggers.sensors import MAX_ATTEMPTS, RETRY_BACKOFF_S, plan_requests

    due = [("a", 25, 0, 100)]
    users, cur, _ = plan_requests(due, {}, now=1000.0)
    assert users == ["a"]
    cur["a"]["key"] = "k1"
    assert plan_requests(due, cur, frozenset(), now=5000.0)[0] == []  # running or done: not asked again
    assert plan_requests(due, cur, frozenset({"k1"}), now=1000.0 + RETRY_BACKOFF_S - 1)[0] == []  # backing off
    users, cur, _ = plan_requests(due, cur, frozenset({"k1"}), now=1000.0 + RETRY_BACKOFF_S)
    assert users == ["a"] and cur["a"]["try"] == 2
    cur["a"]["key"] = "k2"
    t2 = cur["a"]["at"]
    assert plan_requests(due, cur, frozenset({"k2"}), now=t2 + 2 * RETRY_BACKOFF_S - 1)[0] == []
    users, cur, _ = plan_requests(due, cur, frozenset({"k2"}), now=t2 + 2 * RETRY_BACKOFF_S)
    assert users == ["a"] and cur["a"]["try"] == MAX_ATTEMPTS == 3
    cur["a"]["key"] = "k3"
    users, cur, gave_up = plan_requests(due, cur, frozenset({"k3"}), now=1e9)
    assert users == [] and gave_up == ["a"]
    assert plan_requests(due, cur, frozenset({"k3"}), now=2e9)[2] == []  # flagged once, not every tick
    users, cur, _ = plan_requests([("a", 26, 0, 101)], cur, frozenset({"k3"}), now=2e9)
    assert users == ["a"] and cur["a"]["try"] == 1  # a new memory: a new batch, attempts afresh


def _fail_run(inst, run_key):
    """A real failed run in the instance, tagged as this sensor's request for that batch."""
    import dagster as dg

    from memory_pipeline.defs.triggers.sensors import SENSOR_NAME

    @dg.op
    def consolidation_that_fails():
        raise RuntimeError("the database went away")

    @dg.job
    def failing_consolidation():
        consolidation_that_fails()

    res = failing_consolidation.execute_in_process(
        instance=inst, raise_on_error=False, tags={"dagster/run_key": run_key, "dagster/sensor_name": SENSOR_NAME})
    assert not res.success


def test_sensor_requests_a_failed_run_again_and_flags_the_user(service, settings):
    import json

    import dagster as dg

    from memory_pipeline.defs.launch import instance
    from memory_pipeline.defs.resources import MemoryStoreResource
    from memory_pipeline.defs.triggers.sensors import MAX_ATTEMPTS, consolidation_due_sensor

    service.remember_many([{"user_id": "flaky", "content": f"note number {i} about topic {i * 7}"}
                           for i in range(21)])
    inst = instance(settings)
    res_store = {"memory_store": MemoryStoreResource()}
    cursor, keys = None, []
    for attempt in range(1, MAX_ATTEMPTS + 1):
        with dg.build_sensor_context(instance=inst, cursor=cursor, resources=res_store) as ctx:
            res = consolidation_due_sensor(ctx)
        assert [r.partition_key for r in res.run_requests] == ["flaky"], attempt
        keys.append(res.run_requests[0].run_key)
        _fail_run(inst, keys[-1])
        state = json.loads(res.cursor)
        state["flaky"]["at"] -= 10_000  # the backoff has passed
        cursor = json.dumps(state)
    assert len(set(keys)) == MAX_ATTEMPTS  # each attempt is a new run
    with dg.build_sensor_context(instance=inst, cursor=cursor, resources=res_store) as ctx:
        res = consolidation_due_sensor(ctx)
    assert res.run_requests == []
    flagged = service.conn.execute(
        "SELECT user_id, target_id FROM actions WHERE action = 'CONSOLIDATION_FAILED'").fetchall()
    assert flagged == [("flaky", keys[-1])]
