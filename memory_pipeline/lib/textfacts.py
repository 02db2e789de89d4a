"""Pattern-extracted facts and negations (seed 004), and the save-path guard that refuses to merge
texts whose numbers, dates, names or negation differ (mission section 3). Plain functions, no I/O."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime

from memory_pipeline.lib.temporal import (
    MONTH_ABBREVIATIONS,
    MONTHS,
    NUMBER_WORDS,
    WEEKDAYS,
    TemporalReference,
    resolve_temporal_references,
)

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


@dataclass(frozen=True)
class Fact:
    """One extracted fact. `value` is the object ("vim", "drinking coffee", "Berlin"); `text` the span
    it came from. Negations carry negated=True; so do negative constraints ("cannot eat nuts")."""

    kind: str
    value: str
    negated: bool = False
    text: str = ""


@dataclass(frozen=True)
class Signature:
    """What two near-identical texts must agree on before they may be merged."""

    numbers: frozenset[str]
    dates: frozenset[str]
    names: frozenset[str]
    negated: bool


def _wordset(words: str) -> frozenset[str]:
    return frozenset(words.split())


# -- object phrases (shared with the supersession slots) ---------------------------------------

_TOKEN = re.compile(r"\S+")
_CLAUSE_END = frozenset(".,;:!?")
_TRAILING = ".,;:!?)]}\"'”’…"
_LEADING = "([{\"'“‘"
_AND_CLAUSE = re.compile(r"\s+(?:i|we|he|she|they|then|it|my|so|also|but)\b", re.IGNORECASE)
CLAUSE_STOPS = frozenset(
    {"because", "but", "since", "when", "while", "although", "though", "so", "if", "unless", "until",
     "whereas", "which", "who", "whose", "where", "cause", "cos"}
)  # fmt: skip
PREFERENCE_STOPS = CLAUSE_STOPS | {
    "now", "anymore", "instead", "rather", "than", "over", "more", "these", "nowadays", "lately", "too",
    "better", "best", "most", "anyway",
}  # fmt: skip
OBJECT_STOPS = PREFERENCE_STOPS | {
    "for", "at", "in", "on", "with", "from", "to", "during", "every", "each", "daily", "weekly", "today",
    "yesterday", "tomorrow", "again", "currently", "mostly", "mainly", "all", "as", "and", "or", "since",
    "near", "by", "last", "this", "next", "after", "before", "about", "around", "full", "part", "already",
}  # fmt: skip
_DETERMINERS = frozenset({"a", "an", "the", "my", "our", "some"})
_PRONOUNS = frozenset(
    {"it", "this", "that", "them", "these", "those", "both", "everything", "something", "anything",
     "nothing", "one", "him", "her", "you", "me", "us", "myself", "yourself", "what", "which", "all",
     "so", "there", "here", "to", "a", "an", "the"}
)  # fmt: skip
_NAME_CONNECTORS = frozenset({"of", "de", "del", "la", "le", "am", "upon", "on", "van", "von", "da", "di"})


def phrase_after(
    text: str, pos: int, max_words: int, stops: frozenset[str] = CLAUSE_STOPS, *, listing: bool = False
) -> tuple[str, int]:
    """The words after `pos` up to clause punctuation, a stop word or `max_words`; and where they end.
    With `listing`, commas separate items instead of ending the phrase ("Python, Rust and Go")."""
    words: list[str] = []
    end = pos
    for m in _TOKEN.finditer(text, pos):
        token = m.group()
        kept = token.rstrip(_TRAILING)
        closes = not _CLAUSE_END.isdisjoint(token[len(kept) :])
        core = kept.lstrip(_LEADING)
        lowered = core.lower()
        if not core or lowered in stops:
            break
        if lowered == "and" and _AND_CLAUSE.match(text, m.end()):
            break  # "... and I moved" starts a new clause
        end = m.start() + len(kept)
        if listing and token[len(kept) :] == ",":
            words.append(core + ",")
            continue
        words.append(core)
        if closes or len(words) >= max_words:
            break
    return " ".join(words).rstrip(","), end


def strip_determiner(value: str) -> str:
    """Drop a leading article or possessive ("the Netherlands" -> "Netherlands"); a lone word stays."""
    first, _, rest = value.partition(" ")
    return rest if rest and first.lower() in _DETERMINERS else value


def usable_value(value: str) -> bool:
    """False for empty values and pronouns ("it", "that"), which name nothing."""
    return bool(value) and value.split(" ", 1)[0].lower() not in _PRONOUNS


def proper_phrase_after(
    text: str, pos: int, max_words: int, stops: frozenset[str] = OBJECT_STOPS
) -> tuple[str, int]:
    """A place or organisation: a run of capitalised words ("New York", "Bank of America"), or failing
    that a short lower-case phrase ("a small town")."""
    tokens = list(_TOKEN.finditer(text, pos))[: max_words + 2]
    if tokens and tokens[0].group().lstrip(_LEADING)[:1].isupper():
        words: list[str] = []
        end = pos
        for i, m in enumerate(tokens):
            kept = m.group().rstrip(_TRAILING)
            core = kept.lstrip(_LEADING)
            capital = core[:1].isupper()
            connector = (
                core.lower() in _NAME_CONNECTORS
                and i + 1 < len(tokens)
                and tokens[i + 1].group()[:1].isupper()
                and kept == m.group()
            )
            if not core or not (capital or connector) or len(words) >= max_words:
                break
            words.append(core)
            end = m.start() + len(kept)
            if kept != m.group():
                break  # punctuation closes the name
        return " ".join(words), end
    value, end = phrase_after(text, pos, max_words, stops)
    return strip_determiner(value), end


def _gerund(verb: str) -> str:
    v = verb.lower()
    if v.endswith("ing"):
        return v
    if v.endswith("ie"):
        return v[:-2] + "ying"
    if v.endswith("e") and not v.endswith(("ee", "ye", "oe")) and v != "be":
        return v[:-1] + "ing"
    vowels = "aeiou"
    groups = len(re.findall(r"[aeiou]+", v))
    if (
        len(v) >= 3
        and groups == 1
        and v[-1] not in vowels + "wxy"
        and v[-2] in vowels
        and v[-3] not in vowels
    ):
        return v + v[-1] + "ing"  # run -> running
    return v + "ing"


# -- rules --------------------------------------------------------------------------------------

_FLAGS = re.IGNORECASE
RX_ADVERBS = (
    r"(?:(?:really|just|also|still|now|mostly|mainly|primarily|actually|definitely|totally|absolutely"
    r"|honestly|currently|personally|much|strongly|kind\s+of|sort\s+of)\s+){0,2}"
)
RX_I_AM = r"\bi(?:['’]m|\s+am)"
RX_DONT = r"(?:don['’]?t|do\s+not)"
RX_CANT = r"(?:can['’]?t|cannot|can\s+not)"
_WEEKDAY_ALT = "|".join(WEEKDAYS)
_DIETS = "|".join(
    ("vegetarian", "vegan", "pescatarian", r"gluten[-\s]free", r"lactose[-\s]intolerant", "celiac", "coeliac",
     "diabetic", "kosher", "halal")
)  # fmt: skip
_HABIT_ADVERBS = (
    "usually",
    "always",
    "often",
    "normally",
    "typically",
    "generally",
    "regularly",
    "frequently",
)
_PERIODS = rf"morning|evening|night|day|week|weekend|month|{_WEEKDAY_ALT}"

# Verbs whose negation says nothing lasting ("I don't think so", "I can't wait").
# Time words end what was given up: "I quit smoking last year" -> "smoking".
_NEGATION_STOPS = PREFERENCE_STOPS | {
    "anymore", "any", "ever", "last", "this", "yesterday", "today", "ago", "recently", "lately", "in", "at",
}  # fmt: skip
_NEGATION_SKIP = frozenset(
    {"think", "know", "remember", "understand", "mean", "see", "believe", "recall", "get", "mind", "feel",
     "have", "care", "say", "worry", "agree", "even", "quite", "always", "usually", "ever", "necessarily"}
)  # fmt: skip
_OBJECT_VERBS = frozenset({"like", "love", "enjoy", "want", "need", "prefer", "fancy", "trust"})
_CANT_SKIP = frozenset(
    {"wait", "believe", "remember", "recall", "stand", "help", "tell", "say", "find", "see", "imagine",
     "thank", "decide", "understand", "figure", "get", "hear", "think", "seem", "complain", "argue"}
)  # fmt: skip
_MUST_SKIP = frozenset({"say", "admit", "confess", "have", "be"})
_ROLE_SKIP = frozenset(
    {"bit", "little", "lot", "fan", "big", "huge", "great", "firm", "strong", "total", "few", "couple",
     "part", "member", "believer", "sucker", "vegetarian", "vegan", "pescatarian", "kind", "sort"}
)  # fmt: skip

_Handler = Callable[[str, re.Match[str]], Iterator[tuple[int, Fact]]]
# A time phrase opening a habit: "Before work, I go for a run", "On Fridays, I ...".
_WHEN = r"(?:before|after|right\s+after|first\s+thing|on|when|twice|once|at|between|every|each|in|during)\b"
_PAST = re.compile(r"\b(?:was|were|did|had|used\s+to)\b", re.IGNORECASE)
_NOT_A_HABIT = frozenset(
    {"was", "were", "had", "did", "went", "got", "said", "saw", "made", "came", "thought"}
)
# A habit keeps its "when ..." part: "meditate when I wake up".
_HABIT_STOPS = CLAUSE_STOPS - {"when", "while", "until", "where"}
_INTEREST_STOPS = OBJECT_STOPS | {"a", "an", "few", "years", "back", "ago", "and", "lately", "recently"}
_MY_BIRTHDAY = re.compile(
    r"\bmy\s+birthday\b|\bi\s+was\s+born\b"
    r"|\bit['’]s\s+my\s+birthday\b",
    re.IGNORECASE,
)
_MONTH_DAY = re.compile(
    r"\b(?P<month>january|february|march|april|may|june|july|august|september|october|november|december)"
    r"\s+(?P<day>\d{1,2})(?:st|nd|rd|th)?\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class _Rule:
    triggers: frozenset[str]
    pattern: re.Pattern[str]
    handler: _Handler


def _fact(kind: str, value: str, text: str, start: int, end: int, negated: bool = False) -> tuple[int, Fact]:
    return start, Fact(kind, " ".join(value.split()), negated, text[start:end].strip())


def _object_handler(
    kind: str, *, stops: frozenset[str], max_words: int, prefix: str = "", negated: bool = False
) -> _Handler:
    def handle(text: str, m: re.Match[str]) -> Iterator[tuple[int, Fact]]:
        pos = m.end()
        if kind in (PREFERENCE, NEGATION) and text[pos : pos + 3].lower() == "to ":
            pos += 3  # "I like to run" -> "run"
        value, end = phrase_after(text, pos, max_words, stops)
        if usable_value(value):
            yield _fact(kind, prefix + value, text, m.start(), end, negated)

    return handle


def _favorite(text: str, m: re.Match[str]) -> Iterator[tuple[int, Fact]]:
    value, end = phrase_after(text, m.end(), 6, PREFERENCE_STOPS)
    if usable_value(value):
        yield _fact(PREFERENCE, f"favorite {m['cat'].lower()}: {value}", text, m.start(), end)


def _negated_verb(text: str, m: re.Match[str]) -> Iterator[tuple[int, Fact]]:
    verb = m["verb"].lower()
    if verb in _NEGATION_SKIP:
        return
    obj, end = phrase_after(text, m.end(), 6, _NEGATION_STOPS - {"in", "at"})
    if verb in _OBJECT_VERBS:
        if not usable_value(obj):
            return
        value = obj[3:] if obj.lower().startswith("to ") else obj
    else:
        # Past tense stays as said ("used vim"); the present becomes an activity ("drinking coffee").
        head = verb if verb.endswith("ed") and len(verb) > 3 else _gerund(verb)
        value = f"{head} {obj}".strip()
        end = max(end, m.end("verb"))
    yield _fact(NEGATION, value, text, m.start(), end, True)


def _tools(text: str, m: re.Match[str]) -> Iterator[tuple[int, Fact]]:
    value, end = phrase_after(text, m.end(), 8, OBJECT_STOPS - {"and", "or"}, listing=True)
    for part in re.split(r"\s*(?:,|&|/|\band\b|\bor\b|\bplus\b)\s*", value, flags=_FLAGS):
        part = strip_determiner(part)
        if usable_value(part) and len(part.split()) <= 3:
            yield _fact(TOOL, part, text, m.start(), end)


def _habit(text: str, m: re.Match[str]) -> Iterator[tuple[int, Fact]]:
    value, end = phrase_after(text, m.end(), 12, _HABIT_STOPS)
    if not usable_value(value) or value.split()[0].lower() in _NOT_A_HABIT:
        return
    groups = m.groupdict()
    if groups.get("period"):
        value = (
            f"{value} {'every' if m['how'].lower() in ('every', 'each') else 'on'} {groups['period'].lower()}"
        )
    elif groups.get("when"):
        if _PAST.search(groups["when"]):
            return  # "When I was a kid, I ..." is a memory, not a habit
        when = " ".join(groups["when"].split())
        value = f"{value} {when[:1].lower()}{when[1:]}"
    yield _fact(HABIT, value, text, m.start(), end)


def _trailing_habit(text: str, m: re.Match[str]) -> Iterator[tuple[int, Fact]]:
    body = m["body"]
    if body.split()[0].lower() in _HABIT_ADVERBS or body.split()[0].lower() in ("don't", "never", "can't"):
        return  # the leading-adverb rule or a negation already covers it
    yield _fact(HABIT, f"{body} every {m['period'].lower()}", text, m.start(), m.end())


def _birthday(text: str, m: re.Match[str]) -> Iterator[tuple[int, Fact]]:
    sentence_start = max(text.rfind(c, 0, m.start()) for c in ".!?\n") + 1
    sentence_end = min([i for i in (text.find(c, m.end()) for c in ".!?\n") if i >= 0] or [len(text)])
    sentence = text[sentence_start:sentence_end]
    if not _MY_BIRTHDAY.search(sentence):
        return  # someone else's birthday
    date = _MONTH_DAY.search(sentence)
    if date:
        value = f"{date['month'].capitalize()} {int(date['day'])}"
        yield _fact(BIRTHDAY, value, text, sentence_start, sentence_end)


def _value_before(kind: str, prefix: str = "", max_words: int = 5) -> _Handler:
    """For "Bouldering is how I unwind": the value is the phrase that opens the clause."""

    def handle(text: str, m: re.Match[str]) -> Iterator[tuple[int, Fact]]:
        value = " ".join(m["val"].split())
        if kind != HOMETOWN and value[1:] == value[1:].lower():
            value = value[:1].lower() + value[1:]  # capitalised only because it starts the sentence
        if usable_value(value) and len(value.split()) <= max_words:
            yield _fact(kind, prefix + value, text, m.start("val"), m.end())

    return handle


def _cannot(text: str, m: re.Match[str]) -> Iterator[tuple[int, Fact]]:
    verb = m["verb"].lower()
    if verb in _CANT_SKIP:
        return
    obj, end = phrase_after(text, m.end(), 6, PREFERENCE_STOPS | {"anymore", "any"})
    yield _fact(CONSTRAINT, f"cannot {verb} {obj}".strip(), text, m.start(), max(end, m.end("verb")), True)


def _must(text: str, m: re.Match[str]) -> Iterator[tuple[int, Fact]]:
    obj, end = phrase_after(text, m.end(), 8, CLAUSE_STOPS)
    if not obj or obj.split()[0].lower() in _MUST_SKIP:
        return
    negated = m["neg"].lower() != "must"
    yield _fact(CONSTRAINT, f"{'must not' if negated else 'must'} {obj}", text, m.start(), end, negated)


def _diet(text: str, m: re.Match[str]) -> Iterator[tuple[int, Fact]]:
    diet = re.sub(r"[-\s]+", "-", m["diet"].lower())
    yield _fact(CONSTRAINT, diet, text, m.start(), m.end())


def _name(text: str, m: re.Match[str]) -> Iterator[tuple[int, Fact]]:
    value, end = proper_phrase_after(text, m.end(), 3, OBJECT_STOPS)
    if not value or not usable_value(value):
        return
    if "call me" in m.group().lower() and not value[:1].isupper():
        return  # "call me tomorrow"
    if not value[:1].isupper():
        value = value.split()[0]
    yield _fact(NAME, value, text, m.start(), end)


def _place(kind: str) -> _Handler:
    def handle(text: str, m: re.Match[str]) -> Iterator[tuple[int, Fact]]:
        value, end = proper_phrase_after(text, m.end(), 4, OBJECT_STOPS)
        if usable_value(value):
            yield _fact(kind, value, text, m.start(), end)

    return handle


_ROLE_STOPS = OBJECT_STOPS - {"all", "full", "part"} | {"who", "that", "and"}
_EMPLOYER_AFTER_ROLE = re.compile(r"\s+(?:at|for|with)\s+(?=[A-Z])")


def _role(text: str, m: re.Match[str]) -> Iterator[tuple[int, Fact]]:
    value, end = phrase_after(text, m.end(), 4, _ROLE_STOPS)
    if not usable_value(value) or value.split()[0].lower() in _ROLE_SKIP:
        return
    if value.split()[-1].lower() in ("person", "people", "type", "guy", "fan"):
        return  # "a morning person" is a trait, not a role
    if re.fullmatch(rf"(?:{_DIETS})", value, _FLAGS):
        return
    yield _fact(ROLE, value, text, m.start(), end)
    after = _EMPLOYER_AFTER_ROLE.match(text, end)
    if after:
        org, org_end = proper_phrase_after(text, after.end(), 4, OBJECT_STOPS)
        if usable_value(org):
            yield _fact(EMPLOYER, org, text, m.start(), org_end)


def _rule(triggers: str, pattern: str, handler: _Handler) -> _Rule:
    return _Rule(frozenset(triggers.split()), re.compile(pattern, _FLAGS), handler)


_RULES: tuple[_Rule, ...] = (
    _rule(
        "prefer like love enjoy adore",
        rf"\bi\s+{RX_ADVERBS}(?:prefer|like|love|enjoy|adore)\s+",
        _object_handler(PREFERENCE, stops=PREFERENCE_STOPS, max_words=8),
    ),
    _rule(
        "rather prefer",
        rf"\bi(?:['’]d|\s+would)\s+{RX_ADVERBS}(?:rather|prefer)\s+",
        _object_handler(PREFERENCE, stops=PREFERENCE_STOPS, max_words=8),
    ),
    _rule(
        "favorite favourite",
        r"\bmy\s+(?:new\s+|current\s+|all[-\s]time\s+)?favou?rite\s+(?P<cat>[a-z]+(?:\s+[a-z]+){0,2}?)"
        r"\s+(?:is|are)\s+(?:now\s+)?",
        _favorite,
    ),
    _rule(
        "fan",
        rf"{RX_I_AM}\s+{RX_ADVERBS}(?:a\s+)?(?:big\s+|huge\s+)?fan\s+of\s+",
        _object_handler(PREFERENCE, stops=PREFERENCE_STOPS, max_words=6),
    ),
    _rule(
        "fan",
        rf"{RX_I_AM}\s+not\s+(?:a\s+)?(?:big\s+|huge\s+)?fan\s+of\s+",
        _object_handler(NEGATION, stops=PREFERENCE_STOPS, max_words=6, negated=True),
    ),
    _rule("don do", rf"\bi\s+{RX_DONT}\s+{RX_ADVERBS}(?P<verb>[a-z]+)\b\s*", _negated_verb),
    _rule("never", rf"\bi\s+{RX_ADVERBS}never\s+{RX_ADVERBS}(?P<verb>[a-z]+)\b\s*", _negated_verb),
    _rule("longer", r"\bi\s+no\s+longer\s+(?P<verb>[a-z]+)\b\s*", _negated_verb),
    _rule(
        "stopped quit gave",
        rf"\bi\s+{RX_ADVERBS}(?:stopped|quit|gave\s+up(?:\s+on)?)\s+",
        _object_handler(NEGATION, stops=_NEGATION_STOPS | {"for"}, max_words=6, negated=True),
    ),
    _rule(
        "hate dislike detest loathe avoid",
        rf"\bi\s+{RX_ADVERBS}(?:hate|dislike|detest|loathe|avoid)\s+",
        _object_handler(NEGATION, stops=PREFERENCE_STOPS, max_words=6, negated=True),
    ),
    _rule(
        "stand",
        rf"\bi\s+{RX_CANT}\s+stand\s+",
        _object_handler(NEGATION, stops=PREFERENCE_STOPS, max_words=6, negated=True),
    ),
    _rule(
        "use work code program develop write rely",
        rf"\bi\s+{RX_ADVERBS}(?:use|work\s+with|code\s+in|program\s+in|develop\s+in|write\s+code\s+in"
        r"|rely\s+on)\s+",
        _tools,
    ),
    _rule(
        "using coding working programming",
        rf"{RX_I_AM}\s+{RX_ADVERBS}(?:using|coding\s+in|working\s+with|programming\s+in)\s+",
        _tools,
    ),
    _rule(
        " ".join((*_HABIT_ADVERBS, "tend")),
        rf"\bi\s+(?:{'|'.join(_HABIT_ADVERBS)}|tend\s+to)\s+",
        _habit,
    ),
    _rule(
        "every each",
        rf"\b(?P<how>every|each)\s+(?P<period>{_PERIODS})\s*,?\s+i\s+",
        _habit,
    ),
    _rule(
        "mondays tuesdays wednesdays thursdays fridays saturdays sundays weekends weekdays",
        rf"\b(?P<how>on)\s+(?P<period>(?:{_WEEKDAY_ALT})s|weekends|weekdays)\s*,?\s+i\s+",
        _habit,
    ),
    _rule(
        "every",
        rf"\bi\s+(?P<body>[a-z]+(?:\s+[^\s.,;!?]+){{0,5}}?)\s+every\s+(?P<period>{_PERIODS})\b",
        _trailing_habit,
    ),
    _rule(
        "try make habit works routine someone clockwork rule most",
        r"\bi\s+(?:try|make\s+sure|like)\s+to\s+|\bi\s+make\s+a\s+point\s+of\s+"
        r"|\bi(?:['’]ve|\s+have)\s+(?:gotten|got)\s+into\s+the\s+habit\s+of\s+"
        r"|\bi['’]m\s+in\s+the\s+habit\s+of\s+"
        r"|\bmy\s+habit\s+is\s+to\s+|\bit\s+works\s+best\s+for\s+me\s+to\s+"
        r"|\bmy\s+(?:daily\s+|morning\s+|evening\s+)?routine\s*(?::|is\s+to)\s*"
        r"|\bi(?:['’]m|\s+am)\s+someone\s+who\s+(?:likes|tends|tries|loves)\s+to\s+"
        r"|\b(?:like\s+clockwork|as\s+a\s+rule|most\s+days|most\s+mornings|most\s+evenings),?\s+i\s+",
        _habit,
    ),
    _rule(
        "before after right first on when twice once at between every each in during",
        rf"(?:^|[.!?:;,]\s*)(?:and\s+|so\s+|also\s+)?(?P<when>{_WHEN}[^,.;:!?]{{0,50}}?),\s*i\s+",
        _habit,
    ),
    _rule(
        "before after right first on when twice once at between every each in during",
        rf"(?:^|[.!?:;,]\s*)(?:and\s+|so\s+|also\s+)?(?P<when>{_WHEN}[^,.;:!?]{{0,50}}?)\s+is\s+when\s+i\s+",
        _habit,
    ),
    _rule(
        "routine",
        r"(?:^|[.!?:;,]\s*)(?P<val>[A-Za-z][\w'’ -]{1,60}?)\s+is\s+part\s+of\s+my\s+(?:daily\s+)?routine\b",
        _value_before(HABIT, max_words=12),
    ),
    _rule(
        "hobby hobbies into free spare spend unwind relax about picked",
        r"\bmy\s+(?:main\s+|favou?rite\s+|big\s+)?(?:hobby|passion)\s+is\s+"
        rf"|{RX_I_AM}\s+{RX_ADVERBS}into\s+|\bin\s+my\s+(?:free|spare)\s+time,?\s+i\s+(?:do\s+a\s+lot\s+of"
        rf"|do|enjoy)\s+"
        r"|\bi\s+spend\s+(?:most\s+|my\s+)*(?:weekends|evenings|free\s+time)\s+(?:on|doing)\s+"
        r"|\ball\s+about\s+|\bi\s+picked\s+up\s+",
        _object_handler(INTEREST, stops=_INTEREST_STOPS, max_words=4),
    ),
    _rule(
        "unwind relax recharge",
        r"(?:^|[.!?:;,]\s*)(?P<val>[A-Za-z][\w'’ -]{1,40}?)\s+is\s+how\s+i\s+(?:unwind|relax|recharge)\b",
        _value_before(INTEREST),
    ),
    _rule(
        "grew originally born raised childhood kid hometown",
        r"\bi\s+grew\s+up\s+in\s+|\bi(?:['’]m|\s+am)\s+originally\s+from\s+"
        r"|\bi\s+was\s+born\s+and\s+raised\s+in\s+"
        r"|\bi\s+spent\s+my\s+childhood\s+in\s+|\bi\s+was\s+a\s+kid\s+in\s+|\bmy\s+hometown\s+is\s+",
        _place(HOMETOWN),
    ),
    _rule(
        "hometown",
        r"(?:^|[.!?:;,]\s*)(?P<val>[A-Z][\w'’ .-]{1,40}?)\s+is\s+my\s+hometown\b",
        _value_before(HOMETOWN),
    ),
    _rule("birthday born", r"\bbirthday\b|\bborn\s+on\b", _birthday),
    _rule(
        "comfort eat meal",
        r"(?:^|[.!?:;,]\s*)(?P<val>[A-Za-z][\w'’ -]{1,40}?)\s+is\s+(?:my\s+comfort\s+food"
        r"|the\s+best\s+meal)\b",
        _value_before(PREFERENCE, "favorite food: "),
    ),
    _rule(
        "beats",
        r"\bnothing\s+beats\s+",
        _object_handler(PREFERENCE, stops=_INTEREST_STOPS | {"when"}, max_words=4),
    ),
    _rule(
        "eat order",
        r"\bi\s+could\s+eat\s+|\bwhenever\s+i\s+eat\s+out,?\s+i\s+(?:order|get)\s+",
        _object_handler(PREFERENCE, stops=_INTEREST_STOPS | {"every"}, max_words=4, prefix="favorite food: "),
    ),
    _rule("can cannot canned", rf"\bi\s+{RX_CANT}\s+(?P<verb>[a-z]+)\b\s*", _cannot),
    _rule(
        "allergic allergy allergies react",
        rf"{RX_I_AM}\s+{RX_ADVERBS}(?:severely\s+|very\s+|highly\s+)?allergic\s+to\s+"
        r"|\b(?:i\s+have\s+an?\s+|my\s+)allerg(?:y|ies)\s+to\s+|\bi\s+react\s+(?:badly\s+)?to\s+"
        r"|\ballergy\s+warning\s+for\s+me\s*:\s*",
        _object_handler(CONSTRAINT, stops=PREFERENCE_STOPS, max_words=5, prefix="allergic to "),
    ),
    _rule(
        "vegetarian vegan pescatarian gluten lactose celiac coeliac diabetic kosher halal",
        rf"{RX_I_AM}\s+{RX_ADVERBS}(?:a\s+|an\s+)?(?P<diet>{_DIETS})\b",
        _diet,
    ),
    _rule("must mustn", r"\bi\s+(?P<neg>must\s+not|mustn['’]?t|must)\s+", _must),
    _rule(
        "allowed",
        rf"{RX_I_AM}\s+not\s+allowed\s+to\s+",
        _object_handler(CONSTRAINT, stops=CLAUSE_STOPS, max_words=6, prefix="not allowed to ", negated=True),
    ),
    _rule("name called call", rf"\bmy\s+name\s+is\s+|{RX_I_AM}\s+called\s+|\bcall\s+me\s+", _name),
    _rule(
        "live living reside based located moved relocated",
        rf"\b(?:i|we)\s+{RX_ADVERBS}(?:live|reside)\s+in\s+|{RX_I_AM}\s+{RX_ADVERBS}(?:living|based"
        rf"|located)\s+in\s+"
        rf"|\b(?:i|we)\s+{RX_ADVERBS}(?:moved|relocated)\s+(?:back\s+)?to\s+",
        _place(LOCATION),
    ),
    _rule(
        "work working employed",
        rf"\bi\s+{RX_ADVERBS}work\s+(?:at|for)\s+|{RX_I_AM}\s+{RX_ADVERBS}(?:working|employed)\s+(?:at|for"
        rf"|by)\s+",
        _place(EMPLOYER),
    ),
    _rule(
        "work job role title position",
        rf"\bi\s+{RX_ADVERBS}work\s+as\s+(?:an?\s+)?"
        r"|\bmy\s+(?:job\s+title|job|role|title|position)\s+is\s+(?:an?\s+)?",
        _role,
    ),
    _rule("m am", rf"{RX_I_AM}\s+{RX_ADVERBS}an?\s+", _role),
)
_ALL_TRIGGERS = frozenset().union(*(r.triggers for r in _RULES))

_EMAIL = re.compile(r"\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b")
_URL = re.compile(r"\bhttps?://[^\s<>\"']+|\bwww\.[^\s<>\"']+", _FLAGS)
_PHONE = re.compile(r"(?<![\w+])(?:\+|\(\d)?\d[\d ().-]{5,}\d(?!\w)")
_DATE_LIKE = re.compile(r"\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4}")
_WORD = re.compile(r"[a-z]+")


def _phones(text: str) -> Iterator[tuple[int, Fact]]:
    for m in _PHONE.finditer(text):
        raw = m.group().strip()
        digits = re.sub(r"\D", "", raw)
        separated = any(c in raw for c in "-.()") or raw.startswith("+")
        if _DATE_LIKE.fullmatch(raw) or not 7 <= len(digits) <= 15:
            continue
        if not separated and len(digits) < 10:
            continue  # a bare 7-9 digit number is more likely an id or an amount
        yield m.start(), Fact(PHONE, ("+" if raw.startswith("+") else "") + digits, False, raw)


def extract_facts(text: str) -> list[Fact]:
    """Facts and negations in `text`, in text order, each (kind, value, negated) once."""
    found: list[tuple[int, Fact]] = []
    if "@" in text:
        found += [
            (m.start(), Fact(EMAIL, m.group().lower(), False, m.group())) for m in _EMAIL.finditer(text)
        ]
    lowered = text.lower()
    if "http" in lowered or "www." in lowered:
        for m in _URL.finditer(text):
            url = m.group().rstrip(".,;:!?)]}'\"")
            found.append((m.start(), Fact(URL, url, False, url)))
    found += _phones(text)
    words = set(_WORD.findall(lowered))
    if not _ALL_TRIGGERS.isdisjoint(words):
        for rule in _RULES:
            if not rule.triggers.isdisjoint(words):
                for m in rule.pattern.finditer(text):
                    found.extend(rule.handler(text, m))
    found.sort(key=lambda item: item[0])
    seen: set[tuple[str, str, bool]] = set()
    facts: list[Fact] = []
    for _, fact in found:
        key = (fact.kind, fact.value.lower(), fact.negated)
        if key not in seen:
            seen.add(key)
            facts.append(fact)
    return facts


# -- habits -------------------------------------------------------------------------------------

_HABIT_FILLER = frozenset(
    {"a", "an", "the", "to", "for", "my", "of", "in", "on", "at", "i", "me", "and", "it", "is"}
)


def _stem(word: str) -> str:
    # Crude on purpose: it only has to map "going"/"go" and "writing"/"write" to one key.
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        word = word[:-1]
    if len(word) >= 5 and word.endswith("ing"):
        word = word[:-3]
    if len(word) > 3 and word.endswith("e"):
        word = word[:-1]
    if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "aeiou":
        word = word[:-1]
    return word


def habit_key(value: str) -> str:
    """A key equal for the same habit said in other words or order: "Going for a run before work"
    and "go for a run before work" agree."""
    return " ".join(
        sorted({_stem(w) for w in re.findall(r"[a-z]+", value.lower()) if w not in _HABIT_FILLER})
    )


# -- signatures and the merge guard -------------------------------------------------------------

_TENS = {
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
}
_SMALL_NUMBERS = {**NUMBER_WORDS, "dozen": 12}
# Regex alternation of the number words number_value() knows, longest first.
NUMBER_WORDS_PATTERN = "|".join(sorted(_SMALL_NUMBERS, key=len, reverse=True))
_NUMBER = re.compile(
    rf"(?<![\w.])\d+(?:[.,:]\d+)*"
    rf"|\b(?P<tens>{'|'.join(_TENS)})(?:[-\s](?P<unit>{'|'.join(list(NUMBER_WORDS)[1:10])}))?\b"
    rf"|\b(?P<word>{'|'.join(sorted(_SMALL_NUMBERS, key=len, reverse=True))})\b",
    _FLAGS,
)
_NUMBER_WORDS_ALL = frozenset(_TENS) | frozenset(_SMALL_NUMBERS)
_DIGIT = re.compile(r"\d")
_THOUSANDS = re.compile(r"\d{1,3}(?:,\d{3})+")
_NEGATION = re.compile(
    r"\b(?:not|never|none|nobody|nothing|nowhere|neither|nor|without|cannot|no\s+longer|no(?=\s+[^\W\d_]))\b"
    r"|n['’]t\b"
    r"|\b(?:dont|doesnt|didnt|cant|wont|isnt|arent|wasnt|werent|havent|hasnt|hadnt|shouldnt|wouldnt"
    r"|couldnt)\b",
    _FLAGS,
)
# Negative words that do not negate the statement: "I can't start the day without tea", "nothing beats it".
_NOT_NEGATIONS = re.compile(
    r"\b(?:nothing\s+beats|(?:can['’]?t|cannot|couldn['’]?t|never)\b[^.!?]{0,40}?\bwithout\b"
    r"|can['’]?t\s+wait"
    r"|cannot\s+wait|no\s+problem|no\s+doubt|no\s+worries|not\s+only|never\s+mind|not\s+bad"
    r"|(?:don['’]?t|do\s+not)\s+(?:let\s+me\s+)?forget)",
    _FLAGS,
)
_NAME_TOKEN = re.compile(r"[^\W\d_][\w'’-]*")
_SENTENCE_BREAK = frozenset('.!?\n:;"“')
_DATE_NAMES = frozenset(
    {*WEEKDAYS, *MONTHS, *MONTH_ABBREVIATIONS, "today", "tonight", "yesterday", "tomorrow"}
)
_NOT_NAMES = frozenset({"i", "ok", "okay", "mr", "mrs", "ms", "dr"})
# Words that start sentences: a capitalised opener is a name only when it is not one of these.
_OPENERS = _wordset(
    "a about above action add after again all allergy almost also although always an and another any "
    "anyone anything anyway are as ask at back be because been before being below best better between big "
    "blocked book both btw but by call can change check could cup dear decision did didn diet diet-wise "
    "do does doesn don don't done down during each either even ever every everyone everything finally "
    "finance fine first for forget from fyi given go going good goodbye great had has have he heads "
    "heads-up her here hey hi his home hosting how however i if in instead is isn it it's its job "
    "job-wise just keep last later launch let let's like living make many mark maybe me meeting more most "
    "much my never new next no none not note nothing now of off officially oh ok okay on once one only or "
    "other our out outside over perhaps please ps put questions queue quick really remember remind "
    "reminder right same see send she should side since so some someone something sometimes soon still "
    "such sure tell thank thanks that the their them then there these they this those though thought to "
    "today todo together tomorrow tonight too tried two under until up update us use very was wasn we "
    "well were what whatever when whenever where whether which while who why will with without won work "
    "work-wise worth would yes yesterday yet you your"
)
# Two anchors far apart: an expression that resolves the same against both is an absolute date.
_ANCHOR_A = datetime(2001, 1, 1)
_ANCHOR_B = datetime(2010, 7, 15)
_UNIT_NUMBER = re.compile(
    rf"\b(?P<n>{'|'.join(sorted(NUMBER_WORDS, key=len, reverse=True))}|an?)"
    r"(?=\s+(?:day|week|fortnight|month|year)s?\b)",
    _FLAGS,
)


def number_value(token: str) -> int | None:
    """The integer a digit string or number word stands for ("3", "three"); None otherwise."""
    t = token.strip().lower()
    if t.isdigit():
        return int(t)
    return _SMALL_NUMBERS.get(t)


def _normal_number(m: re.Match[str]) -> str:
    if m["tens"]:
        return str(_TENS[m["tens"].lower()] + (NUMBER_WORDS[m["unit"].lower()] if m["unit"] else 0))
    if m["word"]:
        return str(_SMALL_NUMBERS[m["word"].lower()])
    raw = m.group()
    if _THOUSANDS.fullmatch(raw):
        raw = raw.replace(",", "")
    if raw.isdigit():
        return str(int(raw))
    return raw


def _date_text(ref: TemporalReference) -> str:
    text = " ".join(ref.original_text.lower().split())
    text = _UNIT_NUMBER.sub(lambda m: str(NUMBER_WORDS.get(m["n"].lower(), 1)), text)
    return text.removeprefix("on ")


def _dates(text: str) -> tuple[dict[str, str], list[tuple[int, int]]]:
    """Comparison key -> display text for each date expression, and the spans they cover.

    Absolute dates compare by their ISO label ("2023-05-07" == "May 7th, 2023"); relative ones by what
    they mean when written at the same moment ("last Friday" == "on Friday", "yesterday" != "today")."""
    refs_a = resolve_temporal_references(text, _ANCHOR_A)
    if not refs_a:
        return {}, []
    labels_b = {(r.start, r.end): r.label for r in resolve_temporal_references(text, _ANCHOR_B)}
    keys: dict[str, str] = {}
    for ref in refs_a:
        if labels_b.get((ref.start, ref.end)) == ref.label:
            keys[f"at {ref.label}"] = ref.label
        else:
            keys[f"{ref.granularity} {ref.label}"] = _date_text(ref)
    return keys, [(r.start, r.end) for r in refs_a]


def _names(text: str) -> frozenset[str]:
    names = set()
    previous_end = 0
    for m in _NAME_TOKEN.finditer(text):
        token = m.group()
        sentence_start = previous_end == 0 or not _SENTENCE_BREAK.isdisjoint(text[previous_end : m.start()])
        previous_end = m.end()
        if sentence_start or not token[0].isupper():
            continue
        bare = re.sub(r"['’]s?$", "", token)
        lowered = bare.lower()
        if lowered in _NOT_NAMES or lowered in _DATE_NAMES or lowered.startswith(("i'", "i’")):
            continue
        if lowered in _OPENERS:
            continue  # "Also, It works": a capital after a comma, not a name
        if len(bare) == 2 and bare.isupper():
            continue  # "OS", "CI", "PR": labels, not names
        names.add(bare)
    return frozenset(names)


def _openers(text: str) -> frozenset[str]:
    """Capitalised sentence openers that are not common words: "Bob is reviewing the doc" -> {"Bob"}."""
    found = set()
    previous_end = 0
    for m in _NAME_TOKEN.finditer(text):
        opens = previous_end == 0 or not _SENTENCE_BREAK.isdisjoint(text[previous_end : m.start()])
        previous_end = m.end()
        bare = re.split(r"['’]", m.group())[0]  # "I'm" -> "I", "Bob's" -> "Bob"
        lowered = bare.lower()
        if not opens or not bare[:1].isupper() or lowered in _OPENERS or lowered in _DATE_NAMES:
            continue
        if not lowered.endswith("ing"):  # "Calling my parents ..." opens with a verb
            found.add(bare)
    return frozenset(found)


def _negations(text: str) -> int:
    return len(_NEGATION.findall(_NOT_NEGATIONS.sub(" ", text)))


def _analyse(text: str) -> tuple[Signature, dict[str, str]]:
    date_keys, spans = _dates(text)
    blanked = text
    for start, end in spans:
        blanked = blanked[:start] + " " * (end - start) + blanked[end:]
    numbers: frozenset[str] = frozenset()
    if _DIGIT.search(blanked) or not _NUMBER_WORDS_ALL.isdisjoint(_WORD.findall(blanked.lower())):
        numbers = frozenset(_normal_number(m) for m in _NUMBER.finditer(blanked))
    negated = _negations(text) > 0
    return Signature(numbers, frozenset(date_keys.values()), _names(text), negated), date_keys


def signature(text: str) -> Signature:
    """Numbers (digits and number words, as digits), dates (normalised lower-case, or ISO when
    absolute), names (capitalised words not starting a sentence) and whether the text negates."""
    return _analyse(text)[0]


def _number_key(value: str) -> tuple[float, str]:
    try:
        return float(value.replace(",", "")), value
    except ValueError:
        return float("inf"), value


def _listing(values: set[str] | frozenset[str], *, numeric: bool = False) -> str:
    if not values:
        return "none"
    ordered = sorted(values, key=_number_key) if numeric else sorted(values, key=str.lower)
    return ", ".join(ordered)


def _display_date(value: str) -> str:
    return " ".join(w.capitalize() if w in WEEKDAYS or w in MONTHS else w for w in value.split())


def _mentions(text: str, word: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text, _FLAGS) is not None


def merge_conflicts(a: str, b: str) -> list[str]:
    """Why two near-identical texts must not be merged automatically; [] means no such reason.

    Numbers differ unless the only difference is a 1 ("a cat" / "one cat"). Names include sentence
    openers that are not common words ("Bob is reviewing" / "Alice is reviewing"); a name counts as
    missing only when the other text does not contain the word at all. Negation compares the number
    of negations, so "I don't like tea and I never drink coffee" does not match "I like tea and coffee".
    """
    if a == b:
        return []
    sig_a, dates_a = _analyse(a)
    sig_b, dates_b = _analyse(b)
    reasons: list[str] = []
    only_a, only_b = sig_a.numbers - sig_b.numbers, sig_b.numbers - sig_a.numbers
    if (only_a | only_b) - {"1"}:
        reasons.append(
            f"numbers differ: {_listing(only_a, numeric=True)} vs {_listing(only_b, numeric=True)}"
        )
    if dates_a.keys() != dates_b.keys():
        left = {_display_date(v) for k, v in dates_a.items() if k not in dates_b}
        right = {_display_date(v) for k, v in dates_b.items() if k not in dates_a}
        reasons.append(f"dates differ: {_listing(left)} vs {_listing(right)}")
    all_a, all_b = sig_a.names | _openers(a), sig_b.names | _openers(b)
    names_a = {n for n in all_a - all_b if not _mentions(b, n)}
    names_b = {n for n in all_b - all_a if not _mentions(a, n)}
    if names_a or names_b:
        reasons.append(f"names differ: {_listing(names_a)} vs {_listing(names_b)}")
    if _negations(a) != _negations(b):
        reasons.append("negation differs")
    return reasons
