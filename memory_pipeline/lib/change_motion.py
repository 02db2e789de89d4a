"""The change detector's tests of "another value", "the same relation" and "someone else's", shared by
its paths. (The motion path, a value a verb of motion takes as its target, was deleted with issue 30's
rule budget: the judge weighs such pairs by their swap, cue and frame features.)"""

from __future__ import annotations

from memory_pipeline.lib import change_values as cv


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
