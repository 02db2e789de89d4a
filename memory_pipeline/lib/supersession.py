"""Rule-based supersession, the local engine's answer to seed 003's prompt: a newer memory supersedes
an older one only when both state the same subject slot and the value changed or its negation flipped.

Conservative on purpose: no recognised slot, no edge. Slots are things a person has one of at a time
(where they live, their employer, editor, diet, partner, "count:cats"); tools that may be used side by
side get one slot each ("uses:docker"), so only an explicit "I don't use Docker anymore" replaces
"I use Docker". A negation replaces the positive statement it negates, and the other way round; a
negation and a later different value ("not Paris", then "Berlin") agree, so neither replaces the other.
"""

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


# -- vocabularies -------------------------------------------------------------------------------

# Things one uses one of at a time: a change of value is a replacement.
_TOOL_CATEGORIES: dict[str, dict[str, str]] = {
    "editor": {
        "vim": "vim", "neovim": "neovim", "nvim": "neovim", "emacs": "emacs", "vscode": "vscode",
        "vs code": "vscode", "visual studio code": "vscode", "helix": "helix", "sublime": "sublime text",
        "sublime text": "sublime text", "atom": "atom", "nano": "nano", "intellij": "intellij",
        "intellij idea": "intellij", "pycharm": "pycharm", "webstorm": "webstorm", "zed": "zed",
        "notepad++": "notepad++",
    },
    "os": {
        "linux": "linux", "ubuntu": "ubuntu", "debian": "debian", "fedora": "fedora", "arch": "arch linux",
        "arch linux": "arch linux", "windows": "windows", "macos": "macos", "mac os": "macos",
        "osx": "macos", "os x": "macos", "mac": "macos",
    },
    "shell": {"bash": "bash", "zsh": "zsh", "fish": "fish", "powershell": "powershell"},
    "browser": {
        "chrome": "chrome", "google chrome": "chrome", "firefox": "firefox", "safari": "safari",
        "brave": "brave", "microsoft edge": "edge", "vivaldi": "vivaldi", "opera": "opera",
    },
}  # fmt: skip
_TOOL_ALIASES: dict[str, tuple[str, str]] = {
    alias: (category, canonical)
    for category, aliases in _TOOL_CATEGORIES.items()
    for alias, canonical in aliases.items()
}
_JOB_NOUNS = frozenset(
    {"engineer", "developer", "programmer", "designer", "manager", "teacher", "doctor", "nurse", "scientist",
     "analyst", "consultant", "student", "lawyer", "attorney", "architect", "writer", "author", "researcher",
     "professor", "lecturer", "accountant", "intern", "founder", "cofounder", "co-founder", "ceo", "cto",
     "cfo", "coo", "vp", "director", "lead", "freelancer", "contractor", "administrator", "sysadmin",
     "journalist", "artist", "musician", "chef", "pilot", "pharmacist", "dentist", "therapist",
     "psychologist", "photographer", "translator", "librarian", "mechanic", "electrician", "plumber",
     "carpenter", "firefighter", "officer", "recruiter", "marketer", "entrepreneur", "postdoc", "tutor",
     "coach", "physician", "surgeon", "veterinarian", "vet", "paramedic", "technician", "specialist",
     "executive", "assistant", "secretary", "clerk", "cashier", "waiter", "waitress", "barista",
     "bartender", "driver", "farmer", "retiree", "editor", "economist", "statistician", "mathematician",
     "physicist", "chemist", "biologist", "owner", "partner", "associate", "strategist", "copywriter"}
)  # fmt: skip
# Possessions whose number is a lasting fact; "I have 3 meetings" is not one.
_COUNT_NOUNS = frozenset(
    {"cats", "dogs", "pets", "kids", "children", "sons", "daughters", "brothers", "sisters", "siblings",
     "cars", "bikes", "bicycles", "houses", "apartments", "computers", "laptops", "monitors", "fish",
     "birds", "horses", "rabbits", "hamsters", "grandchildren", "grandkids", "roommates", "chickens",
     "parrots", "turtles", "guitars", "phones", "tattoos", "plants"}
)  # fmt: skip
_IRREGULAR_PLURALS = {"child": "children", "grandchild": "grandchildren", "fish": "fish", "person": "people"}
_PETS = {"puppy": "dog", "kitten": "cat", "bunny": "rabbit"}
_DIETS = "vegetarian|vegan|pescatarian|keto|paleo|flexitarian"
_PARTNERS = r"wife|husband|partner|girlfriend|boyfriend|fianc[eé]e?|spouse"
_PET_WORDS = r"dog|cat|puppy|kitten|parrot|rabbit|bunny|hamster|horse|bird|fish|turtle|snake|guinea\s+pig"
_PET_TRIGGERS = "dog cat puppy kitten parrot rabbit bunny hamster horse bird fish turtle snake pig"
_DIET_TRIGGERS = "vegetarian vegan pescatarian keto paleo flexitarian"
# Words in the newer memory that announce a change and raise confidence.
_CHANGE_CUE = re.compile(
    r"\b(?:now|moved|relocated|switched|migrated|changed|joined|left|quit|started|new|no\s+longer|anymore"
    r"|any\s+more|stopped|became|promoted|instead|since|these\s+days|nowadays)\b",
    re.IGNORECASE,
)
_SLOT_LABELS = {"os": "operating system", "uses": "tool", "count": "number of", "favorite": "favorite"}

