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

from memory_pipeline.lib.change_words import SPEAKER, dropped, reworded, stem
from memory_pipeline.lib.digest import speaker_of
from memory_pipeline.lib.fields import field_change, fields, key_relation, user_fields
from memory_pipeline.lib.summarize import split_sentences
from memory_pipeline.lib.text import STOP_WORDS
from memory_pipeline.lib.vocab.change import (
    CHANGE_VERBS,
    COPULA_NOUNS,
    DEPARTURE_AFTER,
    DEPARTURE_BEFORE,
    DETERMINERS,
    FRAME_CLASSES,
    FRAME_STOP,
    FUNCTIONAL,
    GOVERN_LINKS,
    GOVERNING_NOUNS,
    GOVERNS,
    GOVERNS_ANY,
    NOT_VALUES,
    OTHER_OWNERS,
    REQUEST,
    RESTATED_CUE,
    SWITCH,
    TIME_WORDS,
    USER_WORDS,
)

_TOKEN = re.compile(r"[A-Za-z0-9][\w'/&.-]*[\w]|[A-Za-z0-9]|[,;:()\u2013\u2014]|\s-\s")
_BREAK = "|"  # a clause boundary: a value never spans it ("Yeah, Gina" is no name "Yeah Gina")
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
    text = SPEAKER.sub("", text)
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
                out.append(stem(w))
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


def _clause_of(sentence: list[str], v: _Value) -> tuple[int, int]:
    a = max([i for i in range(v.start) if sentence[i] == _BREAK], default=-1) + 1
    b = min([i for i in range(v.end, len(sentence)) if sentence[i] == _BREAK], default=len(sentence))
    return a, b


def _subject(sentence: list[str], v: _Value, vals: list[_Value]) -> frozenset[str] | None:
    """Who the clause says holds `v`: the named values before it ("Felix" in "Felix lives in Lima"),
    the user (empty: "I live in", "their company is", a note's bare "Lives in"), or None for anything
    else ("the data lives in", "pipelines live in")."""
    a, _ = _clause_of(sentence, v)
    named = frozenset(t for o in vals if o.sentence == v.sentence and a <= o.start < v.start for t in o.tokens)
    if named:
        return named
    before = [w.lower() for w in sentence[a:v.start]]
    # another subject: a name or a word right before the relation's verb ("Wren is based in", "my
    # sister lives in"), or another owner of its noun ("his job at"); "I started the new position at",
    # "Said they work for" are the user's
    first = next((i for i, w in enumerate(before) if w in GOVERNS_ANY), None)
    if first is None or first == 0:
        return frozenset()
    head = sentence[a:a + first]
    names = [w.lower() for i, w in enumerate(head) if w[:1].isupper() and not _common(w.lower())
             and (i + 1 == len(head) or head[i + 1].lower() not in USER_WORDS)]
    if names:
        return frozenset(names)
    prev = before[first - 1]
    if before[first] in GOVERNING_NOUNS:
        return None if prev in OTHER_OWNERS or prev.endswith("'s") else frozenset()
    return frozenset() if _common(prev) else None


def _common(word: str) -> bool:
    """A pronoun, a function word, an adverb or a participle: no subject of its own."""
    return word in USER_WORDS or word in FRAME_STOP or word in STOP_WORDS or word.endswith(("ly", "ed"))


def _clause_cue(sentence: list[str], v: _Value) -> bool:
    """A change cue in the value's own clause."""
    a, b = _clause_of(sentence, v)
    clause = sentence[a:b]
    return RESTATED_CUE.search(" ".join(clause)) is not None or any(w.lower() in CHANGE_VERBS for w in clause)


def _classes(sentence: list[str], v: _Value, words: int = FRAME_WINDOW) -> frozenset[str]:
    """The relations (FRAME_CLASSES) the words around a value name."""
    around = {w.lower() for w in sentence[max(0, v.start - words): v.end + words] if w != _BREAK}
    return frozenset(name for name, cues in FRAME_CLASSES.items() if around & cues)


