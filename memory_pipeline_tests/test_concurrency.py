"""Concurrency (issue 12): many writers at once are exactly-once by external_id; saves for a user while
its consolidation runs are kept (optimistic locking); and idempotency properties of consolidation."""

from __future__ import annotations

import random
import threading

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memory_pipeline_tests import crash_harness as ch

pytestmark = pytest.mark.integration
WRITERS = 6


def _in_threads(fns) -> None:
    errors: list[BaseException] = []

    def guard(fn):
        try:
            fn()
        except BaseException as e:  # surfaced below: a writer must not fail
            errors.append(e)

    threads = [threading.Thread(target=guard, args=(f,)) for f in fns]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert not errors, errors


def test_parallel_writers_store_each_external_id_exactly_once(settings, embedder, service):
    from memory_pipeline.service import MemoryService

    records = ch.workload() + [{"user_id": f"w{i % 3}", "content": f"Parallel note {i}: bought {i} apples.",
                                "external_id": f"p{i}"} for i in range(30)]
    edits = [{**r, "content": r["content"] + " (edited)"} for r in records[::7]]

    def writer(seed: int):
        rng = random.Random(seed)
        mine = records[:] + (edits if seed % 2 else [])
        rng.shuffle(mine)
        with MemoryService(settings, embedder=embedder) as svc:
            for k in range(0, len(mine), 9):  # batches and single saves interleaved
                chunk = mine[k:k + 9]
                if k % 2:
                    svc.remember_many(chunk)
                else:
                    for r in chunk:
                        svc.remember(**r)

    _in_threads([lambda s=s: writer(s) for s in range(WRITERS)])
    rows = service.conn.execute(
        "SELECT user_id, external_id, count(*), count(*) FILTER (WHERE superseded_by IS NULL)"
        " FROM memories GROUP BY 1, 2").fetchall()
    versions = {(u, e): (n, current) for u, e, n, current in rows}
    edited = {(r["user_id"], r["external_id"]) for r in edits}
    assert set(versions) == {(r["user_id"], r["external_id"]) for r in records}  # nothing lost
    for key, (n, current) in versions.items():
        assert n == (2 if key in edited else 1), key  # exactly once (an edit: one more version)
        assert current == 1 or key not in edited  # exactly one current version of an edited id


def test_saves_during_a_consolidation_are_kept_and_a_rerun_converges(service, db_url, settings, embedder,
                                                                     monkeypatch):
    from memory_pipeline.consolidation import run
    from memory_pipeline.service import MemoryService

    service.remember_many(ch.workload())
    originals = service.conn.execute("SELECT id, content FROM memories WHERE user_id = 'alice' ORDER BY id"
                                     ).fetchall()
    new = [{"user_id": "alice", "content": text, "external_id": f"late{i}"} for i, (_, text) in
           enumerate(originals[:6])]  # duplicates: the save bumps rows the run is about to write
    new += [{"user_id": "alice", "content": f"Late thought {i}: the kiln reaches {900 + i} degrees.",
             "external_id": f"late-n{i}"} for i in range(6)]
    tier = next(p for p in run.PHASES if p.NAME == "tier")
    real = tier.run

    def saves_meanwhile(ctx, writer, engine, found):
        def other(chunk):
            with MemoryService(settings, embedder=embedder) as svc:
                for r in chunk:
                    svc.remember(**r)
        _in_threads([lambda c=new[k::3]: other(c) for k in range(3)])  # committed while the run holds its snapshot
        return real(ctx, writer, engine, found)

    monkeypatch.setattr(tier, "run", saves_meanwhile)
    with ch_conn(db_url) as conn:
        out = ch.consolidate(conn, ["alice"])
    monkeypatch.undo()
    assert out.failed == {} and out.outcomes[0].skipped_concurrent > 0  # the run left changed rows alone
    stored = {r[0] for r in service.conn.execute("SELECT external_id FROM memories WHERE user_id = 'alice'")}
    assert {r["external_id"] for r in new} <= stored
    dups = service.conn.execute("SELECT count(*) FROM memories WHERE external_id LIKE 'late%%'"
                                " AND duplicate_of IS NOT NULL").fetchone()[0]
    assert dups == 6
    with ch_conn(db_url) as conn:
        ch.consolidate(conn, ["alice"])
        once = ch.snapshot(conn, "alice")
        ch.consolidate(conn, ["alice"])
        assert ch.snapshot(conn, "alice") == once  # converged: another run changes nothing


def ch_conn(db_url):
    from memory_pipeline.store import db

    return db.connect(db_url, autocommit=True)


SENTENCES = ["I live in {c}.", "I moved to {c} last month.", "My favourite language is {l}.",
             "I usually run before work.", "I prefer {l} for data work.", "We decided to use {l} for the queue.",
             "I have {n} cats.", "I don't use {l} any more.", "Dinner with Sam in {c} on Friday.",
             "The report is due in {c} next week."]


@settings(max_examples=6, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(st.lists(st.tuples(st.integers(0, len(SENTENCES) - 1), st.sampled_from(["Paris", "Oslo", "Lima"]),
                          st.sampled_from(["Python", "Go", "Rust"]), st.integers(1, 4)), min_size=3, max_size=25))
def test_consolidating_twice_equals_consolidating_once(prop_service, db_url, picks):
    from memory_pipeline.lib.retention import TIERS
    from memory_pipeline_tests.conftest import TABLES

    svc = prop_service
    with svc.conn.transaction():
        svc.conn.execute(f"TRUNCATE {', '.join(TABLES)} RESTART IDENTITY CASCADE")
    svc.remember_many([{"user_id": "prop", "content": SENTENCES[i].format(c=c, l=lang, n=n),
                        "created_at": f"2025-01-{1 + k % 28:02d}T10:00:00Z"}
                       for k, (i, c, lang, n) in enumerate(picks)])
    with ch_conn(db_url) as conn:
        ch.consolidate(conn, ["prop"])
        once = ch.snapshot(conn)
        ch.consolidate(conn, ["prop"])
        assert ch.snapshot(conn) == once
        tiers = {r[0] for r in conn.execute("SELECT tier FROM memories UNION SELECT tier FROM summaries")}
        assert tiers <= set(TIERS)
        # superseded rows never rank above the tier of what superseded them
        order = {t: k for k, t in enumerate(TIERS)}
        for old, new in conn.execute("SELECT o.tier, n.tier FROM memories o JOIN memories n ON n.id = o.superseded_by"):
            assert order[old] >= order[new]
        assert conn.execute("SELECT count(*) FROM session_context WHERE user_id = 'prop'").fetchone()[0] <= 1
    ctx = svc.context("prop", existing="hello")
    assert ctx["context"].count("<memory_consolidated_summaries") == 1
    again = svc.context("prop", existing=ctx["context"])
    assert again["context"].count("<memory_consolidated_summaries") == 1


@pytest.fixture(scope="module")
def prop_service(settings, embedder, _server):
    from memory_pipeline.service import MemoryService

    svc = MemoryService(settings, embedder=embedder)
    yield svc
    svc.close()