_TOOL_STOPS = OBJECT_STOPS - {"and", "or"} | {"instead", "but", "not"}
_PLACE_STOPS = OBJECT_STOPS | {"where", "with", "near"}
_ROLE_STOPS = OBJECT_STOPS - {"all", "full", "part"} | {"who", "that", "and"}


def _normal(value: str) -> str:
    return " ".join(strip_determiner(value.strip(" .,;:!?\"'")).lower().split())


def _plural(noun: str) -> str:
    n = noun.lower()
    if n in _IRREGULAR_PLURALS:
        return _IRREGULAR_PLURALS[n]
    if n.endswith(("s", "x", "ch", "sh")):
        return n if n.endswith("s") else n + "es"
    if n.endswith("y") and n[-2:-1] not in ("a", "e", "i", "o", "u"):
        return n[:-1] + "ies"
    return n + "s"


def _tool_slot(value: str, negated: bool) -> SlotValue | None:
    key = _normal(value)
    if not key or not usable_value(key):
        return None
    if key in _TOOL_ALIASES:
        category, canonical = _TOOL_ALIASES[key]
        return SlotValue(category, canonical, negated)
    return SlotValue(f"uses:{key}", value.strip(), negated)


def _tool_list(text: str, pos: int) -> tuple[list[str], int]:
    value, end = phrase_after(text, pos, 8, _TOOL_STOPS, listing=True)
    parts = re.split(r"\s*(?:,|&|/|\band\b|\bor\b|\bplus\b)\s*", value, flags=re.IGNORECASE)
    return [p for p in (strip_determiner(p) for p in parts) if usable_value(p) and len(p.split()) <= 3], end


def _capitalised(value: str) -> bool:
    return value[:1].isupper()


# -- rules: each yields (position, SlotValue) --------------------------------------------------

_Found = Iterator[tuple[int, SlotValue]]
_Handler = Callable[[str, re.Match[str]], _Found]
_FROM_TO = re.compile(r"\s+(?:to|for)\s+", re.IGNORECASE)
_INSTEAD_OF = re.compile(r"\s+instead\s+of\s+", re.IGNORECASE)
_FROM = re.compile(r"\s+from\s+", re.IGNORECASE)
_AT_ORG = re.compile(r"\s+(?:at|for|with)\s+", re.IGNORECASE)
_THEN_JOIN = re.compile(
    r"\s+(?:to|and)\s+(?:join(?:ed)?|start(?:ed)?\s+(?:at|with)|work(?:ed)?\s+(?:at|for))\s+", re.IGNORECASE
)


def _place(negated: bool) -> _Handler:
    def handle(text: str, m: re.Match[str]) -> _Found:
        place, end = proper_phrase_after(text, m.end(), 4, _PLACE_STOPS)
        if usable_value(place):
            yield m.start(), SlotValue("location", place, negated)
            if not negated and (after := _FROM.match(text, end)):
                old, _ = proper_phrase_after(text, after.end(), 4, _PLACE_STOPS)
                if usable_value(old):
                    yield m.start(), SlotValue("location", old, True)

    return handle


