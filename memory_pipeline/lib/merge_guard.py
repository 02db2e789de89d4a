"""The save-path guard (mission section 3): near-identical texts whose numbers, dates, names or
negation differ must not be merged. Plain functions, no I/O."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

from memory_pipeline.lib.alignment import substituted_word
from memory_pipeline.lib.temporal import TemporalReference, resolve_temporal_references
from memory_pipeline.lib.text import LETTERS, WORD_APOSTROPHE, content_words, words
from memory_pipeline.lib.vocab.calendar import MONTHS, NUMBER_WORDS, SMALL_NUMBERS, TENS, WEEKDAYS
from memory_pipeline.lib.vocab.guard import (
    DATE_NAMES,
    DIGIT,
    NAME_TOKEN,
    NEGATION,
    NOT_NAMES,
    NOT_NEGATIONS,
    NUMBER,
    NUMBER_WORDS_ALL,
    OPENERS,
    SENTENCE_BREAK,
    THOUSANDS,
    UNIT_NUMBER,
)
from memory_pipeline.lib.vocab.words import ANTONYMS, WORDING_FILLER

# Two anchors far apart: an expression that resolves the same against both is an absolute date.
_ANCHOR_A = datetime(2001, 1, 1)
_ANCHOR_B = datetime(2010, 7, 15)


@dataclass(frozen=True)
class Signature:
    """What two near-identical texts must agree on before they may be merged."""

    numbers: frozenset[str]
    dates: frozenset[str]
    names: frozenset[str]
    negated: bool


def _normal_number(m: re.Match[str]) -> str:
    if m["tens"]:
        return str(TENS[m["tens"].lower()] + (NUMBER_WORDS[m["unit"].lower()] if m["unit"] else 0))
    if m["word"]:
        return str(SMALL_NUMBERS[m["word"].lower()])
    raw = m.group()
    if THOUSANDS.fullmatch(raw):
        raw = raw.replace(",", "")
    if raw.isdigit():
        return str(int(raw))
    return raw


def _date_text(ref: TemporalReference) -> str:
    text = " ".join(ref.original_text.lower().split())
    text = UNIT_NUMBER.sub(lambda m: str(NUMBER_WORDS.get(m["n"].lower(), 1)), text)
    return text.removeprefix("on ")


def _dates(text: str) -> tuple[dict[str, str], list[tuple[int, int]]]:
    """Comparison key -> display text for each date expression, and the spans they cover.

    Absolute dates compare by their ISO label ("2023-05-07" == "May 7th, 2023"); relative ones by what
    they mean when written at the same moment ("last Friday" == "on Friday", "yesterday" != "today")."""
    refs_a = resolve_temporal_references(text, _ANCHOR_A)
    if not refs_a:
        return {}, []
    labels_b = {(r.start, r.end): r.label for r in resolve_temporal_references(text, _ANCHOR_B)}
    keys: dict[str, str] = {}
    for ref in refs_a:
        if labels_b.get((ref.start, ref.end)) == ref.label:
            keys[f"at {ref.label}"] = ref.label
        else:
            keys[f"{ref.granularity} {ref.label}"] = _date_text(ref)
    return keys, [(r.start, r.end) for r in refs_a]


def _names(text: str) -> frozenset[str]:
    names = set()
    previous_end = 0
    for m in NAME_TOKEN.finditer(text):
        token = m.group()
        sentence_start = previous_end == 0 or not SENTENCE_BREAK.isdisjoint(text[previous_end : m.start()])
        previous_end = m.end()
        if sentence_start or not token[0].isupper():
            continue
        bare = re.sub(r"['’]s?$", "", token)
        lowered = bare.lower()
        if lowered in NOT_NAMES or lowered in DATE_NAMES or lowered.startswith(("i'", "i’")):
            continue
        if lowered in OPENERS:
            continue  # "Also, It works": a capital after a comma, not a name
        if len(bare) == 2 and bare.isupper():
            continue  # "OS", "CI", "PR": labels, not names
        names.add(bare)
    return frozenset(names)


def _openers(text: str) -> frozenset[str]:
    """Capitalised sentence openers that are not common words: "Bob is reviewing the doc" -> {"Bob"}."""
    found = set()
    previous_end = 0
    for m in NAME_TOKEN.finditer(text):
        opens = previous_end == 0 or not SENTENCE_BREAK.isdisjoint(text[previous_end : m.start()])
        previous_end = m.end()
        bare = re.split(r"['’]", m.group())[0]  # "I'm" -> "I", "Bob's" -> "Bob"
        lowered = bare.lower()
        if not opens or not bare[:1].isupper() or lowered in OPENERS or lowered in DATE_NAMES:
            continue
        if not lowered.endswith("ing"):  # "Calling my parents ..." opens with a verb
            found.add(bare)
    return frozenset(found)


def _negations(text: str) -> int:
    return len(NEGATION.findall(NOT_NEGATIONS.sub(" ", text)))


def _analyse(text: str) -> tuple[Signature, dict[str, str]]:
    date_keys, spans = _dates(text)
    blanked = text
    for start, end in spans:
        blanked = blanked[:start] + " " * (end - start) + blanked[end:]
    numbers: frozenset[str] = frozenset()
    if DIGIT.search(blanked) or not NUMBER_WORDS_ALL.isdisjoint(words(blanked, LETTERS)):
        numbers = frozenset(_normal_number(m) for m in NUMBER.finditer(blanked))
    negated = _negations(text) > 0
    return Signature(numbers, frozenset(date_keys.values()), _names(text), negated), date_keys


def signature(text: str) -> Signature:
    """Numbers (digits and number words, as digits), dates (normalised lower-case, or ISO when
    absolute), names (capitalised words not starting a sentence) and whether the text negates."""
    return _analyse(text)[0]


def _number_key(value: str) -> tuple[float, str]:
    try:
        return float(value.replace(",", "")), value
    except ValueError:
        return float("inf"), value


def _listing(values: set[str] | frozenset[str], *, numeric: bool = False) -> str:
    if not values:
        return "none"
    ordered = sorted(values, key=_number_key) if numeric else sorted(values, key=str.lower)
    return ", ".join(ordered)


def _display_date(value: str) -> str:
    return " ".join(w.capitalize() if w in WEEKDAYS or w in MONTHS else w for w in value.split())


def _mentions(text: str, word: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text, re.IGNORECASE) is not None


_OPPOSITE: dict[str, set[str]] = {}
for _a, _b in ANTONYMS:
    _OPPOSITE.setdefault(_a, set()).add(_b)
    _OPPOSITE.setdefault(_b, set()).add(_a)


def _wording(text: str) -> list[str]:
    # "don't" stays one word; a trailing "s" goes so "cats" / "cat" agree
    found = content_words(text, WORDING_FILLER, WORD_APOSTROPHE)
    return [w.rstrip("s") if len(w) > 3 else w for w in found]


def _coordination_swap(a: str, b: str) -> bool:
    """Whether `b` is `a` with the two sides of one "X and Y" / "X or Y" exchanged: a coordination is
    symmetric ("Alice and Bob came" / "Bob and Alice came"), unlike the roles of a verb."""
    ta, tb = words(a.lower(), WORD_APOSTROPHE), words(b.lower(), WORD_APOSTROPHE)
    for i in range(1, len(ta) - 1):
        if ta[i] in ("and", "or") and ta[: i - 1] + [ta[i + 1], ta[i], ta[i - 1]] + ta[i + 2 :] == tb:
            return True
    return False


def wording_conflicts(a: str, b: str) -> list[str]:
    """What the named kinds do not see: an antonym swapped in ("huge" / "very small", "on" / "off"), the
    same words in another order ("the woman picks up the kangaroo" / "the kangaroo picks up the woman",
    "Alice owes Bob" / "Bob owes Alice"), or one word put in another's place ("led by oskar" / "led by
    ingrid": `alignment.substituted_word`)."""
    wa, wb = _wording(a), _wording(b)
    sa, sb = set(wa), set(wb)
    out = []
    only_a, only_b = sa - sb, sb - sa
    pairs = sorted((x, y) for x in only_a for y in _OPPOSITE.get(x, ()) if y in only_b)
    if pairs:
        out.append("opposite words: " + ", ".join(f"{x} vs {y}" for x, y in pairs))
    if sa == sb and len(wa) == len(wb) and wa != wb and not _coordination_swap(a, b):
        out.append("same words in another order (roles may be swapped)")
    span = None if out else substituted_word(a, b)
    if span is not None:
        out.append(f"one word differs: {' '.join(span.left)} vs {' '.join(span.right)}")
    return out


