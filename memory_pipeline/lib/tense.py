"""Which way a date expression points, read from the grammar of the clause it sits in.

A date that names no direction of its own ("on Friday", "14 March", "on the 12th", "Christmas Eve",
"in September") is the next one when the clause speaks of a plan or the future, the last one when it
speaks of the past. The reader looks only at grammar: finite past verbs (the irregular past forms, and
regular "-ed" forms that no "be" or determiner turns into an adjective or passive), the perfect, the
future ("will", "'ll", "shall", "going to", "gonna", "about to"), modals, verbs of planning or
commitment taking an infinitive ("plan to", "signed up to"), and the present tense (a present "be" or a
progressive "-ing"), which with a day that is not today speaks of an arrangement.

The verb nearest the expression in its clause decides; a clause without any looks at its neighbour in
the same sentence (a fronted "On Friday, we ..." at the next one, a trailing phrase at the one before).
A sentence with no tense at all (a note: "dentist on Friday") reads as present, so forward.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from memory_pipeline.lib.vocab.tense import (
    ARRANGEMENT_VERBS,
    COMMITMENT_VERBS,
    CONJUNCTIONS,
    DETERMINERS,
    FUTURE_WORDS,
    IRREGULAR_PAST,
    MODALS,
    NOT_BEFORE_PAST,
    NOT_PAST_ED,
    NOT_VERBS,
    PARTICIPLES,
    PERFECT,
    PERFECT_ADVERBS,
    PLAIN_SUBJECTS,
    PRESENT_BE,
    PRONOUNS_IS,
    REPORTING_VERBS,
    SAME_PAST,
    SUBJECT_PRONOUNS,
)

PAST, FUTURE, PRESENT = "past", "future", "present"

# A stop inside "v4.2" or "8:40" is no boundary.
_TOKEN = re.compile(r"[A-Za-z]+(?:['’][A-Za-z]+)*|[.!?;:](?=\s|$)|[\n()\"]|[—–]| - |,")
_REPORTED = 2  # a segment's end: a reported clause starts after it (truthy: it ends a "sentence" too)
_STRONG = frozenset(".!?;:\n()\"—–") | {" - "}
_OBJECTS = frozenset({"it", "them", "him", "her", "me", "us"})


@dataclass(frozen=True)
class Tense:
    """The clause's reading: past, future or present, and the word that decided it ("" when none did)."""

    tense: str
    cue: str

    @property
    def forward(self) -> bool:
        return self.tense != PAST


_NONE = Tense(PRESENT, "")


def _tokens(text: str) -> list[tuple[str, int, int]]:
    return [(m.group(), m.start(), m.end()) for m in _TOKEN.finditer(text)]


