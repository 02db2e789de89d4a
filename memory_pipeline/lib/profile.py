"""The rule-based procedural profile: one per user (seed 004), with seed 001's rule for learned
patterns (seen at least 3 times, success rate above 0.6 where outcomes were recorded)."""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from memory_pipeline.lib import extract as ex
from memory_pipeline.lib.extract import Fact, SlotValue, normal_value, slot_states, vocabulary_category
from memory_pipeline.lib.extract.statements import Statement, said_by_user, statements
from memory_pipeline.lib.profile_clauses import Stated, current_lines, not_replaced
from memory_pipeline.lib.profile_patterns import Occurrences, count_seen, representative
from memory_pipeline.lib.timestamps import as_utc
from memory_pipeline.lib.vocab.profile_words import NP_DANGLING, NP_NOT_HEAD, NP_NOT_TAIL

_SENTENCE_BREAK = re.compile(r"[.!?]\s+\S|\n")
SECTIONS = ("identity", "current", "preferences", "tools", "habits", "constraints", "avoid", "past", "retired")
# Items per section in the readable text; `sections` keeps them all.
MAX_ITEMS_IN_CONTENT = 8


# What the rules read from one source's text: its facts, slot states and first-person statements
Extracted = tuple[tuple[Fact, ...], dict[str, SlotValue], tuple[Statement, ...]]


@dataclass(frozen=True)
class ProfileSource:
    id: str
    content: str
    created_at: datetime
    outcome: bool | None = None  # did the episode succeed, where recorded
    successor: str | None = None  # for a superseded source: the source that supersedes it
    summary: bool = False  # a summary speaks for many memories and times; a memory for one
    # `extract(content)` when the caller kept it from an earlier build (None: extracted here)
    extracted: Extracted | None = field(default=None, compare=False, repr=False)


def extract(content: str) -> Extracted:
    return tuple(ex.extract_facts(content)), slot_states(content), tuple(statements(content, theirs=True))


@dataclass(frozen=True)
class Profile:
    """`sections` holds only non-empty sections, in SECTIONS order, most recent item first.
    `patterns` are (habit or tool, times seen, success rate or None when no outcome was recorded)."""

    content: str
    sections: dict[str, tuple[str, ...]]
    source_ids: tuple[str, ...]
    patterns: tuple[tuple[str, int, float | None], ...]
    # item text -> the sources that state it (what an explanation cites)
    fact_sources: dict[str, tuple[str, ...]] = field(default_factory=dict)
    method: str | None = None  # who wrote it; None: the engine's method for profiles


# -- slots -> readable items ----------------------------------------------------------------------

# identity reads in this order (where one lives, works, family: the clause reader's lines)
_IDENTITY_ORDER = ("name", "hometown", "birthday", "email")
# relations the first-person clause reader (lib/extract/statements.py) states with their newest source
_STATED_BY_CLAUSES = frozenset({"location", "employer", "role", "partner", "pet", "count", "diet"})
_TOOL_LABELS = {"editor": "editor", "os": "OS", "shell": "shell", "browser": "browser"}


def noun_phrase(value: str, *, place: bool = False) -> str | None:
    """The value when it reads as a noun phrase the user stated, else None: no fragment of another
    sentence ("Worth remembering. Sofia"), no clause ("how art lets us ..."), no dangling article or
    conjunction at its end; a place is not a name the vocabularies know as something else ("Go")."""
    v = value.strip(" ,;:-")
    if _SENTENCE_BREAK.search(v):
        return None
    ws = v.split()
    n = len(ws)
    while ws and ws[-1].lower() in NP_DANGLING:
        ws.pop()
    if not ws or ws[0].lower() in NP_NOT_HEAD or ws[-1].lower() in NP_NOT_TAIL:
        return None
    if len(ws) >= (3 if len(ws) < n else 5) and ws[-2].lower() == "to":
        return None  # an infinitive cut from its object ("my dream to make", "generations to go through")
    v = " ".join(ws)
    if place and vocabulary_category(v) is not None:
        return None
    return v


