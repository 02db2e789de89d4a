"""A structural change detector for two statements of one user: does the newer one replace a value
the older one states? No phrase list per slot: values are named things (capitalised phrases, numbers,
identifiers such as time zones), and a value is replaced when

- the newer statement names the old value in a departure context ("I left Northwind", "a change from
  Boston", "my previous analyst title") and names another value near it, or
- the newer statement names a different value in the same frame (the content words around it, e.g.
  "time" in "time zone is America/New_York" and "use Central time") and says something changed
  ("now", "going forward", "switched", ...).

Used by the local engine on candidate pairs chosen by embedding similarity and time order.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import lru_cache

from memory_pipeline.lib.digest import speaker_of
from memory_pipeline.lib.summarize import split_sentences
from memory_pipeline.lib.text import STOP_WORDS
from memory_pipeline.lib.vocab.change import (
    ADDITIVE,
    ANYMORE,
    CHANGE_VERBS,
    DEPARTURE_AFTER,
    DEPARTURE_BEFORE,
    DROPPED_BEFORE,
    DROPPING_CUE,
    FRAME_CLASSES,
    FRAME_STOP,
    NEGATED_CUE,
    NEGATION,
    NOT_VALUES,
    RESTATED_CUE,
    SWITCH,
    TIME_WORDS,
)

_TOKEN = re.compile(r"[A-Za-z0-9][\w'/&.-]*[\w]|[A-Za-z0-9]|[,;:()\u2013\u2014]|\s-\s")
_BREAK = "|"  # a clause boundary: a value never spans it ("Yeah, Gina" is no name "Yeah Gina")
_SPEAKER = re.compile(r"^\s*[A-Z][\w ]{0,30}:\s+")  # "User: ", "Caroline: " (a transcript's speaker)
_CONNECTORS = frozenset({"of", "de", "&", "and", "la", "van", "von", "du"})
FRAME_WINDOW = 4


@dataclass(frozen=True)
class Change:
    old_value: str
    new_value: str
    how: str  # departure | restated | extended | switched
    relation: str | None = None  # the old value's relation where its words name one ("residence")


@dataclass(frozen=True)
class _Value:
    text: str
    tokens: frozenset[str]
    start: int  # token index
    end: int
    sentence: int


def _is_value_token(tok: str, first: bool) -> bool:
    if tok in NOT_VALUES or tok == _BREAK:
        return False
    if any(c.isdigit() for c in tok):
        return True
    if ("/" in tok or "_" in tok) and any(c.isupper() for c in tok):
        return True  # an identifier ("America/New_York"), not "advice/assistance"
    return tok[0].isupper() and not first and "/" not in tok


def _kind(v: _Value) -> str:
    """Values replace values of their own kind: a day by a day, a number by a number, a name by a name."""
    if v.tokens & TIME_WORDS:
        return "time"
    if all(any(c.isdigit() for c in t) for t in v.tokens):
        return "number"
    return "name"


@lru_cache(maxsize=4096)  # one text meets several partners (its nearest neighbours)
def _values(text: str) -> tuple[list[list[str]], list[_Value]]:
    """Sentences as token lists, and the named values in them. A capitalised sentence opener counts
    only when the next word is capitalised too ("Lone Star Diagnostics", not "Still getting used")."""
    text = _SPEAKER.sub("", text)
    sentences = [[t if t[0].isalnum() else _BREAK for t in _TOKEN.findall(s)] for s in split_sentences(text)]
    out = []
    for n, toks in enumerate(sentences):
        i = 0
        while i < len(toks):
            opener = (i == 0 and len(toks) > 1 and toks[1][:1].isupper() and toks[1] not in NOT_VALUES
                      and toks[0].lower() not in FRAME_STOP)  # "The Ion ..." is no name "The Ion"
            if not _is_value_token(toks[i], i == 0 and not opener):
                i += 1
                continue
            j = i + 1
            while j < len(toks) and (_is_value_token(toks[j], False)
                                     or (toks[j] in _CONNECTORS and j + 1 < len(toks) and _is_value_token(toks[j + 1], False))):
                j += 1
            words = toks[i:j]
            out.append(_Value(" ".join(words), frozenset(w.lower() for w in words), i, j, n))
            i = j
    return sentences, out


def _stem(word: str) -> str:
    w = word.lower().strip("'")
    for suffix in ("ing", "ed", "es", "s"):
        if len(w) > len(suffix) + 3 and w.endswith(suffix):
            return w[: -len(suffix)]
    return w


def _frame(sentence: list[str], v: _Value, words: int = FRAME_WINDOW) -> frozenset[str]:
    """Up to `words` content words on each side of the value, within its clause."""
    out: list[str] = []
    for side in (range(v.start - 1, -1, -1), range(v.end, len(sentence))):
        taken = 0
        for i in side:
            w = sentence[i]
            if w == _BREAK or taken == words:
                break
            if w.lower() not in FRAME_STOP and not w[:1].isupper():
                out.append(_stem(w))
                taken += 1
    return frozenset(out)


def _departed(sentence: list[str], old: _Value) -> int | None:
    """Where the sentence names (part of) the old value right after a departure word, if it does."""
    heads = {t for t in old.tokens if len(t) >= 4} or set(old.tokens)
    for i, tok in enumerate(sentence):
        if tok.lower() in heads:
            before = {w.lower() for w in sentence[max(0, i - 3): i]}
            after = {w.lower() for w in sentence[i + 1: i + 4]}
            if before & DEPARTURE_BEFORE or after & DEPARTURE_AFTER:
                return i
    return None


def _replaces(new: _Value, old: _Value) -> bool:
    """Another value, or a longer form of a multi-word one ("Staff Research Scientist"); "Granite API"
    is the same Granite, not a value that replaces it."""
    return not (new.tokens & old.tokens) or (len(old.tokens) >= 2 and old.tokens < new.tokens)


def _clause_cue(sentence: list[str], v: _Value) -> bool:
    """A change cue in the value's own clause."""
    a = max([i for i in range(v.start) if sentence[i] == _BREAK], default=-1) + 1
    b = min([i for i in range(v.end, len(sentence)) if sentence[i] == _BREAK], default=len(sentence))
    clause = sentence[a:b]
    return RESTATED_CUE.search(" ".join(clause)) is not None or any(w.lower() in CHANGE_VERBS for w in clause)


