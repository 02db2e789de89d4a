"""A structural change detector for two statements of one user: does the newer one replace a value
the older one states? No phrase list per slot: values are named things (capitalised phrases, numbers,
identifiers such as time zones), and a value is replaced when the newer statement

- names the old value in a departure context ("I left Northwind", "a change from Boston") and another
  value of its kind near it;
- states another value of a relation held one value at a time (where one lives, who one works for)
  for the same subject, with a change cue.

Values said of different named things never replace each other. How a text is read (values, their
clauses, subjects) is `lib/change_values.py`. Used by the local engine on candidate pairs chosen by
embedding similarity and time order. The paths the learned judge carries were deleted (issue 30's rule
budget; `bench/rule_paths.py` measures what each path finds and what the judge alone writes); the
departure reading is also one of the judge's features (`lib/judge_rules.py`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from memory_pipeline.lib import change_values as cv
from memory_pipeline.lib.extract.clause_words import an_outing
from memory_pipeline.lib.fields import fields, user_fields
from memory_pipeline.lib.vocab.change import (
    CHANGE_CUE,
    CHANGE_VERBS,
    DEPARTURE_BEFORE,
    FROM_MOTION,
    FUNCTIONAL,
    MOTION_TO,
    MOTION_VERBS,
    RELATIVE_TIME,
    RESTATED_CUE,
)


@dataclass(frozen=True)
class Change:
    old_value: str
    new_value: str
    how: str  # departure | restated | held
    relation: str | None = None  # the old value's relation where its words name one ("residence")


def _departed(sentence: list[str], old: cv.Value, stated: bool = False) -> int | None:
    """Where the sentence names (part of) the old value as the one left behind, if it does. "from X"
    leaves X after a word of motion ("a change from Boston"); in a newer sentence (not `stated`, the
    one that states the value) also before "to" ("the port from Java to Go"), never alone ("a gift
    from Priya", "the grant comes from X")."""
    # "last" of "Last Saturday" is no head: "that was last Friday" leaves no Saturday
    heads = {t for t in old.tokens if len(t) >= 4 and t not in RELATIVE_TIME} or set(old.tokens)
    for i, tok in enumerate(sentence):
        if tok.lower() in heads and _leaves(sentence, i, stated) and not an_outing(sentence[i + 1 : i + 5]):
            return i
    return None


def _leaves(sentence: list[str], i: int, stated: bool) -> bool:
    """A departure word right before the value ("I left Northwind", "used to work at X"), or "from X"
    after a word of motion or before "to"."""
    low = [w.lower() for w in sentence]
    before = low[max(0, i - 3): i]
    if cv.BREAK in before:  # "Oh, and at X": a cue in another clause leaves nothing
        before = before[len(before) - before[::-1].index(cv.BREAK):]
    if set(before) & DEPARTURE_BEFORE:
        return True
    # "used to work at X", "used to be all about X": a past habit or state, a few words before
    window = low[max(0, i - 6): i]
    if "used" in window:
        k = window.index("used")
        if window[k + 1: k + 2] == ["to"] and cv.BREAK not in window[k:]:
            return True
    for j in range(max(0, i - 3), i):
        w, prev = low[j], low[j - 1] if j else cv.BREAK
        # "from X" leaves X, not the Y of "from X to Y"
        if (w == "from" and j and (set(low[max(0, j - 4): j]) & FROM_MOTION or (not stated and _to_follows(low, i)))
                and not set(low[j + 1: i]) & (MOTION_TO | {cv.BREAK})):
            return True
        # "moved the queue to X, off Y": a clause of its own after a verb of motion
        if w == "off" and prev == cv.BREAK and MOTION_VERBS & set(low[:j]):
            return True
    return False


def _to_follows(low: list[str], i: int) -> bool:
    """Whether "to" or "into" follows the word at i in its clause: "from X to Y" is a change of X,
    where "a gift from X" only names a source."""
    for w in low[i + 1: i + 5]:
        if w == cv.BREAK:
            return False
        if w in MOTION_TO:
            return True
    return False


def _other(new: cv.Value, old: cv.Value) -> bool:
    """A different value: no word shared, or a strict extension ("Senior Data Analyst" of "Data Analyst")."""
    return not (new.tokens & old.tokens) or (old.tokens < new.tokens)


def detect_change(newer: str, older: str, held: Callable[[str], bool] | None = None) -> Change | None:
    """The value of `older` that `newer` replaces, if any. `held(value)`: whether the value is one the
    user already stated elsewhere before `newer` (their employer when a city changes): such a value is
    still held, not a replacement."""
    if " ".join(newer.lower().split()) == " ".join(older.lower().split()):
        return None  # the same text twice says nothing new
    old_sents, old_vals = cv.values(older)
    across = _field_and_value(newer, older)
    if across is not None:
        return across
    return _named_change(newer, older, old_sents, old_vals, held)


def departure(newer: str, older: str, held: frozenset[str] = frozenset()) -> Change | None:
    """The departure reading alone, whatever the other paths find (one of the judge's features); `held`:
    the newer text's values (lower case) the user stated before it, never a replacement."""
    old_sents, old_vals = cv.values(older)
    return _named_change(newer, older, old_sents, old_vals, lambda v: v.lower() in held, departures_only=True)


def _named_change(newer: str, older: str, old_sents: list[list[str]], old_vals: list[cv.Value],
                  held: Callable[[str], bool] | None, departures_only: bool = False) -> Change | None:
    """A named value (capitalised, a number, an identifier) left behind or restated with another."""
    new_sents, new_vals = cv.values(newer)
    if not old_vals or not new_vals:
        return None
    held_cue = (RESTATED_CUE.search(newer) is not None or any(w.lower() in CHANGE_VERBS for s in new_sents for w in s)
                or CHANGE_CUE.search(newer) is not None)  # "now", "switched", "started at X", "our new flat in X"
    asked, old_asked = cv.questions(newer), cv.questions(older)  # a question states no value
    fresh = [v for v in new_vals if v.sentence not in asked and (held is None or not held(v.text))]
    for old in old_vals:
        if _departed(old_sents[old.sentence], old, stated=True) is not None:
            continue  # "Invoice 1066 from Globex" twice: the same context, not a departure
        if old.sentence in old_asked:
            continue  # "What should I pack for Mexico City?" states no value to replace
        old_classes = cv.classes(old_sents[old.sentence], old)
        anchors = cv.anchors(old_sents, old_vals, old, frozenset())
        mine = [v for v in fresh if not cv.other_thing(anchors, cv.anchors(new_sents, new_vals, v, old.tokens))]
        found = _departure(old, old_classes, anchors, new_sents, new_vals, mine)
        if found is not None:
            return found
        if departures_only:
            continue
        if any(v.tokens == old.tokens for v in new_vals):
            continue
        # with a cue only ("now", "new", "started", "moved", ...): on wording written apart from the
        # rules, cue-less pairs of a held relation were two true statements (37 edges, none right)
        found = _held_one(old, cv.governed(old_sent := old_sents[old.sentence], old) & FUNCTIONAL,
                          cv.subject(old_sent, old, old_vals), new_sents, new_vals, fresh) if held_cue else None
        if found is not None:
            return found
    return None


def _departure(old: cv.Value, old_classes: frozenset[str], anchors: frozenset[str], sents: list[list[str]],
               vals: list[cv.Value], mine: list[cv.Value]) -> Change | None:
    """The old value left in a newer sentence, and the value of its kind and relation that replaces
    it: nearest the departure, in the same sentence, else the next one, else the one before. The value
    left must be said of the old one's thing ("Orca's cache no longer uses Memcached" leaves nothing
    of "Lynx keeps sessions in Memcached")."""
    for n, sent in enumerate(sents):
        at = _departed(sent, old)
        if at is None:
            continue
        left = next((v for v in vals if v.sentence == n and v.start <= at < v.end), None)
        if left is not None and cv.other_thing(anchors, cv.anchors(sents, vals, left, frozenset())):
            continue
        # a value left by name apart from a longer one replaces it ("Fedora Silverblue now, not Fedora")
        near = [v for v in mine if v.sentence in (n, n + 1, n - 1) and (_replaces(v, old) or (
                    old.tokens < v.tokens and not (v.sentence == n and v.start <= at < v.end)))
                and cv.kind(v) == cv.kind(old) and _same_relation(old_classes, sents[v.sentence], v)]
        if near:
            # an extension of the old value first ("Staff Research Scientist"), then the nearest
            best = min(near, key=lambda v: (not old.tokens < v.tokens, (v.sentence - n) % 3, abs(v.start - at)))
            return Change(old.text, best.text, "departure", cv.relation_of(old_classes))
    return None


def _replaces(new: cv.Value, old: cv.Value) -> bool:
    """Another value, or a longer form of a multi-word one ("Staff Research Scientist"); "Granite API"
    is the same Granite, not a value that replaces it; a date is another date ("July 21" for "July 20")."""
    if cv.kind(new) == cv.kind(old) == "time":
        return new.tokens != old.tokens
    return not (new.tokens & old.tokens) or (len(old.tokens) >= 2 and old.tokens < new.tokens)


def _same_relation(old_classes: frozenset[str], sentence: list[str], v: cv.Value) -> bool:
    """False only when both values' relations are known and differ."""
    mine = cv.classes(sentence, v, 2)
    return not (old_classes and mine) or bool(old_classes & mine)


def _held_one(old: cv.Value, relations: frozenset[str], subject: frozenset[str] | None, sents: list[list[str]],
              vals: list[cv.Value], fresh: list[cv.Value]) -> Change | None:
    """A relation one holds one value of at a time (where one lives, who one works for), stated
    with another value of the same kind for the same subject: a change (the caller asks for a cue). Only
    a value the relation's words govern counts (its object: "works at X", "my home is X"), never one
    they merely stand near ("the X onboarding flow")."""
    if not relations or subject is None:
        return None
    for v in fresh:
        sent = sents[v.sentence]
        if (_other(v, old) and cv.kind(v) == cv.kind(old) and relations & cv.governed(sent, v)
                and cv.subject(sent, v, vals) == subject):
            return Change(old.text, v.text, "held", cv.relation_of(relations))
    return None


def _governed_values(text: str, relation: str) -> list[cv.Value]:
    """The text's values that `relation`'s words govern, held by the user."""
    sents, vals = cv.values(text)
    return [v for v in vals if relation in cv.governed(s := sents[v.sentence], v) and cv.subject(s, v, vals) == set()]


def _field_and_value(newer: str, older: str) -> Change | None:
    """A field of the user's ("Location: Lyon") against a value its relation governs in the other
    text ("lives in Nantes"), either way round, for the relations held one value at a time. The old
    value may come back in the newer text only as the one left ("not Lyon anymore")."""
    new_sents, new_vals = cv.values(newer)
    kept = {v.text.lower() for v in new_vals if _departed(new_sents[v.sentence], v) is None}
    kept |= {f.value.lower() for f in fields(newer)}
    for f, relation in user_fields(older):
        if relation in FUNCTIONAL and f.value.lower() not in kept:
            for v in _governed_values(newer, relation):
                if v.text.lower() != f.value.lower():
                    return Change(f.value, v.text, "held", relation)
    for f, relation in user_fields(newer):
        if relation in FUNCTIONAL:
            for v in _governed_values(older, relation):
                if v.text.lower() != f.value.lower() and v.text.lower() not in kept:
                    return Change(v.text, f.value, "held", relation)
    return None


def value_texts(text: str) -> frozenset[str]:
    """The named values a text states, lower-cased (what `held` is asked about)."""
    return frozenset(v.text.lower() for v in cv.values(text)[1])
