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
        assert svc.explain(str(first.id))["kind"] == "memory"


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
                assert payload(await s.call_tool("remember", {"user_id": "heal", "content": text}))["action"] == "inserted"

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
