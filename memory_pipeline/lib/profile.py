"""The rule-based procedural profile: one per user, rebuilt from its sources, with the rule for learned
patterns (seen at least 3 times, success rate above 0.6 where outcomes were recorded)."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from memory_pipeline.lib import extract as ex
from memory_pipeline.lib.digest import without_dates
from memory_pipeline.lib.extract import Fact
from memory_pipeline.lib.extract.clause_words import content_words
from memory_pipeline.lib.extract.statements import Statement, said_by_user, statements
from memory_pipeline.lib.fields import user_fields
from memory_pipeline.lib.profile_clauses import SAYS, Stated, current_lines, not_replaced
from memory_pipeline.lib.profile_patterns import Occurrences, count_seen, representative
from memory_pipeline.lib.timestamps import as_utc
from memory_pipeline.lib.vocab.profile_words import CESSATION, FUNCTION_WORDS

# the sections an LLM engine may also fill; the rules fill identity (an e-mail address), current (the
# clause reader's statements), habits, past and retired
SECTIONS = ("identity", "current", "preferences", "tools", "habits", "constraints", "avoid", "past", "retired")
# Items per section in the readable text; `sections` keeps them all.
MAX_ITEMS_IN_CONTENT = 8
PAST_LABEL = "Past:"  # what opens the line of stopped states


# What the rules read from one source's text: its habits and e-mail addresses (the pattern rules), and its
# statements (the clause reader)
Extracted = tuple[tuple[Fact, ...], tuple[Statement, ...]]


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


def extract(content: str, summary: bool = False) -> Extracted:
    if summary:  # a summary's date resolutions are ours, not the user's words: "(May 2025, now past)" is no clause
        content = without_dates(content)
    facts = tuple(f for f in ex.extract_facts(content) if f.kind in (ex.HABIT, ex.EMAIL))
    return facts, _with_fields(content, statements(content, profile=True))


# a note's "key: value" line whose key names a relation (lib/fields.py: "City: Leeds", "Employer: Acme"),
# as the clause reader names the relation; its line is worded as `profile_clauses.rendered` words one
_FIELD_RELATIONS = {"residence": "residence", "employment": "job", "role": "title"}


def _with_fields(content: str, said: list[Statement]) -> tuple[Statement, ...]:
    """The clause reader's statements, with the user's fields as statements of their relation. The
    clause reader reads such a line as a note or names its key as the value ("Employer, Acme"): those
    readings give way to the field's."""
    found = [(f, _FIELD_RELATIONS[r]) for f, r in user_fields(content) if r in _FIELD_RELATIONS]
    if not found:
        return tuple(said)
    keys = tuple(f"{' '.join(f.key)}," for f, _ in found)
    kept = [st for st in said if not st.line.lower().startswith(keys)]
    return tuple(kept) + tuple(
        Statement(relation, f"{SAYS.get(relation, 'Is')} {f.value}", False, content_words(f.value), relation=relation,
                  value=f.value)
        for f, relation in found)


@dataclass(frozen=True)
class Profile:
    """`sections` holds only non-empty sections, in SECTIONS order, most recent item first.
    `patterns` are (habit, times seen, success rate or None when no outcome was recorded)."""

    content: str
    sections: dict[str, tuple[str, ...]]
    source_ids: tuple[str, ...]
    patterns: tuple[tuple[str, int, float | None], ...]
    # item text -> the sources that state it (what an explanation cites)
    fact_sources: dict[str, tuple[str, ...]] = field(default_factory=dict)
    method: str | None = None  # who wrote it; None: the engine's method for profiles


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
    block) can tell which memory says so. Stopped states end the text on one line that names them as
    past ("Past: Quit nursing [m4]"): that the user stopped is itself a current fact, and an
    agent told it suggests no nursing jobs."""

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
    for name, label in labels:  # an LLM engine's sections
        if items := shown(name):
            lines.append(f"{label}: {'; '.join(items)}.")
    habits = [p for p in patterns if p[0] in sections.get("habits", ())][:MAX_ITEMS_IN_CONTENT]
    if habits:
        described = [
            f"{value} (seen {n} times{'' if rate is None else f', {round(rate * 100)}% successful'})"
            for value, n, rate in habits
        ]
        lines.append(f"Habits: {'; '.join(described)}.")
    if past := shown("past"):  # one line, " | " between items: the line's first words mark each as past
        lines.append(f"{PAST_LABEL} {' | '.join(cite(line) for line in past)}")
    return "\n".join(lines)


# key -> (recency, section, text); later sources overwrite earlier ones
_Latest = dict[str, tuple[tuple[int, int], str, str]]


def _read_facts(source: ProfileSource, index: int, latest: _Latest, occurrences: dict[str, Occurrences],
               facts: Sequence[Fact], stated: dict[str, set[str]]) -> None:
    """The source's habits counted in `occurrences`; an e-mail address the user gives as theirs into `latest`."""
    for position, fact in enumerate(facts, start=1000):
        if fact.kind == ex.HABIT:
            occ = occurrences.setdefault(ex.habit_key(fact.value), Occurrences(Counter(), []))
            occ.values[fact.value] += 1
            occ.evidence.append((" ".join(fact.text.lower().split()), index, source.outcome))
        elif said_by_user(source.content, fact.value):
            text = f"can be reached at {fact.value}"
            latest["email"] = ((index, position), "identity", text)
            stated.setdefault(text, set()).add(source.id)


def _patterns(
    occurrences: dict[str, Occurrences],
    used: Sequence[ProfileSource],
    latest: _Latest,
    stated: dict[str, set[str]],
    min_occurrences: int,
    min_success_rate: float,
) -> list[tuple[str, int, float | None]]:
    """Habits seen often enough with a good enough success rate (seed 001), also into `latest`."""
    patterns: list[tuple[str, int, float | None]] = []
    contents = [s.content for s in used]
    for occ in occurrences.values():
        seen, rate = count_seen(occ, contents)
        if seen >= min_occurrences and (rate is None or rate > min_success_rate):
            value = representative(occ.values)
            patterns.append((value, seen, None if rate is None else round(rate, 3)))
            stated.setdefault(value, set()).update(used[i].id for _, i, _ in occ.evidence)
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

    Latest wins: the clause reader's statements over time (lib/profile_clauses.py), so "I moved to
    Berlin" replaces "I live in Paris" and "I don't like coffee" replaces "I like coffee". Sources in
    `superseded_ids` are read only for what their successor does not speak to. Habits enter the profile
    only as patterns.
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
    occurrences: dict[str, Occurrences] = {}
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
        facts, found = source.extracted or extract(source.content, source.summary)
        _read_facts(source, index, latest, occurrences, facts, stated)
        clauses.read(index, source.id, found, one_time=not source.summary)
    clauses.forget_old_notes([s.created_at for s in used], superseded_ids)
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
    clauses.read(index, source.id, not_replaced((source.extracted or extract(source.content, source.summary))[1],
                                                (successor.extracted or extract(successor.content, successor.summary))[1]))


def _past_lines(clauses: Stated, latest: _Latest, stated: dict[str, set[str]]) -> None:
    """Stopped states into the `past` section, unless a current line says the same or the state names
    nothing but its own end."""
    shown_now = {line for _, line, _, _ in clauses.current.values()}
    for line, (idx, sid) in clauses.past.items():
        if line not in shown_now and {w.split("'")[0] for w in content_words(line) - CESSATION} - FUNCTION_WORDS:
            stated[line] = {sid}
            latest[f"past:{line}"] = ((idx, 0), "past", line)

