"""Data: calendar and number words (weekdays, months, seasons, number words)."""

# Spelled out: calendar.day_name and month_name follow the process locale.
WEEKDAYS: dict[str, int] = {
    "monday": 0, "tuesday": 1, "wednesday": 2, "thursday": 3, "friday": 4, "saturday": 5, "sunday": 6,
}  # fmt: skip
# Short weekday names: after a word that points back or ahead ("last", "next"), or capitalised before a date
WEEKDAY_ABBREVIATIONS: dict[str, int] = {
    "mon": 0, "tue": 1, "tues": 1, "wed": 2, "weds": 2, "thu": 3, "thur": 3, "thurs": 3, "fri": 4, "sat": 5, "sun": 6,
}  # fmt: skip
MONTHS: dict[str, int] = {
    "january": 1, "february": 2, "march": 3, "april": 4, "may": 5, "june": 6, "july": 7,
    "august": 8, "september": 9, "october": 10, "november": 11, "december": 12,
}  # fmt: skip
MONTH_ABBREVIATIONS: dict[str, int] = {
    "jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7,
    "aug": 8, "sep": 9, "sept": 9, "oct": 10, "nov": 11, "dec": 12,
}  # fmt: skip
NUMBER_WORDS: dict[str, int] = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
    "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20,
}  # fmt: skip
TENS: dict[str, int] = {
    "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
    "ninety": 90,
}  # fmt: skip
# Days said as ordinal words ("the first of May", "May twenty-first").
_ORDINALS = (
    "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth fourteenth"
    " fifteenth sixteenth seventeenth eighteenth nineteenth twentieth twenty-first twenty-second twenty-third"
    " twenty-fourth twenty-fifth twenty-sixth twenty-seventh twenty-eighth twenty-ninth thirtieth thirty-first"
)
ORDINAL_DAYS: dict[str, int] = {w: i for i, w in enumerate(_ORDINALS.split(), start=1)}
# The number words number_value() reads.
SMALL_NUMBERS: dict[str, int] = {**NUMBER_WORDS, "dozen": 12}
# Chat spellings of date words: read as the word they stand for ("2 wks ago", "dentist tmrw").
CHAT_SPELLINGS: dict[str, str] = {
    "wk": "week", "wks": "weeks", "yr": "year", "yrs": "years", "mth": "month", "mths": "months",
    "tmrw": "tomorrow", "tmr": "tomorrow", "tomorow": "tomorrow", "tommorow": "tomorrow", "2moro": "tomorrow",
    "yday": "yesterday",
}  # fmt: skip
# First month of each season.
SEASONS: dict[str, int] = {"spring": 3, "summer": 6, "autumn": 9, "fall": 9, "winter": 12}