def _classes(sentence: list[str], v: _Value, words: int = FRAME_WINDOW) -> frozenset[str]:
    """The relations (FRAME_CLASSES) the words around a value name."""
    around = {w.lower() for w in sentence[max(0, v.start - words): v.end + words] if w != _BREAK}
    return frozenset(name for name, cues in FRAME_CLASSES.items() if around & cues)


def _same_relation(old_classes: frozenset[str], sentence: list[str], v: _Value) -> bool:
    """False only when both values' relations are known and differ."""
    mine = _classes(sentence, v, 2)
    return not (old_classes and mine) or bool(old_classes & mine)


def _other(new: _Value, old: _Value) -> bool:
    """A different value: no word shared, or a strict extension ("Senior Data Analyst" of "Data Analyst")."""
    return not (new.tokens & old.tokens) or (old.tokens < new.tokens)


def detect_change(newer: str, older: str, held: Callable[[str], bool] | None = None) -> Change | None:
    """The value of `older` that `newer` replaces, if any. `held(value)`: whether the value is one the
    user already stated elsewhere before `newer` (their employer when a city changes): such a value is
    still held, not a replacement."""
    old_sents, old_vals = _values(older)
    switched = _switched(newer, older)
    if switched is not None:
        said = [v for v in old_vals if v.text.lower() == switched.old_value.lower()]
        return replace(switched, relation=_relation(_classes(old_sents[said[0].sentence], said[0]))) if said else switched
    named = _named_change(newer, old_sents, old_vals, held)
    if named is not None:
        return named
    if _speaker(newer) != _speaker(older) and _speaker(newer) and _speaker(older):
        return None  # one speaker leaving a word behind says nothing of what the other one stated
    return _dropped(newer, older) or _reworded(newer, older)


