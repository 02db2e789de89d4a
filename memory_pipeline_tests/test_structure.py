"""The structure the design promises, checked: small modules and functions (data modules too, and the
benchmark data beside the package), no private Dagster imports outside their one adapter, configuration
read in Settings only."""

from __future__ import annotations

import ast
import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "memory_pipeline"
BENCHMARKS = PACKAGE.parent / "benchmarks"
MAX_MODULE_LINES = 400
MAX_FUNCTION_LINES = 60


def _modules() -> list[tuple[Path, str, ast.Module]]:
    out = []
    for p in sorted(PACKAGE.rglob("*.py")):
        src = p.read_text()
        out.append((p, src, ast.parse(src)))
    return out


def test_modules_and_functions_stay_small():
    """Word lists and tables included: a data module past the limit is split by what its parts hold."""
    long_modules, long_functions = [], []
    data = [(p, p.read_text()) for p in sorted(BENCHMARKS.rglob("*.py"))]
    for path, src, tree in [*_modules(), *((p, s, ast.parse(s)) for p, s in data)]:
        rel = path.relative_to(PACKAGE.parent)
        if src.count("\n") > MAX_MODULE_LINES:
            long_modules.append(f"{rel}: {src.count(chr(10))} lines")
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                n = node.end_lineno - node.lineno + 1
                if n > MAX_FUNCTION_LINES:
                    long_functions.append(f"{rel}:{node.lineno} {node.name}: {n} lines")
    assert not long_modules, long_modules
    assert not long_functions, long_functions


def test_private_dagster_imports_live_in_one_adapter():
    adapter = PACKAGE / "defs" / "dagster_private.py"
    offenders = [str(p.relative_to(PACKAGE.parent)) for p, src, _ in _modules()
                 if p != adapter and re.search(r"^\s*(from|import) dagster\._", src, re.M)]
    assert not offenders, offenders


def test_environment_is_read_in_settings_only():
    """Reading configuration from the environment happens in config.py; other modules may set
    variables for the libraries and processes they start, never read settings from them."""
    allowed = {PACKAGE / "config.py"}
    read = re.compile(r"os\.environ\.get\(|os\.getenv\(|os\.environ\[[^\]]+\](?!\s*=)")
    offenders = []
    for p, src, _ in _modules():
        if p in allowed or "bench" in p.parts:  # the benchmark sets up and restores its own environment
            continue
        for i, line in enumerate(src.splitlines(), 1):
            if read.search(line) and "setdefault" not in line:
                offenders.append(f"{p.relative_to(PACKAGE.parent)}:{i}: {line.strip()}")
    assert not offenders, offenders


def test_sql_lives_in_the_store_layer():
    """Statements run only from `store/` (the benchmark's set-up code apart)."""
    stmt = re.compile(r"\.(execute|executemany)\(|\.copy\(\s*f?[\"']|\bcursor\(")
    offenders = []
    for p, src, _ in _modules():
        if "store" in p.relative_to(PACKAGE).parts[:1] or "bench" in p.parts:
            continue
        offenders += [f"{p.relative_to(PACKAGE.parent)}:{i}" for i, line in enumerate(src.splitlines(), 1)
                      if stmt.search(line)]
    assert not offenders, offenders
