"""Issue 30's rule budget: the change rules, the vocabularies and the extractors stay small, and no
multi-word phrase in them (or in the judge's features) is a phrase the synthetic generator says."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import memory_pipeline

PKG = Path(memory_pipeline.__file__).parent
LIB = PKG / "lib"
BUDGET = 2200


def _rule_files() -> list[Path]:
    return sorted([*LIB.glob("change*.py"), *(LIB / "vocab").glob("*.py"), *(LIB / "extract").glob("*.py")])


def _phrases(path: Path) -> set[str]:
    """String literals of two or more words (regex syntax dropped first)."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = re.sub(r"\\[sbwdSWD][+*?]?|[()|?:^$\[\]{}+*]", " ", node.value).lower()
            words = text.split()
            if len(words) >= 2 and all(w.isalpha() for w in words):
                out.add(" ".join(words))
    return out


def test_rule_lines_within_budget():
    lines = {p.relative_to(LIB).as_posix(): len(p.read_text().splitlines()) for p in _rule_files()}
    assert sum(lines.values()) <= BUDGET, f"{sum(lines.values())} lines of rules > {BUDGET}: {lines}"


def test_no_generator_phrase_in_rules():
    generator = " ".join(p.read_text().lower() for p in (PKG / "bench" / "workload").rglob("*.py"))
    generator = " ".join(re.findall(r"[a-z]+", generator))
    files = [*_rule_files(), LIB / "judge_features.py"]
    found = sorted({f"{p.name}: {ph}" for p in files for ph in _phrases(p) if f" {ph} " in f" {generator} "})
    assert not found, f"{len(found)} rule phrases the generator says: {found[:20]}"
