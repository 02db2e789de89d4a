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

_MIGRATED: set[str] = set()
_MIGRATE_LOCK = threading.Lock()


class Runtime:
    """One per process (or per thread: it holds one connection). Cheap to create; connects lazily."""

    def __init__(self, settings: Settings | None = None, *, embedder: Embedder | None = None):
        self.settings = settings or Settings.from_env()
        if embedder is not None:
            self.__dict__["embedder"] = embedder
        self._conn: psycopg.Connection | None = None

    @cached_property
    def url(self) -> str:
        return db.database_url(self.settings)

    @cached_property
    def embedder(self) -> Embedder:
        return get_embedder(self.settings.embedding_model, self.settings.embedding_backend, self.settings.cache_dir)

    def ensure_schema(self) -> None:
        with _MIGRATE_LOCK:
            if self.url in _MIGRATED:
                return
            db.migrate(self.url, dimension=self.embedder.dimension, embedding_model=self.embedder.name)
            _MIGRATED.add(self.url)

    @property
    def conn(self) -> psycopg.Connection:
        if self._conn is None or self._conn.closed:
            self.ensure_schema()
            # autocommit: reads never hold a transaction open, and every `conn.transaction()` block is a
            # real BEGIN/COMMIT (inside an open transaction it would only be a savepoint)
            self._conn = db.connect(self.url, autocommit=True)
            db.set_search_settings(self._conn, EF_SEARCH)
        return self._conn

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None
