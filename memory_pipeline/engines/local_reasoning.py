"""Reasoned recall without a model (seed 003): an answer composed from the top memories and their
resolved dates. It says it is deterministic; an LLM engine answers with the seed 003 reasoning prompt."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime

from memory_pipeline.engines.base import ReasonedAnswer, RecallRowLike

_WHEN = re.compile(r"\b(when|what (day|date|time)|how long ago|which (day|date|month|year))\b", re.I)


METHOD = "deterministic"


def answer(question: str, rows: Sequence[RecallRowLike], as_of: datetime | None) -> ReasonedAnswer:
    """`as_of` is already applied by recall (rows created later are not there)."""
    current = [r for r in rows if r.kind != "profile" and r.current]
    if not current:
        return ReasonedAnswer("No memory answers this.", 0.0, "Recall returned nothing current.", (), (),
                              False, METHOD)
    top = current[0]
    steps = [f"Top memory (score {top.score:.2f}, recorded {top.created_at[:10]}): {top.content!r}."]
    resolutions = []
    for r in current[:5]:
        for d in r.resolved_dates:
            text, date, conf = _resolution(d)
            resolutions.append({"original_text": text, "memory_timestamp": r.created_at, "resolved_date": date,
                                "confidence": conf})
    superseded = [r for r in rows if not r.current]
    if superseded:
        steps.append(f"{len(superseded)} older memory(ies) were superseded and are not used as current.")
    if _WHEN.search(question) and resolutions:
        first = resolutions[0]
        text = f"{first['resolved_date']} ({first['original_text']!r} in a memory recorded {top.created_at[:10]})"
        steps.append(f"Resolved {first['original_text']!r} against the memory's timestamp.")
        inference = True
    else:
        text = top.content
        inference = False
    confidence = max(0.0, min(1.0, top.score))
    return ReasonedAnswer(text, round(confidence, 3), " ".join(steps), tuple(resolutions),
                          tuple(r.id for r in current[:5]), inference, METHOD)


def _resolution(d) -> tuple[str, str, float]:
    """(expression, ISO date or range, confidence) from a memory's dict or a summary's (text, date) pair."""
    if isinstance(d, dict):
        date = d["date"] if d.get("end") in (None, d["date"]) else f"{d['date']}..{d['end']}"
        return d.get("text", ""), date, float(d.get("confidence", 0.8))
    text, date = d[0], d[1]
    return str(text), str(date), 0.8
