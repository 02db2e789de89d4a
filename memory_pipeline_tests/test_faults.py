"""Database faults during a consolidation (issue 12): a dropped connection, a statement timeout, the
embedded server restarted mid-run. Each run fails cleanly (the user's transaction rolls back, raw rows
untouched) or retries, and a re-run converges on an uninterrupted run's state."""

from __future__ import annotations

import threading

import pytest

from memory_pipeline_tests import crash_harness as ch

pytestmark = pytest.mark.integration


@pytest.fixture
def crash_store(service, db_url, tmp_path):
    return ch.crash_store(service, db_url, tmp_path)


def _fresh(db_url):
    from memory_pipeline.store import db

    return db.connect(db_url, autocommit=True)


# the run's connection: the one holding a user's consolidation lock (phases have no connection to hand)
_TERMINATE_RUN = ("SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND granted"
                  " AND pid <> pg_backend_pid()")


def _on_phase(monkeypatch, phase_name: str, fault, once: bool = True):
    """Run `fault(ctx)` when the named phase starts (once, or every time)."""
    from memory_pipeline.consolidation import run

    phase = next(p for p in run.PHASES if phase_name == p.NAME)
    real, fired = phase.run, []

    def faulty(ctx, writer, engine, found):
        if not (once and fired):
            fired.append(ctx.user_id)
            fault(ctx)
        return real(ctx, writer, engine, found)

    monkeypatch.setattr(phase, "run", faulty)
    return fired


def _converges(cs, db_url):
    with _fresh(db_url) as conn:
        assert ch.raw_rows(conn) == cs["raw"]
        out = ch.consolidate(conn, ch.USERS)
        assert out.failed == {}
        assert ch.snapshot(conn) == cs["final"]


def test_dropped_connection_fails_cleanly_and_a_rerun_converges(crash_store, db_url, monkeypatch):
    cs = crash_store
    cs["reset"]()

    def drop(ctx):
        with _fresh(db_url) as other:
            other.execute(_TERMINATE_RUN)

    _on_phase(monkeypatch, "summarize", drop)
    with _fresh(db_url) as conn:
        out = ch.consolidate(conn, ch.USERS)
    assert set(out.failed) == set(ch.USERS)  # the connection is gone for every user after it
    with _fresh(db_url) as conn:
        assert ch.snapshot(conn) == cs["initial"] and ch.raw_rows(conn) == cs["raw"]
    monkeypatch.undo()
    _converges(cs, db_url)


def test_statement_timeout_rolls_back_one_user_and_a_rerun_converges(crash_store, db_url):
    cs = crash_store
    cs["reset"]()
    holder = _fresh(db_url)
    holder.execute("BEGIN")
    holder.execute("SELECT id FROM memories WHERE user_id = 'alice' FOR UPDATE")  # a long writer elsewhere
    try:
        with _fresh(db_url) as conn:
            conn.execute("SET statement_timeout = '500ms'")
            out = ch.consolidate(conn, ch.USERS)
            assert list(out.failed) == ["alice"] and "statement timeout" in out.failed["alice"]
            assert [o.user_id for o in out.outcomes] == ["bruno"]  # the next user, same connection, committed
            assert ch.snapshot(conn, "alice") == ch.snapshot_of(cs["initial"], "alice")
            assert ch.snapshot(conn, "bruno") == ch.snapshot_of(cs["final"], "bruno")
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    _converges(cs, db_url)


def test_server_restart_mid_run_fails_cleanly_and_a_rerun_converges(crash_store, db_url, settings, monkeypatch):
    from memory_pipeline.store.server import embedded_uri, stop_embedded

    cs = crash_store
    cs["reset"]()

    def restart(ctx):
        stop_embedded(settings.pgdata)
        assert embedded_uri(settings.pgdata)  # started again on the same data directory

    _on_phase(monkeypatch, "tier", restart)
    with _fresh(db_url) as conn:
        out = ch.consolidate(conn, ch.USERS)
    assert set(out.failed) == set(ch.USERS)
    with _fresh(db_url) as conn:
        assert ch.snapshot(conn) == cs["initial"] and ch.raw_rows(conn) == cs["raw"]
    monkeypatch.undo()
    _converges(cs, db_url)


def test_dagster_run_retries_after_a_dropped_connection(service, db_url, monkeypatch):
    """Through Dagster: the first attempt loses its connection, the step's retry policy runs it again on
    a new one, and the run ends successful with every check passing."""
    service.remember_many(ch.workload())
    clean = service.consolidate("alice")
    assert clean["status"] == "SUCCESS"
    expected = ch.snapshot(service.conn, "alice")
    from memory_pipeline_tests.conftest import TABLES

    with service.conn.transaction():
        service.conn.execute(f"TRUNCATE {', '.join(TABLES)} RESTART IDENTITY CASCADE")
    service.remember_many(ch.workload())

    def drop(ctx):
        with _fresh(db_url) as other:
            other.execute(_TERMINATE_RUN)

    fired = _on_phase(monkeypatch, "cluster", drop)
    res = service.consolidate("alice")
    assert fired == ["alice"]
    assert res["status"] == "SUCCESS" and all(res["checks"].values()), res
    assert ch.snapshot(service.conn, "alice") == expected


def test_two_runs_of_one_partition_at_once_apply_once(crash_store, db_url, monkeypatch):
    """The second run finds the user locked and skips it (logged); nothing is applied twice."""
    cs = crash_store
    cs["reset"]()
    inside, release = threading.Event(), threading.Event()

    def hold(ctx):
        if ctx.user_id == "alice":
            inside.set()
            assert release.wait(60)

    _on_phase(monkeypatch, "summarize", hold, once=False)
    first: dict = {}
    t = threading.Thread(target=lambda: first.update(out=ch.consolidate(_fresh(db_url), ["alice"])))
    t.start()
    assert inside.wait(60)
    with _fresh(db_url) as conn:
        second = ch.consolidate(conn, ["alice"])
    release.set()
    t.join(60)
    assert [o.status for o in second.outcomes] == ["skipped"]
    assert [o.status for o in first["out"].outcomes] == ["ok"]
    with _fresh(db_url) as conn:
        assert ch.snapshot(conn, "alice") == ch.snapshot_of(cs["final"], "alice")
        skips = conn.execute("SELECT count(*) FROM actions WHERE action = 'SKIP' AND reason LIKE 'another%'"
                             ).fetchone()[0]
        assert skips == 1
