"""Re-embedding the store with another model of the same dimension: the explicit way to change the
model a store's vectors come from (opening a store with another model is refused, see `db.migrate`)."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import psycopg

from memory_pipeline.errors import SchemaMismatch
from memory_pipeline.store.db import MIGRATION_LOCK_KEY, connect

Encode = Callable[[list[str]], np.ndarray]


def reembed(url: str, encode: Encode, *, model: str, dimension: int, batch_size: int = 256) -> dict[str, int]:
    """Every vector from `encode`, in one transaction: raw memories and profiles from their text,
    summaries and cluster centroids as the unit mean of their members' new vectors (as consolidation
    computes them). Then the store records `model`."""
    with connect(url) as conn, conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK_KEY,))
        stored = int(conn.execute("SELECT value FROM store_settings WHERE key = 'embedding_dimension'").fetchone()[0])
        if stored != dimension:
            raise SchemaMismatch(f"the store holds {stored}-dimensional vectors; {model!r} gives {dimension}:"
                                 " re-embedding keeps the dimension (a new dimension needs a new store)")
        counts = {"memories": _memories(conn, encode, batch_size)}
        counts["profiles"] = _profiles(conn, encode)
        counts["summaries"] = conn.execute(
            "UPDATE summaries s SET embedding = (SELECT l2_normalize(avg(m.embedding)) FROM memories m"
            " WHERE m.id = ANY(s.source_ids))").rowcount
        counts["clusters"] = conn.execute(
            "UPDATE clusters c SET centroid = v.centroid FROM (SELECT cluster_id, l2_normalize(avg(embedding))"
            " AS centroid FROM memories WHERE cluster_id IS NOT NULL AND duplicate_of IS NULL GROUP BY 1) v"
            " WHERE v.cluster_id = c.id").rowcount
        conn.execute("INSERT INTO store_settings (key, value) VALUES ('embedding_model', %s)"
                     " ON CONFLICT (key) DO UPDATE SET value = excluded.value", (model,))
    return counts


def _memories(conn: psycopg.Connection, encode: Encode, batch_size: int) -> int:
    last, n = 0, 0
    while True:  # keyset pages: a large store is never read into memory at once
        rows = conn.execute("SELECT id, content FROM memories WHERE id > %s ORDER BY id LIMIT %s",
                            (last, batch_size)).fetchall()
        if not rows:
            return n
        vecs = encode([c for _, c in rows])
        conn.execute("UPDATE memories m SET embedding = u.e FROM unnest(%s::bigint[], %s::vector[]) AS u(id, e)"
                     " WHERE m.id = u.id", ([i for i, _ in rows], list(vecs)))
        last, n = rows[-1][0], n + len(rows)


def _profiles(conn: psycopg.Connection, encode: Encode) -> int:
    rows = conn.execute("SELECT user_id, content FROM profiles ORDER BY user_id").fetchall()
    if not rows:
        return 0
    vecs = encode([c for _, c in rows])
    return conn.execute("UPDATE profiles p SET embedding = u.e FROM unnest(%s::text[], %s::vector[]) AS u(uid, e)"
                        " WHERE p.user_id = u.uid", ([u for u, _ in rows], list(vecs))).rowcount
