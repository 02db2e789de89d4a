"""How probes-dev outcomes are scored (pure: plain data in, pass/fail out), kept apart from the code that
loads and consolidates the cases (`bench/probes.py`) so the rules can be tested on constructed outcomes.

The probes README leaves two things to the scorer; they are defined here:

- the answer to a question is what `recall` delivers in `standard` mode within a text budget (the rows
  an agent would read), in rank order;
- the profile judge is automatic (no model, no person): an item is stated when one line of the session
  block holds its key words (see `stated`). Its limits are written in docs/BENCHMARKS.md.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from datetime import date, timedelta
from functools import lru_cache
from pathlib import Path

# a hyphenated compound is one word: "pre-launch" is not "launch", "full-time" not "time"
_WORD = re.compile(r"[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*(?:'[a-z]+)?")
# function words only: what an item says lives in its other words
_STOP_WORDS = (
    "a an the and or but of at in on to for with from by as is are was were be been being has have had do does"
    " did his her their its my our your he she they it him them who whom which that this these those there"
    " than then into onto about over under very just also only not no"
)
_STOP = frozenset(_STOP_WORDS.split())
# a line that says a fact is past is not stating it as current (the README: "used to work at X" is fine)
_PAST = re.compile(
    r"\b(used to|previously|formerly|former|no longer|not any ?more|anymore|ex-|past|superseded|replaced"
    r"|was|were|stop|stops|stopped|quit|left|until)\b", re.I)


_NUMBER_WORDS = "zero one two three four five six seven eight nine ten eleven twelve"
_NUMBERS = {w: str(i) for i, w in enumerate(_NUMBER_WORDS.split())}
_HEADING = re.compile(r"^\s*(#+|\*\*)")
_PAST_HEADING = re.compile(r"supersed|past|previous|former|outdated|no longer", re.I)
_STRUCK = re.compile(r"~~.*?~~")


def stem(word: str) -> str:
    """A light stem: enough for 'lives'/'live', 'works'/'working', 'cats'/'cat'."""
    w = word.lower().removesuffix("'s")
    if w in _NUMBERS:
        return _NUMBERS[w]
    for suffix in ("ing", "ies", "es", "ed", "s"):
        if len(w) > len(suffix) + 2 and w.endswith(suffix):
            return w[: -len(suffix)] + ("y" if suffix == "ies" else "")
    return w


def item_words(item: str) -> tuple[set[str], set[str]]:
    """(key words, other content words) of a profile item: key words are names and numbers (a capital
    letter after the first word, or a digit), which must all be said."""
    keys, other = set(), set()
    tokens = [m.group(0) for m in _WORD.finditer(item)]
    for i, w in enumerate(tokens):
        if w.lower() in _STOP:
            continue
        s = _stem_in(tokens, i)
        (keys if s.isdigit() or any(c.isdigit() for c in w) or (i > 0 and w[0].isupper()) else other).add(s)
    return keys, other


def _stem_in(tokens: list[str], k: int) -> str:
    """The stem of `tokens[k]`; a number word inside a name ("Capture One") is part of the name, not a count."""
    t = tokens[k]
    return t.lower() if t.lower() in _NUMBERS and t[:1].isupper() and k and tokens[k - 1][:1].isupper() else stem(t)


def stated(item: str, text: str) -> tuple[bool, bool]:
    """(stated in some line, stated in a line that does not mark it as past).

    A line (or sentence) states an item when it holds every key word and, of the other content words,
    at least half rounded up (half rounded down when the item has key words), in one of its clauses (one
    naming a key word, when the item has some: see `_said_of`). A line marks what it says
    as past with a past word ("used to", "no longer", "was", ...), by striking it through (~~x~~), or by
    standing under a heading about superseded or past facts."""
    keys, other = item_words(item)
    need = (len(other) // 2) if keys else -(-len(other) // 2)
    any_line = current = past_section = False
    for raw in text.split("\n"):
        if _HEADING.match(raw):
            past_section = bool(_PAST_HEADING.search(raw))
        for part, struck in [(m.group(0), True) for m in _STRUCK.finditer(raw)] + [(_STRUCK.sub(" ", raw), False)]:
            for line in re.split(r"(?<=[.;!?])\s+", part):
                words = _line_words(line)
                if keys <= words and _said_of(keys, other, need, line) and (keys or other & words):
                    any_line = True
                    current = current or not (struck or past_section or _PAST.search(line))
    return any_line, current


def _said_of(keys: set[str], other: set[str], need: int, line: str) -> bool:
    """The item's other words are said in one clause of the line (the profile joins the clauses of one
    memory with " | "), and in one that names a key word when the item has some: "Their partner is Lena |
    Lives in Altona" states nothing of Lena living apart through the word "lives" of the other clause."""
    clauses = [_line_words(c) for c in line.split(" | ")]
    return any(len(other & c) >= need and (not keys or keys & c) for c in clauses)


