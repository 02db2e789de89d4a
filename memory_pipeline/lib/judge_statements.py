"""Statement-level features for the supersession judge, from the clause reader
(`lib/extract/statements.statements`: first-person, non-modal clauses with the relation they name, its
value, and whether the clause states a stopped or ended state).

A change is often a relation stated again with another value ("I live in X" / "moved up to Y"), or a
stopped state that ends what the older text stated ("I've been doing keto" / "I've stopped keto"): the
reader names the relation, so these need no phrase of our own. A transcript's speaker label ("User: ")
is dropped first: the reader reads a statement's own words.
"""

from __future__ import annotations

import re
from functools import lru_cache

from memory_pipeline.lib.extract.clause_words import stems
from memory_pipeline.lib.extract.statements import Statement, statements
from memory_pipeline.lib.vocab.profile_words import FUNCTION_WORDS

SPEAKER_LABEL = re.compile(r"^\s*[A-Z][\w ]{0,30}:\s+")
# relations that hold no value of their own to replace
_VALUELESS = frozenset({"stopped", "contrast"})
_CLOCK = re.compile(r"\b(?:after|before|past|until|till) (?:\d{1,2}(?::\d{2})?(?:am|pm)?|noon|midnight)\b")


@lru_cache(maxsize=4096)
def read_statements(text: str) -> tuple[Statement, ...]:
    return tuple(statements(SPEAKER_LABEL.sub("", text)))


STATEMENT_FEATURES: dict[str, str] = {
    "stmt_changed": "a relation the older text states for the user is stated in the newer with another value",
    "stmt_ends_old": "a stopped or ended statement of the newer text shares words with a current older one,"
                     " or names its words as no longer so",
    "stmt_new": "the newer text holds a first-person statement of a relation",
    "stmt_old": "the older text holds a current first-person statement of a relation",
}
STATEMENT_NAMES = tuple(STATEMENT_FEATURES)


_NAME_RUN = re.compile(r"\b[A-Z][\w.&+-]*(?:\s+[A-Z][\w.&+-]*)+")


def _ends(n: Statement, o: Statement) -> bool:
    return (n.ends and bool(_shared(n, o)) and not _restricted(n)) or any(x.lower() in o.line.lower() for x in n.stale)


def _restricted(n: Statement) -> bool:
    """A negated state held only at some hours ("no coffee after 3pm") restricts the older one, it ends
    nothing."""
    return not n.past and _CLOCK.search(n.line.lower()) is not None


def _shared(n: Statement, o: Statement) -> frozenset[str]:
    """The stems an ended statement shares with an older one; a word of a name of several words ("Lotus
    Notes") is not shared with the same word said in lower case ("the notes I take"), only with the name."""
    shared = stems(n.words) & stems(o.words)
    for one, other in ((n.line, o.line), (o.line, n.line)):
        capitalised = {w.lower() for w in re.findall(r"\b[A-Z][\w.&+-]*", other)}
        for run in _NAME_RUN.findall(one):
            words = [w for w in run.lower().split() if w not in FUNCTION_WORDS]  # "The Ghent office"
            if len(words) > 1:
                shared -= stems(frozenset(w for w in words if w not in capitalised))
    return shared


def statement_features(newer: str, older: str) -> list[float]:
    """The statement-level vector (in `STATEMENT_NAMES` order) of a newer text against an older one."""
    new, old = read_statements(newer), [s for s in read_statements(older) if not s.past]
    changed = any(n.key == o.key and o.relation not in _VALUELESS and n.value and o.value and not n.past
                  and n.value.lower() != o.value.lower() for o in old for n in new)
    f = {
        "stmt_changed": float(changed),
        "stmt_ends_old": float(any(_ends(n, o) for o in old for n in new)),
        "stmt_new": float(bool(new)),
        "stmt_old": float(bool(old)),
    }
    return [f[n] for n in STATEMENT_NAMES]
