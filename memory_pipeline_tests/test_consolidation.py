"""Consolidation through real Dagster materializations against the real embedded PostgreSQL."""

from __future__ import annotations

import threading

import pytest

from memory_pipeline.errors import ValidationError
from memory_pipeline_tests.fixtures import alice_memories

pytestmark = pytest.mark.integration

DERIVED = ("memories", "summaries", "edges", "clusters", "profiles", "session_context", "suggestions")


def snapshot(svc) -> dict[str, list]:
    """Every row of the tables consolidation may change (the action log excluded)."""
    out = {}
    with svc.conn.transaction():
        for t in DERIVED:
            cols = "*" if t != "memories" else (
                "id, content, tier, layer, duplicate_of, superseded_by, summarized_into, cluster_id, flagged, version,"
                " mention_count")
            out[t] = svc.conn.execute(f"SELECT {cols} FROM {t} ORDER BY 1").fetchall()
    return out


@pytest.fixture
def alice(service):
    service.remember_many(alice_memories())
    return service


def test_consolidation_builds_every_asset(alice):
    before = alice.stats("alice")["memories"]
    res = alice.consolidate("alice")
    assert res["status"] == "SUCCESS", res
    assert set(res["assets"]) >= {"memory_clusters", "memory_summaries", "supersession_edges", "memory_tiers",
                                  "procedural_profile", "session_context"}
    assert all(res["checks"].values()), res["checks"]
    per_user = res["assets"]["memory_summaries"]["per_user"]["alice"]
    assert per_user["status"] == "ok" and per_user["summaries_written"] >= 2 and per_user["changed_rows"] > 0
    st = alice.stats("alice")
    assert st["memories"] == before  # raw memories are never deleted
    assert st["summaries"] >= 2
    assert st["profiles"] == 1
    assert st["edges"].get("supersedes", 0) >= 1
    assert sum(st["tiers"].values()) == st["memories"] - st["duplicates"]

    conn = alice.conn
    # every summary links every one of its sources, and each source points back
    for sid, src in conn.execute("SELECT id, source_ids FROM summaries WHERE user_id = 'alice'"):
        back = conn.execute("SELECT count(*) FROM memories WHERE summarized_into = %s", (sid,)).fetchone()[0]
        assert back == len(src) >= 3
    # the Berlin memory supersedes the Paris one, with a reason
    edge = conn.execute(
        "SELECT n.content, o.content, e.reason FROM edges e JOIN memories n ON n.id::text = e.source_id"
        " JOIN memories o ON o.id::text = e.target_id WHERE e.edge_type = 'supersedes'").fetchall()
    assert any("Berlin" in n and "Paris" in o and r for n, o, r in edge), edge
    paris = conn.execute("SELECT superseded_by, tier FROM memories WHERE content = 'I live in Paris.'").fetchone()
    assert paris[0] is not None and paris[1] == "archived"
    prof, cited = conn.execute("SELECT content, fact_sources FROM profiles WHERE user_id = 'alice'").fetchone()
    assert "Berlin" in prof
    # the profile row cites, per item, the memories that state it
    berlin = [int(i) for text, ids in cited.items() if "Berlin" in text for i in ids if i.isdigit()]
    assert berlin and all("Berlin" in conn.execute("SELECT content FROM memories WHERE id = %s", (i,)).fetchone()[0]
                          for i in berlin)
    actions = dict(conn.execute("SELECT action, count(*) FROM actions WHERE user_id = 'alice'"
                                " AND run_id = %s GROUP BY action", (res["run_id"],)).fetchall())
    assert actions.get("SUMMARIZE", 0) >= 2 and actions.get("SUPERSEDE", 0) >= 1
    conn.rollback()


def test_rerun_without_new_input_changes_nothing(alice):
    alice.consolidate("alice")
    before = snapshot(alice)
    res = alice.consolidate("alice")
    assert res["status"] == "SUCCESS"
    assert res["assets"]["session_context"]["changed_rows"] == 0
    assert snapshot(alice) == before


