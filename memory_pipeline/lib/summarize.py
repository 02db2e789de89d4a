"""The local engine's summaries: extractive, deterministic, always shorter than their sources.

N memories -> 1 summary. Sentences are chosen by greedy weighted coverage: a content word
or bigram weighs as many sources as mention it, so what the cluster keeps repeating is covered first;
words a chosen sentence already covered count against a candidate (redundancy penalty). Text of a
superseded memory is never chosen as current information; it is reported in `superseded_facts`.
"""

from __future__ import annotations

import heapq
import math
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

from memory_pipeline.errors import ValidationError
from memory_pipeline.lib.digest import fact_sentences, fact_units, speakers
from memory_pipeline.lib.text import content_words

METHOD_EXTRACTIVE = "extractive"
# Seed 004's 8:1 is N memories -> 1 recall unit. The text may keep up to a quarter of its sources: on
# the LoCoMo development split an episode of 16 turns cut to 1/8 (600 chars) kept too few of its dated
# facts (answer at 2,000 delivered chars 0.253 vs 0.295 at 1/4).
TEXT_SHARE = 4
MAX_DEFAULT_BUDGET = 1000
MAX_DECISIONS = 10
MAX_FACTS = 50
# Each already-covered unit in a candidate costs a quarter of a new single-source unit: a restatement
# that adds one word loses to a sentence that adds a detail, and details still beat silence.
_REDUNDANCY_PENALTY = 0.25

# A resolved date is a fact a reader cannot recover from the words alone (when "yesterday" was): it
# weighs like a detail repeated by this many sources.
DATE_WEIGHT = 3
DATE_UNIT = "@date:"
NEAR_SAME = 0.8  # Jaccard of content units above which two sentences say the same thing

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|\s*\n\s*")
_DECISION = re.compile(
    r"\b(?:decided\s+(?:to|on)|we\s+will|we'll|going\s+with|chose|switched\s+to|settled\s+on|opted\s+for)\b",
    re.IGNORECASE,
)
_RATIONALE = re.compile(r"\b(?:because|since|due\s+to|so\s+that)\b\s*(.+)$", re.IGNORECASE)


@dataclass(frozen=True)
class SourceItem:
    id: str
    content: str
    created_at: datetime
    facts: tuple[str, ...] = ()
    resolved_dates: tuple[tuple[str, str], ...] = ()  # (expression, ISO date or range)


@dataclass(frozen=True)
class SummaryDraft:
    content: str
    key_facts: tuple[str, ...]
    decisions: tuple[dict, ...]  # {"decision", "rationale", "outcome", "confidence"}
    superseded_facts: tuple[dict, ...]  # {"original_fact", "superseded_by", "source_memory_id"}
    resolved_dates: tuple[tuple[str, str], ...]
    source_ids: tuple[str, ...]
    temporal_range: tuple[datetime, datetime]
    confidence: float
    method: str = METHOD_EXTRACTIVE


@dataclass(frozen=True)
class _Sentence:
    text: str
    rank: int  # chronological position of its source: higher is newer
    source_id: str
    index: int
    units: frozenset[str]


def content_units(text: str) -> frozenset[str]:
    """Lower-cased content words and adjacent content-word bigrams."""
    words = content_words(text)
    return frozenset(words) | frozenset(f"{a} {b}" for a, b in zip(words, words[1:], strict=False))


def split_sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE_END.split(text) if s and s.strip()]


def _normalise(text: str) -> str:
    return " ".join(text.lower().split())


def truncate_text(text: str, limit: int) -> str:
    """At most `limit` characters, cut at a word boundary and marked with an ellipsis."""
    text = text.strip()
    if len(text) <= limit:
        return text
    if limit <= 1:
        return text[:limit]
    cut = text[: limit - 1]
    space = cut.rfind(" ")
    if space > 0:
        cut = cut[:space]
    return cut.rstrip(" ,;:-") + "…"