def _switch(text: str, m: re.Match[str]) -> _Found:
    """ "switched from X to Y": X no longer, Y now. "moved from Paris to Berlin" is about places."""
    old, end = phrase_after(text, m.end(), 4, _TOOL_STOPS | {"to", "for"})
    arrow = _FROM_TO.match(text, end)
    new = phrase_after(text, arrow.end(), 4, _TOOL_STOPS)[0] if arrow else ""
    tools = [v for v in (old, new) if _normal(v) in _TOOL_ALIASES]
    if m["verb"].lower() in ("moved", "relocated") and not tools:
        for value, negated in ((old, True), (new, False)):
            if usable_value(value) and _capitalised(value):
                yield m.start(), SlotValue("location", value, negated)
        return
    for value, negated in ((old, True), (new, False)):
        slot = _tool_slot(value, negated) if value else None
        if slot:
            yield m.start(), slot


def _uses(negated: bool) -> _Handler:
    def handle(text: str, m: re.Match[str]) -> _Found:
        values, end = _tool_list(text, m.end())
        for value in values:
            if slot := _tool_slot(value, negated):
                yield m.start(), slot
        if not negated and (instead := _INSTEAD_OF.match(text, end)):
            for value in _tool_list(text, instead.end())[0]:
                if slot := _tool_slot(value, True):
                    yield m.start(), slot

    return handle


def _employer(negated: bool, *, capitalised_only: bool = False) -> _Handler:
    def handle(text: str, m: re.Match[str]) -> _Found:
        org, end = proper_phrase_after(text, m.end(), 4, OBJECT_STOPS)
        if not usable_value(org) or (capitalised_only and not _capitalised(org)):
            return
        yield m.start(), SlotValue("employer", org, negated)
        if negated and (then := _THEN_JOIN.match(text, end)):
            new, _ = proper_phrase_after(text, then.end(), 4, OBJECT_STOPS)
            if usable_value(new) and _capitalised(new):
                yield m.start(), SlotValue("employer", new, False)

    return handle


def _role(*, job_noun_required: bool, negated: bool = False) -> _Handler:
    def handle(text: str, m: re.Match[str]) -> _Found:
        role, end = phrase_after(text, m.end(), 4, _ROLE_STOPS)
        if not usable_value(role):
            return
        if job_noun_required and role.split()[-1].lower() not in _JOB_NOUNS:
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
        if usable_value(name) and _capitalised(name):
            yield m.start(), SlotValue(slot, name, negated)

    return handle


def _pet(text: str, m: re.Match[str]) -> _Found:
    name, _ = proper_phrase_after(text, m.end(), 2, OBJECT_STOPS)
    if usable_value(name) and _capitalised(name):
        kind = " ".join(m["pet"].lower().split())
        yield m.start(), SlotValue(f"pet:{_PETS.get(kind, kind)}", name, False)


def _favorite(text: str, m: re.Match[str]) -> _Found:
    value, _ = phrase_after(text, m.end(), 6, PREFERENCE_STOPS)
    if usable_value(value):
        yield m.start(), SlotValue(f"favorite:{_category(m['cat'])}", value, False)


def _favorite_before(text: str, m: re.Match[str]) -> _Found:
    words = m["val"].split()
    # The words before "is my favorite" may include the sentence's start; keep only the last word,
    # or the last few when together they name a known tool ("Visual Studio Code").
    value = words[-1]
    for size in (3, 2):
        if len(words) >= size and " ".join(words[-size:]).lower() in _TOOL_ALIASES:
            value = " ".join(words[-size:])
            break
    if usable_value(value):
        yield m.start(), SlotValue(f"favorite:{_category(m['cat'])}", value, False)


def _category(raw: str) -> str:
    return " ".join(raw.lower().split()).replace("colour", "color")


def _diet(negated: bool) -> _Handler:
    def handle(text: str, m: re.Match[str]) -> _Found:
        yield m.start(), SlotValue("diet", m["diet"].lower(), negated)

    return handle


def _count(text: str, m: re.Match[str]) -> _Found:
    raw = m["n"].lower()
    n = 0 if raw in ("no", "any") else 1 if raw in ("a", "an") else number_value(raw)
    if n is None:
        return
    words = [w.lower() for w in m["noun"].split()]
    for i, word in enumerate(words):
        noun = word if word in _COUNT_NOUNS else _plural(word)
        if noun in _COUNT_NOUNS:
            yield m.start(), SlotValue("count:" + " ".join([*words[:i], noun]), str(n), False)
            return


