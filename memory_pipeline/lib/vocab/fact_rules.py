"""Data: fact kinds, the word lists the fact rules read, and the fact rule table."""

import re

from memory_pipeline.lib.vocab.calendar import WEEKDAYS
from memory_pipeline.lib.vocab.patterns import (
    FAVORITE_RULE,
    RX_ADVERBS,
    RX_CANT,
    RX_DONT,
    RX_I_AM,
    USE_RULE,
    USING_RULE,
)
from memory_pipeline.lib.vocab.words import CLAUSE_STOPS, OBJECT_STOPS, PREFERENCE_STOPS

EMAIL = "email"
PHONE = "phone"
URL = "url"
PREFERENCE = "preference"
NEGATION = "negation"
TOOL = "tool"
HABIT = "habit"
CONSTRAINT = "constraint"
NAME = "name"
LOCATION = "location"
EMPLOYER = "employer"
ROLE = "role"
INTEREST = "interest"
HOMETOWN = "hometown"
BIRTHDAY = "birthday"
KINDS = (
    EMAIL, PHONE, URL, PREFERENCE, NEGATION, TOOL, HABIT, CONSTRAINT, NAME, LOCATION, EMPLOYER, ROLE,
    INTEREST, HOMETOWN, BIRTHDAY,
)  # fmt: skip

WEEKDAY_ALT = "|".join(WEEKDAYS)
DIETS = "|".join(
    ("vegetarian", "vegan", "pescatarian", r"gluten[-\s]free", r"lactose[-\s]intolerant", "celiac", "coeliac",
     "diabetic", "kosher", "halal")
)  # fmt: skip
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
CANT_SKIP = frozenset(
    {"wait", "believe", "remember", "recall", "stand", "help", "tell", "say", "find", "see", "imagine",
     "thank", "decide", "understand", "figure", "get", "hear", "think", "seem", "complain", "argue"}
)  # fmt: skip
MUST_SKIP = frozenset({"say", "admit", "confess", "have", "be"})
# "I'm a big fan", "I'm a bit tired": not roles.
ROLE_SKIP = frozenset(
    {"bit", "little", "lot", "fan", "big", "huge", "great", "firm", "strong", "total", "few", "couple",
     "part", "member", "believer", "sucker", "vegetarian", "vegan", "pescatarian", "kind", "sort"}
)  # fmt: skip
# "a morning person" is a trait, not a role.
TRAIT_NOUNS = ("person", "people", "type", "guy", "fan")
EMPLOYER_AFTER_ROLE = re.compile(r"\s+(?:at|for|with)\s+(?=[A-Z])")

