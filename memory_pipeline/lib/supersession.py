"""Rule-based supersession (the local engine, seed 003): a newer memory supersedes an older one only
when both state the same subject slot and the value changed or its negation flipped."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from memory_pipeline.lib.textfacts import (
    NUMBER_WORDS_PATTERN,
    OBJECT_STOPS,
    PREFERENCE_STOPS,
    RX_ADVERBS,
    RX_DONT,
    RX_I_AM,
    number_value,
    phrase_after,
    proper_phrase_after,
    strip_determiner,
    usable_value,
)

# A newer statement links to at most this many statements of the value it replaces, so a value
# restated thousands of times cannot make the edge count quadratic.
MAX_LINKS_PER_MEMORY = 64


@dataclass(frozen=True)
class SlotValue:
    """One statement about a subject slot: slot "location", value "Berlin", negated False."""

    slot: str
    value: str
    negated: bool


@dataclass(frozen=True)
class MemoryText:
    id: str
    content: str
    created_at: datetime


@dataclass(frozen=True)
class Supersession:
    """`newer_id` replaces `older_id`. A negated value reads "not X"."""

    newer_id: str
    older_id: str
    slot: str
    old_value: str
    new_value: str
    reason: str
    confidence: float


# -- closed vocabularies ------------------------------------------------------------------------


def _wordset(words: str) -> frozenset[str]:
    return frozenset(words.split())


# alias (lower case) -> canonical spelling
_VOCABULARY: dict[str, dict[str, str]] = {
    "editor": {
        "vim": "vim", "neovim": "neovim", "nvim": "neovim", "emacs": "emacs", "vscode": "VS Code",
        "vs code": "VS Code", "visual studio code": "VS Code", "helix": "helix",
        "sublime text": "Sublime Text",
        "sublime": "Sublime Text", "intellij idea": "IntelliJ IDEA", "intellij": "IntelliJ IDEA",
        "pycharm": "PyCharm", "webstorm": "WebStorm", "zed": "Zed", "kate": "Kate", "nano": "nano",
        "notepad++": "Notepad++", "atom": "Atom",
    },
    "os": {
        "linux": "Linux", "macos": "macOS", "mac os": "macOS", "osx": "macOS", "os x": "macOS",
        "windows": "Windows", "nixos": "NixOS", "ubuntu": "Ubuntu", "fedora": "Fedora",
        "arch linux": "Arch Linux", "arch": "Arch Linux", "debian": "Debian", "pop!_os": "Pop!_OS",
    },
    "language": {
        "python": "Python", "rust": "Rust", "go": "Go", "golang": "Go", "typescript": "TypeScript",
        "javascript": "JavaScript", "kotlin": "Kotlin", "java": "Java", "c#": "C#", "elixir": "Elixir",
        "haskell": "Haskell", "ruby": "Ruby", "scala": "Scala", "swift": "Swift", "clojure": "Clojure",
        "ocaml": "OCaml", "zig": "Zig", "c++": "C++", "php": "PHP", "erlang": "Erlang", "dart": "Dart",
        "julia": "Julia", "lua": "Lua", "perl": "Perl", "f#": "F#",
    },
    "drink": {
        "coffee": "coffee", "tea": "tea", "green tea": "green tea", "black tea": "black tea",
        "herbal tea": "herbal tea", "espresso": "espresso", "matcha": "matcha", "rooibos": "rooibos",
        "yerba mate": "yerba mate", "chai": "chai", "decaf": "decaf", "cold brew": "cold brew",
    },
    "diet": {
        "vegetarian": "vegetarian", "vegan": "vegan", "pescatarian": "pescatarian",
        "flexitarian": "flexitarian", "keto": "keto", "paleo": "paleo",
    },
    "shell": {"bash": "bash", "zsh": "zsh", "fish shell": "fish", "powershell": "PowerShell"},
    "browser": {
        "chrome": "Chrome", "google chrome": "Chrome", "firefox": "Firefox", "safari": "Safari",
        "microsoft edge": "Edge", "vivaldi": "Vivaldi",
    },
}  # fmt: skip
# Aliases that are also ordinary words or names count only when capitalised ("Go", not "go").
_CAPITALISED_ONLY = frozenset(
    {"go", "swift", "ruby", "java", "windows", "arch", "zed", "kate", "atom", "dart", "julia", "opera"}
)
_ALIASES: dict[str, tuple[str, str]] = {
    alias: (category, canonical)
    for category, table in _VOCABULARY.items()
    for alias, canonical in table.items()
}
_VOCAB_RE = re.compile(
    r"(?<![\w+#.@-])(?:"
    + "|".join(re.escape(a).replace(r"\ ", r"\s+") for a in sorted(_ALIASES, key=len, reverse=True))
    + r")(?![\w+#@-]|\.\w)",
    re.IGNORECASE,
)
# Languages and drinks are also mentioned in passing ("I met Alice for coffee"); they count only in a
# sentence that states a preference or a change.
_NEEDS_CUE = {
    "language": re.compile(
        r"\b(?:favou?rite|prefer\w*|love|enjoy\w*|choice|choose|reach\s+for|pick|beats|swear\s+by|best"
        r"|go-to|main\s+language|switched|instead|over|fallen\s+out|used\s+to|changed)\b",
        re.IGNORECASE,
    ),
    "drink": re.compile(
        r"\b(?:favou?rite|prefer\w*|choice|drink|person|usual|order|pick|always|all\s+i\s+need|without"
        r"|put\s+me\s+down|switched|gave\s+up|no\s+more|off|onto|cup\s+of|instead|over|love|enjoy"
        r"|addicted)\b",
        re.IGNORECASE,
    ),
}
# Drinks and diets used as adjectives ("the vegan deli", "a coffee shop") are not statements.
_ADJECTIVE_USE_OK = _wordset(
    "and or for now over instead every each in at with is are was to on these all but so then too always "
    "anymore again person diet lover drinker since first please when than no not most daily myself from "
    "any it though user fan"
)
_NEGATIVE_CUE = re.compile(
    r"\b(?:from|off|over|than|instead\s+of|rather\s+than|no\s+more|not(?:\s+going\s+back\s+to)?|no\s+longer"
    r"|never|gave\s+up(?:\s+on)?|giving\s+up(?:\s+on)?|goodbye(?:\s+to)?|bye|wiped|dropped|ditched|quit"
    r"|replaced|uninstalled|abandoned|away\s+from|ripped\s+out|left|f[ae]ll(?:en)?\s+out\s+of\s+love\s+with"
    r"|used\s+to\s+(?:be|use|swear\s+by|love|like|prefer|drink|run)|stopped|don['’]?t|doesn['’]?t"
    r"|didn['’]?t|isn['’]?t|am\s+not|['’]m\s+not)"
    r"(?:\s+(?:a|an|the|my|using|uses|being|use|drink|drinking|eat|eating|like|with|on|to|running))*\s*$",
    re.IGNORECASE,
)
_FIRST_PERSON = re.compile(r"\b(?:i|i['’](?:m|ve|d|ll)|me|my|mine|myself)\b", re.IGNORECASE)
_FIRST_PERSON_PLURAL = re.compile(
    r"\b(?:i|i['’](?:m|ve|d|ll)|me|my|mine|myself|we|us|our|ours)\b", re.IGNORECASE
)
# A period inside a word ("Fly.io", "Node.js") does not end a sentence.
_SENTENCE = re.compile(r"(?:[^.!?\n]|[.!?]+(?=[^\s.!?]))+[.!?]*")
_NEXT_WORD = re.compile(r"\s+([\w'’-]+)")


def _with_polarity(body: str, values: list[tuple[int, str, str]]) -> Iterator[tuple[int, str, str, bool]]:
    """Each (position, category, value) with whether a negative cue stands right before it. "from X"
    negates only when another value of the category follows ("from vim to helix"): in "gets its queue
    from Kafka", Kafka is the source, not the old choice."""
    for pos, category, value in values:
        cue = _NEGATIVE_CUE.search(body, 0, pos)
        negated = cue is not None
        if negated and cue.group().split()[0].lower() == "from":
            negated = any(p > pos and c == category and v != value for p, c, v in values)
        yield pos, category, value, negated


