"""Consolidation settings: the defaults the requirements set (the seed map is in docs/DESIGN.md)."""

from __future__ import annotations

from dataclasses import dataclass, field

from memory_pipeline.config import TimeBounds
from memory_pipeline.lib import retention

MODES = ("apply", "review")


@dataclass(frozen=True)
class ConsolidationConfig:
    cluster_threshold: float = 0.80
    min_cluster_size: int = 3
    max_cluster_size: int = 20
    replace_threshold: float = 0.90  # seed 002: REPLACE only at >= 0.9, whatever the engine says
    batch_size: int = 10  # seed 002: ~10 candidates per decision batch
    batch_timeout_s: float = 60.0
    token_budget: int = 2000
    episode_size: int = 16  # seed 004: N -> 1 summaries of what is not yet summarised, per conversation
    min_episode: int = 3
    # summaries an LLM engine re-derives per user and run when another engine, model or prompt wrote them
    rederive_per_run: int = 200
    retention: retention.RetentionConfig = field(default_factory=retention.RetentionConfig)
    # a stored created_at outside these (saved before they were checked) is read at the nearest bound
    time_bounds: TimeBounds = field(default_factory=TimeBounds)
