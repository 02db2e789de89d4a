"""The change detector's word-level half: a word the older text states, left behind by a newer clause
("drop the emojis", "gave up coffee"). Any word counts, not only names; returns (old words, new words,
how) or None. Rewording a short clause with a cue was deleted with the learned judge: on the development
pairs it linked three LoCoMo turns and no real change.
"""

from __future__ import annotations

import re
from functools import lru_cache

from memory_pipeline.lib.summarize import split_sentences
from memory_pipeline.lib.text import STOP_WORDS
from memory_pipeline.lib.vocab.change import (
    ANYMORE_AFTER,
    DROPPED_BEFORE,
    DROPPING_CUE,
    FRAME_STOP,
    NEGATED_CUE,
    NEGATION,
    NOT_VALUES,
)

SPEAKER = re.compile(r"^\s*[A-Z][\w ]{0,30}:\s+")  # "User: ", "Caroline: " (a transcript's speaker)


def stem(word: str) -> str:
    w = word.lower().strip("'")
    for suffix in ("ing", "ed", "es", "s"):
        if len(w) > len(suffix) + 3 and w.endswith(suffix):
            return w[: -len(suffix)]
    return w


_CLAUSE = re.compile(r"[,;:()\u2013\u2014]|\s-\s|\bbut\b", re.IGNORECASE)
_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*[A-Za-z]")  # "it's", "I'm": contractions are no content words
ANYMORE_WITHIN = 8  # "anymore" this many words after the value, at most


@lru_cache(maxsize=4096)  # one text meets several partners
def clauses(text: str) -> tuple[str, ...]:
    """Clauses of the statements (questions ask, they state nothing)."""
    sents = split_sentences(SPEAKER.sub("", text))
    return tuple(c.strip() for s in sents if not s.rstrip().endswith("?") for c in _CLAUSE.split(s) if c.strip())


def _content(clause: str) -> dict[str, str]:
    """stem -> word as written, for the clause's content words."""
    out: dict[str, str] = {}
    for w in _WORD.findall(clause):
        low = w.lower()
        if len(low) >= 3 and "'" not in low and low not in STOP_WORDS and low not in FRAME_STOP and w not in NOT_VALUES:
            out.setdefault(stem(low), w)
    return out


@lru_cache(maxsize=4096)
def _stated(older: str) -> tuple[dict[str, str], ...]:
    """The older text's clauses that state something (no negation): what a newer one can leave behind.
    Cached: callers only read the dicts."""
    return tuple(c for c in (_content(x) for x in clauses(older) if not NEGATION.search(x)) if c)


def dropped(newer: str, older: str) -> tuple[str, str, str] | None:
    """A word the older text states, left behind in a newer clause: "drop the emojis", "gave up
    coffee", "the bullet thing isn't working for me anymore" (any word, not only names)."""
    if DROPPING_CUE.search(newer) is None:
        return None  # most texts leave nothing behind: no clause work for them
    gone = _left_words(older)  # "X rather than vim" twice: the older text left vim itself
    held = {k: v for c in _stated(older) for k, v in c.items() if k not in gone}
    if not held:
        return None
    for clause in clauses(newer):
        negated = NEGATION.search(clause) is not None
        for m in _WORD.finditer(clause):
            word = held.get(stem(m.group()))
            if word is None:
                continue
            if _dropping(clause, m.start(), m.end(), negated):
                return (word, "", "dropped")
    return None


@lru_cache(maxsize=4096)
def _left_words(text: str) -> frozenset[str]:
    """The stems of the words a text itself leaves behind ("... rather than vim", "... is off the table")."""
    if DROPPING_CUE.search(text) is None:
        return frozenset()
    out = set()
    for clause in clauses(text):
        negated = NEGATION.search(clause) is not None
        out |= {stem(m.group()) for m in _WORD.finditer(clause) if _dropping(clause, m.start(), m.end(), negated)}
    return frozenset(out)


def _dropping(clause: str, start: int, end: int, negated: bool) -> bool:
    """Whether the word at clause[start:end] is left behind: a dropping cue right before it that is
    not itself negated, or a negation near it with "anymore" a few words after it."""
    before = clause[:start]
    cue = DROPPED_BEFORE.search(before)
    if cue is not None:
        return NEGATED_CUE.search(before[: cue.start()]) is None
    if not negated:
        return False
    after = clause[end:].split()[:ANYMORE_WITHIN]
    tail = " ".join(after)
    return ANYMORE_AFTER.search(tail) is not None and (
        NEGATION.search(tail) is not None or NEGATION.search(" ".join(before.split()[-3:])) is not None)
