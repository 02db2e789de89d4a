"""Issue 29 item 5: a dead embedded PostgreSQL (postmaster SIGKILLed) under a live MemoryService, MCP
server and `dev` is restarted by them, and they carry on; database failures reach users as one line.

Each test that kills a server uses a home of its own: the session's shared server stays untouched."""

from __future__ import annotations

import dataclasses
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.integration


def kill_postmaster(pgdata: Path) -> int:
    pid = int((pgdata / "postmaster.pid").read_text().split()[0])
    os.kill(pid, signal.SIGKILL)
    return pid


def wait_dead(pid: int, timeout: float = 10.0) -> None:
    """Until the killed postmaster is gone or a zombie (not every init reaps at once)."""
    import psutil

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if psutil.Process(pid).status() == psutil.STATUS_ZOMBIE:
                return
        except psutil.NoSuchProcess:
            return
        time.sleep(0.05)
    raise AssertionError(f"postmaster {pid} still alive")


@pytest.fixture
def home_dir():
    """A home outside pytest's temp root: a pytest session starting elsewhere on the machine resets
    that root to 0700, and the embedded server's own system user (when run as root) could no longer
    reach its data directory to restart it."""
    from memory_pipeline.store.server import stop_embedded

    home = Path(tempfile.mkdtemp(prefix="mp-heal-"))
    yield home
    stop_embedded(home / "pgdata")
    shutil.rmtree(home, ignore_errors=True)


@pytest.fixture
def own_home(home_dir, settings):
    return dataclasses.replace(settings, home=home_dir)


def test_service_restarts_a_killed_embedded_server_and_carries_on(own_home, embedder):
    from memory_pipeline.service import MemoryService

    with MemoryService(own_home, embedder=embedder) as svc:
        first = svc.remember("heal-user", "I keep bees on the roof.")
        assert svc.recall("heal-user", "insects")[0]["id"] == str(first.id)
        later = ("My sister moved to Oslo.", "Our team switched to Go for the backend.")
        for text in later:  # twice: the restarted server is itself restarted
            pid = kill_postmaster(own_home.pgdata)
            wait_dead(pid)
            started = time.monotonic()
            rows = svc.recall("heal-user", "insects")
            assert rows and rows[0]["id"] == str(first.id)
            assert time.monotonic() - started < 15
            assert svc.remember("heal-user", text).action == "inserted"
        assert svc.stats("heal-user")["memories"] == 3
        assert svc.explain("heal-user", str(first.id))["kind"] == "memory"


def test_service_on_an_external_url_reconnects_with_backoff(home_dir, settings, embedder):
    """An external server is not ours to restart: the service waits for it (backoff) and carries on
    once someone else has brought it back."""
    import threading

    from memory_pipeline.service import MemoryService
    from memory_pipeline.store.server import embedded_uri

    url = embedded_uri(home_dir / "pgdata")
    external = dataclasses.replace(settings, home=home_dir / "elsewhere", database_url=url)
    with MemoryService(external, embedder=embedder) as svc:
        first = svc.remember("ext-user", "I keep bees on the roof.")
        wait_dead(kill_postmaster(home_dir / "pgdata"))
        time.sleep(0.5)
        back = threading.Timer(1.5, embedded_uri, args=(home_dir / "pgdata",))
        back.start()
        started = time.monotonic()
        rows = svc.recall("ext-user", "insects")
        back.join()
        assert rows[0]["id"] == str(first.id) and 1.0 < time.monotonic() - started < 15
        assert not (home_dir / "elsewhere" / "pgdata").exists()  # no embedded server of its own


def test_mcp_server_restarts_a_killed_embedded_server_and_carries_on(home_dir):
    import anyio
    from mcp.client.session import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    home = home_dir
    env = {k: v for k, v in os.environ.items() if k.startswith(("MEMORY_PIPELINE_", "HF_", "XDG_", "PATH"))}
    env["MEMORY_PIPELINE_HOME"] = str(home)
    params = StdioServerParameters(command=sys.executable, args=["-m", "memory_pipeline.cli", "mcp"], env=env)

    def payload(res):
        assert not res.is_error, res.content[0].text
        sc = res.structured_content
        return sc.get("result", sc) if isinstance(sc, dict) else json.loads(res.content[0].text)

    async def session():
        async with stdio_client(params) as (read, write), ClientSession(read, write) as s:
            await s.initialize()
            first = payload(await s.call_tool("remember", {"user_id": "heal", "content": "I keep bees on the roof."}))
            for text in ("My sister moved to Oslo.", "Our team switched to Go for the backend."):
                wait_dead(kill_postmaster(home / "pgdata"))
                started = time.monotonic()
                rows = payload(await s.call_tool("recall", {"user_id": "heal", "query": "insects"}))
                assert rows[0]["id"] == str(first["id"]) and time.monotonic() - started < 15
                said = payload(await s.call_tool("remember", {"user_id": "heal", "content": text}))
                assert said["action"] == "inserted"
            wait_dead(kill_postmaster(home / "pgdata"))  # a Dagster run of the partition, on a restarted server
            run = payload(await s.call_tool("consolidate", {"user_id": "heal"}))
            assert run["status"] in ("SUCCESS", "NOTHING_TO_DO"), run

    anyio.run(session)