def _vocabulary_slots(text: str) -> Iterator[tuple[int, SlotValue]]:
    for sentence in _SENTENCE.finditer(text):
        body = sentence.group()
        if not _FIRST_PERSON.search(body):
            continue
        values: list[tuple[int, str, str]] = []
        for m in _VOCAB_RE.finditer(body):
            token = m.group()
            alias = " ".join(token.lower().split())
            category, canonical = _ALIASES[alias]
            if alias in _CAPITALISED_ONLY and not token[0].isupper():
                continue
            after = _NEXT_WORD.match(body, m.end())
            following = after.group(1) if after else ""
            if following[:1].isupper() and following.lower() not in _ALIASES:
                continue  # part of a longer name: "Helix Payments", "Java Island"
            if category in ("drink", "diet") and following and following.lower() not in _ADJECTIVE_USE_OK:
                continue
            cue = _NEEDS_CUE.get(category)
            if cue is not None and not cue.search(body):
                continue
            values.append((m.start(), category, canonical))
        for pos, category, value, negated in _with_polarity(body, values):
            yield sentence.start() + pos, SlotValue(category, value, negated)


# -- phrase rules -------------------------------------------------------------------------------

_JOB_NOUNS = frozenset(
    {"engineer", "developer", "programmer", "designer", "manager", "teacher", "doctor", "nurse", "scientist",
     "analyst", "consultant", "student", "lawyer", "attorney", "architect", "writer", "author", "researcher",
     "professor", "lecturer", "accountant", "intern", "founder", "cofounder", "co-founder", "ceo", "cto",
     "cfo", "coo", "vp", "director", "lead", "freelancer", "contractor", "administrator", "sysadmin",
     "journalist", "artist", "musician", "chef", "pilot", "pharmacist", "dentist", "therapist",
     "psychologist", "photographer", "translator", "librarian", "mechanic", "electrician", "plumber",
     "carpenter", "firefighter", "officer", "recruiter", "marketer", "entrepreneur", "postdoc", "tutor",
     "coach", "physician", "surgeon", "veterinarian", "paramedic", "technician", "specialist", "advocate",
     "executive", "assistant", "secretary", "clerk", "cashier", "waiter", "waitress", "barista",
     "bartender", "driver", "farmer", "retiree", "editor", "economist", "statistician", "mathematician",
     "physicist", "chemist", "biologist", "strategist", "copywriter", "sre", "tester", "owner"}
)  # fmt: skip
# Possessions whose number is a lasting fact; "I have 3 meetings" is not one.
_COUNT_NOUNS = frozenset(
    {"cats", "dogs", "pets", "kids", "children", "sons", "daughters", "brothers", "sisters", "siblings",
     "cars", "bikes", "bicycles", "houses", "apartments", "computers", "laptops", "monitors", "fish",
     "birds", "horses", "rabbits", "hamsters", "grandchildren", "grandkids", "roommates", "chickens",
     "parrots", "turtles", "guitars", "tattoos", "plants", "goldfish", "guinea pigs"}
)  # fmt: skip
_IRREGULAR_PLURALS = {
    "child": "children",
    "grandchild": "grandchildren",
    "fish": "fish",
    "goldfish": "goldfish",
}
_PETS = {"puppy": "dog", "kitten": "cat", "bunny": "rabbit"}
_PARTNERS = r"wife|husband|partner|girlfriend|boyfriend|fianc[eé]e?|spouse"
_PET_WORDS = r"dog|cat|puppy|kitten|parrot|rabbit|bunny|hamster|horse|bird|fish|turtle|snake|guinea\s+pig"
# Favourites covered by a vocabulary slot would only duplicate it.
_FAVORITE_COVERED = frozenset(
    {"language", "programming language", "editor", "drink", "os", "operating system", "code editor"}
)
_NOT_A_PERSON = _wordset(
    "i he she it they we you everyone everybody someone somebody nobody who this that the there here "
    "my our your their his her its a an and but or so then also just"
)
# Words in the newer memory that announce a change and raise confidence.
_CHANGE_CUE = re.compile(
    r"\b(?:now|moved|move|relocated|switched|migrated|changed|joined|left|quit|started|new|no\s+longer"
    r"|anymore|any\s+more|stopped|became|promoted|instead|these\s+days|nowadays|update|no\s+more|off)\b",
    re.IGNORECASE,
)
_TIME_ZONE = re.compile(r"\btime\s*zone\b|\bofficially\b", re.IGNORECASE)
_EMPLOYER_CONTEXT = re.compile(
    r"\b(?:job|jobs|work-wise|employer|company|staff|workplace|years\s+at|left|notice|offer)\b", re.IGNORECASE
)
_LOCATION_FOLLOWS = re.compile(
    r"\s+and\s+(?:now\s+|have\s+|then\s+)?(?:live|moved|relocated|am\s+living|settled)\s+(?:in|to)\s+",
    re.IGNORECASE,
)
_JOIN_FOLLOWS = re.compile(
    r"\s+(?:to|and)\s+(?:join(?:ed)?|start(?:ed)?\s+(?:at|with)|work(?:ed)?\s+(?:at|for))\s+", re.IGNORECASE
)
_CONTRAST = re.compile(
    r",?\s+(?:not|instead\s+of|rather\s+than|no\s+longer)\s+(?:in\s+|at\s+)?", re.IGNORECASE
)
_TO = re.compile(r"\s+(?:to|for)\s+", re.IGNORECASE)
_FROM = re.compile(r"\s+from\s+", re.IGNORECASE)
_AT_ORG = re.compile(r"\s+(?:at|for|with)\s+", re.IGNORECASE)

_TOOL_STOPS = OBJECT_STOPS - {"and", "or"} | {"instead", "but", "not"}
_PLACE_STOPS = OBJECT_STOPS | {"where", "with", "near", "so", "remember"}
_ROLE_STOPS = OBJECT_STOPS - {"all", "full", "part"} | {"who", "that", "and", "the", "since"}


def vocabulary_category(value: str) -> str | None:
    """The slot a known name belongs to ("helix" -> "editor", "vegan" -> "diet"), else None."""
    found = _ALIASES.get(normal_value(value))
    return found[0] if found else None


def normal_value(value: str) -> str:
    """The comparison form of a slot value: lower case, no article, single spaces."""
    return " ".join(strip_determiner(value.strip(" .,;:!?\"'")).lower().split())


