"""Data: the date-expression rule table (patterns, handler names, words each rule needs)."""

import re

from memory_pipeline.lib.holidays import HOLIDAY_PATTERN
from memory_pipeline.lib.vocab.calendar import (
    CHAT_SPELLINGS,
    MONTH_ABBREVIATIONS,
    MONTHS,
    NUMBER_WORDS,
    ORDINAL_DAYS,
    SEASONS,
    WEEKDAY_ABBREVIATIONS,
    WEEKDAYS,
)

# Pseudo-words standing for "has a digit" and "has four digits in a row" in a text's word set.
HAS_DIGIT = "0"
HAS_YEAR = "0000"

# Alternations longest first, so "september" is tried before "sep" and "a couple" before "a".
_WEEKDAY_ALT = "|".join(sorted(map(re.escape, WEEKDAYS), key=len, reverse=True))
_WEEKDAY_ABBR_ALT = "|".join(sorted(map(re.escape, WEEKDAY_ABBREVIATIONS), key=len, reverse=True))
_MONTH_ALT = "|".join(sorted(map(re.escape, MONTHS), key=len, reverse=True))
_ANY_MONTH_ALT = "|".join(sorted(map(re.escape, [*MONTHS, *MONTH_ABBREVIATIONS]), key=len, reverse=True))
_SEASON_ALT = "|".join(sorted(map(re.escape, SEASONS), key=len, reverse=True))
_NUMBER_ALT = "|".join(sorted(map(re.escape, NUMBER_WORDS), key=len, reverse=True))
_ORDINAL_ALT = "|".join(sorted(ORDINAL_DAYS, key=len, reverse=True))
_N = rf"(?P<n>\d{{1,4}}|a\s+couple(?:\s+of)?|couple\s+of|a\s+few|few|{_NUMBER_ALT}|an?)"
COUNT = _N  # how many, as people say it ("3", "three", "a few", "a"): shared with the clause reader
_CHAT_UNIT_ALT = "|".join(w for w, said in CHAT_SPELLINGS.items() if not said.startswith(("tomorrow", "yesterday")))
_CHAT_DAY_ALT = "|".join(w for w, said in CHAT_SPELLINGS.items() if said.startswith(("tomorrow", "yesterday")))
_UNIT = rf"(?P<unit>days?|weeks?|fortnights?|months?|years?|{_CHAT_UNIT_ALT})"
_WEEKDAY_PREFIX = rf"(?:(?:{_WEEKDAY_ALT}|(?-i:{_WEEKDAY_ABBR_ALT.title()}))\.?,?\s+)?"  # "Sat 13th Sept": not "sit"
_WEEKDAY_SHORT = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
_WEEKDAY_SHORT_ALT = "|".join(_WEEKDAY_SHORT)
_WEEKDAY_SHORT_BEHIND = "|".join(f"{d}\\s" for d in _WEEKDAY_SHORT)  # one width: a lookbehind needs it
_MONTH_SHORT_ALT = "|".join(sorted((m.title() for m in MONTH_ABBREVIATIONS), key=len, reverse=True))  # "in Jan"
_ANY_MONTH = frozenset([*MONTHS, *MONTH_ABBREVIATIONS])
_UNITS = f"day days week weeks fortnight fortnights month months year years {_CHAT_UNIT_ALT.replace('|', ' ')}"
_HOLIDAY_WORDS = "christmas xmas boxing year years valentine valentines patrick patricks friday easter independence july" \
    " halloween bonfire thanksgiving memorial labor"

