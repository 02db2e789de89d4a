"""Users consolidated in batches (one transaction per batch, reads and writes set-based) end exactly where
one run per user ends, first run and incremental run alike; a failed user in a batch rolls back alone."""

from __future__ import annotations

import gc
import re
from collections import Counter
from datetime import timedelta

import pytest

from memory_pipeline.consolidation import run as batched
from memory_pipeline.consolidation import run as run_mod
from memory_pipeline.consolidation import users as batch_mod
from memory_pipeline.consolidation.phases import profile as profile_phase
from memory_pipeline.engines import LocalEngine
from memory_pipeline.lib.retention import RetentionConfig
from memory_pipeline.store import tiers as tier_sql
from memory_pipeline_tests.fixtures import T0, alice_memories
from memory_pipeline_tests.test_incremental import _as, _state

pytestmark = pytest.mark.integration

NOW = T0 + timedelta(days=70)
CUTS = (6, 9, 11, 14)  # each user's first run sees this many memories, the second run the rest


def _load(svc, users: list[str], first: bool) -> None:
    rows = alice_memories()
    for user, cut in zip(users, CUTS, strict=False):
        svc.remember_many(_as(user, rows[:cut] if first else rows[cut:]))


def _batch(svc, users: list[str], **kw):
    return batch_mod.consolidate_users(svc.conn, users, engine=LocalEngine(), embed=None,
                                       database_url=svc.url, run_id="batch", now=NOW, **kw)


def _log(svc, user: str) -> list[tuple]:
    """The user's action log in order, without ids that differ between users."""
    return [(a, re.sub(r"\b(clu|sum|prof)_[0-9a-f]+", r"\1", r) if r else r, n) for a, r, n in svc.conn.execute(
        "SELECT action, reason, cardinality(memory_ids) FROM actions WHERE user_id = %s ORDER BY id",
        (user,)).fetchall()]


def _runs(svc, user: str) -> int:
    return svc.conn.execute("SELECT runs FROM consolidation_state WHERE user_id = %s", (user,)).fetchone()[0]


def test_a_batch_decides_what_one_run_per_user_decides(service, monkeypatch):
    per_user, in_batch = ["p1", "p2", "p3", "p4"], ["b1", "b2", "b3", "b4"]
    batches = []
    real = batched.consolidate_batch
    monkeypatch.setattr(batch_mod, "consolidate_batch", lambda conn, users, **kw: batches.append(users) or real(
        conn, users, **kw))
    for first in (True, False):  # a first run, then an incremental one after new memories
        _load(service, per_user, first)
        _load(service, in_batch, first)
        for user in per_user:
            run_mod.consolidate_user(service.conn, user, engine=LocalEngine(), run_id="one", now=NOW)
        out = _batch(service, in_batch, batch_users=3)
        assert not out.failed and [o.user_id for o in out.outcomes] == in_batch
    assert batches == [in_batch[:3], in_batch[3:]] * 2  # the fourth user alone: a batch of one
    for p, b in zip(per_user, in_batch, strict=True):
        assert _state(service, p) == _state(service, b)
        assert _log(service, p) == _log(service, b)
        assert _runs(service, p) == _runs(service, b) == 2
    # a run with nothing new: tiers only, the same in both
    later = NOW + timedelta(days=40)
    for user in per_user:
        run_mod.consolidate_user(service.conn, user, engine=LocalEngine(), run_id="one", now=later)
    batch_mod.consolidate_users(service.conn, in_batch, engine=LocalEngine(), embed=None, database_url=service.url,
                                run_id="batch", now=later)
    for p, b in zip(per_user, in_batch, strict=True):
        assert _state(service, p) == _state(service, b)
        assert _log(service, p) == _log(service, b)


