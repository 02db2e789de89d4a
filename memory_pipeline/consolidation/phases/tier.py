"""TIER: retention score -> hot / warm / cold / archived, and the memory layer.
Summaries take their retention from their newest source and are warm at the least, so a standard
recall always sees what was consolidated.

One set-based statement per user (`store/tiers.py`), the formula of `lib/retention` in SQL: the rows
are not read into Python, so the cost of this phase does not grow with what a run reads."""

from __future__ import annotations

from memory_pipeline.consolidation.context import Found, RunContext
from memory_pipeline.consolidation.phases.base import PhaseResult
from memory_pipeline.consolidation.writer import Writer
from memory_pipeline.engines.base import Engine
from memory_pipeline.lib import retention

NAME = "tier"
ASSET = "memory_tiers"


def run(ctx: RunContext, writer: Writer, engine: Engine, found: Found) -> PhaseResult:
    res = PhaseResult(NAME, ASSET)

    def record(got) -> None:  # when the batch's tier statement has run
        res.counts["tier_changes"] += sum(1 for c in got.changes if c[1] != c[2])
        res.counts.update({f"tier_{t}": got.tally.get(t, 0) for t in retention.TIERS})
        moves = {(c[1], c[2]) for c in got.changes if c[1] != c[2]}  # one TIER_CHANGE action each
        if moves:
            res.actions["TIER_CHANGE"] += len(moves)

    writer.refresh_tiers(record)
    return res

