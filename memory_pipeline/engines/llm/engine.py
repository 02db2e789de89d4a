"""The LLM engine: every judgement asked of an OpenAI-compatible model, validated before it leaves
this module, and answered by the local engine whenever the model fails (said in the action log)."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from typing import TypeVar

from memory_pipeline.config import LLMConfig
from memory_pipeline.engines.base import (
    DECISION,
    DUPLICATES,
    PROFILE,
    REASONING,
    SUMMARY,
    SUPERSESSION,
    Decision,
    DecisionCandidate,
    DuplicateGroup,
    EngineNote,
    ReasonedAnswer,
    SupersessionCandidates,
    Usage,
)
from memory_pipeline.engines.llm import answers
from memory_pipeline.engines.llm.client import LLMClient, LLMFailure, OverBudget, PromptTooLong
from memory_pipeline.engines.llm.tasks import decision, duplicates, profile, reasoning, summary, supersession
from memory_pipeline.engines.local import LocalEngine
from memory_pipeline.lib.profile import Profile, ProfileSource
from memory_pipeline.lib.summarize import SourceItem, SummaryDraft
from memory_pipeline.lib.supersession import MemoryText, Supersession

T = TypeVar("T")
X = TypeVar("X")
METHOD = "llm"
TASKS = {SUMMARY: summary.TASK, SUPERSESSION: supersession.TASK, DECISION: decision.TASK,
         DUPLICATES: duplicates.TASK, PROFILE: profile.TASK, REASONING: reasoning.TASK}


class LLMEngine:
    name = "llm"

    def __init__(self, cfg: LLMConfig, client: LLMClient | None = None):
        self.cfg = cfg
        self.model = cfg.model
        self.client = client or LLMClient(cfg)
        self.local = LocalEngine()
        self._notes: list[EngineNote] = []

    # -- bookkeeping --------------------------------------------------------------------------------
    def method(self, kind: str) -> str:
        return METHOD

    def prompt_version(self, kind: str) -> str:
        """The task's prompt and schema, and the model: a change of either re-derives its rows."""
        return hashlib.sha256(f"{TASKS[kind].version}:{self.model}".encode()).hexdigest()[:12]

    def usage(self) -> Usage:
        return self.client.usage()

    def drain_notes(self) -> list[EngineNote]:
        out, self._notes = self._notes, []
        return out

    def note(self, action: str, kind: str, ids, reason: str) -> None:
        self._notes.append(EngineNote(action, kind, tuple(str(i) for i in ids), reason))

    def _ask(self, kind: str, ids: Sequence[str], ask: Callable[[], T], fallback: Callable[[], T]) -> T:
        """The model's validated answer, or the local engine's when the model fails. Past the run's
        budget the rules answer without a call, said once per run (LLM_BUDGET), not per batch."""
        try:
            return ask()
        except OverBudget as e:
            self.client.count_fallback(kind, e.cause)
            if e.first:
                self.note("LLM_BUDGET", kind, [], f"{e.why}: this and the run's remaining batches are judged "
                                                  "by the rules")
            return fallback()
        except LLMFailure as e:
            self.client.count_fallback(kind, e.cause)
            self.note("LLM_FALLBACK", kind, ids, f"{e}; the local engine decided this batch")
            return fallback()

    def _in_parts(self, kind: str, items: list[X], ids: Callable[[list[X]], list[str]],
                  ask: Callable[[list[X]], list], fallback: Callable[[list[X]], list]) -> list:
        """`ask` over `items`; a prompt over the model's context window is asked again in halves (the
        answers concatenated in order); what fails falls back to the rules, part by part."""
        def attempt() -> list:
            try:
                return ask(items)
            except PromptTooLong:
                if len(items) < 2:
                    raise
            half = len(items) // 2
            return [*self._in_parts(kind, items[:half], ids, ask, fallback),
                    *self._in_parts(kind, items[half:], ids, ask, fallback)]
        return self._ask(kind, ids(items), attempt, lambda: fallback(items))

    def _each(self, fn: Callable[[X], list], batches: list[X]) -> list:
        """`fn` over independent batches, up to `concurrency` calls in flight; results in order."""
        if self.cfg.concurrency <= 1 or len(batches) <= 1:
            return [r for b in batches for r in fn(b)]
        with ThreadPoolExecutor(max_workers=min(self.cfg.concurrency, len(batches))) as pool:
            return [r for part in pool.map(fn, batches) for r in part]

    def _complete(self, kind: str, ids: Sequence[str], user: str, check=None):
        task = TASKS[kind]
        answer, problems = self.client.complete(task.name, task.system, user, task.response, check)
        if problems:
            self.note("LLM_RETRY", kind, ids, f"{task.name}: answered after {'; '.join(problems)}")
        return answer

    # -- judgements ---------------------------------------------------------------------------------
    def summarize(self, items: Sequence[SourceItem], superseded=()) -> SummaryDraft:
        return self.summarize_many([(list(items), list(superseded))])[0]

    def summarize_many(self, groups: Sequence[summary.Group]) -> list[SummaryDraft]:
        """Groups that fit one call are packed together (a call per ~max_input_chars, not per group);
        a group too long for one call is map-reduced."""
        out: list[SummaryDraft | None] = [None] * len(groups)
        size = [sum(len(i.content) for i in items) for items, _ in groups]
        limit = self._input_chars(SUMMARY)
        small = [n for n in range(len(groups)) if size[n] <= limit]

        def one_pack(pack: list[int]) -> list[SummaryDraft]:
            return self._in_parts(SUMMARY, [groups[n] for n in pack],
                                  lambda b: [i.id for items, _ in b for i in items], self._drafts,
                                  lambda b: [self.local.summarize(items, sup) for items, sup in b])
        packed = answers.packs(small, size, limit)
        for pack, drafts in zip(packed, self._each(lambda p: [one_pack(p)], packed), strict=True):
            for n, d in zip(pack, drafts, strict=True):
                out[n] = d
        for n in range(len(groups)):
            if out[n] is None:
                items, sup = groups[n]
                out[n] = self._ask(SUMMARY, [i.id for i in items], lambda i=items, s=sup: self._map_reduce(i, s),
                                   lambda i=items, s=sup: self.local.summarize(i, s))
        return out

    def _input_chars(self, kind: str) -> int:
        """Memory text per call: the setting, less what the model's context window cannot hold (the
        JSON around each memory makes a prompt ~2-3x its text: a third of the room is text)."""
        room = self.client.prompt_room(TASKS[kind].system)
        return self.cfg.max_input_chars if room is None else max(200, min(self.cfg.max_input_chars, room // 3))

    def _map_reduce(self, items: list[SourceItem], superseded: list) -> SummaryDraft:
        limit = self._input_chars(SUMMARY)
        chunks = answers.chunks(items, limit)
        size = [sum(len(i.content) for i in c) for c in chunks]
        partial: list[SummaryDraft] = []
        for pack in answers.packs(list(range(len(chunks))), size, limit):
            partial += self._drafts([(chunks[n], superseded) for n in pack])
        level = [SourceItem(f"part{n}", d.content, d.temporal_range[1]) for n, d in enumerate(partial)]
        [final] = self._drafts([(level, [])])
        return answers.combine(final, partial, items)

    def _drafts(self, groups: list) -> list[SummaryDraft]:
        ids = [i.id for items, _ in groups for i in items]
        ans = self._complete(SUMMARY, ids, summary.render(groups), summary.check(groups))
        by_group = {s.group: s for s in ans.summaries}
        return [answers.summary_draft(by_group[n], items) for n, (items, _) in enumerate(groups)]

    def supersessions(self, candidates: SupersessionCandidates) -> list[Supersession]:
        pairs = answers.supersession_pairs(candidates, self.local, self.cfg.supersession_min_similarity)
        step = self.cfg.pairs_per_call
        batches = [pairs[start:start + step] for start in range(0, len(pairs), step)]
        found = self._each(lambda b: self._in_parts(
            SUPERSESSION, b, lambda p: sorted({m.id for a, o, _ in p for m in (a, o)}), self._judge_pairs,
            lambda p: answers.local_pairs(self.local, p)), batches)
        return answers.one_successor(found)

    def _judge_pairs(self, batch: list[tuple[MemoryText, MemoryText, float]]) -> list[Supersession]:
        ids = [m.id for a, b, _ in batch for m in (a, b)]
        ans = self._complete(SUPERSESSION, ids, supersession.render(batch), supersession.check(len(batch)))
        return answers.supersessions(ans, batch)

    def decide(self, batch: Sequence[DecisionCandidate]) -> list[Decision]:
        batch = list(batch)
        if not batch:
            return []
        return self._in_parts(DECISION, batch, lambda b: [m.id for c in b for m in (c.memory, c.other)],
                              self._decide, lambda b: answers.local_decisions(self.local, b))

    def _decide(self, batch: list[DecisionCandidate]) -> list[Decision]:
        ids = [m.id for c in batch for m in (c.memory, c.other)]
        ans = self._complete(DECISION, ids, decision.render(batch), decision.check(len(batch)))
        return answers.decisions(ans, batch, self)

    def duplicate_groups(self, batch: Sequence[DecisionCandidate]) -> list[DuplicateGroup]:
        batch = list(batch)
        if not batch:
            return []
        ids = [m.id for c in batch for m in (c.memory, c.other)]
        return self._ask(DUPLICATES, ids, lambda: self._groups(batch),
                         lambda: answers.local_groups(self.local, batch))

    def _groups(self, batch: list[DecisionCandidate]) -> list[DuplicateGroup]:
        memories = list({m.id: m for c in batch for m in (c.memory, c.other)}.values())
        ans = self._complete(DUPLICATES, [m.id for m in memories], duplicates.render(memories))
        return answers.groups(ans, batch, self)

    def profile(self, sources: Sequence[ProfileSource], superseded_ids=frozenset()) -> Profile:
        current = [s for s in sources if s.id not in superseded_ids]
        if not current:  # nothing current to ask about: the rules' (empty) profile, said as theirs
            return replace(self.local.profile(sources, superseded_ids), method=self.local.method(PROFILE))
        ids = [s.id for s in current]
        # the rules' profile is stored as theirs, so the next run asks the model again
        return self._ask(PROFILE, ids, lambda: self._profile(current),
                         lambda: replace(self.local.profile(sources, superseded_ids), method=answers.FALLBACK))

    def _profile(self, current: list[ProfileSource]) -> Profile:
        limit = self._input_chars(PROFILE)
        while True:  # a prompt over the context window: the newest half of what was shown, until one fits
            user, shown = profile.render(current, limit)
            try:
                ans = self._complete(PROFILE, [s.id for s in shown], user, profile.check({s.id for s in shown}))
            except PromptTooLong:
                if len(shown) < 2:
                    raise
                limit = sum(len(s.content) for s in shown) // 2
                continue
            return answers.profile(ans, shown, self)

    def reason(self, question, rows, as_of) -> ReasonedAnswer:
        rows = list(rows)
        ids = [r.id for r in rows]

        def fallback() -> ReasonedAnswer:  # said in the answer: a reasoned recall has no action log
            said = "; ".join(n.reason for n in self.drain_notes() if n.kind == REASONING)
            return replace(self.local.reason(question, rows, as_of), method=answers.FALLBACK, fallback=said or None)
        return self._ask(REASONING, ids, lambda: self._reason(question, rows, as_of), fallback)

    def _reason(self, question, rows, as_of) -> ReasonedAnswer:
        ans = self._complete(REASONING, [r.id for r in rows], reasoning.render(question, rows, as_of))
        return answers.reasoned(ans, rows, self.model)
