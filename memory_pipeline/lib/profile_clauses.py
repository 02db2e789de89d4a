"""The profile's first-person statements (lib/extract/statements.py) over time: the newest per attribute
wins, a stopped or negated state ends what it names, a value named as no longer so ends the lines
holding it, a superseded memory keeps what its successor does not speak to."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta

from memory_pipeline.lib.extract.clause_words import content_words, stems
from memory_pipeline.lib.extract.statements import Statement
from memory_pipeline.lib.timestamps import as_utc
from memory_pipeline.lib.vocab.profile_words import ALL_HEADS, FUNCTION_WORDS, LIKING

# How long a statement without a relation head counts as current (chosen on probes-dev, in-sample:
# 120 days kept 44 of 71 current items and let 6 of 54 stale ones through; no window: 47 and 12)
NOTE_DAYS = 120
# ... and while the memory that says it states a relation still current, up to twice as long (chosen on
# probes-dev, in-sample: a goal said with last year's count stays, a sales territory said 10 months ago goes)
LIVE_NOTE_DAYS = 2 * NOTE_DAYS
_HEAD_WORDS = frozenset(ALL_HEADS)
_LIKING_WORDS = frozenset(w for w, relation in ALL_HEADS.items() if relation in LIKING)
# what the user does for work reads as one line
_WORK = frozenset({"job", "role", "occupation"})
# how a line names the value of its relation first
_DASH = " \u2014 "
SAYS = {"residence": "Lives in", "job": "Works at", "role": "Works at", "spouse": "Married to"}
# people one is a partner to: "person:girlfriend" lines a newer partner statement naming them replaces
_PARTNER = frozenset({"husband", "wife", "partner", "girlfriend", "boyfriend", "fiance", "fiancee"})
_PARTNER_KEYS = [["person", noun] for noun in sorted(_PARTNER)]


def rendered(st: Statement) -> str:
    """The statement's line, with the value of its relation named first ("Works at Wise — Starting at
    Wise as a staff engineer") unless the line already begins so."""
    says = SAYS.get(st.relation)
    if not st.value or not says or st.line.lower().startswith(f"{says} {st.value}".lower()):
        return st.line
    return f"{says} {st.value}{_DASH}{st.line}"


