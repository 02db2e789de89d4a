"""Date expressions in a memory's text, resolved against the memory's own timestamp (seed 003)."""

from __future__ import annotations

import calendar
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import date, datetime, timedelta

GRANULARITIES = ("day", "week", "month", "season", "year")

# Spelled out: calendar.day_name and month_name follow the process locale.
WEEKDAYS: dict[str, int] = {
    name: i
    for i, name in enumerate(("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"))
}
MONTHS: dict[str, int] = {
    name: i + 1
    for i, name in enumerate(
        (
            "january", "february", "march", "april", "may", "june", "july",
            "august", "september", "october", "november", "december",
        )
    )
}  # fmt: skip
MONTH_ABBREVIATIONS: dict[str, int] = {
    "jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7,
    "aug": 8, "sep": 9, "sept": 9, "oct": 10, "nov": 11, "dec": 12,
}  # fmt: skip
NUMBER_WORDS: dict[str, int] = {
    word: i
    for i, word in enumerate(
        (
            "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
            "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
            "nineteen", "twenty",
        )
    )
}  # fmt: skip
# First month of each season.
SEASONS: dict[str, int] = {"spring": 3, "summer": 6, "autumn": 9, "fall": 9, "winter": 12}


@dataclass(frozen=True)
class TemporalReference:
    """One date expression in a text, resolved to an inclusive date range (a single day when equal)."""

    original_text: str
    start: int
    end: int
    resolved_date: date
    resolved_end: date
    granularity: str  # one of GRANULARITIES
    confidence: float

    @property
    def label(self) -> str:
        """The ISO date, or "start..end" (both ISO) for a range."""
        if self.resolved_end == self.resolved_date:
            return self.resolved_date.isoformat()
        return f"{self.resolved_date.isoformat()}..{self.resolved_end.isoformat()}"


_Resolution = tuple[date, date, str, float]
_Handler = Callable[[re.Match[str], date], _Resolution | None]


def _alternation(words: Iterable[str]) -> str:
    # Longest first, so "september" is tried before "sep" and "a couple" before "a".
    return "|".join(sorted((re.escape(w) for w in words), key=len, reverse=True))


_WEEKDAY_ALT = _alternation(WEEKDAYS)
_MONTH_ALT = _alternation(MONTHS)
_ANY_MONTH_ALT = _alternation([*MONTHS, *MONTH_ABBREVIATIONS])
_SEASON_ALT = _alternation(SEASONS)
_N = rf"(?P<n>\d{{1,4}}|a\s+couple(?:\s+of)?|couple\s+of|a\s+few|few|{_alternation(NUMBER_WORDS)}|an?)"
_UNIT = r"(?P<unit>days?|weeks?|fortnights?|months?|years?)"
_FLAGS = re.IGNORECASE

_WORD = re.compile(r"[a-z]+")
_DIGIT = re.compile(r"\d")
_FOUR_DIGITS = re.compile(r"\d{4}")
# Pseudo-words standing for "has a digit" and "has four digits in a row" in a text's word set.
_HAS_DIGIT = "0"
_HAS_YEAR = "0000"


def _words(text: str) -> set[str]:
    lowered = text.lower()
    words = set(_WORD.findall(lowered))
    if _DIGIT.search(lowered):
        words.add(_HAS_DIGIT)
        if _FOUR_DIGITS.search(lowered):
            words.add(_HAS_YEAR)
    return words


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
    def handle(m: re.Match[str], today: date) -> _Resolution | None:
        q = _quantity(m["n"])
        if q is None:
            return None
        unit = _unit(m["unit"])
        d = _shift(today, sign * q[0], unit)
        return d, d, _UNIT_GRANULARITY[unit], round(_UNIT_CONFIDENCE[unit] * q[1], 2)

    return handle


def _recent_span(m: re.Match[str], today: date) -> _Resolution | None:
    q = _quantity(m["n"])
    if q is None:
        return None
    unit = _unit(m["unit"])
    return _shift(today, -q[0], unit), today, _UNIT_GRANULARITY[unit], round(0.9 * q[1], 2)


def _upcoming_span(m: re.Match[str], today: date) -> _Resolution | None:
    q = _quantity(m["n"])
    if q is None:
        return None
    unit = _unit(m["unit"])
    return today, _shift(today, q[0], unit), _UNIT_GRANULARITY[unit], round(0.9 * q[1], 2)


def _day_word(m: re.Match[str], today: date) -> _Resolution:
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


_STEP = {"last": -1, "this": 0, "next": 1}


def _relative_unit(m: re.Match[str], today: date) -> _Resolution:
    step = _STEP[m["rel"].lower()]
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


def _weekday(m: re.Match[str], today: date) -> _Resolution:
    target = WEEKDAYS[m["day"].lower()]
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


def _month(m: re.Match[str], today: date) -> _Resolution | None:
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


def _calendar_day(m: re.Match[str], today: date) -> _Resolution | None:
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


def _iso(m: re.Match[str], _today: date) -> _Resolution:
    d = date(int(m["year"]), int(m["month"]), int(m["day"]))
    return d, d, "day", 1.0


