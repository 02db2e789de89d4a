"""The set-based tier statement against the Python reference (`lib/retention`), on random rows."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import numpy as np
import pytest

from memory_pipeline.lib import retention
from memory_pipeline.store import tiers

pytestmark = pytest.mark.integration

NOW = datetime(2025, 6, 1, 12, 0, tzinfo=UTC)
NAMESPACES = [*retention.NAMESPACE_IMPORTANCE, "default", "elsewhere"]


def _random_rows(svc, n: int, seed: int) -> list[dict]:
    """`n` memories of one user with random age, access, namespace, importance and links."""
    svc.remember_many([{"user_id": "u", "content": "The seed row every random row copies its vector from."}])
    conn, rnd = svc.conn, random.Random(seed)
    rows = []
    for _ in range(n):
        created = NOW - timedelta(minutes=rnd.uniform(-30, 200 * 24 * 60))
        accessed = None if rnd.random() < 0.5 else created + timedelta(minutes=rnd.uniform(0, 90 * 24 * 60))
        rows.append({"created": created, "accessed": accessed, "count": rnd.choice([0, 0, 1, 2, 3, 7, 40]),
                     "ns": rnd.choice(NAMESPACES), "imp": rnd.choice([None, 0.1, 0.5, 0.7, 0.71, 0.95]),
                     "sup": rnd.random() < 0.3, "summ": rnd.random() < 0.3})
    with conn.transaction():
        for r in rows:
            r["id"] = conn.execute(
                "INSERT INTO memories (user_id, namespace, content, content_hash, created_at, importance, embedding,"
                " access_count, last_accessed, summarized_into, tier, layer)"
                " SELECT user_id, %s, content || %s, content_hash, %s, %s, embedding, %s, %s, %s, 'hot', 'working'"
                " FROM memories WHERE user_id = 'u' ORDER BY id LIMIT 1 RETURNING id",
                (r["ns"], f" {rnd.random()}", r["created"], r["imp"], r["count"], r["accessed"],
                 "sum_x" if r["summ"] else None)).fetchone()[0]
        first = conn.execute("SELECT min(id) FROM memories").fetchone()[0]
        conn.execute("UPDATE memories SET superseded_by = %s WHERE id = ANY(%s)",
                     (first, [r["id"] for r in rows if r["sup"]]))
    return rows


def _reference(rows: list[dict], rc: retention.RetentionConfig) -> dict[int, tuple[str, str, float]]:
    imp = [np.nan if r["imp"] is None else float(np.float32(r["imp"])) for r in rows]
    batch = retention.compute_retention_batch(
        [r["created"] for r in rows], [r["accessed"] for r in rows], [r["count"] for r in rows],
        [r["ns"] for r in rows], imp, np.array([r["sup"] for r in rows]), NOW, rc)
    tiers_ = retention.assign_tier_batch(batch.overall, np.array([r["sup"] for r in rows]), rc)
    return {r["id"]: (str(t), retention.memory_layer(r["created"], i, r["count"], r["summ"], NOW), float(s))
            for r, t, i, s in zip(rows, tiers_, imp, batch.overall, strict=True)}


@pytest.mark.parametrize("rc", [retention.RetentionConfig(),
                                retention.RetentionConfig(half_life_days=7, hot_threshold=0.5, warm_threshold=0.2,
                                                          superseded_factor=0.5)])
def test_sql_tiers_equal_the_python_reference_on_random_rows(service, rc):
    rows = _random_rows(service, 400, seed=7)
    ref = _reference(rows, rc)
    conn = service.conn
    with conn.transaction():
        res = tiers.refresh_memory_tiers(conn, "u", NOW, rc)
        got = dict(conn.execute("SELECT id, (tier, layer) FROM memories WHERE id = ANY(%s)", (list(ref),)).fetchall())
    # a score within rounding of a threshold may fall either side of it (a handful of rows at most)
    close = {i for i, (_, _, s) in ref.items() if min(abs(s - rc.hot_threshold), abs(s - rc.warm_threshold)) < 1e-9}
    assert len(close) <= 4
    assert {i: (t, layer) for i, (t, layer, _) in ref.items() if i not in close} == {
        i: tuple(v) for i, v in got.items() if i not in close}
    # every changed row is reported (the action log's input), with its old values
    assert {c[0] for c in res.changes} >= {i for i, (t, layer, _) in ref.items() if (t, layer) != ("hot", "working")}
    assert all(c[1] == "hot" and c[3] == "working" for c in res.changes if c[0] in ref)
    assert sum(res.tally.values()) == len(ref) + 1  # and the seed row
    assert len({t for t, _, _ in ref.values()}) == 4  # the rows reach every tier


def test_overrides_stand_for_the_runs_unwritten_links_and_dry_run_writes_nothing(service):
    rows = _random_rows(service, 60, seed=3)
    rc = retention.RetentionConfig()
    flipped = [{**r, "sup": not r["sup"], "summ": not r["summ"]} for r in rows]
    ref = _reference(flipped, rc)
    conn = service.conn
    with conn.transaction():
        before = conn.execute("SELECT id, tier, layer FROM memories ORDER BY id").fetchall()
        res = tiers.refresh_memory_tiers(conn, "u", NOW, rc, write=False,
                                         overrides={r["id"]: (r["sup"], r["summ"], False) for r in flipped})
        assert conn.execute("SELECT id, tier, layer FROM memories ORDER BY id").fetchall() == before
    changed = {c[0]: (c[2], c[4]) for c in res.changes}
    assert {i: v for i, v in changed.items() if i in ref} == {
        i: (t, layer) for i, (t, layer, _) in ref.items() if (t, layer) != ("hot", "working")}
    # a row the run made a duplicate is no longer active: no tier for it
    with conn.transaction():
        dup = tiers.refresh_memory_tiers(conn, "u", NOW, rc, write=False,
                                         overrides={r["id"]: (r["sup"], r["summ"], True) for r in rows})
    assert sum(dup.tally.values()) == 1


def _tiers_at(rows: list[dict], rc: retention.RetentionConfig, when: datetime) -> np.ndarray:
    imp = [np.nan if r["imp"] is None else float(np.float32(r["imp"])) for r in rows]
    sup = np.array([r["sup"] for r in rows])
    batch = retention.compute_retention_batch(
        [r["created"] for r in rows], [r["accessed"] for r in rows], [r["count"] for r in rows],
        [r["ns"] for r in rows], imp, sup, when, rc)
    return retention.assign_tier_batch(batch.overall, sup, rc)


@pytest.mark.parametrize("rc", [retention.RetentionConfig(),
                                retention.RetentionConfig(half_life_days=7, hot_threshold=0.5, warm_threshold=0.2,
                                                          superseded_factor=0.5)])
def test_the_statement_says_when_the_first_tier_can_change(service, rc):
    """`due` is the first time (a minute early) at which decay alone moves any row to a lower tier: the
    reference finds that time by bisection (a row's tier only falls with time while nobody reads it)."""
    rows = _random_rows(service, 400, seed=11)
    rows = [r for r in rows if not r["summ"]]  # summarised rows are active too, with their own tiers
    conn = service.conn
    with conn.transaction():
        res = tiers.refresh_memory_tiers(conn, "u", NOW, rc)
    now_tiers = _tiers_at(rows, rc, NOW)
    lo, hi = NOW, NOW + timedelta(days=3650)
    assert (_tiers_at(rows, rc, hi) != now_tiers).any()
    while hi - lo > timedelta(seconds=1):
        mid = lo + (hi - lo) / 2
        lo, hi = (lo, mid) if (_tiers_at(rows, rc, mid) != now_tiers).any() else (mid, hi)
    # the seed row and summarised rows may change first: the statement's time is never later than the rows'
    assert res.due is not None and res.due <= hi - timedelta(seconds=59)
    just_after = tiers.refresh_memory_tiers(conn, "u", res.due + timedelta(seconds=90), rc, write=False)
    assert any(c[1] != c[2] for c in just_after.changes)  # a row does change just after it
    assert not any(c[1] != c[2] for c in tiers.refresh_memory_tiers(
        conn, "u", res.due - timedelta(seconds=30), rc, write=False).changes)  # and none before


def test_summaries_say_when_the_first_can_leave_hot(service):
    rc = retention.RetentionConfig()
    service.remember_many([{"user_id": "s", "content": "A memory the summaries' vectors come from."}])
    conn = service.conn
    with conn.transaction():
        for i, days in enumerate([0.5, 3, 20, 200]):
            conn.execute(
                "INSERT INTO summaries (id, user_id, content, source_ids, temporal_start, temporal_end, embedding,"
                " access_count, tier, source_chars, method, confidence)"
                " SELECT %s, 's', 'summary', ARRAY[id], %s, %s, embedding, %s, 'hot', 10,"
                " 'rules', 0.5"
                " FROM memories"
                " WHERE user_id = 's'", (f"sum_{i}", NOW - timedelta(days=days), NOW - timedelta(days=days), i))
    with conn.transaction():
        got = tiers.refresh_summary_tiers_many(conn, ["s"], NOW, rc)["s"]
    assert got.due is not None and got.due > NOW
    before = tiers.refresh_summary_tiers(conn, "s", got.due - timedelta(seconds=30), rc, write=False)
    after = tiers.refresh_summary_tiers(conn, "s", got.due + timedelta(seconds=90), rc, write=False)
    assert before == {} and set(after.values()) == {"warm"}
