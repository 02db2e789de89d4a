"""The on-save quick check: deduplicate, flag or insert. No LLM, no I/O."""

from __future__ import annotations

from dataclasses import dataclass

from memory_pipeline.lib.merge_guard import merge_conflicts, wording_conflicts

__all__ = ["DEDUPLICATED", "FLAGGED", "INSERTED", "SaveDecision", "decide", "wording_conflicts"]

INSERTED = "inserted"
DEDUPLICATED = "deduplicated"
FLAGGED = "flagged"


@dataclass(frozen=True)
class SaveDecision:
    action: str
    reason: str
    conflicts: tuple[str, ...] = ()


def decide(
    similarity: float | None,
    new_text: str,
    match_text: str | None,
    *,
    dedup_threshold: float = 0.95,
    flag_threshold: float = 0.76,
    same_hash: bool = False,
) -> SaveDecision:
    """Seed 002 bands, plus the guard: never auto-merge texts whose numbers, dates, names or negation
    differ ("I have 2 cats" / "I have 3 cats" score above 0.95); those are flagged for deep consolidation
    and supersession detection instead."""
    if match_text is None or similarity is None:
        return SaveDecision(INSERTED, "no earlier memory of this user")
    if same_hash:
        return SaveDecision(DEDUPLICATED, "identical text (after case and whitespace normalisation)")
    if similarity >= dedup_threshold:
        conflicts = tuple(merge_conflicts(match_text, new_text))
        if conflicts:
            return SaveDecision(
                FLAGGED, f"similarity {similarity:.3f} but not merged: {'; '.join(conflicts)}", conflicts
            )
        return SaveDecision(DEDUPLICATED, f"similarity {similarity:.3f} >= {dedup_threshold}")
    if similarity >= flag_threshold:
        return SaveDecision(FLAGGED, f"similarity {similarity:.3f} in [{flag_threshold}, {dedup_threshold})")
    return SaveDecision(INSERTED, f"best similarity {similarity:.3f} < {flag_threshold}")
