"""Date expressions whose direction the clause decides: a weekday, a year-less date, a day of the month,
a month, a holiday, "this weekend". Each handler takes the clause's reading (lib.tense): a plan, the
future or the present points forward (the next such day, at or after the anchor for a date), the past
points backward (the last one). An explicit "last" / "next" / a year overrides the tense.

Expression grammar that needs no tense lives here too: "the Monday after next", "the Friday before last",
"a week on Tuesday" (the coming Tuesday plus a week), "a week last Tuesday", "the 3rd of next month".
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date, timedelta

from memory_pipeline.lib.holidays import HOLIDAYS, holiday_key, nth_weekday
from memory_pipeline.lib.temporal_rules import (
    Resolution,
    is_modal_may,
    monday,
    month_number,
    month_range,
    quantity,
    shift_months,
    unit_of,
)
from memory_pipeline.lib.tense import ClauseTense
from memory_pipeline.lib.vocab.calendar import MONTHS, ORDINAL_DAYS, WEEKDAY_ABBREVIATIONS, WEEKDAYS

TensedHandler = Callable[[re.Match[str], date, ClauseTense], Resolution | None]

# How sure a direction is: read from a verb, or only the default of a tenseless clause.
_CUED, _UNCUED = 0.85, 0.6
# After "on the 12th" a noun makes it something else ("the 12th floor"); these words may follow a date.
_AFTER_DAY = frozenset(re.findall(
    r"\w+", "at and or but so for in to from until till with because when then as if is was will i we you he she"
    " they it this that"))
_NEXT_WORD = re.compile(r"\s+([A-Za-z]+)")
_ARTICLE_BEFORE = re.compile(r"\b(?:a|an)\s+$", re.IGNORECASE)
_PARTS_AFTER = re.compile(r"\s+(?:mornings|afternoons|evenings|nights)\b", re.IGNORECASE)
_EVERY_BEFORE = re.compile(r"\b(?:every|each)\s+(?:other\s+)?$", re.IGNORECASE)


def _sure(tense: ClauseTense) -> float:
    return _CUED if tense.cue else _UNCUED


def _weekday_number(token: str) -> int:
    day = token.lower()
    return WEEKDAYS[day] if day in WEEKDAYS else WEEKDAY_ABBREVIATIONS[day]


def _ahead(today: date, target: int) -> date:
    return today + timedelta(days=(target - today.weekday() - 1) % 7 + 1)  # 1..7 days after


def _back(today: date, target: int) -> date:
    return today - timedelta(days=(today.weekday() - target - 1) % 7 + 1)  # 1..7 days before


def weekday(m: re.Match[str], today: date, tense: ClauseTense) -> Resolution | None:
    target = _weekday_number(m["day"])
    rel = " ".join((m["rel"] or "").lower().split())
    if rel in ("last", "this past"):
        d, confidence = _back(today, target), 0.9
    elif rel == "this coming":
        d, confidence = _ahead(today, target), 0.9
    elif rel == "next":
        # Some say "next Friday" for the Friday of next week; the first one after is the common reading.
        d, confidence = _ahead(today, target), 0.7
    else:  # bare, "on" or "this": the clause decides
        if (not rel and _EVERY_BEFORE.search(m.string, 0, m.start())) or _PARTS_AFTER.match(m.string, m.end()):
            return None  # "every Friday", "on Sunday evenings": a habit
        d = _ahead(today, target) if tense.forward else _back(today, target)
        if rel == "this" and target == today.weekday():
            d = today  # "this Monday" said on a Monday
        confidence = _sure(tense)
    return d, d, "day", confidence


def weekday_removed(m: re.Match[str], today: date, _tense: ClauseTense) -> Resolution:
    """"the Monday after next": the second Monday after the anchor; "the Friday before last": a week
    before the last Friday."""
    target = _weekday_number(m["day"])
    if m["rel"].lower().startswith("after"):
        d = _ahead(today, target) + timedelta(days=7)
    else:
        d = _back(today, target) - timedelta(days=7)
    return d, d, "day", 0.85


def week_on(m: re.Match[str], today: date, _tense: ClauseTense) -> Resolution | None:
    """"a week on Tuesday" / "a week from Tuesday": the coming Tuesday plus a week; "a week tomorrow";
    "a week last Tuesday" and "a week yesterday" count back."""
    q = quantity(m["n"] or None)
    if q is None:
        return None
    days = q[0] * (14 if unit_of(m["unit"]) == "fortnight" else 7)
    base = m["day"].lower()
    rel = (m["rel"] or "").lower()
    back = rel == "last" or base == "yesterday"
    if base in ("today", "tomorrow", "yesterday"):
        start = today + timedelta(days={"today": 0, "tomorrow": 1, "yesterday": -1}[base])
    else:
        start = _back(today, _weekday_number(base)) if back else _ahead(today, _weekday_number(base))
    d = start - timedelta(days=days) if back else start + timedelta(days=days)
    return d, d, "day", round(0.85 * q[1], 2)


def weekdays_ago(m: re.Match[str], today: date, _tense: ClauseTense) -> Resolution | None:
    """"two Saturdays ago": the last Saturday before the anchor, then a week back for each one more."""
    q = quantity(m["n"] or None)
    if q is None or q[0] < 1:
        return None
    d = _back(today, _weekday_number(m["day"])) - timedelta(days=7 * (q[0] - 1))
    return d, d, "day", round(0.85 * q[1], 2)


_STEP = {"last": -1, "this past": -1, "this": 0, "this coming": 0, "next": 1, "after next": 2, "before last": -2}


def relative_unit(m: re.Match[str], today: date, tense: ClauseTense) -> Resolution:
    rel = " ".join((m["rel"] or "this").lower().split())  # "the end of the month": this one
    step = _STEP[rel]
    if rel == "this coming" and m["unit"].lower() == "weekend" and today.weekday() == 6:
        step = 1  # said on a Sunday, the coming weekend is next week's
    unit = unit_of(m["unit"])
    if unit == "week":
        start = monday(today) + timedelta(days=7 * step)
        return start, start + timedelta(days=6), "week", 0.95 if step == 0 else 0.9
    if unit == "weekend":
        saturday = monday(today) + timedelta(days=7 * step + 5)
        if rel == "this" and not tense.forward and today < saturday:
            saturday -= timedelta(days=7)  # "we went this weekend", said on a weekday: the one just gone
        # "next weekend" on a Monday is read both ways: the coming one or the one after.
        return saturday, saturday + timedelta(days=1), "week", 0.7 if step == 1 else 0.8
    if unit == "month":
        first = shift_months(today.replace(day=1), step)
        return (*month_range(first.year, first.month), "month", 0.95)
    year = today.year + step
    return date(year, 1, 1), date(year, 12, 31), "year", 0.95


def month(m: re.Match[str], today: date, tense: ClauseTense) -> Resolution | None:
    number = month_number(m["month"])
    rel = (m["rel"] or "").lower()
    if m["year"]:
        return (*month_range(int(m["year"]), number), "month", 1.0)
    if not rel or is_modal_may(m["month"]):
        return None
    if rel == "this":
        year, confidence = today.year, 0.8
    elif rel == "last":
        year, confidence = (today.year if number < today.month else today.year - 1), 0.8
    elif rel == "since":  # looks back whatever the tense
        year, confidence = (today.year if number <= today.month else today.year - 1), 0.8
    elif rel == "next":
        year, confidence = (today.year if number > today.month else today.year + 1), 0.8
    elif tense.forward:  # the month at or after the anchor's
        year, confidence = (today.year if number >= today.month else today.year + 1), round(_sure(tense) - 0.1, 2)
    else:
        year, confidence = (today.year if number <= today.month else today.year - 1), round(_sure(tense) - 0.1, 2)
    return (*month_range(year, number), "month", confidence)


def _nearest_date(today: date, forward: bool, make: Callable[[int], date | None], span: int) -> date | None:
    """The first date `make(i)` (i = 0, ±1, ...) at or after the anchor (forward) or at or before it."""
    step = 1 if forward else -1
    for i in range(-step, step * span, step):
        d = make(i)
        if d is not None and (d >= today if forward else d <= today):
            return d
    return None


def day_number(said: str) -> int:
    """"14" or "fourteenth": the day of the month."""
    return int(said) if said.isdigit() else ORDINAL_DAYS[said.lower()]


def _try_date(year: int, month_: int, day: int) -> date | None:
    try:
        return date(year, month_, day)
    except ValueError:
        return None


def calendar_day(m: re.Match[str], today: date, tense: ClauseTense) -> Resolution | None:
    number, day = month_number(m["month"]), day_number(m["day"])
    if m["year"]:
        d = date(int(m["year"]), number, day)
        return d, d, "day", 1.0
    if is_modal_may(m["month"]):
        return None
    # February 29 may be up to eight years away.
    d = _nearest_date(today, tense.forward, lambda i: _try_date(today.year + i, number, day), 10)
    return (d, d, "day", _sure(tense)) if d else None


def numeric_day(m: re.Match[str], today: date, tense: ClauseTense) -> Resolution | None:
    """"on 14/04", "by 4/14/2026": the number over 12 is the day; when neither is, the day comes first
    (as most of the world writes it), said less surely. No year: the nearest that fits the tense."""
    a, b = int(m["a"]), int(m["b"])
    day, number, sure = (a, b, 1.0) if a > 12 else (b, a, 1.0) if b > 12 else (a, b, 0.6)
    if m["year"]:
        year = int(m["year"]) if len(m["year"]) == 4 else 2000 + int(m["year"])
        d = _try_date(year if year <= today.year + 10 else year - 100, number, day)  # "91": 1991
        return (d, d, "day", sure) if d else None
    d = _nearest_date(today, tense.forward, lambda i: _try_date(today.year + i, number, day), 10)
    return (d, d, "day", min(sure, _sure(tense))) if d else None


def ordinal_day(m: re.Match[str], today: date, tense: ClauseTense) -> Resolution | None:
    """"on the 12th": the day in the anchor's month or the one after (forward) or before; "the 3rd of
    next month" names the month."""
    day = day_number(m["day"] or m["word"])
    if not 1 <= day <= 31:
        return None
    rel = (m["rel"] or "").lower()
    if rel:
        first = shift_months(today.replace(day=1), {"last": -1, "this": 0, "next": 1}[rel])
        d = _try_date(first.year, first.month, day)
        return (d, d, "day", 0.9) if d else None
    after = _NEXT_WORD.match(m.string, m.end())
    if not m["prep"] or (after and after[1].islower() and after[1] not in _AFTER_DAY):
        return None
    d = _nearest_date(
        today, tense.forward,
        lambda i: _try_date((s := shift_months(today.replace(day=1), i)).year, s.month, day), 13,
    )
    return (d, d, "day", round(_sure(tense) - 0.05, 2)) if d else None