@dataclass
class Stated:
    """Current statements by attribute key, and stopped states; each with its newest source."""

    current: dict[str, tuple[int, str, str, frozenset[str]]] = field(default_factory=dict)
    past: dict[str, tuple[int, str]] = field(default_factory=dict)
    frames: dict[str, frozenset[str]] = field(default_factory=dict)
    valued: set[str] = field(default_factory=set)  # attributes whose current statement names a value
    retired: dict[str, str] = field(default_factory=dict)  # clauses a newer statement replaced or ended -> source
    people: set[str] = field(default_factory=set)  # names the user gave a relation to ("my manager Priya")

    def read(self, index: int, source_id: str, found: Sequence[Statement], one_time: bool = True) -> None:
        """`one_time`: the source was said at one time (a memory, not a summary of many)."""
        for st in found:
            for value in st.stale:  # "Cypress, not Playwright": a value named as no longer so
                named = re.compile(rf"\b{re.escape(value.lower())}\b")
                self._drop(lambda key, line, words, named=named: named.search(line.lower()) is not None)
            if not st.line:
                continue  # another person's contrast: it only retires a value
            if st.ends and not st.past:
                # a negated state ("we don't have a car") ends the older statements holding most of it
                named = stems(st.words)
                self._drop(lambda key, line, words, n=named: len(n & stems(words)) * 2 > len(n))
            elif st.ends:
                # a stopped state ends the older statements holding what it names, and the older value
                # of its own attribute
                ended, own = stems(st.words), st.key
                initials = {w for w in st.line.split() if w.isupper() and 2 <= len(w) <= 5}
                self._trim(ended, st.key)
                self._drop(lambda key, line, words, e=ended, k=own, a=initials:
                           _ends(e, words) or key == k or any(_spells(x, line) for x in a))
            self._relation_said_again(st)
            if st.past:
                self.past[st.line] = (index, source_id)
            else:
                # the same frame with another value ("we're 7 now", "we're 9 people now"): the newer holds
                # (a liking's key names its thing: "I like tea" shares a frame with "I like coffee")
                if st.relation not in LIKING:
                    self._drop(lambda key, line, words, f=st.frame: _same_frame(f, self.frames.get(key)))
                # a choice among named alternatives ("torn between A and B") is settled by a newer statement
                # naming one of them ("committed to A")
                named = _names(st)
                self._drop(lambda key, line, words, n=named: key.startswith("note:")
                           and _settles(n, _names_of(words, self.frames.get(key))))
                # a statement that names no value ("signed the lease for a new flat") cannot replace
                # one that does ("lives in Paris"): it stands beside it
                key = st.key if st.value or st.key not in self.valued else f"{st.key}:{st.line}"
                line, words = rendered(st), st.words
                held = self.current.get(st.key)
                if held and st.value and st.value.lower() in held[1].lower() and st.relation != "theirs":
                    # the same value again ("second day at Orbis" after "joining Orbis as a data analyst"):
                    # the newer source states both (a person's news is no value: their newest holds)
                    line, words = f"{line} | {held[1].split(_DASH, 1)[-1]}", words | held[3]
                elif held and st.value and one_time and held[2] == source_id and key == st.key:
                    # two values in one memory ("arrived in Amsterdam! the flat is in De Pijp"): what is said
                    # at one time does not replace itself, so both hold (a place within a place)
                    line, words = f"{held[1]} | {line}", words | held[3]
                elif key in self.current:
                    self.retired.update(dict.fromkeys(clauses_of(self.current[key][1]), self.current[key][2]))
                self.current[key] = (index, line, source_id, words)
                for clause in clauses_of(line):  # said again (a memory a summary quotes): not retired by itself
                    self.retired.pop(clause, None)
                self.frames[key] = st.frame
                if key == st.key:
                    (self.valued.add if st.value else self.valued.discard)(key)
                    # a new value replaces the lines that stood beside the old one
                    self._drop(lambda k, line, words, own=key: k.startswith(f"{own}:") and ":" not in own)

    def _relation_said_again(self, st: Statement) -> None:
        """What a newer statement of a person or a liking ends besides its own attribute."""
        if st.relation in ("person", "spouse", "partner", "children", "pet"):
            # "married to Ana", "a son, Idris", "a dog, Pepper": the names it holds are the user's people (and
            # animals), whose news the profile then states
            self.people.update({st.value.lower()} if st.value else _names(st))
        if st.relation in LIKING:
            # "I love coffee" after "I hate drinking coffee": a newer liking of the same thing holds
            liked = stems(st.words - _LIKING_WORDS)
            self._drop(lambda key, line, words: key.split(":")[0] in LIKING and bool(liked) and liked <= stems(words))
        if st.relation == "partner":
            # "married Theo" after "my boyfriend Theo": a partner named again in another standing
            self._drop(lambda key, line, words: key.split(":")[:2] in _PARTNER_KEYS and bool(st.words & words - _PARTNER))

    def retired_clauses(self) -> dict[str, str]:
        """The clauses (as `statements` words them) no longer current, each with the source that said it:
        what a summary quoting them says of the past."""
        now = {c for _, line, _, _ in self.current.values() for c in clauses_of(line)}
        return {c: sid for c, sid in sorted(self.retired.items()) if c not in now}

    def forget_old_notes(self, times: Sequence[datetime], superseded: frozenset[str] = frozenset()) -> None:
        """A clause without a relation head cannot be replaced by attribute, so it counts as current only
        while recent: from the user's last NOTE_DAYS days (`times`: the current sources' times, in order)."""
        def first_after(days: int) -> int:
            since = as_utc(times[-1]) - timedelta(days=days)
            return next((i for i, t in enumerate(times) if as_utc(t) >= since), len(times))

        recent, live_recent = first_after(NOTE_DAYS), first_after(LIVE_NOTE_DAYS)
        # a memory whose statement of a relation still holds keeps its notes ("my goal now is 30 more"
        # keeps "ran 38 races over the years"): the memory is current, not old talk; a superseded one is not
        live = {sid for k, (_, _, sid, _) in self.current.items()
                if not k.startswith(("note:", "theirs:")) and sid not in superseded}
        for key in [k for k, v in self.current.items() if k.startswith(("note:", "theirs:")) and v[0] < recent
                    and (k.startswith("theirs:") or v[2] not in live or v[0] < live_recent)]:  # news gets old
            del self.current[key]

    def _trim(self, ended: frozenset[str], own: str) -> None:
        """A stopped state names one of two things a clause joins with "and": the line keeps the other
        ("Uses Rhino for drafting and Krita for sketching" after "Rhino is finished": "Uses Krita for sketching")."""
        for key, (idx, line, sid, words) in list(self.current.items()):
            if key == own or not _ends(ended, words):
                continue
            parts = [_trimmed(part, lambda w, e=ended: _ends(e, w)) for part in line.split(" | ")]
            if all(parts) and parts != line.split(" | "):
                self.retired.update({c: sid for c in clauses_of(line)})
                text = " | ".join(parts)
                self.current[key] = (idx, text, sid, content_words(text))

    def _drop(self, ended: Callable[[str, str, frozenset[str]], bool]) -> None:
        for key, (_, line, sid, words) in list(self.current.items()):
            if ended(key, line, words):
                self.retired.update(dict.fromkeys(clauses_of(line), sid))
                del self.current[key]
                self.valued.discard(key)


