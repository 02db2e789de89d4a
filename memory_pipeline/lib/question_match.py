"""Which recalled texts can answer a question, from the question's structure: what kind of value it asks
for (a place, a time, a number, a person), whose fact it asks about (the user, or a person it names),
and how much of its wording a text says. Used by the local reasoned answer; no phrase is quoted here.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from memory_pipeline.lib.digest import line_matches
from memory_pipeline.lib.vocab.calendar import MONTHS, NUMBER_WORDS, WEEKDAYS

# the value a question asks for, by its opening words
_ASKS = (
    ("place", re.compile(r"^\W*(where|which (city|country|town|place))\b", re.I)),
    ("time", re.compile(r"^\W*(when|what (day|date|time|year|month)|which (day|date|year|month)|how long ago)\b",
                        re.I)),
    ("number", re.compile(r"^\W*how (many|much|old|often|long|far)\b", re.I)),
    ("person", re.compile(r"^\W*(who|whom|whose)\b", re.I)),
)
# the question's subject: what follows its auxiliary ("where does X live", "what is X's job")
# (after a copula, "my X" is the attribute asked for, not a subject: "what is my job")
_SUBJECT = re.compile(
    r"^\W*\w+(?:\s+\w+){0,2}\s+(?:(?:do|does|did|has|have|had|will|would|can|could)\s+"
    r"(?P<owned>(?:my|your|his|her|their|our)\s+\w+)|(?:do|does|did|is|are|was|were|has|have|had|will|would|can"
    r"|could)\s+(?P<subj>i|you|he|she|they|the user|(?-i:[A-Z][\w'’-]*)))\b", re.I)
_USER = frozenset({"i", "you", "he", "she", "they", "the user"})  # the agent's user, however it is named
_PLACE = re.compile(r"\b(?:in|at|near|from|to|around|outside)\s+(?:the\s+)?[A-Z][\w'’-]+")
_NAME = re.compile(r"(?<![.!?]\s)(?<!^)\b[A-Z][a-z][\w'’-]*")
_DIGIT = re.compile(r"\d")
_THIRD_PERSON_OPENING = re.compile(r"^\W*(?:\w+:\s*)?(?:he|she|they|his|her|their)\b", re.I)
# "my sister Ruth", "our neighbour Tom": someone else's fact when it opens the text
_OTHER_OPENING = re.compile(r"^\W*(?:\w+:\s*)?(?i:my|our)\s+[a-z]+\s+[A-Z][a-z]+")
_CALENDAR = frozenset(MONTHS) | frozenset(WEEKDAYS)
_NUMBERS = frozenset(NUMBER_WORDS)


@dataclass(frozen=True)
class Question:
    asks: str | None  # place | time | number | person | None (any)
    subject: str | None  # "user", or the other person or thing named as the subject (lower case)


def read_question(text: str) -> Question:
    asks = next((kind for kind, pattern in _ASKS if pattern.search(text)), None)
    m = _SUBJECT.search(text)
    subject = None
    if m:
        s = (m.group("owned") or m.group("subj")).lower()
        if s in _USER:
            subject = "user"
        elif s.split()[0] in ("my", "your", "his", "her", "their", "our"):
            subject = s.split()[1]
        else:
            subject = s
    return Question(asks, subject)


def says_kind(text: str, asks: str | None, dated: bool = False) -> bool:
    """Whether a text holds a value of the kind asked for (a place, a time, a number, a person)."""
    lower = {w.strip(".,!?;:()").lower() for w in text.split()}
    if asks == "place":  # a place, or an organisation one is at ("where does she work": "joined Acme")
        return bool(_PLACE.search(text) or _NAME.search(text))
    if asks == "time":
        return dated or bool(_DIGIT.search(text)) or bool(lower & _CALENDAR)
    if asks == "number":
        return bool(_DIGIT.search(text)) or bool(lower & _NUMBERS)
    if asks == "person":
        return bool(_NAME.search(text))
    return True


def someone_else(text: str) -> bool:
    """A text that opens with another person as its subject ("She loves her job", "My sister Ruth ...")."""
    return bool(_THIRD_PERSON_OPENING.search(text) or _OTHER_OPENING.search(text))


def rank(question: str, texts: Sequence[str], scores: Sequence[float], dated: Sequence[bool], floor: float,
         term_weight: float = 0.25) -> list[tuple[int, float]]:
    """(index, match) of the texts that can answer, best first. A text can answer when it is similar
    enough (score >= floor) or says at least half of the question's terms, holds a value of the kind
    asked for, and, when the question names another subject, mentions it. A text about someone else
    when the question asks about the user ranks after every text about the user."""
    q = read_question(question)
    terms = line_matches(question, list(texts))
    out = []
    for i, (text, score, share, d) in enumerate(zip(texts, scores, terms, dated, strict=True)):
        if score < floor and share < 0.5:
            continue
        if not says_kind(text, q.asks, d):
            continue
        if q.subject not in (None, "user") and q.subject not in text.lower():
            continue
        other = q.subject == "user" and someone_else(text)
        out.append((i, score + term_weight * share - (1.0 if other else 0.0)))
    return sorted(out, key=lambda x: -x[1])