def holiday(m: re.Match[str], today: date, tense: ClauseTense) -> Resolution | None:
    when = HOLIDAYS.get(holiday_key(m["name"]))
    if when is None or _ARTICLE_BEFORE.search(m.string, 0, m.start()):
        return None  # "a thanksgiving dinner" is a kind of meal, not a date
    if m["year"]:
        d = when(int(m["year"]))
        return d, d, "day", 1.0
    rel = (m["rel"] or "").lower()
    if rel == "this":
        d, confidence = when(today.year), 0.8
    elif rel in ("last", "next"):
        forward = rel == "next"
        d = _nearest_date(today + timedelta(days=1 if forward else -1), forward,
                          lambda i: when(today.year + i), 3)
        confidence = 0.85
    else:
        d = _nearest_date(today, tense.forward, lambda i: when(today.year + i), 3)
        confidence = _sure(tense)
    return (d, d, "day", confidence) if d else None


def weekday_of_week(m: re.Match[str], today: date, _tense: ClauseTense) -> Resolution:
    """"Friday next week": the Friday of the ISO week after the anchor's."""
    d = monday(today) + timedelta(days=7 * _STEP[m["rel"].lower()] + _weekday_number(m["day"]))
    return d, d, "day", 0.9


_NTH = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4, "last": -1}


