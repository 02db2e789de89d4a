"""The supersession judge at run time: a logistic regression shipped as JSON (`judge_model.json`,
written by `python -m memory_pipeline.bench.train_judge`). Inference is a dot product and a sigmoid:
no scikit-learn, no pickle. The model card is docs/JUDGE.md."""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from pathlib import Path

from memory_pipeline.lib.judge_features import NAMES, pair_features
from memory_pipeline.lib.judge_sentence import SENTENCE_NAMES, sentence_features
from memory_pipeline.lib.judge_statements import STATEMENT_NAMES, statement_features

MODEL_PATH = Path(__file__).with_name("judge_model.json")
FEATURE_NAMES = NAMES + SENTENCE_NAMES + STATEMENT_NAMES


# Agent-written memories speak of the user in the third person ("The user works at X", "User's time zone
# is Y"): that is the user's own voice, read as the first person. A speaker label ("User: ") is not matched.
_USER_OWN = re.compile(r"\b(?:[Tt]he\s+)?[Uu]ser(?:'s|\u2019s)(?=\s)")
_USER_VERB = re.compile(r"\b(?:[Tt]he\s+)?[Uu]ser\s+(?:(is|was|has)|([a-z]+?[^s])s|([a-z]+))\b(?!:)")
_BE = {"is": "am", "was": "was", "has": "have"}


def own_voice(text: str) -> str:
    """The text with the user named in the third person turned into the first ("the user's" -> "my",
    "the user lives" -> "I live")."""
    text = _USER_OWN.sub("my", text)
    return _USER_VERB.sub(lambda m: "I " + (_BE[m[1]] if m[1] else m[2] or m[3]), text)


def features(newer: str, older: str, cosine: float, newer_at: datetime, older_at: datetime) -> list[float]:
    """The judge's vector (in `FEATURE_NAMES` order): whole-text features, those of the best-matching
    sentence pair, then those of the clause reader's statements; the user named in the third person is
    read as the first."""
    newer, older = own_voice(newer), own_voice(older)
    return (pair_features(newer, older, cosine, newer_at, older_at) + sentence_features(newer, older)
            + statement_features(newer, older))


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
    """The probability that `newer` replaces a fact `older` states, and the features that decided it."""
    m = model or load()
    x = features(newer, older, cosine, newer_at, older_at)
    parts = [w * v for w, v in zip(m.weights, x, strict=True)]
    z = m.bias + sum(parts)
    p = 1 / (1 + math.exp(-max(-60.0, min(60.0, z))))
    ranked = sorted(((n, c) for n, c in zip(m.names, parts, strict=True) if c), key=lambda nc: -abs(nc[1]))
    return Verdict(p, p >= m.threshold, tuple((n, round(c, 2)) for n, c in ranked[:top]))
