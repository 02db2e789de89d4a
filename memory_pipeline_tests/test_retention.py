import math
from datetime import UTC, datetime, timedelta

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memory_pipeline.lib.retention import (
    LAYER_EPISODIC,
    LAYER_WORKING,
    NAMESPACE_IMPORTANCE,
    TIERS,
    RetentionConfig,
    assign_tier,
    assign_tier_batch,
    compute_retention,
    compute_retention_batch,
    memory_layer,
    qualifies_for_procedural,
)

NOW = datetime(2025, 6, 1, 12, 0, tzinfo=UTC)


def days_ago(d: float) -> datetime:
    return NOW - timedelta(days=d)


def test_fresh_memory_in_top_namespace_scores_recency_plus_importance():
    s = compute_retention(NOW, None, 0, "decisions", None, False, NOW)
    assert s.recency == pytest.approx(1.0)
    assert s.activation == 0.0
    assert s.importance == 1.0
    assert s.overall == pytest.approx(0.5 + 0.3)


def test_recency_halves_every_half_life():
    s30 = compute_retention(days_ago(30), None, 0, "progress", None, False, NOW)
    s60 = compute_retention(days_ago(60), None, 0, "progress", None, False, NOW)
    assert s30.recency == pytest.approx(0.5)
    assert s60.recency == pytest.approx(0.25)
    assert s30.overall == pytest.approx(0.5 * 0.5 + 0.3 * 0.5)


def test_recent_access_refreshes_recency():
    stale = compute_retention(days_ago(90), None, 0, None, None, False, NOW)
    touched = compute_retention(days_ago(90), days_ago(1), 0, None, None, False, NOW)
    assert touched.recency == pytest.approx(2 ** (-1 / 30))
    assert touched.overall > stale.overall


def test_activation_is_log_scaled_and_saturates_at_20():
    assert compute_retention(NOW, None, 20, None, None, False, NOW).activation == pytest.approx(1.0)
    assert compute_retention(NOW, None, 500, None, None, False, NOW).activation == 1.0
    five = compute_retention(NOW, None, 5, None, None, False, NOW).activation
    assert five == pytest.approx(math.log1p(5) / math.log1p(20))


def test_unknown_namespace_uses_default_and_own_importance_can_only_raise_it():
    assert compute_retention(NOW, None, 0, "misc", None, False, NOW).importance == 0.5
    assert compute_retention(NOW, None, 0, "misc", 0.9, False, NOW).importance == 0.9
    # A decision saved with a low own importance keeps its namespace floor.
    assert compute_retention(NOW, None, 0, "decisions", 0.1, False, NOW).importance == 1.0
    assert compute_retention(NOW, None, 0, "misc", float("nan"), False, NOW).importance == 0.5


def test_custom_namespace_table():
    cfg = RetentionConfig(namespace_importance={"prefs": 0.95}, default_importance=0.2)
    assert compute_retention(NOW, None, 0, "prefs", None, False, NOW, cfg).importance == 0.95
    assert compute_retention(NOW, None, 0, "decisions", None, False, NOW, cfg).importance == 0.2


def test_superseded_is_scaled_by_a_fifth():
    live = compute_retention(NOW, None, 3, "learnings", None, False, NOW)
    old = compute_retention(NOW, None, 3, "learnings", None, True, NOW)
    assert old.overall == pytest.approx(live.overall * 0.2)


def test_future_timestamps_do_not_push_recency_above_one():
    s = compute_retention(NOW + timedelta(days=3), None, 0, None, None, False, NOW)
    assert s.recency == 1.0


def test_naive_timestamps_are_read_as_utc():
    naive_now = NOW.replace(tzinfo=None)
    a = compute_retention(days_ago(10).replace(tzinfo=None), None, 0, None, None, False, naive_now)
    b = compute_retention(days_ago(10), None, 0, None, None, False, NOW)
    assert a == b


@pytest.mark.parametrize(
    ("score", "superseded", "tier"),
    [
        (0.6, False, "hot"),
        (0.5999, False, "warm"),
        (0.3, False, "warm"),
        (0.2999, False, "cold"),
        (0.0, False, "cold"),
        (0.7, True, "hot"),
        (0.3, True, "warm"),
        (0.2999, True, "archived"),
    ],
)
def test_tier_boundaries(score, superseded, tier):
    assert assign_tier(score, superseded) == tier


def test_config_rejects_inverted_thresholds():
    with pytest.raises(ValueError):
        RetentionConfig(hot_threshold=0.2, warm_threshold=0.5)
    with pytest.raises(ValueError):
        RetentionConfig(half_life_days=0)


dates = st.datetimes(min_value=datetime(2000, 1, 1), max_value=datetime(2040, 1, 1), timezones=st.just(UTC))
namespaces = st.one_of(st.none(), st.sampled_from([*NAMESPACE_IMPORTANCE, "other", ""]))
importances = st.one_of(st.none(), st.just(float("nan")), st.floats(min_value=-1, max_value=2))


