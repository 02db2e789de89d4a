"""forget / invalidate end to end (Python API, CLI, Dagster runs): the text goes from every row,
summary, profile, session block, action log and Dagster run, and a later consolidation does not
bring it back; no_loss reads a logged forget as sanctioned and still fails on any other loss."""

from __future__ import annotations

import os
import subprocess
import sys

import dagster as dg
import pytest

from memory_pipeline.errors import ValidationError
from memory_pipeline_tests.fixtures import alice_memories

pytestmark = pytest.mark.integration

MOVE = "I moved to Berlin last month."  # supersedes "I live in Paris."; the profile reads it
BOBS = "I moved to Berlin in 2019."
TABLES = ("memories", "summaries", "edges", "clusters", "profiles", "session_context", "actions", "suggestions",
          "memory_ledger", "invalidated_memories", "consolidation_state", "memory_slots")


def _store_text(svc, needle: str, user: str = "alice") -> dict[str, int]:
    """Rows of the user in each table whose whole text (every column) contains `needle`."""
    q = svc.conn.execute
    found = {t: q(f"SELECT count(*) FROM {t} x WHERE user_id = %s AND strpos(x::text, %s) > 0",
                  (user, needle)).fetchone()[0] for t in TABLES}
    svc.conn.rollback()
    return {t: n for t, n in found.items() if n}


_EARLIER_RUNS: set[str] = set()  # runs of earlier tests in this session's instance (their stores are gone)


def _dagster_text(settings, needle: str) -> int:
    """Events of every run this test's store made whose serialized form (metadata included) holds `needle`."""
    from memory_pipeline.defs.launch import instance

    inst = instance(settings)
    return sum(needle in dg.serialize_value(ev) for rec in inst.get_run_records()
               if rec.dagster_run.run_id not in _EARLIER_RUNS for ev in inst.all_logs(rec.dagster_run.run_id))


def _id_of(svc, user: str, text: str) -> int:
    row = svc.conn.execute("SELECT id FROM memories WHERE user_id = %s AND content = %s ORDER BY id LIMIT 1",
                           (user, text)).fetchone()
    svc.conn.rollback()
    return row[0]


@pytest.fixture
def alice(service, settings):
    from memory_pipeline.defs.launch import instance

    _EARLIER_RUNS.clear()
    _EARLIER_RUNS.update(rec.dagster_run.run_id for rec in instance(settings).get_run_records())
    service.remember_many(alice_memories())
    service.remember("alice", MOVE, created_at="2025-03-08T09:00:00Z")  # a duplicate: goes with it
    service.remember("bob", BOBS)  # bob's own, untouched
    run = service.consolidate(all_users=True)
    assert run["status"] == "SUCCESS", run
    return service


def test_forget_removes_the_text_everywhere_and_rederives(alice, settings):
    svc = alice
    assert "profiles" in _store_text(svc, "Berlin") and _dagster_text(settings, "Berlin")  # it was used
    paris = _id_of(svc, "alice", "I live in Paris.")
    assert svc.get_memories("alice", [paris])[0]["superseded_by"] is not None
    res = svc.forget("alice", [_id_of(svc, "alice", MOVE)], reason="moved back, never went")
    assert len(res["ids"]) == 2 and res["consolidation"]["status"] == "SUCCESS"  # with its duplicate
    # no row of alice's says Berlin any more: raw, summary, edge, profile, session block, action log
    assert _store_text(svc, "Berlin") == {}
    assert _dagster_text(settings, MOVE) == 0 and _dagster_text(settings, "Berlin") == 0
    assert svc.get_memories("alice", [paris])[0]["superseded_by"] is None  # Paris is current again
    assert "Paris" in svc.context("alice")["block"]
    (log,) = svc.conn.execute("SELECT memory_ids, reason, inputs FROM actions WHERE user_id = 'alice'"
                              " AND action = 'FORGET'").fetchall()
    assert sorted(log[0]) == sorted(res["ids"]) and log[1] == "moved back, never went"
    svc.conn.rollback()
    again = svc.consolidate("alice")  # a later run does not bring it back, and no_loss sanctions it
    assert again["status"] == "SUCCESS" and again["checks"]["no_loss"] is True
    assert _store_text(svc, "Berlin") == {} and _dagster_text(settings, MOVE) == 0
    assert svc.recall("bob", "where did I move?", track=False)[0]["content"] == BOBS  # bob's is untouched


