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
