"""Seed 001's learned patterns in the profile: a habit or tool counts once per source that states it,
with the success rate of those whose outcome was recorded."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass
class Occurrences:
    values: Counter[str]
    evidence: list[tuple[str, int, bool | None]]  # (normalised sentence, source index, outcome)


def representative(values: Counter[str]) -> str:
    """The most common wording, preferring one that starts with a verb over a gerund."""
    return sorted(
        values.items(), key=lambda kv: (kv[0].split()[0].lower().endswith("ing"), -kv[1], len(kv[0]), kv[0])
    )[0][0]


def count_seen(occ: Occurrences, contents: Sequence[str]) -> tuple[int, float | None]:
    """Times seen (one per source) and the success rate among those with a recorded outcome. A
    summary quoting a memory that is also a source does not count again."""
    by_sentence: dict[str, set[int]] = defaultdict(set)
    for sentence, index, _ in occ.evidence:
        by_sentence[sentence].add(index)
    counted: set[int] = set()
    for indices in by_sentence.values():
        # compare distinct texts only: a sentence repeated in many memories stays cheap
        distinct = sorted({contents[i] for i in indices}, key=len)
        quoting = {c for k, c in enumerate(distinct) if any(d in c for d in distinct[:k] if len(d) < len(c))}
        counted.update(i for i in indices if contents[i] not in quoting)
    outcomes = {index: outcome for _, index, outcome in occ.evidence if index in counted}
    recorded = [o for o in outcomes.values() if o is not None]
    rate = sum(recorded) / len(recorded) if recorded else None
    return len(counted), rate
