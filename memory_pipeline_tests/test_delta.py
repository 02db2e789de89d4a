"""An incremental run reads only its users' delta (`store/delta.py`): the rows any phase would select,
found through indexes. It decides exactly what a run over every row of the user decides."""

from __future__ import annotations

from datetime import timedelta
from importlib import resources

import pytest

from memory_pipeline.consolidation import users as batch_mod
from memory_pipeline.engines import LocalEngine
from memory_pipeline.store import consolidation_batch as bsql
from memory_pipeline.store import consolidation_read as batched
from memory_pipeline.store import delta as delta_sql
from memory_pipeline.store.consolidation import users_due
from memory_pipeline_tests.fixtures import T0, alice_memories
from memory_pipeline_tests.test_batched import _log
from memory_pipeline_tests.test_incremental import _as, _state

pytestmark = pytest.mark.integration

NOW = T0 + timedelta(days=70)
CUTS = (6, 11, 14)


def _consolidate(svc, users: list[str], now=NOW):
    out = batch_mod.consolidate_users(svc.conn, users, engine=LocalEngine(), embed=None, database_url=svc.url,
                                      run_id="r", now=now)
    assert not out.failed
    return {o.user_id: o for o in out.outcomes}


def _read_whole(monkeypatch) -> None:
    """The reference: every user's snapshot holds all of its rows."""
    real = batched._near

    def whole(*args, **kw):
        out = real(*args, **kw)
        out.delta, out.extra = {}, []
        return out

    monkeypatch.setattr(batched, "_near", whole)


def _snapshot_sizes(monkeypatch) -> dict[str, int]:
    seen: dict[str, int] = {}
    real = bsql.prefetch

    def spy(conn, users, **kw):
        got = real(conn, users, **kw)
        seen.update({u: len(pre.snapshot) for u, pre in got.items()})
        return got

    monkeypatch.setattr(bsql, "prefetch", spy)
    return seen


def _rows(svc, user: str) -> int:
    return svc.conn.execute("SELECT count(*) FROM memories WHERE user_id = %s", (user,)).fetchone()[0]


def _same(svc, a: str, b: str, out_a, out_b) -> None:
    assert _state(svc, a) == _state(svc, b)
    assert _log(svc, a) == _log(svc, b)
    assert out_a.compression == out_b.compression
    assert out_a.counts == out_b.counts


def test_a_delta_run_decides_what_a_run_over_every_row_decides(service, monkeypatch):
    delta_users, whole_users = ["d1", "d2", "d3"], ["w1", "w2", "w3"]
    rows = alice_memories()
    for users in (delta_users, whole_users):
        for user, cut in zip(users, CUTS, strict=True):
            service.remember_many(_as(user, rows[:cut]))
    _consolidate(service, delta_users + whole_users)  # first runs read every row either way
    later = [{"content": "These days I live in Lisbon, not Berlin.", "external_id": "x1",
              "created_at": (T0 + timedelta(days=66)).isoformat()},
             {"content": "Dark roast coffee every single morning, no exceptions.", "external_id": "x2",
              "created_at": (T0 + timedelta(days=67)).isoformat()}]
    for users in (delta_users, whole_users):
        for user, cut in zip(users, CUTS, strict=True):
            service.remember_many(_as(user, rows[cut:] + later))
    with monkeypatch.context() as m:
        sizes = _snapshot_sizes(m)
        got = _consolidate(service, delta_users)
    # the delta, not every row (in a store this small, most of a user with few old rows is in it)
    assert all(sizes[u] <= _rows(service, u) for u in delta_users) and sizes["d3"] < _rows(service, "d3")
    with monkeypatch.context() as m:
        _read_whole(m)
        sizes = _snapshot_sizes(m)
        ref = _consolidate(service, whole_users)
    assert all(sizes[u] == _rows(service, u) for u in whole_users)
    for d, w in zip(delta_users, whole_users, strict=True):
        _same(service, d, w, got[d], ref[w])
        # the run's compression is what `stats` counts for the user afterwards
        assert got[d].compression["ratio"] == service.stats(d)["compression_ratio"]
    assert any(got[u].counts["action:SUPERSEDE"] for u in delta_users)  # a change was judged from the delta
    assert any(got[u].counts["profiles_written"] for u in delta_users)
    # and again a month later, with nothing new: tiers only, the same
    for users in (delta_users, whole_users):
        out = _consolidate(service, users, NOW + timedelta(days=30))
        assert all(o.counts.get("profiles_written", 0) == 0 for o in out.values())
        assert all(o.compression["ratio"] == service.stats(u)["compression_ratio"] for u, o in out.items())
    for d, w in zip(delta_users, whole_users, strict=True):
        assert _state(service, d) == _state(service, w)


