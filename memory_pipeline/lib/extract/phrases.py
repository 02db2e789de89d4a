"""Values around a rule's match: the object phrase after it, its comparison form. Every fact rule
captures its value through these."""

from __future__ import annotations

import re

from memory_pipeline.lib.vocab.words import CLAUSE_STOPS, DETERMINERS, PRONOUNS

_TOKEN = re.compile(r"\S+")
_CLAUSE_END = frozenset(".,;:!?")
_TRAILING = ".,;:!?)]}\"'”’…"
_LEADING = "([{\"'“‘"
_AND_CLAUSE = re.compile(r"\s+(?:i|we|he|she|they|then|it|my|so|also|but)\b", re.IGNORECASE)
_DASHES = frozenset({"-", "--", "\u2013", "\u2014"})
_COPULA = re.compile(r"^(?:is|are|was|were)\s+(?=\S)", re.IGNORECASE)


def phrase_after(text: str, pos: int, max_words: int, stops: frozenset[str] = CLAUSE_STOPS) -> tuple[str, int]:
    """The words after `pos` up to clause punctuation, a stop word or `max_words`; and where they end."""
    words: list[str] = []
    end = pos
    for m in _TOKEN.finditer(text, pos):
        token = m.group()
        kept = token.rstrip(_TRAILING)
        closes = not _CLAUSE_END.isdisjoint(token[len(kept) :])
        core = kept.lstrip(_LEADING)
        lowered = core.lower()
        if not core or lowered in stops or core in _DASHES:
            break  # a dash opens an aside ("pottery - the creativity and skill")
        if lowered == "and" and _AND_CLAUSE.match(text, m.end()):
            break  # "... and I moved" starts a new clause
        end = m.start() + len(kept)
        words.append(core)
        if closes or len(words) >= max_words:
            break
    return " ".join(words), end


def strip_determiner(value: str) -> str:
    """Drop a leading article or possessive ("the Netherlands" -> "Netherlands"); a lone word stays."""
    first, _, rest = value.partition(" ")
    return rest if rest and first.lower() in DETERMINERS else value


def usable_value(value: str) -> bool:
    """False for empty values and pronouns ("it", "that"), which name nothing."""
    return bool(value) and value.split(" ", 1)[0].lower() not in PRONOUNS


def normal_value(value: str) -> str:
    """The comparison form of a value: lower case, no article, single spaces."""
    return " ".join(strip_determiner(value.strip(" .,;:!?\"'")).lower().split())


def capture(text: str, pos: int, max_words: int, stops: frozenset[str]) -> tuple[str, int]:
    """The value after `pos` and where it ends; "" when it names nothing."""
    value, end = phrase_after(text, pos, max_words, stops)
    value = _COPULA.sub("", value)  # "the company I work for is X": the rule matched inside a relative clause
    if not usable_value(value):
        return "", end
    return value, end


def gerund(verb: str) -> str:
    """"run" -> "running", "make" -> "making", "tie" -> "tying"."""
    v = verb.lower()
    if v.endswith("ing"):
        return v
    if v.endswith("ie"):
        return v[:-2] + "ying"
    if v.endswith("e") and not v.endswith(("ee", "ye", "oe")) and v != "be":
        return v[:-1] + "ing"
    vowels = "aeiou"
    groups = len(re.findall(r"[aeiou]+", v))
    if (
        len(v) >= 3
        and groups == 1
        and v[-1] not in vowels + "wxy"
        and v[-2] in vowels
        and v[-3] not in vowels
    ):
        return v + v[-1] + "ing"  # run -> running
    return v + "ing"
