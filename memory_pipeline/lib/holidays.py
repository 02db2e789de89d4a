"""Holidays as calendar knowledge: fixed dates, Easter by the Gregorian computus, nth-weekday holidays.

Names are keys after `holiday_key` (lower case, apostrophes and a trailing " day" kept as written
variants in HOLIDAY_NAMES). Mother's and Father's Day differ by country and are left out.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date, timedelta


def easter(year: int) -> date:
    """Western Easter Sunday (the anonymous Gregorian computus)."""
    a, b, c = year % 19, year // 100, year % 100
    d, e = b // 4, b % 4
    g = (8 * b + 13) // 25
    h = (19 * a + b - d - g + 15) % 30
    i, k = c // 4, c % 4
    l_ = (32 + 2 * e + 2 * i - h - k) % 7
    m = (a + 11 * h + 19 * l_) // 433
    month = (h + l_ - 7 * m + 90) // 25
    return date(year, month, (h + l_ - 7 * m + 33 * month + 19) % 32)


def nth_weekday(year: int, month: int, weekday: int, n: int) -> date:
    """The n-th `weekday` (Monday 0) of the month; n = -1 is the last one."""
    if n > 0:
        first = date(year, month, 1)
        return first + timedelta(days=(weekday - first.weekday()) % 7 + 7 * (n - 1))
    last = date(year + month // 12, month % 12 + 1, 1) - timedelta(days=1)
    return last - timedelta(days=(last.weekday() - weekday) % 7)


def _fixed(month: int, day: int) -> Callable[[int], date]:
    return lambda year: date(year, month, day)


# holiday -> its date in a given year
HOLIDAYS: dict[str, Callable[[int], date]] = {
    "new year's day": _fixed(1, 1),
    "new year's eve": _fixed(12, 31),
    "valentine's day": _fixed(2, 14),
    "st patrick's day": _fixed(3, 17),
    "good friday": lambda y: easter(y) - timedelta(days=2),
    "easter": easter,
    "easter sunday": easter,
    "easter monday": lambda y: easter(y) + timedelta(days=1),
    "independence day": _fixed(7, 4),
    "fourth of july": _fixed(7, 4),
    "halloween": _fixed(10, 31),
    "bonfire night": _fixed(11, 5),
    "thanksgiving": lambda y: nth_weekday(y, 11, 3, 4),  # US: the fourth Thursday of November
    "christmas eve": _fixed(12, 24),
    "christmas": _fixed(12, 25),
    "christmas day": _fixed(12, 25),
    "xmas": _fixed(12, 25),
    "xmas eve": _fixed(12, 24),
    "xmas day": _fixed(12, 25),
    "boxing day": _fixed(12, 26),
    "memorial day": lambda y: nth_weekday(y, 5, 0, -1),  # US: the last Monday of May
    "labor day": lambda y: nth_weekday(y, 9, 0, 1),  # US: the first Monday of September
}
_APOSTROPHE = re.compile(r"[’']")


def holiday_key(name: str) -> str:
    """"New Years Day", "new year’s day" and "New Year's Day" are one key; "St." is "st"."""
    key = " ".join(name.lower().replace(".", "").split())
    key = _APOSTROPHE.sub("", key)
    key = key.replace("saint ", "st ").replace("4th of july", "fourth of july")
    for name_ in HOLIDAYS:
        if _APOSTROPHE.sub("", name_) == key:
            return name_
    return key


# Regex alternation of every written form (apostrophe optional), longest first.
HOLIDAY_PATTERN = "|".join(
    sorted(
        {re.escape(n).replace("'", "['’]?").replace(r"st\ ", r"(?:st\.?|saint)\ ") for n in HOLIDAYS}
        | {r"4th\ of\ july"},
        key=len,
        reverse=True,
    )
)
