"""Issue 29 item 5: a dead embedded PostgreSQL (postmaster SIGKILLed) under a live MemoryService, MCP
server and `dev` is restarted by them, and they carry on; database failures reach users as one line.

Each test that kills a server uses a home of its own: the session's shared server stays untouched."""

from __future__ import annotations

import dataclasses
import os
import signal
import subprocess
import sys
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
def own_home(tmp_path, settings):
    from memory_pipeline.store.server import stop_embedded

    s = dataclasses.replace(settings, home=tmp_path / "home")
    yield s
    stop_embedded(s.pgdata)


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
