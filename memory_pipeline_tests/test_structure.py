"""The structure the design promises, checked: small modules and functions (data modules too, and the
benchmark data beside the package), no private Dagster imports outside their one adapter, configuration
read in Settings only."""

from __future__ import annotations

import ast
import io
import re
import tokenize
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


CONSOLIDATION = PACKAGE / "consolidation"


def test_phases_neither_read_nor_write_the_store():
    """A phase judges over what was read before the run and records through the writer: it imports no
    store module and no database driver, and touches no connection."""
    offenders = []
    for p in sorted((CONSOLIDATION / "phases").glob("*.py")):
        tree = ast.parse(p.read_text())
        for node in ast.walk(tree):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            offenders += [f"{p.name}:{node.lineno} imports {n}" for n in names
                          if n.startswith(("memory_pipeline.store", "psycopg"))]
            if isinstance(node, ast.Attribute) and node.attr in ("conn", "connection", "cursor", "execute"):
                offenders.append(f"{p.name}:{node.lineno} touches .{node.attr}")
    assert not offenders, offenders


def _ctx_expr(node: ast.expr) -> bool:
    """`ctx` or `<anything>.ctx`: the run context."""
    return (isinstance(node, ast.Name) and node.id == "ctx") or (isinstance(node, ast.Attribute) and node.attr == "ctx")


def test_the_run_context_is_never_assigned_to():
    """`RunContext` is a frozen dataclass, and no code assigns one of its attributes (`ctx.x = ...`,
    `ctx.x += ...`, `setattr(ctx, ...)`, `object.__setattr__(ctx, ...)`): what a phase finds it returns.
    Nor does consolidation write a private attribute of another object (`x._y = ...`)."""
    import dataclasses

    from memory_pipeline.consolidation.context import RunContext

    assert dataclasses.is_dataclass(RunContext) and RunContext.__dataclass_params__.frozen
    offenders = []
    for path, _, tree in _modules():
        rel = path.relative_to(PACKAGE.parent)
        for node in ast.walk(tree):
            targets = (node.targets if isinstance(node, ast.Assign)
                       else [node.target] if isinstance(node, ast.AugAssign | ast.AnnAssign) else [])
            for t in targets:
                for sub in ast.walk(t):
                    if isinstance(sub, ast.Attribute) and _ctx_expr(sub.value) and isinstance(sub.ctx, ast.Store):
                        offenders.append(f"{rel}:{node.lineno} assigns ctx.{sub.attr}")
                    if (CONSOLIDATION in path.parents and isinstance(sub, ast.Attribute)
                            and isinstance(sub.ctx, ast.Store) and sub.attr.startswith("_")
                            and not sub.attr.startswith("__") and not (isinstance(sub.value, ast.Name)
                                                                      and sub.value.id in ("self", "cls"))):
                        offenders.append(f"{rel}:{node.lineno} writes private {sub.attr} from outside")
            if isinstance(node, ast.Call) and node.args and _ctx_expr(node.args[0]) and (
                    (isinstance(node.func, ast.Name) and node.func.id == "setattr")
                    or (isinstance(node.func, ast.Attribute) and node.func.attr == "__setattr__")):
                offenders.append(f"{rel}:{node.lineno} sets an attribute of ctx")
    assert not offenders, offenders


def _commented_lines(src: str) -> set[int]:
    """Lines holding a comment that says something (a bare `# noqa: ...` gives no reason)."""
    out = set()
    for tok in tokenize.generate_tokens(io.StringIO(src).readline):
        if tok.type == tokenize.COMMENT and re.sub(r"noqa(:\s*[\w, ]+)?", "", tok.string.lstrip("#")).strip():
            out.add(tok.start[0])
    return out


def test_imports_inside_functions_say_why():
    """Imports sit at the top of a module. One inside a function carries its reason (the measured cost
    of loading it at the top, or the cycle or side effect it avoids) in a comment on its line or the line
    above; a run of imports (blank lines apart at most) shares the comment of its first."""
    offenders = []
    for path, src, tree in _modules():
        said = _commented_lines(src)
        functions = [fn for fn in ast.walk(tree) if isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef)]
        nested = sorted({node.lineno: node for fn in functions for node in ast.walk(fn)
                         if isinstance(node, ast.Import | ast.ImportFrom)}.values(), key=lambda n: n.lineno)
        lines = src.splitlines()
        explained: dict[int, bool] = {}  # end line of an import -> whether it (or its run) says why
        for node in nested:
            above = node.lineno - 1
            while above > 0 and not lines[above - 1].strip():
                above -= 1  # isort's blank line between groups does not end a run
            ok = bool(said & set(range(node.lineno - 1, node.end_lineno + 1))) or explained.get(above, False)
            explained[node.end_lineno] = ok
            if not ok:
                offenders.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}")
    assert not offenders, offenders
