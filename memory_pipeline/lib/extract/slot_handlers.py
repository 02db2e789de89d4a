"""The phrase rules' handlers for subject slots ("I live in X", "X is where I live", "I left X and
joined Y"); the rules themselves are the table in vocab.slot_rules."""

from __future__ import annotations

import re
from collections.abc import Iterator

from memory_pipeline.lib.extract.closed import ALIASES
from memory_pipeline.lib.extract.engine import Handler, compile_rules
from memory_pipeline.lib.extract.items import SlotValue
from memory_pipeline.lib.extract.phrases import (
    capitalised,
    capture,
    listed_values,
    normal_value,
    phrase_after,
    sentence_around,
    usable_value,
)
from memory_pipeline.lib.text import number_value
from memory_pipeline.lib.vocab.slot_rules import (
    AT_ORG,
    CONTRAST,
    COUNT_NOUNS,
    EMPLOYER_CONTEXT,
    FAVORITE_COVERED,
    FIRST_PERSON_PLURAL,
    FROM,
    IRREGULAR_PLURALS,
    JOB_NOUNS,
    JOIN_FOLLOWS,
    LOCATION_FOLLOWS,
    NOT_A_PERSON,
    PETS,
    PLACE_STOPS,
    SLOT_ROLE_STOPS,
    SLOT_RULES,
    TIME_ZONE,
    TO,
    TOOL_STOPS,
)
from memory_pipeline.lib.vocab.words import OBJECT_STOPS, PREFERENCE_STOPS

_Found = Iterator[tuple[int, SlotValue]]
_SWITCH_FROM_STOPS = TOOL_STOPS | {"to", "for"}


def _subject_slot(slot: str, m: re.Match[str]) -> str:
    who = m.groupdict().get("who")
    return f"{slot}@{who.lower()}" if who else slot


def _place_value(text: str, pos: int, *, capital: bool) -> tuple[str, int]:
    return capture(text, pos, 4, PLACE_STOPS, proper=True, capital=capital)


def _place(negated: bool = False, *, capital: bool = False, cue: bool = False) -> Handler:
    def handle(text: str, m: re.Match[str]) -> _Found:
        if cue and not TIME_ZONE.search(sentence_around(text, m.start())):
            return  # "I'm in London" alone may be a trip
        place, end = _place_value(text, m.end(), capital=capital)
        if not place:
            return
        slot = _subject_slot("location", m)
        yield m.start(), SlotValue(slot, place, negated)
        if negated:
            return
        for follow in (FROM, CONTRAST):
            if after := follow.match(text, end):
                old, _ = _place_value(text, after.end(), capital=True)
                if old:
                    yield m.start(), SlotValue(slot, old, True)
                break

    return handle


def _value_before(slot: str) -> Handler:
    """For "Berlin is where I live": the value is the capitalised run before the verb."""

    def handle(text: str, m: re.Match[str]) -> _Found:
        value = m["val"]
        if usable_value(value) and value.lower() not in NOT_A_PERSON:
            yield m.start("val"), SlotValue(slot, value, False)

    return handle


def _tool_slot(value: str, negated: bool) -> SlotValue | None:
    key = normal_value(value)
    if not key or not usable_value(key):
        return None
    if key in ALIASES:
        category, canonical = ALIASES[key]
        return SlotValue(category, canonical, negated)
    return SlotValue(f"uses:{key}", value.strip(), negated)


def _switch(text: str, m: re.Match[str]) -> _Found:
    """For "switched/moved from X to Y": X no longer holds, Y does; places, titles or tools by the values."""
    old, end = phrase_after(text, m.end(), 4, _SWITCH_FROM_STOPS)
    arrow = TO.match(text, end)
    new = phrase_after(text, arrow.end(), 4, TOOL_STOPS)[0] if arrow else ""
    # "from being vegetarian to vegan" compares the diets
    old, new = (v[6:] if v.lower().startswith("being ") else v for v in (old, new))
    pairs = [(v, negated) for v, negated in ((old, True), (new, False)) if usable_value(v)]
    verb = (m["verb"] or "move").lower()  # "made the move from" has no verb group
    if any(normal_value(v) in ALIASES for v, _ in pairs):
        slot = None
    elif all(v.split()[-1].lower() in JOB_NOUNS for v, _ in pairs):
        slot = "role"
    elif verb in ("moved", "relocated", "move") and all(capitalised(v) for v, _ in pairs):
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


def _uses(negated: bool) -> Handler:
    def handle(text: str, m: re.Match[str]) -> _Found:
        values, end = listed_values(text, m.end(), TOOL_STOPS)
        for value in values:
            if found := _tool_slot(value, negated):
                yield m.start(), found
        if not negated and (contrast := CONTRAST.match(text, end)):
            for value in listed_values(text, contrast.end(), TOOL_STOPS)[0]:
                if found := _tool_slot(value, True):
                    yield m.start(), found

    return handle