def _plural(noun: str) -> str:
    n = noun.lower()
    if n in _IRREGULAR_PLURALS or n in _COUNT_NOUNS:
        return _IRREGULAR_PLURALS.get(n, n)
    if n.endswith(("s", "x", "ch", "sh")):
        return n + "es"
    if n.endswith("y") and n[-2:-1] not in ("a", "e", "i", "o", "u"):
        return n[:-1] + "ies"
    return n + "s"


def _capitalised(value: str) -> bool:
    return value[:1].isupper()


def _tool_slot(value: str, negated: bool) -> SlotValue | None:
    key = normal_value(value)
    if not key or not usable_value(key):
        return None
    if key in _ALIASES:
        category, canonical = _ALIASES[key]
        return SlotValue(category, canonical, negated)
    return SlotValue(f"uses:{key}", value.strip(), negated)


def _tool_list(text: str, pos: int) -> tuple[list[str], int]:
    value, end = phrase_after(text, pos, 8, _TOOL_STOPS, listing=True)
    parts = re.split(r"\s*(?:,|&|/|\band\b|\bor\b|\bplus\b)\s*", value, flags=re.IGNORECASE)
    return [p for p in (strip_determiner(p) for p in parts) if usable_value(p) and len(p.split()) <= 3], end


def _sentence_around(text: str, pos: int) -> str:
    start = max(text.rfind(c, 0, pos) for c in ".!?\n") + 1
    ends = [i for i in (text.find(c, pos) for c in ".!?\n") if i >= 0]
    return text[start : min(ends) if ends else len(text)]


_Found = Iterator[tuple[int, SlotValue]]
_Handler = Callable[[str, re.Match[str]], _Found]


def _place_value(text: str, pos: int, *, capital: bool) -> tuple[str, int]:
    place, end = proper_phrase_after(text, pos, 4, _PLACE_STOPS)
    if not usable_value(place) or (capital and not _capitalised(place)):
        return "", end
    return place, end


def _place(negated: bool = False, *, capital: bool = False, cue: bool = False) -> _Handler:
    def handle(text: str, m: re.Match[str]) -> _Found:
        if cue and not _TIME_ZONE.search(_sentence_around(text, m.start())):
            return  # "I'm in London" alone may be a trip
        place, end = _place_value(text, m.end(), capital=capital)
        if not place:
            return
        slot = _subject_slot("location", m)
        yield m.start(), SlotValue(slot, place, negated)
        if negated:
            return
        for follow in (_FROM, _CONTRAST):
            if after := follow.match(text, end):
                old, _ = _place_value(text, after.end(), capital=True)
                if old:
                    yield m.start(), SlotValue(slot, old, True)
                break

    return handle


def _subject_slot(slot: str, m: re.Match[str]) -> str:
    who = m.groupdict().get("who")
    return f"{slot}@{who.lower()}" if who else slot


def _value_before(slot: str) -> _Handler:
    """For "Berlin is where I live": the value is the capitalised run before the verb."""

    def handle(text: str, m: re.Match[str]) -> _Found:
        value = m["val"]
        if usable_value(value) and value.lower() not in _NOT_A_PERSON:
            yield m.start("val"), SlotValue(slot, value, False)

    return handle


def _switch(text: str, m: re.Match[str]) -> _Found:
    """For "switched/moved from X to Y": X no longer holds, Y does; places, titles or tools by the values."""
    old, end = phrase_after(text, m.end(), 4, _TOOL_STOPS | {"to", "for"})
    arrow = _TO.match(text, end)
    new = phrase_after(text, arrow.end(), 4, _TOOL_STOPS)[0] if arrow else ""
    # "from being vegetarian to vegan" compares the diets
    old, new = (v[6:] if v.lower().startswith("being ") else v for v in (old, new))
    pairs = [(v, negated) for v, negated in ((old, True), (new, False)) if usable_value(v)]
    verb = (m["verb"] or "move").lower()  # "made the move from" has no verb group
    if any(normal_value(v) in _ALIASES for v, _ in pairs):
        slot = None
    elif all(v.split()[-1].lower() in _JOB_NOUNS for v, _ in pairs):
        slot = "role"
    elif verb in ("moved", "relocated", "move") and all(_capitalised(v) for v, _ in pairs):
        slot = "location"
    elif verb in ("moved", "relocated", "move"):
        return
    else:
        slot = None
    for value, negated in pairs:
        if slot == "role":
            yield m.start(), SlotValue("role", value.lower(), negated)
        elif slot:
            yield m.start(), SlotValue(slot, value, negated)
        elif found := _tool_slot(value, negated):
            yield m.start(), found


def _uses(negated: bool) -> _Handler:
    def handle(text: str, m: re.Match[str]) -> _Found:
        values, end = _tool_list(text, m.end())
        for value in values:
            if found := _tool_slot(value, negated):
                yield m.start(), found
        if not negated and (contrast := _CONTRAST.match(text, end)):
            for value in _tool_list(text, contrast.end())[0]:
                if found := _tool_slot(value, True):
                    yield m.start(), found

    return handle


def _employer(negated: bool, *, capital: bool = False, context: bool = False) -> _Handler:
    def handle(text: str, m: re.Match[str]) -> _Found:
        if context and not _EMPLOYER_CONTEXT.search(_sentence_around(text, m.start())):
            return
        org, end = proper_phrase_after(text, m.end(), 4, OBJECT_STOPS)
        if not usable_value(org) or ((capital or context) and not _capitalised(org)):
            return
        if negated and (moved := _LOCATION_FOLLOWS.match(text, end)):
            yield m.start(), SlotValue("location", org, True)  # "I left Paris and now live in Rome"
            place, _ = _place_value(text, moved.end(), capital=True)
            if place:
                yield m.start(), SlotValue("location", place, False)
            return
        yield m.start(), SlotValue("employer", org, negated)
        follow = _JOIN_FOLLOWS.match(text, end) if negated else _CONTRAST.match(text, end)
        if follow:
            other, _ = proper_phrase_after(text, follow.end(), 4, OBJECT_STOPS)
            if usable_value(other) and _capitalised(other):
                yield m.start(), SlotValue("employer", other, not negated)

    return handle


def _role(*, job_noun: bool, negated: bool = False) -> _Handler:
    def handle(text: str, m: re.Match[str]) -> _Found:
        role, end = phrase_after(text, m.end(), 5, _ROLE_STOPS)
        if not usable_value(role):
            return
        if job_noun and role.split()[-1].lower() not in _JOB_NOUNS:
            return  # "I'm a morning person" is not a job
        yield m.start(), SlotValue("role", role.lower(), negated)
        if not negated and (at := _AT_ORG.match(text, end)):
            org, _ = proper_phrase_after(text, at.end(), 4, OBJECT_STOPS)
            if usable_value(org) and _capitalised(org):
                yield m.start(), SlotValue("employer", org, False)

    return handle


def _person(slot: str, negated: bool = False) -> _Handler:
    def handle(text: str, m: re.Match[str]) -> _Found:
        name, _ = proper_phrase_after(text, m.end(), 2, OBJECT_STOPS)
        if usable_value(name) and _capitalised(name) and name.split()[0].lower() not in _NOT_A_PERSON:
            yield m.start(), SlotValue(slot, name, negated)

    return handle