def test_dry_run_changes_nothing_and_logs_dry_run_actions(alice):
    before = snapshot(alice)
    res = alice.consolidate("alice", dry_run=True)
    assert res["status"] == "SUCCESS"
    assert snapshot(alice) == before
    rows = alice.conn.execute("SELECT dry_run, count(*) FROM actions WHERE run_id = %s GROUP BY dry_run",
                              (res["run_id"],)).fetchall()
    alice.conn.rollback()
    assert rows == [(True, rows[0][1])] and rows[0][1] > 0


def _actions(svc, run_id) -> list[tuple]:
    rows = svc.conn.execute(
        "SELECT action, memory_ids, target_id, reason, dry_run FROM actions WHERE run_id = %s", (run_id,)
    ).fetchall()
    svc.conn.rollback()
    return sorted((a, tuple(sorted(ids or [])), t, r) for a, ids, t, r, _ in rows)


def test_dry_run_lists_exactly_what_apply_does(alice):
    """Dry run, then apply on the same state: the same action list; likewise after new memories
    arrive and after a finished consolidation (where both must list nothing new to do)."""
    for step in ("first run", "new memories", "nothing new"):
        if step == "new memories":
            alice.remember("alice", "I moved to Lisbon this week.", created_at="2025-06-01T10:00:00+00:00")
            alice.remember("alice", "I really love working in Python for data work, every day.",
                           created_at="2025-06-01T11:00:00+00:00")
        dry = alice.consolidate("alice", dry_run=True)
        applied = alice.consolidate("alice")
        assert dry["status"] == applied["status"] == "SUCCESS"
        assert _actions(alice, dry["run_id"]) == _actions(alice, applied["run_id"]), step
    assert _actions(alice, applied["run_id"]) == []  # a re-run with nothing new decides nothing
    # stats count applied actions only; dry-run actions are reported apart
    st = alice.stats("alice")
    n_applied = alice.conn.execute("SELECT count(*) FROM actions WHERE NOT dry_run").fetchone()[0]
    n_dry = alice.conn.execute("SELECT count(*) FROM actions WHERE dry_run").fetchone()[0]
    alice.conn.rollback()
    assert sum(st["actions"].values()) == n_applied and sum(st["dry_run_actions"].values()) == n_dry > 0


def test_review_mode_suggests_then_accept_applies(alice):
    res = alice.consolidate("alice", mode="review")
    assert res["status"] == "SUCCESS"
    pending = alice.suggestions("alice")
    assert pending, "review mode should leave pending suggestions"
    upd = next(s for s in pending if s["action"] == "UPDATE")
    assert alice.stats("alice")["edges"].get("supersedes", 0) == 0  # nothing applied yet
    # a second review run does not duplicate pending suggestions
    alice.consolidate("alice", mode="review")
    assert len(alice.suggestions("alice")) == len(pending)
    alice.remember("bob", "I live in Lisbon.")
    with pytest.raises(ValidationError, match="no suggestion"):  # another user cannot reach it
        alice.accept_suggestion("bob", upd["id"])
    with pytest.raises(ValidationError, match="no suggestion"):
        alice.reject_suggestion("bob", upd["id"])
    out = alice.accept_suggestion("alice", upd["id"])
    assert out["status"] == "accepted"
    assert alice.stats("alice")["edges"]["supersedes"] == 1
    older = upd["payload"]["older"]
    assert alice.get_memories("alice", [older])[0]["superseded_by"] == upd["payload"]["newer"]
    others = [s for s in alice.suggestions("alice")]
    if others:
        assert alice.reject_suggestion("alice", others[0]["id"])["status"] == "rejected"
    with pytest.raises(Exception, match="already"):
        alice.accept_suggestion("alice", upd["id"])


