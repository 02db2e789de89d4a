"""The structural detector's departure reading as a feature of the supersession judge.

`lib/change.py` reads a named value left behind ("I left X", "not X but Y", "a change from X") with
another value of its kind near it. As a decision of its own it wrote edges the judge never weighed;
as one feature among the others its weight is learned with them, so the judge writes those changes
at its calibrated threshold and the readings it gets wrong are outweighed (docs/JUDGE.md, judge-6).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from functools import lru_cache

from memory_pipeline.lib.change import departure, value_texts
from memory_pipeline.lib.judge_sentence import value_voice

RULE_FEATURES: dict[str, str] = {
    "rule_departure": "the structural detector reads an older value left behind in the newer text, with"
                      " another value of its kind near it, the user's own (lib/change.py, the departure path)",
}
RULE_NAMES = tuple(RULE_FEATURES)


@lru_cache(maxsize=4096)
def rule_features(newer: str, older: str, held: frozenset[str] = frozenset()) -> tuple[float, ...]:
    """The rule-reading vector (in `RULE_NAMES` order) of a newer text against an older one; `held`: the
    newer text's values the user stated before it (a value the user named before is held, not a new
    one), as the engine passes them."""
    found = departure(newer, older, held)
    # as the engine asks of the rule's edge: the new value the user's own, of the present (judge_sentence)
    return (float(found is not None and not (found.new_value and value_voice(newer, found.new_value))),)


def first_said(stated: Iterable[tuple[str, datetime]]) -> dict[str, datetime]:
    """Value (lower-cased) -> when the user first stated it, over (text, time) pairs."""
    first: dict[str, datetime] = {}
    for text, at in stated:
        for v in value_texts(text):
            if v not in first or at < first[v]:
                first[v] = at
    return first


def held_before(text: str, at: datetime, first: dict[str, datetime]) -> frozenset[str]:
    """The text's values the user stated before `at` (a value said again is still held, not new)."""
    return frozenset(v for v in value_texts(text) if first.get(v, at) < at)
