"""Benchmark workload: synthetic agent conversations with ground truth.

Design
------
Every user is generated on its own from ``random.Random(spec.seed * 1_000_003 + user_index)``, so a
user's memories and truth depend only on the spec and its index: users are independent, any one can
be regenerated alone, and a 1M-memory workload streams one user at a time.

``generate_user(spec, index) -> (memories, UserTruth)`` is the core. It first lays out the user's
timeline (conversations over ``spec.months``, 07:00-22:00 UTC so a timestamp's date is never in
doubt), then claims random positions on it for planned items (paraphrase groups, supersession
chains, relative-date statements, distractor pairs, tasks) and fills the rest with chat filler.
``Workload`` iterates users; its ``truth`` is gathered while ``iter_memories()`` runs to the end, or
by a separate pass when asked for first (the pass costs as much as generating).

What the ground truth means
---------------------------
- paraphrase group: memories asserting the same fact (same slot, same value), in different words or
  repeated verbatim. Only groups of two or more are listed. A change announcement ("I moved from
  Paris to Berlin") belongs to the group of the new value.
- supersession (newer, older, slot): every memory of a slot's value x every memory of the value it
  replaced (adjacent versions only; A->B->C implies C supersedes A). All older memories precede the
  first newer one.
- temporal (ext, expression, date): every relative date expression in any content, verbatim, with
  its date. Conventions: "last <weekday>" is the most recent such day strictly before, "next
  <weekday>" the first strictly after; the generator only says them where the other reading cannot
  apply (the named day has not yet come this week, resp. has already passed).
- distractor pair (a, b, kind): two memories whose texts differ only in a number, a date, a name or a
  negation and that are BOTH true, so merging them loses a fact: different items (PR 482 / PR 489),
  different people, different bills, or day-scoped states on different days ("I'm working from home
  today" / "I'm not working from home today"). Pairs where the later one replaces the earlier (2 cats
  -> 3 cats) are supersessions instead and are not listed here.
- profile: the current value of every personal slot the user stated, plus "habits": habits stated
  at least 3 times whose recorded success rate, where outcomes exist, is above 0.6.
- question: answerable by ``answer_ext_ids``; with ``as_of`` it asks what was true then.

Limits
------
- Within a user, tasks, events and distractor templates are dealt without replacement, so ordinary
  users (up to a few hundred memories) hold no unlisted look-alikes. Heavy users cycle through
  them, so they do contain look-alike singletons the truth does not list (and ~0.5% exact repeats).
- About 6,400 project and contact facts exist per user; a user needing more paraphrase groups than
  that (beyond ~55k memories) gets filler instead.
- ``distinct_users`` makes users clones of a few templates: fine for load, not for quality figures.

Layout
------
``records`` (spec, records, counts), ``user`` (one user's plan) built from ``state`` (timeline,
positions), ``facts`` (groups, chains, habits), ``singletons`` (relative dates, distractors, tasks,
filler), ``keys`` (project / contact facts) and ``wording`` (surface variation). Every word the
generator can say lives in data modules: ``vocab.values`` and one folder per phrasing family, chosen
by ``WorkloadSpec.phrasing``. The default, ``vocab.conversational``, ships with the package; the other
``vocab.FAMILIES`` are benchmark data in the repository's ``benchmarks/families/`` and need a checkout.
A family changes the words only: the same spec in another family has the same kinds of facts and
truth, though not the same draws (the families' lists differ in length).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Iterator
from pathlib import Path

from memory_pipeline.bench.workload.records import (
    GenMemory,
    GroundTruth,
    Question,
    UserTruth,
    WorkloadSpec,
    total_users,
    user_id_for,
    user_memory_count,
    user_seed,
)
from memory_pipeline.bench.workload.user import generate_user

__all__ = [
    "GenMemory",
    "GroundTruth",
    "Question",
    "UserTruth",
    "Workload",
    "WorkloadSpec",
    "generate",
    "generate_user",
    "questions_for_eval",
    "total_users",
    "user_id_for",
    "user_memory_count",
    "user_seed",
    "write_jsonl",
]


class Workload:
    """A lazily generated workload: users are produced one at a time, on demand."""

    def __init__(self, spec: WorkloadSpec):
        self.spec = spec
        self._truth: GroundTruth | None = None

    def user_ids(self) -> list[str]:
        return [user_id_for(self.spec, i) for i in range(total_users(self.spec))]

    def total_memories(self) -> int:
        """Exact total, from the per-user counts only (cheap)."""
        return sum(user_memory_count(self.spec, i) for i in range(total_users(self.spec)))

    def iter_users(self) -> Iterator[tuple[list[GenMemory], UserTruth]]:
        for i in range(total_users(self.spec)):
            yield generate_user(self.spec, i)

    def iter_memories(self) -> Iterator[GenMemory]:
        """All memories, user by user; a full iteration also records the truth (no second pass)."""
        truth = GroundTruth()
        for memories, ut in self.iter_users():
            truth.add(ut)
            yield from memories
        self._truth = truth

    @property
    def truth(self) -> GroundTruth:
        """Ground truth; computed by a separate generation pass unless a full iteration ran first."""
        if self._truth is None:
            truth = GroundTruth()
            for _, ut in self.iter_users():
                truth.add(ut)
            self._truth = truth
        return self._truth

    def distinct_sentences(self) -> set[str]:
        """Distinct contents: what a scale run has to embed once each."""
        return {m.content for m in self.iter_memories()}


def generate(spec: WorkloadSpec) -> Workload:
    return Workload(spec)


def write_jsonl(memories: Iterable[GenMemory], path: str | Path) -> int:
    """Write the ingest JSONL; returns the number of lines."""
    n = 0
    with open(path, "w", encoding="utf-8") as f:
        for m in memories:
            f.write(json.dumps(m.to_json(), ensure_ascii=False))
            f.write("\n")
            n += 1
    return n


def questions_for_eval(
    truth: GroundTruth,
    limit: int | None = None,
    kinds: Iterable[str] | None = None,
    seed: int = 0,
) -> list[Question]:
    """A reproducible sample of the truth's questions, optionally limited to some kinds."""
    wanted = set(kinds) if kinds is not None else None
    qs = [q for q in truth.questions if wanted is None or q.kind in wanted]
    if limit is not None and limit < len(qs):
        qs = random.Random(seed).sample(qs, limit)
    return qs