def _reading(toks: list[str], i: int) -> str | None:
    """The tense token i marks, given its neighbours, or None."""
    w = toks[i].lower().replace("’", "'")
    prev = toks[i - 1].lower().replace("’", "'") if i > 0 else ""
    nxt = toks[i + 1].lower() if i + 1 < len(toks) else ""
    if w in FUTURE_WORDS or w.endswith("'ll") or (w == "going" and nxt == "to") or (w == "about" and nxt == "to"):
        return FUTURE
    if w in MODALS:
        return FUTURE
    if w in PERFECT and nxt == "to":
        return PAST if w.startswith("had") else FUTURE  # "have to" is an obligation ahead
    if not COMMITMENT_VERBS.isdisjoint(_stems(w)) and (
        nxt == "to" or (nxt == "up" and i + 2 < len(toks) and toks[i + 2].lower() in ("to", "for"))
    ):
        return FUTURE  # the infinitive's event lies ahead of the planning, whatever its tense
    if w in ("have", "has", "haven't", "hasn't") or w.endswith("'ve"):
        return _have(toks, i)
    if w == "got" and (prev in ("have", "has") or prev.endswith("'ve")):
        return None  # "I've got": possession, read at "have"
    if w in PERFECT or w in IRREGULAR_PAST:
        return PAST
    if w in SAME_PAST and prev.isalpha() and prev not in DETERMINERS and prev not in NOT_BEFORE_PAST \
            and prev not in PRESENT_BE:
        return PAST  # "I quit", "the manager quit": a present "she quits" would show its -s
    if (w in PRESENT_BE and w not in ("be", "being")) or w.endswith(("'re", "'m")):
        return PRESENT  # a bare "be" follows a modal or "to", which speak for it
    if w.endswith("'s") and w[:-2] in PRONOUNS_IS:
        return PRESENT
    if (w.endswith("ed") and len(w) > 3 and w.isalpha() and w not in NOT_PAST_ED and not w.endswith("eed")) or (
            w in PARTICIPLES and w not in ("been", "had")):
        if prev in DETERMINERS or prev in PRESENT_BE or prev in ("get", "gets") or prev.endswith(("'re", "'m", "'s")):
            return None  # "the booked room", "is booked", "gets delivered": an adjective or a present passive
        if prev in _OBJECTS and i > 1 and toks[i - 2].isalpha():
            return None  # "get it done", "have them fixed": the causative's verb before holds the tense
        return PAST
    if w.endswith("ing") and len(w) > 5 and w.isalpha() and not w.endswith(("thing", "morning", "evening")) \
            and w != "during" and (prev in PRESENT_BE or prev == "" or prev in _STRONG):
        return PRESENT  # "we are painting", or a note's "hosting lunch on Sunday"
    adverb = len(w) > 4 and w.endswith("ly") and not w.endswith("ply")  # "finally", not "fly" or "reply"
    if prev in PLAIN_SUBJECTS and w.isalpha() and not adverb and w not in NOT_VERBS:
        return PRESENT  # the simple present after "I", "we", "they": "we fly out in May" is an arrangement
    return None


def _have(toks: list[str], i: int) -> str:
    """"have" with a participle is the perfect (past); "have got" and "have a" are possession (present)."""
    j = i + 1
    if j < len(toks) and toks[j].lower() in SUBJECT_PRONOUNS:
        j += 1  # a question's "have you been"
    while j < len(toks) and toks[j].lower() in PERFECT_ADVERBS:
        j += 1
    nxt = toks[j].lower() if j < len(toks) else ""
    if nxt == "got":
        return PRESENT
    if nxt in IRREGULAR_PAST or nxt in PARTICIPLES or (nxt.endswith(("ed", "en", "wn")) and len(nxt) > 3):
        return PAST
    return PRESENT


def _stems(w: str) -> set[str]:
    """The word and what it may be an inflection of ("planning" -> "plan", "hoping" -> "hope")."""
    return {w, w[:-1], w[:-2], w[:-3], w[:-4], w[:-3] + "e"}


def _reports(toks: list[tuple[str, int, int]], i: int) -> bool:
    """A verb of saying or thinking that opens a clause ("said that", "told us the", "thinks she")."""
    if toks[i][0].lower() not in REPORTING_VERBS or i + 1 >= len(toks):
        return False
    nxt = toks[i + 1][0].lower()
    if nxt in ("me", "us", "him", "them") and i + 2 < len(toks):  # "told us the ..."
        nxt = toks[i + 2][0].lower()
    return nxt == "that" or nxt in SUBJECT_PRONOUNS or nxt in DETERMINERS


def _segments(toks: list[tuple[str, int, int]]) -> list[tuple[int, int, bool | int]]:
    """(first, last+1, ends the sentence: True, or _REPORTED before a reported clause) token ranges between
    commas, conjunctions and stops."""
    out: list[tuple[int, int, bool | int]] = []
    first = 0
    for i, (w, _, _) in enumerate(toks):
        strong = w in _STRONG
        if strong or w == "," or w.lower() in CONJUNCTIONS:
            out.append((first, i, strong))
            first = i + 1
        elif _reports(toks, i):
            # "she said the parcel comes on Monday": the reported clause keeps its own tense, and the
            # saying's tense does not reach it.
            out.append((first, i + 1, _REPORTED))
            first = i + 1
    out.append((first, len(toks), True))
    return out