def _pet(text: str, m: re.Match[str]) -> _Found:
    name, _ = proper_phrase_after(text, m.end(), 2, OBJECT_STOPS)
    if usable_value(name) and _capitalised(name):
        kind = " ".join(m["pet"].lower().split())
        yield m.start(), SlotValue(f"pet:{_PETS.get(kind, kind)}", name, False)


def _category(raw: str) -> str:
    return " ".join(raw.lower().split()).replace("colour", "color")


def _favorite(text: str, m: re.Match[str]) -> _Found:
    category = _category(m["cat"])
    if category in _FAVORITE_COVERED:
        return
    value, _ = phrase_after(text, m.end(), 6, PREFERENCE_STOPS)
    if usable_value(value):
        yield m.start(), SlotValue(f"favorite:{category}", value, False)


def _count(text: str, m: re.Match[str]) -> _Found:
    if not _FIRST_PERSON_PLURAL.search(_sentence_around(text, m.start())):
        return
    raw = " ".join(m["n"].lower().split())
    n = 0 if raw in ("no", "any") else 1 if raw in ("a", "an") else number_value(raw)
    if n is None:
        return
    words = [w.lower() for w in m["noun"].split()]
    for i, word in enumerate(words):
        noun = _plural(word)
        if noun in _COUNT_NOUNS:
            yield m.start("n"), SlotValue("count:" + " ".join([*words[:i], noun]), str(n), False)
            return


def _named_move(text: str, m: re.Match[str]) -> _Found:
    if m["who"].lower() in _NOT_A_PERSON:
        return
    slot = f"location@{m['who'].lower()}"
    old, end = _place_value(text, m.end(), capital=True)
    arrow = _TO.match(text, end)
    new = _place_value(text, arrow.end(), capital=True)[0] if arrow else ""
    if old:
        yield m.start(), SlotValue(slot, old, True)
    if new:
        yield m.start(), SlotValue(slot, new, False)


def _team(text: str, m: re.Match[str]) -> _Found:
    if m["who"].lower() in _NOT_A_PERSON:
        return
    slot = f"team@{m['who'].lower()}"
    yield m.start(), SlotValue(slot, m["team"], False)
    if m.groupdict().get("old"):
        yield m.start(), SlotValue(slot, m["old"], True)


def _rule(
    triggers: str, pattern: str, handler: _Handler, *, case: bool = False
) -> tuple[frozenset[str], re.Pattern[str], _Handler]:
    flags = 0 if case else re.IGNORECASE
    return frozenset(triggers.split()), re.compile(pattern, flags), handler