def nth_weekday_of(m: re.Match[str], today: date, tense: ClauseTense) -> Resolution | None:
    """"the first Monday of next month"; with a month name and no year, the tense picks the year."""
    n, target = _NTH[m["nth"].lower()], _weekday_number(m["day"])
    if m["rel"]:
        first = shift_months(today.replace(day=1), {"last": -1, "this": 0, "next": 1}[m["rel"].lower()])
        d = nth_weekday(first.year, first.month, target, n)
        return d, d, "day", 0.9
    number = MONTHS[m["month"].lower()]
    if m["year"]:
        d = nth_weekday(int(m["year"]), number, target, n)
        return d, d, "day", 1.0
    d = _nearest_date(today, tense.forward, lambda i: nth_weekday(today.year + i, number, target, n), 3)
    return (d, d, "day", _sure(tense)) if d else None


TENSED_HANDLERS: dict[str, TensedHandler] = {
    "nth_weekday": nth_weekday_of,
    "weekday_of_week": weekday_of_week,
    "weekday": weekday,
    "weekday_removed": weekday_removed,
    "week_on": week_on,
    "weekdays_ago": weekdays_ago,
    "relative_unit": relative_unit,
    "month": month,
    "calendar_day": calendar_day,
    "numeric_day": numeric_day,
    "ordinal_day": ordinal_day,
    "holiday": holiday,
}
