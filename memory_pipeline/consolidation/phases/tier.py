"""TIER (seed 003): retention score -> hot / warm / cold / archived, and the memory layer (seed 001).
Summaries take their retention from their newest source and are warm at the least, so a standard
recall always sees what was consolidated."""

from __future__ import annotations

from collections import Counter, defaultdict

import numpy as np

from memory_pipeline.consolidation.context import RunContext
from memory_pipeline.consolidation.phases.base import PhaseResult
from memory_pipeline.consolidation.writer import Writer
from memory_pipeline.engines.base import Engine
from memory_pipeline.lib import retention

NAME = "tier"
ASSET = "memory_tiers"


def run(ctx: RunContext, writer: Writer, engine: Engine) -> PhaseResult:
    res = PhaseResult(NAME, ASSET)
    s, rc = ctx.snap, ctx.config.retention
    ks = [k for k in range(len(s)) if ctx.active(k)]
    if not ks:
        return res
    sup = np.array([s.superseded_by[k] is not None for k in ks])
    batch = retention.compute_retention_batch(
        [s.created_at[k] for k in ks], [s.last_accessed[k] for k in ks], s.access_count[ks],
        [s.namespace[k] for k in ks], [s.importance[k] for k in ks], sup, ctx.now, rc)
    tiers = retention.assign_tier_batch(batch.overall, sup, rc)
    tier_changes, layer_changes, transitions = {}, {}, defaultdict(list)
    for k, tier in zip(ks, tiers, strict=True):
        mid = ctx.id_of(k)
        if tier != s.tier[k]:
            tier_changes[mid] = str(tier)
            transitions[(s.tier[k], str(tier))].append(mid)
        layer = retention.memory_layer(s.created_at[k], s.importance[k], int(s.access_count[k]),
                                       s.summarized_into[k] is not None, ctx.now)
        if layer != s.layer[k]:
            layer_changes[mid] = layer
    for (a, b), mids in sorted(transitions.items()):
        writer.act("TIER_CHANGE", mids, f"{a} -> {b} (retention vs thresholds {rc.hot_threshold}"
                   f" / {rc.warm_threshold})")
    writer.set_memory("tier", tier_changes)
    writer.set_memory("layer", layer_changes)
    res.counts["tier_changes"] += len(tier_changes)
    tally = Counter(s.tier[k] for k in ks)
    res.counts.update({f"tier_{t}": tally.get(t, 0) for t in retention.TIERS})
    _summary_tiers(ctx, writer)
    return res


def _summary_tiers(ctx: RunContext, writer: Writer) -> None:
    summ = list(ctx.summaries().values())
    if not summ:
        return
    rc, none = ctx.config.retention, np.zeros(len(summ), dtype=bool)
    b = retention.compute_retention_batch([r["temporal_end"] for r in summ], None,
                                          [r["access_count"] for r in summ], [r["namespace"] for r in summ],
                                          None, none, ctx.now, rc)
    st = retention.assign_tier_batch(b.overall, none, rc)
    st = np.where(st == retention.TIER_COLD, retention.TIER_WARM, st)
    writer.set_summary_tiers({r["id"]: str(t) for r, t in zip(summ, st, strict=True)})