def _year(m: re.Match[str], _today: date) -> _Resolution:
    year = int(m["year"])
    return date(year, 1, 1), date(year, 12, 31), "year", 0.9


def _season(m: re.Match[str], today: date) -> _Resolution | None:
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


def _season_year(m: re.Match[str], _today: date) -> _Resolution:
    return (*_season_range(SEASONS[m["season"].lower()], int(m["year"])), "season", 0.8)


@dataclass(frozen=True)
class _Rule:
    pattern: re.Pattern[str]
    handler: _Handler
    # A text can only match when its words meet every one of these sets; checked before the regex,
    # so the common sentence without any date word costs a split and a few set lookups.
    needs: tuple[frozenset[str], ...]


def _rule(pattern: str, handler: _Handler, *needs: str | Iterable[str]) -> _Rule:
    sets = tuple(frozenset(n.split()) if isinstance(n, str) else frozenset(n) for n in needs)
    return _Rule(re.compile(pattern, _FLAGS), handler, sets)


_ANY_MONTH = frozenset([*MONTHS, *MONTH_ABBREVIATIONS])
_UNITS = "day days week weeks fortnight fortnights month months year years"


_WEEKDAY_PREFIX = rf"(?:(?:{_WEEKDAY_ALT}),?\s+)?"
# Earlier rules win ties between equally long matches.
_RULES: tuple[_Rule, ...] = (
    _rule(r"\b(?P<year>\d{4})([-/])(?P<month>\d{1,2})\2(?P<day>\d{1,2})(?!\d)", _iso, _HAS_YEAR),
    _rule(
        rf"\b{_WEEKDAY_PREFIX}(?:the\s+)?(?P<month>{_ANY_MONTH_ALT})\.?\s+(?:the\s+)?(?P<day>\d{{1,2}})"
        r"(?:st|nd|rd|th)?\b(?:,?\s+(?P<year>\d{4})\b)?",
        _calendar_day,
        _ANY_MONTH,
        _HAS_DIGIT,
    ),
    _rule(
        rf"\b{_WEEKDAY_PREFIX}(?:the\s+)?(?P<day>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?"
        rf"(?P<month>{_ANY_MONTH_ALT})\b\.?(?:,?\s+(?P<year>\d{{4}})\b)?",
        _calendar_day,
        _ANY_MONTH,
        _HAS_DIGIT,
    ),
    _rule(
        r"\b(?:the\s+day\s+before\s+yesterday|the\s+day\s+after\s+tomorrow"
        r"|(?:yesterday|tomorrow)(?:\s+(?:morning|afternoon|evening|night))?"
        r"|last\s+night|(?:earlier|later)\s+today|today|tonight|this\s+(?:morning|afternoon|evening))\b",
        _day_word,
        "today tonight yesterday tomorrow night morning afternoon evening",
    ),
    _rule(rf"\b{_N}\s+{_UNIT}\s+ago\b", _offset_handler(-1), "ago", _UNITS),
    _rule(rf"\bin\s+{_N}\s+{_UNIT}(?:['’]s?\s+time)?\b", _offset_handler(1), "in", _UNITS),
    _rule(rf"\b{_N}\s+{_UNIT}\s+from\s+(?:now|today)\b", _offset_handler(1), "from", _UNITS),
    _rule(rf"\b(?:(?:the|this)\s+)?past\s+(?:{_N}\s+)?{_UNIT}\b", _recent_span, "past", _UNITS),
    _rule(rf"\b(?:the\s+)?last\s+{_N}\s+{_UNIT}\b", _recent_span, "last", _UNITS),
    _rule(rf"\b(?:the\s+)?next\s+{_N}\s+{_UNIT}\b", _upcoming_span, "next", _UNITS),
    _rule(
        r"\b(?P<rel>last|this|next)\s+(?P<unit>week|weekend|month|year)\b",
        _relative_unit,
        "last this next",
        "week weekend month year",
    ),
    _rule(
        rf"\b(?:(?P<rel>last|next|this\s+past|this\s+coming|this|on)\s+)?(?P<day>{_WEEKDAY_ALT})\b",
        _weekday,
        WEEKDAYS,
    ),
    _rule(
        r"\b(?:(?P<rel>in|last|this|next|early|mid|late|during|since)[\s-]+)?"
        rf"(?P<month>{_MONTH_ALT})(?:,?\s+(?:of\s+)?(?P<year>\d{{4}}))?\b",
        _month,
        MONTHS,
    ),
    _rule(r"\b(?:in|during)\s+(?P<year>(?:19|20)\d{2})\b(?![-/]\d)", _year, "in during", _HAS_YEAR),
    _rule(
        rf"\b(?P<rel>last|this\s+past|this|next)\s+(?P<season>{_SEASON_ALT})\b",
        _season,
        SEASONS,
        "last this next",
    ),
    _rule(
        rf"\b(?:in\s+)?(?:the\s+)?(?P<season>{_SEASON_ALT})\s+(?:of\s+)?(?P<year>\d{{4}})\b",
        _season_year,
        SEASONS,
        _HAS_YEAR,
    ),
)


