"""Surface wording shared by the generator: variation, articles, relative date expressions, the
draw-without-replacement deck and the filler frames compiled against their value pools."""

from __future__ import annotations

import random
import string
from collections.abc import Callable
from datetime import datetime
from functools import cache
from types import ModuleType
from typing import Any

from memory_pipeline.bench.workload.vocab import family
from memory_pipeline.bench.workload.vocab.values import (
    ACTIVITIES,
    ANNOYANCES,
    BOOKS,
    CAUSES,
    CHANGES,
    CITIES,
    CONCEPTS,
    DISHES,
    FIELDS,
    FIRST_NAMES,
    FIXES,
    HOBBIES,
    HUMAN_LANGUAGES,
    IDEAS,
    INGREDIENTS,
    MONTHS,
    NUMBER_WORDS,
    PHRASES,
    PITFALLS,
    QUALITIES,
    SIGHTS,
    TOOLS,
    USECASES,
    WEEKDAYS,
)


def pround(rng: random.Random, x: float) -> int:
    i = int(x)
    return i + (rng.random() < x - i)


def cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def article(v: str) -> str:
    return ("an " if v[:1].lower() in "aeiou" or v.startswith(("SRE", "ML ")) else "a ") + v


def vary(rng: random.Random, text: str, lowerable: bool, phrasing: ModuleType) -> str:
    """Cheap surface variation on top of the frame choice (the family's prefixes, expansions and
    suffixes), and punctuation."""
    r = rng.random()
    if r < 0.22:
        first = text.split(" ", 1)[0]
        # Only a plain capitalised word is lowered: "PR", "TODO:" and "I'm" keep their case.
        if lowerable and first[:1].isupper() and first[1:] == first[1:].lower() and not first.startswith("I"):
            text = text[:1].lower() + text[1:]
        text = rng.choice(phrasing.PREFIXES) + " " + text
    if rng.random() < 0.18:
        for a, b in phrasing.EXPANSIONS:
            if a in text:
                text = text.replace(a, b)
    r = rng.random()
    if r < 0.08 and text.endswith("."):
        text = text[:-1]
    elif r < 0.14 and text.endswith("."):
        text = text[:-1] + "!"
    elif r < 0.2:
        text += " " + rng.choice(phrasing.SUFFIXES)
    return text


# Frames opening with these start with a name, which must keep its capital after a prefix.
NAMED_START = ("{v}", "{p}", "{name}", "{x}")


def say(rng: random.Random, frame: str, kw: dict[str, str], phrasing: ModuleType) -> str:
    return vary(rng, cap(frame.format(**kw)), not frame.startswith(NAMED_START), phrasing)


class Deck:
    """Draws without replacement, reshuffling when empty: within a user, a task, event or
    distractor template comes back only after all others were used (so ordinary users get no
    look-alikes the truth does not list; heavy users cycle)."""

    def __init__(self, rng: random.Random, items: tuple):
        self.rng, self.items, self.left = rng, items, []

    def draw(self, fits: Callable[[Any], bool] | None = None) -> Any:
        for _ in range(2):
            if not self.left:
                self.left = list(self.items)
                self.rng.shuffle(self.left)
            for i in range(len(self.left) - 1, -1, -1):
                if fits is None or fits(self.left[i]):
                    return self.left.pop(i)
            self.left = []  # nothing left fits: start a fresh round
        return None


def month_day(rng: random.Random) -> str:
    m = rng.randrange(12)
    return f"{MONTHS[m]} {rng.randint(1, 28)}"


# Relative dates. Offsets are in days from the memory's own (UTC) date.


def past_expressions(when: datetime) -> list[tuple[str, int]]:
    out = [("yesterday", -1), ("the day before yesterday", -2), ("last night", -1)]
    for n in range(2, 7):
        out.append((f"{n} days ago", -n))
        out.append((f"{NUMBER_WORDS[n]} days ago", -n))
    out += [("a week ago", -7), ("two weeks ago", -14), ("three weeks ago", -21)]
    if when.hour >= 10:
        out += [("this morning", 0), ("earlier today", 0)]
    wd = when.weekday()
    for x in range(wd + 2, 7):  # the named day is still ahead this week, so "last" is unambiguous
        out.append((f"last {WEEKDAYS[x]}", x - wd - 7))
    return out


def future_expressions(when: datetime) -> list[tuple[str, int]]:
    out = [("tomorrow", 1), ("the day after tomorrow", 2), ("in two weeks", 14)]
    for n in range(3, 7):
        out.append((f"in {n} days", n))
        out.append((f"in {NUMBER_WORDS[n]} days", n))
    if when.hour < 19:
        out.append(("tonight", 0))
    wd = when.weekday()
    for x in range(0, wd - 1):  # the named day already passed this week, so "next" is unambiguous
        out.append((f"next {WEEKDAYS[x]}", x - wd + 7))
    return out


# Filler placeholders and the value pools they draw from.
_FILLER_POOLS: dict[str, tuple[str, ...]] = {
    "concept": CONCEPTS,
    "tool": TOOLS,
    "book": BOOKS,
    "sight": SIGHTS,
    "quality": QUALITIES,
    "idea": IDEAS,
    "name": FIRST_NAMES,
    "activity": ACTIVITIES,
    "dish": DISHES,
    "change": CHANGES,
    "city": CITIES,
    "usecase": USECASES,
    "phrase": PHRASES,
    "hlang": HUMAN_LANGUAGES,
    "field": FIELDS,
    "month": MONTHS,
    "pitfall": PITFALLS,
    "ingredient": INGREDIENTS,
    "cause": CAUSES,
    "fix": FIXES,
    "annoyance": ANNOYANCES,
    "hobby": HOBBIES,
    "n": tuple(str(i) for i in range(4, 13)),
}


# Per frame: (frame, ((pool, placeholder names drawn from it), ...)).
Compiled = tuple[tuple[str, tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]], ...]


def _compile(frames: tuple[str, ...]) -> Compiled:
    """Per frame, the pools it draws from; "tool"/"tool2" share one pool and are drawn distinct."""
    out = []
    for frame in frames:
        names = sorted({n for _, n, _, _ in string.Formatter().parse(frame) if n})
        by_base: dict[str, list[str]] = {}
        for n in names:
            by_base.setdefault(n.rstrip("23"), []).append(n)
        out.append((frame, tuple((_FILLER_POOLS[b], tuple(ns)) for b, ns in by_base.items())))
    return tuple(out)


@cache
def filler_frames(name: str) -> tuple[Compiled, Compiled, Compiled]:
    """A family's (user, assistant, chat) filler frames, compiled once per family."""
    phrasing = family(name)
    return (
        _compile(phrasing.FILLER_USER),
        _compile(phrasing.FILLER_ASSISTANT),
        _compile(phrasing.FILLER_CHAT),
    )