_A = RX_ADVERBS
# "I moved", "I have moved", "I've moved"
_I_HAVE = r"\bi(?:\s+have\s+|['’]ve\s+|\s+)"
_WE_HAVE = r"\b(?:i|we)(?:\s+have\s+|['’]ve\s+|\s+)"
_CAPS = r"(?P<val>(?:[A-Z][\w'’.-]*\s+(?:(?:de|da|del|do|of|la|le|am|upon)\s+)?){0,3}[A-Z][\w'’.-]*)"
_WHO = r"(?P<who>[A-Z][a-z]+)"
_TEAM = r"(?P<team>[a-z][a-z ]*?)"
_NUMBER = rf"\d+|{NUMBER_WORDS_PATTERN}|an?|no"
_DIET_TRIGGERS = "vegetarian vegan pescatarian keto paleo flexitarian"
_RULES = (
    # -- location
    _rule(
        "live living reside residing based located settled",
        rf"{_WE_HAVE}(?:been\s+)?{_A}(?:live|living|reside|residing)\s+in\s+"
        rf"|{RX_I_AM}\s+{_A}(?:living|based|located|settled|residing)\s+in\s+",
        _place(),
    ),
    _rule("living", r"(?:^|[.!?:;,]\s*)(?:and\s+)?living\s+in\s+", _place(capital=True)),
    _rule(
        "moved relocated move",
        rf"{_WE_HAVE}{_A}(?:moved|relocated)\s+(?:back\s+)?to\s+|\bmade\s+the\s+move\s+to\s+",
        _place(),
    ),
    _rule(
        "apartment flat house home place base",
        r"\b(?:my|our)\s+(?:new\s+|current\s+)?(?:apartment|flat|house|home|place"
        r"|home\s+base)\s+is\s+(?:now\s+)?"
        r"(?:in\s+)?|\bhome\s+for\s+me\s+is\s+(?:now\s+)?",
        _place(capital=True),
    ),
    _rule(
        "live where",
        rf"\b{_CAPS}\s+is\s+(?:now\s+)?where\s+(?:I|we)\s+live\b",
        _value_before("location"),
        case=True,
    ),
    _rule("call home", rf"\b[Ii]\s+(?:now\s+)?call\s+{_CAPS}\s+home\b", _value_before("location"), case=True),
    _rule(
        "resident",
        rf"\bI(?:['’]m|\s+am)\s+(?:now\s+)?an?\s+{_CAPS}\s+resident\b",
        _value_before("location"),
        case=True,
    ),
    _rule(
        "m am",
        rf"{RX_I_AM}\s+(?:now\s+|officially\s+|currently\s+){{0,2}}in\s+",
        _place(capital=True, cue=True),
    ),
    _rule(
        "live living based",
        rf"\b(?:i|we)\s+(?:no\s+longer|{RX_DONT})\s+{_A}live\s+in\s+|{RX_I_AM}\s+no\s+longer\s+(?:living"
        rf"|based)\s+in\s+",
        _place(True),
    ),
    _rule("move", r"\bthe\s+move\s+from\s+", _place(True, capital=True)),
    # -- named people: "Alice lives in Berlin", "Alice moved to Berlin"
    _rule(
        "lives living based resides works moved relocated",
        rf"\b{_WHO}\s+(?:(?:lives|is\s+living|is\s+based|resides)\s+in|works\s+out\s+of"
        r"|(?:has\s+)?(?:moved|relocated)\s+to)\s+",
        _place(capital=True),
        case=True,
    ),
    _rule("is", rf"\b{_WHO}\s+is\s+in\s+", _place(capital=True, cue=True), case=True),
    _rule(
        "moved relocated",
        rf"\b{_WHO}\s+(?:has\s+)?(?P<verb>moved|relocated)\s+from\s+",
        _named_move,
        case=True,
    ),
    _rule(
        "team",
        rf"\b{_WHO}\s+(?:is\s+on|works\s+on|works\s+in|joined|is\s+part\s+of|moved\s+to"
        rf"|switched\s+to)\s+the\s+"
        rf"{_TEAM}\s+team\b",
        _team,
        case=True,
    ),
    _rule("team", rf"\b[Tt]he\s+{_TEAM}\s+team\s+is\s+where\s+{_WHO}\s+sits\b", _team, case=True),
    _rule(
        "belongs",
        rf"\b{_WHO}\s+belongs\s+to\s+(?:the\s+)?{_TEAM}(?:\s+team)?(?=[.!,;]|\s*$)",
        _team,
        case=True,
    ),
    _rule(
        "moved team",
        rf"\b{_WHO}\s+moved\s+from\s+the\s+(?P<old>[a-z][a-z ]*?)\s+team\s+to\s+(?:the\s+)?{_TEAM}"
        r"(?:\s+team)?(?=[.!,;]|\s*$)",
        _team,
        case=True,
    ),
    _rule(
        "switched teams",
        rf"\b{_WHO}\s+switched\s+teams\s*:\s*(?:the\s+)?{_TEAM}\s+now,\s+not\s+(?:the\s+)?(?P<old>[a-z][a-z "
        rf"]*?)"
        r"(?=[.!,;]|\s*$)",
        _team,
        case=True,
    ),
    # -- switches between two values
    _rule(
        "switched migrated moved changed went transitioned relocated move",
        rf"{_WE_HAVE}{_A}(?:finally\s+)?(?P<verb>switched|migrated|moved|changed|went|transitioned|relocated)"
        r"\s+(?:my\s+\w+\s+|over\s+|away\s+)?(?:from|out\s+of)\s+"
        r"|\bmade\s+the\s+move\s+from\s+",
        _switch,
    ),
    # -- tools
    _rule(
        "use work code program develop write rely",
        rf"\bi\s+{_A}(?:use|work\s+with|code\s+in|program\s+in|develop\s+in|write\s+code\s+in|rely\s+on)\s+",
        _uses(False),
    ),
    _rule(
        "using coding working programming",
        rf"{RX_I_AM}\s+{_A}(?:using|coding\s+in|working\s+with|programming\s+in)\s+",
        _uses(False),
    ),
    _rule(
        "switched migrated moved changed",
        rf"{_WE_HAVE}{_A}(?:switched|migrated|moved\s+over|changed)\s+to\s+",
        _uses(False),
    ),
    _rule(
        "don do longer never",
        rf"\bi\s+(?:{RX_DONT}|no\s+longer|never)\s+{_A}(?:use|work\s+with|code\s+in|program\s+in)\s+",
        _uses(True),
    ),
    _rule(
        "stopped quit using gave ditched dropped abandoned uninstalled",
        rf"{_I_HAVE}{_A}(?:(?:stopped|quit)\s+using|gave\s+up(?:\s+on)?|ditched|dropped|abandoned"
        rf"|uninstalled)\s+"
        rf"|{RX_I_AM}\s+(?:no\s+longer|not)\s+using\s+",
        _uses(True),
    ),
    # -- employer
    _rule(
        "work working employed staff team accepted offer got took landed hired started job position role",
        rf"{_I_HAVE}(?:been\s+)?{_A}(?:work|working)\s+(?:at|for)\s+"
        rf"|{RX_I_AM}\s+{_A}(?:working|employed)\s+(?:at|for|by)\s+"
        rf"|{RX_I_AM}\s+{_A}(?:on\s+staff|part\s+of\s+the\s+team|on\s+the\s+team)\s+at\s+"
        r"|\bi\s+(?:got|accepted|took|landed)\s+(?:a\s+|an\s+|the\s+)?(?:new\s+)?(?:job|offer|position|role)"
        r"\s+(?:at|with|from)\s+|\bi\s+was\s+hired\s+by\s+"
        rf"|{_I_HAVE}{_A}started\s+(?:a\s+new\s+job|a\s+job|working|a\s+new\s+role"
        rf"|a\s+new\s+position)\s+(?:at|for|with)\s+",
        _employer(False),
    ),
    _rule(
        "employer company day living job",
        r"\bmy\s+(?:new\s+|current\s+)?(?:employer|company)\s+is\s+(?:now\s+)?|\bmy\s+day\s+job\s+is\s+(?:at"
        r"|with)\s+"
        r"|\bi\s+earn\s+my\s+living\s+at\s+|\bnew\s+job\s*:\s*",
        _employer(False, capital=True),
    ),
    _rule(
        "company work",
        rf"\b{_CAPS}\s+is\s+(?:now\s+)?the\s+company\s+I\s+work\s+(?:for|at)\b",
        _value_before("employer"),
        case=True,
    ),
    _rule("joined", rf"{_I_HAVE}{_A}joined\s+", _employer(False, capital=True)),
    _rule("moved", r"\bmoved\s+on\s+to\s+", _employer(False, context=True)),
    _rule("m am", rf"{RX_I_AM}\s+(?:now\s+)?at\s+", _employer(False, context=True)),
    _rule(
        "work working employed laid fired let",
        rf"\bi\s+(?:no\s+longer|{RX_DONT})\s+work\s+(?:at|for)\s+|{RX_I_AM}\s+no\s+longer\s+(?:working"
        rf"|employed)\s+(?:at|for|by)\s+"
        r"|\bi\s+(?:was|got|have\s+been|['’]ve\s+been)\s+(?:laid\s+off|fired|let\s+go)\s+(?:from|by)\s+",
        _employer(True),
    ),
    _rule("left quit", rf"{_I_HAVE}{_A}(?:left|quit)\s+(?:my\s+job\s+at\s+)?", _employer(True, capital=True)),
    _rule(
        "notice years",
        r"\bhanded\s+in\s+(?:my\s+)?notice\s+at\s+|\bafter\s+(?:\w+\s+)?years\s+at\s+",
        _employer(True, capital=True),
    ),
    # -- role
    _rule(
        "work working job role title position promoted made",
        rf"\bi\s+{_A}work\s+as\s+(?:an?\s+)?|{RX_I_AM}\s+{_A}working\s+as\s+(?:an?\s+)?"
        r"|\bmy\s+(?:new\s+|current\s+|official\s+)?(?:job\s+title|job|role|title"
        r"|position)\s+is\s+(?:now\s+)?(?:an?\s+)?"
        r"|\bi\s+have\s+the\s+title\s+|\bthey\s+made\s+me\s+(?:an?\s+)?"
        r"|\bi\s+(?:got|was|have\s+been|['’]ve\s+been|just\s+got)\s+promoted\s+to\s+(?:an?\s+)?",
        _role(job_noun=False),
    ),
    _rule("m am", rf"{RX_I_AM}\s+{_A}(?:now\s+)?an?\s+", _role(job_noun=True)),
    _rule("longer", rf"{RX_I_AM}\s+no\s+longer\s+(?:an?\s+)?", _role(job_noun=True, negated=True)),
    # -- people and pets
    _rule("name called", rf"\bmy\s+name\s+is\s+|{RX_I_AM}\s+called\s+", _person("name")),
    _rule(
        "wife husband partner girlfriend boyfriend fiance fiancee fiancé fiancée spouse",
        rf"\bmy\s+(?:{_PARTNERS})(?:['’]s\s+name)?,?\s+(?:is\s+)?(?:called\s+|named\s+)?",
        _person("partner"),
    ),
    _rule(
        "partner wife husband",
        rf"\b{_CAPS}\s+is\s+my\s+(?:{_PARTNERS})\b",
        _value_before("partner"),
        case=True,
    ),
    _rule(
        "mention partner wife husband",
        rf"\bmention\s+{_CAPS};?,?\s+that['’]s\s+my\s+(?:{_PARTNERS})\b",
        _value_before("partner"),
        case=True,
    ),
    _rule(
        "married dating engaged",
        rf"{RX_I_AM}\s+{_A}(?:married\s+to|dating|engaged\s+to)\s+",
        _person("partner"),
    ),
    _rule(
        "broke broken split divorced separated",
        rf"{_I_HAVE}(?:broken?\s+up\s+with|split\s+up\s+with|divorced|separated\s+from)\s+",
        _person("partner", negated=True),
    ),
    _rule(
        "dog cat puppy kitten parrot rabbit bunny hamster horse bird fish turtle snake pig",
        rf"\bmy\s+(?P<pet>{_PET_WORDS})(?:['’]s\s+name\s+is|\s+is\s+(?:called|named))\s+",
        _pet,
    ),
    _rule(
        "dog cat puppy kitten parrot rabbit bunny hamster horse bird fish turtle snake pig",
        rf"\b(?:i|we)\s+(?:have|got|adopted)\s+a\s+(?:new\s+)?(?P<pet>{_PET_WORDS})\s+(?:called|named)\s+",
        _pet,
    ),
    # -- favourites, diets, counts
    _rule(
        "favorite favourite",
        r"\bmy\s+(?:new\s+|current\s+|all[-\s]time\s+)?favou?rite\s+(?P<cat>[a-z]+(?:\s+[a-z]+){0,2}?)"
        r"\s+(?:is|are)\s+(?:now\s+)?",
        _favorite,
    ),
    _rule(
        "have got own with includes owner after home makes grew adopted",
        rf"\b(?:have|got|own|with|includes?|owner\s+of|after|home\s+to|makes|grew\s*:|now)\s+(?:now\s+)?"
        rf"(?P<n>{_NUMBER})\s+(?P<noun>[a-z]+(?:\s+[a-z]+)?)\b",
        _count,
    ),
    _rule(
        "don do have",
        rf"\b(?:i|we)\s+{RX_DONT}\s+(?:have|own)\s+(?P<n>any)\s+(?P<noun>[a-z]+(?:\s+[a-z]+)?)\b",
        _count,
    ),
)
_RULE_WORDS = frozenset().union(*(triggers for triggers, _, _ in _RULES))
_VOCABULARY_WORDS = frozenset(w for alias in _ALIASES for w in re.findall(r"[a-z]+", alias))
_WORD = re.compile(r"[a-zéè]+")


