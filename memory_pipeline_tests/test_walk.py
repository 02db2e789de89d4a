"""Issue 32's walk: one user's consolidation crosses each file of the orchestration path at most twice.

The walk is traced, not read: `sys.setprofile` records every Python call made while `consolidate_user`
runs on the real store, twice for one user (a first run over every row, then an incremental run after
one more save), and the test counts how often control enters each file.

"Entered": a function defined in file F is called, and the caller (the nearest frame of a
`memory_pipeline` file that is not skipped, see below) is a function of another file G. F counts one
entry per distinct calling function of G (file and qualified name), however many of F's functions that
caller calls and however often (a loop over users or rows repeats one crossing of the walk; a reader
follows it once). Frames of comprehensions belong to the function around them.

What is not counted, and why:
- `lib/` files: plain functions over plain data (no store, no Dagster, no engine; import-linter checks
  it). They are the algorithms the walk calls, not steps of it, and are skipped as callers too.
- `telemetry.py`: its decorators wrap a traced function; the wrapper is transparent.
- Dataclass-generated code (`__init__`, default factories called from it), properties, other dunder
  methods, and methods of the store's row records (`Snapshot`, its lazily decoded JSON columns): every
  class in `store/` is a record of rows already read (none holds a connection), and reading a field
  of a record is not a step.
- Calls made from a phase body (`consolidation/phases/`): a phase asks the engine for its judgement,
  reads the frozen context and records through the writer; each is one method call on a value it was
  given, and the number of such calls is the phase's business (counted and reported by
  `_phase_calls`, bounded below by what a phase needs, not asserted at two).
- Calls between two store modules: the store is one layer of SQL; a statement module decoding rows
  with its sibling's helper (`snapshot_from`) is inside the store, and what the walk asks is how often
  the orchestration enters that layer.

Files on the orchestration path: `consolidation/*.py` (not `phases/`), `store/*.py`, `engines/**` and
`defs/**` (not entered here: the Dagster asset calls `consolidation/users.py` around this path).
"""

from __future__ import annotations

import sys
from collections import defaultdict
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

import memory_pipeline
from memory_pipeline.consolidation import run as run_mod
from memory_pipeline.engines import LocalEngine

pytestmark = pytest.mark.integration

PKG = Path(memory_pipeline.__file__).resolve().parent
T0 = datetime(2025, 1, 1, tzinfo=UTC)
MEMORIES = ("I live in Lisbon.", "I work at Initech as an engineer.", "My cat is called Mango.",
            "I prefer tea over coffee.", "I moved to Porto last week.", "I now work at Globex.",
            "My cat Mango likes tuna.", "Our team ships on Fridays.", "I live in Lisbon, near the river.")
ORCHESTRATION = ("consolidation/", "store/", "engines/", "defs/")
BOUND = 2


def _rel(code) -> str | None:
    try:
        return Path(code.co_filename).resolve().relative_to(PKG).as_posix()
    except ValueError:
        return None


def _skipped(path: str | None) -> bool:
    return path is None or path.startswith("lib/") or path == "telemetry.py"


def _record_field(frame) -> bool:
    """A dataclass's generated code, a property or another dunder method: reading a record."""
    code = frame.f_code
    back = frame.f_back
    if back is not None and back.f_code.co_filename == "<string>":  # a dataclass field's default factory
        return True
    if code.co_name.startswith("__") and code.co_name.endswith("__"):
        return True
    owner = frame.f_locals.get("self")
    if owner is None:
        return False
    return _rel(code).startswith("store/") or isinstance(getattr(type(owner), code.co_name, None), property)


def _caller(frame):
    f = frame.f_back
    while f is not None and (_skipped(_rel(f.f_code)) or f.f_code.co_name.startswith("<")):
        f = f.f_back
    return f


class Walk:
    def __init__(self):
        self.entries: dict[str, set[tuple[str, str]]] = defaultdict(set)
        self.phase_calls: dict[str, set[tuple[str, str]]] = defaultdict(set)

    def __call__(self, frame, event, arg):
        if event != "call":
            return
        callee = _rel(frame.f_code)
        if _skipped(callee) or _record_field(frame):
            return
        f = _caller(frame)
        caller = _rel(f.f_code) if f is not None else None
        if caller is None or caller == callee:
            return
        who = (caller, f.f_code.co_qualname)
        if caller.startswith("consolidation/phases/"):
            self.phase_calls[callee].add((*who, frame.f_code.co_qualname))
        elif not (caller.startswith("store/") and callee.startswith("store/")):
            self.entries[callee].add(who)

    def on_path(self) -> dict[str, set[tuple[str, str]]]:
        return {f: e for f, e in self.entries.items() if f.startswith(ORCHESTRATION)
                and not f.startswith("consolidation/phases/")}


def _walk(service) -> Walk:
    service.remember_many([{"user_id": "w", "content": t, "created_at": (T0 + timedelta(days=i)).isoformat()}
                           for i, t in enumerate(MEMORIES)])
    walk = Walk()
    for step in range(2):
        sys.setprofile(walk)
        try:
            run_mod.consolidate_user(service.conn, "w", engine=LocalEngine(), run_id=f"walk-{step}",
                                     now=T0 + timedelta(days=40 + step), embed=service.embedder.encode)
        finally:
            sys.setprofile(None)
        service.remember_many([{"user_id": "w", "content": "Actually I live in Braga now.",
                                "created_at": (T0 + timedelta(days=20)).isoformat()}])
    return walk


def test_one_users_consolidation_enters_each_file_of_the_path_at_most_twice(service):
    walk = _walk(service)
    path = walk.on_path()
    over = {f: sorted(e) for f, e in path.items() if len(e) > BOUND}
    assert not over, "\n".join(f"{f}: entered from {e}" for f, e in sorted(over.items()))
    # the walk went where it should: reads, the store's read and writes, the writes, the engine
    assert {"consolidation/reads.py", "consolidation/writes.py", "store/consolidation_read.py",
            "store/consolidation_write.py", "engines/local.py"} <= set(path), sorted(path)
    # the reads before the phases are one store call, and so is each of the two writes
    assert path["store/consolidation_read.py"] == {("consolidation/reads.py", "read_batch")}
    assert path["store/consolidation_write.py"] == {("consolidation/writes.py", "apply")}