def _line_words(line: str) -> set[str]:
    """A line's stems; a number word inside a name ("Capture One") is part of the name, not a count."""
    tokens = [m.group(0) for m in _WORD.finditer(line)]
    return {_stem_in(tokens, k) for k in range(len(tokens))}


def profile_outcome(block: str, current: Sequence[str], stale: Sequence[str]) -> dict:
    got = [stated(c, block)[1] for c in current]  # stated as current
    leaked = [stated(s, block)[1] for s in stale]
    return {"current_stated": sum(got), "current": len(got), "stale_leaked": sum(leaked), "stale": len(leaked),
            "passed": all(got) and not any(leaked),
            "missing": [c for c, ok in zip(current, got, strict=True) if not ok],
            "leaked": [s for s, bad in zip(stale, leaked, strict=True) if bad]}


# hand labels of the profile cases' supersessions (the judge trains on them: figures read on them are in-sample)
PROFILE_LABELS = Path(__file__).with_name("profile_labels.json")


@lru_cache(maxsize=2)
def profile_labels(path: Path = PROFILE_LABELS) -> dict[str, dict[str, set[tuple[int, int]]]]:
    """Case user -> {"positive": {(newer, older)}, "skip": {...}}, memory indexes in time order (read once;
    callers do not change it)."""
    cases = json.loads(path.read_text())["cases"]
    return {u: {k: {(int(a), int(b)) for a, b in c[k]} for k in ("positive", "skip")} for u, c in cases.items()}


def edges_outcome(edges: set[tuple[int, int]], labels: dict[str, set[tuple[int, int]]]) -> dict:
    """Supersessions written in a long history, as (newer, older) memory indexes, against its hand labels:
    right (a labelled replacement), read two ways (left out of the labels) or wrong."""
    right, two_ways = edges & labels["positive"], edges & labels["skip"]
    return {"edges": len(edges), "edges_right": len(right), "edges_two_ways": len(two_ways),
            "edges_wrong": len(edges) - len(right) - len(two_ways), "labelled": len(labels["positive"])}


def chain_end(successor: dict[int, int | None], mid: int) -> int:
    seen = set()
    while successor.get(mid) is not None and mid not in seen:
        seen.add(mid)
        mid = successor[mid]
    return mid


def holding(contents: dict[int, str], value: str) -> list[int]:
    """Ids of the memories whose text holds `value` (case-insensitive), oldest first."""
    v = value.lower()
    return sorted(i for i, c in contents.items() if v in c.lower())


def supersession_outcome(contents: dict[int, str], successor: dict[int, int | None], old: str, new: str) -> dict:
    """The first memory holding the old value is superseded, and its chain of successors ends in a memory
    holding the new value; no memory holding neither value (noise) is superseded."""
    olds, news = holding(contents, old), holding(contents, new)
    first_old = next((i for i in olds if i not in news), olds[0] if olds else None)
    end = chain_end(successor, first_old) if first_old is not None else None
    superseded = first_old is not None and end != first_old and end in news
    noise = [i for i in contents if i not in olds and i not in news and successor.get(i) is not None]
    return {"superseded": superseded, "noise_superseded": len(noise), "passed": superseded and not noise}