# -- project decisions: "We picked Postgres for the Atlas billing database" ----------------------

_PROJECT_VOCABULARY: dict[str, dict[str, str]] = {
    "database": {
        "postgres": "Postgres", "postgresql": "Postgres", "mysql": "MySQL", "mariadb": "MariaDB",
        "dynamodb": "DynamoDB", "mongodb": "MongoDB", "sqlite": "SQLite", "cockroachdb": "CockroachDB",
        "cassandra": "Cassandra", "clickhouse": "ClickHouse", "redis": "Redis",
        "elasticsearch": "Elasticsearch",
    },
    "queue": {
        "rabbitmq": "RabbitMQ", "kafka": "Kafka", "sqs": "SQS", "postgres": "Postgres", "redis": "Redis",
        "redis streams": "Redis Streams", "nats": "NATS", "pulsar": "Pulsar", "celery": "Celery",
    },
    "cloud": {
        "aws": "AWS", "gcp": "GCP", "google cloud": "GCP", "azure": "Azure", "hetzner": "Hetzner",
        "fly.io": "Fly.io", "our own racks": "our own racks", "digitalocean": "DigitalOcean", "ovh": "OVH",
        "heroku": "Heroku", "vercel": "Vercel",
    },
    "ci": {
        "github actions": "GitHub Actions", "gitlab ci": "GitLab CI", "jenkins": "Jenkins",
        "buildkite": "Buildkite", "circleci": "CircleCI", "drone": "Drone", "teamcity": "TeamCity",
        "travis ci": "Travis CI",
    },
    "language": _VOCABULARY["language"],
}  # fmt: skip
_PROJECT_CUES = {
    "database": re.compile(
        r"\b(?:database|datastore|data\s+lives|storage|store|db|keep\s+(?:everything|all|the\s+data)\s+in)\b",
        re.IGNORECASE,
    ),
    "queue": re.compile(r"\b(?:queues?|message|jobs|broker)\b", re.IGNORECASE),
    "cloud": re.compile(
        r"\b(?:host|hosted|hosting|runs\s+on|deployed|lives\s+on|migration\s+to|cloud)\b", re.IGNORECASE
    ),
    "ci": re.compile(r"\b(?:ci|builds|pipeline|tests)\b", re.IGNORECASE),
    "language": re.compile(
        r"\b(?:written|codebase|code|build|rewrit\w*|language|everything\s+in)\b", re.IGNORECASE
    ),
    "deadline": re.compile(
        r"\b(?:launch\w*|release|deadline|ship|goes\s+live|promised|targeting|new\s+date|slipped|pushed"
        r"|is\s+(?:now\s+)?due)\b",
        re.IGNORECASE,
    ),
    "budget": re.compile(r"\b(?:budget|spend|approved|capped|funding)\b", re.IGNORECASE),
}
_SWITCH_CUE = re.compile(
    r"\b(?:moved|moves|switched|migrat\w*|replaced|instead\s+of|rewrit\w*|dropped|ripped\s+out|no\s+longer"
    r"|changed|now\s+has)\b",
    re.IGNORECASE,
)
# A date about a part of the project ("the Atlas status report is due") is not the project's deadline.
_SUB_ITEM = re.compile(
    r"\b(?:report|review|window|meeting|bill|invoice|rent|retro|sync|standup|call|demo|interview)\b",
    re.IGNORECASE,
)
_PROJECT_ALIASES: dict[str, list[tuple[str, str]]] = defaultdict(list)
for _kind, _names in _PROJECT_VOCABULARY.items():
    for _alias, _canonical in _names.items():
        _PROJECT_ALIASES[_alias].append((_kind, _canonical))
_PROJECT_RE = re.compile(
    r"(?<![\w.@-])(?:"
    + "|".join(re.escape(a).replace(r"\ ", r"\s+") for a in sorted(_PROJECT_ALIASES, key=len, reverse=True))
    + r")(?![\w@-]|\.\w)",
    re.IGNORECASE,
)
_PROJECT_CAPITALISED_ONLY = _CAPITALISED_ONLY | {"drone", "pulsar", "celery", "azure"}
_MONTH_DAY = re.compile(
    r"\b(?P<month>January|February|March|April|May|June|July|August|September|October|November|December)"
    r"\s+(?P<day>\d{1,2})(?:st|nd|rd|th)?\b"
)
_MONEY = re.compile(r"\$\s?\d[\d,.]*\s?[kKmM]?\b")
# A project is named by a capitalised codename and usually a component: "Atlas billing", "Ion API gateway".
_ENTITY = re.compile(r"\b([A-Z][a-z]+)\s+([a-z]+|[A-Z]{2,})\b")
_NOT_AN_ENTITY = _wordset(
    "we the for decision change quick by also oh side something in just hosting queue launch everything all "
    "if "
    "questions finance new note put heads reminder don remember action next blocked can todo thought keep "
    "worth "
    "it this that our my update good big plan deadline budget owner date sure here yes no ok okay please let "
    "so and but then now today tomorrow yesterday since after before when once as at on to from with without "
    "per via migration rewrite release status team tests most like my i you they he she there what which who "
    "how why where is are was were will would should could do does did has have had get got go one two three"
)
_VERB_AFTER_NAME = _wordset(
    "is was has will no now owns moves moved runs gets goes builds uses left switched finished and for to in "
    "on "
    "at with from of the a an handed took leads belongs works lives joined relocated"
)
_MONTH_NAMES = _wordset(
    "january february march april may june july august september october november december monday tuesday "
    "wednesday thursday friday saturday sunday"
)


