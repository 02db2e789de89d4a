"""probes-dev `temporal` scored the way its README says, through the save path's own date function.

Each case is one memory, an expression quoted from it and the gold date (`YYYY-MM-DD`, or `YYYY-MM` when
the expression names a month). A case passes when the date the save path stores for the expression (its
start; a weekend's Saturday) equals the gold, or for a month gold falls in that month. Cases alternate
future (odd numbers) and past (even numbers); the README says so, the resolver is never told.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path

from memory_pipeline.bench.calibration import data_dir
from memory_pipeline.records import MemoryIn
from memory_pipeline.save import dates_json

Resolver = Callable[[MemoryIn], list[dict]]


def cases_path() -> Path:
    return data_dir() / "probes-dev" / "cases.json"


def load_cases(path: Path | None = None) -> list[dict]:
    return json.loads((path or cases_path()).read_text(encoding="utf-8"))["temporal"]


def direction(case: dict) -> str:
    return "future" if int(case["user"].rsplit("-", 1)[1]) % 2 else "past"


def resolved_for(case: dict, resolve: Resolver = dates_json) -> dict | None:
    """The stored date whose text overlaps the case's expression (the longest such), or None."""
    mem = case["memory"]
    text = mem["content"]
    rec = MemoryIn(case["user"], text, datetime.fromisoformat(mem["created_at"].replace("Z", "+00:00")))
    start = text.lower().find(case["expression"].lower())
    end = start + len(case["expression"])
    hits = []
    for d in resolve(rec):
        at = text.find(d["text"])
        if at >= 0 and at < end and at + len(d["text"]) > start:
            hits.append(d)
    return max(hits, key=lambda d: len(d["text"]), default=None)


def passes(case: dict, found: dict | None) -> bool:
    if found is None:
        return False
    gold = case["gold"]
    return found["date"][: len(gold)] == gold


def score(cases: Sequence[dict], resolve: Resolver = dates_json) -> dict:
    """Accuracy past / future and each miss with what was stored."""
    right = {"past": 0, "future": 0}
    total = {"past": 0, "future": 0}
    misses = []
    for case in cases:
        side = direction(case)
        found = resolved_for(case, resolve)
        total[side] += 1
        if passes(case, found):
            right[side] += 1
        else:
            misses.append({"user": case["user"], "expression": case["expression"], "gold": case["gold"],
                           "got": found})
    return {side: round(right[side] / total[side], 3) if total[side] else None for side in total} | {
        "cases": len(cases), "misses": misses}


if __name__ == "__main__":
    print(json.dumps(score(load_cases()), indent=1))