def test_a_failed_user_in_a_batch_rolls_back_alone(service, monkeypatch):
    users = ["ok1", "bad", "ok2"]
    _load(service, [*users, "spare"], True)
    real = profile_phase.run

    def failing(ctx, writer, engine, found):
        if ctx.user_id == "bad":
            raise RuntimeError("this user's profile cannot be built")
        return real(ctx, writer, engine, found)

    monkeypatch.setattr(profile_phase, "run", failing)
    out = _batch(service, users)
    assert set(out.failed) == {"bad"} and [o.user_id for o in out.outcomes] == ["ok1", "ok2"]
    conn = service.conn
    assert conn.execute("SELECT count(*) FROM consolidation_state WHERE user_id = 'bad'").fetchone()[0] == 0
    for table in ("summaries", "clusters", "edges", "profiles"):
        assert conn.execute(f"SELECT count(*) FROM {table} WHERE user_id = 'bad'").fetchone()[0] == 0, table
    # nothing of its run stays but the failure itself, with its reason
    assert conn.execute("SELECT action, reason FROM actions WHERE user_id = 'bad' AND run_id = 'batch'").fetchall() == [
        ("CONSOLIDATION_FAILED", "RuntimeError: this user's profile cannot be built")]
    assert conn.execute("SELECT count(*) FROM memories WHERE user_id = 'bad' AND (summarized_into IS NOT NULL"
                        " OR cluster_id IS NOT NULL OR superseded_by IS NOT NULL)").fetchone()[0] == 0
    for user in ("ok1", "ok2"):  # committed, and as a run of their own would have left them
        assert _runs(service, user) == 1
        assert conn.execute("SELECT count(*) FROM summaries WHERE user_id = %s", (user,)).fetchone()[0] > 0


def test_a_batch_of_one_that_fails_is_reported_once(service, monkeypatch):
    _load(service, ["solo"], True)
    calls = []

    def failing(ctx, writer, engine, found):
        calls.append(ctx.user_id)
        raise RuntimeError("this user's profile cannot be built")

    monkeypatch.setattr(profile_phase, "run", failing)
    out = _batch(service, ["solo"])
    assert list(out.failed) == ["solo"] and "cannot be built" in out.failed["solo"] and not out.outcomes
    assert calls == ["solo"]  # not run a second time on its own: it was on its own
    assert service.conn.execute("SELECT count(*) FROM consolidation_state WHERE user_id = 'solo'").fetchone()[0] == 0


def test_the_cycle_collector_is_paused_only_while_a_batch_runs(service, monkeypatch):
    users = ["gc1", "gc2"]
    _load(service, users, True)
    seen = []
    real = profile_phase.run

    def watching(ctx, writer, engine, found):
        seen.append((ctx.user_id, gc.isenabled()))
        if ctx.user_id == "gc2" and not gc.isenabled():
            raise RuntimeError("fails inside the batch only")
        return real(ctx, writer, engine, found)

    monkeypatch.setattr(profile_phase, "run", watching)
    assert gc.isenabled()
    out = _batch(service, users)
    # the batch ran paused and failed; each user again on its own, collector running
    assert seen == [("gc1", False), ("gc2", False), ("gc1", True), ("gc2", True)]
    assert not out.failed and [o.user_id for o in out.outcomes] == users
    assert gc.isenabled()
    gc.disable()  # a process that runs without the collector keeps it off
    try:
        _batch(service, ["gc3"])
        assert not gc.isenabled()
    finally:
        gc.enable()
    with batch_mod.collector_paused():  # two batches at once (threads): on again when the last ends
        with batch_mod.collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()


def test_a_dry_run_batch_logs_what_an_apply_batch_does_and_writes_nothing(service):
    users = ["d1", "d2"]
    _load(service, users, True)
    before = {u: _state(service, u) for u in users}
    _batch(service, users, dry_run=True)
    assert {u: _state(service, u) for u in users} == before
    service.conn.execute("DELETE FROM actions WHERE run_id IS NULL")  # the save path's
    dry = {u: Counter(a for a, _, _ in _log(service, u)) for u in users}
    service.conn.execute("DELETE FROM actions")
    _batch(service, users)
    assert {u: Counter(a for a, _, _ in _log(service, u)) for u in users} == dry
    assert all(dry[u]["SUMMARIZE"] and dry[u]["TIER_CHANGE"] for u in users)


def test_tiers_of_many_users_in_one_statement_are_each_users_own(service):
    users = ["t1", "t2", "t3"]
    _load(service, users, True)
    conn, rc, later = service.conn, RetentionConfig(), NOW + timedelta(days=20)
    max_ids = dict(conn.execute("SELECT user_id, max(id) - 2 FROM memories WHERE user_id = ANY(%s) GROUP BY 1",
                                (users,)).fetchall())
    some = conn.execute("SELECT id FROM memories WHERE user_id = 't2' ORDER BY id LIMIT 3").fetchall()
    overrides = {some[0][0]: (True, False, False), some[1][0]: (False, True, False), some[2][0]: (False, False, True)}
    with conn.transaction():
        many = tier_sql.refresh_memory_tiers_many(conn, max_ids, later, rc, overrides=overrides, write=False)
        summ = tier_sql.refresh_summary_tiers_many(conn, users, later, rc, write=False)
        for u in users:
            one = tier_sql.refresh_memory_tiers(conn, u, later, rc, overrides=overrides, write=False, max_id=max_ids[u])
            assert many[u].changes == one.changes and many[u].tally == one.tally and one.changes
            assert summ[u].changes == tier_sql.refresh_summary_tiers(conn, u, later, rc, write=False)