def _entity(sentence: str, spans: list[tuple[int, int]]) -> str | None:
    """The one project a sentence is about, as "codename component" in lower case, else None."""
    keys = set()
    for m in _ENTITY.finditer(sentence):
        name, after = m.group(1), m.group(2)
        lowered = name.lower()
        if lowered in _NOT_AN_ENTITY or lowered in _MONTH_NAMES:
            continue
        if any(start <= m.start() < end or start <= m.start(2) < end for start, end in spans):
            continue  # part of a value: "Redis Streams", "GitHub Actions"
        if lowered in _PROJECT_ALIASES or lowered in _ALIASES:
            continue
        keys.add(lowered if after.lower() in _VERB_AFTER_NAME else f"{lowered} {after.lower()}")
    return keys.pop() if len(keys) == 1 else None


def _project_values(sentence: str) -> tuple[list[tuple[int, str, str]], list[tuple[int, int]]]:
    """(position, category, value) for each technology, date or amount the sentence names, and the
    spans they cover. A name of several categories (Postgres: database or queue) takes the one its
    cue word, or another value in the sentence, points to."""
    switch = _SWITCH_CUE.search(sentence) is not None
    spans: list[tuple[int, int]] = []
    found: list[tuple[int, str, str]] = []
    unsure: list[tuple[int, list[tuple[str, str]]]] = []
    for m in _PROJECT_RE.finditer(sentence):
        alias = " ".join(m.group().lower().split())
        if alias in _PROJECT_CAPITALISED_ONLY and not m.group()[0].isupper():
            continue
        options = _PROJECT_ALIASES[alias]
        cued = [(c, v) for c, v in options if _PROJECT_CUES[c].search(sentence)]
        if len(options) == 1 and (cued or switch):
            # A name in passing ("Alice said the Kafka cluster is flaky") is not a decision.
            found.append((m.start(), *options[0]))
            spans.append((m.start(), m.end()))
        elif len(options) > 1 and cued:
            # "queue" is the more specific word when a sentence also says "database"
            found.append((m.start(), *sorted(cued, key=lambda o: o[0] != "queue")[0]))
            spans.append((m.start(), m.end()))
        elif len(options) > 1:
            unsure.append((m.start(), options))
            spans.append((m.start(), m.end()))
    categories = {c for _, c, _ in found}
    for pos, options in unsure:
        found += [(pos, c, v) for c, v in options if c in categories][:1]
    if _PROJECT_CUES["deadline"].search(sentence) and not _SUB_ITEM.search(sentence):
        for m in _MONTH_DAY.finditer(sentence):
            found.append((m.start(), "deadline", f"{m['month']} {int(m['day'])}"))
            spans.append((m.start(), m.end()))
    if _PROJECT_CUES["budget"].search(sentence) or switch:
        for m in _MONEY.finditer(sentence):
            found.append((m.start(), "budget", re.sub(r"\s+", "", m.group()).lower()))
            spans.append((m.start(), m.end()))
    return sorted(found), spans


def _project_slots(text: str) -> Iterator[tuple[int, SlotValue]]:
    for sentence in _SENTENCE.finditer(text):
        body = sentence.group()
        if _FIRST_PERSON.search(body):
            continue  # "I"-sentences are about the user
        values, spans = _project_values(body)
        if not values:
            continue
        entity = _entity(body, spans)
        if entity is None:
            continue
        for pos, category, value, negated in _with_polarity(body, values):
            yield sentence.start() + pos, SlotValue(f"{category}@{entity}", value, negated)


_PERSON = r"[A-Za-z][a-z]+"
_PROJECT = r"[A-Z][a-z]+\s+(?:[A-Z]{2,}\s+)?[a-z]+(?:\s+[a-z]+)?"


def _owner(text: str, m: re.Match[str]) -> _Found:
    entity_words = m["p"].split()
    if entity_words[0].lower() in _NOT_AN_ENTITY:
        return
    key = " ".join(w.lower() for w in entity_words[:2])
    for group, negated in (("n", False), ("old", True)):
        name = m.groupdict().get(group)
        if name and name.lower() not in _NOT_A_PERSON:
            yield m.start(group), SlotValue(f"owner@{key}", name.capitalize(), negated)


_OWNER_RULES = tuple(
    re.compile(pattern)
    for pattern in (
        rf"\b(?P<n>{_PERSON})\s+owns\s+(?P<p>{_PROJECT})\b",
        rf"\b(?P<p>{_PROJECT})\s+is\s+owned\s+by\s+(?P<n>{_PERSON})\b",
        rf"\b(?P<n>{_PERSON})\s+is\s+the\s+point\s+person\s+for\s+(?P<p>{_PROJECT})\b",
        rf"\b[Qq]uestions\s+about\s+(?P<p>{_PROJECT})\s+go\s+to\s+(?P<n>{_PERSON})\b",
        rf"\b(?P<n>{_PERSON})\s+leads\s+the\s+(?P<p>{_PROJECT})\s+work\b",
        rf"\b[Tt]he\s+owner\s+of\s+(?P<p>{_PROJECT})\s+is\s+(?P<n>{_PERSON})\b",
        rf"\b[Ii]f\s+(?P<p>{_PROJECT})\s+breaks,\s+(?P<n>{_PERSON})\s+is\s+the\s+one\s+to\s+ping\b",
        rf"\b(?P<n>{_PERSON})\s+took\s+over\s+(?P<p>{_PROJECT})\s+from\s+(?P<old>{_PERSON})\b",
        rf"\b(?P<p>{_PROJECT})\s+has\s+a\s+new\s+owner:\s+(?P<n>{_PERSON})\b",
        rf"\b(?P<old>{_PERSON})\s+handed\s+(?P<p>{_PROJECT})\s+over\s+to\s+(?P<n>{_PERSON})\b",
    )
)


_PROJECT_WORDS = (
    frozenset(w for alias in _PROJECT_ALIASES for w in re.findall(r"[a-z]+", alias)) | _MONTH_NAMES
)
_OWNER_WORDS = _wordset("owns owned owner person questions leads breaks took handed")


def _owner_slots(text: str) -> Iterator[tuple[int, SlotValue]]:
    for pattern in _OWNER_RULES:
        for m in pattern.finditer(text):
            yield from _owner(text, m)


_ANY_WORD = _RULE_WORDS | _VOCABULARY_WORDS | _PROJECT_WORDS | _OWNER_WORDS


