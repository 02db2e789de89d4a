"""What a phase returns: its own counts and previews, reported as its asset's metadata."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from memory_pipeline.consolidation.context import Found


@dataclass
class PhaseResult:
    name: str
    asset: str
    counts: Counter = field(default_factory=Counter)
    previews: list[str] = field(default_factory=list)
    actions: Counter = field(default_factory=Counter)  # filled by the run loop from the writer's log
    # previews without memory text (MEMORY_PIPELINE_PREVIEWS=redacted), from the writer's log as well
    redacted: list[str] = field(default_factory=list)
    found: Found | None = None  # what the phase found for the next ones (None: nothing new)

    def merge(self, other: PhaseResult) -> None:
        self.counts.update(other.counts)
        self.actions.update(other.actions)
        self.previews.extend(other.previews[: max(0, 10 - len(self.previews))])
        self.redacted.extend(other.redacted[: max(0, 10 - len(self.redacted))])


def judged_by(engine, kind: str, method: str | None) -> dict:
    """Method, model and prompt version of a judgement (no model or prompt when the rules made it,
    e.g. after a fallback)."""
    method = method or engine.method(kind)
    by_engine = method == engine.method(kind)
    return {"method": method, "model": engine.model if by_engine else None,
            "prompt_version": engine.prompt_version(kind) if by_engine else None}
