"""The order of delivered memories: of two that speak of the same thing, the newer goes first.

Recall ranks by similarity to the question, so an older memory worded closer to the question ("delivery
slot is 12 Aug") can come before the newer one that changed it ("the desk delivery is moved to 19 Aug")
when no supersession was written. Two memories speak of the same thing here when they share at least
`SHARED` content words (light stems), or both name a name the question names ("which class is Tomas in?":
"Tomas goes to playgroup" and "Tomas likes his new class"); the newer then moves to just before the
older. Only the order changes: what is delivered, and whether a row is current, stay as they were.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from memory_pipeline.lib.digest import speaker_of
from memory_pipeline.lib.text import STOP_WORDS, content_words

SHARED = 2


def _stems(text: str) -> frozenset[str]:
    return frozenset(w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w
                     for w in content_words(text) if not w.isdigit() or len(w) > 1)


def _capitalised(text: str) -> frozenset[str]:
    return frozenset(w.lower() for w in re.findall(r"\b[A-Z][\w'-]*", text)) - STOP_WORDS


def newer_first(items: Sequence[tuple[str, str | None]], query: str = "") -> list[int]:
    """`items`: (text, ISO time or None: not a memory) in delivered order; the new order as indexes. A
    memory moves before the first older memory above it that shares SHARED content words with it, or a
    name the question names (a speaker's label is no name the text names)."""
    order = list(range(len(items)))
    asked = _capitalised(query.split(maxsplit=1)[1]) if len(query.split()) > 1 else frozenset()
    stems = [_stems(text) if at else frozenset() for text, at in items]
    named = [_capitalised(speaker_of(text)[1]) & asked if at else frozenset() for text, at in items]
    for j in range(len(items)):
        at = items[j][1]
        if at is None:
            continue
        pos = order.index(j)
        for k, i in enumerate(order[:pos]):
            older = items[i][1]
            if older is not None and older < at and (len(stems[i] & stems[j]) >= SHARED or named[i] & named[j]):
                order.insert(k, order.pop(pos))
                break
    return order
