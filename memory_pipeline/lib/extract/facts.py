"""Pattern-extracted facts and negations, what the save path stores: e-mails, phones, URLs,
preferences, negations, and habits. Plain functions, no I/O; the rules themselves are the table
in vocab.fact_rules."""

from __future__ import annotations

import re
from collections.abc import Iterator

from memory_pipeline.lib.extract.engine import Handler, apply_rules, compile_rules, text_words, trigger_words
from memory_pipeline.lib.extract.items import Fact
from memory_pipeline.lib.extract.phrases import capture, gerund, phrase_after, usable_value
from memory_pipeline.lib.text import LETTERS, content_words
from memory_pipeline.lib.vocab.fact_rules import (
    DATE_LIKE,
    EMAIL,
    EMAIL_RE,
    FACT_RULES,
    HABIT,
    HABIT_ADVERBS,
    HABIT_STOPS,
    NEGATION,
    NEGATION_SKIP,
    NEGATION_STOPS,
    NOT_A_HABIT,
    OBJECT_VERBS,
    PAST,
    PHONE,
    PHONE_RE,
    PREFERENCE,
    URL,
    URL_RE,
)
from memory_pipeline.lib.vocab.words import HABIT_FILLER, PREFERENCE_STOPS

_Found = Iterator[tuple[int, Fact]]
# "I don't like it in winter": "in" / "at" may belong to the object of a negated verb.
_NEGATED_OBJECT_STOPS = NEGATION_STOPS - {"in", "at"}


def _fact(kind: str, value: str, text: str, start: int, end: int, negated: bool = False) -> tuple[int, Fact]:
    return start, Fact(kind, " ".join(value.split()), negated, text[start:end].strip())


def _object_handler(
    kind: str, *, stops: frozenset[str], max_words: int, prefix: str = "", negated: bool = False
) -> Handler:
    def handle(text: str, m: re.Match[str]) -> _Found:
        pos = m.end()
        if kind in (PREFERENCE, NEGATION) and text[pos : pos + 3].lower() == "to ":
            pos += 3  # "I like to run" -> "run"
        value, end = capture(text, pos, max_words, stops)
        if value:
            yield _fact(kind, prefix + value, text, m.start(), end, negated)

    return handle


def _favorite(text: str, m: re.Match[str]) -> _Found:
    value, end = capture(text, m.end(), 6, PREFERENCE_STOPS)
    if value:
        yield _fact(PREFERENCE, f"favorite {m['cat'].lower()}: {value}", text, m.start(), end)


def _negated_verb(text: str, m: re.Match[str]) -> _Found:
    verb = m["verb"].lower()
    if verb in NEGATION_SKIP:
        return
    obj, end = phrase_after(text, m.end(), 6, _NEGATED_OBJECT_STOPS)
    if verb in OBJECT_VERBS:
        if not usable_value(obj):
            return
        value = obj[3:] if obj.lower().startswith("to ") else obj
    else:
        # Past tense stays as said ("used vim"); the present becomes an activity ("drinking coffee").
        head = verb if verb.endswith("ed") and len(verb) > 3 else gerund(verb)
        value = f"{head} {obj}".strip()
        end = max(end, m.end("verb"))
    yield _fact(NEGATION, value, text, m.start(), end, True)


def _habit(text: str, m: re.Match[str]) -> _Found:
    value, end = phrase_after(text, m.end(), 12, HABIT_STOPS)
    if not usable_value(value) or value.split()[0].lower() in NOT_A_HABIT:
        return
    groups = m.groupdict()
    if groups.get("period"):
        value = (
            f"{value} {'every' if m['how'].lower() in ('every', 'each') else 'on'} {groups['period'].lower()}"
        )
    elif groups.get("when"):
        if PAST.search(groups["when"]):
            return  # "When I was a kid, I ..." is a memory, not a habit
        when = " ".join(groups["when"].split())
        value = f"{value} {when[:1].lower()}{when[1:]}"
    yield _fact(HABIT, value, text, m.start(), end)


def _trailing_habit(text: str, m: re.Match[str]) -> _Found:
    body = m["body"]
    if body.split()[0].lower() in HABIT_ADVERBS or body.split()[0].lower() in ("don't", "never", "can't"):
        return  # the leading-adverb rule or a negation already covers it
    yield _fact(HABIT, f"{body} every {m['period'].lower()}", text, m.start(), m.end())


def _value_before(kind: str, prefix: str = "", max_words: int = 5) -> Handler:
    """For "Bouldering is how I unwind": the value is the phrase that opens the clause."""

    def handle(text: str, m: re.Match[str]) -> _Found:
        value = " ".join(m["val"].split())
        if value[1:] == value[1:].lower():
            value = value[:1].lower() + value[1:]  # capitalised only because it starts the sentence
        if usable_value(value) and len(value.split()) <= max_words:
            yield _fact(kind, prefix + value, text, m.start("val"), m.end())

    return handle


_HANDLERS = {
    "object": _object_handler,
    "favorite": _favorite,
    "negated_verb": _negated_verb,
    "habit": _habit,
    "trailing_habit": _trailing_habit,
    "value_before": _value_before,
}
_RULES = compile_rules(FACT_RULES, _HANDLERS)
_ALL_TRIGGERS = trigger_words(_RULES)


def _phones(text: str) -> _Found:
    for m in PHONE_RE.finditer(text):
        raw = m.group().strip()
        digits = re.sub(r"\D", "", raw)
        separated = any(c in raw for c in "-.()") or raw.startswith("+")
        if DATE_LIKE.fullmatch(raw) or not 7 <= len(digits) <= 15:
            continue
        if not separated and len(digits) < 10:
            continue  # a bare 7-9 digit number is more likely an id or an amount
        yield m.start(), Fact(PHONE, ("+" if raw.startswith("+") else "") + digits, False, raw)


def extract_facts(text: str) -> list[Fact]:
    """Facts and negations in `text`, in text order, each (kind, value, negated) once."""
    found: list[tuple[int, Fact]] = []
    if "@" in text:
        found += [
            (m.start(), Fact(EMAIL, m.group().lower(), False, m.group())) for m in EMAIL_RE.finditer(text)
        ]
    lowered = text.lower()
    if "http" in lowered or "www." in lowered:
        for m in URL_RE.finditer(text):
            url = m.group().rstrip(".,;:!?)]}'\"")
            found.append((m.start(), Fact(URL, url, False, url)))
    found += _phones(text)
    words = text_words(text)
    if not _ALL_TRIGGERS.isdisjoint(words):
        found += [(pos, fact) for pos, _, fact in apply_rules(_RULES, text, words)]
    found.sort(key=lambda item: item[0])
    seen: set[tuple[str, str, bool]] = set()
    facts: list[Fact] = []
    for _, fact in found:
        key = (fact.kind, fact.value.lower(), fact.negated)
        if key not in seen:
            seen.add(key)
            facts.append(fact)
    return facts


def _stem(word: str) -> str:
    # Crude on purpose: it only has to map "going"/"go" and "writing"/"write" to one key.
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        word = word[:-1]
    if len(word) >= 5 and word.endswith("ing"):
        word = word[:-3]
    if len(word) > 3 and word.endswith("e"):
        word = word[:-1]
    if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "aeiou":
        word = word[:-1]
    return word


def habit_key(value: str) -> str:
    """A key equal for the same habit said in other words or order: "Going for a run before work"
    and "go for a run before work" agree."""
    return " ".join(sorted({_stem(w) for w in content_words(value, HABIT_FILLER, LETTERS)}))
