"""Sentence-level features for the supersession judge.

A real change is often one sentence in a chatty message ("... so the audit is now on 9 June. off to
the gym"), so whole-text features are diluted by everything around it. Here each text is split into
sentences (by `judge_features.read`), the (newer, older) sentence pair whose masked frames overlap most
is chosen among the sentences that hold a value, and the value / holder / modality / cue features are
read on that pair alone. No feature names a phrase; the word classes are the closed ones of
`lib/vocab/judge.py`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from memory_pipeline.lib.judge_reading import FIRST_PERSON, Reading, Span, read, same_kind
from memory_pipeline.lib.text import STOP_WORDS
from memory_pipeline.lib.vocab.judge import (
    CHANGE_CUES,
    HYPOTHETICAL,
    NEGATORS,
    PAST_MARKERS,
    PERSON_NOUNS,
    PLAN_WORDS,
    POSSESSIVES,
    SUBORDINATORS,
    THIRD_PERSON,
)


@dataclass(frozen=True)
class Sentence:
    """One sentence of a text: its lower-case tokens, masked frame, values and closed-class readings."""

    words: tuple[str, ...]
    start: int  # the text's token index of its first token
    frame: frozenset[str]
    values: tuple[Span, ...]
    own: bool  # first person and no other person as subject before its first value
    assertive: bool  # no question, plan or wish, hypothetical
    cue: bool
    negated: bool


def _sentence(r: Reading, sent: int) -> Sentence:
    idx = [i for i, s in enumerate(r.sents) if s == sent]
    words = tuple(r.tokens[i].lower() for i in idx)
    values = tuple(v for v in r.values if v.sent == sent)
    value_pos = {v.pos for v in values}
    frame = frozenset(f"<{next(v.kind for v in values if v.pos == i)}>" if i in value_pos else r.tokens[i].lower()
                      for i in idx if r.tokens[i][0].isalnum()) - STOP_WORDS
    first_value = min(value_pos, default=idx[-1] + 1 if idx else 0)
    before = [r.tokens[i].lower() for i in idx if i < first_value]
    other = any(w in THIRD_PERSON for w in before) or any(
        a in POSSESSIVES and b in PERSON_NOUNS for a, b in zip(before, before[1:], strict=False))
    plain = [r.tokens[i].lower() for i in idx if i not in value_pos]  # "May" the month is no modal
    return Sentence(
        words, idx[0] if idx else 0, frame, values,
        own=any(w in FIRST_PERSON for w in words) and not other,
        assertive="?" not in plain and not any(w in PLAN_WORDS or w in HYPOTHETICAL for w in plain),
        cue=any(w in CHANGE_CUES for w in words),
        negated=any(w in NEGATORS or w.endswith("n't") for w in words))


@lru_cache(maxsize=4096)
def sentences(text: str) -> tuple[Sentence, ...]:
    r = read(text)
    return tuple(s for s in (_sentence(r, n) for n in sorted(set(r.sents))) if s.frame)


def _jaccard(a: frozenset, b: frozenset) -> float:
    return len(a & b) / max(1, len(a | b))


def _slot_agree(sn: Sentence, so: Sentence, new_only: list[Span], old_only: list[Span]) -> float:
    """A same-kind pair of differing values in the same frame position: the content word before them (or
    after them) is the same in both sentences."""
    rn_words, ro_words = _neighbours(sn), _neighbours(so)
    for o in old_only:
        for n in new_only:
            if same_kind(n, o) and rn_words.get(n.pos, set()) & ro_words.get(o.pos, set()):
                return 1.0
    return 0.0


def _neighbours(s: Sentence) -> dict[int, set[str]]:
    """Per value (by token position): the words next to it in its sentence, stop words included so that
    "in <name>" agrees with "in <name>", value kinds standing for other values."""
    start = s.start
    kinds = {v.pos - start: f"<{v.kind}>" for v in s.values}
    toks = [kinds.get(i, w) for i, w in enumerate(s.words)]
    out = {}
    for v in s.values:
        i = v.pos - start
        near = {toks[i - 1] if i > 0 else "^", toks[i + 1] if i + 1 < len(toks) else "$"}
        out[v.pos] = {w for w in near if w not in {",", "and"}}
    return out


# A change is one sentence of a message: the newer text's sentences count up to two, so a long turn is
# judged by its best sentence pair and not by how much else it says (see judge_features.LEN_CAP).
NEW_SENTENCES_CAP = 2

SENTENCE_FEATURES: dict[str, str] = {
    "sent_jaccard": "masked-frame Jaccard of the best-matching (newer, older) sentence pair holding values",
    "sent_swap": "in that pair, an older value absent from the newer sentence, which has another of its kind",
    "sent_slot_agree": "such a swap whose two values have the same word beside them (one frame position)",
    "sent_own_assertive": "the newer sentence is the user's own and assertive (no question, plan, hypothesis)",
    "sent_cue": "the newer sentence holds a change cue",
    "sent_old_gone": "no value of the older sentence is stated anywhere in the newer text",
    "sent_old_past": "the newer sentence names an older value beside a negator or past marker",
    "sent_swap_own": "a same-kind swap in an own, assertive newer sentence",
    "sent_swap_cue": "a same-kind swap with a change cue in the newer sentence",
    "sent_count": "log of sentences in both texts (the newer text's counted up to NEW_SENTENCES_CAP)",
}
SENTENCE_NAMES = tuple(SENTENCE_FEATURES)


def _best_pair(new: tuple[Sentence, ...], old: tuple[Sentence, ...]) -> tuple[Sentence, Sentence, float] | None:
    best = None
    for so in old:
        if not so.values:
            continue
        for sn in new:
            j = _jaccard(sn.frame, so.frame)
            if best is None or j > best[2]:
                best = (sn, so, j)
    return best


def sentence_features(newer: str, older: str) -> list[float]:
    """The sentence-level vector (in `SENTENCE_NAMES` order) of a newer text against an older one."""
    new, old = sentences(newer), sentences(older)
    count = math.log1p(min(len(new), NEW_SENTENCES_CAP) + len(old))
    best = _best_pair(new, old)
    if best is None:
        return [0.0] * (len(SENTENCE_NAMES) - 1) + [count]
    sn, so, jac = best
    keys_n, keys_o = {v.key for v in sn.values}, {v.key for v in so.values}
    all_new = {v.key for s in new for v in s.values}
    new_only = [v for v in sn.values if v.key not in keys_o]
    old_only = [v for v in so.values if v.key not in keys_n]
    swap = any(same_kind(n, o) for n in new_only for o in old_only)
    past = any(w in NEGATORS or w in PAST_MARKERS for w in sn.words) and bool(keys_n & keys_o)
    own = sn.own and sn.assertive
    f = {
        "sent_jaccard": jac,
        "sent_swap": float(swap),
        "sent_slot_agree": _slot_agree(sn, so, new_only, old_only),
        "sent_own_assertive": float(own),
        "sent_cue": float(sn.cue),
        "sent_old_gone": float(not (keys_o & all_new)),
        "sent_old_past": float(past),
        "sent_swap_own": float(swap and own),
        "sent_swap_cue": float(swap and sn.cue),
        "sent_count": count,
    }
    return [float(f[n]) for n in SENTENCE_NAMES]


def value_voice(text: str, value: str) -> str | None:
    """Why a value the text names is not a new fact of the user's, if it is not: "other" when its clause
    gives it to another person ("my sister moved to X": a third-person pronoun or a person noun nearer
    to it than any first person), "subordinate" when a subordinating conjunction sets its clause in
    another time and no change cue is in it ("back when I lived in X"). None: the user's own."""
    r = read(text)
    first = value.lower().split()[:1]
    span = next((v for v in r.values if first and v.key.split()[:1] == first), None)
    if span is None:
        return None
    n = len(span.key.split())
    lo, hi = span.pos - n, span.pos + 1  # the clause: punctuation on either side bounds it
    while lo >= 0 and r.sents[lo] == span.sent and r.tokens[lo][0].isalnum():
        lo -= 1
    while hi < len(r.tokens) and r.tokens[hi][0].isalnum():
        hi += 1
    before = [t.lower() for t in r.tokens[lo + 1: span.pos - n + 1]]
    for i in range(len(before) - 1, -1, -1):
        w = before[i]
        if w in FIRST_PERSON and not (w in POSSESSIVES and before[i + 1: i + 2] and before[i + 1] in PERSON_NOUNS):
            break
        if w in THIRD_PERSON or w in PERSON_NOUNS:
            return "other"
    clause = {t.lower() for t in r.tokens[lo + 1: hi]}
    if SUBORDINATORS & set(before) and not clause & CHANGE_CUES:
        return "subordinate"
    return None
