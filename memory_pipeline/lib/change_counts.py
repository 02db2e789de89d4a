"""Counts held by one owner: "has two cats" restated as "three cats now" replaces the older count. A
number said of a noun, of the same noun and the same owner, with a cue that the count moved; times and
measures ("5 miles", "3 days") say how long or how far, not how many one has."""

from __future__ import annotations

import re

from memory_pipeline.lib import change_values as cv
from memory_pipeline.lib.change_words import clauses, stem
from memory_pipeline.lib.text import STOP_WORDS
from memory_pipeline.lib.vocab.change import (
    COUNT_CUE,
    DWELLINGS,
    MEASURE_NOUNS,
    NEGATION,
    NOT_VALUES,
    NUMBER_WORDS,
    OTHER_OWNERS,
)

_NUMBER = "|".join(w.replace(" ", r"\s+") for w in sorted(NUMBER_WORDS, key=len, reverse=True))
_COUNT = re.compile(r"\b(?P<n>\d+|" + _NUMBER + r")\s+(?P<noun>[A-Za-z][a-z-]+)\b", re.IGNORECASE)
# "has a cat", "lives with a parrot": one of a noun, held (an older count a newer one can move)
_ONE = re.compile(r"\b(?:has|have|had|owns|own|keeps|got|adopted|lives\s+with|living\s+with)\s+"
                  r"(?P<said>(?:a|an|one)\s+(?P<noun>[A-Za-z][a-z-]+))\b", re.IGNORECASE)
# "my sister has", "our neighbours own": a count held by someone the user names (not a dwelling)
_HOUSEHOLD = frozenset({"home", "household", "family"})
_HAVE = frozenset({"has", "have", "had", "owns", "own", "keeps", "got"})
_KIN = re.compile(r"\b(?:my|our)\s+(?P<who>\w+)\s+(?:has|have|had|owns|own|keeps|got)\b", re.IGNORECASE)


def _noun(word: str) -> str:
    w = stem(word)
    return w[:-1] if w.endswith("s") and len(w) > 3 else w


def _owner(clause: str, at: int) -> str:
    """Who holds the count at clause[at:]: "" for the user, else the name or noun before it."""
    before = clause[:at]
    kin = _KIN.search(before)
    if kin:
        who = kin.group("who").lower()
        return "" if who in DWELLINGS or who in _HOUSEHOLD else who  # "our flat has 2 dogs": the user's
    toks = [t for t in cv.TOKEN.findall(before) if t[0].isalnum()]
    # an opening word is a holder only right before a verb of having ("Grace has 4 bikes"): a
    # capitalised opening noun ("Weekends mean ... 3 dogs") holds nothing
    if len(toks) >= 2 and toks[1].lower() in _HAVE and cv.opening_name(toks) and toks[0] not in NOT_VALUES:
        return toks[0].lower()
    names = [t.lower() for t in toks[1:] if t[0].isupper() and t not in NOT_VALUES]
    if names:
        return names[0]
    return next((t.lower() for t in toks if t.lower() in OTHER_OWNERS), "")


def _counts(text: str, one: bool = False) -> dict[tuple[str, str], tuple[int, str]]:
    """(owner, noun) -> the number said of it and the words that say it, over the stated clauses;
    with `one`, also "has a cat" as one cat."""
    out: dict[tuple[str, str], tuple[int, str]] = {}
    for clause in clauses(text):
        if NEGATION.search(clause):
            continue
        if one:
            for m in _ONE.finditer(clause):
                noun = _noun(m.group("noun"))
                if noun not in MEASURE_NOUNS and noun not in STOP_WORDS:
                    out.setdefault((_owner(clause, m.start("said")), noun), (1, m.group("said")))
        for m in _COUNT.finditer(clause):
            noun, n = _noun(m.group("noun")), m.group("n").lower()
            if noun in MEASURE_NOUNS or noun in STOP_WORDS:
                continue
            number = int(n) if n.isdigit() else NUMBER_WORDS[" ".join(n.split())]
            out.setdefault((_owner(clause, m.start()), noun), (number, m.group(0)))
    return out


def recounted(newer: str, older: str) -> tuple[str, str, str] | None:
    """The older text's count of a noun, said again with another number for the same owner and a cue
    that it moved ("now", "another", "the total is")."""
    if COUNT_CUE.search(newer) is None:
        return None
    old = _counts(older, one=True)
    if not old:
        return None
    for key, (n, said) in _counts(newer).items():
        if key in old and old[key][0] != n:
            return (old[key][1], said, "recounted")
    return None