def _rule(triggers: str, pattern: str, handler: _Handler) -> tuple[frozenset[str], re.Pattern[str], _Handler]:
    return frozenset(triggers.split()), re.compile(pattern, re.IGNORECASE), handler


_A = RX_ADVERBS
# "I moved", "I have moved", "I've moved"
_I_HAVE = r"\bi(?:\s+have\s+|['’]ve\s+|\s+)"
_WE_HAVE = r"\b(?:i|we)(?:\s+have\s+|['’]ve\s+|\s+)"
_NUMBER = rf"\d+|{NUMBER_WORDS_PATTERN}|an?|no"
_RULES = (
    _rule(
        "live reside living based located settled moved relocated",
        rf"\b(?:i|we)\s+{_A}(?:live|reside)\s+in\s+|{RX_I_AM}\s+{_A}(?:living|based|located|settled)\s+in\s+"
        rf"|{_WE_HAVE}{_A}(?:moved|relocated)\s+(?:back\s+)?to\s+",
        _place(False),
    ),
    _rule(
        "live living based",
        rf"\b(?:i|we)\s+(?:no\s+longer|{RX_DONT})\s+{_A}live\s+in\s+"
        rf"|{RX_I_AM}\s+no\s+longer\s+(?:living|based)\s+in\s+",
        _place(True),
    ),
    _rule(
        "switched migrated moved changed went transitioned relocated",
        rf"{_WE_HAVE}{_A}(?P<verb>switched|migrated|moved|changed|went|transitioned"
        r"|relocated)\s+(?:over\s+|away\s+)?(?:from|out\s+of)\s+",
        _switch,
    ),
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
        rf"{_I_HAVE}{_A}(?:(?:stopped|quit)\s+using|gave\s+up(?:\s+on)?|ditched|dropped"
        rf"|abandoned|uninstalled)\s+|{RX_I_AM}\s+(?:no\s+longer|not)\s+using\s+",
        _uses(True),
    ),
    _rule(
        "work working employed",
        rf"\bi\s+{_A}work\s+(?:at|for)\s+|{RX_I_AM}\s+{_A}(?:working|employed)\s+(?:at|for|by)\s+"
        r"|\bi\s+(?:got|accepted|took|landed)\s+(?:a\s+|an\s+)?(?:new\s+)?(?:job|offer|position|role)"
        r"\s+(?:at|with|from)\s+|\bi\s+was\s+hired\s+by\s+"
        rf"|{_I_HAVE}{_A}started\s+(?:a\s+new\s+job|a\s+job|working|a\s+new\s+role"
        r"|a\s+new\s+position)\s+(?:at|for|with)\s+",
        _employer(False),
    ),
    _rule(
        "joined",
        rf"{_I_HAVE}{_A}joined\s+",
        _employer(False, capitalised_only=True),
    ),
    _rule(
        "work working employed laid fired let",
        rf"\bi\s+(?:no\s+longer|{RX_DONT})\s+work\s+(?:at|for)\s+"
        rf"|{RX_I_AM}\s+no\s+longer\s+(?:working|employed)\s+(?:at|for|by)\s+"
        r"|\bi\s+(?:was|got|have\s+been|['’]ve\s+been)\s+(?:laid\s+off|fired|let\s+go)\s+(?:from|by)\s+",
        _employer(True),
    ),
    _rule(
        "left quit",
        rf"{_I_HAVE}{_A}(?:left|quit)\s+(?:my\s+job\s+at\s+)?",
        _employer(True, capitalised_only=True),
    ),
    _rule(
        "work job role title position promoted",
        rf"\bi\s+{_A}work\s+as\s+(?:an?\s+)?"
        r"|\bmy\s+(?:job\s+title|job|role|title|position)\s+is\s+(?:now\s+)?(?:an?\s+)?"
        r"|\bi\s+(?:got|was|have\s+been|['’]ve\s+been|just\s+got)\s+promoted\s+to\s+(?:an?\s+)?",
        _role(job_noun_required=False),
    ),
    _rule("m am", rf"{RX_I_AM}\s+{_A}(?:now\s+)?an?\s+", _role(job_noun_required=True)),
    _rule("longer", rf"{RX_I_AM}\s+no\s+longer\s+an?\s+", _role(job_noun_required=True, negated=True)),
    _rule("name called", rf"\bmy\s+name\s+is\s+|{RX_I_AM}\s+called\s+", _person("name")),
    _rule(
        "wife husband partner girlfriend boyfriend fiance fiancee fiancé fiancée spouse",
        rf"\bmy\s+(?:{_PARTNERS})(?:['’]s\s+name)?\s+(?:is\s+)?(?:called\s+|named\s+)?",
        _person("partner"),
    ),
    _rule(
        "married dating engaged",
        rf"{RX_I_AM}\s+{_A}(?:married\s+to|dating|engaged\s+to)\s+",
        _person("partner"),
    ),
    _rule(
        "broke split divorced separated",
        rf"{_I_HAVE}(?:broken?\s+up\s+with|split\s+up\s+with|divorced|separated\s+from)\s+",
        _person("partner", negated=True),
    ),
    _rule(
        _PET_TRIGGERS,
        rf"\bmy\s+(?P<pet>{_PET_WORDS})(?:['’]s\s+name\s+is|\s+is\s+(?:called|named))\s+",
        _pet,
    ),
    _rule(
        _PET_TRIGGERS,
        rf"\b(?:i|we)\s+(?:have|got|adopted)\s+a\s+(?:new\s+)?(?P<pet>{_PET_WORDS})\s+(?:called|named)\s+",
        _pet,
    ),
    _rule(
        "favorite favourite",
        r"\bmy\s+(?:new\s+|current\s+|all[-\s]time\s+)?favou?rite\s+(?P<cat>[a-z]+(?:\s+[a-z]+){0,2}?)"
        r"\s+(?:is|are)\s+(?:now\s+)?",
        _favorite,
    ),
    _rule(
        "favorite favourite",
        r"(?P<val>[\w+#.-]+(?:\s+[\w+#.-]+){0,2})\s+(?:is|are)\s+(?:now\s+)?my\s+(?:new\s+)?favou?rite"
        r"\s+(?P<cat>[a-z]+)\b",
        _favorite_before,
    ),
    _rule(
        _DIET_TRIGGERS,
        rf"{RX_I_AM}\s+{_A}(?:now\s+)?(?:a\s+)?(?P<diet>{_DIETS})\b",
        _diet(False),
    ),
    _rule(
        _DIET_TRIGGERS,
        rf"{_I_HAVE}{_A}(?:went|gone|became|become|turned)\s+(?P<diet>{_DIETS})\b",
        _diet(False),
    ),
    _rule(_DIET_TRIGGERS, rf"{RX_I_AM}\s+(?:no\s+longer|not)\s+(?:a\s+)?(?P<diet>{_DIETS})\b", _diet(True)),
    _rule(_DIET_TRIGGERS, rf"\bi\s+stopped\s+being\s+(?:a\s+)?(?P<diet>{_DIETS})\b", _diet(True)),
    _rule(
        "have own got",
        rf"\b(?:i|we)(?:\s+{_A}(?:have|own|have\s+got)|['’]ve\s+got)\s+(?P<n>{_NUMBER})"
        r"\s+(?P<noun>[a-z]+(?:\s+[a-z]+)?)\b",
        _count,
    ),
    _rule(
        "don do have",
        rf"\b(?:i|we)\s+{RX_DONT}\s+(?:have|own)\s+(?P<n>any)\s+(?P<noun>[a-z]+(?:\s+[a-z]+)?)\b",
        _count,
    ),
)
_ALL_TRIGGERS = frozenset().union(*(triggers for triggers, _, _ in _RULES))
_WORD = re.compile(r"[a-zéè]+")


