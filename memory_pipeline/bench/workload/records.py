"""Workload records (spec, generated memory, question, ground truth) and the per-user counts and ids
a spec implies, known without generating anyone."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from memory_pipeline.bench.workload.vocab import FAMILIES


@dataclass(frozen=True)
class WorkloadSpec:
    """What to generate. Per-user counts are lognormal around ``memories_per_user``."""

    n_users: int
    memories_per_user: int
    # Extra users with exactly these many memories (e.g. (50_000,)), indexed after the regular ones.
    heavy_users: tuple[int, ...] = ()
    seed: int = 0
    start: datetime = datetime(2025, 1, 1, tzinfo=UTC)
    months: int = 6
    user_prefix: str = "u"
    # Spread of the per-user counts (sigma of the lognormal); 0 gives every user the median.
    count_sigma: float = 0.8
    # Questions kept per user (a balanced subset of all that could be asked).
    questions_per_user: int = 20
    # Scripted facts: (user_index, slot, values). Two or more values make a supersession chain.
    # The committed sample uses it so the README can point at a known story.
    pinned: tuple[tuple[int, str, tuple[str, ...]], ...] = ()
    # If > 0, regular user i takes the content, count and timeline of user i % distinct_users under
    # its own ids. Off for quality runs; scale runs that embed each distinct sentence once use it to
    # bound what the encoder has to see (about 0.75 distinct sentences per memory of the templates).
    distinct_users: int = 0
    # The phrasing family the memories and questions are worded in (``vocab.FAMILIES``); the same
    # kinds of facts and ground truth whichever is chosen.
    phrasing: str = "conversational"

    def __post_init__(self) -> None:
        if self.phrasing not in FAMILIES:
            raise ValueError(f"unknown phrasing family {self.phrasing!r}; choose from {', '.join(FAMILIES)}")

    @classmethod
    def for_total(cls, total: int, n_users: int, **kw: Any) -> WorkloadSpec:
        """A spec whose regular users hold about ``total`` memories (the lognormal mean exceeds its median)."""
        sigma = kw.get("count_sigma", cls.count_sigma)
        median = max(1, round(total / n_users / math.exp(sigma * sigma / 2)))
        return cls(n_users=n_users, memories_per_user=median, **kw)


@dataclass(frozen=True, slots=True)
class GenMemory:
    user_id: str
    external_id: str
    content: str
    created_at: datetime
    conversation_id: str
    session_id: str
    role: str
    namespace: str
    importance: float
    metadata: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        """One line of the ingest JSONL format."""
        return {
            "user_id": self.user_id,
            "content": self.content,
            "external_id": self.external_id,
            "created_at": self.created_at.isoformat(),
            "conversation_id": self.conversation_id,
            "session_id": self.session_id,
            "role": self.role,
            "namespace": self.namespace,
            "importance": self.importance,
            "metadata": self.metadata,
        }


@dataclass(frozen=True, slots=True)
class Question:
    user_id: str
    text: str
    answer_ext_ids: tuple[str, ...]
    expected: str
    as_of: datetime | None = None
    # fact | current | as_of | temporal | habit | project | distractor
    kind: str = "fact"


@dataclass
class GroundTruth:
    paraphrase_groups: list[tuple[str, ...]] = field(default_factory=list)
    supersessions: list[tuple[str, str, str]] = field(default_factory=list)
    temporal: list[tuple[str, str, str]] = field(default_factory=list)
    profiles: dict[str, dict[str, Any]] = field(default_factory=dict)
    distractor_pairs: list[tuple[str, str, str]] = field(default_factory=list)
    questions: list[Question] = field(default_factory=list)
    memory_counts: dict[str, int] = field(default_factory=dict)

    def add(self, ut: UserTruth) -> None:
        self.paraphrase_groups.extend(ut.paraphrase_groups)
        self.supersessions.extend(ut.supersessions)
        self.temporal.extend(ut.temporal)
        self.profiles[ut.user_id] = ut.profile
        self.distractor_pairs.extend(ut.distractor_pairs)
        self.questions.extend(ut.questions)
        self.memory_counts[ut.user_id] = ut.n_memories


@dataclass
class UserTruth:
    user_id: str
    n_memories: int
    paraphrase_groups: list[tuple[str, ...]] = field(default_factory=list)
    supersessions: list[tuple[str, str, str]] = field(default_factory=list)
    temporal: list[tuple[str, str, str]] = field(default_factory=list)
    profile: dict[str, Any] = field(default_factory=dict)
    distractor_pairs: list[tuple[str, str, str]] = field(default_factory=list)
    questions: list[Question] = field(default_factory=list)


def user_seed(spec: WorkloadSpec, user_index: int) -> int:
    """Stable per-user seed (not ``hash()``, which is salted per process)."""
    if spec.distinct_users > 0 and user_index < spec.n_users:
        user_index %= spec.distinct_users
    return spec.seed * 1_000_003 + user_index


def total_users(spec: WorkloadSpec) -> int:
    return spec.n_users + len(spec.heavy_users)


def user_id_for(spec: WorkloadSpec, user_index: int) -> str:
    width = max(3, len(str(max(total_users(spec) - 1, 0))))
    return f"{spec.user_prefix}{user_index:0{width}d}"


def draw_count(spec: WorkloadSpec, user_index: int, rng: random.Random) -> int:
    if user_index >= spec.n_users:
        return spec.heavy_users[user_index - spec.n_users]
    z = rng.gauss(0.0, 1.0)
    # Capped so one unlucky draw does not turn an ordinary user into a heavy one.
    n = round(spec.memories_per_user * math.exp(spec.count_sigma * max(-3.0, min(3.0, z))))
    return max(1, n)


def user_memory_count(spec: WorkloadSpec, user_index: int) -> int:
    """The number of memories user ``user_index`` gets, without generating them."""
    return draw_count(spec, user_index, random.Random(user_seed(spec, user_index)))
