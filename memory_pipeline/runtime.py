"""The store as a process uses it: settings, one connection (migrated on first use) and the embedder.

Shared by the Python API (`MemoryService`) and the Dagster resource, so neither wraps the other.
"""

from __future__ import annotations

import threading
from functools import cached_property

import psycopg

from memory_pipeline.config import Settings
from memory_pipeline.embedding import Embedder, get_embedder
from memory_pipeline.store import db
from memory_pipeline.store.indexes import EF_SEARCH

_MIGRATED: set[tuple[str, str]] = set()
_MIGRATE_LOCK = threading.Lock()


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
        return get_embedder(s.embedding_model, s.embedding_backend, s.cache_dir, query_precision=s.query_precision)

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
        from memory_pipeline.store.reembed import reembed

        emb = self.embedder
        with _MIGRATE_LOCK:
            db.migrate(self.url, dimension=emb.dimension, embedding_model=emb.name, check_model=False)
            counts = reembed(self.url, emb.encode, model=emb.name, dimension=emb.dimension)
            _MIGRATED.add((self.url, emb.name))
        return counts

    @property
    def conn(self) -> psycopg.Connection:
        if self._conn is None or self._conn.closed:
            self._conn = self._open()
        return self._conn

    @property
    def side(self):
        """The recall side search (`store.recall.SideSearch`): its connection opens on a heavy user's
        first recall."""
        from memory_pipeline.store.recall import SideSearch

        if self._side is None:
            self._side = SideSearch(self._open)
        return self._side

    def _open(self) -> psycopg.Connection:
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
        if self._conn is not None:
            self._conn.close()
            self._conn = None