# (pattern, handler, needs): matched case-insensitively; a rule runs only when the text's words meet
# each of its needs (a string of words or a collection of them). Earlier rules win ties between
# equally long matches.
TEMPORAL_RULES = (
    (r"\b(?P<year>\d{4})([-/])(?P<month>\d{1,2})\2(?P<day>\d{1,2})(?!\d)", "iso", (HAS_YEAR,)),
    (
        rf"\b{_WEEKDAY_PREFIX}(?:the\s+)?(?P<month>{_ANY_MONTH_ALT})\.?\s+(?:the\s+)?(?P<day>\d{{1,2}}|{_ORDINAL_ALT})"
        r"(?:st|nd|rd|th)?\b(?![-\w])(?:,?\s+(?P<year>\d{4})\b)?",
        "calendar_day",
        (_ANY_MONTH, (HAS_DIGIT, *ORDINAL_DAYS)),
    ),
    (
        rf"\b{_WEEKDAY_PREFIX}(?:the\s+)?(?P<day>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?"
        rf"(?P<month>{_ANY_MONTH_ALT})\b(?:\.(?=,?\s+(?:\d{{4}}|[a-z])))?(?:,?\s+(?P<year>\d{{4}})\b)?",
        "calendar_day",
        (_ANY_MONTH, HAS_DIGIT),
    ),
    (  # a day in words before its month takes "of": "the first of May", not "the first May bank holiday"
        rf"\b{_WEEKDAY_PREFIX}(?:the\s+)?(?P<day>{_ORDINAL_ALT})\s+of\s+(?P<month>{_ANY_MONTH_ALT})\b(?:,?\s+(?P<year>\d{{4}})\b)?",
        "calendar_day",
        (_ANY_MONTH, ORDINAL_DAYS),
    ),
    (
        r"\b(?:the\s+day\s+before\s+yesterday|the\s+day\s+after\s+tomorrow"
        rf"|(?:yesterday|tomorrow|{_CHAT_DAY_ALT})(?:\s+(?:morning|afternoon|evening|night))?"
        r"|last\s+night|(?:earlier|later)\s+today|today|tonight|this\s+(?:morning|afternoon|evening))\b",
        "day_word",
        (f"today tonight yesterday tomorrow night morning afternoon evening {_CHAT_DAY_ALT.replace('|', ' ')}",),
    ),
    (rf"\b{_N}\s+{_UNIT}\s+ago\b", "ago", ("ago", _UNITS)),
    (rf"\bin\s+{_N}\s+{_UNIT}(?:['’]s?\s+time)?\b", "ahead", ("in", _UNITS)),
    (rf"\b{_N}\s+{_UNIT}\s+from\s+(?:now|today)\b", "ahead", ("from", _UNITS)),
    (rf"\b(?:(?:the|this)\s+)?past\s+(?:{_N}\s+)?{_UNIT}\b", "recent_span", ("past", _UNITS)),
    (rf"\blast\s+{_N}\s+{_UNIT}\b", "recent_span", ("last", _UNITS)),
    (rf"\bnext\s+{_N}\s+{_UNIT}\b", "upcoming_span", ("next", _UNITS)),
    (
        rf"\b(?P<rel>last|this\s+past|this\s+coming|this|next)\s+(?P<unit>week|weekend|month|year|{_CHAT_UNIT_ALT})\b",
        "relative_unit",
        ("last this next", f"week weekend month year {_CHAT_UNIT_ALT.replace('|', ' ')}"),
    ),
    (
        rf"\b(?P<rel>last|next|this\s+past|this\s+coming)\s+(?P<day>{_WEEKDAY_ABBR_ALT})\b",
        "weekday",
        ("last next past coming", WEEKDAY_ABBREVIATIONS),
    ),
    (
        rf"\b(?:(?P<rel>last|next|this\s+past|this\s+coming|this|on)\s+)?(?P<day>{_WEEKDAY_ALT})\b",
        "weekday",
        (WEEKDAYS,),
    ),
    (
        r"\b(?:(?P<rel>in|last|this|next|early|mid|late|during|since|for|by|until|till|from"
        r"|(?:the\s+)?(?:end|start|beginning|middle)\s+of)[\s-]+)?"
        rf"(?P<month>{_MONTH_ALT}|(?-i:{_MONTH_SHORT_ALT})(?!['’]))(?!\s+(?:the\s+)?(?:\d{{1,2}}(?!\d)|{_ORDINAL_ALT}))(?:,?\s+(?:of\s+)?(?P<year>\d{{4}}))?\b",
        "month",
        (_ANY_MONTH,),
    ),
    (r"\b(?:in|during)\s+(?P<year>(?:19|20)\d{2})\b(?![-/]\d)", "year", ("in during", HAS_YEAR)),
    (
        rf"\b(?P<rel>last|this\s+past|this|next)\s+(?P<season>{_SEASON_ALT})\b",
        "season",
        (SEASONS, "last this next"),
    ),
    (
        rf"\b(?:in\s+)?(?:the\s+)?(?P<season>{_SEASON_ALT})\s+(?:of\s+)?(?P<year>\d{{4}})\b",
        "season_year",
        (SEASONS, HAS_YEAR),
    ),
    (
        rf"\b(?:the\s+)?(?P<day>{_WEEKDAY_ALT})\s+(?P<rel>after\s+next|before\s+last)\b",
        "weekday_removed",
        (WEEKDAYS, "after before"),
    ),
    (
        r"\b(?:the\s+)?(?P<unit>week|weekend|month|year)\s+(?P<rel>after\s+next|before\s+last)\b",
        "relative_unit",
        ("after before", "week weekend month year"),
    ),
    (
        rf"\b{_N}\s+(?P<unit>weeks?|fortnights?)\s+(?:(?P<rel>on|from|last)\s+(?:next\s+)?)?"
        rf"(?P<day>{_WEEKDAY_ALT}|today|tomorrow|yesterday)\b",
        "week_on",
        ("week weeks fortnight fortnights", (*WEEKDAYS, "today", "tomorrow", "yesterday")),
    ),
    (rf"\b{_N}\s+(?P<day>{_WEEKDAY_ALT})s\s+ago\b", "weekdays_ago", ("ago",)),  # "two Saturdays ago"
    # British "Tuesday week", "tomorrow week": a week after it
    (rf"\b(?P<day>{_WEEKDAY_ALT}|tomorrow)\s+(?P<unit>week)\b(?P<n>)(?P<rel>)", "week_on", ("week", (*WEEKDAYS, "tomorrow"))),
    # "on 14/04", "by 4/14/2026": numbers only after a word that dates them, or with a year ("24/7" is none)
    (r"\b(?:(?P<prep>on|by|until|till|from|due|before|after)\s+|(?=\d{1,2}/\d{1,2}/\d{2,4}\b))"
     r"(?P<a>\d{1,2})/(?P<b>\d{1,2})(?:/(?P<year>\d{4}|\d{2}))?(?![\d/])", "numeric_day", (HAS_DIGIT,)),
    # "on Fri", "this Sat": short names only when capitalised; "Sun" is a word ("out on Sun")
    (
        r"\b(?P<rel>on|this)\s+(?-i:(?P<day>Mon|Tues?|Weds?|Thu(?:rs?)?|Fri|Sat))\b",
        "weekday",
        (("on", "this"), WEEKDAY_ABBREVIATIONS),  # either word
    ),
    (
        rf"\b(?:(?P<prep>on|by|until|till|to|through|between|and|from|since|before|after|for|is|was|{_WEEKDAY_ALT}"
        rf"|(?-i:{_WEEKDAY_SHORT_ALT})),?\s+)?(?:the\s+|(?<=day\s|{_WEEKDAY_SHORT_BEHIND}))"  # "Mon 23rd": no "the"
        rf"(?:(?P<day>\d{{1,2}})(?:st|nd|rd|th)|(?P<word>{_ORDINAL_ALT}))\b"
        r"(?:\s+of\s+(?P<rel>this|next|last)\s+month\b)?",
        "ordinal_day",
        ((HAS_DIGIT, *ORDINAL_DAYS), ("st", "nd", "rd", "th", *ORDINAL_DAYS)),
    ),
    # "the first Monday of next month", "the last Friday in March"
    (
        rf"\b(?:the\s+)?(?P<nth>first|second|third|fourth|last|1st|2nd|3rd|4th)\s+(?P<day>{_WEEKDAY_ALT})\s+(?:of|in)\s+"
        rf"(?:(?P<rel>this|next|last)\s+month|(?P<month>{_MONTH_ALT})(?:\s+(?P<year>\d{{4}}))?)\b",
        "nth_weekday",
        ("first second third fourth last st nd rd th", WEEKDAYS),
    ),
    # "at the weekend", "over the weekend": the clause's tense picks the one gone or the one coming
    (r"\b(?:on|at|over|during|by)\s+the\s+(?P<unit>weekend)\b(?P<rel>)", "relative_unit", ("weekend", "the")),
    # "Friday next week": that week's Friday
    (
        rf"\b(?P<day>{_WEEKDAY_ALT})\s+(?P<rel>last|this|next)\s+week\b",
        "weekday_of_week",
        (WEEKDAYS, "last this next", "week"),
    ),
    # "the end of the month", "the start of next week": that period
    (
        r"\b(?:the\s+)?(?:end|start|beginning|middle)\s+of\s+(?:the\s+)?(?P<rel>this|next|last)?\s*"
        r"(?P<unit>week|month|year)\b",
        "relative_unit",
        ("end start beginning middle", "week month year"),
    ),
    (
        rf"\b(?:(?P<rel>last|next|this)\s+)?(?P<name>{HOLIDAY_PATTERN})(?:,?\s+(?P<year>\d{{4}}))?\b",
        "holiday",
        (_HOLIDAY_WORDS,),
    ),
)
