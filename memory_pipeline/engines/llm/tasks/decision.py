"""Deep-consolidation decision: MERGE / REPLACE / KEEP_SEPARATE / UPDATE / SKIP per candidate."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel

from memory_pipeline.engines.base import DecisionCandidate
from memory_pipeline.engines.llm.client import as_data
from memory_pipeline.engines.llm.tasks.base import DATA_RULE, Task, memory

SYSTEM = f"""You decide how to consolidate pairs of similar memories of one user. For each candidate choose one action:
- MERGE: both say compatible things; write merged_content that keeps every detail of both, no longer than the
  longer of the two.
- REPLACE: they say the same thing; the fuller one stands for both (no merged_content needed).
- UPDATE: the newer memory changes a fact of the older one (the older stays, marked as superseded).
- KEEP_SEPARATE: they are about different things, or details (names, numbers, dates, places) differ.
- SKIP: not enough information to decide.
Prefer KEEP_SEPARATE when uncertain. Explain each decision in one sentence.

{DATA_RULE}

Output JSON, one decision per candidate index:
{{"decisions": [{{"index": 0, "action": "MERGE|REPLACE|KEEP_SEPARATE|UPDATE|SKIP", "reasoning": "...",
  "merged_content": "... (MERGE only)"}}]}}"""


class DecisionItem(BaseModel):
    index: int
    action: Literal["MERGE", "REPLACE", "KEEP_SEPARATE", "UPDATE", "SKIP"]
    reasoning: str
    merged_content: str | None = None


class DecisionAnswer(BaseModel):
    decisions: list[DecisionItem]


TASK = Task("decision", SYSTEM, DecisionAnswer)


def render(batch: Sequence[DecisionCandidate]) -> str:
    data = [{"index": n, "memory": memory(c.memory.id, c.memory.created_at, c.memory.content),
             "compared_with": memory(c.other.id, c.other.created_at, c.other.content),
             "similarity": round(c.similarity, 3), **({"known_change": c.supersession} if c.supersession else {})}
            for n, c in enumerate(batch)]
    return "Decide for each candidate.\n" + as_data({"candidates": data})


def check(n: int):
    def _check(answer: DecisionAnswer) -> None:
        got = [d.index for d in answer.decisions]
        if sorted(set(got)) != list(range(n)):
            raise ValueError(f"expected one decision for each of {n} candidates, got indexes {sorted(got)}")
    return _check