def extract_slots(text: str) -> list[SlotValue]:
    """The subject slots `text` states, in text order, each (slot, value, negated) once.

    A slot is something a subject has one of at a time: where the user lives, their employer, title,
    editor, OS, favourite language, drink, diet, number of cats, partner; "location@alice" for a named
    person. Tools used side by side get one slot each ("uses:docker"), so only an explicit "I don't use
    Docker anymore" replaces "I use Docker". No recognised slot, no edge: that keeps detection
    conservative.

    Closed vocabularies (editors, operating systems, languages, drinks, diets) are found by name in
    first-person sentences, negated when a cue such as "from", "no more", "gave up on", "instead of"
    or "used to be" stands right before the name. Open values (places, companies, titles, people)
    come from phrase rules ("I live in X", "X is where I live", "I left X and joined Y"). Project
    decisions in sentences without "I" give slots such as "database@atlas billing" (the project's
    codename and first component word): its database, queue, hosting, CI, language, deadline, budget
    and owner.
    """
    words = set(_WORD.findall(text.lower()))
    if _ANY_WORD.isdisjoint(words) and "$" not in text:
        return []  # most memories state no slot at all
    found: list[tuple[int, int, SlotValue]] = []
    # Each pass runs only when a word it needs is present.
    if not _VOCABULARY_WORDS.isdisjoint(words):
        found += [(pos, -1, slot) for pos, slot in _vocabulary_slots(text)]
    if not _PROJECT_WORDS.isdisjoint(words) or "$" in text:
        found += [(pos, -1, slot) for pos, slot in _project_slots(text)]
    if not _OWNER_WORDS.isdisjoint(words):
        found += [(pos, -1, slot) for pos, slot in _owner_slots(text)]
    for order, (triggers, pattern, handler) in enumerate(_RULES):
        if triggers.isdisjoint(words):
            continue
        for m in pattern.finditer(text):
            found.extend((pos, order, slot) for pos, slot in handler(text, m))
    found.sort(key=lambda f: (f[0], f[1]))
    seen: set[tuple[str, str, bool]] = set()
    slots: list[SlotValue] = []
    for _, _, slot in found:
        if "@" in slot.slot and slot.slot.rsplit("@", 1)[-1] in _NOT_A_PERSON:
            continue  # "He moved to Rome": no name to hang it on
        key = (slot.slot, normal_value(slot.value), slot.negated)
        if key not in seen:
            seen.add(key)
            slots.append(slot)
    return slots


def slot_states(text: str) -> dict[str, SlotValue]:
    """Per slot, the one value `text` asserts: its single current value, else its single negated
    one. A text naming two current values for one slot ("I live in Paris and Rome") says nothing
    usable about that slot."""
    positives: dict[str, dict[str, SlotValue]] = defaultdict(dict)
    negatives: dict[str, dict[str, SlotValue]] = defaultdict(dict)
    for sv in extract_slots(text):
        (negatives if sv.negated else positives)[sv.slot].setdefault(normal_value(sv.value), sv)
    states: dict[str, SlotValue] = {}
    for slot in sorted(positives.keys() | negatives.keys()):
        pos, neg = positives.get(slot, {}), negatives.get(slot, {})
        if len(pos) == 1:
            states[slot] = next(iter(pos.values()))
        elif not pos and len(neg) == 1:
            states[slot] = next(iter(neg.values()))
    return states


# -- detection ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Statement:
    at: datetime  # UTC
    memory_id: str
    key: str  # normal_value of the value
    value: str  # as written
    negated: bool


def _utc(moment: datetime) -> datetime:
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def _label(slot: str) -> str:
    if "@" in slot:
        base, who = slot.rsplit("@", 1)
        return f"{who.capitalize()}'s {_label(base)}"
    kind, _, detail = slot.partition(":")
    if kind == "count":
        return f"number of {detail}"
    if kind == "favorite":
        return f"favorite {detail}"
    if kind == "pet":
        return f"{detail}'s name"
    if kind == "uses":
        return "tool"
    return {"os": "operating system", "language": "favorite language"}.get(kind, kind)


def _edge(slot: str, new: _Statement, old: _Statement, new_text: str) -> Supersession:
    when = f"({old.at.date().isoformat()} -> {new.at.date().isoformat()})"
    label = _label(slot)
    if not old.negated and not new.negated:
        reason, confidence = f"{label} changed from '{old.value}' to '{new.value}' {when}", 0.75
    elif new.negated:
        reason, confidence = f"{label} '{old.value}' no longer holds {when}", 0.85
    else:
        reason, confidence = f"{label} '{new.value}' holds again after being negated {when}", 0.85
    if _CHANGE_CUE.search(new_text):
        confidence += 0.1
    return Supersession(
        newer_id=new.memory_id,
        older_id=old.memory_id,
        slot=slot,
        old_value=f"not {old.value}" if old.negated else old.value,
        new_value=f"not {new.value}" if new.negated else new.value,
        reason=reason,
        confidence=round(min(confidence, 0.95), 2),
    )


def _slot_edges(
    slot: str, statements: list[_Statement], texts: dict[str, str]
) -> Iterator[tuple[_Statement, _Statement, Supersession]]:
    """One slot's statements in time order. A version is a run of statements of one value; a
    contradicting statement starts the next version and supersedes every statement of the current
    one, and each later restatement of the new value supersedes them too. Versions further back
    are not linked (A -> B -> C: C supersedes B, not A). Linear in the statements, capped links."""
    current: list[_Statement] = []
    replaced: list[_Statement] = []
    for new in statements:
        head = current[0] if current else None
        if head is not None and (new.key, new.negated) == (head.key, head.negated):
            olds = replaced  # a restatement
            current.append(new)
        elif head is not None and (new.key == head.key or not (new.negated or head.negated)):
            olds = current  # a flip of negation, or another value
            replaced, current = current, [new]
        elif head is not None and new.negated:
            continue  # "not Paris" while "Berlin" holds: agrees, changes nothing
        else:
            olds = []  # the first statement, or a value after a negation of another one
            replaced, current = [], [new]
        for old in olds[-MAX_LINKS_PER_MEMORY:]:
            if old.at < new.at and old.memory_id != new.memory_id:  # equal times cannot order each other
                yield new, old, _edge(slot, new, old, texts[new.memory_id])


def detect_supersessions(memories: Sequence[MemoryText]) -> list[Supersession]:
    """Supersession edges among one user's memories, ordered by the newer then the older memory.

    A pair linked through several slots gets one edge: the alphabetically first slot, all reasons
    joined, the highest confidence. Naive timestamps count as UTC.
    """
    ordered = sorted(memories, key=lambda mem: (_utc(mem.created_at), mem.id))
    texts = {mem.id: mem.content for mem in ordered}
    by_slot: dict[str, list[_Statement]] = defaultdict(list)
    for mem in ordered:
        at = _utc(mem.created_at)
        for slot, sv in slot_states(mem.content).items():
            by_slot[slot].append(_Statement(at, mem.id, normal_value(sv.value), sv.value, sv.negated))
    found = [edge for slot in sorted(by_slot) for edge in _slot_edges(slot, by_slot[slot], texts)]
    found.sort(key=lambda e: (e[0].at, e[0].memory_id, e[1].at, e[1].memory_id, e[2].slot))
    merged: dict[tuple[str, str], Supersession] = {}
    for _, _, edge in found:
        pair = (edge.newer_id, edge.older_id)
        first = merged.get(pair)
        if first is None:
            merged[pair] = edge
        else:
            merged[pair] = Supersession(
                first.newer_id,
                first.older_id,
                first.slot,
                first.old_value,
                first.new_value,
                f"{first.reason}; {edge.reason}",
                max(first.confidence, edge.confidence),
            )
    return list(merged.values())
