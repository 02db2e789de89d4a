"""The change detector's reading of motion: a value that a verb of motion takes as its target ("moved
the backups to X", "the review got pushed to May 3") replaces the old value said of the same
thing, and the tests of "the same thing" and "someone else's" that other paths share."""

from __future__ import annotations

from memory_pipeline.lib import change_values as cv
from memory_pipeline.lib.change_words import stem
from memory_pipeline.lib.vocab.change import DETERMINERS, MOTION_TO, MOTION_VERBS


def replaces(new: cv.Value, old: cv.Value) -> bool:
    """Another value, or a longer form of a multi-word one ("Staff Research Scientist"); "Granite API"
    is the same Granite, not a value that replaces it; a date is another date ("July 21" for "July 20")."""
    if cv.kind(new) == cv.kind(old) == "time":
        return new.tokens != old.tokens
    return not (new.tokens & old.tokens) or (len(old.tokens) >= 2 and old.tokens < new.tokens)


def same_relation(old_classes: frozenset[str], sentence: list[str], v: cv.Value) -> bool:
    """False only when both values' relations are known and differ."""
    mine = cv.classes(sentence, v, 2)
    return not (old_classes and mine) or bool(old_classes & mine)


def moved_to(old: cv.Value, old_sent: list[str], old_vals: list[cv.Value], sents: list[list[str]],
              vals: list[cv.Value], mine: list[cv.Value]) -> tuple[str, str, str | None] | None:
    """A value of the old one's kind that a verb of motion takes as its target ("moved the backups
    to X", "the review got pushed to May 3"), said of the same thing: the old value is left for it,
    named in the newer text or not. The same thing, in the target's sentence: the same relation
    ("resides in" / "relocated to"), a word of the old value's own frame ("the audit is due by X" /
    "moved the audit to Y") or the old value itself ("after years of X, ... over to Y"); one
    shared name is not enough ("Orca billing" / "Orca search")."""
    old_classes, old_subject = cv.classes(old_sent, old), cv.subject(old_sent, old, old_vals)
    for v in mine:
        sent = sents[v.sentence]
        if not (replaces(v, old) and cv.kind(v) == cv.kind(old) and same_relation(old_classes, sent, v)):
            continue
        # a frame word said again in the target's own sentence, other than the verb of motion itself
        said = {stem(w) for w in sent if w.lower() not in MOTION_VERBS}
        if not (old_classes & cv.classes(sent, v) or cv.frame(old_sent, old) & said
                or old.tokens <= {w.lower() for w in sent}):
            continue
        if old_classes and someone_else(cv.subject(sent, v, vals), old_subject, old_sent):
            continue
        if left_instead(old, v, old_sent, vals):
            continue
        if motion_target(sent, v):
            return old.text, v.text, cv.relation_of(old_classes)
    return None


def left_instead(old: cv.Value, target: cv.Value, old_sent: list[str], vals: list[cv.Value]) -> bool:
    """Whether the target's sentence names another value of its kind that the older sentence does not
    say, and not the old value: that one is what the move leaves ("moved the backups to X once Y
    got too slow", "after a decade near Y, we went with X")."""
    said = {w.lower() for w in old_sent}
    here = [v for v in vals if v.sentence == target.sentence and v is not target]
    if any(v.tokens == old.tokens for v in here):
        return False
    return any(cv.kind(v) == cv.kind(target) and not v.tokens & said and not v.tokens & target.tokens for v in here)


def someone_else(who: frozenset[str] | None, old_subject: frozenset[str] | None, old_sent: list[str]) -> bool:
    """Whether a new value is someone else's than the old one: "my cousin settled in X" (an unnamed
    other) or "Ines relocated to X" (a name the older sentence does not say) against "I live in Y".
    Asked only of a relation a person holds (where one lives or works): what a project "runs on" has
    no subject this reading can tell."""
    if (who is None) != (old_subject is None):
        return True
    return bool(who) and not who & {w.lower() for w in old_sent}


def motion_target(sentence: list[str], v: cv.Value) -> bool:
    """Whether a verb of motion takes the value as its target: "to"/"onto"/"into" right before it (a
    determiner between) and the verb a few words before that, in the same clause."""
    low = [w.lower() for w in sentence]
    j = v.start - 1
    if j >= 0 and low[j] in DETERMINERS:
        j -= 1
    if j < 0 or low[j] not in MOTION_TO:
        return False
    for k in range(j - 1, max(-1, j - 8), -1):  # "moved the Orca data export review to X"
        if low[k] == cv.BREAK:
            return False
        if low[k] in MOTION_VERBS:
            return True
    return False
