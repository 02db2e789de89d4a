"""Supersession judgement: does the newer memory replace the older one? Conservative."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel

from memory_pipeline.engines.llm.client import as_data
from memory_pipeline.engines.llm.tasks.base import DATA_RULE, Task, memory
from memory_pipeline.lib.supersession import MemoryText

SYSTEM = f"""Analyze pairs of memories of one user to determine, for each pair, if the newer supersedes the older.

Supersession means the newer memory:
1. Directly contradicts the older (a decision, plan, value or fact changed)
2. Replaces the older (an updated version of the same information: a new employer, city, day, time, name)
3. Makes the older obsolete

Two memories about different things, or that can both be true, do not supersede each other.
Be conservative - only mark as superseded with clear evidence. Name the old and the new value.

{DATA_RULE}

Output JSON, one verdict per pair:
{{"verdicts": [{{"pair": 0, "supersedes": true, "confidence": "high|medium|low",
  "old_value": "...", "new_value": "...", "reason": "explanation if supersedes is true, null otherwise"}}]}}"""


class Verdict(BaseModel):
    pair: int
    supersedes: bool
    confidence: Literal["high", "medium", "low"] = "low"
    old_value: str | None = None
    new_value: str | None = None
    reason: str | None = None


class SupersessionAnswer(BaseModel):
    verdicts: list[Verdict]


TASK = Task("supersession", SYSTEM, SupersessionAnswer)


def render(pairs: Sequence[tuple[MemoryText, MemoryText, float]]) -> str:
    data = [{"pair": n, "newer": memory(a.id, a.created_at, a.content), "older": memory(b.id, b.created_at, b.content)}
            for n, (a, b, _) in enumerate(pairs)]
    return "Judge these pairs.\n" + as_data({"pairs": data})


def check(n_pairs: int):
    def _check(answer: SupersessionAnswer) -> None:
        seen = {v.pair for v in answer.verdicts}
        if not seen <= set(range(n_pairs)):
            raise ValueError(f"verdicts for pairs that were not asked: {sorted(seen - set(range(n_pairs)))}")
    return _check
