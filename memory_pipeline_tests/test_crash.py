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

pytestmark = pytest.mark.integration
CRASH_POINTS_DEFAULT = 6
USERS = ch.USERS


_workload = ch.workload


@pytest.fixture
def crash_store(service, db_url, tmp_path):
    return ch.crash_store(service, db_url, tmp_path)


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


def test_kill_9_during_consolidation_recovers(crash_store):
    trace = crash_store["trace"]
    phases = {p for p in trace if p.startswith("phase.")}
    assert phases == {"phase.supersede", "phase.cluster", "phase.summarize", "phase.decide", "phase.tier",
                      "phase.profile", "phase.session_context"}
    assert len(trace) - 1 >= 20, trace  # at least 20 distinct places to crash (all of them: crash_matrix)
    for point in _points(trace, CRASH_POINTS_DEFAULT):
        _crash_and_recover(crash_store, point)


@pytest.mark.crash_matrix
def test_kill_9_at_every_point_of_the_trace(crash_store):
    points = _points(crash_store["trace"], None)
    assert len(points) >= 20
    for point in points:
        _crash_and_recover(crash_store, point)
    print(f"\ncrash points survived: {len(points)}")


CHILD_INGEST = """
import os, signal, sys
from memory_pipeline import service as service_module
from memory_pipeline.service import MemoryService

calls = {"n": 0}
real = service_module.save_batch

def save_then_die(conn, batch, vectors, config):
    calls["n"] += 1
    if calls["n"] == int(sys.argv[2]):  # mid-file: some batches written in the open transaction
        os.kill(os.getpid(), signal.SIGKILL)
    return real(conn, batch, vectors, config)

service_module.save_batch = save_then_die
MemoryService().ingest_file(sys.argv[1], batch_size=8)
"""


def _by_external_id(conn) -> dict:
    """Each raw row by (user, external id), its duplicate link by external id: ids differ between runs."""
    rows = conn.execute(
        "SELECT m.user_id, m.external_id, m.content, m.flagged, d.external_id, m.mention_count"
        " FROM memories m LEFT JOIN memories d ON d.id = m.duplicate_of").fetchall()
    return {(r[0], r[1]): r[2:] for r in rows}


def test_kill_9_during_ingest_writes_nothing_and_a_rerun_converges(service, db_url, tmp_path):
    import os
    import subprocess
    import sys

    path = tmp_path / "in.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in _workload()))
    service.ingest_file(path, batch_size=8)
    reference = _by_external_id(service.conn)
    service.conn.execute("TRUNCATE memories, actions RESTART IDENTITY CASCADE")
    env = {**os.environ, "MEMORY_PIPELINE_DATABASE_URL": db_url}
    proc = subprocess.run([sys.executable, "-c", CHILD_INGEST, str(path), "3"], env=env, capture_output=True,
                          text=True, timeout=300)
    assert proc.returncode == -9, proc.stderr[-2000:]
    assert service.stats()["memories"] == 0  # one file, one transaction: nothing half-ingested
    report = service.ingest_file(path, batch_size=8)
    assert report.lines == len(_workload())
    assert _by_external_id(service.conn) == reference


def test_kill_9_between_single_saves_keeps_what_was_acknowledged(service, db_url, tmp_path):
    """An agent saving one memory at a time: every save that returned is there exactly once after a
    crash, and re-sending the whole stream stores each external id once."""
    import os
    import subprocess
    import sys

    records = _workload()
    path = tmp_path / "in.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in records))
    script = (
        "import json, os, signal, sys\n"
        "from memory_pipeline.service import MemoryService\n"
        "svc = MemoryService()\n"
        "for n, line in enumerate(open(sys.argv[1])):\n"
        "    if n == 11: os.kill(os.getpid(), signal.SIGKILL)\n"
        "    r = svc.remember(**json.loads(line)); print(r.external_id, flush=True)\n"
    )
    env = {**os.environ, "MEMORY_PIPELINE_DATABASE_URL": db_url}
    proc = subprocess.run([sys.executable, "-c", script, str(path)], env=env, capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == -9, proc.stderr[-2000:]
    acknowledged = proc.stdout.split()
    assert len(acknowledged) == 11
    stored = {e for _, e in _by_external_id(service.conn)}
    assert stored == set(acknowledged)
    service.remember_many(records)  # the client re-sends everything
    got = _by_external_id(service.conn)
    assert len(got) == len(records) == service.stats()["memories"]