def extract_slots(text: str) -> list[SlotValue]:
    """The subject slots `text` states, in text order, each (slot, value, negated) once."""
    words = set(_WORD.findall(text.lower()))
    if _ALL_TRIGGERS.isdisjoint(words):
        return []
    found: list[tuple[int, int, SlotValue]] = []
    for order, (triggers, pattern, handler) in enumerate(_RULES):
        if triggers.isdisjoint(words):
            continue
        for m in pattern.finditer(text):
            found.extend((pos, order, slot) for pos, slot in handler(text, m))
    found.sort(key=lambda f: (f[0], f[1]))
    seen: set[tuple[str, str, bool]] = set()
    slots: list[SlotValue] = []
    for _, _, slot in found:
        key = (slot.slot, _normal(slot.value), slot.negated)
        if key not in seen:
            seen.add(key)
            slots.append(slot)
    return slots


# -- detection ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Statement:
    at: datetime  # UTC
    memory_id: str
    key: str  # normalised value
    value: str  # as written
    negated: bool


def _utc(moment: datetime) -> datetime:
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def _states(text: str) -> dict[str, tuple[str, str, bool]]:
    """Per slot, the one (key, value, negated) this memory asserts. A memory naming two current
    values for one slot ("I live in Paris and Rome") says nothing usable about it."""
    positives: dict[str, dict[str, str]] = defaultdict(dict)
    negatives: dict[str, dict[str, str]] = defaultdict(dict)
    for sv in extract_slots(text):
        (negatives if sv.negated else positives)[sv.slot].setdefault(_normal(sv.value), sv.value)
    states: dict[str, tuple[str, str, bool]] = {}
    for slot in positives.keys() | negatives.keys():
        pos, neg = positives.get(slot, {}), negatives.get(slot, {})
        if len(pos) == 1:
            ((key, value),) = pos.items()
            states[slot] = (key, value, False)
        elif not pos and len(neg) == 1:
            ((key, value),) = neg.items()
            states[slot] = (key, value, True)
    return states


