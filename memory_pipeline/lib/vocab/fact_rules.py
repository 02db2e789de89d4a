"""Data: fact kinds, the word lists the fact rules read, and the fact rule table. What the save path
extracts by pattern (e-mails, phones, URLs, "I don't use X", "I prefer Y") and the habits a profile learns;
what a text states of its author otherwise is the clause reader's (lib/extract/statements.py)."""

import re

from memory_pipeline.lib.vocab.calendar import WEEKDAYS
from memory_pipeline.lib.vocab.patterns import FAVORITE_RULE, RX_ADVERBS, RX_CANT, RX_DONT, RX_I_AM
from memory_pipeline.lib.vocab.words import CLAUSE_STOPS, PREFERENCE_STOPS

EMAIL = "email"
PHONE = "phone"
URL = "url"
PREFERENCE = "preference"
NEGATION = "negation"
HABIT = "habit"
KINDS = (EMAIL, PHONE, URL, PREFERENCE, NEGATION, HABIT)

WEEKDAY_ALT = "|".join(WEEKDAYS)
HABIT_ADVERBS = (
    "usually", "always", "often", "normally", "typically", "generally", "regularly", "frequently",
)  # fmt: skip
PERIODS = rf"morning|evening|night|day|week|weekend|month|{WEEKDAY_ALT}"

# Time words end what was given up: "I quit smoking last year" -> "smoking".
NEGATION_STOPS = PREFERENCE_STOPS | {
    "anymore", "any", "ever", "last", "this", "yesterday", "today", "ago", "recently", "lately", "in", "at",
}  # fmt: skip
# Verbs whose negation says nothing lasting ("I don't think so", "I can't wait").
NEGATION_SKIP = frozenset(
    {"think", "know", "remember", "understand", "mean", "see", "believe", "recall", "get", "mind", "feel",
     "have", "care", "say", "worry", "agree", "even", "quite", "always", "usually", "ever", "necessarily"}
)  # fmt: skip
# Verbs whose object is the value itself: "I don't like coffee" -> "coffee", not "liking coffee".
OBJECT_VERBS = frozenset({"like", "love", "enjoy", "want", "need", "prefer", "fancy", "trust"})
# A time phrase opening a habit: "Before work, I go for a run", "On Fridays, I ...".
WHEN = r"(?:before|after|right\s+after|first\s+thing|on|when|twice|once|at|between|every|each|in|during)\b"
PAST = re.compile(r"\b(?:was|were|did|had|used\s+to)\b", re.IGNORECASE)
NOT_A_HABIT = frozenset(
    {"was", "were", "had", "did", "went", "got", "said", "saw", "made", "came", "thought"}
)
# A habit keeps its "when ..." part: "meditate when I wake up".
HABIT_STOPS = CLAUSE_STOPS - {"when", "while", "until", "where"}
EMAIL_RE = re.compile(r"\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b")
URL_RE = re.compile(r"\bhttps?://[^\s<>\"']+|\bwww\.[^\s<>\"']+", re.IGNORECASE)
PHONE_RE = re.compile(r"(?<![\w+])(?:\+|\(\d)?\d[\d ().-]{5,}\d(?!\w)")
DATE_LIKE = re.compile(r"\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4}")

_LIKE = {"kind": PREFERENCE, "stops": PREFERENCE_STOPS, "max_words": 8}
_DISLIKE = {"kind": NEGATION, "stops": PREFERENCE_STOPS, "max_words": 6, "negated": True}
_HABIT_TRIGGERS = "before after right first on when twice once at between every each in during"

