"""The procedural profile (one per user, from its summaries): lasting patterns, each fact with its sources."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, Field

from memory_pipeline.engines.llm.client import as_data
from memory_pipeline.engines.llm.tasks.base import DATA_RULE, MIN_WORDS, Task, memory, words
from memory_pipeline.lib.profile import ProfileSource

SECTIONS = ("identity", "preferences", "work", "habits", "communication")

SYSTEM = f"""You are analyzing one user's memories and memory summaries to identify lasting behavioral patterns.

From them, identify:
- Personal context (name, location, role, goals, constraints)
- Communication preferences (tone, detail level, format)
- Technical preferences (languages, tools, frameworks)
- Work patterns and habits (how they approach problems, routines)

Only state what the user said about themself; when a later memory changes a fact, keep the later one.
Every fact cites the ids of the memories it comes from. Then write the profile as a coherent description, not a list.

{DATA_RULE}

Output JSON:
{{"profile": "...", "facts": [{{"section": "{'|'.join(SECTIONS)}", "fact": "...", "source_ids": ["..."]}}]}}"""


class Fact(BaseModel):
    section: str
    fact: str = Field(min_length=1)
    source_ids: list[str] = []


class ProfileAnswer(BaseModel):
    profile: str = Field(min_length=1)
    facts: list[Fact] = []


TASK = Task("profile", SYSTEM, ProfileAnswer)


def render(sources: Sequence[ProfileSource], max_chars: int) -> tuple[str, list[ProfileSource]]:
    """The newest sources that fit the budget (a profile follows what is current)."""
    chosen, used = [], 0
    for s in sorted(sources, key=lambda s: (s.created_at, s.id), reverse=True):
        if used + len(s.content) > max_chars and chosen:
            break
        chosen.append(s)
        used += len(s.content)
    chosen.reverse()
    return ("Build the profile.\n" + as_data({"memories": [memory(s.id, s.created_at, s.content) for s in chosen]}),
            chosen)


def check(shown: set[str]):
    """An answer stands only on what it was shown: at least one fact citing a shown memory, and a
    text of words. Otherwise its text would replace the profile with nothing behind it."""
    def _check(answer: ProfileAnswer) -> None:
        if not any(i in shown for f in answer.facts for i in f.source_ids):
            raise ValueError("no fact cites the id of a memory it was shown (source_ids)")
        if words(answer.profile) < MIN_WORDS:
            raise ValueError(f"the profile text must describe the user in words, not {answer.profile[:40]!r}")
    return _check