def _nearest(words: list[str], lo: int, hi: int, e_lo: int, e_hi: int, marks: dict[int, str | None]
             ) -> Tense | None:
    best: tuple[int, int, int] | None = None
    for i in range(lo, hi):
        if e_lo <= i < e_hi or marks.get(i) is None:
            continue
        # nearest first; ties go to the verb before the expression
        key = (e_lo - i, 0, i) if i < e_lo else (i - e_hi + 1, 1, i)
        if best is None or key < best:
            best = key
    return Tense(marks[best[2]], words[best[2]].lower()) if best else None


@lru_cache(maxsize=64)
def _analyse(text: str) -> tuple[list[tuple[str, int, int]], list[str], dict[int, str | None], list]:
    toks = _tokens(text)
    words = [t[0] for t in toks]
    return toks, words, {i: _reading(words, i) for i in range(len(words))}, _segments(toks)


def tense_of(text: str, start: int, end: int) -> Tense:
    """How the clause around text[start:end] places it in time."""
    toks, words, marks, segs = _analyse(text)
    inside = [i for i, t in enumerate(toks) if t[1] < end and t[2] > start]
    if not inside:
        return _NONE
    e_lo, e_hi = inside[0], inside[-1] + 1
    if words[e_lo].lower() == "since":
        return Tense(PAST, "since")
    if e_lo > 0 and words[e_lo - 1].lower() == "since":
        return Tense(PAST, "since")
    k = next(j for j, (lo, hi, _) in enumerate(segs) if lo <= e_lo <= hi)
    if words[e_lo].lower() in ("for", "to") or (e_lo > 0 and words[e_lo - 1].lower() in ("for", "to")):
        verb = next((words[i] for i in range(segs[k][0], e_lo) if not ARRANGEMENT_VERBS.isdisjoint(_stems(
            words[i].lower()))), None)
        if verb:
            return Tense(FUTURE, verb.lower())  # the arrangement's date, whenever it was made
    order = [k]
    # A fronted phrase ("On Friday, we ...") belongs with what follows; a trailing one with what precedes.
    fronted = segs[k][0] == e_lo
    sentence = _sentence(segs, k)
    neighbours = sorted((j for j in sentence if j != k), key=lambda j: (abs(j - k), (j < k) == fronted))
    order += neighbours
    for j in order:
        found = _nearest(words, segs[j][0], segs[j][1], e_lo, e_hi, marks)
        if found:
            return found
    # A sentence without a verb ("Anything fun over the weekend?") carries on the one before it.
    if sentence[0] > 0 and segs[sentence[0] - 1][2] is True:
        before = _sentence(segs, sentence[0] - 1)
        found = _nearest(words, segs[before[0]][0], segs[before[-1]][1], e_lo, e_hi, marks)
        if found:
            return found
    return _NONE


def _sentence(segs: list[tuple[int, int, bool]], k: int) -> list[int]:
    """The indices of the segments of segment k's sentence."""
    lo = k
    while lo > 0 and not segs[lo - 1][2]:
        lo -= 1
    hi = k
    while not segs[hi][2]:
        hi += 1
    return list(range(lo, hi + 1))


class ClauseTense:
    """The tense of the clause around text[start:end], read only when a handler asks for it, so a date
    records a tense only when the tense decided its direction."""

    def __init__(self, text: str, start: int, end: int) -> None:
        self._where = (text, start, end)
        self.read: Tense | None = None

    def _get(self) -> Tense:
        if self.read is None:
            self.read = tense_of(*self._where)
        return self.read

    @property
    def forward(self) -> bool:
        return self._get().forward

    @property
    def cue(self) -> str:
        return self._get().cue
