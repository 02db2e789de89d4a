"""`memory-pipeline dev`: the embedded database, the Dagster UI and daemon, and a watch on the database.

Dagster's processes (webserver, daemon, code server) cannot be restarted by us mid-flight, and they
need not be: their storage opens a connection per use. What they need is the server back. So `dev`
watches the embedded postmaster (once a second, through its lock file) and restarts it when it died,
with a line when it is found dead and one when it is back; while it is down or just back, the
warnings and tracebacks Dagster's processes print about it are counted (one summary line after the
incident) instead of flooding the terminal.
"""

from __future__ import annotations

import contextlib
import logging
import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from memory_pipeline.config import Settings
from memory_pipeline.store.server import embedded_uri, postmaster_alive

WATCH_EVERY = 1.0  # seconds between looks at the postmaster
QUIET_AFTER = 30.0  # seconds after a restart in which Dagster's tracebacks still belong to the incident
_TRACEBACK = "Traceback (most recent call last):"
_ANSI = re.compile(r"\x1b\[[\d;]*m")
_C = r"(?:\x1b\[[\d;]*m)?"  # Dagster colours its level names
# the first line of a log record: Dagster's "<time> - <logger> - LEVEL - ", logging's "LEVEL:name:" and ours
_HEADER = re.compile(rf"{_C}\d{{4}}-\d\d-\d\d[ T]\d|[A-Z]+:[\w.]*:|[A-Z]+ [\w.]+: |memory-pipeline dev: ")
_LEVEL = re.compile(rf"^(?:WARNING|ERROR|CRITICAL)[: ]|\s-\s{_C}(?:WARNING|ERROR|CRITICAL){_C}\s-\s")


class Incidents:
    """Database incidents as `dev` reports them: one line when the server is found dead, one when it
    is back (with the tracebacks swallowed meanwhile)."""

    def __init__(self, out: TextIO):
        self.out = out
        self.down_since: float | None = None
        self.back_at = float("-inf")
        self.swallowed = 0
        self.last_error = ""
        self._lock = threading.Lock()

    def active(self) -> bool:
        return self.down_since is not None or time.monotonic() - self.back_at < QUIET_AFTER

    def swallow(self, error_line: str) -> None:
        with self._lock:
            self.swallowed += 1
            self.last_error = error_line.strip()[:200]

    def died(self) -> None:
        self.down_since = time.monotonic()
        self.swallowed = 0
        self.out.write("memory-pipeline dev: the embedded PostgreSQL died; restarting it\n")
        self.out.flush()

    def restarted(self, error: Exception | None = None) -> None:
        if error is not None:  # still down: said once, tried again on the next look
            self.out.write(f"memory-pipeline dev: restart failed, retrying: {' '.join(str(error).split())[:300]}\n")
            self.out.flush()
            return
        took = time.monotonic() - (self.down_since or time.monotonic())
        self.down_since, self.back_at = None, time.monotonic()
        self.out.write(f"memory-pipeline dev: the embedded PostgreSQL is back after {took:.1f} s\n")
        self.out.flush()

    def summary(self) -> None:
        """After the quiet period: how many warnings and tracebacks the incident cost, if any."""
        with self._lock:
            if self.swallowed:
                self.out.write(f"memory-pipeline dev: {self.swallowed} warning(s) or traceback(s) of Dagster's"
                               f" processes about the outage hidden (last: {self.last_error})\n")
                self.out.flush()
                self.swallowed = 0


def relay(stream, out: TextIO, quiet: Callable[[], bool], swallow: Callable[[str], None]) -> None:
    """Copy the children's output line by line. While `quiet()` (a database incident), a warning or
    error record (its header line and the lines that continue it) or a bare traceback is swallowed
    and counted instead; info records still pass."""
    swallowing = False
    for line in iter(stream.readline, ""):
        if not quiet():
            swallowing = False
        elif _LEVEL.search(line) or (line.startswith(_TRACEBACK) and not swallowing):
            swallowing = True
            swallow(_ANSI.sub("", line))
        elif _HEADER.match(line):
            swallowing = False
        if not swallowing:
            out.write(line)
            out.flush()


def watch(proc: subprocess.Popen, pgdata: Path, restart: Callable[[], object], incidents: Incidents) -> int:
    """Until Dagster exits: restart the postmaster whenever it is found dead."""
    while True:
        with contextlib.suppress(subprocess.TimeoutExpired):
            return proc.wait(timeout=WATCH_EVERY)
        if not postmaster_alive(pgdata):
            if incidents.down_since is None:
                incidents.died()
            try:
                restart()
            except Exception as e:  # noqa: BLE001 - reported in one line, tried again next second
                incidents.restarted(e)
            else:
                incidents.restarted()
        elif not incidents.active():
            incidents.summary()


def cmd_dev(args) -> int:
    """Embedded database + Dagster UI and daemon; stops its process group on exit."""
    # Dagster: ~1.7 s to import (perf_counter); only dev needs it
    from memory_pipeline.defs.launch import prepare_dagster_home

    # service: ~0.3 s to import with psycopg (perf_counter); --help and bad input answer without it
    from memory_pipeline.service import MemoryService

    settings = Settings.from_env()
    with MemoryService(settings) as svc:
        svc.ensure_schema()
    home = prepare_dagster_home(settings)
    workspace = Path(__file__).resolve().parents[2] / "workspace.yaml"
    target = ["-w", str(workspace)] if workspace.exists() else ["-m", "memory_pipeline.definitions"]
    cmd = [sys.executable, "-m", "dagster", "dev", *target, "-h", args.host, "-p", str(args.port)]
    sys.stderr.write(f"Dagster UI on http://{args.host}:{args.port} (Ctrl-C stops it)\n")
    # started in DAGSTER_HOME: from a folder holding another dagster.yaml (the repository's) Dagster
    # warns that that file "will not be used", though DAGSTER_HOME holds the same configuration
    proc = subprocess.Popen(cmd, start_new_session=True, env=os.environ.copy(), cwd=home, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, errors="replace", bufsize=1)
    incidents = Incidents(sys.stderr)
    logging.getLogger("memory_pipeline.store.server").setLevel(logging.ERROR)  # `incidents` says it once
    for source, sink in ((proc.stdout, sys.stdout), (proc.stderr, sys.stderr)):
        threading.Thread(target=relay, args=(source, sink, incidents.active, incidents.swallow), daemon=True).start()

    def _stop(signum, frame):  # SIGTERM would otherwise end this process and orphan the Dagster group
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, _stop)
    try:
        if settings.database_url:  # an external server is not ours to restart: Dagster reconnects itself
            return proc.wait()
        return watch(proc, settings.pgdata, lambda: embedded_uri(
            settings.pgdata, shared_buffers=settings.pg_shared_buffers), incidents)
    except KeyboardInterrupt:
        return 0
    finally:
        _stop_group(proc)


def _stop_group(proc: subprocess.Popen) -> None:
    # dagster dev started outside a terminal ignores SIGINT/SIGTERM: the whole group goes, by force if needed
    for sig, grace in ((signal.SIGINT, 5), (signal.SIGTERM, 5), (signal.SIGKILL, 5)):
        if proc.poll() is not None:
            break
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, sig)
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=grace)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGKILL)  # children (webserver, daemon, code server) left behind
