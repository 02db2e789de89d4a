"""Storage failures: an unreachable database and a database without pgvector give clear errors."""

from __future__ import annotations

import socket

import pytest

from memory_pipeline.errors import DatabaseUnavailable, PgvectorMissing
from memory_pipeline.store import db


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_unreachable_database_url():
    url = f"postgresql://nobody:secret@127.0.0.1:{_free_port()}/nothing"
    with pytest.raises(DatabaseUnavailable) as e:
        db.migrate(url, dimension=384, embedding_model="m")
    assert "secret" not in str(e.value)  # the password is not echoed


@pytest.mark.integration
def test_database_without_pgvector(db_url, monkeypatch):
    """A database where pgvector cannot be created (a role without CREATE on it: the same code path as a
    server that lacks the extension files)."""
    import psycopg

    with psycopg.connect(db_url, autocommit=True) as c:
        c.execute("DROP DATABASE IF EXISTS novector")
        c.execute("CREATE DATABASE novector")
        c.execute("DROP ROLE IF EXISTS plain")
        c.execute("CREATE ROLE plain LOGIN")
        c.execute("REVOKE CREATE ON DATABASE novector FROM PUBLIC")
        c.execute("GRANT CONNECT ON DATABASE novector TO plain")
    url = db.with_database(db_url, "novector").replace("postgres:@", "plain:@", 1)
    with pytest.raises(PgvectorMissing, match="pgvector"):
        db.migrate(url, dimension=384, embedding_model="m")


def test_embedded_server_buffer_cache_is_sized_on_a_new_data_directory(tmp_path, settings, _server, monkeypatch):
    """A new data directory starts with its buffer cache set; a changed setting on an existing one is
    recorded and applies from the next start; a malformed size is refused before anything starts."""
    import psycopg

    from memory_pipeline.config import Settings
    from memory_pipeline.store.server import buffer_size, embedded_uri, stop_embedded

    def shown(uri: str) -> str:
        with psycopg.connect(uri, autocommit=True) as c:
            size = c.execute("SELECT pg_size_bytes(current_setting(%s))", ("shared_buffers",)).fetchone()[0]
            return f"{size // 2**20}MB"

    auto = buffer_size("auto")
    assert 128 <= int(auto.removesuffix("MB")) <= 2048
    assert shown(db.database_url(settings)) == "128MB"  # the tests' own server: the default
    monkeypatch.setenv("MEMORY_PIPELINE_PG_SHARED_BUFFERS", "160MB")
    assert Settings.from_env().pg_shared_buffers == "160MB"
    for bad in ("lots", "12", "1TB; DROP TABLE memories"):
        with pytest.raises(ValueError, match="shared buffers"):
            buffer_size(bad)
    pgdata = tmp_path / "pgdata"
    try:
        assert shown(embedded_uri(pgdata, shared_buffers="96MB")) == "96MB"
        assert shown(embedded_uri(pgdata, shared_buffers="160MB")) == "96MB"  # running: recorded only
        stop_embedded(pgdata)
        assert shown(embedded_uri(pgdata, shared_buffers="160MB")) == "160MB"
    finally:
        stop_embedded(pgdata)
