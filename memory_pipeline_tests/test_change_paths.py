"""The rule-path measure (bench/rule_paths.py) attributes each labelled pair to the path that finds it
and counts what the judge alone writes there, on hand-made pairs (no embedder, no judge fit)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import numpy as np

from memory_pipeline.bench.judge_pairs import Pair, Text
from memory_pipeline.bench.rule_paths import change_test_cases, measure

T0 = datetime(2026, 1, 1, tzinfo=UTC)


def _pair(source: str, newer: str, older: str, label: int, cosine: float = 0.6) -> Pair:
    return Pair(source, "g", Text(newer, T0 + timedelta(days=30)), Text(older, T0), label, cosine)


def test_pairs_are_counted_by_path_and_judge():
    leave = "Quick update: I quit Globex last month and joined Initech as a designer."
    pairs = [
        _pair("probes-change", leave, "Works at Globex.", 1),
        _pair("letta", leave, "Works at Globex.", 1, cosine=0.05),  # below the rules' floor: no path
        _pair("probes-control", leave, "Works at Globex.", 0),
        _pair("probes-change", "I love the advice you give.", "The user lives in Madrid.", 1),  # no path
    ]
    table = measure(pairs, np.array([0.9, 0.9, 0.9, 0.9]), np.array([0.1, 0.9, 0.9, 0.9]), 0.5)
    dep = table["departure"]
    found = (dep["probes-change"], dep["probes-change judge in-sample"], dep["probes-change judge out-of-fold"])
    assert found == (1, 1, 0)
    assert dep["false probes-control"] == 1 and "letta" not in dep
    assert sum(row.get("test_change", 0) for row in table.values()) == len(change_test_cases())


def test_every_change_case_of_test_change_is_read():
    cases = change_test_cases()
    assert len(cases) > 50 and all(isinstance(n, str) and isinstance(o, str) for _, n, o in cases)
