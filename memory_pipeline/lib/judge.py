"""The supersession judge at run time: a logistic regression shipped as JSON (`judge_model.json`,
written by `python -m memory_pipeline.bench.train_judge`). Inference is a dot product and a sigmoid:
no scikit-learn, no pickle. The model card is docs/JUDGE.md."""

from __future__ import annotations

import json
import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from pathlib import Path

from memory_pipeline.lib.judge_features import NAMES, pair_features
from memory_pipeline.lib.judge_relative import RELATIVE_NAMES, margins
from memory_pipeline.lib.judge_rules import RULE_NAMES, rule_features
from memory_pipeline.lib.judge_sentence import SENTENCE_NAMES, sentence_features
from memory_pipeline.lib.judge_statements import STATEMENT_NAMES, statement_features
from memory_pipeline.lib.voice import own_voice

MODEL_PATH = Path(__file__).with_name("judge_model.json")
PAIR_NAMES = NAMES + SENTENCE_NAMES + STATEMENT_NAMES + RULE_NAMES  # read on the pair alone
FEATURE_NAMES = PAIR_NAMES + RELATIVE_NAMES
_MARGIN_OF = tuple(PAIR_NAMES.index(n) for n in ("cosine", "frame_jaccard"))  # RELATIVE_NAMES' order


def pair_vector(newer: str, older: str, cosine: float, newer_at: datetime, older_at: datetime,
                held: frozenset[str] = frozenset()) -> list[float]:
    """The pair's own features (in `PAIR_NAMES` order): whole-text features, those of the best-matching
    sentence pair, those of the clause reader's statements, then the structural detector's departure
    reading (`held`: the newer text's values the user stated before it); the user named in the third
    person is read as the first."""
    newer, older = own_voice(newer), own_voice(older)
    return (pair_features(newer, older, cosine, newer_at, older_at) + sentence_features(newer, older)
            + statement_features(newer, older) + list(rule_features(newer, older, held)))


def features(newer: str, older: str, cosine: float, newer_at: datetime, older_at: datetime) -> list[float]:
    """The judge's vector (in `FEATURE_NAMES` order) of a pair judged alone (its margins are 0)."""
    return pair_vector(newer, older, cosine, newer_at, older_at) + [0.0] * len(RELATIVE_NAMES)


def with_margins(newer_keys: Sequence[Hashable], vectors: Sequence[list[float]]) -> list[list[float]]:
    """`pair_vector`s of candidate pairs completed with their margins among the pairs of the same newer
    text (`newer_keys[i]` names pair i's newer memory)."""
    cols = [[v[c] for v in vectors] for c in _MARGIN_OF]
    return [v + m for v, m in zip(vectors, margins(newer_keys, cols), strict=True)]


@dataclass(frozen=True)
class Model:
    names: tuple[str, ...]
    weights: tuple[float, ...]  # per raw feature (the training scaler folded in)
    bias: float
    threshold: float  # a supersession is written at or above this probability
    version: str


@dataclass(frozen=True)
class Verdict:
    probability: float
    supersedes: bool
    deciding: tuple[tuple[str, float], ...]  # the largest contributions (feature, weight x value)


@lru_cache(maxsize=2)
def load(path: Path = MODEL_PATH) -> Model:
    d = json.loads(path.read_text())
    if tuple(d["features"]) != FEATURE_NAMES:
        raise ValueError(f"{path.name}: its features differ from lib/judge_*.py; retrain the judge")
    return Model(tuple(d["features"]), tuple(d["weights"]), d["bias"], d["threshold"], d["version"])


def judge(newer: str, older: str, cosine: float, newer_at: datetime, older_at: datetime,
          model: Model | None = None, top: int = 4) -> Verdict:
    """The probability that `newer` replaces a fact `older` states, and the features that decided it
    (the pair judged alone: no other candidate to compare it with)."""
    return verdict(features(newer, older, cosine, newer_at, older_at), model, top)


def judge_candidates(pairs: Sequence[tuple], model: Model | None = None, top: int = 4) -> list[Verdict]:
    """Verdicts on candidate pairs (newer key, newer, older, cosine, newer at, older at[, held]), each
    weighed with its margins over the other candidates of its newer memory."""
    vectors = with_margins([p[0] for p in pairs], [pair_vector(*p[1:]) for p in pairs])
    return [verdict(x, model, top) for x in vectors]


def verdict(x: Sequence[float], model: Model | None = None, top: int = 4) -> Verdict:
    """The model's probability for a feature vector, and its largest contributions."""
    m = model or load()
    parts = [w * v for w, v in zip(m.weights, x, strict=True)]
    z = m.bias + sum(parts)
    p = 1 / (1 + math.exp(-max(-60.0, min(60.0, z))))
    ranked = sorted(((n, c) for n, c in zip(m.names, parts, strict=True) if c), key=lambda nc: -abs(nc[1]))
    return Verdict(p, p >= m.threshold, tuple((n, round(c, 2)) for n, c in ranked[:top]))
