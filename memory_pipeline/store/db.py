"""Connections, pgvector registration and versioned migrations."""

from __future__ import annotations

import contextlib
import logging
import re
import select
import struct
from importlib import resources
from urllib.parse import urlsplit, urlunsplit

import numpy as np
import psycopg
from pgvector.psycopg import register_vector
from psycopg import sql
from psycopg.adapt import Dumper
from psycopg.pq import Format, TransactionStatus
from psycopg.types import TypeInfo

from memory_pipeline.config import Settings
from memory_pipeline.errors import DatabaseUnavailable, PgvectorMissing, SchemaMismatch
from memory_pipeline.store.server import embedded_uri

log = logging.getLogger(__name__)

MIGRATION_LOCK_KEY = 0x6D656D70  # advisory lock: one migrator at a time across processes
_MIGRATION_RE = re.compile(r"(\d{4})_(\w+)\.sql")  # fullmatch


def database_url(settings: Settings) -> str:
    """The configured external URL, or the embedded server's (started on demand)."""
    if settings.database_url:
        return settings.database_url
    return embedded_uri(settings.pgdata, shared_buffers=settings.pg_shared_buffers)


def with_database(url: str, database: str) -> str:
    """The same server, another database (for Dagster's instance storage)."""
    # pgserver's socket URIs carry the host in the query string, which this keeps
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, "/" + database, parts.query, parts.fragment))


class _NumpyVectorBinaryDumper(Dumper):
    """numpy -> pgvector binary in one C call (pgvector's own dumper formats floats one by one)."""

    format = Format.BINARY

    def dump(self, obj) -> bytes:
        a = np.asarray(obj, dtype=">f4")
        return struct.pack(">HH", a.shape[0], 0) + a.tobytes()


def _register(conn: psycopg.Connection) -> None:
    register_vector(conn)
    info = TypeInfo.fetch(conn, "vector")
    dumper = type("NumpyVectorBinaryDumper", (_NumpyVectorBinaryDumper,), {"oid": info.oid})
    conn.adapters.register_dumper("numpy.ndarray", dumper)


def connect(url: str, *, autocommit: bool = False, register: bool = True) -> psycopg.Connection:
    try:
        conn = psycopg.connect(url, autocommit=autocommit, connect_timeout=10)
    except psycopg.OperationalError as e:
        raise DatabaseUnavailable(f"cannot connect to the database: {_redact(url)}: {_first_line(e)}") from e
    if register:
        try:
            _register(conn)
        except psycopg.ProgrammingError as e:
            conn.close()
            raise PgvectorMissing(
                "the database has no pgvector extension; run migrations first (memory-pipeline db init)"
            ) from e
    return conn


def lost(conn: psycopg.Connection) -> bool:
    """Whether `conn` is gone, checked without a round trip: closed, or idle with its socket readable.
    Nothing arrives unasked on an idle connection of ours (no LISTEN), so a readable socket is the
    server's goodbye (its backend exited: a crash, a restart, an administrator's kill) or EOF."""
    if conn.closed:
        return True
    if conn.info.transaction_status != TransactionStatus.IDLE:
        return False  # mid-transaction: the statement itself will tell
    try:
        poll = select.poll()
        poll.register(conn.fileno(), select.POLLIN)
        return bool(poll.poll(0))
    except (OSError, ValueError, psycopg.Error):
        return True


def one_line(e: BaseException) -> str:
    """A database error as one line for a user (no password, no traceback)."""
    return _redact(" ".join(_first_line(e).split()))


def set_search_settings(conn: psycopg.Connection, ef_search: int) -> None:
    # statements are planned for their values; recall's own, whose text holds every value that shapes
    # its plan, switch the connection to generic plans (store/recall.fetch)
    conn.execute("SET plan_cache_mode = force_custom_plan")
    # heavy users' HNSW indexes: filtered results keep coming (iterative scan), recall ~0.99
    conn.execute(sql.SQL("SET hnsw.ef_search = {}").format(sql.Literal(int(ef_search))))
    conn.execute("SET hnsw.iterative_scan = relaxed_order")


def relax_durability(url: str) -> None:
    """No synchronous commit for the database of `url` (meant for Dagster's own event storage)."""
    name = urlsplit(url).path.lstrip("/")
    with connect(url.replace("postgresql+psycopg2://", "postgresql://", 1), autocommit=True, register=False) as c:
        c.execute(sql.SQL("ALTER DATABASE {} SET synchronous_commit = off").format(sql.Identifier(name)))


def ensure_database(url: str, name: str) -> str:
    """Create database `name` on the server of `url` if it does not exist; return its URL."""
    with connect(url, autocommit=True, register=False) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone()
        if not exists:
            # another process may create it at the same moment
            with contextlib.suppress(psycopg.errors.DuplicateDatabase):
                conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    return with_database(url, name)


def _redact(url: str) -> str:
    return re.sub(r"//([^:/@]+):[^@]*@", r"//\1:***@", url)