def _employer(negated: bool, *, capital: bool = False, context: bool = False) -> Handler:
    def handle(text: str, m: re.Match[str]) -> _Found:
        if context and not EMPLOYER_CONTEXT.search(sentence_around(text, m.start())):
            return
        org, end = capture(text, m.end(), 4, OBJECT_STOPS, proper=True, capital=capital or context)
        if not org:
            return
        if negated and (moved := LOCATION_FOLLOWS.match(text, end)):
            yield m.start(), SlotValue("location", org, True)  # "I left Paris and now live in Rome"
            place, _ = _place_value(text, moved.end(), capital=True)
            if place:
                yield m.start(), SlotValue("location", place, False)
            return
        yield m.start(), SlotValue("employer", org, negated)
        follow = JOIN_FOLLOWS.match(text, end) if negated else CONTRAST.match(text, end)
        if follow:
            other, _ = capture(text, follow.end(), 4, OBJECT_STOPS, proper=True, capital=True)
            if other:
                yield m.start(), SlotValue("employer", other, not negated)

    return handle


def _role(*, job_noun: bool, negated: bool = False) -> Handler:
    def handle(text: str, m: re.Match[str]) -> _Found:
        role, end = capture(text, m.end(), 5, SLOT_ROLE_STOPS)
        if not role:
            return
        if job_noun and role.split()[-1].lower() not in JOB_NOUNS:
            return  # "I'm a morning person" is not a job
        yield m.start(), SlotValue("role", role.lower(), negated)
        if not negated and (at := AT_ORG.match(text, end)):
            org, _ = capture(text, at.end(), 4, OBJECT_STOPS, proper=True, capital=True)
            if org:
                yield m.start(), SlotValue("employer", org, False)

    return handle


def _person(slot: str, negated: bool = False) -> Handler:
    def handle(text: str, m: re.Match[str]) -> _Found:
        name, _ = capture(text, m.end(), 2, OBJECT_STOPS, proper=True, capital=True)
        if name and name.split()[0].lower() not in NOT_A_PERSON:
            yield m.start(), SlotValue(slot, name, negated)

    return handle


def _pet(text: str, m: re.Match[str]) -> _Found:
    name, _ = capture(text, m.end(), 2, OBJECT_STOPS, proper=True, capital=True)
    if name:
        kind = " ".join(m["pet"].lower().split())
        yield m.start(), SlotValue(f"pet:{PETS.get(kind, kind)}", name, False)


def _favorite(text: str, m: re.Match[str]) -> _Found:
    category = " ".join(m["cat"].lower().split()).replace("colour", "color")
    if category in FAVORITE_COVERED:
        return
    value, _ = capture(text, m.end(), 6, PREFERENCE_STOPS)
    if value:
        yield m.start(), SlotValue(f"favorite:{category}", value, False)


def _plural(noun: str) -> str:
    n = noun.lower()
    if n in IRREGULAR_PLURALS or n in COUNT_NOUNS:
        return IRREGULAR_PLURALS.get(n, n)
    if n.endswith(("s", "x", "ch", "sh")):
        return n + "es"
    if n.endswith("y") and n[-2:-1] not in ("a", "e", "i", "o", "u"):
        return n[:-1] + "ies"
    return n + "s"


def _count(text: str, m: re.Match[str]) -> _Found:
    if not FIRST_PERSON_PLURAL.search(sentence_around(text, m.start())):
        return
    raw = " ".join(m["n"].lower().split())
    n = 0 if raw in ("no", "any") else 1 if raw in ("a", "an") else number_value(raw)
    if n is None:
        return
    words = [w.lower() for w in m["noun"].split()]
    for i, word in enumerate(words):
        noun = _plural(word)
        if noun in COUNT_NOUNS:
            yield m.start("n"), SlotValue("count:" + " ".join([*words[:i], noun]), str(n), False)
            return


def _named_move(text: str, m: re.Match[str]) -> _Found:
    if m["who"].lower() in NOT_A_PERSON:
        return
    slot = f"location@{m['who'].lower()}"
    old, end = _place_value(text, m.end(), capital=True)
    arrow = TO.match(text, end)
    new = _place_value(text, arrow.end(), capital=True)[0] if arrow else ""
    if old:
        yield m.start(), SlotValue(slot, old, True)
    if new:
        yield m.start(), SlotValue(slot, new, False)


def _team(text: str, m: re.Match[str]) -> _Found:
    if m["who"].lower() in NOT_A_PERSON:
        return
    slot = f"team@{m['who'].lower()}"
    yield m.start(), SlotValue(slot, m["team"], False)
    if m.groupdict().get("old"):
        yield m.start(), SlotValue(slot, m["old"], True)


_HANDLERS = {
    "place": _place,
    "value_before": _value_before,
    "named_move": _named_move,
    "team": _team,
    "switch": _switch,
    "uses": _uses,
    "employer": _employer,
    "role": _role,
    "person": _person,
    "pet": _pet,
    "favorite": _favorite,
    "count": _count,
}
RULES = compile_rules(SLOT_RULES, _HANDLERS)