def default_budget(lengths: Sequence[int]) -> int:
    """max(longest source, total / 4), capped at 1,000 chars, and below the sources' total when there
    are several: the summary can never be longer than what it replaces."""
    if not lengths:
        raise ValidationError("no sources")
    total = sum(lengths)
    budget = min(MAX_DEFAULT_BUDGET, max(max(lengths), math.ceil(total / TEXT_SHARE)))
    if len(lengths) >= 2:
        budget = min(budget, total - 1)
    return max(1, budget)


def _canonical(items: Iterable[SourceItem]) -> list[SourceItem]:
    ordered = sorted(items, key=lambda it: (it.created_at, it.id))
    if not ordered:
        raise ValidationError("a summary needs at least one source")
    if len({it.id for it in ordered}) != len(ordered):
        raise ValidationError("source ids must be unique")
    return ordered


def _parse(items: Sequence[SourceItem], old_texts: set[str]) -> list[_Sentence]:
    """The informative sentences of the given (chronological) sources, minus superseded texts, each
    with its speaker and its relative dates resolved (lib.digest); every sentence when none is
    informative, so a summary always says something."""
    names = speakers(it.content for it in items)
    newest = items[-1].created_at if items else None
    facts = [
        _Sentence(f"{f.speaker}: {f.text}" if f.speaker else f.text, rank, item.id, index,
                  fact_units(f.body, names) | {DATE_UNIT + d for d in f.dates})
        for rank, item in enumerate(items) if _normalise(item.content) not in old_texts
        for index, f in enumerate(fact_sentences(item.content, item.created_at, names, split_sentences, newest))
        if _normalise(f.body) not in old_texts
    ]
    if any(s.units for s in facts):
        return facts
    return [
        _Sentence(text, rank, item.id, index, content_units(text))
        for rank, item in enumerate(items)
        for index, text in enumerate(split_sentences(item.content))
        if _normalise(text) not in old_texts
    ]


def _weights(sentences: Sequence[_Sentence]) -> Counter[str]:
    """Unit -> number of sources that mention it."""
    per_source: dict[str, set[str]] = {}
    for s in sentences:
        per_source.setdefault(s.source_id, set()).update(s.units)
    counts = Counter(u for units in per_source.values() for u in units)
    for u in counts:
        if u.startswith(DATE_UNIT):
            counts[u] = max(counts[u], DATE_WEIGHT)
    return counts


def _candidates(sentences: Sequence[_Sentence]) -> list[_Sentence]:
    """Each distinct sentence once, as its newest occurrence; near-identical sentences (NEAR_SAME of
    their content shared) count as one, the newer."""
    by_text = list({_normalise(s.text): s for s in sentences if s.units}.values())  # chronological: later wins
    kept: list[_Sentence] = []
    for s in reversed(by_text):  # newest first
        if not any(len(s.units & k.units) >= NEAR_SAME * len(s.units | k.units) for k in kept):
            kept.append(s)
    return kept[::-1]


def _chronological(s: _Sentence) -> tuple:
    return (s.rank, s.index)


def _select(candidates: list[_Sentence], weights: Counter[str], budget: int) -> list[_Sentence]:
    """Greedy weighted coverage within the budget.

    Lazy evaluation: a sentence's score can only fall as coverage grows, so a stale score is an upper
    bound and only the heap's top needs re-scoring. Equal scores -> the newer sentence.
    """
    covered: set[str] = set()

    def score(s: _Sentence) -> float:
        new = sum(weights[u] for u in s.units if u not in covered)
        if new <= 0:
            return 0.0
        seen = sum(1 for u in s.units if u in covered)
        return (new - _REDUNDANCY_PENALTY * seen) / math.sqrt(len(s.text))

    heap = [(-score(s), -s.rank, s.index, pos, 0) for pos, s in enumerate(candidates)]
    heapq.heapify(heap)
    chosen: list[_Sentence] = []
    used = -1  # the first sentence needs no joining space
    while heap:
        neg, neg_rank, index, pos, stamp = heapq.heappop(heap)
        s = candidates[pos]
        if neg >= 0 or used + 1 + len(s.text) > budget:
            continue  # no gain left, or no room: neither can improve later
        if stamp != len(chosen):
            heapq.heappush(heap, (-score(s), neg_rank, index, pos, len(chosen)))
            continue
        chosen.append(s)
        covered |= s.units
        used += 1 + len(s.text)
    return chosen