def _speaker(text: str) -> str:
    """A transcript turn's speaker (a name or role in capitals), "" for a plain statement."""
    return speaker_of(text)[0] or ""


def _named_change(newer: str, old_sents: list[list[str]], old_vals: list[_Value],
                  held: Callable[[str], bool] | None) -> Change | None:
    """A named value (capitalised, a number, an identifier) left behind or restated with another."""
    new_sents, new_vals = _values(newer)
    if not old_vals or not new_vals:
        return None
    cue = RESTATED_CUE.search(newer) is not None or any(w.lower() in CHANGE_VERBS for s in new_sents for w in s)
    fresh = [v for v in new_vals if held is None or not held(v.text)]
    for old in old_vals:
        if _departed(old_sents[old.sentence], old) is not None:
            continue  # "Invoice 1066 from Globex" twice: the same context, not a departure
        old_classes = _classes(old_sents[old.sentence], old)
        for n, sent in enumerate(new_sents):
            at = _departed(sent, old)
            if at is None:
                continue
            # the replacing value: a value of the same kind and relation, nearest the departure, in
            # the same sentence, else the next one, else the one before
            near = [v for v in fresh if v.sentence in (n, n + 1, n - 1) and _replaces(v, old)
                    and _kind(v) == _kind(old) and _same_relation(old_classes, new_sents[v.sentence], v)]
            if near:
                # an extension of the old value first ("Staff Research Scientist"), then the nearest
                best = min(near, key=lambda v: (not old.tokens < v.tokens, (v.sentence - n) % 3, abs(v.start - at)))
                return Change(old.text, best.text, "departure", _relation(old_classes))
        if cue and not any(v.tokens == old.tokens for v in new_vals):
            found = _restated(old, _frame(old_sents[old.sentence], old), old_classes, new_sents, fresh)
            if found is not None:
                return replace(found, relation=_relation(old_classes))
    return None


def _restated(old: _Value, old_frame: frozenset[str], old_classes: frozenset[str], sents: list[list[str]],
              vals: list[_Value]) -> Change | None:
    """A value that extends the old one ("Senior Product Manager" for "Product Manager"), or a new
    value of the same kind bound tightly to the old value's frame ("use Central time" for "time zone
    is America/New_York"); a long sentence mentions many values, so the frame must sit next to it."""
    for v in vals:  # a one-word name with more words is the same name, not a new value
        if len(old.tokens) >= 2 and old.tokens < v.tokens and _clause_cue(sents[v.sentence], v):
            return Change(old.text, v.text, "extended")
    for v in vals:
        sent = sents[v.sentence]
        related = old_frame & _frame(sent, v, 2) or old_classes & _classes(sent, v, 2)
        if _other(v, old) and _kind(v) == _kind(old) and related and _clause_cue(sent, v):
            return Change(old.text, v.text, "restated")
    return None


_CLAUSE = re.compile(r"[,;:()\u2013\u2014]|\s-\s|\bbut\b", re.IGNORECASE)
_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*[A-Za-z]")  # "it's", "I'm": contractions are no content words
ANYMORE_WITHIN = 8  # "anymore" this many words after the value, at most
CLAUSE_WORDS = 6  # a restated clause this short says one thing; longer ones say several


@lru_cache(maxsize=4096)  # one text meets several partners
def _clauses(text: str) -> tuple[str, ...]:
    """Clauses of the statements (questions ask, they state nothing)."""
    sents = split_sentences(_SPEAKER.sub("", text))
    return tuple(c.strip() for s in sents if not s.rstrip().endswith("?") for c in _CLAUSE.split(s) if c.strip())


def _content(clause: str) -> dict[str, str]:
    """stem -> word as written, for the clause's content words."""
    out: dict[str, str] = {}
    for w in _WORD.findall(clause):
        low = w.lower()
        if len(low) >= 3 and "'" not in low and low not in STOP_WORDS and low not in FRAME_STOP and w not in NOT_VALUES:
            out.setdefault(_stem(low), w)
    return out