# (trigger words, pattern, handler[, handler parameters]), matched case-insensitively in this order.
# A rule runs only when the text has one of its trigger words.
FACT_RULES = (
    ("prefer like love enjoy adore", rf"\bi\s+{RX_ADVERBS}(?:prefer|like|love|enjoy|adore)\s+", "object",
     _LIKE),
    ("rather prefer", rf"\bi(?:['’]d|\s+would)\s+{RX_ADVERBS}(?:rather|prefer)\s+", "object", _LIKE),
    (*FAVORITE_RULE, "favorite"),
    (
        "fan",
        rf"{RX_I_AM}\s+{RX_ADVERBS}(?:a\s+)?(?:big\s+|huge\s+)?fan\s+of\s+",
        "object",
        {"kind": PREFERENCE, "stops": PREFERENCE_STOPS, "max_words": 6},
    ),
    ("fan", rf"{RX_I_AM}\s+not\s+(?:a\s+)?(?:big\s+|huge\s+)?fan\s+of\s+", "object", _DISLIKE),
    ("don do", rf"\bi\s+{RX_DONT}\s+{RX_ADVERBS}(?P<verb>[a-z]+)\b\s*", "negated_verb"),
    ("never", rf"\bi\s+{RX_ADVERBS}never\s+{RX_ADVERBS}(?P<verb>[a-z]+)\b\s*", "negated_verb"),
    ("longer", r"\bi\s+no\s+longer\s+(?P<verb>[a-z]+)\b\s*", "negated_verb"),
    (
        "stopped quit gave",
        rf"\bi\s+{RX_ADVERBS}(?:stopped|quit|gave\s+up(?:\s+on)?)\s+",
        "object",
        {"kind": NEGATION, "stops": NEGATION_STOPS | {"for"}, "max_words": 6, "negated": True},
    ),
    (
        "hate dislike detest loathe avoid",
        rf"\bi\s+{RX_ADVERBS}(?:hate|dislike|detest|loathe|avoid)\s+",
        "object",
        _DISLIKE,
    ),
    ("stand", rf"\bi\s+{RX_CANT}\s+stand\s+", "object", _DISLIKE),
    (" ".join(HABIT_ADVERBS), rf"\bi\s+(?:{'|'.join(HABIT_ADVERBS)})\s+", "habit"),
    ("every each", rf"\b(?P<how>every|each)\s+(?P<period>{PERIODS})\s*,?\s+i\s+", "habit"),
    (
        "mondays tuesdays wednesdays thursdays fridays saturdays sundays weekends weekdays",
        rf"\b(?P<how>on)\s+(?P<period>(?:{WEEKDAY_ALT})s|weekends|weekdays)\s*,?\s+i\s+",
        "habit",
    ),
    (
        "every",
        rf"\bi\s+(?P<body>[a-z]+(?:\s+[^\s.,;!?]+){{0,5}}?)\s+every\s+(?P<period>{PERIODS})\b",
        "trailing_habit",
    ),
    (
        "try make habit works routine someone clockwork rule most",
        r"\bi\s+(?:try|make\s+sure|like)\s+to\s+|\bi\s+make\s+a\s+point\s+of\s+"
        r"|\bi(?:['’]ve|\s+have)\s+(?:gotten|got)\s+into\s+the\s+habit\s+of\s+"
        r"|\bi['’]m\s+in\s+the\s+habit\s+of\s+"
        r"|\bmy\s+habit\s+is\s+to\s+|\bit\s+works\s+best\s+for\s+me\s+to\s+"
        r"|\bmy\s+(?:daily\s+|morning\s+|evening\s+)?routine\s*(?::|is\s+to)\s*"
        r"|\bi(?:['’]m|\s+am)\s+someone\s+who\s+(?:likes|tends|tries|loves)\s+to\s+"
        r"|\b(?:like\s+clockwork|as\s+a\s+rule|most\s+days|most\s+mornings|most\s+evenings),?\s+i\s+",
        "habit",
    ),
    (
        _HABIT_TRIGGERS,
        rf"(?:^|[.!?:;,]\s*)(?:and\s+|so\s+|also\s+)?(?P<when>{WHEN}[^,.;:!?]{{0,50}}?),\s*i\s+",
        "habit",
    ),
    (
        _HABIT_TRIGGERS,
        rf"(?:^|[.!?:;,]\s*)(?:and\s+|so\s+|also\s+)?(?P<when>{WHEN}[^,.;:!?]{{0,50}}?)\s+is\s+when\s+i\s+",
        "habit",
    ),
    (
        "routine",
        r"(?:^|[.!?:;,]\s*)(?P<val>[A-Za-z][\w'’ -]{1,60}?)\s+is\s+part\s+of\s+my\s+(?:daily\s+)?routine\b",
        "value_before",
        {"kind": HABIT, "max_words": 12},
    ),
)
