"""How each kind of date expression resolves against the anchor date: date arithmetic and the handlers
the rule table in vocab.temporal names."""

from __future__ import annotations

import calendar
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, timedelta

from memory_pipeline.lib.text import LETTERS, words
from memory_pipeline.lib.vocab.calendar import (
    MONTH_ABBREVIATIONS,
    MONTHS,
    NUMBER_WORDS,
    SEASONS,
    WEEKDAY_ABBREVIATIONS,
    WEEKDAYS,
)
from memory_pipeline.lib.vocab.temporal import HAS_DIGIT, HAS_YEAR, TEMPORAL_RULES

# (start, end, granularity, confidence)
Resolution = tuple[date, date, str, float]
_Handler = Callable[[re.Match[str], date], Resolution | None]

_DIGIT = re.compile(r"\d")
_FOUR_DIGITS = re.compile(r"\d{4}")


def date_words(text: str) -> set[str]:
    """The words rule needs are checked against, with HAS_DIGIT / HAS_YEAR for digits in the text."""
    found = set(words(text, LETTERS))
    if _DIGIT.search(text):
        found.add(HAS_DIGIT)
        if _FOUR_DIGITS.search(text):
            found.add(HAS_YEAR)
    return found


# -- date arithmetic -----------------------------------------------------------------------------
def _shift_months(d: date, months: int) -> date:
    index = d.year * 12 + d.month - 1 + months
    year, month0 = divmod(index, 12)
    last = calendar.monthrange(year, month0 + 1)[1]
    return date(year, month0 + 1, min(d.day, last))


def _month_range(year: int, month: int) -> tuple[date, date]:
    return date(year, month, 1), date(year, month, calendar.monthrange(year, month)[1])


def _monday(d: date) -> date:
    return d - timedelta(days=d.weekday())


def _season_range(first_month: int, year: int) -> tuple[date, date]:
    start = date(year, first_month, 1)
    last = _shift_months(start, 2)
    return start, _month_range(last.year, last.month)[1]


_UNIT_GRANULARITY = {"day": "day", "week": "week", "fortnight": "week", "month": "month", "year": "year"}
# "3 days ago" is exact; "3 months ago" is said loosely.
_UNIT_CONFIDENCE = {"day": 1.0, "week": 0.9, "fortnight": 0.9, "month": 0.85, "year": 0.85}


def _unit(raw: str) -> str:
    return raw.lower().removesuffix("s")


def _shift(d: date, n: int, unit: str) -> date:
    if unit == "day":
        return d + timedelta(days=n)
    if unit == "week":
        return d + timedelta(days=7 * n)
    if unit == "fortnight":
        return d + timedelta(days=14 * n)
    if unit == "month":
        return _shift_months(d, n)
    return _shift_months(d, 12 * n)


def _quantity(raw: str | None) -> tuple[int, float] | None:
    """The number and how sure it is: "a couple" and "a few" are vague."""
    if raw is None:
        return 1, 1.0
    word = " ".join(raw.lower().split())
    if word.isdigit():
        return int(word), 1.0
    if word in ("a", "an"):
        return 1, 1.0
    if "couple" in word:
        return 2, 0.7
    if "few" in word:
        return 3, 0.5
    n = NUMBER_WORDS.get(word)
    return (n, 1.0) if n is not None else None


# -- handlers: (match, anchor date) -> (start, end, granularity, confidence) or None ---------------

def _offset_handler(sign: int) -> _Handler:
    def handle(m: re.Match[str], today: date) -> Resolution | None:
        q = _quantity(m["n"])
        if q is None:
            return None
        unit = _unit(m["unit"])
        d = _shift(today, sign * q[0], unit)
        return d, d, _UNIT_GRANULARITY[unit], round(_UNIT_CONFIDENCE[unit] * q[1], 2)

    return handle


def _recent_span(m: re.Match[str], today: date) -> Resolution | None:
    q = _quantity(m["n"])
    if q is None:
        return None
    unit = _unit(m["unit"])
    return _shift(today, -q[0], unit), today, _UNIT_GRANULARITY[unit], round(0.9 * q[1], 2)


def _upcoming_span(m: re.Match[str], today: date) -> Resolution | None:
    q = _quantity(m["n"])
    if q is None:
        return None
    unit = _unit(m["unit"])
    return today, _shift(today, q[0], unit), _UNIT_GRANULARITY[unit], round(0.9 * q[1], 2)


def _day_word(m: re.Match[str], today: date) -> Resolution:
    key = " ".join(m.group().lower().split())
    confidence = 1.0
    if key.endswith("before yesterday"):
        offset = -2
    elif key.endswith("after tomorrow"):
        offset = 2
    elif key.startswith("yesterday"):
        offset = -1
    elif key.startswith("tomorrow"):
        offset = 1
    elif key.startswith("last"):
        # "last night" said after midnight may mean the same date; the evening before is the usual sense.
        offset, confidence = -1, 0.9
    else:
        offset = 0
    d = today + timedelta(days=offset)
    return d, d, "day", confidence


_STEP = {"last": -1, "this past": -1, "this": 0, "next": 1}


