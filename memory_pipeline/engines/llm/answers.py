"""From a validated model answer to the engine's dataclasses, with the safety rules applied to every
answer: ids outside the batch dropped, merges never longer than their longest source, details that differ
never merged (whatever the model says), summaries shorter than their sources."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from memory_pipeline.engines.base import (
    KEEP_SEPARATE,
    MERGE,
    REPLACE,
    Decision,
    DecisionCandidate,
    DuplicateGroup,
    ReasonedAnswer,
    SupersessionCandidates,
)
from memory_pipeline.engines.llm.tasks.decision import DecisionAnswer
from memory_pipeline.engines.llm.tasks.duplicates import DuplicatesAnswer
from memory_pipeline.engines.llm.tasks.profile import SECTIONS, ProfileAnswer
from memory_pipeline.engines.llm.tasks.reasoning import ReasoningAnswer
from memory_pipeline.engines.llm.tasks.summary import SummaryAnswer
from memory_pipeline.engines.llm.tasks.supersession import SupersessionAnswer
from memory_pipeline.lib.merge_guard import merge_conflicts
from memory_pipeline.lib.profile import Profile, ProfileSource
from memory_pipeline.lib.summarize import SourceItem, SummaryDraft, merge_text
from memory_pipeline.lib.supersession import MemoryText, Supersession, detect_supersessions

METHOD, FALLBACK = "llm", "rules (fallback)"
PAIRS_PER_MEMORY = 8  # the candidates per new memory the phase offers (5 by cosine, 3 by masked frame)
PROFILE_MAX_CHARS = 2_000
_ISO = re.compile(r"\d{4}-\d{2}(-\d{2})?(\.\.\d{4}-\d{2}(-\d{2})?)?")
_CONFIDENCE = {"high": 0.9, "medium": 0.7}


def trim(text: str, limit: int) -> str:
    """At most `limit` characters, cut at a sentence or word end."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[:limit]
    for sep in (". ", "; ", ", ", " "):
        at = cut.rfind(sep)
        if at >= limit // 2:
            return cut[:at + (1 if sep == ". " else 0)].rstrip(" ,;")
    return cut.rstrip()


# -- summaries ------------------------------------------------------------------------------------
def chunks(items: list[SourceItem], max_chars: int) -> list[list[SourceItem]]:
    out: list[list[SourceItem]] = [[]]
    used = 0
    for item in items:
        if out[-1] and used + len(item.content) > max_chars:
            out.append([])
            used = 0
        out[-1].append(item)
        used += len(item.content)
    return out


def packs(indexes: list[int], size: list[int], max_chars: int) -> list[list[int]]:
    """Consecutive indexes packed into calls of at most `max_chars` of text (at least one each)."""
    out: list[list[int]] = []
    used = 0
    for n in indexes:
        if not out or (out[-1] and used + size[n] > max_chars):
            out.append([])
            used = 0
        out[-1].append(n)
        used += size[n]
    return out


def summary_draft(ans: SummaryAnswer, items: Sequence[SourceItem]) -> SummaryDraft:
    ids = {i.id for i in items}
    source_chars = sum(len(i.content) for i in items)
    # the summary_bounds check: a summary of several sources is shorter than they are
    content = trim(ans.summary, max(1, source_chars - 1) if len(items) > 1 else source_chars)
    return SummaryDraft(
        content=content,
        key_facts=tuple(dict.fromkeys(f.strip() for f in ans.key_facts if f.strip())),
        decisions=tuple(d.model_dump() for d in ans.decisions),
        superseded_facts=tuple(f.model_dump() for f in ans.superseded_facts if f.source_memory_id in ids),
        resolved_dates=tuple((d.original_text, d.resolved_date) for d in ans.resolved_dates
                             if _ISO.fullmatch(d.resolved_date.strip())),
        source_ids=tuple(i.id for i in items),
        temporal_range=(min(i.created_at for i in items), max(i.created_at for i in items)),
        confidence=0.8,
        method=METHOD,
    )