def clauses_of(line: str) -> list[str]:
    """The clauses a profile line joins, without the value named first."""
    return [part.split(_DASH, 1)[-1] for part in line.split(" | ")]


def not_replaced(said: Sequence[Statement], successor: Sequence[Statement]) -> list[Statement]:
    """The statements of a superseded source its successor does not speak to: not the same attribute,
    not half of its content words in what the successor states ("site engineer at Kestrel" stays when "moved off Derby" supersedes
    "site engineer at Kestrel, currently on the Derby bridge job"; "studying for a diploma in garden design"
    stays when "passed part 2 of the diploma" supersedes its memory). A statement naming a value (a place, an
    organisation) is replaced only by one naming a value for its attribute or speaking to that value: as in
    `Stated.read`, a newer statement naming none ("promoted to team lead") stands beside it ("works at Acme")."""
    keys = {st.key for st in successor}
    valued = {st.key for st in successor if st.value}
    # only what the successor states counts: a plan or another person's news replaces nothing
    spoken = stems(frozenset().union(*(st.words for st in successor if st.relation != "theirs")) - _HEAD_WORDS)

    def replaced(st: Statement) -> bool:
        if st.value:
            return st.key in valued or bool(stems(content_words(st.value)) & spoken)
        return st.key in keys or _ends(stems(st.words - _HEAD_WORDS), spoken)

    if len(said) == 1 and not said[0].value and spoken and not stems(said[0].words) & spoken:
        # one statement naming no value, and a successor stating something of the user's in other words
        # ("we bought a flat in Porto" for "weekdays I'm mostly in Lisbon"): only this one can be replaced
        return []
    kept = []
    for st in said:
        if not replaced(st):
            kept.append(st)
            continue
        # "uses Affinity and Evernote" after the notes leave Evernote: the half it does not speak to stays
        line = "" if st.value or " | " in st.line else _trimmed(st.line, lambda w: bool(stems(w) & spoken))
        if line and line != st.line:
            kept.append(replace(st, key=f"{st.key}:{line}", line=line, words=content_words(line)))
    return kept


