"""Crash injection (issue 12): kill -9 of a consolidation at deterministic points across its phases,
and of an ingest mid-file. After a restart and a re-run: no raw memory lost, no duplicate derived
rows, no half-applied user, and the final state equal to an uninterrupted run's.

The default run crashes at CRASH_POINTS_DEFAULT points spread over the trace; the full matrix (every
point of the trace) is marked `crash_matrix`: `pytest -m crash_matrix`.
"""

from __future__ import annotations

import json

import pytest

from memory_pipeline_tests import crash_harness as ch
from memory_pipeline_tests.fixtures import alice_memories

pytestmark = pytest.mark.integration
CRASH_POINTS_DEFAULT = 8
USERS = ["alice", "bruno"]


def _workload() -> list[dict]:
    bruno = [{**m, "user_id": "bruno", "external_id": f"b{i}",
              "content": m["content"].replace("Paris", "Lyon").replace("Python", "Rust").replace("alice", "bruno")}
             for i, m in enumerate(alice_memories())]
    return alice_memories() + bruno


@pytest.fixture
def crash_store(service, db_url, tmp_path):
    """Reset to the ingested workload; the reference: one uninterrupted run's trace and final state."""
    from memory_pipeline_tests.conftest import TABLES

    def reset():
        with service.conn.transaction():
            service.conn.execute(f"TRUNCATE {', '.join(TABLES)} RESTART IDENTITY CASCADE")
        service.remember_many(_workload())
        return ch.snapshot(service.conn), ch.raw_rows(service.conn)

    initial, raw = reset()
    trace_file = tmp_path / "trace.json"
    assert ch.run_child(db_url, USERS, trace_path=str(trace_file)) == 0
    ref = json.loads(trace_file.read_text())
    assert ref["failed"] == {}
    return {"reset": reset, "initial": initial, "raw": raw, "trace": ref["trace"], "final": ch.snapshot(service.conn),
            "url": db_url, "conn": service.conn}


def _points(trace: list[str], n: int | None) -> list[int]:
    """n points spread evenly over the trace (None: every point), always the same ones."""
    idx = list(range(len(trace) - 1))  # the last entry is "done", written after the run
    if n is None or n >= len(idx):
        return idx
    return sorted({idx[round(k * (len(idx) - 1) / (n - 1))] for k in range(n)})


def _crash_and_recover(cs, point: int) -> None:
    conn = cs["conn"]
    initial, raw = cs["reset"]()
    assert initial == cs["initial"] and raw == cs["raw"]
    code = ch.run_child(cs["url"], USERS, kill_at=point)
    assert code == -9, f"point {point} ({cs['trace'][point]}): exit {code}"
    ch.wait_for_backends_gone(conn)
    assert ch.raw_rows(conn) == raw, "a raw memory changed or was lost"
    for user in USERS:  # all or nothing per user: its state is the one before the run or the final one
        now = ch.snapshot(conn, user)
        before, after = ch.snapshot_of(cs["initial"], user), ch.snapshot_of(cs["final"], user)
        assert now == before or ch.without_profile_vectors(now) == ch.without_profile_vectors(after), \
            f"{user} half-applied at point {point} ({cs['trace'][point]})"
    assert ch.run_child(cs["url"], USERS) == 0  # restart and re-run
    final = ch.snapshot(conn)
    assert final == cs["final"], f"after a crash at point {point} ({cs['trace'][point]}) the re-run differs"


def test_crash_points_cover_every_phase(crash_store):
    trace = crash_store["trace"]
    phases = {p for p in trace if p.startswith("phase.")}
    assert phases == {"phase.supersede", "phase.cluster", "phase.summarize", "phase.decide", "phase.tier",
                      "phase.profile", "phase.session_context"}
    assert len(trace) - 1 >= 20, trace  # at least 20 distinct places to crash


def test_kill_9_during_consolidation_recovers(crash_store):
    for point in _points(crash_store["trace"], CRASH_POINTS_DEFAULT):
        _crash_and_recover(crash_store, point)


@pytest.mark.crash_matrix
def test_kill_9_at_every_point_of_the_trace(crash_store):
    for point in _points(crash_store["trace"], None):
        _crash_and_recover(crash_store, point)