def test_cli_database_failure_is_one_line_and_exit_2(service, db_url):
    """A statement the server refuses (here: a lock the test holds, under a short lock_timeout)."""
    import psycopg

    service.remember("cli-db", "I keep bees on the roof.")
    env = {**os.environ, "MEMORY_PIPELINE_DATABASE_URL": db_url + "&options=-c%20lock_timeout%3D300"}
    with psycopg.connect(db_url) as holder:
        holder.execute("LOCK TABLE memories IN ACCESS EXCLUSIVE MODE")
        for args in (["recall", "--user", "cli-db", "insects"], ["stats"]):
            r = subprocess.run([sys.executable, "-m", "memory_pipeline.cli", *args], env=env, capture_output=True,
                               text=True, timeout=300)
            assert r.returncode == 2, r.stderr[-2000:]
            assert r.stderr.count("\n") == 1 and r.stderr.startswith("memory-pipeline: error:")
            assert "lock timeout" in r.stderr


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url: str, body: bytes | None = None) -> bytes:
    import urllib.request

    req = urllib.request.Request(url, data=body, headers={"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        return r.read()


def test_dev_restarts_a_killed_embedded_server_in_one_line(home_dir):
    """`dev` notices the dead postmaster, restarts it, says so once, and Dagster's processes carry on
    without a flood of tracebacks (before: ~8,900 lines in 60 s and no restart)."""
    import contextlib

    import psutil

    from memory_pipeline.store.server import postmaster_alive

    port, pgdata = _free_port(), home_dir / "pgdata"
    out, err = home_dir / "dev.out", home_dir / "dev.err"
    env = {**os.environ, "MEMORY_PIPELINE_HOME": str(home_dir)}
    with out.open("w") as o, err.open("w") as e:
        proc = subprocess.Popen([sys.executable, "-m", "memory_pipeline.cli", "dev", "--port", str(port)],
                                stdout=o, stderr=e, env=env, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(480):
            with contextlib.suppress(OSError):
                _get(base + "/server_info")
                break
            assert proc.poll() is None, err.read_text()[-3000:]
            time.sleep(0.5)
        time.sleep(5)  # the daemon's first ticks
        marks = len(out.read_text().splitlines()), len(err.read_text().splitlines())
        old = kill_postmaster(pgdata)
        wait_dead(old)
        deadline = time.monotonic() + 30
        while not (postmaster_alive(pgdata) and int((pgdata / "postmaster.pid").read_text().split()[0]) != old):
            assert time.monotonic() < deadline, "dev did not restart the embedded server"
            time.sleep(0.2)
        time.sleep(20)  # Dagster's processes meet the outage and recover meanwhile
        said = out.read_text().splitlines()[marks[0]:] + err.read_text().splitlines()[marks[1]:]
        assert sum("the embedded PostgreSQL died; restarting it" in line for line in said) == 1, said
        assert sum("the embedded PostgreSQL is back" in line for line in said) == 1, said
        assert not any("Traceback" in line for line in said) and len(said) < 60, said
        runs = _get(base + "/graphql", b'{"query": "{ runsOrError { __typename } }"}')
        assert b'"Runs"' in runs  # the UI reads its storage on the restarted server
    finally:
        family = psutil.Process(proc.pid).children(recursive=True)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGTERM)
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=40)
        for p in family:
            with contextlib.suppress(psutil.NoSuchProcess):
                p.kill()


DAGSTER_OUTPUT = """\
\x1b[32m2026-11-27 20:25:34 +0000\x1b[0m - dagster - \x1b[34mINFO\x1b[0m - Launching Dagster services...
WARNING:root:Retrying failed database connection: (psycopg2.OperationalError) connection refused
\tIs the server running locally and accepting connections on that socket?

(Background on this error at: https://sqlalche.me/e/21/e3q8)
\x1b[32m2026-11-27 20:25:35 +0000\x1b[0m - dagster.daemon.SensorDaemon - \x1b[31mERROR\x1b[0m - Sensor failed
Traceback (most recent call last):
  File "x.py", line 1, in <module>
psycopg2.OperationalError: server closed the connection unexpectedly
Traceback (most recent call last):
  File "y.py", line 2, in <module>
sqlalchemy.exc.OperationalError: connection refused
INFO:dagster.daemon.SensorDaemon:Checking for new runs for sensor: consolidation_due_sensor
"""


@pytest.mark.parametrize("quiet", [False, True])
def test_dev_relay_counts_outage_noise_only_during_an_incident(quiet):
    import io

    from memory_pipeline.cli.dev import relay

    out, swallowed = io.StringIO(), []
    relay(io.StringIO(DAGSTER_OUTPUT), out, lambda: quiet, swallowed.append)
    if not quiet:
        assert out.getvalue() == DAGSTER_OUTPUT and not swallowed
        return
    kept = out.getvalue().splitlines()
    assert kept == [DAGSTER_OUTPUT.splitlines()[0], DAGSTER_OUTPUT.splitlines()[-1]]  # the info records
    # a record and everything that continues it (its tracebacks, chained or not) count once
    assert len(swallowed) == 2 and swallowed[1].startswith("2026-11-27 20:25:35 +0000 - dagster.daemon")
