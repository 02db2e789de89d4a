"""Reasoned recall without a model: an answer composed from the top memories and their
resolved dates. It says it is deterministic; an LLM engine answers with its reasoning prompt."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime

from memory_pipeline.engines.base import ReasonedAnswer, RecallRowLike
from memory_pipeline.lib import question_match as match
from memory_pipeline.lib.text import content_words

_WHEN = re.compile(r"\b(when|what (day|date|time)|how long ago|which (day|date|month|year))\b", re.I)


METHOD = "deterministic"
# below this similarity a text must say the question's terms to answer (probes-dev, in-sample: unrelated
# memories of a user score 0.15 at their 75th percentile, memories holding the asked value 0.16 at their 5th)
RELEVANCE_FLOOR = 0.15
# texts that match within this of the best are near ties: the newest answers (recall prefers the newer fact)
NEAR_TIE = 0.1


def answer(question: str, rows: Sequence[RecallRowLike], as_of: datetime | None) -> ReasonedAnswer:
    """`as_of` is already applied by recall (rows created later are not there). The answer is the text
    that best matches the question (`lib.question_match`): similar enough or saying its terms, holding
    the kind of value asked for, about the subject asked about; only current rows answer."""
    current = [r for r in rows if r.kind != "profile" and r.current]
    pieces = _pieces(current)
    ranked = match.rank(question, [t for _, t, _ in pieces], [s for _, _, s in pieces],
                        [bool(r.resolved_dates) for r, _, _ in pieces], RELEVANCE_FLOOR)
    if not ranked:
        why = "Recall returned nothing current." if not current else \
            f"None of {len(current)} current rows matches the question (its subject, the value it asks for, its terms)."
        return ReasonedAnswer("No memory answers this.", 0.0, why, (), (), False, METHOD)
    # near ties, and texts that say a question word the best text says (its topic: "wedding"), go to the
    # newest: a newer word on the same thing ("scratch that, the wedding is the 19th") answers
    topic = set(content_words(question)) & set(content_words(pieces[ranked[0][0]][1]))
    ties = [i for i, m in ranked if m >= ranked[0][1] - NEAR_TIE
            or (m > 0 and topic & set(content_words(pieces[i][1])))]
    first = max(ties, key=lambda i: (pieces[i][0].created_at or "", -ties.index(i)))
    ranked = [(first, 0.0)] + [x for x in ranked if x[0] != first]
    order = list(dict.fromkeys(pieces[i][0].id for i, _ in ranked))  # rows by their best piece
    by_id = {r.id: r for r in current}
    top, best_text, best_score = pieces[first]
    steps = [f"Best match (score {best_score:.2f}, recorded {(top.created_at or '')[:10]}): {best_text!r}."]
    resolutions = []
    for r in (by_id[i] for i in order[:5]):
        for d in r.resolved_dates:
            text, date, conf = _resolution(d)
            resolutions.append({"original_text": text, "memory_timestamp": r.created_at, "resolved_date": date,
                                "confidence": conf})
    superseded = [r for r in rows if not r.current]
    if superseded:
        steps.append(f"{len(superseded)} older memory(ies) were superseded and are not used as current.")
    if len(current) > len(order):
        steps.append(f"{len(current) - len(order)} current row(s) did not match the question and were left out.")
    if _WHEN.search(question) and resolutions:
        first = resolutions[0]
        text = (f"{first['resolved_date']} ({first['original_text']!r}"
                f" in a memory recorded {first['memory_timestamp'][:10]}): {best_text}")  # the date and what it dates
        steps.append(f"Resolved {first['original_text']!r} against the memory's timestamp.")
        inference = True
    else:
        text = best_text
        inference = False
    confidence = max(0.0, min(1.0, best_score))
    return ReasonedAnswer(text, round(confidence, 3), " ".join(steps), tuple(resolutions),
                          tuple(order[:5]), inference, METHOD)


def _pieces(rows: Sequence[RecallRowLike]) -> list[tuple[RecallRowLike, str, float]]:
    """(row, text, similarity): a memory's text; a summary's matched turns and its lines."""
    out = []
    for r in rows:
        if r.kind == "memory":
            out.append((r, r.content, r.score))
            continue
        out += [(r, e["content"], float(e.get("score", r.score))) for e in getattr(r, "evidence", None) or []]
        out += [(r, line, r.score) for line in r.content.split("\n") if line.strip()]
    return out


def _resolution(d) -> tuple[str, str, float]:
    """(expression, ISO date or range, confidence) from a memory's dict or a summary's (text, date) pair."""
    if isinstance(d, dict):
        date = d["date"] if d.get("end") in (None, d["date"]) else f"{d['date']}..{d['end']}"
        return d.get("text", ""), date, float(d.get("confidence", 0.8))
    text, date = d[0], d[1]
    return str(text), str(date), 0.8
