"""Project decisions in sentences without "I": slots such as "database@atlas billing" (the project's
codename and first component word) for its database, queue, hosting, CI, language, deadline, budget
and owner."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterator

from memory_pipeline.lib.extract.closed import ALIASES, with_polarity
from memory_pipeline.lib.extract.items import SlotValue
from memory_pipeline.lib.text import LETTERS, words
from memory_pipeline.lib.vocab.closed import SENTENCE
from memory_pipeline.lib.vocab.projects import (
    ENTITY,
    MONEY,
    MONTH_DAY,
    MONTH_NAMES,
    NOT_AN_ENTITY,
    OWNER_RULES,
    PROJECT_CAPITALISED_ONLY,
    PROJECT_CUES,
    PROJECT_VOCABULARY,
    SUB_ITEM,
    SWITCH_CUE,
    VERB_AFTER_NAME,
)
from memory_pipeline.lib.vocab.slot_rules import FIRST_PERSON, NOT_A_PERSON

# alias -> every (category, canonical spelling) it can mean: Postgres is a database or a queue
PROJECT_ALIASES: dict[str, list[tuple[str, str]]] = defaultdict(list)
for _kind, _names in PROJECT_VOCABULARY.items():
    for _alias, _canonical in _names.items():
        PROJECT_ALIASES[_alias].append((_kind, _canonical))
_PROJECT_RE = re.compile(
    r"(?<![\w.@-])(?:"
    + "|".join(re.escape(a).replace(r"\ ", r"\s+") for a in sorted(PROJECT_ALIASES, key=len, reverse=True))
    + r")(?![\w@-]|\.\w)",
    re.IGNORECASE,
)
PROJECT_WORDS = frozenset(w for alias in PROJECT_ALIASES for w in words(alias, LETTERS)) | MONTH_NAMES
_OWNER_RULES = tuple(re.compile(pattern) for pattern in OWNER_RULES)

_Values = list[tuple[int, str, str]]
_Spans = list[tuple[int, int]]


def _entity(sentence: str, spans: _Spans) -> str | None:
    """The one project a sentence is about, as "codename component" in lower case, else None."""
    keys = set()
    for m in ENTITY.finditer(sentence):
        name, after = m.group(1), m.group(2)
        lowered = name.lower()
        if lowered in NOT_AN_ENTITY or lowered in MONTH_NAMES:
            continue
        if any(start <= m.start() < end or start <= m.start(2) < end for start, end in spans):
            continue  # part of a value: "Redis Streams", "GitHub Actions"
        if lowered in PROJECT_ALIASES or lowered in ALIASES:
            continue
        keys.add(lowered if after.lower() in VERB_AFTER_NAME else f"{lowered} {after.lower()}")
    return keys.pop() if len(keys) == 1 else None


def _named_values(sentence: str, switch: bool, found: _Values, spans: _Spans) -> None:
    """Technologies the sentence names, into `found` and `spans`. A name of several categories
    (Postgres: database or queue) takes the one its cue word, or another value in the sentence,
    points to."""
    unsure: list[tuple[int, list[tuple[str, str]]]] = []
    for m in _PROJECT_RE.finditer(sentence):
        alias = " ".join(m.group().lower().split())
        if alias in PROJECT_CAPITALISED_ONLY and not m.group()[0].isupper():
            continue
        options = PROJECT_ALIASES[alias]
        cued = [(c, v) for c, v in options if PROJECT_CUES[c].search(sentence)]
        if len(options) == 1 and (cued or switch):
            # A name in passing ("Alice said the Kafka cluster is flaky") is not a decision.
            found.append((m.start(), *options[0]))
            spans.append((m.start(), m.end()))
        elif len(options) > 1 and cued:
            # "queue" is the more specific word when a sentence also says "database"
            found.append((m.start(), *sorted(cued, key=lambda o: o[0] != "queue")[0]))
            spans.append((m.start(), m.end()))
        elif len(options) > 1:
            unsure.append((m.start(), options))
            spans.append((m.start(), m.end()))
    categories = {c for _, c, _ in found}
    for pos, options in unsure:
        found += [(pos, c, v) for c, v in options if c in categories][:1]


def _project_values(sentence: str) -> tuple[_Values, _Spans]:
    """(position, category, value) for each technology, date or amount the sentence names, and the
    spans they cover."""
    switch = SWITCH_CUE.search(sentence) is not None
    spans: _Spans = []
    found: _Values = []
    _named_values(sentence, switch, found, spans)
    if PROJECT_CUES["deadline"].search(sentence) and not SUB_ITEM.search(sentence):
        for m in MONTH_DAY.finditer(sentence):
            found.append((m.start(), "deadline", f"{m['month']} {int(m['day'])}"))
            spans.append((m.start(), m.end()))
    if PROJECT_CUES["budget"].search(sentence) or switch:
        for m in MONEY.finditer(sentence):
            found.append((m.start(), "budget", re.sub(r"\s+", "", m.group()).lower()))
            spans.append((m.start(), m.end()))
    return sorted(found), spans


def project_slots(text: str) -> Iterator[tuple[int, SlotValue]]:
    for sentence in SENTENCE.finditer(text):
        body = sentence.group()
        if FIRST_PERSON.search(body):
            continue  # "I"-sentences are about the user
        values, spans = _project_values(body)
        if not values:
            continue
        entity = _entity(body, spans)
        if entity is None:
            continue
        for pos, category, value, negated in with_polarity(body, values):
            yield sentence.start() + pos, SlotValue(f"{category}@{entity}", value, negated)


def _owner(m: re.Match[str]) -> Iterator[tuple[int, SlotValue]]:
    entity_words = m["p"].split()
    if entity_words[0].lower() in NOT_AN_ENTITY:
        return
    key = " ".join(w.lower() for w in entity_words[:2])
    for group, negated in (("n", False), ("old", True)):
        name = m.groupdict().get(group)
        if name and name.lower() not in NOT_A_PERSON:
            yield m.start(group), SlotValue(f"owner@{key}", name.capitalize(), negated)


def owner_slots(text: str) -> Iterator[tuple[int, SlotValue]]:
    for pattern in _OWNER_RULES:
        for m in pattern.finditer(text):
            yield from _owner(m)
