"""Resolved dates scored through the save path's own date function: probes-dev `temporal` (in-sample) and
LoCoMo dev's temporal questions (held out).

probes-dev, the way its README says:

Each case is one memory, an expression quoted from it and the gold date (`YYYY-MM-DD`, or `YYYY-MM` when
the expression names a month). A case passes when the date the save path stores for the expression (its
start; a weekend's Saturday) equals the gold, or for a month gold falls in that month. Cases alternate
future (odd numbers) and past (even numbers); the README says so, the resolver is never told.

LoCoMo dev: a temporal question (category 2) whose answer is a date ("7 May 2023"), a month ("June
2023"), a year ("2022") or "the <weekday> before <date>", with one evidence turn; it passes when a date the
save path stores for that turn (timed as `bench --real` times it) is that day, lies in that month, or is
that year (a year-long date). Answers such as "the week before ..." or durations are not dates and are
left out.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from datetime import date, datetime, timedelta
from pathlib import Path

from memory_pipeline.bench.calibration import data_dir
from memory_pipeline.bench.real import locomo_path, turns
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


def dateparser_resolver(prefer: str) -> Resolver:
    """The same interface over dateparser's `search_dates` (the `compare` extra), for the comparison in
    docs/BENCHMARKS.md: RELATIVE_BASE is the memory's time, PREFER_DATES_FROM `prefer` ("past",
    "future" or "current_period")."""
    from dateparser.search import search_dates  # only here: about 0.4 s to import

    def resolve(rec: MemoryIn) -> list[dict]:
        settings = {"RELATIVE_BASE": rec.created_at.replace(tzinfo=None), "PREFER_DATES_FROM": prefer}
        found = search_dates(rec.content, languages=["en"], settings=settings) or []
        return [{"text": text, "date": d.date().isoformat()} for text, d in found]

    return resolve


def score_oracle_direction(cases: Sequence[dict], make: Callable[[str], Resolver]) -> dict:
    """Accuracy when each case's resolver is told the case's true direction: a library's ceiling given a
    perfect tense reader."""
    right = {"past": 0, "future": 0}
    for case in cases:
        side = direction(case)
        right[side] += passes(case, resolved_for(case, make(side)))
    return {side: round(n / sum(direction(c) == side for c in cases), 3) for side, n in right.items()}


_WEEKDAY_BEFORE = re.compile(r"^the (\w+day) before (.+)$", re.IGNORECASE)
_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")


def _parse(fmt: str, text: str) -> date | None:
    try:
        return datetime.strptime(text, fmt).date()
    except ValueError:
        return None


def locomo_gold(answer) -> tuple[str, str] | None:
    """("day" | "month" | "year", ISO prefix) for an answer that names a date, else None."""
    text = str(answer).strip().rstrip(".")
    if re.fullmatch(r"(19|20)\d\d", text):
        return "year", text
    if d := _parse("%d %B %Y", text) or _parse("%d %B, %Y", text):
        return "day", d.isoformat()
    if d := _parse("%B %Y", text) or _parse("%B, %Y", text):
        return "month", d.isoformat()[:7]
    m = _WEEKDAY_BEFORE.match(text)
    if m and m[1].lower() in _WEEKDAYS and (d := _parse("%d %B %Y", m[2]) or _parse("%d %B, %Y", m[2])):
        back = (d.weekday() - _WEEKDAYS.index(m[1].lower()) - 1) % 7 + 1
        return "day", (d - timedelta(days=back)).isoformat()
    return None


def _matches(kind: str, gold: str, stored: dict) -> bool:
    if kind == "year":
        return stored["date"][:4] == gold and stored.get("granularity") == "year"
    return stored["date"][: len(gold)] == gold


def score_locomo(convs: Sequence[dict], resolve: Resolver = dates_json) -> dict:
    """Share of LoCoMo's dated temporal answers that a stored date of the evidence turn gives."""
    right, rows = 0, []
    for conv in convs:
        by_turn = {t["external_id"]: t for t in turns(conv)}
        for q in conv["qa"]:
            gold = locomo_gold(q.get("answer")) if q.get("category") == 2 else None
            if gold is None or len(q.get("evidence", ())) != 1 or q["evidence"][0] not in by_turn:
                continue
            t = by_turn[q["evidence"][0]]
            rec = MemoryIn(conv["sample_id"], t["content"], datetime.fromisoformat(t["created_at"]))
            stored = resolve(rec)
            ok = any(_matches(*gold, d) for d in stored)
            right += ok
            rows.append({"question": q["question"], "gold": gold[1], "ok": ok,
                         "got": [(d["text"], d["date"]) for d in stored]})
    return {"accuracy": round(right / len(rows), 3) if rows else None, "questions": len(rows), "rows": rows}


if __name__ == "__main__":
    probes = score(load_cases())
    print(json.dumps(probes | {"misses": [m["user"] for m in probes["misses"]]}))
    locomo = score_locomo(json.loads(locomo_path().read_text(encoding="utf-8")))
    print(json.dumps({k: v for k, v in locomo.items() if k != "rows"}))
