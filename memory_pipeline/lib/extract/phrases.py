"""Values around a rule's match: the object phrase after it, a proper name, a list of values. Every
fact and slot rule captures its value through these."""

from __future__ import annotations

import re

from memory_pipeline.lib.vocab.words import CLAUSE_STOPS, DETERMINERS, NAME_CONNECTORS, OBJECT_STOPS, PRONOUNS

_TOKEN = re.compile(r"\S+")
_CLAUSE_END = frozenset(".,;:!?")
_TRAILING = ".,;:!?)]}\"'”’…"
_LEADING = "([{\"'“‘"
_AND_CLAUSE = re.compile(r"\s+(?:i|we|he|she|they|then|it|my|so|also|but)\b", re.IGNORECASE)
_LIST_SEPARATOR = re.compile(r"\s*(?:,|&|/|\band\b|\bor\b|\bplus\b)\s*", re.IGNORECASE)
_SENTENCE_ENDS = ".!?\n"
_DASHES = frozenset({"-", "--", "\u2013", "\u2014"})
_COPULA = re.compile(r"^(?:is|are|was|were)\s+(?=\S)", re.IGNORECASE)


def phrase_after(
    text: str, pos: int, max_words: int, stops: frozenset[str] = CLAUSE_STOPS, *, listing: bool = False
) -> tuple[str, int]:
    """The words after `pos` up to clause punctuation, a stop word or `max_words`; and where they end.
    With `listing`, commas separate items instead of ending the phrase ("Python, Rust and Go")."""
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
        if listing and token[len(kept) :] == ",":
            words.append(core + ",")
            continue
        words.append(core)
        if closes or len(words) >= max_words:
            break
    return " ".join(words).rstrip(","), end


def strip_determiner(value: str) -> str:
    """Drop a leading article or possessive ("the Netherlands" -> "Netherlands"); a lone word stays."""
    first, _, rest = value.partition(" ")
    return rest if rest and first.lower() in DETERMINERS else value


def usable_value(value: str) -> bool:
    """False for empty values and pronouns ("it", "that"), which name nothing."""
    return bool(value) and value.split(" ", 1)[0].lower() not in PRONOUNS


def capitalised(value: str) -> bool:
    return value[:1].isupper()


def normal_value(value: str) -> str:
    """The comparison form of a value: lower case, no article, single spaces."""
    return " ".join(strip_determiner(value.strip(" .,;:!?\"'")).lower().split())


def proper_phrase_after(
    text: str, pos: int, max_words: int, stops: frozenset[str] = OBJECT_STOPS
) -> tuple[str, int]:
    """A place or organisation: a run of capitalised words ("New York", "Bank of America"), or failing
    that a short lower-case phrase ("a small town")."""
    tokens = list(_TOKEN.finditer(text, pos))[: max_words + 2]
    if tokens and tokens[0].group().lstrip(_LEADING)[:1].isupper():
        words: list[str] = []
        end = pos
        for i, m in enumerate(tokens):
            kept = m.group().rstrip(_TRAILING)
            core = kept.lstrip(_LEADING)
            capital = core[:1].isupper()
            connector = (
                core.lower() in NAME_CONNECTORS
                and i + 1 < len(tokens)
                and tokens[i + 1].group()[:1].isupper()
                and kept == m.group()
            )
            if not core or not (capital or connector) or len(words) >= max_words:
                break
            words.append(core)
            end = m.start() + len(kept)
            if kept != m.group():
                break  # punctuation closes the name
        return " ".join(words), end
    value, end = phrase_after(text, pos, max_words, stops)
    return strip_determiner(value), end


def capture(
    text: str, pos: int, max_words: int, stops: frozenset[str], *, proper: bool = False, capital: bool = False
) -> tuple[str, int]:
    """The value after `pos` (a proper name first with `proper`) and where it ends; "" when it names
    nothing, or with `capital` when it is not capitalised."""
    value, end = (proper_phrase_after if proper else phrase_after)(text, pos, max_words, stops)
    value = _COPULA.sub("", value)  # "the company I work for is X": the rule matched inside a relative clause
    if not usable_value(value) or (capital and not capitalised(value)):
        return "", end
    return value, end


def listed_values(text: str, pos: int, stops: frozenset[str]) -> tuple[list[str], int]:
    """Up to eight words after `pos` split into values of at most three words ("vim, tmux and zsh")."""
    value, end = phrase_after(text, pos, 8, stops, listing=True)
    parts = (strip_determiner(p) for p in _LIST_SEPARATOR.split(value))
    return [p for p in parts if usable_value(p) and len(p.split()) <= 3], end


def sentence_span(text: str, start: int, end: int | None = None) -> tuple[int, int]:
    """Bounds of the sentence holding text[start:end]: from after the last . ! ? or newline before
    `start` to the first one from `end` on."""
    end = start if end is None else end
    first = max(text.rfind(c, 0, start) for c in _SENTENCE_ENDS) + 1
    ends = [i for i in (text.find(c, end) for c in _SENTENCE_ENDS) if i >= 0]
    return first, min(ends) if ends else len(text)


def sentence_around(text: str, pos: int) -> str:
    start, end = sentence_span(text, pos)
    return text[start:end]


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
