"""Statement-based supersession (the local engine): a newer memory supersedes an older one only when
both state the same relation of the user (the clause reader's `Statement.key`: residence, job, a
named person's place...) and its value changed. The relation is the slot; no phrase rule of its own."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime

from memory_pipeline.lib.judge_statements import read_statements
from memory_pipeline.lib.text import words
from memory_pipeline.lib.timestamps import as_utc
from memory_pipeline.lib.vocab.judge import CHANGE_CUES

# A newer statement links to at most this many statements of the value it replaces, so a value
# restated thousands of times cannot make the edge count quadratic.
MAX_LINKS_PER_MEMORY = 64


@dataclass(frozen=True)
class MemoryText:
    id: str
    content: str
    created_at: datetime


@dataclass(frozen=True)
class Supersession:
    """`newer_id` replaces `older_id`. A negated value reads "not X"."""

    newer_id: str
    older_id: str
    slot: str
    old_value: str
    new_value: str
    reason: str
    confidence: float
    method: str | None = None  # who judged; None: the engine's method for supersession


@dataclass(frozen=True)
class _Statement:
    at: datetime  # UTC
    memory_id: str
    key: str  # the value, lower case
    value: str  # as written
    negated: bool


def slot_states(text: str) -> dict[str, str]:
    """Per relation (slot), the one value `text` states for it now: the clause reader's current
    statements that name a value. A text naming two values for one relation ("I live in Paris and
    Rome") says nothing usable about it."""
    values: dict[str, dict[str, str]] = defaultdict(dict)
    for st in read_statements(text):
        if st.value and not st.past and not st.ends:
            values[st.key].setdefault(st.value.lower(), st.value)
    return {key: next(iter(v.values())) for key, v in sorted(values.items()) if len(v) == 1}


def _label(slot: str) -> str:
    kind, _, detail = slot.partition(":")
    return f"{kind} ({detail})" if detail else kind


def _edge(slot: str, new: _Statement, old: _Statement, new_text: str) -> Supersession:
    when = f"({old.at.date().isoformat()} -> {new.at.date().isoformat()})"
    label = _label(slot)
    if not old.negated and not new.negated:
        reason, confidence = f"{label} changed from '{old.value}' to '{new.value}' {when}", 0.75
    elif new.negated:
        reason, confidence = f"{label} '{old.value}' no longer holds {when}", 0.85
    else:
        reason, confidence = f"{label} '{new.value}' holds again after being negated {when}", 0.85
    if not CHANGE_CUES.isdisjoint(words(new_text.lower())):
        confidence += 0.1
    return Supersession(
        newer_id=new.memory_id,
        older_id=old.memory_id,
        slot=slot,
        old_value=f"not {old.value}" if old.negated else old.value,
        new_value=f"not {new.value}" if new.negated else new.value,
        reason=reason,
        confidence=round(min(confidence, 0.95), 2),
    )


def _slot_edges(
    slot: str, statements: list[_Statement], texts: dict[str, str]
) -> Iterator[tuple[_Statement, _Statement, Supersession]]:
    """One slot's statements in time order. A version is a run of statements of one value; a
    contradicting statement starts the next version and supersedes every statement of the current
    one, and each later restatement of the new value supersedes them too. Versions further back
    are not linked (A -> B -> C: C supersedes B, not A). Linear in the statements, capped links."""
    current: list[_Statement] = []
    replaced: list[_Statement] = []
    for new in statements:
        head = current[0] if current else None
        if head is not None and (new.key, new.negated) == (head.key, head.negated):
            olds = replaced  # a restatement
            current.append(new)
        elif head is not None and (new.key == head.key or not (new.negated or head.negated)):
            olds = current  # a flip of negation, or another value
            replaced, current = current, [new]
        elif head is not None and new.negated:
            continue  # "not Paris" while "Berlin" holds: agrees, changes nothing
        else:
            olds = []  # the first statement, or a value after a negation of another one
            replaced, current = [], [new]
        for old in olds[-MAX_LINKS_PER_MEMORY:]:
            if old.at < new.at and old.memory_id != new.memory_id:  # equal times cannot order each other
                yield new, old, _edge(slot, new, old, texts[new.memory_id])


def detect_supersessions(memories: Sequence[MemoryText]) -> list[Supersession]:
    """Supersession edges among one user's memories, ordered by the newer then the older memory.

    A pair linked through several slots gets one edge: the alphabetically first slot, all reasons
    joined, the highest confidence. Naive timestamps count as UTC.
    """
    ordered = sorted(memories, key=lambda mem: (as_utc(mem.created_at), mem.id))
    texts = {mem.id: mem.content for mem in ordered}
    by_slot: dict[str, list[_Statement]] = defaultdict(list)
    for mem in ordered:
        at = as_utc(mem.created_at)
        for slot, value in slot_states(mem.content).items():
            by_slot[slot].append(_Statement(at, mem.id, value.lower(), value, False))
    found = [edge for slot in sorted(by_slot) for edge in _slot_edges(slot, by_slot[slot], texts)]
    found.sort(key=lambda e: (e[0].at, e[0].memory_id, e[1].at, e[1].memory_id, e[2].slot))
    merged: dict[tuple[str, str], Supersession] = {}
    for _, _, edge in found:
        pair = (edge.newer_id, edge.older_id)
        first = merged.get(pair)
        if first is None:
            merged[pair] = edge
        else:
            merged[pair] = Supersession(
                first.newer_id,
                first.older_id,
                first.slot,
                first.old_value,
                first.new_value,
                f"{first.reason}; {edge.reason}",
                max(first.confidence, edge.confidence),
            )
    return list(merged.values())