def _slot_item(slot: str, value: SlotValue, surface: dict[str, str]) -> tuple[str, str] | None:
    """(section, text) for the latest state of a slot; None to leave it out. `surface`: the value as
    the text spelled it, by its normal form ("SRE" for "sre")."""
    kind, _, detail = slot.partition(":")
    v = noun_phrase(surface.get(normal_value(value.value), value.value))
    if v is None:
        return None
    if value.negated:
        # "no longer lives in Paris", "I stopped using Docker": a past state (the clause reader names it
        # as past), not an aversion
        return None
    if kind == "name":
        return "identity", f"is called {v}"
    if kind in _TOOL_LABELS:
        return "tools", f"{v} ({_TOOL_LABELS[kind]})"
    if kind == "uses":
        return "tools", v
    if kind == "language":
        return "preferences", f"favorite programming language: {v}"
    if kind == "drink":
        return "preferences", f"drinks {v}"
    if kind == "favorite":
        return "preferences", f"favorite {detail}: {v}"
    return None


def _fact_item(fact: Fact, covered: set[str]) -> tuple[str, str, str] | None:
    """(section, topic key, text) for a fact the source's slots (`covered`) do not already cover."""
    value = noun_phrase(fact.value, place=fact.kind == ex.HOMETOWN)
    if value is None:
        return None
    if (
        fact.kind in (ex.PREFERENCE, ex.NEGATION, ex.CONSTRAINT)
        and vocabulary_category(_topic(value)) in covered
    ):
        return None  # "I'm off coffee and onto tea": the drink slot keeps only the latest value
    if fact.kind == ex.PREFERENCE:
        return "preferences", f"topic:{_topic(value)}", value
    if fact.kind == ex.NEGATION:
        return "avoid", f"topic:{_topic(value)}", value
    if fact.kind == ex.INTEREST:
        return "preferences", f"interest:{normal_value(value)}", f"hobby: {value}"
    if fact.kind == ex.CONSTRAINT:
        return "constraints", f"constraint:{normal_value(value)}", value
    if fact.kind == ex.HOMETOWN:
        return "identity", "hometown", f"grew up in {value}"
    if fact.kind == ex.BIRTHDAY:
        return "identity", "birthday", f"has a birthday on {value}"
    if fact.kind == ex.EMAIL:
        return "identity", "email", f"can be reached at {value}"
    return None


def _topic(value: str) -> str:
    """One topic for "drinking coffee", "coffee" and "favorite drink: coffee": the later statement wins."""
    words = normal_value(value.rpartition(": ")[2]).split()  # "favorite food: ramen" -> "ramen"
    if len(words) > 1 and words[0].endswith("ing"):
        words = words[1:]
    return " ".join(words)



# -- building -------------------------------------------------------------------------------------


def _join(items: Iterable[str]) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _render(
    sections: dict[str, tuple[str, ...]], patterns: Sequence[tuple[str, int, float | None]],
    cited: dict[str, tuple[str, ...]],
) -> str:
    """One line per statement, each with the id of its newest source, so a reader (or the session
    block) can tell which memory says so. Stopped states stay in `sections["past"]` (and `explain`), out
    of the text: what an agent reads as the user's profile holds current facts only."""

    def shown(name: str) -> list[str]:
        return list(sections.get(name, ()))[:MAX_ITEMS_IN_CONTENT]

    def cite(text: str) -> str:
        # a memory id reads "m42" so that it is never taken for a number the line states
        return f"{text} [{'m' if cited[text][0].isdigit() else ''}{cited[text][0]}]" if text in cited else text

    lines = []
    if identity := shown("identity"):
        lines.append(f"The user {_join(identity)}.")
    lines += [cite(line) for line in sections.get("current", ())]
    labels = (("preferences", "Preferences"), ("tools", "Tools"), ("constraints", "Constraints"), ("avoid", "Avoids"))
    for name, label in labels:
        if items := shown(name):
            lines.append(f"{label}: {'; '.join(items)}.")
    habits = [p for p in patterns if p[0] in sections.get("habits", ())][:MAX_ITEMS_IN_CONTENT]
    if habits:
        described = [
            f"{value} (seen {n} times{'' if rate is None else f', {round(rate * 100)}% successful'})"
            for value, n, rate in habits
        ]
        lines.append(f"Habits: {'; '.join(described)}.")
    return "\n".join(lines)


# key -> (recency, section, text); later sources overwrite earlier ones
_Latest = dict[str, tuple[tuple[int, int], str, str]]