def combine(final: SummaryDraft, parts: list[SummaryDraft], items: list[SourceItem]) -> SummaryDraft:
    """The reduce step's text over the map steps' facts, linked to every original source."""
    def union(attr):
        return tuple(dict.fromkeys(x for d in [*parts, final] for x in getattr(d, attr)))
    return replace(final, key_facts=union("key_facts"),
                   decisions=tuple({str(d): d for p in parts for d in p.decisions}.values()),
                   superseded_facts=tuple({str(d): d for p in parts for d in p.superseded_facts}.values()),
                   resolved_dates=union("resolved_dates"), source_ids=tuple(i.id for i in items),
                   temporal_range=(min(i.created_at for i in items), max(i.created_at for i in items)))


# -- supersession ---------------------------------------------------------------------------------
def supersession_pairs(candidates: SupersessionCandidates, local, min_sim: float
                       ) -> list[tuple[MemoryText, MemoryText, float]]:
    """Pairs by embedding similarity and time (each new memory with its nearest older ones above
    `min_sim`), plus the pairs the relation detector links (the model confirms or rejects them)."""
    per_new: dict[str, int] = {}
    pairs, seen = [], set()
    for newer, older, sim in candidates.pairs():
        if sim < min_sim or per_new.get(newer.id, 0) >= PAIRS_PER_MEMORY:
            continue
        per_new[newer.id] = per_new.get(newer.id, 0) + 1
        pairs.append((newer, older, sim))
        seen.add((newer.id, older.id))
    by_id = {m.id: m for m in candidates.memories}
    for s in detect_supersessions(list(candidates.memories)):
        if (s.newer_id, s.older_id) not in seen and s.newer_id in by_id and s.older_id in by_id:
            pairs.append((by_id[s.newer_id], by_id[s.older_id], 0.0))
            seen.add((s.newer_id, s.older_id))
    return pairs


def supersessions(ans: SupersessionAnswer, batch: list[tuple[MemoryText, MemoryText, float]]) -> list[Supersession]:
    out = []
    for v in ans.verdicts:
        if not v.supersedes or v.confidence not in _CONFIDENCE:
            continue  # conservative: a low-confidence "yes" is a no
        newer, older, sim = batch[v.pair]
        if newer.created_at < older.created_at:
            newer, older = older, newer  # a successor is never older than what it replaces
        why = (v.reason or "the newer memory replaces the older").strip()
        out.append(Supersession(
            newer.id, older.id, "llm", (v.old_value or "").strip(), (v.new_value or "").strip(),
            f"{why} ({METHOD}, {v.confidence} confidence; similarity {sim:.2f};"
            f" {older.created_at.date().isoformat()} -> {newer.created_at.date().isoformat()})",
            _CONFIDENCE[v.confidence], METHOD))
    return out


def local_pairs(local, batch: list[tuple[MemoryText, MemoryText, float]]) -> list[Supersession]:
    # each memory once: the relation detector joins a reason per copy of a statement it is given
    memories = list({m.id: m for pair in batch for m in pair[:2]}.values())
    found = local.supersessions(SupersessionCandidates(memories, pairs=lambda: batch))
    return [replace(s, method=FALLBACK) for s in found]


def one_successor(found: list[Supersession]) -> list[Supersession]:
    """An older memory gets one successor: the most confident judgement (then the first asked)."""
    best: dict[str, Supersession] = {}
    for s in found:
        if s.older_id not in best or s.confidence > best[s.older_id].confidence:
            best[s.older_id] = s
    return list(best.values())


