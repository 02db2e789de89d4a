"""One error hierarchy for the whole package; the CLI maps it to exit codes."""

from __future__ import annotations


class MemoryPipelineError(Exception):
    """Base class of every error this package raises on purpose."""


class ValidationError(MemoryPipelineError, ValueError):
    """Bad input from a caller: nothing was written."""

    def __init__(self, message: str, *, line: int | None = None, field: str | None = None):
        self.line = line
        self.field = field
        prefix = f"line {line}: " if line is not None else ""
        super().__init__(prefix + message)


class StorageError(MemoryPipelineError):
    """The memory store cannot be reached or is not usable."""


class DatabaseUnavailable(StorageError):
    """No connection to the configured PostgreSQL server."""


class PgvectorMissing(StorageError):
    """The database has no pgvector extension (and it cannot be created)."""


class SchemaMismatch(StorageError):
    """The store was created with another embedding model or dimension, or by a newer version."""


class EmbedderError(MemoryPipelineError):
    """No embedding model could be loaded."""


class ConcurrentModification(StorageError):
    """A row changed between read and write (optimistic locking)."""


class LLMError(MemoryPipelineError):
    """The configured LLM failed: network error, timeout, or an answer we cannot parse."""
