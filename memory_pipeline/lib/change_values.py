"""The change detector's reading of one text: its sentences as token lists, the named values in
them (capitalised phrases, numbers, identifiers) and what each value is said of: the relation words
that govern it, its subject, the other names in its clause. `lib/change.py` judges with these."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from memory_pipeline.lib import fields
from memory_pipeline.lib.summarize import split_sentences
from memory_pipeline.lib.text import STOP_WORDS
from memory_pipeline.lib.vocab.change import (
    COPULA_NOUNS,
    DEPARTURE_BEFORE,
    DETERMINERS,
    DWELLINGS,
    FRAME_CLASSES,
    FRAME_STOP,
    GOVERN_LINKS,
    GOVERNING_NOUNS,
    GOVERNS,
    GOVERNS_ANY,
    NAME_VERBS,
    NOT_VALUES,
    OTHER_OWNERS,
    PROPERTY_OPENERS,
    REQUEST,
    TIME_WORDS,
    USER_OWNED,
    USER_WORDS,
)

# a word, a number with thousands separators ("1,650"), or a clause mark; a name may end in "#" or
# "++" ("C#", "C++"), never go on after it
SPEAKER = re.compile(r"^\s*[A-Z][\w ]{0,30}:\s+")  # "User: ", "Caroline: " (a transcript's speaker)


def stem(word: str) -> str:
    w = word.lower().strip("'")
    for suffix in ("ing", "ed", "es", "s"):
        if len(w) > len(suffix) + 3 and w.endswith(suffix):
            return w[: -len(suffix)]
    return w


_SIGN = r"(?:(?:\+\+|#)(?![\w#+]))?"
TOKEN = re.compile(r"[A-Za-z0-9](?:[\w'/&.-]|,(?=\d{3}\b))*[\w]" + _SIGN + r"|[A-Za-z0-9]" + _SIGN
                   + r"|[,;:()\u2013\u2014]|\s-\s")
BREAK = "|"  # a clause boundary: a value never spans it ("Yeah, Gina" is no name "Yeah Gina")
CONNECTORS = frozenset({"of", "de", "&", "and", "la", "van", "von", "du"})
FRAME_WINDOW = 4


@dataclass(frozen=True)
class Value:
    text: str
    tokens: frozenset[str]
    start: int  # token index
    end: int
    sentence: int


def is_value_token(tok: str, first: bool) -> bool:
    if tok in NOT_VALUES or tok == BREAK:
        return False
    if any(c.isdigit() for c in tok):
        return True
    if ("/" in tok or "_" in tok) and any(c.isupper() for c in tok):
        return True  # an identifier ("America/New_York"), not "advice/assistance"
    if any(c.isupper() for c in tok[1:]) and any(c.islower() for c in tok) and tok[0].isalpha():
        return True  # mixed case ("macOS", "NixOS"): a name wherever it stands
    return tok[0].isupper() and not first and "/" not in tok


def kind(v: Value) -> str:
    """Values replace values of their own kind: a day by a day, a number by a number, a name by a name."""
    if v.tokens & TIME_WORDS:
        return "time"
    if all(any(c.isdigit() for c in t) for t in v.tokens):
        return "number"
    return "name"


@lru_cache(maxsize=4096)  # one text meets several partners (its nearest neighbours)
def values(text: str) -> tuple[list[list[str]], list[Value]]:
    """Sentences as token lists, and the named values in them. A capitalised sentence opener counts
    only when the next word is capitalised too ("Lone Star Diagnostics", not "Still getting used") or
    a verb a name does ("Noah is responsible for", "Vlad runs X")."""
    prefix = SPEAKER.match(text)
    keyed = prefix is not None and fields.keyed(prefix.group().strip().rstrip(":"))  # "Location: Lyon"
    text = SPEAKER.sub("", text)
    sentences = [[t if t[0].isalnum() else BREAK for t in TOKEN.findall(s)] for s in split_sentences(text)]
    if prefix is not None and len(sentences) == 1 and _name_only(sentences[0]):
        keyed = True  # "Shell: Fish.": a short key's value, said as a name alone, is one
    out = []
    for n, toks in enumerate(sentences):
        i = 0
        while i < len(toks):
            # "The Ion ..." is no name "The Ion", nor "Prefers Zed" or "Swapped Zed" a name; a field's
            # value is one ("Location: Lyon")
            opener = (i == 0 and len(toks) > 1 and (toks[1][:1].isupper() and toks[1] not in NOT_VALUES
                                                    or toks[1].lower() in NAME_VERBS)
                      and toks[0].lower() not in FRAME_STOP and opening_name(toks)) or (keyed and n == i == 0)
            if not is_value_token(toks[i], i == 0 and not opener):
                i += 1
                continue
            j = i + 1
            while j < len(toks) and (is_value_token(toks[j], False) or (
                    toks[j] in CONNECTORS and j + 1 < len(toks) and is_value_token(toks[j + 1], False))):
                j += 1
            words = toks[i:j]
            if words[-1][-2:] in ("'s", "\u2019s") and len(words[-1]) > 3:
                words = [*words[:-1], words[-1][:-2]]  # "Sven's project" names Sven
            out.append(Value(" ".join(words), frozenset(w.lower() for w in words), i, j, n))
            i = j
    return sentences, out


def _name_only(toks: list[str]) -> bool:
    """A few capitalised words and nothing else ("Fedora Silverblue", "Lone Star Diagnostics")."""
    return 1 <= len(toks) <= 4 and all(t[:1].isupper() and t not in NOT_VALUES for t in toks)


def clause_of(sentence: list[str], v: Value) -> tuple[int, int]:
    a = max([i for i in range(v.start) if sentence[i] == BREAK], default=-1) + 1
    b = min([i for i in range(v.end, len(sentence)) if sentence[i] == BREAK], default=len(sentence))
    return a, b


def subject(sentence: list[str], v: Value, vals: list[Value]) -> frozenset[str] | None:
    """Who the clause says holds `v`: the named values before it ("Felix" in "Felix lives in Lima"),
    the user (empty: "I rent in", "her firm is", a note's bare "Resident in"), or None for anything
    else ("the logs live in", "the files sit in")."""
    a, _ = clause_of(sentence, v)
    # the word before the governing verb, past adverbs: "when I joined X" is the user's after "relocated from London"
    verb = next((i for i in range(v.start - 1, max(a, v.start - 4) - 1, -1) if sentence[i].lower() in GOVERNS_ANY),
                None)
    if verb is not None:
        k = verb - 1
        while k >= a and common(sentence[k].lower()) and sentence[k].lower() not in USER_WORDS:
            k -= 1
        if k >= a and sentence[k].lower() in USER_WORDS:
            return frozenset()
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
    names = [w.lower() for i, w in enumerate(head) if w[:1].isupper() and not common(w.lower())
             and (i + 1 == len(head) or head[i + 1].lower() not in USER_WORDS)]
    if names:
        return frozenset(names)
    prev = before[first - 1]
    if before[first] in GOVERNING_NOUNS:
        return None if prev in OTHER_OWNERS or prev.endswith("'s") else frozenset()
    return frozenset() if common(prev) else None


def common(word: str) -> bool:
    """A pronoun, a function word, an adverb or a participle: no subject of its own."""
    return word in USER_WORDS or word in FRAME_STOP or word in STOP_WORDS or word.endswith(("ly", "ed"))


def classes(sentence: list[str], v: Value, words: int = FRAME_WINDOW) -> frozenset[str]:
    """The relations (FRAME_CLASSES) the words around a value name."""
    around = {w.lower() for w in sentence[max(0, v.start - words): v.end + words] if w != BREAK}
    found = {name for name, cues in FRAME_CLASSES.items() if around & cues}
    if (v.end < len(sentence) and sentence[v.end].lower() == "time") or (
            len(v.tokens) >= 2 and sentence[v.end - 1].lower() == "time"):
        found.add("timezone")  # a name before "time" names a zone ("Pacific time", "Eastern Time")
    return frozenset(found)


def governed(sentence: list[str], v: Value, words: int = 3) -> frozenset[str]:
    """The relations whose words govern a value: one of them a few words before it in its clause, and
    right before it a link ("resides in X", "employer is X") or the word itself ("joined X"); or "home"
    closing its clause ("calls X home")."""
    a, b = clause_of(sentence, v)
    after = [w.lower() for w in sentence[v.end: b]]
    if after in (["home"], ["is", "home", "base"], ["is", "my", "home"], ["is", "our", "home"]):
        return frozenset({"residence"})  # "calls Lyon home", "Lyon is home base"
    start = max(a, v.start - words)
    before = [w.lower() for w in sentence[start: v.start]]
    if not before or (before[-1] not in GOVERN_LINKS and before[-1] not in GOVERNS_ANY):
        return frozenset()
    cues = set()
    for i, w in enumerate(before):
        prev = sentence[start + i - 1].lower() if start + i > a else ""
        if w in DWELLINGS:  # "our new apartment in X": only a dwelling the user says is theirs
            if {sentence[j].lower() for j in range(max(a, start + i - 2), start + i)} & USER_OWNED:
                cues.add("home")
        elif w in GOVERNING_NOUNS:
            if before[-1] != "is" or w in COPULA_NOUNS:  # "my job is ML engineer" names a role
                cues.add(w)
        elif w in GOVERNS_ANY and prev not in DETERMINERS and prev != "of":  # "a living at", "a lot of work for"
            cues.add(w)
    return frozenset(name for name, words in GOVERNS.items() if words & cues)


def anchors(sents: list[list[str]], vals: list[Value], v: Value, leave: frozenset[str]) -> frozenset[str]:
    """The other named things in `v`'s clause (what the value is said of), less the words `leave`; an
    apposition is a clause of its own ("Seattle, USA")."""
    sent = sents[v.sentence]
    a, b = clause_of(sent, v)
    named = {t for o in vals if o.sentence == v.sentence and o is not v and a <= o.start < b for t in o.tokens}
    if a == 0 and v.start > 1 and opening_name(sent):
        named.add(sent[0].lower())
    return frozenset(named) - v.tokens - leave


def opening_name(sent: list[str]) -> bool:
    """Whether the sentence opens with a name the values missed ("Iris reporting runs on"), not with a
    verb ("Works at", "Calls Boston home", "Settled in") or a function word."""
    first, low, nxt = sent[0], sent[0].lower(), sent[1]
    if (not first[:1].isupper() or first in NOT_VALUES or low in STOP_WORDS | FRAME_STOP | DEPARTURE_BEFORE
            or low in PROPERTY_OPENERS):
        return False
    # "Loves writing X", "Runs on X": a verb's -s before its object, a link or another verb's -ing
    verb_s = low.endswith("s") and (nxt.lower() in GOVERN_LINKS | DETERMINERS or nxt[:1].isupper()
                                    or nxt.lower().endswith("ing"))
    return not verb_s and not low.endswith(("ed", "ing", "ly"))


def other_thing(old: frozenset[str], new: frozenset[str]) -> bool:
    """Two values said of different things: both sentences name something else, and nothing in common
    ("Kestrel builds on Drone" / "Halo runs on GCP")."""
    return bool(old) and bool(new) and not old & new


@lru_cache(maxsize=4096)
def questions(text: str) -> frozenset[int]:
    """The indexes (as in `values`) of the text's sentences that ask, other than requests ("can you
    switch everything to Pacific time?" asks for the change)."""
    return frozenset(n for n, s in enumerate(split_sentences(SPEAKER.sub("", text)))
                     if s.rstrip().endswith("?") and not REQUEST.search(s))


def relation_of(classes: frozenset[str]) -> str | None:
    """One relation's name for a set of them (the first by name), None for none."""
    return min(classes) if classes else None