def _coverage(covered: frozenset[str] | set[str], weights: Counter[str], n_sources: int) -> float:
    """Share of the cluster's shared content (units in >= 2 sources) the summary covers."""
    pool = {u: w for u, w in weights.items() if w >= 2} if n_sources >= 2 else dict(weights)
    if not pool:
        pool = dict(weights)
    total = sum(pool.values())
    if total == 0:
        return 0.0
    return round(sum(w for u, w in pool.items() if u in covered) / total, 4)


def _decisions(sentences: Sequence[_Sentence]) -> tuple[dict, ...]:
    found: dict[str, dict] = {}
    for s in sentences:
        if not _DECISION.search(s.text):
            continue
        key = _normalise(s.text)
        why = _RATIONALE.search(s.text)
        found.pop(key, None)  # re-insert so the newest mention decides the position
        found[key] = {
            "decision": s.text,
            "rationale": why.group(1).rstrip(" .") if why else None,
            "outcome": None,
            # Rule-based detection: we know a decision was stated, not how well it held up.
            "confidence": "medium",
        }
    return tuple(list(found.values())[-MAX_DECISIONS:])


def _distinct(values: Iterable[str], keep_last: int) -> tuple[str, ...]:
    seen: dict[str, str] = {}
    for v in values:
        key = _normalise(v)
        if key and key not in seen:
            seen[key] = v.strip()
    return tuple(list(seen.values())[-keep_last:])


def _superseded_facts(superseded: Sequence[tuple[str, str, str]]) -> tuple[dict, ...]:
    rows = sorted(set(superseded))
    return tuple(
        {"original_fact": old, "superseded_by": new, "source_memory_id": oid} for oid, old, new in rows
    )


def _resolved_dates(items: Sequence[SourceItem]) -> tuple[tuple[str, str], ...]:
    return tuple(dict.fromkeys(pair for item in items for pair in item.resolved_dates))


def extractive_summary(
    items: Sequence[SourceItem],
    *,
    budget_chars: int | None = None,
    superseded: Sequence[tuple[str, str, str]] = (),  # (old_id, old_text, new_text)
) -> SummaryDraft:
    """One summary of the given sources, at most `budget_chars` long (default: `default_budget`)."""
    ordered = _canonical(items)
    budget = default_budget([len(it.content) for it in ordered]) if budget_chars is None else budget_chars
    if budget < 1:
        raise ValidationError("budget_chars must be >= 1")
    old_ids = {oid for oid, _, _ in superseded}
    old_texts = {_normalise(old) for _, old, _ in superseded if old.strip()}
    current = [it for it in ordered if it.id not in old_ids]

    sentences = _parse(current, old_texts)
    weights = _weights(sentences)
    candidates = _candidates(sentences)
    chosen = _select(candidates, weights, budget)
    if chosen:
        chosen.sort(key=_chronological)
        content = "\n".join(s.text for s in chosen)  # one line per fact: delivery takes lines
        covered = frozenset().union(*(s.units for s in chosen))
        confidence = _coverage(covered, weights, len(current))
        fallback_sentences = tuple(s.text for s in chosen)
    elif candidates:
        # Every sentence is longer than the budget: the most central one, cut at a word boundary.
        top = max(candidates, key=lambda s: (sum(weights[u] for u in s.units), s.rank, -s.index))
        content = truncate_text(top.text, budget)
        confidence = _coverage(content_units(content), weights, len(current))
        fallback_sentences = (content,)
    else:
        # Nothing current to say (all sources superseded): the replacements are the current facts.
        content = truncate_text(" ".join(dict.fromkeys(new for _, _, new in sorted(set(superseded)))), budget)
        confidence = _coverage(content_units(content), _weights(_parse(ordered, set())), len(ordered))
        fallback_sentences = (content,) if content else ()

    facts = _distinct((f for it in current for f in it.facts), MAX_FACTS)
    return SummaryDraft(
        content=content,
        key_facts=facts or fallback_sentences,
        decisions=_decisions(sentences),
        superseded_facts=_superseded_facts(superseded),
        resolved_dates=_resolved_dates(ordered),
        source_ids=tuple(sorted(it.id for it in ordered)),
        temporal_range=(ordered[0].created_at, ordered[-1].created_at),
        confidence=confidence,
    )