def _read_slots(
    source: ProfileSource, index: int, latest: _Latest, topic_of_slot: dict[str, str], facts: Sequence[Fact],
    stated: dict[str, set[str]], states: dict[str, SlotValue],
) -> set[str]:
    """The source's slot states into `latest` (and who stated each into `stated`); returns the slot
    kinds it covers."""
    surface = {normal_value(f.value): f.value for f in facts}
    for position, (slot, value) in enumerate(states.items()):
        if "@" in slot or slot.partition(":")[0] in _STATED_BY_CLAUSES:
            continue  # about a project or another person; or a relation the clause reader states
        if not value.negated and not said_by_user(source.content, surface.get(normal_value(value.value), value.value)):
            continue  # named in another person's clause, a plan, a wish or a question
        item = _slot_item(slot, value, surface)
        if item is None and value.negated:
            latest.pop(f"slot:{slot}", None)  # a stopped state ends the slot's older value
        if item is not None:
            section, text = item
            latest[f"slot:{slot}"] = ((index, position), section, text)
            stated.setdefault(text, set()).add(source.id)
            if vocabulary_category(value.value):
                # "I love coffee" settles an older "I hate drinking coffee", and the other way round
                latest.pop(f"topic:{_topic(value.value)}", None)
                topic_of_slot[f"slot:{slot}"] = f"topic:{_topic(value.value)}"
    return {slot.partition(":")[0] for slot in states}


def _read_facts(
    source: ProfileSource,
    index: int,
    covered: set[str],
    latest: _Latest,
    topic_of_slot: dict[str, str],
    occurrences: dict[tuple[str, str], Occurrences],
    facts: Sequence[Fact],
    stated: dict[str, set[str]],
) -> None:
    """The source's facts: habits and tools counted in `occurrences`, the rest into `latest`."""
    for position, fact in enumerate(facts, start=1000):
        if fact.kind in (ex.HABIT, ex.TOOL):
            key = ex.habit_key(fact.value) if fact.kind == ex.HABIT else normal_value(fact.value)
            occ = occurrences.setdefault((fact.kind, key), Occurrences(Counter(), []))
            occ.values[fact.value] += 1
            occ.evidence.append((" ".join(fact.text.lower().split()), index, source.outcome))
            continue
        item = _fact_item(fact, covered) if said_by_user(source.content, fact.value.rpartition(": ")[2]) else None
        if item is not None:
            section, key, text = item
            latest[key] = ((index, position), section, text)
            stated.setdefault(text, set()).add(source.id)
            for slot_key in [k for k, topic in topic_of_slot.items() if topic == key]:
                latest.pop(slot_key, None)
                del topic_of_slot[slot_key]


def _patterns(
    occurrences: dict[tuple[str, str], Occurrences],
    used: Sequence[ProfileSource],
    latest: _Latest,
    stated: dict[str, set[str]],
    min_occurrences: int,
    min_success_rate: float,
) -> list[tuple[str, int, float | None]]:
    """Habits and tools seen often enough with a good enough success rate; habits also into `latest`."""
    patterns: list[tuple[str, int, float | None]] = []
    contents = [s.content for s in used]
    for (kind, _), occ in occurrences.items():
        seen, rate = count_seen(occ, contents)
        if seen >= min_occurrences and (rate is None or rate > min_success_rate):
            value = representative(occ.values) if kind == ex.HABIT else occ.values.most_common(1)[0][0]
            patterns.append((value, seen, None if rate is None else round(rate, 3)))
            stated.setdefault(value, set()).update(used[i].id for _, i, _ in occ.evidence)
            if kind == ex.HABIT:
                latest[f"habit:{value}"] = ((len(contents), -seen), "habits", value)
    patterns.sort(key=lambda p: (-p[1], p[0]))
    return patterns


def _sections(latest: _Latest) -> dict[str, tuple[str, ...]]:
    grouped: dict[str, list[tuple[tuple[int, int], str, str]]] = defaultdict(list)
    for key, (recency, section, text) in latest.items():
        grouped[section].append((recency, key, text))
    sections: dict[str, tuple[str, ...]] = {}
    for name in SECTIONS:
        entries = grouped.get(name)
        if not entries:
            continue
        if name == "identity":
            # identity reads in a fixed order: name, where they live, work, family
            entries.sort(key=lambda e: (_identity_rank(e[1]), e[1]))
        else:
            entries.sort(key=lambda e: (-e[0][0], e[0][1], e[2]))
        sections[name] = tuple(dict.fromkeys(text for _, _, text in entries))
    return sections


