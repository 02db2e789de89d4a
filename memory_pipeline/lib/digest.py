"""Fact sentences for extractive summaries: who said it, the filler left out, relative dates resolved.

A transcript line ("Caroline: Wow, thanks! I went to a support group yesterday.") becomes the sentences
that carry something ("I went to a support group yesterday (7 May 2023).") attributed to its speaker.
Filler is recognised by generic cues only (vocab.chatter): a clause of nothing but interjections,
evaluation words, stop words and the speakers' names, or a question back to the other speaker.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from datetime import date, datetime

from memory_pipeline.lib.temporal import TemporalReference, resolve_temporal_references
from memory_pipeline.lib.tense import PAST, tense_of
from memory_pipeline.lib.text import STOP_WORDS, words
from memory_pipeline.lib.vocab.chatter import (
    EVALUATIVE,
    INTERJECTIONS,
    IRREGULAR_VERBS,
    MIN_INFORMATIVE_WORDS,
    QUESTION_END,
)

SPEAKER = re.compile(r"^\s*([A-Z][\w.'-]{0,30}(?: [A-Z][\w.'-]{0,30}){0,2}):\s+")
# a clause boundary inside a sentence: " - ", " – ", "; " (a filler clause before it can go)
_CLAUSE = re.compile(r"\s+[-\u2013\u2014]\s+|;\s+")
_OPENER = re.compile(r"^(?:(?:[A-Za-z']+)[,!]\s+)+")
MIN_DATE_CONFIDENCE = 0.7
_AUXILIARIES = frozenset({"do", "have", "be"})  # "When did ...", "Has she ...": no term of the question
_FILLER = INTERJECTIONS | EVALUATIVE | STOP_WORDS


@dataclass(frozen=True)
class FactSentence:
    speaker: str | None
    text: str  # the sentence as delivered: filler clauses out, dates resolved
    body: str  # the informative words' source text, without speaker or date annotations
    informative: int  # words left once filler, stop words and names are out
    dates: tuple[str, ...] = ()  # the relative dates it states, resolved in words


def speaker_of(text: str) -> tuple[str | None, str]:
    """("Caroline", "I went ...") for "Caroline: I went ..."; (None, text) when there is no speaker."""
    m = SPEAKER.match(text)
    return (m.group(1), text[m.end():]) if m else (None, text)


def informative_words(text: str, names: frozenset[str]) -> list[str]:
    """The words of `text` that are neither filler nor a name of the people talking (or its first
    three letters, as nicknames go: "Mel" for Melanie)."""
    return [w for w in words(text)
            if w not in _FILLER and w not in names and not any(len(w) >= 3 and n.startswith(w) for n in names)]


def strip_filler(sentence: str, names: frozenset[str]) -> str | None:
    """The sentence without filler clauses and leading interjections; None when nothing is left or it
    only asks the other speaker something."""
    if sentence.rstrip().endswith(QUESTION_END):
        return None
    kept = [c for c in _CLAUSE.split(sentence) if len(informative_words(c, names)) >= MIN_INFORMATIVE_WORDS]
    if not kept:
        return None
    text = " - ".join(kept).strip()
    m = _OPENER.match(text)
    if m and all(w in _FILLER or w in names for w in words(m.group(0))):
        text = text[m.end():]
        text = text[:1].upper() + text[1:]
    return text or None


def date_phrase(ref: TemporalReference, anchor: date) -> str:
    """A resolved date in words, anchored where the text was relative: "7 May 2023", "June 2023",
    "2022", "the week before 9 June 2023", "the weekend of 15 July 2023"."""
    start, end = ref.resolved_date, ref.resolved_end
    if ref.granularity == "year" and (start == end or (start.month, start.day, end.month, end.day) == (1, 1, 12, 31)):
        return str(start.year)
    if ref.granularity == "month" and start.day == 1 and (end - start).days >= 27:
        return f"{start.strftime('%B')} {start.year}"
    if ref.granularity == "season":
        return f"{_season(start)} {start.year}"
    if ref.granularity == "week" and start != end:
        span = "weekend" if start.weekday() == 5 and (end - start).days <= 1 else "week"
        if end < anchor:
            where = "before" if (anchor - end).days <= 7 else "of"
        elif start > anchor:
            where = "after" if (start - anchor).days <= 7 else "of"
        else:
            where = "of"
        return f"the {span} {where} {_day(anchor if where != 'of' else start)}"
    if start == end:
        return _day(start) if ref.granularity == "day" else f"around {_day(start)}"
    return f"{_day(start)} to {_day(end)}"


# what a resolution says of a period over before the newest source ("this month (April 2025, now past)")
OVER = "now past"
# a resolution `with_dates` added: " (9 May 2021)", " (2021, now past)"
_RESOLVED = re.compile(rf" \([^()]*\d{{4}}(?:, {OVER})?\)")


def without_dates(text: str) -> str:
    """`text` without the date resolutions `with_dates` added: what the sources themselves said."""
    return _RESOLVED.sub("", text)


def with_dates(text: str, anchor: datetime, until: datetime | None = None) -> tuple[str, list[str]]:
    """`text` with each relative date expression followed by its resolution in words, and those
    resolutions. Explicit dates ("3 June 2021") are left as they are. A period (a week, month, season or
    year: not a day, which is an event's) that ended before `until` (the newest source of what is
    summarised), in a clause not told in the past ("aiming for 12 hikes this month", "the
    guests stay next week"), says so: what the clause states held for a time that is over; not when the
    period only starts the state ("from next month", "since May")."""
    out, at, n = [], 0, []
    for ref in resolve_temporal_references(text, anchor):
        if any(c.isdigit() for c in ref.original_text) or ref.confidence < MIN_DATE_CONFIDENCE:
            continue  # already absolute, or a guess ("on Friday" may be the next one)
        out.append(text[at:ref.end])
        n.append(date_phrase(ref, anchor.date()))
        # "on leave from next month", "here since May": the period starts a state that goes on, it ends nothing
        starts = [w.strip("([\"'") for w in text[: ref.start].lower().split()[-1:]] in (["from"], ["since"])
        over = until is not None and ref.granularity != "day" and ref.resolved_end < until.date() and (
            tense_of(text, ref.start, ref.end).tense != PAST) and not starts
        out.append(f" ({n[-1]}, {OVER})" if over else f" ({n[-1]})")
        at = ref.end
    out.append(text[at:])
    return "".join(out), n


def fact_sentences(content: str, created_at: datetime, names: frozenset[str],
                   split, until: datetime | None = None) -> list[FactSentence]:
    """The informative sentences of one memory, in order (`split`: the sentence splitter; `until`: see
    `with_dates`)."""
    speaker, body = speaker_of(content)
    out = []
    for sentence in split(body):
        kept = strip_filler(sentence, names)
        if kept is None:
            continue
        text, dates = with_dates(kept, created_at, until)
        out.append(FactSentence(speaker, text, kept, len(informative_words(kept, names)), tuple(dates)))
    return out


def speakers(contents) -> frozenset[str]:
    """The lower-cased names of everyone speaking in these texts."""
    return frozenset(w for c in contents if (s := speaker_of(c)[0]) for w in words(s))


def _day(d: date) -> str:
    return f"{d.day} {d.strftime('%B')} {d.year}"


def _season(d: date) -> str:
    return {12: "winter", 1: "winter", 2: "winter", 3: "spring", 4: "spring", 5: "spring", 6: "summer",
            7: "summer", 8: "summer"}.get(d.month, "autumn")



def fact_units(body: str, names: frozenset[str]) -> frozenset[str]:
    """The informative words of a sentence and their adjacent pairs: what coverage counts."""
    ws = informative_words(body, names)
    return frozenset(ws) | frozenset(f"{a} {b}" for a, b in zip(ws, ws[1:], strict=False))


def _stem(word: str) -> str:
    word = IRREGULAR_VERBS.get(word, word)
    for suffix in ("ing", "ed", "es", "s"):
        if len(word) > len(suffix) + 3 and word.endswith(suffix):
            return word[: -len(suffix)]
    return word


def query_terms(text: str) -> frozenset[str]:
    """The stems of a question's content words ("When did Caroline go to the support group?" ->
    caroline, go, support, group)."""
    return frozenset(t for w in words(text) if w not in STOP_WORDS and (t := _stem(w)) not in _AUXILIARIES)


def line_matches(query: str, lines: list[str]) -> list[float]:
    """How much of the question each line says: the share of the question's terms it contains, each
    term weighted by how rare it is among these lines (a name on every line counts for little)."""
    terms = query_terms(query)
    if not terms or not lines:
        return [0.0] * len(lines)
    stems = [frozenset(_stem(w) for w in words(line)) for line in lines]
    n = len(lines)
    weight = {t: math.log((n + 1) / (1 + sum(t in s for s in stems))) + 0.1 for t in terms}
    total = sum(weight.values())
    return [sum(w for t, w in weight.items() if t in s) / total for s in stems]
