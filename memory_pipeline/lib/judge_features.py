"""Generic features of a (newer, older) pair of one user's statements, for the supersession judge.

No feature names a phrase. A text is read (`lib/judge_reading.py`) for its value spans (capitalised
names, numbers, dates, times, lower-case noun phrases after a relation word) and the frame left once
they are masked; the features add who holds the fact (the user or another person), its modality
(question, plan or wish, hypothetical, negation) and a short closed list of change cues.
`pair_features` turns two texts, their cosine and their time gap into the vector the judge weighs;
every feature has a one-line docstring in `FEATURES`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache

from memory_pipeline.lib.judge_reading import FIRST_PERSON, Reading, Span, read, same_kind
from memory_pipeline.lib.text import STOP_WORDS
from memory_pipeline.lib.vocab.judge import (
    ADDITIVE,
    CHANGE_CUES,
    HYPOTHETICAL,
    NEGATORS,
    PAST_MARKERS,
    PERSON_NOUNS,
    PLAN_WORDS,
    POSSESSIVES,
    RELATION_WORDS,
    THIRD_PERSON,
)
from memory_pipeline.lib.vocab.tense import DETERMINERS, IRREGULAR_PAST, PRESENT_BE

# The newer text's length counts up to this many tokens: past it a long message is read by its best
# sentence, not punished for the talk around the change (uncapped, LoCoMo's long chatty turns set a
# weight that kept every long letta turn below the threshold).
LEN_CAP = 15


def _other_holder(r: Reading, span: Span) -> bool:
    """The value's clause has another person as subject: a possessive with a person noun, a third-person
    pronoun or a capitalised name before it, and no first person nearer to it."""
    names = {v.pos for v in r.values if v.kind == "name" and v.sent == span.sent}
    i = span.pos - 1
    while i >= 0 and r.sents[i] == span.sent:
        w = r.tokens[i].lower()
        nxt = r.tokens[i + 1].lower()
        if w in FIRST_PERSON and not (w in POSSESSIVES and nxt in PERSON_NOUNS):
            return False
        if w in THIRD_PERSON or w in PERSON_NOUNS or i in names:
            return True
        i -= 1
    return False


def _subject(r: Reading, span: Span) -> bool:
    """The value opens its sentence (the subject itself, not a value said of it)."""
    return span.pos == 0 or r.sents[span.pos - 1] != span.sent


def _modality(r: Reading, sent: int) -> tuple[bool, bool, bool, bool]:
    """(question, plan or wish, hypothetical, negated) of one sentence."""
    toks = [t.lower() for t, s in zip(r.tokens, r.sents, strict=True) if s == sent]
    question = "?" in toks
    plan = any(t in PLAN_WORDS for t in toks)
    hypo = any(t in HYPOTHETICAL for t in toks)
    neg = any(t in NEGATORS or t.endswith("n't") for t in toks)
    return question, plan, hypo, neg


def _identifier(v: Span) -> bool:
    """A name holding a digit ("REQ-118", "case #7731"; a year is a date)."""
    return v.kind == "name" and any(c.isdigit() for c in v.key)


def _reports_event(r: Reading, sent: int) -> bool:
    """The sentence reports something that happened (a finite past verb: "got escalated", "I closed it") and
    adds nothing beside it: an identifier named again in the present ("Room 214 has a view") or with
    more to add ("the claim also needs photos") is more about one thing, not its news."""
    toks = [t.lower() for t, s in zip(r.tokens, r.sents, strict=True) if s == sent]
    if not ADDITIVE.isdisjoint(toks):
        return False
    # a participle after a determiner or a present "be" ("I'm based in Oslo") is a state, not news
    return any(t in IRREGULAR_PAST or (len(t) > 4 and t.isalpha() and t.endswith("ed") and (i == 0 or not (
        toks[i - 1] in DETERMINERS | PRESENT_BE or toks[i - 1].endswith(("'m", "'re")))))
               for i, t in enumerate(toks))


def _near(r: Reading, span: Span, words: frozenset[str], width: int = 4) -> bool:
    lo, hi = max(0, span.pos - width), min(len(r.tokens), span.pos + width + 1)
    return any(r.tokens[i].lower() in words and r.sents[i] == span.sent for i in range(lo, hi))


def _context(r: Reading, span: Span, width: int = 4) -> set[str]:
    lo, hi = max(0, span.pos - width), min(len(r.tokens), span.pos + width + 1)
    return {r.tokens[i].lower() for i in range(lo, hi)
            if i != span.pos and r.sents[i] == span.sent and r.tokens[i][0].isalnum()} - STOP_WORDS


def _swap_fit(dn: _Derived, do: _Derived, new_only: list[int], old_only: list[int], rn: Reading,
              ro: Reading) -> tuple[float, float]:
    """Over same-kind (older-only, newer-only) value pairs (indexes into the values): the best overlap of
    the words around them, and whether some pair follows the same word or two relation words."""
    best, rel = 0.0, 0.0
    for o in old_only:
        co, before_o = do.context[o], do.before[o]
        for n in new_only:
            if not same_kind(rn.values[n], ro.values[o]):
                continue
            cn, before_n = dn.context[n], dn.before[n]
            best = max(best, len(co & cn) / max(1, len(co | cn)))
            if before_o == before_n or (before_o in RELATION_WORDS and before_n in RELATION_WORDS):
                rel = 1.0
    return best, rel


def _all_others(d: _Derived, idx: list[int]) -> bool:
    """Every value (but a sentence's opening subject) is said of another person."""
    said = [i for i in idx if not d.subject[i]]
    return bool(said) and all(d.others[i] for i in said)


@dataclass(frozen=True)
class _Derived:
    """What pair_features needs of one text beyond its reading, computed once per text."""

    others: tuple[bool, ...]  # per value: said of another person (a sentence's opening subject: None)
    subject: tuple[bool, ...]  # per value: it opens its sentence
    context: tuple[frozenset[str], ...]  # per value: content words around it
    before: tuple[str, ...]  # per value: the word before it
    mods: dict  # sentence -> (question, plan, hypothetical, negated)
    cue_sents: frozenset[int]
    cues: int
    first_person: bool


@lru_cache(maxsize=4096)
def _derived(text: str) -> _Derived:
    r = read(text)
    low = [t.lower() for t in r.tokens]
    return _Derived(
        tuple(_other_holder(r, v) for v in r.values), tuple(_subject(r, v) for v in r.values),
        tuple(frozenset(_context(r, v)) for v in r.values),
        tuple(low[v.pos - 1] if v.pos else "" for v in r.values),
        {s: _modality(r, s) for s in set(r.sents)},
        frozenset(s for t, s in zip(low, r.sents, strict=True) if t in CHANGE_CUES), _cue(r),
        any(t in FIRST_PERSON for t in low))


def _cue(r: Reading) -> int:
    toks = [t.lower() for t in r.tokens]
    n = sum(t in CHANGE_CUES for t in toks)
    return n + sum(a == "no" and b == "longer" for a, b in zip(toks, toks[1:], strict=False))


FEATURES: dict[str, str] = {
    "cosine": "cosine of the two texts' embeddings",
    "frame_jaccard": "token Jaccard of the masked frames (values replaced by their kind)",
    "same_kind_swap": "a value of the older text is absent from the newer, which has another of its kind",
    "swap_name": "such a swap between capitalised names",
    "swap_number": "such a swap between numbers",
    "swap_date_time": "such a swap between dates or times",
    "swap_word": "such a swap between lower-case values after a relation word",
    "shared_values": "values both texts state (log count)",
    "new_only_values": "values only the newer text states (log count)",
    "old_in_new": "the newer text names a value the older one states",
    "old_as_past": "the newer text names an older value next to a negator or past marker",
    "cue_new": "change cues in the newer text (log count)",
    "cue_old": "change cues in the older text (log count)",
    "cue_near_value": "a change cue in a sentence of the newer text that holds a new value",
    "first_person_new": "the newer text speaks in the first person",
    "other_holder_new": "the newer text's new values are said of another person",
    "other_holder_old": "the older text's values are said of another person",
    "holder_differs": "one text's values are said of another person and the other's are not",
    "question_new": "the newer text's value sentences ask a question",
    "plan_new": "the newer text's value sentences state a plan or wish",
    "hypothetical_new": "the newer text's value sentences are hypothetical",
    "negated_new": "the newer text's value sentences hold a negator",
    "question_old": "the older text's value sentences ask a question",
    "plan_old": "the older text's value sentences state a plan or wish",
    "slot_changed": "a relation both texts state (one current value each) has another value in the newer",
    "slot_same": "a relation both texts state has the same value in both",
    "swap_context": "the best word overlap around a same-kind pair of differing values",
    "swap_relation": "a same-kind pair of differing values follows the same word or two relation words",
    "swap_with_cue": "a same-kind swap whose new value sits in a sentence with a change cue",
    "swap_own": "a same-kind swap said in the first person and not of another person",
    "past_with_value": "the newer text puts an older value in the past and states a new value",
    "value_extended": "an older value of two words or more ends a longer newer value of its kind, its head kept (a"
                      " title or a name made more specific: 'Product Manager' -> 'Senior Product Manager'; 'Lake"
                      " District' -> 'Lake District Hostel' names another thing; one word is too often a place"
                      " inside a larger name)",
    "log_days": "log(1 + days between the two texts)",
    "log_len_new": "log of the newer text's length in tokens, capped at LEN_CAP",
    "log_len_old": "log of the older text's length in tokens",
    "shared_identifier": "both texts name one identifier (a name holding a digit: 'case #7731', 'REQ-118') and the"
                         " newer one reports an event of it: news of one tracked thing",
}
NAMES = tuple(FEATURES)


def pair_features(newer: str, older: str, cosine: float, newer_at: datetime, older_at: datetime) -> list[float]:
    """The feature vector (in `NAMES` order) of a newer text against an older one."""
    rn, ro, dn, do = read(newer), read(older), _derived(newer), _derived(older)
    keys_n, keys_o = {v.key for v in rn.values}, {v.key for v in ro.values}
    new_idx = [i for i, v in enumerate(rn.values) if v.key not in keys_o]
    old_idx = [i for i, v in enumerate(ro.values) if v.key not in keys_n]
    new_only = [rn.values[i] for i in new_idx]
    old_only = [ro.values[i] for i in old_idx]
    swaps = {o.kind for o in old_only if any(same_kind(n, o) for n in new_only)}
    if {"date", "time"} & swaps:
        swaps.add("date_time")
    old_mentions = [v for v in rn.values if v.key in keys_o]
    mod_n = [dn.mods[s] for s in ({v.sent for v in new_only} or set(rn.sents[:1]))]
    mod_o = [do.mods[s] for s in ({v.sent for v in old_only} or set(ro.sents[:1]))]
    cue_sents = dn.cue_sents
    shared_slots = rn.slots.keys() & ro.slots.keys()
    changed = any(rn.slots[k].lower() != ro.slots[k].lower() for k in shared_slots)
    context, relation = _swap_fit(dn, do, new_idx, old_idx, rn, ro)
    others_n, others_o = _all_others(dn, new_idx), _all_others(do, old_idx)
    days = abs((newer_at - older_at).total_seconds()) / 86400
    f = {
        "cosine": cosine,
        "frame_jaccard": len(rn.frame & ro.frame) / max(1, len(rn.frame | ro.frame)),
        "same_kind_swap": float(bool(swaps)),
        "swap_name": float("name" in swaps),
        "swap_number": float("number" in swaps),
        "swap_date_time": float("date_time" in swaps),
        "swap_word": float("word" in swaps),
        "shared_values": math.log1p(len(keys_n & keys_o)),
        "new_only_values": math.log1p(len({v.key for v in new_only})),
        "old_in_new": float(bool(old_mentions)),
        "old_as_past": float(any(_near(rn, v, NEGATORS | PAST_MARKERS) for v in old_mentions)),
        "cue_new": math.log1p(dn.cues),
        "cue_old": math.log1p(do.cues),
        "cue_near_value": float(any(v.sent in cue_sents for v in new_only)),
        "first_person_new": float(dn.first_person),
        "other_holder_new": float(others_n),
        "other_holder_old": float(others_o),
        "holder_differs": float(others_n != others_o),
        "question_new": float(all(m[0] for m in mod_n)),
        "plan_new": float(any(m[1] for m in mod_n)),
        "hypothetical_new": float(any(m[2] for m in mod_n)),
        "negated_new": float(any(m[3] for m in mod_n)),
        "question_old": float(all(m[0] for m in mod_o)),
        "plan_old": float(any(m[1] for m in mod_o)),
        "slot_changed": float(changed),
        "slot_same": float(bool(shared_slots) and not changed),
        "swap_context": context,
        "swap_relation": relation,
        "swap_with_cue": float(any(v.sent in cue_sents and v.kind in swaps for v in new_only)),
        "swap_own": float(bool(swaps) and dn.first_person and not others_n),
        "past_with_value": float(bool(new_only) and any(_near(rn, v, NEGATORS | PAST_MARKERS) for v in old_mentions)),
        "value_extended": float(any(o.kind == n.kind and " " in o.key and n.key.endswith(f" {o.key}")
                                    for n in rn.values for o in ro.values)),
        "log_days": math.log1p(days),
        "log_len_new": math.log1p(min(len(rn.tokens), LEN_CAP)),
        "log_len_old": math.log1p(len(ro.tokens)),
        "shared_identifier": float(any(_identifier(v) and _reports_event(rn, v.sent) for v in old_mentions)),
    }
    return [float(f[n]) for n in NAMES]


def differing_values(newer: str, older: str) -> tuple[str, str]:
    """(an older value the newer text does not state, a newer value of its kind), for the edge's text;
    empty strings where there is none."""
    rn, ro = read(newer), read(older)
    keys_n, keys_o = {v.key for v in rn.values}, {v.key for v in ro.values}
    new_only = [v for v in rn.values if v.key not in keys_o]
    for o in ro.values:
        if o.key in keys_n:
            continue
        same = [n for n in new_only if same_kind(n, o)]
        if same:
            return o.key, same[0].key
    olds = [v.key for v in ro.values if v.key not in keys_n]
    return (olds[0] if olds else "", new_only[0].key if new_only else "")


def masked_frame(text: str) -> frozenset[str]:
    """The frame `read` gives: for choosing candidate pairs by masked-frame similarity."""
    return read(text).frame
