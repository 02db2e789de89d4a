"""Duplicate groups for review mode: which memories say the same thing, and one denser text."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel

from memory_pipeline.engines.llm.client import as_data
from memory_pipeline.engines.llm.tasks.base import DATA_RULE, Task, memory
from memory_pipeline.lib.supersession import MemoryText

SYSTEM = f"""You are an AI assistant that identifies duplicate memory blocks of one user. Group memories that say the
same thing (semantically similar or duplicate) and write one consolidated text per group with higher quality and
higher information density: never longer than the longest memory of its group. Memories whose names, numbers,
dates or places differ are not duplicates. Leave a memory out when it has no duplicate.

{DATA_RULE}

Output JSON:
{{"groups": [{{"group_id": "g1", "memory_ids": ["...", "..."], "suggested_content": "...",
  "suggested_keywords": ["..."]}}]}}"""


class Group(BaseModel):
    group_id: str
    memory_ids: list[str]
    suggested_content: str
    suggested_keywords: list[str] = []


class DuplicatesAnswer(BaseModel):
    groups: list[Group]


TASK = Task("duplicates", SYSTEM, DuplicatesAnswer)


def render(memories: Sequence[MemoryText]) -> str:
    return "Find the duplicate groups.\n" + as_data({"memories": [memory(m.id, m.created_at, m.content)
                                                                  for m in memories]})
