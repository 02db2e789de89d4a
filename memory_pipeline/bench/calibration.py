"""Similarity thresholds against public data (STS-B dev, SICK), read in place, never copied.

- STS-B dev: gold similarity 0-5; "duplicate" means gold >= 4. Best-F1 cosine threshold, and the
  precision / recall of the save path's own thresholds (0.95 dedup, 0.76 flag by default).
- SICK: CONTRADICTION pairs with cosine >= the dedup threshold would be merged by cosine alone; the save
  path's decision (`lib.dedup.decide`, with the numbers / dates / names / negation guard) is what it
  actually merges. Sentence B is taken as the new memory, A as the stored match.
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np

from memory_pipeline.lib import dedup
from memory_pipeline.records import content_hash

ENV = "MEMORY_PIPELINE_CALIBRATION_DATA"


def data_dir() -> Path:
    env = os.environ.get(ENV)
    return Path(env) if env else Path(__file__).resolve().parents[3] / "shared" / "data"


def read_stsb(path: Path, limit: int | None = None) -> list[tuple[float, str, str]]:
    """Tab-separated, no quoting (a CSV reader would break on quotes inside sentences)."""
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        cols = line.split("\t")
        if len(cols) >= 7:
            out.append((float(cols[4]), cols[5].strip(), cols[6].strip()))
    return out[:limit]


def read_sick(path: Path, limit: int | None = None) -> list[tuple[str, str, float, str]]:
    out = []
    for line in path.read_text(encoding="utf-8").splitlines()[1:]:  # header
        cols = line.split("\t")
        if len(cols) >= 5:
            out.append((cols[1].strip(), cols[2].strip(), float(cols[3]), cols[4].strip()))
    return out[:limit]


def best_f1(cos: np.ndarray, gold: np.ndarray) -> dict:
    """The threshold t maximising F1 of `cos >= t` against `gold`."""
    order = np.argsort(-cos, kind="stable")
    tp = np.cumsum(gold[order])
    k = np.arange(1, len(cos) + 1)
    precision, recall = tp / k, tp / max(1, gold.sum())
    f1 = np.where(precision + recall > 0, 2 * precision * recall / np.maximum(precision + recall, 1e-12), 0)
    b = int(np.argmax(f1))
    return {
        "threshold": round(float(cos[order[b]]), 4),
        "f1": round(float(f1[b]), 4),
        "precision": round(float(precision[b]), 4),
        "recall": round(float(recall[b]), 4),
    }


def at_threshold(cos: np.ndarray, gold: np.ndarray, t: float) -> dict:
    pred = cos >= t
    tp = int((pred & gold).sum())
    p = tp / pred.sum() if pred.sum() else None
    r = tp / gold.sum() if gold.sum() else None
    f1 = 2 * p * r / (p + r) if p and r else 0.0
    return {
        "threshold": t,
        "precision": None if p is None else round(float(p), 4),
        "recall": None if r is None else round(float(r), 4),
        "f1": round(float(f1), 4),
    }


def _cosines(cache, a: list[str], b: list[str]) -> np.ndarray:
    va, vb = cache.vectors(a), cache.vectors(b)
    return np.sum(va * vb, axis=1)


def measure(bench) -> dict:
    root = data_dir()
    stsb_path = root / "stsb" / "sts-dev.csv"
    sick_paths = [root / "sick" / f for f in bench.plan.sick_files]
    if not stsb_path.exists() or not all(p.exists() for p in sick_paths):
        return {
            "calibration": {
                "skipped": f"calibration data not found; set {ENV} to a folder holding"
                " stsb/sts-dev.csv and sick/SICK_*.txt"
            }
        }
    cfg, limit = bench.settings.save, bench.plan.calibration_limit
    stsb = _stsb(bench.cache, stsb_path, cfg, limit)
    sick = _sick(bench.cache, sick_paths, cfg, limit)
    return {
        "calibration": {
            "data": "STS-B dev; SICK " + " + ".join(bench.plan.sick_files),
            "limit": limit,
            "stsb_dev": stsb,
            "sick": sick,
            "target": "contradictions merged by the save path = 0",
        }
    }


def _stsb(cache, path: Path, cfg, limit: int | None) -> dict:
    from scipy.stats import spearmanr  # here, not at the top: 2.2 s to import (measured), one figure needs it

    sts = read_stsb(path, limit)
    cos = _cosines(cache, [s[1] for s in sts], [s[2] for s in sts])
    score = np.array([s[0] for s in sts])
    gold = score >= 4.0
    return {
        "pairs": len(sts),
        "duplicates_gold_ge_4": int(gold.sum()),
        "spearman": round(float(spearmanr(cos, score).statistic), 4),
        "best_f1": best_f1(cos, gold),
        "at_dedup_threshold": at_threshold(cos, gold, cfg.dedup_threshold),
        "at_flag_threshold": at_threshold(cos, gold, cfg.flag_threshold),
    }


def _sick(cache, paths: list[Path], cfg, limit: int | None) -> dict:
    sick = [row for p in paths for row in read_sick(p, limit)]
    scos = _cosines(cache, [r[0] for r in sick], [r[1] for r in sick])
    labels = np.array([r[3] for r in sick])
    decisions = [
        dedup.decide(
            float(c),
            b,
            a,
            dedup_threshold=cfg.dedup_threshold,
            flag_threshold=cfg.flag_threshold,
            same_hash=content_hash(a) == content_hash(b),
        ).action
        for (a, b, _, _), c in zip(sick, scos, strict=True)
    ]
    merged = np.array([d == dedup.DEDUPLICATED for d in decisions])
    flagged = np.array([d == dedup.FLAGGED for d in decisions])
    by_label = {}
    for lab in ("CONTRADICTION", "ENTAILMENT", "NEUTRAL"):
        m = labels == lab
        n = int(m.sum())
        by_label[lab] = {
            "pairs": n,
            "cosine_ge_0_8": _share(scos[m] >= 0.8),
            "cosine_ge_flag": _share(scos[m] >= cfg.flag_threshold),
            "cosine_ge_dedup": _share(scos[m] >= cfg.dedup_threshold),
            "merged_by_save_path": _share(merged[m]),
            "flagged_by_save_path": _share(flagged[m]),
        }
    c = labels == "CONTRADICTION"
    examples = [f"{sick[i][0]} | {sick[i][1]} (cos {scos[i]:.3f})" for i in np.flatnonzero(c & merged)[:5]]
    return {"pairs": len(sick), "by_label": by_label, "contradictions_merged_examples": examples}


def _share(mask: np.ndarray) -> float | None:
    return round(float(mask.mean()), 4) if len(mask) else None