def _first_line(e: Exception) -> str:
    return str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__


def migrations() -> list[tuple[int, str, str]]:
    """(version, name, sql) of every packaged migration, in order."""
    found = []
    for entry in resources.files("memory_pipeline.store.migrations").iterdir():
        m = _MIGRATION_RE.fullmatch(entry.name)
        if m:
            found.append((int(m.group(1)), m.group(2), entry.read_text()))
    return sorted(found)


def migrate(url: str, *, dimension: int, embedding_model: str, check_model: bool = True) -> list[int]:
    """Apply pending migrations idempotently; returns the versions applied now.

    The embedding dimension is fixed when the store is created; opening it with another model of
    another dimension is refused rather than silently mixing vector spaces.
    """
    with connect(url, autocommit=True, register=False) as conn:
        try:
            conn.execute("CREATE EXTENSION IF NOT EXISTS vector")
        except psycopg.Error as e:
            raise PgvectorMissing(
                f"the database at {_redact(url)} has no pgvector extension available: {_first_line(e)}"
            ) from e
    applied: list[int] = []
    with connect(url, register=False) as conn, conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK_KEY,))
        conn.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations ("
            " version int PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())"
        )
        done = {r[0] for r in conn.execute("SELECT version FROM schema_migrations")}
        known = migrations()
        if done and max(done) > max(v for v, _, _ in known):
            raise SchemaMismatch(
                f"the store was migrated by a newer version (schema {max(done)}); upgrade memory_pipeline"
            )
        for version, name, text in known:
            if version in done:
                continue
            conn.execute(
                text.replace("{dim}", str(int(dimension)))
                .replace("{covering}", _covering(dimension))
                .replace("{covering_small}", "INCLUDE (id, embedding)" if dimension <= 512 else "INCLUDE (id)")
            )
            conn.execute("INSERT INTO schema_migrations (version, name) VALUES (%s, %s)", (version, name))
            applied.append(version)
            log.info("applied migration %04d_%s", version, name)
        _check_embedding_settings(conn, dimension, embedding_model if check_model else None)
    return applied


def _covering(dimension: int) -> str:
    # A btree tuple holds at most ~2.7 kB: the embedding fits in the covering index up to ~600 dims.
    if dimension <= 512:
        return "INCLUDE (id, embedding, tier, created_at, summarized_into, superseded_by)"
    return "INCLUDE (id, tier, created_at)"


def open_current(url: str) -> psycopg.Connection | None:
    """An autocommit connection when the store is at this version's schema and records its embedding
    model, else None (the caller migrates): a command that embeds nothing need not load the model."""
    conn = connect(url, autocommit=True, register=False)
    try:
        ready = conn.execute(
            "SELECT to_regclass('schema_migrations') IS NOT NULL AND to_regclass('store_settings') IS NOT NULL"
        ).fetchone()[0]
        if ready:
            done = conn.execute("SELECT max(version) FROM schema_migrations").fetchone()[0]
            model = conn.execute("SELECT 1 FROM store_settings WHERE key = 'embedding_model'").fetchone()
            ready = done == max(v for v, _, _ in migrations()) and model is not None
        if ready:
            _register(conn)
            return conn
    except BaseException:
        conn.close()
        raise
    conn.close()
    return None


def check_model(conn: psycopg.Connection, model: str) -> None:
    """Refuse a connection whose process embeds with another model than the store's (another process
    may have re-embedded the store since this one migrated it)."""
    row = conn.execute("SELECT value FROM store_settings WHERE key = 'embedding_model'").fetchone()
    if row is not None and row[0] != model:
        raise SchemaMismatch(
            f"the store holds vectors of the embedding model {row[0]!r}, but this process loaded {model!r};"
            " refusing to mix vectors of two models. Fix the model installation, or re-embed the whole store"
            " with the loaded model: memory-pipeline db reembed"
        )


def _check_embedding_settings(conn: psycopg.Connection, dimension: int, model: str | None) -> None:
    """`model` None: the caller is about to re-embed (the dimension must still match)."""
    rows = dict(conn.execute("SELECT key, value FROM store_settings").fetchall())
    if not rows:
        conn.execute("INSERT INTO store_settings (key, value) VALUES ('embedding_dimension', %s)", (str(dimension),))
        if model is not None:
            conn.execute("INSERT INTO store_settings (key, value) VALUES ('embedding_model', %s)", (model,))
        return
    if int(rows["embedding_dimension"]) != dimension:
        raise SchemaMismatch(
            f"the store holds {rows['embedding_dimension']}-dimensional embeddings from "
            f"{rows.get('embedding_model')!r}; the configured model gives {dimension}"
        )
    stored = rows.get("embedding_model")
    if model is None:
        return
    if stored is None:  # a store from before the model was recorded
        conn.execute("INSERT INTO store_settings (key, value) VALUES ('embedding_model', %s)", (model,))
    else:  # same dimension is not the same vector space: never mix two models' vectors in one store
        check_model(conn, model)