def test_a_run_leaves_the_planner_statistics_current(service):
    """A first run writes most of a store's summaries; the run analyses what changed beyond autovacuum's
    threshold before it returns, so recall's plans count those summaries at once."""
    conn = service.conn
    counted = "SELECT reltuples FROM pg_class WHERE oid = 'summaries'::regclass"  # what the planner believes
    conn.execute("ALTER TABLE summaries SET (autovacuum_enabled = false)")
    try:
        conn.execute("ANALYZE summaries")
        assert conn.execute(counted).fetchone()[0] == 0
        users = [f"u{i:02d}" for i in range(20)]  # enough summaries to pass autovacuum's threshold (50)
        for user in users:
            service.remember_many(_as(user, alice_memories()))
        out = _batch(service, users)
        assert not out.failed
        n = conn.execute("SELECT count(*) FROM summaries").fetchone()[0]
        assert n > 0 and conn.execute(counted).fetchone()[0] == n
    finally:
        conn.execute("ALTER TABLE summaries RESET (autovacuum_enabled)")


def test_a_run_that_rewrote_most_rows_leaves_them_vacuumed(service):
    """A first run rewrites every row it reads (tiers, links): every page loses its visibility bit, and
    the next reads would fetch each row from the heap until autovacuum came round. The run vacuums
    what autovacuum's own threshold says is due before it returns."""
    from memory_pipeline.store.db import connect

    with connect(service.url, autocommit=True) as c:
        c.execute("ALTER TABLE memories SET (autovacuum_enabled = false)")
        try:
            users = [f"v{i:02d}" for i in range(20)]
            for user in users:
                service.remember_many(_as(user, alice_memories()))
            c.execute("VACUUM memories")
            visible = ("SELECT relallvisible::float / greatest(relpages, 1) FROM pg_class"
                       " WHERE oid = 'memories'::regclass")
            assert c.execute(visible).fetchone()[0] > 0.9
            out = _batch(service, users)
            assert not out.failed
            assert c.execute(visible).fetchone()[0] > 0.9  # without the run's vacuum: ~0 (every page rewritten)
        finally:
            c.execute("ALTER TABLE memories RESET (autovacuum_enabled)")


def test_a_quiet_user_whose_tiers_cannot_have_changed_reads_none_of_its_rows(service, monkeypatch):
    """A run over users with nothing new runs no tier statement for them (so reads none of their rows)
    until a tier can have changed: a row's decay reaching its threshold, recall reading the user's rows,
    other retention settings, or a run the stored state does not record. Each of those runs it again."""
    from memory_pipeline.consolidation.config import ConsolidationConfig

    users = ["q1", "q2"]
    _load(service, users, True)

    def run(when, **kw):
        got = batch_mod.consolidate_users(service.conn, users, engine=LocalEngine(), embed=None, database_url=None,
                                          run_id="q", now=when, **kw)
        return {o.user_id: o for o in got.outcomes}

    start = service.conn.execute("SELECT max(created_at) FROM memories").fetchone()[0] + timedelta(days=1)
    first = run(start)  # fresh rows: hot and warm ones decay
    seen: list[list[str]] = []
    real = tier_sql.refresh_memory_tiers_many
    monkeypatch.setattr(tier_sql, "refresh_memory_tiers_many",
                        lambda conn, max_ids, *a, **kw: seen.append(sorted(max_ids)) or real(conn, max_ids, *a, **kw))
    due = dict(service.conn.execute("SELECT user_id, tiers_due_at FROM consolidation_state").fetchall())
    soon = start + timedelta(minutes=5)
    assert all(d is None or d > soon for d in due.values())
    again = run(soon)
    assert seen == []  # neither user's rows were read
    for u in users:
        assert again[u].compression == first[u].compression
        tally = {k: v for p in again[u].phases for k, v in p.counts.items() if k.startswith("tier_") and v}
        assert tally == {k: v for p in first[u].phases for k, v in p.counts.items()
                         if k.startswith("tier_") and k != "tier_changes" and v}

    service.recall("q1", "what do I drink in the morning?")  # counted: a score went up
    service.conn  # noqa: B018  (waits for the count to be written)
    run(soon)
    assert seen == [["q1"]]
    run(soon)
    assert seen == [["q1"]]  # recorded again: quiet once more

    due = dict(service.conn.execute("SELECT user_id, tiers_due_at FROM consolidation_state").fetchall())
    later = min(d for d in due.values() if d is not None) + timedelta(minutes=2)
    run(later)
    assert seen[-1] == [u for u in users if due[u] is not None and due[u] < later]
    for u in users:  # the tiers are those of `later`: a statement now changes nothing
        assert not real(service.conn, {u: 2**62}, later, ConsolidationConfig().retention, write=False)[u].changes

    run(later, config=ConsolidationConfig(retention=RetentionConfig(half_life_days=5)))
    assert seen[-1] == users  # other settings: every tier is judged again
    run(later)
    assert seen[-1] == users  # and back
    service.remember_many(_as("q2", alice_memories()[CUTS[1]:CUTS[1] + 1]))
    run_mod.consolidate_user(service.conn, "q2", engine=LocalEngine(), run_id="one", now=later)
    run(later)
    assert seen[-1] == ["q2"]  # a run the state does not record voids it


