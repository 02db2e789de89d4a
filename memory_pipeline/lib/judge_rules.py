"""The structural detector's departure reading as a feature of the supersession judge.

`lib/change.py` reads a named value left behind ("I left X", "not X but Y", "a change from X") with
another value of its kind near it. As a decision of its own it wrote edges the judge never weighed;
as one feature among the others its weight is learned with them, so the judge writes those changes
at its calibrated threshold and the readings it gets wrong are outweighed (docs/JUDGE.md, judge-6).
"""

from __future__ import annotations

from functools import lru_cache

from memory_pipeline.lib.change import departure

RULE_FEATURES: dict[str, str] = {
    "rule_departure": "the structural detector reads an older value left behind in the newer text, with"
                      " another value of its kind near it (lib/change.py, the departure path)",
}
RULE_NAMES = tuple(RULE_FEATURES)


@lru_cache(maxsize=4096)
def rule_features(newer: str, older: str) -> tuple[float, ...]:
    """The rule-reading vector (in `RULE_NAMES` order) of a newer text against an older one."""
    return (float(departure(newer, older) is not None),)
