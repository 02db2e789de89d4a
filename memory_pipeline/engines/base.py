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

# deep consolidation's actions on a flagged pair
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
    """A memory the save path flagged and the memory it was compared with."""

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
    method: str | None = None  # who decided ('llm', 'rules', 'rules (fallback)'); None: the engine's method


@dataclass(frozen=True)
class DuplicateGroup:
    """Seed 000: memories that say the same thing, with the consolidated text an engine proposes
    (None: grouped only, nothing to suggest)."""

    memory_ids: tuple[str, ...]
    action: str  # MERGE | REPLACE
    reason: str
    similarity: float
    content: str | None = None
    method: str | None = None


@dataclass(frozen=True)
class EngineNote:
    """Something an engine did besides answering (a retry, a rejected answer, a fallback to the local
    engine); the run loop writes each one to the action log of the user being consolidated."""

    action: str  # LLM_RETRY | LLM_REJECTED | LLM_FALLBACK | LLM_BUDGET (once per run)
    kind: str  # the judgement kind
    memory_ids: tuple[str, ...]
    reason: str


@dataclass
class Usage:
    """What an engine spent: calls and tokens (cumulative; subtract two snapshots for a span). Per task:
    calls, answers valid as first given, answers valid after a repair request, batches left to the
    rules (`fallbacks`, of which `over_budget` without asking), and seconds spent in calls."""

    calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    retries: int = 0
    fallbacks: int = 0
    calls_by_task: dict[str, int] = field(default_factory=dict)
    valid_by_task: dict[str, int] = field(default_factory=dict)
    repaired_by_task: dict[str, int] = field(default_factory=dict)
    fallbacks_by_task: dict[str, int] = field(default_factory=dict)
    over_budget_by_task: dict[str, int] = field(default_factory=dict)
    seconds_by_task: dict[str, float] = field(default_factory=dict)
    # why the rules judged a batch, by "<task>_<cause>": timeout, connection, http_<status>, malformed,
    # too_long (one item over the context window), over_budget
    fallback_reasons: dict[str, int] = field(default_factory=dict)

    def copy(self) -> Usage:
        return Usage(**{k: dict(v) if isinstance(v, dict) else v for k, v in self.__dict__.items()})

    def since(self, before: Usage) -> Usage:
        out = {}
        for k, v in self.__dict__.items():
            old = getattr(before, k)
            if isinstance(v, dict):
                out[k] = {t: n - old.get(t, 0) for t, n in v.items() if n - old.get(t, 0)}
            else:
                out[k] = v - old
        return Usage(**out)

    def as_counts(self) -> dict[str, float]:
        """Phase counts (asset metadata); all zero for an engine that calls no model."""
        per_task = {"calls": self.calls_by_task, "valid": self.valid_by_task, "repaired": self.repaired_by_task,
                    "fallbacks": self.fallbacks_by_task, "over_budget": self.over_budget_by_task,
                    "seconds": self.seconds_by_task}
        return {"llm_calls": self.calls, "llm_prompt_tokens": self.prompt_tokens,
                "llm_completion_tokens": self.completion_tokens, "llm_retries": self.retries,
                "llm_fallbacks": self.fallbacks,
                **{f"llm_{what}_{task}": round(n, 4) if what == "seconds" else n
                   for what, by_task in per_task.items() for task, n in sorted(by_task.items())},
                **{f"{FALLBACK_REASON}{key}": n for key, n in sorted(self.fallback_reasons.items())}}


FALLBACK_REASON = "llm_fallback_reason_"  # a phase count: llm_fallback_reason_<task>_<cause>


def fallback_reasons(counts, task: str) -> dict[str, int]:
    """Why the rules judged `task`'s batches, from phase counts: {cause: batches}."""
    head = f"{FALLBACK_REASON}{task}_"
    return {k[len(head):]: int(n) for k, n in sorted(counts.items()) if k.startswith(head) and n}


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
    fallback: str | None = None  # why the rules answered instead of the model (an LLM engine's fallback)

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

    def summarize_many(
        self, groups: Sequence[tuple[Sequence[SourceItem], Sequence[tuple[str, str, str]]]]
    ) -> list[SummaryDraft]:
        """One draft per (items, superseded) group, in order; an engine may answer several per call."""
        ...

    def supersessions(self, candidates: SupersessionCandidates) -> list[Supersession]: ...

    def decide(self, batch: Sequence[DecisionCandidate]) -> list[Decision]:
        """One decision per candidate, in order (batches of ~10)."""
        ...

    def duplicate_groups(self, batch: Sequence[DecisionCandidate]) -> list[DuplicateGroup]:
        """Review mode: groups of duplicates among the candidates, with suggested text."""
        ...

    def profile(self, sources: Sequence[ProfileSource], superseded_ids: frozenset[str]) -> Profile: ...

    def reason(self, question: str, rows: Sequence[RecallRowLike], as_of: datetime | None) -> ReasonedAnswer: ...

    def usage(self) -> Usage:
        """Calls and tokens spent so far (a copy)."""
        ...

    def drain_notes(self) -> list[EngineNote]:
        """Retries, rejections and fallbacks since the last drain, oldest first."""
        ...
