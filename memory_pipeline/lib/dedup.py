"""The on-save quick check of seed 002: deduplicate, flag or insert. No LLM, no I/O."""

from __future__ import annotations

from dataclasses import dataclass

from memory_pipeline.lib.merge_guard import merge_conflicts
from memory_pipeline.lib.text import WORD_APOSTROPHE, content_words
from memory_pipeline.lib.vocab.words import ANTONYMS, WORDING_FILLER

INSERTED = "inserted"
DEDUPLICATED = "deduplicated"
FLAGGED = "flagged"


_OPPOSITE: dict[str, set[str]] = {}
for _a, _b in ANTONYMS:
    _OPPOSITE.setdefault(_a, set()).add(_b)
    _OPPOSITE.setdefault(_b, set()).add(_a)


def _words(text: str) -> list[str]:
    # "don't" stays one word; a trailing "s" goes so "cats" / "cat" agree
    found = content_words(text, WORDING_FILLER, WORD_APOSTROPHE)
    return [w.rstrip("s") if len(w) > 3 else w for w in found]


def wording_conflicts(a: str, b: str) -> list[str]:
    """What the fact guard does not see: an antonym swapped in ("huge" / "very small", "on" / "off") or the
    same words in another order ("the woman picks up the kangaroo" / "the kangaroo picks up the woman")."""
    wa, wb = _words(a), _words(b)
    sa, sb = set(wa), set(wb)
    out = []
    only_a, only_b = sa - sb, sb - sa
    pairs = sorted((x, y) for x in only_a for y in _OPPOSITE.get(x, ()) if y in only_b)
    if pairs:
        out.append("opposite words: " + ", ".join(f"{x} vs {y}" for x, y in pairs))
    if sa == sb and len(wa) == len(wb) and wa != wb:
        out.append("same words in another order (roles may be swapped)")
    return out


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
    flag_threshold: float = 0.85,
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
        conflicts = tuple(merge_conflicts(match_text, new_text) + wording_conflicts(match_text, new_text))
        if conflicts:
            return SaveDecision(
                FLAGGED, f"similarity {similarity:.3f} but not merged: {'; '.join(conflicts)}", conflicts
            )
        return SaveDecision(DEDUPLICATED, f"similarity {similarity:.3f} >= {dedup_threshold}")
    if similarity >= flag_threshold:
        return SaveDecision(FLAGGED, f"similarity {similarity:.3f} in [{flag_threshold}, {dedup_threshold})")
    return SaveDecision(INSERTED, f"best similarity {similarity:.3f} < {flag_threshold}")
