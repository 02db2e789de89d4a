"""Cluster and episode summaries: N -> 1, with key facts, decisions, superseded
facts and resolved dates."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, Field

from memory_pipeline.engines.llm.client import as_data
from memory_pipeline.engines.llm.tasks.base import DATA_RULE, MIN_WORDS, Task, memory, words
from memory_pipeline.lib.summarize import SourceItem

SYSTEM = f"""You are a memory consolidation agent. You get one or more groups of memories of one user. Summarize
each group separately into ONE memory that an assistant will read instead of that group's originals.

Guidelines:
- Keep every distinct fact: names, places, numbers, dates, decisions and their rationale, outcomes.
- Write dates as absolute dates: resolve "yesterday", "last week" against each memory's recorded_at.
- When a newer memory replaces an older fact, keep the newer one and list the older in superseded_facts.
- Drop greetings, thanks and chit-chat. Third person ("The user ..."). Concise but complete: never longer
  than the memories themselves.

{DATA_RULE}

Output JSON, one entry per group:
{{"summaries": [{{"group": 0, "summary": "...", "key_facts": ["..."],
  "decisions": [{{"decision": "...", "rationale": "...", "outcome": "...", "confidence": "high|medium|low"}}],
  "superseded_facts": [{{"original_fact": "...", "superseded_by": "...", "source_memory_id": "..."}}],
  "resolved_dates": [{{"original_text": "...", "resolved_date": "YYYY-MM-DD"}}]}}]}}"""


class DecisionItem(BaseModel):
    decision: str
    rationale: str = ""
    outcome: str = ""
    confidence: Literal["high", "medium", "low"] = "medium"


class SupersededFact(BaseModel):
    original_fact: str
    superseded_by: str
    source_memory_id: str


class ResolvedDate(BaseModel):
    original_text: str
    resolved_date: str


class SummaryAnswer(BaseModel):
    group: int
    summary: str = Field(min_length=1)
    key_facts: list[str] = []
    decisions: list[DecisionItem] = []
    superseded_facts: list[SupersededFact] = []
    resolved_dates: list[ResolvedDate] = []


class SummariesAnswer(BaseModel):
    summaries: list[SummaryAnswer]


TASK = Task("summary", SYSTEM, SummariesAnswer)

Group = tuple[Sequence[SourceItem], Sequence[tuple[str, str, str]]]  # items, (old id, old text, new text)


def render(groups: Sequence[Group]) -> str:
    data = []
    for n, (items, superseded) in enumerate(groups):
        group: dict = {"group": n, "memories": [memory(i.id, i.created_at, i.content) for i in items]}
        if superseded:
            group["already_known_replacements"] = [{"older_id": o, "older": old, "newer": new}
                                                   for o, old, new in superseded]
        data.append(group)
    return "Summarize each group.\n" + as_data({"groups": data})


def check(groups: Sequence[Group]):
    """One summary per group, each in words: a summary without them ("...") would stand in for its
    sources with nothing (as many words as the sources have, up to MIN_WORDS)."""
    n = len(groups)
    need = [min(MIN_WORDS, words(" ".join(i.content for i in items))) for items, _ in groups]

    def _check(answer: SummariesAnswer) -> None:
        got = sorted(s.group for s in answer.summaries)
        if got != list(range(n)):
            raise ValueError(f"expected one summary for each of {n} groups, got groups {got}")
        for s in answer.summaries:
            if words(s.summary) < need[s.group]:
                raise ValueError(f"the summary of group {s.group} must state the memories' facts in words, "
                                 f"not {s.summary[:40]!r}")
    return _check