def test_no_loss_sanctions_only_the_logged_forget(alice):
    svc = alice
    forgotten = _id_of(svc, "alice", "I don't use Windows at all.")
    svc.forget("alice", [forgotten], reconsolidate=False)
    victim = _id_of(svc, "alice", "The quarterly report is due at the end of March.")
    with svc.conn.transaction():  # a loss nobody asked for
        svc.conn.execute("UPDATE memories SET summarized_into = NULL, cluster_id = NULL WHERE id = %s", (victim,))
        svc.conn.execute("DELETE FROM summaries WHERE %s = ANY(source_ids)", (victim,))
        svc.conn.execute("DELETE FROM memories WHERE id = %s", (victim,))
    run = svc.consolidate("alice")
    assert run["checks"]["no_loss"] is False
    rows = svc.conn.execute("SELECT id FROM memory_ledger WHERE user_id = 'alice' AND NOT EXISTS"
                            " (SELECT 1 FROM memories m WHERE m.id = memory_ledger.id)").fetchall()
    assert rows == [(victim,)]  # the forgotten one is sanctioned; the other still alarms


def test_invalidate_keeps_the_fact_for_audit_but_never_as_current(alice):
    svc = alice
    mid = _id_of(svc, "alice", "I don't use Windows at all.")
    res = svc.invalidate("alice", [mid], "the user uses Windows at work")
    assert res["ids"] == [mid] and res["consolidation"]["status"] == "SUCCESS"
    assert svc.get_memories("alice", [mid]) == []
    rows = svc.recall("alice", "which operating system do I use?", mode="exhaustive", track=False)
    assert all("Windows" not in r["content"] for r in rows)
    assert "Windows" not in svc.context("alice")["block"]
    assert not _store_text(svc, "I don't use Windows at all.").keys() - {"invalidated_memories"}
    kept = svc.conn.execute("SELECT content, reason FROM invalidated_memories WHERE id = %s", (mid,)).fetchone()
    assert kept == ("I don't use Windows at all.", "the user uses Windows at work")
    with pytest.raises(ValidationError, match="reason"):
        svc.invalidate("alice", [mid], "  ")


def test_forget_of_another_users_id_is_not_found_and_changes_nothing(alice):
    svc = alice
    bobs = _id_of(svc, "bob", BOBS)
    missing = str(pytest.raises(ValidationError, svc.forget, "alice", [999999999]).value)
    got = str(pytest.raises(ValidationError, svc.forget, "alice", [bobs]).value)
    assert got.replace(str(bobs), "999999999") == missing
    assert str(pytest.raises(ValidationError, svc.invalidate, "alice", [bobs], "x").value) == got
    assert svc.get_memories("bob", [bobs])


def test_forget_user_through_the_cli_deletes_everything_and_the_partition(alice, settings):
    from memory_pipeline.defs.launch import instance
    from memory_pipeline.defs.partitions import USERS_PARTITION

    svc = alice
    assert "alice" in instance(settings).get_dynamic_partitions(USERS_PARTITION)
    cli = [sys.executable, "-m", "memory_pipeline.cli"]
    r = subprocess.run([*cli, "forget", "--user", "alice", "--json"], capture_output=True, text=True,
                       env=dict(os.environ), timeout=300)
    assert r.returncode == 0, r.stderr
    left = {t: svc.conn.execute(f"SELECT count(*) FROM {t} WHERE user_id = 'alice'").fetchone()[0] for t in TABLES}
    assert left == {**dict.fromkeys(TABLES, 0), "actions": 1}, left  # the FORGET_USER entry alone
    svc.conn.rollback()
    assert "alice" not in instance(settings).get_dynamic_partitions(USERS_PARTITION)
    assert _dagster_text(settings, "alice@example.com") == 0
    assert svc.stats("bob")["memories"] == 1
    bad = subprocess.run([*cli, "invalidate", "--user", "bob", "--id", "1"], capture_output=True, text=True,
                         env=dict(os.environ), timeout=300)
    assert bad.returncode == 2 and "reason" in bad.stderr
