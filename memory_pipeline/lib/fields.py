"""Field statements: a note's "key: value" line ("Editor: helix", "Budget for Apollo: $40k"). A
field holds one value at a time for its owner, so a newer line of the same key for the same owner
with another value replaces the older one without any change cue. Values may be lower-case words
("vim", "tea"): the key, not the value's shape, says what is stated.

Copulas ("my editor is helix", "the key is smoked paprika") were tried as fields too and left out:
on wording written apart from the rules they linked opinions and recipe tips (42 wrong edges, none
right), while key: value lines linked none wrongly.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from memory_pipeline.lib.summarize import split_sentences
from memory_pipeline.lib.text import STOP_WORDS
from memory_pipeline.lib.vocab.change import DEPARTURE_BEFORE, NOT_VALUES
from memory_pipeline.lib.vocab.fields import (
    FIELD_LABELS,
    KEY_CLASSES,
    NOT_FIELD_KEYS,
    NOT_FIELD_VALUES,
    USER_OWNERS,
    VALUE_TAIL,
)

MAX_VALUE_WORDS = 4

_OWNER = r"(?P<owner>[A-Za-z][\w.&/-]*(?:\s+[A-Za-z][\w.&/-]*){0,3}?)"  # up to four words
_KEY = r"(?P<key>[A-Za-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)"  # up to three words
_VALUE = r"(?P<value>[^.,;:!?()\u2013\u2014]{1,48}?)"
_STOP = r"\s*(?=[.,;!?()\u2013\u2014]|\s-\s|$)"
# "Budget for Apollo: $40k", "CI: Jenkins" (the last colon of a clause: "Memo: editor: helix")
_LINE = re.compile(r"(?:^|(?<=\s)-\s*|[:,]\s*)" + _KEY + r"(?:\s+(?:for|of)\s+" + _OWNER + r")?\s*:\s+"
                   + _VALUE + _STOP)
_ARTICLE = re.compile(r"^(?:a|an|the)\s+", re.IGNORECASE)


@dataclass(frozen=True)
class Field:
    key: tuple[str, ...]  # the key's words, stemmed and lower-case ("target", "date")
    owner: str  # "" for the user (or an unnamed "the"), else the owner as written, lower-case
    value: str  # as written, without an article or a trailing cue ("now", "these days")


def _stem(word: str) -> str:
    w = word.lower()
    for suffix in ("ies", "es", "s"):
        if len(w) > len(suffix) + 3 and w.endswith(suffix):
            return w[: -len(suffix)]
    return w


def _named(value: str) -> bool:
    return any(w[:1].isupper() or any(c.isdigit() for c in w) for w in value.split())


def _value(raw: str) -> str | None:
    words = VALUE_TAIL.sub("", raw.strip()).split()
    words = _ARTICLE.sub("", " ".join(words)).split()
    if not words or len(words) > MAX_VALUE_WORDS:
        return None
    low = [w.lower() for w in words]
    if words[0] in NOT_VALUES or any(w in NOT_FIELD_VALUES or w.endswith("ing") for w in low):
        return None  # "doing great", "not sure", "really nice": a state or a verb, not a value
    return " ".join(words)


def _is_key(keys: list[str]) -> bool:
    """An attribute's name: a few content words, its noun singular ("tips", "options", "someone owes":
    a list or a clause, not one attribute); "Note", "PS" label a message."""
    if not keys or all(k in FIELD_LABELS for k in keys) or any(k in NOT_FIELD_KEYS for k in keys):
        return False
    head = keys[-1]
    plural = head.endswith("s") and not head.endswith(("ss", "us", "is"))
    return not plural and not any(k in STOP_WORDS for k in keys)


def _field(key: str, owner: str | None, value: str) -> Field | None:
    keys = [w.lower() for w in key.split()]
    if not _is_key(keys):
        return None
    v = _value(value)
    if v is None or (not _named(v) and len(v.split()) > 2):
        return None  # "someone owes: archive the dashboards": a clause, no attribute's value
    who = owner.lower() if owner and owner.lower().removeprefix("the ") not in USER_OWNERS else ""
    return Field(tuple(_stem(k) for k in keys), who, v)


@lru_cache(maxsize=4096)  # one text meets several partners
def fields(text: str) -> tuple[Field, ...]:
    """The field statements of a text, in order (questions state none)."""
    out: list[Field] = []
    for n, sentence in enumerate(split_sentences(text)):
        if sentence.rstrip().endswith("?"):
            continue
        for m in _LINE.finditer(sentence):
            if n == 0 and m.start() == 0 and _speaker_like(m):
                continue
            f = _field(m.group("key"), m.group("owner"), m.group("value"))
            if f is not None:
                out.append(f)
    return tuple(out)


def _speaker_like(m: re.Match[str]) -> bool:
    """A text opening "Jon: Woah!" is a transcript's speaker and what they said, not a field; one word
    before the colon with a capitalised value reads both ways, so it counts as a speaker ("Editor:
    vim", "Budget: $40k" and "Main office: Lyon" stay fields)."""
    value = m.group("value").strip()
    return not keyed(m.group("key")) and not m.group("owner") and value[:1].isupper()


_KEY_WORDS = frozenset().union(*KEY_CLASSES.values())


def keyed(prefix: str) -> bool:
    """Whether a text's "Prefix:" names an attribute, not a speaker: more than one word with a
    lower-case one ("Main office", not "Mary Ann"), or a word that names one ("Location", "Employer")."""
    words = prefix.split()
    if len(words) > 1:
        return any(w[:1].islower() for w in words[1:])
    return bool(words) and words[0].lower() in _KEY_WORDS


def _head(key: tuple[str, ...]) -> str:
    """The key's noun: its last word that is no participle ("supplier" of "supplier picked")."""
    nouns = [w for w in key if not w.endswith(("ed", "en"))]
    return (nouns or list(key))[-1]


def _classes(key: tuple[str, ...]) -> frozenset[str]:
    """The relations a key names: its noun's ("title" in "current title"), else any word's ("home address")."""
    def of(words: set[str]) -> frozenset[str]:
        return frozenset(name for name, cues in KEY_CLASSES.items() if words & cues)
    return of({_head(key)}) or of(set(key))


def key_relation(key: tuple[str, ...]) -> str | None:
    """The relation a key names where it names one ("residence" for "current address")."""
    return min(_classes(key), default=None)


def same_key(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """One key in other words: the same noun ("current title" / "title", not "preferred airline" / "preferred
    seat"), or one relation ("location" / "current address")."""
    return _head(a) == _head(b) or bool(_classes(a) & _classes(b))


def _norm(value: str) -> str:
    return " ".join(value.lower().split())


def user_fields(text: str) -> list[tuple[Field, str]]:
    """The text's fields about the user whose key names a relation, with that relation."""
    return [(f, r) for f in fields(text) if not f.owner and (r := key_relation(f.key)) is not None]


def field_change(newer: str, older: str) -> tuple[Field, Field] | None:
    """(old field, new field) where the newer text gives a field of the older one another value for
    the same owner, unless the newer text states the old value too (a list, or a restatement)."""
    olds = fields(older)
    if not olds:
        return None
    news = fields(newer)
    for new in news:
        for old in olds:
            if (new.owner == old.owner and same_key(new.key, old.key) and _norm(new.value) != _norm(old.value)
                    and not still_said(old.value, newer)):
                return old, new
    return None


def still_said(value: str, text: str) -> bool:
    """Whether `text` says `value` other than as the one left ("not vim", "instead of vim", "was vim")."""
    for m in re.finditer(r"(?<![\w$])" + re.escape(value) + r"(?!\w)", text, re.IGNORECASE):
        before = set(text[: m.start()].lower().split()[-3:])
        if not before & (DEPARTURE_BEFORE | {"was", "off", "from"}):
            return True
    return False