def _governed(sentence: list[str], v: _Value, words: int = 3) -> frozenset[str]:
    """The relations whose words govern a value: one of them a few words before it in its clause, and
    right before it a link ("lives in X", "employer is X") or the word itself ("joined X")."""
    a, _ = _clause_of(sentence, v)
    start = max(a, v.start - words)
    before = [w.lower() for w in sentence[start: v.start]]
    if not before or (before[-1] not in GOVERN_LINKS and before[-1] not in GOVERNS_ANY):
        return frozenset()
    cues = set()
    for i, w in enumerate(before):
        prev = sentence[start + i - 1].lower() if start + i > a else ""
        if w in GOVERNING_NOUNS:
            if before[-1] != "is" or w in COPULA_NOUNS:  # "my job is ML engineer" names a role
                cues.add(w)
        elif w in GOVERNS_ANY and prev not in DETERMINERS:  # "earn my living at": a noun, not a verb
            cues.add(w)
    return frozenset(name for name, words in GOVERNS.items() if words & cues)


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
    if switched is not None and _said_of_other_things(switched, newer, older):
        switched = None  # "Halo's queue moved from SQS to Redis" says nothing of Glacier's SQS
    if switched is not None:
        said = [v for v in old_vals if v.text.lower() == switched.old_value.lower()]
        return replace(switched, relation=_relation(_classes(old_sents[said[0].sentence], said[0]))) if said else switched
    field = field_change(newer, older)
    if field is not None:
        old, new = field
        return Change(old.value, new.value, "field", key_relation(old.key))
    across = _field_and_value(newer, older)
    if across is not None:
        return across
    named = _named_change(newer, older, old_sents, old_vals, held)
    if named is not None:
        return named
    if _speaker(newer) != _speaker(older) and _speaker(newer) and _speaker(older):
        return None  # one speaker leaving a word behind says nothing of what the other one stated
    found = dropped(newer, older) or reworded(newer, older)
    return Change(*found) if found else None


def _speaker(text: str) -> str:
    """A transcript turn's speaker (a name or role in capitals), "" for a plain statement."""
    return speaker_of(text)[0] or ""


def _named_change(newer: str, older: str, old_sents: list[list[str]], old_vals: list[_Value],
                  held: Callable[[str], bool] | None) -> Change | None:
    """A named value (capitalised, a number, an identifier) left behind or restated with another."""
    new_sents, new_vals = _values(newer)
    if not old_vals or not new_vals:
        return None
    cue = RESTATED_CUE.search(newer) is not None or any(w.lower() in CHANGE_VERBS for s in new_sents for w in s)
    asked, old_asked = _questions(newer), _questions(older)  # a question states no value
    fresh = [v for v in new_vals if v.sentence not in asked and (held is None or not held(v.text))]
    for old in old_vals:
        if _departed(old_sents[old.sentence], old) is not None:
            continue  # "Invoice 1066 from Globex" twice: the same context, not a departure
        if old.sentence in old_asked:
            continue  # "What should I pack for Mexico City?" states no value to replace
        old_classes = _classes(old_sents[old.sentence], old)
        anchors = _anchors(old_sents, old_vals, old, frozenset())
        mine = [v for v in fresh if not _other_thing(anchors, _anchors(new_sents, new_vals, v, old.tokens))]
        for n, sent in enumerate(new_sents):
            at = _departed(sent, old)
            if at is None:
                continue
            # the replacing value: a value of the same kind and relation, nearest the departure, in
            # the same sentence, else the next one, else the one before
            near = [v for v in mine if v.sentence in (n, n + 1, n - 1) and _replaces(v, old)
                    and _kind(v) == _kind(old) and _same_relation(old_classes, new_sents[v.sentence], v)]
            if near:
                # an extension of the old value first ("Staff Research Scientist"), then the nearest
                best = min(near, key=lambda v: (not old.tokens < v.tokens, (v.sentence - n) % 3, abs(v.start - at)))
                return Change(old.text, best.text, "departure", _relation(old_classes))
        if any(v.tokens == old.tokens for v in new_vals):
            continue
        if cue and not _names_a_thing(old_sents[old.sentence], old):
            found = _restated(old, _frame(old_sents[old.sentence], old), old_classes, new_sents, mine)
            if found is not None:
                return replace(found, relation=_relation(old_classes))
        found = _held_one(old, _governed(old_sents[old.sentence], old) & FUNCTIONAL, _subject(old_sents[old.sentence], old, old_vals),
                          new_sents, new_vals, fresh)
        if found is not None:
            return found
    return None


def _names_a_thing(sentence: list[str], v: _Value) -> bool:
    """A name followed by a common noun names a thing ("the Ursa notifications deploy"), which is not a
    value restated with another one."""
    nxt = sentence[v.end].lower() if v.end < len(sentence) else ""
    return bool(nxt) and nxt != _BREAK and nxt not in STOP_WORDS and nxt not in FRAME_STOP \
        and RESTATED_CUE.search(nxt) is None and nxt not in TIME_WORDS