def map_reduce_summary(
    items: Sequence[SourceItem],
    *,
    chunk_size: int = 50,
    budget_chars: int | None = None,
    superseded: Sequence[tuple[str, str, str]] = (),
) -> SummaryDraft:
    """Seed 004's "all memories since the last summary" when they are too many for one pass: summarise
    chunks in time order, then the chunk summaries (repeatedly if needed), into one draft that still
    links every original source."""
    if chunk_size < 2:
        raise ValidationError("chunk_size must be >= 2")
    ordered = _canonical(items)
    if len(ordered) <= chunk_size:
        return extractive_summary(ordered, budget_chars=budget_chars, superseded=superseded)
    budget = default_budget([len(it.content) for it in ordered]) if budget_chars is None else budget_chars

    level: list[SourceItem] = ordered
    decisions: list[dict] = []
    depth = 0
    while len(level) > chunk_size:
        depth += 1
        next_level: list[SourceItem] = []
        for start in range(0, len(level), chunk_size):
            chunk = level[start : start + chunk_size]
            draft = extractive_summary(chunk, superseded=superseded)
            if depth == 1:
                decisions.extend(draft.decisions)
            next_level.append(SourceItem(f"chunk-{depth}-{start}", draft.content, chunk[-1].created_at))
        level = next_level
    final = extractive_summary(level, budget_chars=budget, superseded=superseded)

    old_ids = {oid for oid, _, _ in superseded}
    current = [it for it in ordered if it.id not in old_ids]
    weights = _weights(_parse(current, {_normalise(old) for _, old, _ in superseded if old.strip()}))
    facts = _distinct((f for it in current for f in it.facts), MAX_FACTS)
    merged_decisions = {_normalise(d["decision"]): d for d in decisions}
    return SummaryDraft(
        content=final.content,
        key_facts=facts or final.key_facts,
        decisions=tuple(list(merged_decisions.values())[-MAX_DECISIONS:]),
        superseded_facts=final.superseded_facts,
        resolved_dates=_resolved_dates(ordered),
        source_ids=tuple(sorted(it.id for it in ordered)),
        temporal_range=(ordered[0].created_at, ordered[-1].created_at),
        confidence=_coverage(content_units(final.content), weights, len(current)),
    )


def merge_text(texts: Sequence[str], *, limit: int | None = None) -> str:
    """Text for a MERGE / REPLACE / UPDATE of duplicates: the most informative source
    (most distinct content words and bigrams; ties -> the earlier one, so callers list the preferred
    text first), never longer than the longest source or `limit`."""
    if not texts:
        raise ValidationError("nothing to merge")
    if limit is not None and limit < 0:
        raise ValidationError("limit must be >= 0")
    cap = max(len(t) for t in texts) if limit is None else min(limit, max(len(t) for t in texts))
    best = min(range(len(texts)), key=lambda i: (-len(content_units(texts[i])), i))
    return truncate_text(texts[best], cap)
