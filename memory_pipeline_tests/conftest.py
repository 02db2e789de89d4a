"""Shared fixtures: one real embedded PostgreSQL (pgvector) per test session, in a temp home."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

_HOME = Path(tempfile.mkdtemp(prefix="mp-test-home-"))
os.environ["MEMORY_PIPELINE_HOME"] = str(_HOME)
os.environ.setdefault("MEMORY_PIPELINE_CACHE_DIR", str(Path(tempfile.gettempdir()) / "mp-test-cache"))
os.environ.pop("MEMORY_PIPELINE_DATABASE_URL", None)
os.environ.pop("MEMORY_PIPELINE_DAGSTER_PG_URL", None)
for _name in ("OPENAI_API_KEY", "OPENAI_BASE_URL", "MEMORY_PIPELINE_ENGINE", "MEMORY_PIPELINE_LLM_MODEL"):
    os.environ.pop(_name, None)  # the tests choose their engine themselves
os.environ["HF_HUB_OFFLINE"] = "1"

TABLES = ("actions", "invalidated_memories", "suggestions", "edges", "summaries", "clusters", "profiles",
          "session_context", "consolidation_state", "user_activity", "user_vector_indexes", "memory_ledger",
          "memory_slots", "memories")


@pytest.fixture(scope="session")
def settings():
    from memory_pipeline.config import Settings

    return Settings.from_env()


@pytest.fixture(scope="session")
def embedder(settings):
    from memory_pipeline.embedding import get_embedder

    return get_embedder(settings.embedding_model, settings.embedding_backend, settings.cache_dir,
                        query_precision=settings.query_precision)


@pytest.fixture(scope="session")
def _server(settings, embedder):
    from memory_pipeline.service import MemoryService

    with MemoryService(settings, embedder=embedder) as svc:
        svc.ensure_schema()
        url = svc.url
    yield url
    from memory_pipeline.store.server import stop_embedded

    stop_embedded(settings.pgdata)
    shutil.rmtree(_HOME, ignore_errors=True)


@pytest.fixture
def service(settings, embedder, _server):
    """A MemoryService on an empty store."""
    from memory_pipeline.service import MemoryService

    svc = MemoryService(settings, embedder=embedder)
    with svc.conn.transaction():
        svc.conn.execute(f"TRUNCATE {', '.join(TABLES)} RESTART IDENTITY CASCADE")
    yield svc
    svc.close()


@pytest.fixture
def db_url(_server):
    return _server