def current_lines(clauses: Stated, latest: dict, stated: dict[str, set[str]]) -> None:
    """Current statements into `latest`; what the user does for work (employer, role, occupation) reads
    as one line, newest first, cited by its newest source."""
    work = sorted(((idx, line, sid) for key, (idx, line, sid, _) in clauses.current.items()
                   if key.split(":")[0] in _WORK), reverse=True)
    if work:
        line = _joined(w[1] for w in work)
        stated[line] = {work[0][2]}
        latest["said:work"] = ((work[0][0], 0), "current", line)
    by_source: dict[tuple[str, bool], list[tuple[int, str]]] = defaultdict(list)
    # a memory with news of the user's people: its other people's news is said beside it ("Pip got a
    # playmate on Saturday: Tilly, a spaniel pup")
    told = {sid for key, (_, _, sid, _) in clauses.current.items()
            if key.startswith("theirs:") and key.split(":")[1] in clauses.people}
    for key, (idx, line, sid, _) in clauses.current.items():
        if key.startswith("theirs:") and sid not in told:
            continue  # news of someone the user never named as theirs
        if key.split(":")[0] not in _WORK:
            # another person's news reads apart from what the user states of themself
            by_source[sid, key.startswith("theirs:")].append((idx, line))
    for (sid, _), said in by_source.items():
        # what one memory still states reads as one line, in the memory's order, citing it
        text = _joined(line for _, line in said)
        stated[text] = {sid}
        latest[f"said:{text}"] = ((said[0][0], 0), "current", text)


def _joined(lines: Iterable[str]) -> str:
    """Lines as one, each clause once and each value named first once: "Works at Orbis — Second day at Orbis
    | Joining Orbis as a data analyst"."""
    out, named = [], set()
    for part in (part for line in lines for part in line.split(" | ")):
        value, _, clause = part.rpartition(_DASH)
        out.append(clause if value in named else part)
        named.add(value)
    return " | ".join(dict.fromkeys(out))


def _trimmed(part: str, gone: Callable[[frozenset[str]], bool]) -> str:
    """A line's part without the "and" conjuncts whose words are `gone` (a stopped state names them, a
    successor speaks to them; "" when every one is); an object left first keeps the verb it followed."""
    value, dash, clause = part.rpartition(_DASH)
    conjuncts = clause.split(" and ")
    kept = [c for c in conjuncts if not gone(content_words(c))]
    if not kept:
        return ""
    first = kept[0]
    if first != conjuncts[0]:
        first = f"{conjuncts[0].split()[0]} {first}" if first[:1].isupper() or first[:1].isdigit() else first
    return value + dash + " and ".join([first[:1].upper() + first[1:], *kept[1:]])


def _ends(ended: frozenset[str], words: frozenset[str]) -> bool:
    """A stopped state ends an older statement holding at least half of what it names."""
    return bool(ended) and len(ended & stems(words)) * 2 >= len(ended)


def _spells(acronym: str, line: str) -> bool:
    """"IF" for "intermittent fasting": consecutive words whose initials spell the acronym."""
    initials = "".join(w[:1] for w in line.lower().split() if w not in FUNCTION_WORDS)
    return acronym.lower() in initials


def _names(st: Statement) -> frozenset[str]:
    return _names_of(st.words, st.frame)


def _names_of(words: frozenset[str], frame: frozenset[str] | None) -> frozenset[str]:
    """The values a statement names: its words that its frame masks (names and numbers)."""
    return frozenset(w for w in words - (frame or frozenset()) if not any(c.isdigit() for c in w))


def _settles(new: frozenset[str], old: frozenset[str]) -> bool:
    return len(old) >= 2 and bool(new & old) and not old <= new


def _same_frame(new: frozenset[str], old: frozenset[str] | None) -> bool:
    """Two statements of one frame with other values; a one-word frame counts only with a number in both."""
    if not new or not old:
        return False
    shortest = 1 if "#" in new and "#" in old else 2
    if min(len(new - {"#"}), len(old - {"#"})) < shortest:
        return False
    return len(new & old) / len(new | old) >= 0.5