def test_a_user_with_new_rows_reads_only_rows_that_can_move_and_counts_as_a_full_statement(service, monkeypatch):
    """After a run, a user with new memories and no edit has the tier statement read only rows that can
    have moved (new, open, decided by this run); the tiers it leaves and the counts it reports are
    those of a statement over every row. An edited user, or settings that changed, read every row."""
    from memory_pipeline.consolidation.config import ConsolidationConfig

    users = ["n1", "n2", "n3"]
    rows = alice_memories()
    for u in users:
        service.remember_many(_as(u, rows[:6]))
    rc = ConsolidationConfig().retention

    def run(when):
        got = batch_mod.consolidate_users(service.conn, users, engine=LocalEngine(), embed=None, database_url=None,
                                          run_id="n", now=when)
        return {o.user_id: o for o in got.outcomes}

    def tally(out) -> dict:
        return {k.removeprefix("tier_"): v for p in out.phases for k, v in p.counts.items()
                if k.startswith("tier_") and k != "tier_changes" and v}

    start = service.conn.execute("SELECT max(created_at) FROM memories").fetchone()[0] + timedelta(days=1)
    run(start)
    since: list[dict] = []
    real = tier_sql.refresh_memory_tiers_many
    monkeypatch.setattr(tier_sql, "refresh_memory_tiers_many", lambda conn, max_ids, *a, **kw: since.append(
        {u: s.high_water for u, s in (kw.get("since") or {}).items()}) or real(conn, max_ids, *a, **kw))
    when = start
    for step, (done, cut) in enumerate(((6, 9), (9, 12), (12, len(rows)))):  # duplicates, supersessions, ...
        high = dict(service.conn.execute("SELECT user_id, last_memory_id FROM consolidation_state").fetchall())
        for u in ("n1", "n2"):
            service.remember_many(_as(u, rows[done:cut]))
        if step == 0:  # in working memory at this run, episodic by the next: time moves an old row on
            service.remember_many([{"user_id": "n1", "content": "The plumber has a spare key to the cellar.",
                                    "created_at": (start - timedelta(minutes=5)).isoformat()}])
        if step == 1:  # an edit: any row may have moved
            service.conn.execute("UPDATE memories SET importance = 0.9, updated_at = now()"
                                 " WHERE id = (SELECT min(id) FROM memories WHERE user_id = 'n2')")
        when += timedelta(minutes=5)
        out = run(when)
        assert since[-1] == ({"n1": high["n1"]} if step == 1 else {"n1": high["n1"], "n2": high["n2"]}), step
        for u in users:
            full = real(service.conn, {u: 2**62}, when, rc, write=False)[u]
            assert not full.changes, (step, u)  # every row's tier and layer is the one a full statement gives
            assert tally(out[u]) == dict(full.tally), (step, u)
            stored = service.conn.execute("SELECT tier_counts FROM consolidation_state WHERE user_id = %s",
                                          (u,)).fetchone()[0]
            assert stored == {"tally": dict(full.tally), "units": full.units}, (step, u)
    layer = service.conn.execute("SELECT layer FROM memories WHERE content LIKE 'The plumber%%'").fetchone()[0]
    assert layer == "episodic"