def merge_conflicts(a: str, b: str) -> list[str]:
    """Why two near-identical texts must not be merged automatically; [] means no such reason. The save
    path and every consolidation engine ask this one function, so what is flagged on save is never
    merged or replaced later.

    Numbers differ unless the only difference is a 1 ("a cat" / "one cat"). Names include sentence
    openers that are not common words ("Bob is reviewing" / "Alice is reviewing"); a name counts as
    missing only when the other text does not contain the word at all. Negation compares the number
    of negations, so "I don't like tea and I never drink coffee" does not match "I like tea and coffee".
    """
    if a == b:
        return []
    sig_a, dates_a = _analyse(a)
    sig_b, dates_b = _analyse(b)
    reasons: list[str] = []
    only_a, only_b = sig_a.numbers - sig_b.numbers, sig_b.numbers - sig_a.numbers
    if (only_a | only_b) - {"1"}:
        reasons.append(
            f"numbers differ: {_listing(only_a, numeric=True)} vs {_listing(only_b, numeric=True)}"
        )
    if dates_a.keys() != dates_b.keys():
        left = {_display_date(v) for k, v in dates_a.items() if k not in dates_b}
        right = {_display_date(v) for k, v in dates_b.items() if k not in dates_a}
        reasons.append(f"dates differ: {_listing(left)} vs {_listing(right)}")
    all_a, all_b = sig_a.names | _openers(a), sig_b.names | _openers(b)
    names_a = {n for n in all_a - all_b if not _mentions(b, n)}
    names_b = {n for n in all_b - all_a if not _mentions(a, n)}
    if names_a or names_b:
        reasons.append(f"names differ: {_listing(names_a)} vs {_listing(names_b)}")
    if _negations(a) != _negations(b):
        reasons.append("negation differs")
    if not reasons:  # a number or name that differs is also a substituted word: said once
        reasons += wording_conflicts(a, b)
    return reasons