# A time phrase opening a habit: "Before work, I go for a run", "On Fridays, I ...".
WHEN = r"(?:before|after|right\s+after|first\s+thing|on|when|twice|once|at|between|every|each|in|during)\b"
PAST = re.compile(r"\b(?:was|were|did|had|used\s+to)\b", re.IGNORECASE)
NOT_A_HABIT = frozenset(
    {"was", "were", "had", "did", "went", "got", "said", "saw", "made", "came", "thought"}
)
# A habit keeps its "when ..." part: "meditate when I wake up".
HABIT_STOPS = CLAUSE_STOPS - {"when", "while", "until", "where"}
INTEREST_STOPS = OBJECT_STOPS | {"a", "an", "few", "years", "back", "ago", "and", "lately", "recently"}
MY_BIRTHDAY = re.compile(r"\bmy\s+birthday\b|\bi\s+was\s+born\b|\bit['’]s\s+my\s+birthday\b", re.IGNORECASE)
MONTH_DAY = re.compile(
    r"\b(?P<month>january|february|march|april|may|june|july|august|september|october|november|december)"
    r"\s+(?P<day>\d{1,2})(?:st|nd|rd|th)?\b",
    re.IGNORECASE,
)

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
    (*USE_RULE, "tools"),
    (*USING_RULE, "tools"),
    (" ".join((*HABIT_ADVERBS, "tend")), rf"\bi\s+(?:{'|'.join(HABIT_ADVERBS)}|tend\s+to)\s+", "habit"),
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
    (
        "hobby hobbies into free spare spend about picked",
        r"\bmy\s+(?:main\s+|favou?rite\s+|big\s+)?(?:hobby|passion)\s+is\s+"
        rf"|{RX_I_AM}\s+{RX_ADVERBS}into\s+|\bin\s+my\s+(?:free|spare)\s+time,?\s+i\s+(?:do\s+a\s+lot\s+of"
        rf"|do|enjoy)\s+"
        r"|\bi\s+spend\s+(?:most\s+|my\s+)*(?:weekends|evenings|free\s+time)\s+(?:on|doing)\s+"
        # "I'm all about X" is the speaker's interest; "it's all about X" a maxim
        rf"|{RX_I_AM}\s+{RX_ADVERBS}all\s+about\s+|\bi\s+picked\s+up\s+",
        "object",
        {"kind": INTEREST, "stops": INTEREST_STOPS, "max_words": 4},
    ),
    (
        "grew originally born raised childhood kid hometown",
        r"\bi\s+grew\s+up\s+in\s+|\bi(?:['’]m|\s+am)\s+originally\s+from\s+"
        r"|\bi\s+was\s+born\s+and\s+raised\s+in\s+"
        r"|\bi\s+spent\s+my\s+childhood\s+in\s+|\bi\s+was\s+a\s+kid\s+in\s+|\bmy\s+hometown\s+is\s+",
        "place",
        {"kind": HOMETOWN},
    ),
    (
        "hometown",
        r"(?:^|[.!?:;,]\s*)(?P<val>[A-Z][\w'’ .-]{1,40}?)\s+is\s+my\s+hometown\b",
        "value_before",
        {"kind": HOMETOWN},
    ),
    ("birthday born", r"\bbirthday\b|\bborn\s+on\b", "birthday"),
    ("can cannot canned", rf"\bi\s+{RX_CANT}\s+(?P<verb>[a-z]+)\b\s*", "cannot"),
    (
        "allergic allergy allergies react",
        rf"{RX_I_AM}\s+{RX_ADVERBS}(?:severely\s+|very\s+|highly\s+)?allergic\s+to\s+"
        r"|\b(?:i\s+have\s+an?\s+|my\s+)allerg(?:y|ies)\s+to\s+|\bi\s+react\s+(?:badly\s+)?to\s+"
        r"|\ballergy\s+warning\s+for\s+me\s*:\s*",
        "object",
        {"kind": CONSTRAINT, "stops": PREFERENCE_STOPS, "max_words": 5, "prefix": "allergic to "},
    ),
    (
        "vegetarian vegan pescatarian gluten lactose celiac coeliac diabetic kosher halal",
        rf"{RX_I_AM}\s+{RX_ADVERBS}(?:a\s+|an\s+)?(?P<diet>{DIETS})\b",
        "diet",
    ),
    ("must mustn", r"\bi\s+(?P<neg>must\s+not|mustn['’]?t|must)\s+", "must"),
    (
        "allowed",
        rf"{RX_I_AM}\s+not\s+allowed\s+to\s+",
        "object",
        {"kind": CONSTRAINT, "stops": CLAUSE_STOPS, "max_words": 6, "prefix": "not allowed to ",
         "negated": True},
    ),
    ("name called call", rf"\bmy\s+name\s+is\s+|{RX_I_AM}\s+called\s+|\bcall\s+me\s+", "name"),
    (
        "live living reside based located moved relocated",
        rf"\b(?:i|we)\s+{RX_ADVERBS}(?:live|reside)\s+in\s+|{RX_I_AM}\s+{RX_ADVERBS}(?:living|based"
        rf"|located)\s+in\s+"
        rf"|\b(?:i|we)\s+{RX_ADVERBS}(?:moved|relocated)\s+(?:back\s+)?to\s+",
        "place",
        {"kind": LOCATION},
    ),
    (
        "work working employed",
        rf"\bi\s+{RX_ADVERBS}work\s+(?:at|for)\s+|{RX_I_AM}\s+{RX_ADVERBS}(?:working|employed)\s+(?:at|for"
        rf"|by)\s+",
        "place",
        {"kind": EMPLOYER},
    ),
    (
        "work job role title position",
        rf"\bi\s+{RX_ADVERBS}work\s+as\s+(?:an?\s+)?"
        r"|\bmy\s+(?:job\s+title|job|role|title|position)\s+is\s+(?:an?\s+)?",
        "role",
    ),
    ("m am", rf"{RX_I_AM}\s+{RX_ADVERBS}an?\s+", "role"),
)