# -- decisions and duplicate groups ---------------------------------------------------------------
def decisions(ans: DecisionAnswer, batch: list[DecisionCandidate], engine) -> list[Decision]:
    by_index = {d.index: d for d in ans.decisions}
    out = []
    for n, c in enumerate(batch):
        d = by_index[n]
        action, content, reason = d.action, d.merged_content, d.reasoning.strip() or "no reason given"
        if action in (MERGE, REPLACE):
            conflicts = merge_conflicts(c.other.content, c.memory.content)
            if conflicts:
                engine.note("LLM_REJECTED", "decision", [c.memory.id, c.other.id],
                            f"model said {action}, but details differ: {'; '.join(conflicts)}")
                out.append(Decision(KEEP_SEPARATE, "details differ: " + "; ".join(conflicts), method=METHOD))
                continue
        if action == MERGE:
            content = _merged(content, c)
        out.append(Decision(action, reason, content if action == MERGE else None, METHOD))
    return out


def _merged(content: str | None, c: DecisionCandidate) -> str:
    longest = max(len(c.memory.content), len(c.other.content))
    text = (content or "").strip() or merge_text([c.memory.content, c.other.content])
    return trim(text, longest)  # a merge is never longer than the longest source


def local_decisions(local, batch: list[DecisionCandidate]) -> list[Decision]:
    return [replace(d, method=FALLBACK) for d in local.decide(batch)]


def groups(ans: DuplicatesAnswer, batch: list[DecisionCandidate], engine) -> list[DuplicateGroup]:
    asked = {m.id for c in batch for m in (c.memory, c.other)}
    foreign = sorted({i for g in ans.groups for i in g.memory_ids} - asked)
    if foreign:
        engine.note("LLM_REJECTED", "duplicates", [], f"ids outside the batch ignored: {foreign[:10]}")
    out = []
    for c in batch:
        g = next((g for g in ans.groups if {c.memory.id, c.other.id} <= set(g.memory_ids)), None)
        if g is None:
            continue
        conflicts = merge_conflicts(c.other.content, c.memory.content)
        if conflicts:
            engine.note("LLM_REJECTED", "duplicates", [c.memory.id, c.other.id],
                        f"grouped by the model, but details differ: {'; '.join(conflicts)}")
            continue
        out.append(DuplicateGroup((c.memory.id, c.other.id), MERGE, f"duplicate group {g.group_id} ({METHOD})",
                                  c.similarity, _merged(g.suggested_content, c), METHOD))
    return out


def local_groups(local, batch: list[DecisionCandidate]) -> list[DuplicateGroup]:
    return [replace(g, method=FALLBACK) for g in local.duplicate_groups(batch)]


# -- profile and reasoning ------------------------------------------------------------------------
def profile(ans: ProfileAnswer, shown: list[ProfileSource], engine) -> Profile:
    known = {s.id for s in shown}
    sections: dict[str, list[str]] = {}
    fact_sources: dict[str, tuple[str, ...]] = {}
    cited: set[str] = set()
    for f in ans.facts:
        ids = [i for i in f.source_ids if i in known]
        if not ids:
            engine.note("LLM_REJECTED", "profile", [], f"profile fact without a source it was shown: {f.fact[:80]!r}")
            continue
        cited.update(ids)
        section = f.section if f.section in SECTIONS else "other"
        fact = f.fact.strip()
        sections.setdefault(section, []).append(fact)
        fact_sources[fact] = tuple(dict.fromkeys(ids))
    order = [*SECTIONS, "other"]
    return Profile(trim(ans.profile, PROFILE_MAX_CHARS), {k: tuple(sections[k]) for k in order if k in sections},
                   tuple(sorted(cited)), (), fact_sources=fact_sources, method=METHOD)


def reasoned(ans: ReasoningAnswer, rows: list, model: str | None) -> ReasonedAnswer:
    ids = tuple(rows[i - 1].id for i in ans.source_memory_indices if 1 <= i <= len(rows))
    return ReasonedAnswer(ans.answer, ans.confidence, ans.reasoning,
                          tuple(r.model_dump() for r in ans.temporal_resolutions), ids,
                          ans.requires_inference, f"{METHOD}:{model}" if model else METHOD)