@settings(max_examples=200, deadline=None)
@given(
    created=dates,
    accessed=st.one_of(st.none(), dates),
    count=st.integers(min_value=-5, max_value=10**6),
    ns=namespaces,
    imp=importances,
    now=dates,
)
def test_score_in_unit_interval_and_superseded_never_above_twin(created, accessed, count, ns, imp, now):
    live = compute_retention(created, accessed, count, ns, imp, False, now)
    old = compute_retention(created, accessed, count, ns, imp, True, now)
    for s in (live, old):
        for value in (s.overall, s.recency, s.activation, s.importance):
            assert 0.0 <= value <= 1.0
    assert old.overall <= live.overall


tier_rank = {t: i for i, t in enumerate(TIERS)}


@settings(max_examples=200, deadline=None)
@given(a=st.floats(0, 1), b=st.floats(0, 1), superseded=st.booleans())
def test_tiers_monotone_in_score(a, b, superseded):
    lo, hi = sorted((a, b))
    assert tier_rank[assign_tier(hi, superseded)] <= tier_rank[assign_tier(lo, superseded)]
    # Being superseded never earns a better tier at the same score.
    assert tier_rank[assign_tier(lo, True)] >= tier_rank[assign_tier(lo, False)]


def _random_columns(n: int, seed: int = 0):
    rng = np.random.default_rng(seed)
    now64 = np.datetime64(NOW.replace(tzinfo=None), "us")
    created = now64 - rng.integers(-3600, 400 * 86400, n).astype("timedelta64[s]")
    accessed = np.where(
        rng.random(n) < 0.5,
        np.datetime64("NaT"),
        created + rng.integers(0, 86400 * 30, n).astype("timedelta64[s]"),
    )
    counts = rng.integers(0, 60, n)
    ns = rng.choice([*NAMESPACE_IMPORTANCE, "other"], n).tolist()
    ns[0] = None
    imp = np.where(rng.random(n) < 0.5, np.nan, rng.random(n))
    sup = rng.random(n) < 0.2
    return created, accessed, counts, ns, imp, sup


def _to_dt(x: np.datetime64) -> datetime | None:
    if np.isnat(x):
        return None
    return x.astype("datetime64[us]").item().replace(tzinfo=UTC)


def test_batch_matches_scalar():
    created, accessed, counts, ns, imp, sup = _random_columns(500)
    batch = compute_retention_batch(created, accessed, counts, ns, imp, sup, NOW)
    tiers = assign_tier_batch(batch.overall, sup)
    for i in range(500):
        own = None if np.isnan(imp[i]) else float(imp[i])
        s = compute_retention(
            _to_dt(created[i]), _to_dt(accessed[i]), int(counts[i]), ns[i], own, bool(sup[i]), NOW
        )
        assert batch.overall[i] == pytest.approx(s.overall, abs=1e-9)
        assert batch.recency[i] == pytest.approx(s.recency, abs=1e-9)
        assert batch.activation[i] == pytest.approx(s.activation, abs=1e-12)
        assert batch.importance[i] == pytest.approx(s.importance, abs=1e-12)
        assert tiers[i] == assign_tier(s.overall, bool(sup[i]))


def test_batch_accepts_datetime_objects_and_none():
    created = [days_ago(1), days_ago(60)]
    accessed = [None, days_ago(0)]
    batch = compute_retention_batch(created, accessed, [0, 0], ["x", "x"], [None, 0.8], [False, False], NOW)
    assert batch.recency[0] == pytest.approx(2 ** (-1 / 30))
    assert batch.recency[1] == pytest.approx(1.0)
    assert batch.importance.tolist() == [0.5, 0.8]


def test_batch_rejects_ragged_columns():
    with pytest.raises(ValueError):
        compute_retention_batch([days_ago(1)], None, [0, 1], ["x"], None, [False], NOW)


def test_batch_of_100k_matches_scalar_samples():
    # speed is the benchmark's job; here: the vectorised path agrees with the scalar one at scale
    cols = _random_columns(100_000, seed=1)
    batch = compute_retention_batch(*cols, NOW)
    tiers = assign_tier_batch(batch.overall, cols[5])
    assert batch.overall.shape == tiers.shape == (100_000,)
    assert ((batch.overall >= 0) & (batch.overall <= 1)).all()


@pytest.mark.parametrize(
    ("age_min", "importance", "count", "summarized", "layer"),
    [
        (1, 0.5, 0, False, LAYER_WORKING),
        (14.9, None, 2, False, LAYER_WORKING),
        (1, 0.7, 0, False, LAYER_WORKING),  # promotion needs importance strictly above 0.7
        (1, 0.71, 0, False, LAYER_EPISODIC),
        (1, 0.1, 3, False, LAYER_EPISODIC),
        (15, 0.1, 0, False, LAYER_EPISODIC),
        (1, 0.1, 0, True, LAYER_EPISODIC),
    ],
)
def test_memory_layer_promotion_rules(age_min, importance, count, summarized, layer):
    created = NOW - timedelta(minutes=age_min)
    assert memory_layer(created, importance, count, summarized, NOW) == layer


def test_memory_layer_thresholds_are_configurable():
    created = NOW - timedelta(minutes=20)
    assert memory_layer(created, None, 0, False, NOW, working_minutes=30) == LAYER_WORKING


def test_procedural_rule():
    assert not qualifies_for_procedural(2)
    assert qualifies_for_procedural(3)
    assert qualifies_for_procedural(5, success_count=4, failure_count=1)
    assert not qualifies_for_procedural(5, success_count=3, failure_count=2)  # 0.6 is not > 0.6