def _anchors(sents: list[list[str]], vals: list[_Value], v: _Value, leave: frozenset[str]) -> frozenset[str]:
    """The other named things in `v`'s clause (what the value is said of), less the words `leave`; an
    apposition is a clause of its own ("Seattle, USA")."""
    sent = sents[v.sentence]
    a, b = _clause_of(sent, v)
    named = {t for o in vals if o.sentence == v.sentence and o is not v and a <= o.start < b for t in o.tokens}
    if a == 0 and v.start > 1 and _opening_name(sent):
        named.add(sent[0].lower())
    return frozenset(named) - v.tokens - leave


def _said_of_other_things(change: Change, newer: str, older: str) -> bool:
    """Whether the two values of a change are said of different named things (see `_anchors`)."""
    (old_sents, old_vals), (new_sents, new_vals) = _values(older), _values(newer)
    olds = [v for v in old_vals if v.text.lower() == change.old_value.lower()]
    news = [v for v in new_vals if v.text.lower() == change.new_value.lower()]
    if not olds or not news:
        return False
    leave = olds[0].tokens
    return _other_thing(_anchors(old_sents, old_vals, olds[0], frozenset()),
                        _anchors(new_sents, new_vals, news[0], leave))


def _opening_name(sent: list[str]) -> bool:
    """Whether the sentence opens with a name the values missed ("Iris reporting runs on"), not with a
    verb ("Works at", "Calls Boston home", "Settled in") or a function word."""
    first, low, nxt = sent[0], sent[0].lower(), sent[1]
    if not first[:1].isupper() or first in NOT_VALUES or low in STOP_WORDS | FRAME_STOP | DEPARTURE_BEFORE:
        return False
    verb_s = low.endswith("s") and (nxt.lower() in GOVERN_LINKS | DETERMINERS or nxt[:1].isupper())
    return not verb_s and not low.endswith(("ed", "ing", "ly"))


def _other_thing(old: frozenset[str], new: frozenset[str]) -> bool:
    """Two values said of different things: both sentences name something else, and nothing in common
    ("Kestrel builds on Drone" / "Halo runs on GCP")."""
    return bool(old) and bool(new) and not old & new


@lru_cache(maxsize=4096)
def _questions(text: str) -> frozenset[int]:
    """The indexes (as in `_values`) of the text's sentences that ask, other than requests ("can you
    switch everything to Pacific time?" asks for the change)."""
    return frozenset(n for n, s in enumerate(split_sentences(SPEAKER.sub("", text)))
                     if s.rstrip().endswith("?") and not REQUEST.search(s))


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


def _held_one(old: _Value, relations: frozenset[str], subject: frozenset[str] | None, sents: list[list[str]],
              vals: list[_Value], fresh: list[_Value]) -> Change | None:
    """A relation one holds one value of at a time (where one lives, who one works for), stated
    with another value of the same kind for the same subject: a change, with or without a cue. Only
    a value the relation's words govern counts (its object: "works at X", "my home is X"), never one
    they merely stand near ("the X onboarding flow")."""
    if not relations or subject is None:
        return None
    for v in fresh:
        sent = sents[v.sentence]
        if (_other(v, old) and _kind(v) == _kind(old) and relations & _governed(sent, v)
                and _subject(sent, v, vals) == subject):
            return Change(old.text, v.text, "held", _relation(relations))
    return None


def _governed_values(text: str, relation: str) -> list[_Value]:
    """The text's values that `relation`'s words govern, held by the user."""
    sents, vals = _values(text)
    return [v for v in vals if relation in _governed(sents[v.sentence], v) and _subject(sents[v.sentence], v, vals) == frozenset()]


def _field_and_value(newer: str, older: str) -> Change | None:
    """A field of the user's ("Location: Lyon") against a value its relation governs in the other
    text ("lives in Nantes"), either way round, for the relations held one value at a time. The old
    value may come back in the newer text only as the one left ("not Lyon anymore")."""
    new_sents, new_vals = _values(newer)
    kept = {v.text.lower() for v in new_vals if _departed(new_sents[v.sentence], v) is None}
    kept |= {f.value.lower() for f in fields(newer)}
    for f, relation in user_fields(older):
        if relation in FUNCTIONAL and f.value.lower() not in kept:
            for v in _governed_values(newer, relation):
                if v.text.lower() != f.value.lower():
                    return Change(f.value, v.text, "held", relation)
    for f, relation in user_fields(newer):
        if relation in FUNCTIONAL:
            for v in _governed_values(older, relation):
                if v.text.lower() != f.value.lower() and v.text.lower() not in kept:
                    return Change(v.text, f.value, "held", relation)
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
            return Change(m.group("old").rstrip(".,;!?"), m.group("new").rstrip(".,;!?"), "switched")
    return None