# Every rule needs at least one of these.
_ALL_NEEDS = frozenset().union(*(rule.needs[0] for rule in _RULES))


def resolve_temporal_references(text: str, anchor: datetime) -> list[TemporalReference]:
    """Every date expression in `text`, resolved against `anchor`, in text order, never overlapping.

    Resolution rules (the anchor is the memory's calendar date in its own time zone; naive means UTC):

    - today, tonight, this morning/afternoon/evening, earlier/later today -> the anchor date;
      yesterday, last night -> one day before; the day before yesterday -> two days before;
      tomorrow -> one day after; the day after tomorrow -> two days after.
    - "N days/weeks/fortnights/months/years ago" and "in N ..." / "N ... from now": the anchor shifted by
      N units (months clamp to the month's last day). N is digits, one..twenty, a/an, "a couple of" (2)
      or "a few" (3, lower confidence). The result is a single date; granularity says how precise it is.
    - "the past/last N days" (and "the past week"): the range from N units before the anchor to the anchor;
      "the next N days": from the anchor to N units after it.
    - last/this/next week (ISO weeks, Monday..Sunday), month, year, weekend (Saturday..Sunday of that
      week, granularity "week").
    - Weekdays: "last Friday" / "this past Friday" is the most recent Friday strictly before the anchor
      (an anchor on a Friday gives the Friday a week earlier); "next Friday" / "this coming Friday" the
      first one strictly after; "this Friday" the Friday of the anchor's week; "on Friday" or a bare
      "Friday" the most recent past one, with lower confidence. Plurals ("on Fridays") are habits, not dates.
    - Months: "this March" is March of the anchor's year; "last March" the most recent March strictly
      before the anchor's month; "next March" the first March strictly after it; "in/early/mid/late/
      during/since March" the most recent March at or before the anchor's month (lower confidence when
      that means the previous year, since it may be a plan). "March 2023" is exact. A bare month name is
      not matched ("may" is a verb; "May" needs a preposition, a day or a year).
    - Seasons (meteorological, northern hemisphere; winter runs December..February): "last summer" is
      the most recent summer that ended before the anchor, "next summer" the first one starting after
      it, "this summer" the one of the anchor's year; "summer 2023" is exact.
    - Explicit dates: 2023-05-07, 2023/05/07, "May 7", "May 7th, 2023", "7 May 2023", "the 7th of May",
      optionally after a weekday ("Sunday, May 7"). Without a year: the most recent occurrence at or
      before the anchor. "in 2023" / "during 2023" is that year. Numeric d/m/y forms are ambiguous and
      not matched.

    Where expressions overlap, the longest wins ("the day before yesterday" over "yesterday").
    """
    if not text:
        return []
    words = _words(text)
    if _ALL_NEEDS.isdisjoint(words):
        return []
    today = anchor.date()  # the calendar date where the memory was written
    candidates: list[tuple[int, int, int, _Resolution]] = []
    for priority, rule in enumerate(_RULES):
        if any(need.isdisjoint(words) for need in rule.needs):
            continue
        for m in rule.pattern.finditer(text):
            try:
                resolution = rule.handler(m, today)
            except (ValueError, OverflowError):
                continue  # no such calendar date, or outside the representable years
            if resolution is not None:
                candidates.append((m.start(), m.end(), priority, resolution))
    candidates.sort(key=lambda c: (c[0] - c[1], c[0], c[2]))
    chosen: list[tuple[int, int, int, _Resolution]] = []
    for cand in candidates:
        if all(cand[1] <= other[0] or cand[0] >= other[1] for other in chosen):
            chosen.append(cand)
    chosen.sort()
    return [
        TemporalReference(text[start:end], start, end, res[0], res[1], res[2], res[3])
        for start, end, _, res in chosen
    ]


def resolve_temporal_reference(expr: str, anchor: datetime) -> TemporalReference | None:
    """The longest date expression in `expr` (normally the whole of it), or None."""
    refs = resolve_temporal_references(expr, anchor)
    if not refs:
        return None
    return max(refs, key=lambda r: (r.end - r.start, -r.start))


def annotate_dates(text: str, refs: list[TemporalReference]) -> str:
    """`text` with " [YYYY-MM-DD]" (or " [start..end]") after each expression.

    Idempotent: an expression already followed by its label, or an ISO date equal to its own label,
    is left alone. Raises ValueError when a reference does not match the text or references overlap.
    """
    pieces: list[str] = []
    position = 0
    for ref in sorted(refs, key=lambda r: (r.start, r.end)):
        if ref.start < position or text[ref.start : ref.end] != ref.original_text:
            raise ValueError(f"reference {ref.original_text!r} at {ref.start} does not fit the text")
        pieces.append(text[position : ref.end])
        suffix = f" [{ref.label}]"
        if ref.original_text != ref.label and not text.startswith(suffix, ref.end):
            pieces.append(suffix)
        position = ref.end
    pieces.append(text[position:])
    return "".join(pieces)
