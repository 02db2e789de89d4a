"""How the supersession judge reads one text: tokens, sentences, value spans (capitalised names, numbers,
dates, times, lower-case noun phrases after a relation word) and the frame left once they are masked.
`lib/judge_features.py` compares two such readings."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache

from memory_pipeline.lib.extract import normal_value
from memory_pipeline.lib.supersession import slot_states
from memory_pipeline.lib.text import STOP_WORDS
from memory_pipeline.lib.vocab.calendar import MONTHS, NUMBER_WORDS, WEEKDAYS
from memory_pipeline.lib.vocab.judge import (
    CHANGE_CUES,
    INTERJECTIONS,
    NEGATORS,
    PERSON_NOUNS,
    POSSESSIVES,
    RELATION_WORDS,
)

TOKEN = re.compile(r"\d{1,2}:\d{2}|\d+(?:[.,]\d+)*(?:st|nd|rd|th|x|k|kg|am|pm)?|[A-Za-z][\w'&+.-]*[\w+]|[A-Za-z]"
                   r"|[?!.;:,()\"\u2014-]")
SENTENCE_END = frozenset("?!.;")
FIRST_PERSON = frozenset({"i", "i'm", "i've", "i'd", "i'll", "me", "my", "mine", "we", "we're", "we've", "our",
                          "us", "myself", "im", "ive"})
KINDS = ("name", "number", "date", "time", "word")


@dataclass(frozen=True)
class Span:
    """A value in a text: its comparison form, kind, token position and sentence number."""

    key: str
    kind: str
    pos: int
    sent: int
    unit: frozenset[str] = frozenset()  # a number's: the words after it that say what it counts
    before: str = ""  # a number's: the word before it in its sentence
    holder: str = ""  # a number's after a form of "be": whom it is said of, as written ("Leo is 7", "she's 6")
    said_of: frozenset[str] = frozenset()  # a number's after "at": the content words of its sentence


def same_kind(a: Span, b: Span) -> bool:
    """Two values that could be one attribute's: the same kind, and a number counting the same thing
    ("three sons" and "four mornings" count different things; a bare number, what the word before it says)."""
    if a.kind != b.kind:
        return False
    if a.kind != "number" or a.unit & b.unit:
        return True
    # a bare number counts what its neighbour says: it swaps with a number after the same word ("seats
    # for 3" / "seats for 5", "we're 4" / "we're 9 people")
    return (not a.unit or not b.unit) and bool(a.before) and _slot(a.before) == _slot(b.before) \
        and not _other_holders(a.holder, b.holder) and (a.before != "at" or bool(a.said_of & b.said_of))


def _other_holders(a: str, b: str) -> bool:
    """Two different people or animals a number is said of ("Biscuit is 10 weeks" / "she's 6"): a name or a
    third-person pronoun each, not the same one ("we're 7" / "the team is 6" is one group)."""
    def named(h: str) -> bool:
        return h[:1].isupper() or h.lower() in ("he", "she", "they", "it") or h in PERSON_NOUNS
    return named(a) and named(b) and a.lower() != b.lower()


_COPULA = frozenset({"is", "are", "am", "was", "were", "be", "been"})


def _slot(word: str) -> str:
    """The word before a number, a form of "be" standing for all ("we're 7" / "the team is 6 people")."""
    return "<be>" if word in _COPULA or word.endswith(("'re", "'s", "'m")) else word


@dataclass(frozen=True)
class Reading:
    """One text read once: tokens (as written), their sentence numbers, values and the masked frame."""

    tokens: tuple[str, ...]
    sents: tuple[int, ...]
    values: tuple[Span, ...]
    frame: frozenset[str]
    slots: dict[str, str]  # relation -> its one current value (the clause reader's, lib/supersession)


def _kind(tok: str, low: str, prev: str, start: bool) -> str | None:
    if re.fullmatch(r"\d{1,2}:\d{2}|\d{1,2}(?:am|pm)", low):
        return "time"
    if low in MONTHS or low in WEEKDAYS or re.fullmatch(r"\d{1,2}(?:st|nd|rd|th)|(?:19|20)\d\d", low):
        return "date"
    if low[0].isdigit() or low in NUMBER_WORDS:
        return "number"
    if tok[0].isupper() and low not in FIRST_PERSON and (not start or low not in STOP_WORDS) \
            and low not in NEGATORS and low not in CHANGE_CUES and low not in INTERJECTIONS:
        return "name"
    if prev in RELATION_WORDS and tok.isalpha() and low not in STOP_WORDS and len(low) > 2:
        return "word"
    return None


@lru_cache(maxsize=4096)
def read(text: str) -> Reading:
    """Tokens, values (merged runs of capitalised words) and the frame: content words with each value
    replaced by its kind."""
    tokens, sents, values, frame = [], [], [], set()
    sent, start = 0, True
    for m in TOKEN.finditer(text):
        tok = m.group(0)
        low = tok.lower()
        if not tok[0].isalnum():  # punctuation ends a name run; ':' opens a clause, '?!.;' a sentence
            tokens.append(tok)
            sents.append(sent)
            sent, start = (sent + 1, True) if tok in SENTENCE_END else (sent, start or tok == ":")
            continue
        prev = tokens[-1].lower() if tokens else ""
        kind = _kind(tok, low, prev, start)
        if kind == "number" and (text[m.start() - 1 : m.start()] == "#" or tokens and _names_a_thing(tokens[-1], tok)):
            kind = "name"  # "Room 214", "case #7731": an identifier names a thing, it counts nothing
        if kind == "name" and values and values[-1].kind == "name" and values[-1].pos == len(tokens) - 1:
            last = values.pop()  # a run of capitalised words is one name
            values.append(Span(f"{last.key} {low}", "name", len(tokens), sent))
        elif kind is not None:
            values.append(Span(normal_value(low), kind, len(tokens), sent))
        tokens.append(tok)
        sents.append(sent)
        frame.add(f"<{kind}>" if kind else low)
        start = False
    frame -= STOP_WORDS
    values = [_counted(tokens, sents, v) if v.kind == "number" else v for v in values if not _vocative(tokens, v)]
    values = [v for v in values if not _relative_time(v) and not _in_range(tokens, v)]
    return Reading(tuple(tokens), tuple(sents), tuple(values), frozenset(frame), slot_states(text))


def _counted(tokens: list[str], sents: list[int], v: Span) -> Span:
    """A number with the (up to two) words after it in its sentence, singular: what it counts; a day
    beside a month name ("9 June", "October 3") counts days of a date."""
    if any(0 <= i < len(tokens) and tokens[i].lower() in MONTHS for i in (v.pos - 1, v.pos + 1)):
        return replace(v, unit=frozenset({"<date>"}))
    after = []
    hyphen = v.pos + 1 < len(tokens) and tokens[v.pos + 1] == "-"  # "a 2-bed place" counts beds
    for i in range(v.pos + 1 + hyphen, min(v.pos + 3 + hyphen, len(tokens))):
        if not tokens[i][0].isalpha() or sents[i] != v.sent:
            break
        w = tokens[i].lower()
        after.append(w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w)
    b = v.pos - 1
    before = tokens[b].lower() if b >= 0 and sents[b] == v.sent and tokens[b][0].isalpha() else ""
    holder = re.sub(r"'(?:s|re|m)$", "", tokens[b]) if before.endswith(("'s", "'re", "'m")) else (
        tokens[b - 1] if before in _COPULA and b > 0 and sents[b - 1] == v.sent and tokens[b - 1][0].isalpha() else "")
    # else the person its sentence opens with ("our daughter is in year 3": the daughter's year, not the son's)
    first = [tokens[i].lower() for i in range(v.pos) if sents[i] == v.sent][:2]
    if not holder and len(first) == 2 and first[0] in POSSESSIVES and first[1] in PERSON_NOUNS:
        holder = first[1]
    # a bare hour after "at" is one event's time: it swaps only with one said of the same thing ("the
    # standup at 9" / "standup is now at 10", not "piano at 5" / "gym at 7")
    said_of = frozenset() if before != "at" else frozenset(
        w for t, s in zip(tokens, sents, strict=True) if s == v.sent and t[:1].isalpha()
        and (w := t.lower()) not in STOP_WORDS and w.rstrip("s") not in WEEKDAYS)
    return replace(v, unit=frozenset(after) - STOP_WORDS, before=before, holder=holder, said_of=said_of)


def _names_a_thing(prev: str, tok: str) -> bool:
    """A number of three digits or more after a capitalised word that is no month (or one after "#")."""
    return tok.isdigit() and len(tok) >= 3 and prev[:1].isupper() and prev.isalpha() \
        and prev.lower() not in MONTHS


_TIME_UNITS = frozenset({"day", "week", "fortnight", "month", "year", "hour", "minute"})


def _relative_time(v: Span) -> bool:
    """A count of days (or weeks ...) before "ago" or after "in" ("in nine days", "3 weeks ago") points at
    a time from when it was said: two of them said on different days are no values of one attribute."""
    return v.kind == "number" and bool(v.unit & _TIME_UNITS) and (v.before == "in" or "ago" in v.unit)


def _in_range(tokens: list[str], v: Span) -> bool:
    """A number at either end of a hyphenated range ("8-10 weeks"): an estimate, not one value to compare."""
    def number(i: int) -> bool:
        return 0 <= i < len(tokens) and tokens[i].isdigit()
    return v.kind == "number" and any(0 <= i < len(tokens) and tokens[i] == "-" and number(j)
                                      for i, j in ((v.pos + 1, v.pos + 2), (v.pos - 1, v.pos - 2)))


def _vocative(tokens: list[str], v: Span) -> bool:
    """A name said to someone ("Hey Mel!", "No worries, Jon!"): between a comma, an interjection or a
    clause's start and a comma, '!' or '?'. It addresses a person; it is no value."""
    first = v.pos - len(v.key.split()) + 1
    before = tokens[first - 1].lower() if first > 0 else ":"
    after = tokens[v.pos + 1] if v.pos + 1 < len(tokens) else "."
    return v.kind == "name" and (before in {",", ":"} or before in INTERJECTIONS) and after in {",", "!", "?"}
