"""Which of the change detector's paths the judge carries (issue 30's rule budget):
`python -m memory_pipeline.bench.rule_paths [--cache FILE]`.

For every labelled development pair (`judge_pairs`: probes-dev, letta dev, LoCoMo dev, the synthetic
families) and every change case of `test_change.py` (read at cosine 0.5, 30 days apart), it asks
`lib.change.detect_change` which path finds the pair (as the engine does: only at cosine >= its floor,
and not when the judge's reading gives the new value to another person or time) and whether the judge
alone writes it at its threshold: the shipped model (in-sample) and the same features fitted out of
fold (grouped CV, as `train_judge`). The judge's probabilities take minutes; `--cache` keeps them, so a
re-run after a rule is deleted only re-reads the rules.
"""

from __future__ import annotations

import argparse
import inspect
import json
import pickle
from collections import defaultdict
from datetime import UTC, datetime, timedelta
from pathlib import Path

import numpy as np

from memory_pipeline.bench import train_judge
from memory_pipeline.bench.judge_pairs import Pair, all_pairs
from memory_pipeline.engines.local import RULE_MIN_SIMILARITY
from memory_pipeline.lib.change import detect_change
from memory_pipeline.lib.judge import judge, load
from memory_pipeline.lib.judge_sentence import value_voice

SOURCES = ("probes-change", "letta", "synthetic")
NEGATIVE = ("probes-control", "locomo", "probes-change", "letta", "synthetic")


def _probabilities(pairs: list[Pair]) -> tuple[np.ndarray, np.ndarray]:
    """(shipped model, out of fold) probabilities of each pair."""
    x, y = train_judge.matrix(pairs), np.array([p.label for p in pairs])
    m = load()
    p_in = 1 / (1 + np.exp(-np.clip(x @ np.array(m.weights) + m.bias, -60, 60)))
    src = np.array([p.source for p in pairs])
    w = np.where(src == "synthetic", train_judge.SYNTHETIC_WEIGHT, 1.0)
    p_oof = train_judge.out_of_fold(x, y, np.array([p.group for p in pairs]), w)
    return p_in, p_oof


def _path(newer: str, older: str, cosine: float) -> str | None:
    """The path that finds the pair, as the engine asks it (None: no rule proposes it)."""
    if cosine < RULE_MIN_SIMILARITY:
        return None
    change = detect_change(newer, older)
    if change is None or (change.new_value and value_voice(newer, change.new_value)):
        return None
    return change.how


def change_test_cases() -> list[tuple[str, str, str]]:
    """(test, newer, older) of every parametrized change case of test_change.py (those naming an old value)."""
    # the test suite is not part of the package: only a checkout has it, and only this command reads it
    from memory_pipeline_tests import test_change

    out = []
    for name, fn in inspect.getmembers(test_change, inspect.isfunction):
        for mark in getattr(fn, "pytestmark", []):
            if mark.name != "parametrize":
                continue
            names = [n.strip() for n in (mark.args[0] if isinstance(mark.args[0], (tuple, list))
                                         else mark.args[0].split(","))]
            if "old" in names:
                out += [(name, *(v.values if hasattr(v, "values") else v)[:2]) for v in mark.args[1]]
    return out


def measure(pairs: list[Pair], p_in: np.ndarray, p_oof: np.ndarray, threshold: float) -> dict:
    table: dict[str, dict] = defaultdict(lambda: defaultdict(int))
    for p, a, b in zip(pairs, p_in, p_oof, strict=True):
        how = _path(p.newer.content, p.older.content, p.cosine)
        if how is None:
            continue
        row = table[how]
        if p.label:
            row[p.source] += 1
            row[f"{p.source} judge in-sample"] += int(a >= threshold)
            row[f"{p.source} judge out-of-fold"] += int(b >= threshold)
        else:
            row[f"false {p.source}"] += 1
    t0 = datetime(2026, 1, 1, tzinfo=UTC)
    for test, newer, older in change_test_cases():
        how = detect_change(newer, older)
        row = table[how.how if how else "none"]
        row["test_change"] += 1
        row["test_change judge"] += int(judge(newer, older, 0.5, t0 + timedelta(days=30), t0).supersedes)
        row.setdefault("tests", set()).add(test)
    return {k: {n: sorted(c) if isinstance(c, set) else c for n, c in v.items()} for k, v in sorted(table.items())}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m memory_pipeline.bench.rule_paths", description=__doc__.split("\n")[0])
    ap.add_argument("--cache", type=Path, help="keep the pairs and the judge's probabilities here")
    args = ap.parse_args(argv)
    if args.cache and args.cache.exists():
        pairs, p_in, p_oof = pickle.loads(args.cache.read_bytes())
    else:
        # torch + sentence-transformers (~4.7 s): only a run without a cache embeds
        from memory_pipeline.embedding import get_embedder

        emb = get_embedder()
        pairs = all_pairs(lambda texts: emb.encode(list(texts)))
        p_in, p_oof = _probabilities(pairs)
        if args.cache:
            args.cache.write_bytes(pickle.dumps((pairs, p_in, p_oof)))
    print(json.dumps(measure(pairs, p_in, p_oof, load().threshold), indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
