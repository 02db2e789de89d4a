"""The store as a process uses it: settings, one connection (migrated on first use) and the embedder.

Shared by the Python API (`MemoryService`) and the Dagster resource, so neither wraps the other.
"""

from __future__ import annotations

import logging
import threading
import time
from functools import cached_property

import psycopg

from memory_pipeline.config import Settings
from memory_pipeline.embedding import Embedder, get_embedder
from memory_pipeline.errors import DatabaseUnavailable
from memory_pipeline.store import db
from memory_pipeline.store.indexes import EF_SEARCH
from memory_pipeline.store.recall import SideSearch
from memory_pipeline.store.reembed import reembed

log = logging.getLogger(__name__)

_MIGRATED: set[tuple[str, str]] = set()
_MIGRATE_LOCK = threading.Lock()
RECONNECT_DELAYS = (0.2, 0.5, 1.0, 2.0, 4.0)  # an external server: about 8 s of attempts, then the error


class Runtime:
    """One per process (or per thread: it holds one connection). Cheap to create; connects lazily."""

    def __init__(self, settings: Settings | None = None, *, embedder: Embedder | None = None):
        self.settings = settings or Settings.from_env()
        if embedder is not None:
            self.__dict__["embedder"] = embedder
        self._conn: psycopg.Connection | None = None
        self._side = None

    @cached_property
    def url(self) -> str:
        return db.database_url(self.settings)

    @cached_property
    def embedder(self) -> Embedder:
        s = self.settings
        emb = get_embedder(s.embedding_model, s.embedding_backend, s.cache_dir, query_precision=s.query_precision)
        if self._conn is not None and not self._conn.closed:  # opened before the model was loaded
            db.check_model(self._conn, emb.name)
        return emb

    def ensure_schema(self) -> None:
        # per model too: a second embedder in the same process is checked against the store again
        key = (self.url, self.embedder.name)
        with _MIGRATE_LOCK:
            if key in _MIGRATED:
                return
            db.migrate(self.url, dimension=self.embedder.dimension, embedding_model=self.embedder.name)
            _MIGRATED.add(key)

    def reembed(self) -> dict[str, int]:
        """Rewrite every vector of the store with this process's embedder and record its model (the
        explicit command behind a model change; opening the store with another model is refused)."""
        emb = self.embedder
        with _MIGRATE_LOCK:
            db.migrate(self.url, dimension=emb.dimension, embedding_model=emb.name, check_model=False)
            counts = reembed(self.url, emb.encode, model=emb.name, dimension=emb.dimension)
            _MIGRATED.add((self.url, emb.name))
        return counts

    @property
    def conn(self) -> psycopg.Connection:
        """The connection, reopened when it was lost (checked without a round trip, see `db.lost`)."""
        if self._conn is None:
            self._conn = self._open_healing(first=True)
        elif db.lost(self._conn):
            self.heal()
        return self._conn

    def connection_lost(self, e: BaseException) -> bool:
        """Whether error `e` (raised by a statement) means the connection itself is gone."""
        return isinstance(e, psycopg.OperationalError | psycopg.InterfaceError) and (
            self._conn is None or db.lost(self._conn))

    def heal(self) -> None:
        """Reconnect after a lost connection. The embedded server this process uses is restarted when
        it died (under its file lock, so one process restarts it); an external server gets attempts
        with backoff. Raises DatabaseUnavailable when it stays unreachable."""
        self._drop()
        self._conn = self._open_healing(first=False)
        log.warning("reconnected to the database")

    def _open_healing(self, *, first: bool) -> psycopg.Connection:
        embedded = not self.settings.database_url
        # a first connection fails fast; a lost one is worth a few seconds (a restart, a failover)
        delays = RECONNECT_DELAYS[:2] if embedded else () if first else RECONNECT_DELAYS
        for delay in delays:
            try:
                return self._open()
            except DatabaseUnavailable as e:
                log.warning("database unavailable, retrying in %.1f s: %s", delay, e)
                time.sleep(delay)
            if embedded:  # refused: the server died; looking its URI up again restarts it
                self.__dict__.pop("url", None)
        return self._open()

    def _drop(self) -> None:
        if self._side is not None:
            self._side.reset()
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    @property
    def side(self):
        """The recall side search (`store.recall.SideSearch`): its connection opens on a heavy user's
        first recall."""
        if self._side is None:
            self._side = SideSearch(self._open)
        return self._side

    def _open(self) -> psycopg.Connection:
        if "embedder" not in self.__dict__:
            # nothing embedded yet (stats, explain, context): a store at the current schema is used
            # without loading the model (~0.25 s and ~80 MB); the model is checked once it loads
            conn = db.open_current(self.url)
            if conn is not None:
                db.set_search_settings(conn, EF_SEARCH)
                return conn
        self.ensure_schema()
        # autocommit: reads never hold a transaction open, and every `conn.transaction()` block is a
        # real BEGIN/COMMIT (inside an open transaction it would only be a savepoint)
        conn = db.connect(self.url, autocommit=True)
        try:
            db.check_model(conn, self.embedder.name)
        except Exception:
            conn.close()
            raise
        db.set_search_settings(conn, EF_SEARCH)
        return conn

    def close(self) -> None:
        if self._side is not None:
            self._side.close()
            self._side = None
        self._drop()
