"""Token alignment of two near-identical texts: what the merge guard reads when the named kinds (numbers,
dates, capitalised names, negation) say nothing. Plain functions, no I/O, no word lists of its own."""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from memory_pipeline.lib.text import STOP_WORDS, words
from memory_pipeline.lib.vocab.calendar import SMALL_NUMBERS, TENS

_TOKEN = re.compile(r"[a-z0-9]+(?:['’][a-z]+)?")
# Two spellings of one word ("colour" / "color", "organise" / "organize", "ok" / "okay") share most of
# their letters; two different words of one slot ("tom" / "sam", "tea" / "coffee") do not.
SPELLING_RATIO = 0.8
MAX_SPAN = 2  # a differing detail is a word or two; longer differing spans are rewording
# Numbers and the words that point a date, which the merge guard already compares by value ("a" / "one",
# "two" / "2", "last Friday" / "on Friday"): a span made of them alone is judged there, not here. A
# weekday or month itself stays a detail ("every other Thursday" resolves to no date).
_COMPARED = frozenset({*SMALL_NUMBERS, *TENS, "a", "an", "last", "next", "this", "on"})


@dataclass(frozen=True)
class Span:
    """One region where the aligned texts differ: the tokens each side has there."""

    left: tuple[str, ...]
    right: tuple[str, ...]


def _normal(token: str) -> str:
    token = re.sub(r"['’]s$", "", token)
    return token[:-1] if len(token) > 3 and token.endswith("s") and not token.endswith("ss") else token


def differing_spans(a: str, b: str) -> list[Span]:
    """The regions where the word sequences of `a` and `b` differ, ignoring case, possessive and plural
    endings and regions made only of stop words ("the" / "our")."""
    ta = [_normal(t) for t in words(a, _TOKEN)]
    tb = [_normal(t) for t in words(b, _TOKEN)]
    out = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, ta, tb, autojunk=False).get_opcodes():
        if op == "equal":
            continue
        left, right = tuple(ta[i1:i2]), tuple(tb[j1:j2])
        if all(t in STOP_WORDS for t in left + right):
            continue
        out.append(Span(left, right))
    return out


def _spelling_variant(x: str, y: str) -> bool:
    return difflib.SequenceMatcher(None, x, y, autojunk=False).ratio() >= SPELLING_RATIO


def substituted_word(a: str, b: str) -> Span | None:
    """The one word (or two) put in place of another when that is the texts' only difference, as in a
    sentence repeated with another person, place or thing in one slot ("... led by oskar" / "... led by
    ingrid"). None when the texts differ in more places, only add or drop words, or the two sides are
    spellings of one word. Pairs that differ only so are more often different facts than the same one
    (SICK train: 440 neutral or contradiction, 367 entailment; STS-B train: 342 of 541 below gold 4),
    so a substitution is a detail that differs and is flagged, never merged, for a closer look."""
    spans = differing_spans(a, b)
    if len(spans) != 1:
        return None
    span = spans[0]
    if not span.left or not span.right or len(span.left) > MAX_SPAN or len(span.right) > MAX_SPAN:
        return None
    if _spelling_variant(" ".join(span.left), " ".join(span.right)):
        return None
    if all(t in _COMPARED or t.isdigit() for t in span.left + span.right):
        return None
    return span