def build_profile(
    sources: Sequence[ProfileSource],
    *,
    superseded_ids: frozenset[str] = frozenset(),
    min_occurrences: int = 3,
    min_success_rate: float = 0.6,
) -> Profile:
    """The user's profile from all their summaries and memories; the same for the same sources in
    any order. No usable source gives an empty profile (content ""); the caller decides what then.

    Latest wins: for each slot (where the user lives, their editor...) and each preference topic only
    the most recent statement counts, so "I moved to Berlin" replaces "I live in Paris" and "I don't
    like coffee" replaces "I like coffee". Sources in `superseded_ids` are left out entirely. Habits
    enter the profile only as patterns; tools are counted as patterns too.
    """

    def chronological(s: ProfileSource) -> tuple[datetime, str, str]:
        return as_utc(s.created_at), s.id, s.content

    unique = {s.id: s for s in sorted(sources, key=chronological)}  # a repeated id: its latest version
    used = sorted((s for s in unique.values() if s.id not in superseded_ids), key=chronological)
    if not used:
        return Profile("", {}, (), ())
    # a superseded source whose successor is known still states what the successor does not speak to
    replaced = sorted((s for s in unique.values() if s.id in superseded_ids and s.successor in unique),
                      key=chronological)

    latest: _Latest = {}
    occurrences: dict[tuple[str, str], Occurrences] = {}
    topic_of_slot: dict[str, str] = {}  # "slot:drink" -> "topic:coffee" while that slot says coffee
    stated: dict[str, set[str]] = {}  # item text -> ids of the sources that state it
    clauses = Stated()
    position = {s.id: i for i, s in enumerate(used)}
    # one pass in time order: a superseded source is read where it was said, so a newer statement of the
    # same attribute (from a current source) still replaces what it states
    for source in sorted((*used, *replaced), key=chronological):
        if source.id in superseded_ids:
            _read_replaced(clauses, sum(chronological(u) < chronological(source) for u in used) - 0.5, source,
                           unique[source.successor])
            continue
        index = position[source.id]
        facts, states, found = source.extracted or extract(source.content)
        covered = _read_slots(source, index, latest, topic_of_slot, facts, stated, states)
        _read_facts(source, index, covered, latest, topic_of_slot, occurrences, facts, stated)
        clauses.read(index, source.id, found, one_time=not source.summary)
    clauses.forget_old_notes([s.created_at for s in used])
    patterns = _patterns(occurrences, used, latest, stated, min_occurrences, min_success_rate)
    current_lines(clauses, latest, stated)
    _past_lines(clauses, latest, stated)
    sections = _sections(latest)
    if retired := clauses.retired_clauses():
        sections["retired"] = tuple(retired)  # what the session block strikes in the summaries it quotes
        stated.update({clause: {sid} for clause, sid in retired.items()})
    shown = {text for items in sections.values() for text in items} | {p[0] for p in patterns}
    # each item cites its newest source: the statement that makes it current
    order = {s.id: chronological(s) for s in (*used, *replaced)}
    cited = {text: (max(stated[text], key=order.__getitem__),) for text in sorted(shown) if text in stated}
    content = _render(sections, patterns, cited)
    read = sorted((*used, *replaced), key=chronological)  # a superseded source read for what it still states
    return Profile(content, sections, tuple(s.id for s in read), tuple(patterns), cited)


def _read_replaced(clauses: Stated, index: float, source: ProfileSource, successor: ProfileSource) -> None:
    clauses.read(index, source.id, not_replaced((source.extracted or extract(source.content))[2],
                                                (successor.extracted or extract(successor.content))[2]))


def _past_lines(clauses: Stated, latest: _Latest, stated: dict[str, set[str]]) -> None:
    """Stopped states into the `past` section (out of the text), unless a current line says the same."""
    shown_now = {line for _, line, _, _ in clauses.current.values()}
    for line, (idx, sid) in clauses.past.items():
        if line not in shown_now:
            stated[line] = {sid}
            latest[f"past:{line}"] = ((idx, 0), "past", line)


def _identity_rank(key: str) -> int:
    kind = key.removeprefix("slot:").split(":")[0]
    return _IDENTITY_ORDER.index(kind) if kind in _IDENTITY_ORDER else len(_IDENTITY_ORDER)