def test_a_flagged_memory_without_its_match_has_its_user_read_whole(service, monkeypatch):
    rows = alice_memories()
    for user in ("fd", "fw"):
        service.remember_many(_as(user, rows[:10]))
    _consolidate(service, ["fd", "fw"])
    for user in ("fd", "fw"):
        service.remember_many(_as(user, rows[10:]))
        # as a save that flagged a row and did not record what it matched
        service.conn.execute("UPDATE memories SET flagged = true, flag_match_id = NULL, flag_similarity = 0.9"
                             " WHERE user_id = %s AND external_id = 'a11'", (user,))
    with monkeypatch.context() as m:
        sizes = _snapshot_sizes(m)
        got = _consolidate(service, ["fd"])
    assert sizes["fd"] == _rows(service, "fd")  # read whole: the match is searched among every row
    with monkeypatch.context() as m:
        _read_whole(m)
        ref = _consolidate(service, ["fw"])
    _same(service, "fd", "fw", got["fd"], ref["fw"])


def test_the_profile_reads_every_fact_row_before_the_phases_and_rebuilds_only_when_its_inputs_changed(
        service, monkeypatch):
    rows = alice_memories()
    service.remember_many(_as("pr", rows))
    _consolidate(service, ["pr"])
    calls = []
    real = delta_sql.profile_rows
    monkeypatch.setattr(delta_sql, "profile_rows", lambda conn, users: calls.append(list(users)) or real(conn, users))
    # a memory that states no fact, groups with nothing and is still in working memory (no episode yet):
    # the profile's inputs stand. The rows were read before the phases (one statement for the batch: no
    # phase reads the store), and the profile is not rebuilt
    service.remember_many([{"user_id": "pr", "content": "ok", "external_id": "n1",
                            "created_at": (NOW - timedelta(minutes=5)).isoformat()}])
    out = _consolidate(service, ["pr"])
    assert calls == [["pr"]] and out["pr"].counts.get("profiles_written", 0) == 0
    service.remember_many([{"user_id": "pr", "content": "I moved to Madrid last week.", "external_id": "n2",
                            "created_at": (T0 + timedelta(days=64)).isoformat()}])
    out = _consolidate(service, ["pr"])
    assert calls == [["pr"], ["pr"]] and out["pr"].counts["profiles_written"] == 1
    assert "Madrid" in service.conn.execute("SELECT content FROM profiles WHERE user_id = 'pr'").fetchone()[0]


def test_memory_slots_follow_every_insert_and_the_migration_fills_them(service):
    service.remember_many(_as("sl", alice_memories()))
    conn = service.conn
    expected = ("SELECT DISTINCT m.user_id, f->>'slot', m.id FROM memories m, jsonb_array_elements(m.facts) f"
                " WHERE f->>'kind' = 'slot' ORDER BY 1, 2, 3")
    stored = "SELECT user_id, slot, memory_id FROM memory_slots ORDER BY 1, 2, 3"
    facts = conn.execute(expected).fetchall()
    assert facts and conn.execute(stored).fetchall() == facts
    conn.execute("TRUNCATE memory_slots")  # a store from before the migration
    sql = resources.files("memory_pipeline.store.migrations").joinpath("0012_delta_reads.sql").read_text()
    conn.execute(sql)
    assert conn.execute(stored).fetchall() == facts


