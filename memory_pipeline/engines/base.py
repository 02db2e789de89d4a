"""The engine seam: the judgements an engine makes, their inputs and answers.

Phases choose *what* to ask (candidates, batches, time limits) and apply the answers through the
writer; an engine only judges. The local engine answers with deterministic rules; an LLM engine
answers the same questions with a model and falls back to the local one on failure.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Protocol

from memory_pipeline.lib.profile import Profile, ProfileSource
from memory_pipeline.lib.summarize import SourceItem, SummaryDraft
from memory_pipeline.lib.supersession import MemoryText, Supersession

# the judgement kinds; an engine names its method per kind (stored on every row it writes)
SUMMARY, SUPERSESSION, DECISION, DUPLICATES, PROFILE, REASONING = (
    "summary", "supersession", "decision", "duplicates", "profile", "reasoning")

# seed 002's deep-consolidation actions
MERGE, REPLACE, KEEP_SEPARATE, UPDATE, SKIP = "MERGE", "REPLACE", "KEEP_SEPARATE", "UPDATE", "SKIP"
DECISION_ACTIONS = (MERGE, REPLACE, KEEP_SEPARATE, UPDATE, SKIP)


@dataclass(frozen=True)
class SupersessionCandidates:
    """What a supersession judgement looks at: the user's statements that carry a slot, and
    (computed on demand) pairs (newer, older, cosine) of current memories close in embedding space,
    each new memory with its nearest older ones."""

    memories: Sequence[MemoryText]
    pairs: Callable[[], list[tuple[MemoryText, MemoryText, float]]] = field(default=lambda: [])


@dataclass(frozen=True)
class DecisionCandidate:
    """A memory the save path flagged and the memory it was compared with (seed 002)."""

    memory: MemoryText
    other: MemoryText
    similarity: float
    # a supersession already judged between the two (reason), if any
    supersession: str | None = None


@dataclass(frozen=True)
class Decision:
    action: str  # one of DECISION_ACTIONS
    reason: str
    content: str | None = None  # MERGE: the merged text (never longer than the longest source)


@dataclass(frozen=True)
class DuplicateGroup:
    """Seed 000: memories that say the same thing, with the consolidated text an engine proposes
    (None: grouped only, nothing to suggest)."""

    memory_ids: tuple[str, ...]
    action: str  # MERGE | REPLACE
    reason: str
    similarity: float
    content: str | None = None


class RecallRowLike(Protocol):
    id: str
    kind: str
    content: str
    score: float
    created_at: str | None
    current: bool
    resolved_dates: list


@dataclass(frozen=True)
class ReasonedAnswer:
    answer: str
    confidence: float
    reasoning: str
    temporal_resolutions: tuple[dict, ...]
    source_ids: tuple[str, ...]
    requires_inference: bool
    method: str

    def to_dict(self) -> dict:
        return dict(self.__dict__)


class Engine(Protocol):
    name: str
    model: str | None

    def method(self, kind: str) -> str:
        """The method recorded on rows of this judgement kind ('extractive', 'rules', 'llm', ...)."""
        ...

    def prompt_version(self, kind: str) -> str | None: ...

    def summarize(self, items: Sequence[SourceItem], superseded: Sequence[tuple[str, str, str]]) -> SummaryDraft:
        """N -> 1 (map-reduce when the items do not fit one call); superseded: (id, old, new) texts."""
        ...

    def supersessions(self, candidates: SupersessionCandidates) -> list[Supersession]: ...

    def decide(self, batch: Sequence[DecisionCandidate]) -> list[Decision]:
        """One decision per candidate, in order (seed 002 batches of ~10)."""
        ...

    def duplicate_groups(self, batch: Sequence[DecisionCandidate]) -> list[DuplicateGroup]:
        """Review mode (seed 000): groups of duplicates among the candidates, with suggested text."""
        ...

    def profile(self, sources: Sequence[ProfileSource], superseded_ids: frozenset[str]) -> Profile: ...

    def reason(self, question: str, rows: Sequence[RecallRowLike], as_of: datetime | None) -> ReasonedAnswer: ...
