"""What the fact extractor returns: facts (what a text says about its author)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Fact:
    """One extracted fact. `value` is the object ("vim", "drinking coffee", "Berlin"); `text` the span
    it came from. Negations carry negated=True; so do negative constraints ("cannot eat nuts")."""

    kind: str
    value: str
    negated: bool = False
    text: str = ""
