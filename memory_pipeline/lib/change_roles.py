"""The change detector's reading of job titles: lower-case phrases the named-value reader does not see
("serves as a data engineer", "Role: test engineer", "promoted to
engineering manager"). A title is one the user holds when the sentence says so by its structure: a
title noun's value, "as a ...", a user's copula; one holds one title at a time, so a
newer text that gives the user another one replaces the older's.
"""

from __future__ import annotations

import re
from functools import lru_cache

from memory_pipeline.lib.summarize import split_sentences
from memory_pipeline.lib.text import STOP_WORDS
from memory_pipeline.lib.vocab.change import (
    NOT_ROLE_HEADS,
    ROLE_BEFORE,
    ROLE_FUNCTION_WORDS,
    ROLE_ON_THE_SIDE,
    ROLE_SUBJECT_OK,
    ROLE_SUBJECT_VERBS,
    ROLE_UNHELD,
)
from memory_pipeline.lib.vocab.roles import JOB_NOUNS

_HEADS = JOB_NOUNS - NOT_ROLE_HEADS
_WORD = re.compile(r"[A-Za-z][\w-]*")
MAX_MODIFIERS = 3  # "senior site reliability engineer"


@lru_cache(maxsize=4096)
def roles(text: str) -> tuple[str, ...]:
    """The titles a text says the user holds, in order, as written ("UX designer")."""
    out: list[str] = []
    for sentence in split_sentences(text):
        if sentence.rstrip().endswith("?") or ROLE_ON_THE_SIDE.search(sentence):
            continue  # a question states no title; one held on the side is not the job's
        for m in _WORD.finditer(sentence):
            if m.group().lower() not in _HEADS:
                continue
            nxt = _WORD.match(sentence, m.end() + 1) if sentence[m.end():m.end() + 1] == " " else None
            if nxt is not None and nxt.group().lower() in _HEADS:
                continue  # "consultant" of "consultant pharmacist": the title goes on
            start = _phrase_start(sentence, m.start())
            before = sentence[:start]
            if ROLE_UNHELD.search(before) is not None:
                continue  # "wants to work as a nurse", "hiring a data engineer": no title held
            if ROLE_BEFORE.search(before) is None:
                continue  # "talked to a data engineer": a title said, not the user's
            if _named_subject(before):
                continue  # "Kira serves as a designer"
            out.append(" ".join(sentence[start:m.end()].split()))
    return tuple(out)


def _named_subject(before: str) -> bool:
    """Whether the clause opens with a name that is its subject ("Kira serves as", "Kira is"), not
    with a verb or a title noun ("Serves as", "Title was")."""
    words = _WORD.findall(re.split(r"[,;:()]", before)[-1])
    if "me" in (w.lower() for w in words):
        return False  # "HR has me down as a X": the title is the user's
    return (len(words) >= 2 and words[0][0].isupper() and words[0].lower() not in ROLE_SUBJECT_OK
            and words[1].lower() in ROLE_SUBJECT_VERBS)


def _phrase_start(sentence: str, head: int) -> int:
    """Where the title ending at `head` starts: up to MAX_MODIFIERS words before it that are no
    function words ("a senior data engineer" -> "senior data engineer")."""
    start = head
    words = list(_WORD.finditer(sentence[:head]))
    for w in reversed(words[-MAX_MODIFIERS:]):
        gap = sentence[w.end():start]
        low = w.group().lower()
        if gap.strip() or low in STOP_WORDS or low in ROLE_FUNCTION_WORDS:
            break
        start = w.start()
    return start


def role_change(newer: str, older: str) -> tuple[str, str, str] | None:
    """(old title, new title, "role") where the older text gives the user a title and the newer one
    another; None when the newer text holds the older's title too."""
    old, held = roles(older), roles(newer)
    if not old or not held or any(_words(t) <= _words(o) for t in held for o in old):
        return None  # none, or said again, whole or shortened ("analyst" for "data analyst")
    return (old[0], held[0], "role")


def _words(title: str) -> frozenset[str]:
    return frozenset(title.lower().split())
