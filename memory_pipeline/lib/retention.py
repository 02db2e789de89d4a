"""Retention score, tiers and memory layers. Plain functions, no I/O.

The retention score:

    overall = 0.5 * recency + 0.2 * activation + 0.3 * importance      (x 0.2 when superseded)

    recency    = 2 ** (-effective_age_days / half_life_days)   effective age: since creation or last access
    activation = min(1, log1p(access_count) / log1p(20))
    importance = max(namespace weight, the memory's own importance)

Importance blend: the namespace weight is a floor earned by the kind of memory (a decision stays
important even if the agent saved it with a low importance); a memory's own importance can only raise
it. Unknown namespaces weigh 0.5, so an own importance below 0.5 changes nothing for them.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from types import MappingProxyType
from typing import Any

import numpy as np

from memory_pipeline.errors import ValidationError

TIER_HOT = "hot"
TIER_WARM = "warm"
TIER_COLD = "cold"
TIER_ARCHIVED = "archived"
# Highest retention first; recall modes widen along this order.
TIERS: tuple[str, ...] = (TIER_HOT, TIER_WARM, TIER_COLD, TIER_ARCHIVED)

LAYER_WORKING = "working"
LAYER_EPISODIC = "episodic"
LAYER_SEMANTIC = "semantic"  # summaries
LAYER_PROCEDURAL = "procedural"  # the one profile per user
LAYERS: tuple[str, ...] = (LAYER_WORKING, LAYER_EPISODIC, LAYER_SEMANTIC, LAYER_PROCEDURAL)

NAMESPACE_IMPORTANCE: Mapping[str, float] = MappingProxyType(
    {
        "decisions": 1.0,
        "learnings": 0.9,
        "patterns": 0.85,
        "retrospective": 0.8,
        "inception": 0.7,
        "blockers": 0.7,
        "research": 0.6,
        "elicitation": 0.6,
        "progress": 0.5,
        "reviews": 0.5,
    }
)
DEFAULT_NAMESPACE_IMPORTANCE = 0.5

_SECONDS_PER_DAY = 86_400.0


@dataclass(frozen=True)
class RetentionConfig:
    half_life_days: float = 30.0
    recency_weight: float = 0.5
    activation_weight: float = 0.2
    importance_weight: float = 0.3
    hot_threshold: float = 0.6
    warm_threshold: float = 0.3
    activation_saturation: int = 20
    superseded_factor: float = 0.2
    namespace_importance: Mapping[str, float] = field(
        default_factory=lambda: NAMESPACE_IMPORTANCE, hash=False
    )
    default_importance: float = DEFAULT_NAMESPACE_IMPORTANCE

    def __post_init__(self) -> None:
        if not self.half_life_days > 0:
            raise ValidationError("half_life_days must be > 0")
        if self.activation_saturation < 1:
            raise ValidationError("activation_saturation must be >= 1")
        if not 0 <= self.warm_threshold <= self.hot_threshold <= 1:
            raise ValidationError("thresholds must satisfy 0 <= warm_threshold <= hot_threshold <= 1")
        if min(self.recency_weight, self.activation_weight, self.importance_weight) < 0:
            raise ValidationError("weights must be >= 0")
        if not 0 <= self.superseded_factor <= 1:
            raise ValidationError("superseded_factor must be in [0, 1]")


DEFAULT_RETENTION = RetentionConfig()


@dataclass(frozen=True)
class RetentionScore:
    overall: float
    recency: float
    activation: float
    importance: float


@dataclass(frozen=True)
class RetentionBatch:
    """Column-wise scores for many memories; arrays are float64 of equal length."""

    overall: np.ndarray
    recency: np.ndarray
    activation: np.ndarray
    importance: np.ndarray


def _epoch(ts: datetime) -> float:
    # Naive timestamps are read as UTC, as the store writes them; never as the machine's local time.
    if ts.tzinfo is None:
        ts = ts.replace(tzinfo=UTC)
    return ts.timestamp()


def _clamp01(x: float) -> float:
    return min(1.0, max(0.0, x))


def _own_importance(importance: float | None) -> float | None:
    if importance is None or math.isnan(importance):
        return None
    return _clamp01(float(importance))


def compute_retention(
    created_at: datetime,
    last_accessed: datetime | None,
    access_count: int,
    namespace: str | None,
    importance: float | None,
    superseded: bool,
    now: datetime,
    config: RetentionConfig = DEFAULT_RETENTION,
) -> RetentionScore:
    """Seed 003 retention score of one memory; every component and the total lie in [0, 1]."""
    now_s = _epoch(now)
    # Timestamps in the future (clock skew) count as age 0, so recency never exceeds 1.
    age_days = max(0.0, (now_s - _epoch(created_at)) / _SECONDS_PER_DAY)
    if last_accessed is not None:
        age_days = min(age_days, max(0.0, (now_s - _epoch(last_accessed)) / _SECONDS_PER_DAY))
    recency = 2.0 ** (-age_days / config.half_life_days)

    activation = min(1.0, math.log1p(max(0, access_count)) / math.log1p(config.activation_saturation))

    weight = config.namespace_importance.get(namespace or "", config.default_importance)
    own = _own_importance(importance)
    importance_value = _clamp01(weight if own is None else max(weight, own))

    overall = (
        config.recency_weight * recency
        + config.activation_weight * activation
        + config.importance_weight * importance_value
    )
    if superseded:
        overall *= config.superseded_factor
    return RetentionScore(
        overall=_clamp01(overall),
        recency=recency,
        activation=activation,
        importance=importance_value,
    )


def assign_tier(score: float, superseded: bool, config: RetentionConfig = DEFAULT_RETENTION) -> str:
    """hot / warm / cold by threshold; a superseded memory that is not even warm is archived."""
    if score >= config.hot_threshold:
        return TIER_HOT
    if score >= config.warm_threshold:
        return TIER_WARM
    return TIER_ARCHIVED if superseded else TIER_COLD


def _epoch_array(values: Any, n: int | None = None) -> np.ndarray:
    """Seconds since the epoch as float64, NaN where missing.

    Accepts datetime64 arrays (NaT = missing), numbers (already epoch seconds, NaN = missing) or a
    sequence of datetime / None.
    """
    arr = np.asarray(values)
    if arr.dtype.kind == "M":
        micros = arr.astype("datetime64[us]")
        out = micros.astype(np.int64).astype(np.float64) / 1e6
        out[np.isnat(micros)] = np.nan
        return out
    if arr.dtype.kind in "fiu":
        return arr.astype(np.float64)
    return np.fromiter(
        (np.nan if v is None else _epoch(v) for v in arr.ravel()),
        dtype=np.float64,
        count=arr.size if n is None else n,
    )


def _optional_floats(values: Any) -> np.ndarray:
    arr = np.asarray(values)
    if arr.dtype == object:
        arr = np.array([np.nan if v is None else float(v) for v in arr.ravel()], dtype=np.float64)
    return arr.astype(np.float64).reshape(-1)


def compute_retention_batch(
    created_at: Any,
    last_accessed: Any | None,
    access_count: Any,
    namespace: Sequence[str | None] | np.ndarray,
    importance: Any | None,
    superseded: Any,
    now: datetime,
    config: RetentionConfig = DEFAULT_RETENTION,
) -> RetentionBatch:
    """The same score as `compute_retention`, column-wise for a whole user or run.

    Timestamps: datetime64 arrays, epoch seconds (float) or sequences of datetimes; missing
    `last_accessed` as NaT / NaN / None. `importance`: NaN or None where unknown.
    """
    created = _epoch_array(created_at)
    n = created.shape[0]
    counts = np.asarray(access_count, dtype=np.float64).reshape(-1)
    flags = np.asarray(superseded, dtype=bool).reshape(-1)
    if len(namespace) != n or counts.shape[0] != n or flags.shape[0] != n:
        raise ValidationError("all columns must have the same length")

    now_s = _epoch(now)
    age_days = np.maximum(0.0, (now_s - created) / _SECONDS_PER_DAY)
    if last_accessed is not None:
        accessed = _epoch_array(last_accessed, n)
        if accessed.shape[0] != n:
            raise ValidationError("all columns must have the same length")
        access_age = np.maximum(0.0, (now_s - accessed) / _SECONDS_PER_DAY)
        # fmin ignores NaN: a never-accessed memory keeps its creation age.
        age_days = np.fmin(age_days, access_age)
    recency = np.exp2(-age_days / config.half_life_days)

    activation = np.minimum(1.0, np.log1p(np.maximum(counts, 0.0)) / math.log1p(config.activation_saturation))

    lookup = config.namespace_importance
    default = config.default_importance
    weights = np.fromiter((lookup.get(ns or "", default) for ns in namespace), dtype=np.float64, count=n)
    if importance is not None:
        own = _optional_floats(importance)
        if own.shape[0] != n:
            raise ValidationError("all columns must have the same length")
        weights = np.fmax(weights, np.clip(own, 0.0, 1.0))
    importance_value = np.clip(weights, 0.0, 1.0)

    overall = (
        config.recency_weight * recency
        + config.activation_weight * activation
        + config.importance_weight * importance_value
    )
    overall = np.where(flags, overall * config.superseded_factor, overall)
    return RetentionBatch(
        overall=np.clip(overall, 0.0, 1.0),
        recency=recency,
        activation=activation,
        importance=importance_value,
    )


def assign_tier_batch(
    scores: np.ndarray, superseded: Any, config: RetentionConfig = DEFAULT_RETENTION
) -> np.ndarray:
    """`assign_tier` column-wise; returns an array of tier names."""
    s = np.asarray(scores, dtype=np.float64)
    flags = np.asarray(superseded, dtype=bool)
    low = np.where(flags, TIER_ARCHIVED, TIER_COLD)
    return np.select([s >= config.hot_threshold, s >= config.warm_threshold], [TIER_HOT, TIER_WARM], low)


def memory_layer(
    created_at: datetime,
    importance: float | None,
    access_count: int,
    summarized: bool,
    now: datetime,
    working_minutes: float = 15,
    promote_importance: float = 0.7,
    promote_access: int = 3,
) -> str:
    """Layer of a raw memory: working until it is promoted, episodic after.

    Promotion out of working memory: importance > 0.7, or accessed >= 3 times, or older than
    15 minutes, or already consolidated into a summary. Summaries are `LAYER_SEMANTIC` and the
    profile `LAYER_PROCEDURAL` by construction; this function only classifies raw memories.
    """
    if summarized:
        return LAYER_EPISODIC
    own = _own_importance(importance)
    if own is not None and own > promote_importance:
        return LAYER_EPISODIC
    if access_count >= promote_access:
        return LAYER_EPISODIC
    age_minutes = (_epoch(now) - _epoch(created_at)) / 60.0
    return LAYER_WORKING if age_minutes < working_minutes else LAYER_EPISODIC


def qualifies_for_procedural(
    occurrences: int,
    success_count: int | None = None,
    failure_count: int | None = None,
    *,
    min_occurrences: int = 3,
    min_success_rate: float = 0.6,
) -> bool:
    """Seed 001's rule for a learned pattern: seen >= 3 times, and a success rate > 0.6 where
    outcomes were recorded (no recorded outcome: occurrences alone decide)."""
    if occurrences < min_occurrences:
        return False
    successes = success_count or 0
    failures = failure_count or 0
    if successes + failures == 0:
        return True
    return successes / (successes + failures) > min_success_rate