@lru_cache(maxsize=4096)
def _stated(older: str) -> tuple[dict[str, str], ...]:
    """The older text's clauses that state something (no negation): what a newer one can leave behind.
    Cached: callers only read the dicts."""
    return tuple(c for c in (_content(x) for x in _clauses(older) if not NEGATION.search(x)) if c)


def _dropped(newer: str, older: str) -> Change | None:
    """A word the older text states, left behind in a newer clause: "drop the emojis", "gave up
    coffee", "the bullet thing isn't working for me anymore" (any word, not only names)."""
    if DROPPING_CUE.search(newer) is None:
        return None  # most texts leave nothing behind: no clause work for them
    held = {k: v for c in _stated(older) for k, v in c.items()}
    if not held:
        return None
    for clause in _clauses(newer):
        negated = NEGATION.search(clause) is not None
        for m in _WORD.finditer(clause):
            word = held.get(_stem(m.group()))
            if word is None:
                continue
            if _dropping(clause, m.start(), m.end(), negated):
                return Change(word, "", "dropped")
    return None


def _dropping(clause: str, start: int, end: int, negated: bool) -> bool:
    """Whether the word at clause[start:end] is left behind: a dropping cue right before it that is
    not itself negated, or a negation near it with "anymore" a few words after it."""
    before = clause[:start]
    cue = DROPPED_BEFORE.search(before)
    if cue is not None:
        return NEGATED_CUE.search(before[: cue.start()]) is None
    if not negated:
        return False
    after = clause[end:].split()[:ANYMORE_WITHIN]
    tail = " ".join(after)
    return ANYMORE.search(tail) is not None and (
        NEGATION.search(tail) is not None or NEGATION.search(" ".join(before.split()[-3:])) is not None)


def _reworded(newer: str, older: str) -> Change | None:
    """A short newer clause with a change cue that says a short older clause's words with one or two
    others in place of one or two of them ("these days I drink coffee" for "I drink tea every
    morning"); never when the newer text adds rather than replaces ("too", "also", "still")."""
    if RESTATED_CUE.search(newer) is None or ADDITIVE.search(newer):
        return None
    old = [c for c in _stated(older) if len(c) <= CLAUSE_WORDS]
    for clause in _clauses(newer):
        if RESTATED_CUE.search(clause) is None or NEGATION.search(clause):
            continue
        new = _content(RESTATED_CUE.sub(" ", clause))
        if not new or len(new) > CLAUSE_WORDS:
            continue
        for o in old:
            shared = o.keys() & new.keys()
            gone, came = o.keys() - shared, new.keys() - shared
            # the shared frame outweighs what changed: one word for one, or two shared words at least
            if 1 <= len(gone) <= 2 and 1 <= len(came) <= 2 and len(shared) >= max(len(gone), len(came)):
                return Change(" ".join(o[k] for k in o if k in gone), " ".join(new[k] for k in new if k in came),
                              "reworded")
    return None


def _relation(classes: frozenset[str]) -> str | None:
    return min(classes) if classes else None


def value_texts(text: str) -> frozenset[str]:
    """The named values a text states, lower-cased (what `held` is asked about)."""
    return frozenset(v.text.lower() for v in _values(text)[1])


def _switched(newer: str, older: str) -> Change | None:
    """"switched from A to B", "replaced A with B" (any words, not only names): the older text says A
    and not B."""
    low = " " + " ".join(_TOKEN.findall(older.lower())) + " "
    for m in (m for rx in SWITCH for m in rx.finditer(newer)):
        old, new = (" ".join(_TOKEN.findall(m.group(g).lower())) for g in ("old", "new"))
        if old and new and old != new and f" {old} " in low and f" {new} " not in low:
            return Change(m.group("old"), m.group("new").rstrip(".,;!?"), "switched")
    return None