def _label(slot: str) -> str:
    kind, _, detail = slot.partition(":")
    if kind == "count":
        return f"number of {detail}"
    if kind == "favorite":
        return f"favorite {detail}"
    if kind == "pet":
        return f"{detail}'s name"
    return _SLOT_LABELS.get(kind, kind)


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
    """Walk one slot's statements in time order. Only statements not yet replaced are open; a new
    statement replaces the open ones it contradicts. Each statement is opened and closed once, and
    open positive statements share one value (a new value closes the others), so this is linear."""
    open_pos: dict[str, list[_Statement]] = {}
    open_neg: dict[str, list[_Statement]] = {}
    i = 0
    while i < len(statements):
        # Statements with the same timestamp cannot order each other: none replaces another.
        j = i
        while j < len(statements) and statements[j].at == statements[i].at:
            j += 1
        batch = statements[i:j]
        close_pos: set[str] = set()
        close_neg: set[str] = set()
        for new in batch:
            if new.negated:
                contradicted = [new.key] if new.key in open_pos else []
                close_pos.update(contradicted)
                olds = [old for key in contradicted for old in open_pos[key]]
            else:
                keys = [key for key in open_pos if key != new.key]
                close_pos.update(keys)
                olds = [old for key in keys for old in open_pos[key]]
                if new.key in open_neg:
                    close_neg.add(new.key)
                    olds += open_neg[new.key]
            for old in olds:
                yield new, old, _edge(slot, new, old, texts[new.memory_id])
        for key in close_pos:
            del open_pos[key]
        for key in close_neg:
            del open_neg[key]
        for new in batch:
            (open_neg if new.negated else open_pos).setdefault(new.key, []).append(new)
        i = j


def detect_supersessions(memories: Sequence[MemoryText]) -> list[Supersession]:
    """Supersession edges among one user's memories, ordered by the newer then the older memory.

    Each older memory stating a value is superseded by the next newer memory contradicting it, so a
    chain Paris -> Berlin -> Lisbon gives Berlin > Paris and Lisbon > Berlin. A pair linked through
    several slots gets one edge: the alphabetically first slot, all reasons joined, the highest
    confidence. Naive timestamps count as UTC; equal timestamps never supersede each other.
    """
    ordered = sorted(memories, key=lambda mem: (_utc(mem.created_at), mem.id))
    texts = {mem.id: mem.content for mem in ordered}
    by_slot: dict[str, list[_Statement]] = defaultdict(list)
    for mem in ordered:
        at = _utc(mem.created_at)
        for slot, (key, value, negated) in _states(mem.content).items():
            by_slot[slot].append(_Statement(at, mem.id, key, value, negated))
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
