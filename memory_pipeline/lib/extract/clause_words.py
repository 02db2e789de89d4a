"""The clause reader's words (tokens, masked frame, stems, content words), shared with the profile and judge."""

from __future__ import annotations

import re

from memory_pipeline.lib.vocab import profile_words as pw
from memory_pipeline.lib.vocab.temporal import COUNT

_WORD = re.compile(r"[\w'\u2019£$-]+")


def clause_tokens(clause: str) -> list[str]:
    return [t.replace("\u2019", "'") for t in _WORD.findall(clause)]


def frame(text: str) -> frozenset[str]:
    """The clause's words once values (numbers, names) are masked ("#": a number was), its subject kept:
    "we're 5 now" and "we're 8 people now" share the frame "we're"."""
    tokens = clause_tokens(text)
    words = {t.lower() for i, t in enumerate(tokens) if len(t) > 1 and (t.lower() not in pw.FUNCTION_WORDS
             or t.lower() in pw.FIRST_PERSON) and not any(c.isdigit() for c in t) and not (i and t[:1].isupper())}
    return frozenset(words | ({"#"} if any(c.isdigit() for c in text) else set()))


def stems(words: frozenset[str]) -> frozenset[str]:
    """Crude stems, enough for "volunteering" to meet "volunteer"; cessation words are not content."""
    return frozenset(re.sub(r"(?<=\w{3})(?:ing|ed|es|s)$", "", w).rstrip("e") for w in words
                     if w not in pw.CESSATION and w not in pw.CESSATION_PAIRS)


def content_words(text: str) -> frozenset[str]:
    return frozenset(t.lower() for t in clause_tokens(text) if t.lower() not in pw.FUNCTION_WORDS and len(t) > 1)


def an_outing(after: list[str]) -> bool:
    """A clock time, "early"/"late" or a stretch of time after a departure or a stop ("left Boston at 6am",
    "left the gym early", "paused Netflix for a month while we travel"): it passes, nothing ends for good."""
    return re.search(rf"\b(?:\d{{1,2}}(?::\d{{2}})?(?:am|pm)|early|late|at \d{{1,2}}|while|until|till|for {COUNT} "
                     r"(?:day|week|fortnight|month)s?)\b", " ".join(after).lower()) is not None