def test_memory_slots_hold_the_relation_a_restatement_names_in_another_way(service):
    # a slot is the clause reader's relation: "moved up to Glasgow" states the residence "I live in Leeds"
    # states, so an incremental run reads the older statement with the new one (the slot rules had no slot
    # for the move, and a summarized older statement stayed out of the run's delta)
    service.remember_many([
        {"user_id": "rel", "content": "I live in Leeds.", "created_at": T0.isoformat()},
        {"user_id": "rel", "content": "Our dog Biscuit hates the rain.",
         "created_at": (T0 + timedelta(days=1)).isoformat()},
        {"user_id": "rel", "content": "I moved up to Glasgow in the spring.",
         "created_at": (T0 + timedelta(days=90)).isoformat()},
    ])
    shared = service.conn.execute(
        "SELECT s.slot, array_agg(m.content ORDER BY m.id) FROM memory_slots s JOIN memories m ON m.id = s.memory_id"
        " WHERE s.user_id = 'rel' GROUP BY s.slot").fetchall()
    assert ("residence", ["I live in Leeds.", "I moved up to Glasgow in the spring."]) in shared, shared


def test_the_session_block_is_rendered_again_only_when_its_inputs_change(service, monkeypatch):
    from memory_pipeline.consolidation.config import ConsolidationConfig
    from memory_pipeline.consolidation.phases import session_context as block_phase

    service.remember_many(_as("sb", alice_memories()))
    _consolidate(service, ["sb"])
    block, fp = service.conn.execute(
        "SELECT block, inputs_fingerprint FROM session_context WHERE user_id = 'sb'").fetchone()
    assert block and fp
    rendered = []
    real = block_phase.render_block
    monkeypatch.setattr(block_phase, "render_block", lambda *a, **k: rendered.append(1) or real(*a, **k))
    # a run with something new for other phases (a working-layer memory) and the same summaries and profile
    service.remember_many([{"user_id": "sb", "content": "ok", "external_id": "n1",
                            "created_at": (NOW - timedelta(minutes=5)).isoformat()}])
    _consolidate(service, ["sb"])
    assert rendered == []
    assert service.conn.execute("SELECT block FROM session_context WHERE user_id = 'sb'").fetchone()[0] == block
    # another budget is another input: rendered again, and shorter
    out = batch_mod.consolidate_users(service.conn, ["sb"], engine=LocalEngine(), embed=None, database_url=None,
                                      run_id="r", now=NOW, config=ConsolidationConfig(token_budget=150))
    assert not out.failed and rendered == [1]
    smaller, fp2 = service.conn.execute(
        "SELECT block, inputs_fingerprint FROM session_context WHERE user_id = 'sb'").fetchone()
    assert fp2 != fp and len(smaller) < len(block)


def test_users_due_counts_what_the_rows_say(service):
    """The sensor's read (indexes only) against the same counts taken row by row: users due by new
    memories since their last run, by working memory, both, and neither."""
    users = {"due-new": 5, "due-none": 2, "due-working": 4}
    for user, n in users.items():
        for i in range(n):
            service.remember(user, f"note {i} about the {user} garden shed, version {i}", created_at=T0 + timedelta(i))
    _consolidate(service, ["due-none", "due-working"])
    service.remember("due-none", "one more note about a shed door", created_at=T0 + timedelta(30))
    service.conn.execute("UPDATE memories SET layer = 'working' WHERE user_id = 'due-working'")
    service.conn.commit()

    rows = service.conn.execute(
        "SELECT m.user_id, m.id, m.layer, coalesce(s.last_memory_id, 0) FROM memories m"
        " LEFT JOIN consolidation_state s ON s.user_id = m.user_id WHERE m.user_id LIKE 'due-%'").fetchall()
    for min_new, max_working in ((3, 3), (1, 100), (100, 0)):
        want = {}
        for u in users:
            mine = [r for r in rows if r[0] == u]
            new, working = sum(r[1] > r[3] for r in mine), sum(r[2] == "working" for r in mine)
            if new >= min_new or working > max_working:
                want[u] = (u, new, working, max(r[1] for r in mine))
        got = [r for r in users_due(service.conn, min_new, max_working) if r[0].startswith("due-")]
        assert got == [want[u] for u in sorted(want)], (min_new, max_working)
    service.conn.rollback()
    assert {r[0] for r in users_due(service.conn, 3, 3) if r[0].startswith("due-")} == {"due-new", "due-working"}
