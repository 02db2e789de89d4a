"""Reasoned recall: answer a question over timestamped memories, resolving relative dates."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from pydantic import BaseModel, Field

from memory_pipeline.engines.base import RecallRowLike
from memory_pipeline.engines.llm.client import as_data
from memory_pipeline.engines.llm.tasks.base import DATA_RULE, Task

SYSTEM = f"""You are a memory reasoning assistant. Answer questions by reasoning over retrieved memories.

CRITICAL: Pay attention to TIMESTAMPS. When memories contain relative temporal references like "yesterday",
"last week", resolve them relative to the memory's recorded timestamp. Prefer current memories over ones marked
superseded. If the memories do not answer the question, say so with a low confidence.

{DATA_RULE}

Output JSON:
{{"answer": "Direct answer", "confidence": 0.0, "reasoning": "Step-by-step explanation",
  "temporal_resolutions": [{{"original_text": "...", "memory_timestamp": "...", "resolved_date": "...",
  "confidence": 0.0}}], "source_memory_indices": [1, 3], "requires_inference": true}}"""


class Resolution(BaseModel):
    original_text: str
    memory_timestamp: str = ""
    resolved_date: str
    confidence: float = Field(default=0.5, ge=0, le=1)


class ReasoningAnswer(BaseModel):
    answer: str
    confidence: float = Field(ge=0, le=1)
    reasoning: str = ""
    temporal_resolutions: list[Resolution] = []
    source_memory_indices: list[int] = []
    requires_inference: bool = False


TASK = Task("reasoning", SYSTEM, ReasoningAnswer)


def render(question: str, rows: Sequence[RecallRowLike], as_of: datetime | None) -> str:
    data = {"question": question, "as_of": as_of.isoformat() if as_of else None,
            "memories": [{"index": n, "kind": r.kind, "recorded_at": r.created_at, "current": r.current,
                          "text": r.content} for n, r in enumerate(rows, 1)]}
    return "Answer the question from these memories.\n" + as_data(data)