def _relative_unit(m: re.Match[str], today: date) -> Resolution:
    step = _STEP[" ".join(m["rel"].lower().split())]
    unit = m["unit"].lower()
    if unit == "week":
        start = _monday(today) + timedelta(days=7 * step)
        return start, start + timedelta(days=6), "week", 0.95 if step == 0 else 0.9
    if unit == "weekend":
        saturday = _monday(today) + timedelta(days=7 * step + 5)
        # "next weekend" on a Monday is read both ways: the coming one or the one after.
        return saturday, saturday + timedelta(days=1), "week", 0.7 if step == 1 else 0.8
    if unit == "month":
        first = _shift_months(today.replace(day=1), step)
        return (*_month_range(first.year, first.month), "month", 0.95)
    year = today.year + step
    return date(year, 1, 1), date(year, 12, 31), "year", 0.95


def _weekday(m: re.Match[str], today: date) -> Resolution:
    day = m["day"].lower()
    target = WEEKDAYS[day] if day in WEEKDAYS else WEEKDAY_ABBREVIATIONS[day]
    rel = " ".join((m["rel"] or "").lower().split())
    back = (today.weekday() - target - 1) % 7 + 1  # 1..7 days before
    ahead = (target - today.weekday() - 1) % 7 + 1  # 1..7 days after
    if rel in ("last", "this past"):
        d, confidence = today - timedelta(days=back), 0.9
    elif rel == "this coming":
        d, confidence = today + timedelta(days=ahead), 0.9
    elif rel == "next":
        # Some say "next Friday" for the Friday of next week; the first one after is the common reading.
        d, confidence = today + timedelta(days=ahead), 0.7
    elif rel == "this":
        d, confidence = _monday(today) + timedelta(days=target), 0.7
    else:
        # A bare weekday can point forward ("see you Friday"); past events are what memories mostly hold.
        d, confidence = today - timedelta(days=back), 0.6 if rel == "on" else 0.5
    return d, d, "day", confidence


def _is_modal_may(month_token: str) -> bool:
    return month_token.lower() == "may" and month_token != "May"


def _month(m: re.Match[str], today: date) -> Resolution | None:
    month = MONTHS[m["month"].lower()]
    rel = (m["rel"] or "").lower()
    if m["year"]:
        return (*_month_range(int(m["year"]), month), "month", 1.0)
    if not rel or _is_modal_may(m["month"]):
        return None
    if rel == "this":
        year, confidence = today.year, 0.8
    elif rel == "last":
        year, confidence = (today.year if month < today.month else today.year - 1), 0.8
    elif rel == "next":
        year, confidence = (today.year if month > today.month else today.year + 1), 0.8
    elif month <= today.month:
        year, confidence = today.year, 0.7
    else:
        year, confidence = today.year - 1, 0.5
    return (*_month_range(year, month), "month", confidence)


def _month_number(token: str) -> int:
    key = token.lower().rstrip(".")
    return MONTHS.get(key) or MONTH_ABBREVIATIONS[key]


def _calendar_day(m: re.Match[str], today: date) -> Resolution | None:
    month, day = _month_number(m["month"]), int(m["day"])
    if m["year"]:
        d = date(int(m["year"]), month, day)
        return d, d, "day", 1.0
    if _is_modal_may(m["month"]):
        return None
    # Most recent occurrence at or before the anchor; February 29 may be up to eight years back.
    for year in range(today.year, today.year - 9, -1):
        try:
            d = date(year, month, day)
        except ValueError:
            continue
        if d <= today:
            return d, d, "day", 0.9
    return None


def _iso(m: re.Match[str], _today: date) -> Resolution:
    d = date(int(m["year"]), int(m["month"]), int(m["day"]))
    return d, d, "day", 1.0


def _year(m: re.Match[str], _today: date) -> Resolution:
    year = int(m["year"])
    return date(year, 1, 1), date(year, 12, 31), "year", 0.9


def _season(m: re.Match[str], today: date) -> Resolution | None:
    first = SEASONS[m["season"].lower()]
    rel = " ".join(m["rel"].lower().split())
    if rel == "this":
        year = today.year - 1 if first == 12 and today.month <= 2 else today.year
        return (*_season_range(first, year), "season", 0.6)
    if rel == "next":
        for year in range(today.year - 1, today.year + 2):
            start, end = _season_range(first, year)
            if start > today:
                return start, end, "season", 0.6
        return None
    for year in range(today.year, today.year - 3, -1):
        start, end = _season_range(first, year)
        if end < today:
            return start, end, "season", 0.6
    return None


def _season_year(m: re.Match[str], _today: date) -> Resolution:
    return (*_season_range(SEASONS[m["season"].lower()], int(m["year"])), "season", 0.8)


@dataclass(frozen=True)
class Rule:
    pattern: re.Pattern[str]
    handler: _Handler
    # A text can only match when its words meet every one of these sets; checked before the regex,
    # so the common sentence without any date word costs a split and a few set lookups.
    needs: tuple[frozenset[str], ...]


_HANDLERS: dict[str, _Handler] = {
    "iso": _iso,
    "calendar_day": _calendar_day,
    "day_word": _day_word,
    "ago": _offset_handler(-1),
    "ahead": _offset_handler(1),
    "recent_span": _recent_span,
    "upcoming_span": _upcoming_span,
    "relative_unit": _relative_unit,
    "weekday": _weekday,
    "month": _month,
    "year": _year,
    "season": _season,
    "season_year": _season_year,
}
RULES: tuple[Rule, ...] = tuple(
    Rule(
        re.compile(pattern, re.IGNORECASE),
        _HANDLERS[name],
        tuple(frozenset(n.split()) if isinstance(n, str) else frozenset(n) for n in needs),
    )
    for pattern, name, needs in TEMPORAL_RULES
)
# Every rule needs at least one of these.
ALL_NEEDS = frozenset().union(*(rule.needs[0] for rule in RULES))