def profile_section(block: str) -> str:
    """A session block's "### Profile" section: what the engine stores as the user's current facts (and,
    on a line of its own, the states that ended)."""
    section = block.split("### Profile", 1)[1] if "### Profile" in block else ""
    return section.split("\n### ", 1)[0].split("</memory_consolidated_summaries>", 1)[0].strip()


def stored_lines(block: str) -> list[str]:
    """The lines the profile states as current: its section without the line of past states."""
    return [line for line in profile_section(block).splitlines() if line.strip() and not line.startswith("Past:")]


def stored_current_outcome(block: str, new: str, old: str) -> bool:
    """The README's second way a change passes: "the engine's stored current fact is the new one". A
    profile line states the new value, and no line states the old one without the new (a line holding
    both, "Cypress, not Playwright", states the change)."""
    n, o = new.lower(), old.lower()
    lines = [line.lower() for line in stored_lines(block)]
    return any(n in line for line in lines) and not any(o in line and n not in line for line in lines)


def answer_outcome(rows: Sequence[dict], new: str, old: str) -> dict:
    """`rows`: recall's delivered rows in rank order. Passes when a row delivers the new value before any
    current row that delivers the old value without the new one (a row holding both, such as "not X any
    more, Y", states the change; a superseded row shown as such is not the old value given as current).
    `strict`: the new value is delivered and no current row gives the old value alone anywhere."""
    n, o = new.lower(), old.lower()
    texts = [((r.get("delivered") or r.get("content") or "").lower(), r.get("current", True)) for r in rows]
    first_new = next((i for i, (t, _) in enumerate(texts) if n in t), None)
    old_current = [i for i, (t, cur) in enumerate(texts) if o in t and n not in t and cur]
    passed = first_new is not None and (not old_current or first_new < old_current[0])
    return {"passed": passed, "strict": first_new is not None and not old_current, "new_given": first_new is not None}


def reasoned_outcome(text: str, new: str, old: str) -> bool:
    """A reasoned answer gives the new value (naming the old one beside it, as past, is fine)."""
    return new.lower() in text.lower()


def contains_all(rows: Sequence[dict], strings: Sequence[str]) -> bool:
    text = "\n".join((r.get("delivered") or r.get("content") or "") for r in rows).lower()
    return all(s.lower() in text for s in strings)


def temporal_outcome(resolved: Sequence[dict], expression: str, gold: str) -> dict:
    """The memory's resolved date for the expression (the entry whose text overlaps it most) against the
    gold: a day gold needs that day (a weekend may start on the Saturday or be the Sunday), a month gold
    any day of that month or the month itself."""
    e = expression.lower()
    hits = [d for d in resolved if d.get("text") and (d["text"].lower() in e or e in d["text"].lower())]
    if not hits:
        return {"passed": False, "resolved": None}
    best = max(hits, key=lambda d: len(set(d["text"].lower().split()) & set(e.split())))
    start, end = best["date"], best.get("end") or best["date"]
    if len(gold) == 7:
        ok = start[:7] == gold and end[:7] == gold
    else:
        g = date.fromisoformat(gold)
        sunday = (g + timedelta(days=1)).isoformat()
        weekend = "weekend" in e and start in (gold, sunday) and end in (gold, sunday)
        ok = (start == gold and end == gold) or weekend
    label = start if end == start else f"{start}..{end}"
    return {"passed": ok, "resolved": label}


def dedup_outcome(merged: bool, flagged: bool, must_not_merge: bool) -> dict:
    return {"merged": merged, "flagged": flagged,
            "passed": not merged if must_not_merge else (merged or flagged)}


def rate(flags: Sequence[bool]) -> float | None:
    return round(sum(flags) / len(flags), 3) if flags else None


def table_rows(v: dict) -> tuple[list[str], list[list]]:
    """The report table: one row per figure."""
    rows = []
    for cat, fig in v.get("figures", {}).items():
        for name, value in fig.items():
            rows.append([f"{cat}: {name}", value])
    return ["figure", "value"], rows
