"""Dagster instance storage on the memory store's PostgreSQL server, in its own database `dagster`.

dagster-postgres needs a URL up front; this class finds it the way the rest of the package does
(MEMORY_PIPELINE_DAGSTER_PG_URL, else database `dagster` on MEMORY_PIPELINE_DATABASE_URL's server, else
the embedded server, started on demand), so every Dagster command works from the repository root
without exporting anything first.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

import yaml
from dagster import DagsterEventType, EventLogEntry, Field, StringSource
from dagster_postgres import DagsterPostgresStorage, PostgresEventLogStorage
from dagster_postgres.utils import create_pg_engine

from memory_pipeline.config import Settings
from memory_pipeline.defs.dagster_private import ConfigurableClassData
from memory_pipeline.store import db, event_log


def resolve_url(configured: str | None = None) -> str:
    settings = Settings.from_env()
    url = configured or settings.dagster.storage_url
    if not url:
        url = db.ensure_database(db.database_url(settings), "dagster")
        relax_durability(url)
    # dagster-postgres with SQLAlchemy 2 needs psycopg2 named explicitly
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg2://" + url[len("postgresql://") :]
    return url


def relax_durability(url: str) -> None:
    """Dagster writes ~10 events per user partition of a run; waiting for a disk flush on each made a
    200-user run 10x slower than the work itself. Run history may lose its last moments in a crash
    (never the memory store: that database keeps synchronous commits)."""
    db.relax_durability(url)


# Partition-range materializations of one asset go to the event log as one batch (one INSERT, one
# index transaction) instead of one round trip each; Dagster reads this from the environment of every
# process that writes events, and an operator's own value wins.
EVENT_BATCH_SIZE = "1000"
# idle connections held per storage (event log, runs, schedules), and how many more under load
POOL_SIZE_OVERFLOW = 8
POOL_RECYCLE_S = 3600


class BatchedEventLogStorage(PostgresEventLogStorage):
    """Writes a run's planned-materialization events (one per asset and user partition, sent by Dagster
    as one batch when the run is created) with one INSERT instead of one round trip each. They stay one
    per partition: the UI marks a partition in progress or failed from them."""

    def store_event_batch(self, events: Sequence[EventLogEntry]) -> None:
        planned = [e for e in events if e.dagster_event_type == DagsterEventType.ASSET_MATERIALIZATION_PLANNED]
        if len(planned) < 2:
            super().store_event_batch(events)
            return
        with self._connect() as conn:
            ids = event_log.insert_returning_ids(conn, self.prepare_insert_event_batch(planned))
        last = {e.dagster_event.asset_key: (e, i) for e, i in zip(planned, ids, strict=True)}
        with self.index_transaction() as conn:
            self._store_asset_event_tags(conn, planned, ids)
            for e, i in last.values():  # what store_event does for each; the last one per asset wins
                self._store_asset_event(conn, e, i)
        rest = [e for e in events if e.dagster_event_type != DagsterEventType.ASSET_MATERIALIZATION_PLANNED]
        if rest:  # the checks' planned events, written as Dagster writes them
            super().store_event_batch(rest)


class MemoryPipelineStorage(DagsterPostgresStorage):
    """dagster-postgres, but holding its connections: by default it opens a new connection for every
    read and write (NullPool), ~4 ms each on this server, several per event; a run over 200 user
    partitions opened ~8,000. Every process builds one instance (launch.py caches it per home), so a
    process holds at most three idle connections."""

    def __init__(self, postgres_url: str, should_autocreate_tables: bool = True, inst_data=None):
        super().__init__(postgres_url, should_autocreate_tables=should_autocreate_tables, inst_data=inst_data)
        os.environ.setdefault("DAGSTER_EVENT_BATCH_SIZE", EVENT_BATCH_SIZE)
        self._events = BatchedEventLogStorage(postgres_url, should_autocreate_tables=False, inst_data=None)
        for storage in (self.event_log_storage, self.run_storage, self.schedule_storage):
            # what dagster-postgres's optimize_for_webserver sets up, plus a ping on checkout (~0.1 ms) so
            # a connection the server dropped (a restart) is replaced instead of failing the next write
            storage._engine = create_pg_engine(  # noqa: SLF001  (dagster-postgres takes no pool options)
                postgres_url, None, isolation_level="AUTOCOMMIT", pool_size=1, max_overflow=POOL_SIZE_OVERFLOW,
                pool_recycle=POOL_RECYCLE_S, pool_pre_ping=True)

    @property
    def event_log_storage(self) -> BatchedEventLogStorage:
        return self._events

    @classmethod
    def config_type(cls):
        return {"postgres_url": Field(StringSource, is_required=False)}

    @classmethod
    def from_config_value(cls, inst_data, config_value):
        url = resolve_url(config_value.get("postgres_url"))
        return cls(postgres_url=url, inst_data=inst_data)

    def _data(self, cls_name: str) -> ConfigurableClassData:
        # subprocesses (run workers, the daemon) rebuild the storages from this: give them the resolved URL
        return ConfigurableClassData(
            "dagster_postgres", cls_name, yaml.dump({"postgres_url": self.postgres_url})
        )

    @property
    def event_storage_data(self):
        return self._data("PostgresEventLogStorage")

    @property
    def run_storage_data(self):
        return self._data("PostgresRunStorage")

    @property
    def schedule_storage_data(self):
        return self._data("PostgresScheduleStorage")
