"""How each kind of date expression resolves against the anchor date: date arithmetic and the handlers
that need no tense (lib.temporal_tensed has the others; lib.temporal joins them to vocab.temporal's table)."""

from __future__ import annotations

import calendar
import re
from collections.abc import Callable
from datetime import date, timedelta

from memory_pipeline.lib.text import LETTERS, words
from memory_pipeline.lib.vocab.calendar import (
    CHAT_SPELLINGS,
    MONTH_ABBREVIATIONS,
    MONTHS,
    NUMBER_WORDS,
    SEASONS,
)
from memory_pipeline.lib.vocab.temporal import HAS_DIGIT, HAS_YEAR

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
def shift_months(d: date, months: int) -> date:
    index = d.year * 12 + d.month - 1 + months
    year, month0 = divmod(index, 12)
    last = calendar.monthrange(year, month0 + 1)[1]
    return date(year, month0 + 1, min(d.day, last))


def month_range(year: int, month: int) -> tuple[date, date]:
    return date(year, month, 1), date(year, month, calendar.monthrange(year, month)[1])


def monday(d: date) -> date:
    return d - timedelta(days=d.weekday())


def _season_range(first_month: int, year: int) -> tuple[date, date]:
    start = date(year, first_month, 1)
    last = shift_months(start, 2)
    return start, month_range(last.year, last.month)[1]


_UNIT_GRANULARITY = {"day": "day", "week": "week", "fortnight": "week", "month": "month", "year": "year"}
# "3 days ago" is exact; "3 months ago" is said loosely.
_UNIT_CONFIDENCE = {"day": 1.0, "week": 0.9, "fortnight": 0.9, "month": 0.85, "year": 0.85}


def unit_of(raw: str) -> str:
    return CHAT_SPELLINGS.get(raw.lower(), raw.lower()).removesuffix("s")


def _shift(d: date, n: int, unit: str) -> date:
    if unit == "day":
        return d + timedelta(days=n)
    if unit == "week":
        return d + timedelta(days=7 * n)
    if unit == "fortnight":
        return d + timedelta(days=14 * n)
    if unit == "month":
        return shift_months(d, n)
    return shift_months(d, 12 * n)


def quantity(raw: str | None) -> tuple[int, float] | None:
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
        q = quantity(m["n"])
        if q is None:
            return None
        unit = unit_of(m["unit"])
        d = _shift(today, sign * q[0], unit)
        return d, d, _UNIT_GRANULARITY[unit], round(_UNIT_CONFIDENCE[unit] * q[1], 2)

    return handle


def _recent_span(m: re.Match[str], today: date) -> Resolution | None:
    q = quantity(m["n"])
    if q is None:
        return None
    unit = unit_of(m["unit"])
    return _shift(today, -q[0], unit), today, _UNIT_GRANULARITY[unit], round(0.9 * q[1], 2)


def _upcoming_span(m: re.Match[str], today: date) -> Resolution | None:
    q = quantity(m["n"])
    if q is None:
        return None
    unit = unit_of(m["unit"])
    return today, _shift(today, q[0], unit), _UNIT_GRANULARITY[unit], round(0.9 * q[1], 2)


def _day_word(m: re.Match[str], today: date) -> Resolution:
    first, *rest = m.group().lower().split()
    key = " ".join([CHAT_SPELLINGS.get(first, first), *rest])
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


def is_modal_may(month_token: str) -> bool:
    return month_token.lower() == "may" and month_token != "May"


def month_number(token: str) -> int:
    key = token.lower().rstrip(".")
    return MONTHS.get(key) or MONTH_ABBREVIATIONS[key]


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


HANDLERS: dict[str, _Handler] = {
    "iso": _iso,
    "day_word": _day_word,
    "ago": _offset_handler(-1),
    "ahead": _offset_handler(1),
    "recent_span": _recent_span,
    "upcoming_span": _upcoming_span,
    "year": _year,
    "season": _season,
    "season_year": _season_year,
}
