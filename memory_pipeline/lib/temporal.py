"""Date expressions in a memory's text, resolved against the memory's own timestamp."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime

from memory_pipeline.lib.temporal_rules import HANDLERS, Resolution, date_words
from memory_pipeline.lib.temporal_tensed import TENSED_HANDLERS
from memory_pipeline.lib.tense import ClauseTense, Tense
from memory_pipeline.lib.vocab.temporal import TEMPORAL_RULES

GRANULARITIES = ("day", "week", "month", "season", "year")


@dataclass(frozen=True)
class TemporalReference:
    """One date expression in a text, resolved to an inclusive date range (a single day when equal)."""

    original_text: str
    start: int
    end: int
    resolved_date: date
    resolved_end: date
    granularity: str  # one of GRANULARITIES
    confidence: float
    # How it was resolved: "rule:<kind>" (the rule table; no library resolves dates on the save path), and
    # for a date whose direction the clause decided, the tense read ("past", "future", "present") and the
    # word that decided it ("" when the clause had none and the present was assumed).
    method: str = "rule"
    tense: str | None = None
    cue: str | None = None

    @property
    def label(self) -> str:
        """The ISO date, or "start..end" (both ISO) for a range."""
        if self.resolved_end == self.resolved_date:
            return self.resolved_date.isoformat()
        return f"{self.resolved_date.isoformat()}..{self.resolved_end.isoformat()}"


@dataclass(frozen=True)
class Rule:
    pattern: re.Pattern[str]
    kind: str  # the handler's name, recorded as the method
    handler: Callable
    tensed: bool  # the handler takes the clause's tense
    # A text can only match when its words meet every one of these sets; checked before the regex,
    # so the common sentence without any date word costs a split and a few set lookups.
    needs: tuple[frozenset[str], ...]


RULES: tuple[Rule, ...] = tuple(
    Rule(
        re.compile(pattern, re.IGNORECASE),
        name,
        TENSED_HANDLERS.get(name) or HANDLERS[name],
        name in TENSED_HANDLERS,
        tuple(frozenset(n.split()) if isinstance(n, str) else frozenset(n) for n in needs),
    )
    for pattern, name, needs in TEMPORAL_RULES
)
# Every rule needs at least one of these.
ALL_NEEDS = frozenset().union(*(rule.needs[0] for rule in RULES))

# (start, end, rule priority, resolution, method, tense or None)
_Candidate = tuple[int, int, int, Resolution, str, Tense | None]


def _candidates(text: str, words: set[str], today: date) -> list[_Candidate]:
    candidates: list[_Candidate] = []
    for priority, rule in enumerate(RULES):
        if any(need.isdisjoint(words) for need in rule.needs):
            continue
        for m in rule.pattern.finditer(text):
            clause = ClauseTense(text, m.start(), m.end()) if rule.tensed else None
            try:
                resolution = rule.handler(m, today, clause) if clause else rule.handler(m, today)
            except (ValueError, OverflowError):
                continue  # no such calendar date, or outside the representable years
            if resolution is not None:
                candidates.append((m.start(), m.end(), priority, resolution, "rule:" + rule.kind,
                                   clause.read if clause else None))
    return candidates


def _longest_first(candidates: list[_Candidate]) -> list[_Candidate]:
    """Non-overlapping candidates in text order: longer ones win, then earlier ones, then earlier rules."""
    candidates.sort(key=lambda c: (c[0] - c[1], c[0], c[2]))
    chosen: list[_Candidate] = []
    for cand in candidates:
        if all(cand[1] <= other[0] or cand[0] >= other[1] for other in chosen):
            chosen.append(cand)
    chosen.sort()
    return chosen


def resolve_temporal_references(text: str, anchor: datetime) -> list[TemporalReference]:
    """Every date expression in `text`, resolved against `anchor`, in text order, never overlapping.

    Resolution rules (the anchor is the memory's calendar date in its own time zone; naive means UTC):

    - today, tonight, this morning/afternoon/evening, earlier/later today -> the anchor date;
      yesterday, last night -> one day before; the day before yesterday -> two days before;
      tomorrow -> one day after; the day after tomorrow -> two days after.
    - "N days/weeks/fortnights/months/years ago" and "in N ..." / "N ... from now": the anchor shifted by
      N units (months clamp to the month's last day). N is digits, one..twenty, a/an, "a couple of" (2)
      or "a few" (3, lower confidence). The result is a single date; granularity says how precise it is.
    - "the past/last N days" (and "the past week"): the range from N units before the anchor to the anchor;
      "the next N days": from the anchor to N units after it.
    - last/this/next week (ISO weeks, Monday..Sunday), month, year, weekend (Saturday..Sunday of that
      week, granularity "week").
    - Weekdays: "last Friday" / "this past Friday" is the most recent Friday strictly before the anchor
      (an anchor on a Friday gives the Friday a week earlier); "next Friday" / "this coming Friday" the
      first one strictly after; "this Friday" the Friday of the anchor's week; "on Friday" or a bare
      "Friday" the most recent past one, with lower confidence. Plurals ("on Fridays") are habits, not dates.
    - Months: "this March" is March of the anchor's year; "last March" the most recent March strictly
      before the anchor's month; "next March" the first March strictly after it; "in/early/mid/late/
      during/since March" the most recent March at or before the anchor's month (lower confidence when
      that means the previous year, since it may be a plan). "March 2023" is exact. A bare month name is
      not matched ("may" is a verb; "May" needs a preposition, a day or a year).
    - Seasons (meteorological, northern hemisphere; winter runs December..February): "last summer" is
      the most recent summer that ended before the anchor, "next summer" the first one starting after
      it, "this summer" the one of the anchor's year; "summer 2023" is exact.
    - Explicit dates: 2023-05-07, 2023/05/07, "May 7", "May 7th, 2023", "7 May 2023", "the 7th of May",
      optionally after a weekday ("Sunday, May 7"). Without a year: the most recent occurrence at or
      before the anchor. "in 2023" / "during 2023" is that year. Numeric d/m/y forms are ambiguous and
      not matched.

    Where expressions overlap, the longest wins ("the day before yesterday" over "yesterday").
    """
    if not text:
        return []
    words = date_words(text)
    if ALL_NEEDS.isdisjoint(words):
        return []
    today = anchor.date()  # the calendar date where the memory was written
    return [
        TemporalReference(text[start:end], start, end, *res, method=method,
                          tense=tense.tense if tense else None, cue=tense.cue if tense else None)
        for start, end, _, res, method, tense in _longest_first(_candidates(text, words, today))
    ]


def resolve_temporal_reference(expr: str, anchor: datetime) -> TemporalReference | None:
    """The longest date expression in `expr` (normally the whole of it), or None."""
    refs = resolve_temporal_references(expr, anchor)
    if not refs:
        return None
    return max(refs, key=lambda r: (r.end - r.start, -r.start))


def annotate_dates(text: str, refs: list[TemporalReference]) -> str:
    """`text` with " [YYYY-MM-DD]" (or " [start..end]") after each expression.

    Idempotent: an expression already followed by its label, or an ISO date equal to its own label,
    is left alone. Raises ValueError when a reference does not match the text or references overlap.
    """
    pieces: list[str] = []
    position = 0
    for ref in sorted(refs, key=lambda r: (r.start, r.end)):
        if ref.start < position or text[ref.start : ref.end] != ref.original_text:
            raise ValueError(f"reference {ref.original_text!r} at {ref.start} does not fit the text")
        pieces.append(text[position : ref.end])
        suffix = f" [{ref.label}]"
        if ref.original_text != ref.label and not text.startswith(suffix, ref.end):
            pieces.append(suffix)
        position = ref.end
    pieces.append(text[position:])
    return "".join(pieces)