def test_concurrent_save_during_run_is_not_lost(alice, settings, embedder, monkeypatch):
    """A save that lands while a consolidation is between reading and writing is kept intact."""
    from memory_pipeline.consolidation.phases import cluster
    from memory_pipeline.service import MemoryService

    original = cluster.run
    saved = {}

    def cluster_after_concurrent_save(ctx, writer, engine, found):
        def other_process():
            with MemoryService(settings, embedder=embedder) as other:
                saved["r"] = other.remember("alice", "I prefer dark roast coffee in the morning.")
        t = threading.Thread(target=other_process)
        t.start()
        t.join(timeout=60)  # the save commits after this run read its snapshot, before it writes clusters
        assert not t.is_alive()
        return original(ctx, writer, engine, found)

    monkeypatch.setattr(cluster, "run", cluster_after_concurrent_save)
    res = alice.consolidate("alice")
    assert res["status"] == "SUCCESS", res
    r = saved["r"]
    assert r.action == "deduplicated"
    dup = alice.get_memories("alice", [r.id])[0]
    orig = alice.get_memories("alice", [r.match_id])[0]
    assert dup["duplicate_of"] == r.match_id
    assert orig["mention_count"] == 2  # the save's bump survived the run
    skipped = alice.conn.execute("SELECT memory_ids FROM actions WHERE run_id = %s AND action = 'SKIP'",
                                 (res["run_id"],)).fetchall()
    assert any(r.match_id in ids for (ids,) in skipped)  # the run said it left the changed row alone
    assert res["checks"]["no_loss"] is True


def test_bad_mode_and_unknown_user_are_clear(service):
    from memory_pipeline.errors import ValidationError

    with pytest.raises(ValidationError):
        service.consolidate("alice", mode="yolo")
    with pytest.raises(ValidationError):
        service.consolidate("not a user!")


def test_incremental_run_touches_only_what_is_new(alice):
    first = alice.consolidate("alice")
    assert first["status"] == "SUCCESS"
    old_ids = {r[0] for r in snapshot(alice)["memories"]}
    new = [
        {"user_id": "alice", "content": f"Cello practice, week {i}: scales and the Bach prelude.",
         "external_id": f"n{i}", "created_at": f"2025-03-{20 + i}T08:00:00+00:00"} for i in range(4)
    ] + [{"user_id": "alice", "content": "I drink dark roast coffee every single morning.", "external_id": "c1",
          "created_at": "2025-03-30T08:00:00+00:00"}]
    alice.remember_many(new)
    before = snapshot(alice)  # after the saves: what changes from here is the run's doing
    res = alice.consolidate("alice")
    assert res["status"] == "SUCCESS"
    after = snapshot(alice)
    new_ids = {r[0] for r in after["memories"]} - old_ids
    assert len(new_ids) == 5
    changed = {b[0] for a, b in zip(before["memories"], after["memories"], strict=True) if a != b}
    # the run rewrites new rows (and at most the old rows that now share a cluster with them)
    assert changed & new_ids
    old_changed = changed - new_ids
    new_clusters = {r[7] for r in after["memories"] if r[0] in new_ids and r[7]}
    assert all(r[7] in new_clusters for r in after["memories"] if r[0] in old_changed)
    assert len(old_changed) <= 3
    assert res["assets"]["memory_summaries"]["summaries_written"] >= 1


def test_isolation_check_catches_a_cross_user_edge(alice):
    from memory_pipeline.store import checks

    alice.remember("mallory", "I like tea.")
    alice.consolidate("alice")
    assert checks.mixed_user_rows(alice.conn, ["alice"]) == []
    mal = alice.conn.execute("SELECT id FROM memories WHERE user_id = 'mallory'").fetchone()[0]
    alice.conn.execute("INSERT INTO edges (id, user_id, edge_type, source_id, target_id) VALUES"
                       " ('bad', 'alice', 'references', 'sum_x', %s)", (str(mal),))
    assert checks.mixed_user_rows(alice.conn, ["alice"]) == ["bad"]
    assert checks.lost_memories(alice.conn, ["alice"]) == []
