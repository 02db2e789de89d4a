"""Slots from closed vocabularies: the editor, OS, language, drink, diet, shell or browser a first-person
sentence names, negated when a cue such as "from", "no more" or "used to be" stands right before it."""

from __future__ import annotations

import re
from collections.abc import Iterator

from memory_pipeline.lib.extract.items import SlotValue
from memory_pipeline.lib.extract.phrases import normal_value
from memory_pipeline.lib.text import LETTERS, words
from memory_pipeline.lib.vocab.closed import (
    ADJECTIVE_USE_OK,
    CAPITALISED_ONLY,
    NEEDS_CUE,
    NEGATIVE_CUE,
    NEXT_WORD,
    SENTENCE,
    VOCABULARY,
)
from memory_pipeline.lib.vocab.slot_rules import FIRST_PERSON

# alias -> (category, canonical spelling)
ALIASES: dict[str, tuple[str, str]] = {
    alias: (category, canonical)
    for category, table in VOCABULARY.items()
    for alias, canonical in table.items()
}
RELATIVE = re.compile(r"\b(?:that|which|who)\s*$", re.IGNORECASE)
_VOCAB_RE = re.compile(
    r"(?<![\w+#.@-])(?:"
    + "|".join(re.escape(a).replace(r"\ ", r"\s+") for a in sorted(ALIASES, key=len, reverse=True))
    + r")(?![\w+#@-]|\.\w)",
    re.IGNORECASE,
)
VOCABULARY_WORDS = frozenset(w for alias in ALIASES for w in words(alias, LETTERS))


def vocabulary_category(value: str) -> str | None:
    """The slot a known name belongs to ("helix" -> "editor", "vegan" -> "diet"), else None."""
    found = ALIASES.get(normal_value(value))
    return found[0] if found else None


def with_polarity(body: str, values: list[tuple[int, str, str]]) -> Iterator[tuple[int, str, str, bool]]:
    """Each (position, category, value) with whether a negative cue stands right before it. "from X"
    negates only when another value of the category follows ("from vim to helix"): in "gets its queue
    from Kafka", Kafka is the source, not the old choice."""
    for pos, category, value in values:
        cue = NEGATIVE_CUE.search(body, 0, pos)
        # "anything that isn't vim": a relative clause's negation says what the user's value is not
        negated = cue is not None and RELATIVE.search(body, 0, cue.start()) is None
        if negated and cue.group().split()[0].lower() == "from":
            negated = any(p > pos and c == category and v != value for p, c, v in values)
        yield pos, category, value, negated


def _sentence_values(body: str) -> list[tuple[int, str, str]]:
    values: list[tuple[int, str, str]] = []
    for m in _VOCAB_RE.finditer(body):
        token = m.group()
        alias = " ".join(token.lower().split())
        category, canonical = ALIASES[alias]
        if alias in CAPITALISED_ONLY and not token[0].isupper():
            continue
        after = NEXT_WORD.match(body, m.end())
        following = after.group(1) if after else ""
        if following[:1].isupper() and following.lower() not in ALIASES:
            continue  # part of a longer name: "Helix Payments", "Java Island"
        if category in ("drink", "diet") and following and following.lower() not in ADJECTIVE_USE_OK:
            continue
        cue = NEEDS_CUE.get(category)
        if cue is not None and not cue.search(body):
            continue
        values.append((m.start(), category, canonical))
    return values


def vocabulary_slots(text: str) -> Iterator[tuple[int, SlotValue]]:
    for sentence in SENTENCE.finditer(text):
        body = sentence.group()
        if not FIRST_PERSON.search(body):
            continue
        for pos, category, value, negated in with_polarity(body, _sentence_values(body)):
            yield sentence.start() + pos, SlotValue(category, value, negated)
