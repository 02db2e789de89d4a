"""SQL of the save path: lookups, nearest neighbours within a user, bulk insert."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

import numpy as np
import psycopg
from psycopg.types.json import Jsonb

MEMORY_COPY_COLUMNS = (
    "id", "user_id", "external_id", "conversation_id", "session_id", "role", "namespace", "content",
    "content_hash", "created_at", "importance", "metadata", "facts", "resolved_dates", "embedding",
    "mention_count", "flagged", "flag_reason", "duplicate_of", "flag_match_id", "flag_similarity",
    "external_version",
)


@dataclass(frozen=True)
class Neighbour:
    ord: int  # position of the query in the batch
    id: int
    root_id: int  # the row a duplicate points at (itself for an original)
    content: str
    content_hash: bytes
    similarity: float


@dataclass(frozen=True)
class KnownExternal:
    """The stored versions of one (user, external_id): ids and content hashes, oldest first."""

    ids: list[int]
    hashes: list[bytes]

    @property
    def latest(self) -> int:
        return self.ids[-1]

    @property
    def version(self) -> int:
        return len(self.ids)

    def id_with(self, content_hash: bytes) -> int | None:
        return next((i for i, h in zip(self.ids, self.hashes, strict=True) if h == content_hash), None)


def existing_external_ids(
    conn: psycopg.Connection, pairs: Sequence[tuple[str, str]]
) -> dict[tuple[str, str], KnownExternal]:
    if not pairs:
        return {}
    users, exts = zip(*sorted(set(pairs)), strict=True)
    rows = conn.execute(
        "SELECT m.user_id, m.external_id, array_agg(m.id ORDER BY m.external_version),"
        " array_agg(m.content_hash ORDER BY m.external_version)"
        " FROM unnest(%s::text[], %s::text[]) AS p(user_id, external_id)"
        " JOIN memories m ON m.user_id = p.user_id AND m.external_id = p.external_id GROUP BY 1, 2",
        (list(users), list(exts)),
    ).fetchall()
    return {(u, e): KnownExternal(list(ids), [bytes(h) for h in hashes]) for u, e, ids, hashes in rows}


def supersede_edited(conn: psycopg.Connection, links: Sequence[tuple[int, int]], edges: Sequence[tuple]) -> None:
    """(older, newer) pairs superseded on save (an edited external_id's versions, or the successor of a
    restated value and its restatement): the older row stays, linked to the newer one and bumped (a
    running consolidation skips it); one `supersedes` edge each: (id, user_id, newer, older, reason)."""
    if not links:
        return
    olds, news = zip(*links, strict=True)
    conn.execute(
        "UPDATE memories m SET superseded_by = l.new, version = m.version + 1, updated_at = now()"
        " FROM unnest(%s::bigint[], %s::bigint[]) AS l(old, new) WHERE m.id = l.old",
        (list(olds), list(news)),
    )
    conn.execute(
        "INSERT INTO edges (id, user_id, edge_type, source_id, target_id, weight, reason)"
        " SELECT e.id, e.u, 'supersedes', e.s, e.t, 1.0, e.r"
        " FROM unnest(%s::text[], %s::text[], %s::text[], %s::text[], %s::text[]) AS e(id, u, s, t, r)"
        " ON CONFLICT DO NOTHING",
        [list(c) for c in zip(*edges, strict=True)],
    )


def current_successors(conn: psycopg.Connection, ids: Sequence[int]) -> dict[int, tuple[int, datetime]]:
    """For each superseded row among `ids`: the row that holds now (the end of its `superseded_by`
    chain) and that row's event time. Rows not superseded are absent."""
    if not ids:
        return {}
    rows = conn.execute(
        "WITH RECURSIVE chain(start, id, depth) AS ("
        "  SELECT id, superseded_by, 1 FROM memories WHERE id = ANY(%s) AND superseded_by IS NOT NULL"
        "  UNION ALL SELECT c.start, m.superseded_by, c.depth + 1 FROM chain c JOIN memories m ON m.id = c.id"
        "  WHERE m.superseded_by IS NOT NULL AND c.depth < 100)"
        " SELECT DISTINCT ON (c.start) c.start, c.id, m.created_at FROM chain c JOIN memories m ON m.id = c.id"
        " ORDER BY c.start, c.depth DESC",
        (list(ids),),
    ).fetchall()
    return {start: (head, created) for start, head, created in rows}


def nearest(
    conn: psycopg.Connection, user_ids: Sequence[str], vectors: np.ndarray, *, k: int = 1
) -> list[Neighbour]:
    """Exact top-k by cosine within each query's user (index-only scan of the covering index).

    `+ 0` keeps the planner off any HNSW index on the whole table: filtered by user it returns too few
    rows (ENV-NOTES); per-user partial HNSW indexes are used through `nearest_one`.
    """
    if not len(user_ids):
        return []
    rows = conn.execute(
        "SELECT b.ord, m.id, coalesce(m.duplicate_of, m.id), m.content, m.content_hash, 1 - nn.d"
        " FROM unnest(%s::int[], %s::text[], %b::vector[]) AS b(ord, user_id, q)"
        " CROSS JOIN LATERAL (SELECT id, (embedding <=> b.q) + 0 AS d FROM memories"
        "   WHERE user_id = b.user_id AND duplicate_of IS NULL ORDER BY d LIMIT %s) nn"
        " JOIN memories m ON m.id = nn.id ORDER BY b.ord, nn.d",
        (list(range(len(user_ids))), list(user_ids), list(vectors), k),
    ).fetchall()
    return [Neighbour(*r) for r in rows]


def allocate_ids(conn: psycopg.Connection, n: int) -> list[int]:
    if n == 0:
        return []
    rows = conn.execute(
        "SELECT nextval(pg_get_serial_sequence('memories', 'id')) FROM generate_series(1, %s)", (n,)
    ).fetchall()
    return [r[0] for r in rows]


MEMORY_COPY_TYPES = (
    "bigint", "text", "text", "text", "text", "text", "text", "text", "bytea", "timestamptz", "real", "jsonb",
    "jsonb", "jsonb", "vector", "integer", "boolean", "text", "bigint", "bigint", "real", "integer",
)


def copy_memories(conn: psycopg.Connection, rows: Iterable[tuple]) -> int:
    """Binary COPY: vectors travel as 4-byte floats, not as text."""
    n = 0
    with conn.cursor().copy(f"COPY memories ({', '.join(MEMORY_COPY_COLUMNS)}) FROM STDIN (FORMAT BINARY)") as cp:
        cp.set_types(MEMORY_COPY_TYPES)
        for row in rows:
            cp.write_row(row)
            n += 1
    return n


def insert_memory(conn: psycopg.Connection, row: tuple) -> None:
    """One row: a plain INSERT is faster than COPY's setup for the single-save path."""
    cols = ", ".join(MEMORY_COPY_COLUMNS)
    marks = ", ".join(["%s"] * len(MEMORY_COPY_COLUMNS))
    conn.execute(f"INSERT INTO memories ({cols}) VALUES ({marks})", row, prepare=True)


def bump_mentions(conn: psycopg.Connection, counts: dict[int, int]) -> None:
    """A duplicate counts as a mention of its original; bumping `version` tells a running
    consolidation that the row changed under it (optimistic locking)."""
    if not counts:
        return
    ids, ns = zip(*sorted(counts.items()), strict=True)
    conn.execute(
        "UPDATE memories m SET mention_count = m.mention_count + c.n, version = m.version + 1, updated_at = now()"
        " FROM unnest(%s::bigint[], %s::int[]) AS c(id, n) WHERE m.id = c.id",
        (list(ids), list(ns)),
    )


def insert_actions(conn: psycopg.Connection, rows: Sequence[dict]) -> None:
    if not rows:
        return
    with conn.cursor().copy(
        "COPY actions (user_id, run_id, action, memory_ids, target_id, similarity, reason, inputs, dry_run)"
        " FROM STDIN"
    ) as cp:
        for r in rows:
            cp.write_row((
                r["user_id"], r.get("run_id"), r["action"], list(r.get("memory_ids", ())), r.get("target_id"),
                r.get("similarity"), r.get("reason"), json.dumps(r.get("inputs", {})), bool(r.get("dry_run")),
            ))


def failed_users(conn: psycopg.Connection, run_ids: Sequence[str], users: Sequence[str]) -> dict[str, dict[str, str]]:
    """run id -> {user: reason} of the `CONSOLIDATION_FAILED` actions those runs logged for `users`."""
    out: dict[str, dict[str, str]] = {}
    for run_id, user, reason in conn.execute(
            "SELECT run_id, user_id, reason FROM actions WHERE user_id = ANY(%s) AND run_id = ANY(%s)"
            " AND action = 'CONSOLIDATION_FAILED' ORDER BY id", (list(users), list(run_ids))):
        out.setdefault(run_id, {})[user] = reason
    return out


def memory_row(
    *, id: int, rec, facts: list, dates: list, embedding: np.ndarray, flagged: bool, flag_reason: str | None,
    duplicate_of: int | None, match_id: int | None = None, similarity: float | None = None,
    external_version: int = 1,
) -> tuple:
    return (
        id, rec.user_id, rec.external_id, rec.conversation_id, rec.session_id, rec.role, rec.namespace,
        rec.content, rec.content_hash, rec.created_at, rec.importance, Jsonb(rec.metadata),
        Jsonb(facts), Jsonb(dates), embedding, 1, flagged, flag_reason, duplicate_of,
        match_id if flagged else None, similarity if flagged else None, external_version,
    )


def get_memories(conn: psycopg.Connection, user_id: str, ids: Sequence[int]) -> list[dict]:
    """The user's rows among `ids` (another user's id is left out, as a missing one is)."""
    cur = conn.cursor(row_factory=psycopg.rows.dict_row)
    return cur.execute(
        "SELECT id, user_id, external_id, content, created_at, namespace, tier, duplicate_of, superseded_by,"
        " summarized_into, mention_count, flagged, flag_reason, facts, resolved_dates, access_count, version"
        " FROM memories WHERE user_id = %s AND id = ANY(%s) ORDER BY id",
        (user_id, list(ids)),
    ).fetchall()


def count_rows(conn: psycopg.Connection, user_id: str | None = None) -> int:
    if user_id is None:
        return conn.execute("SELECT count(*) FROM memories").fetchone()[0]
    return conn.execute("SELECT count(*) FROM memories WHERE user_id = %s", (user_id,)).fetchone()[0]


def last_timestamp(rows: Sequence[datetime]) -> datetime | None:
    return max(rows) if rows else None


def ids_by_external_id(conn: psycopg.Connection, user_id: str) -> dict[str, int]:
    """The current (latest) version's id of each external id."""
    return dict(conn.execute(
        "SELECT external_id, id FROM memories WHERE user_id = %s AND external_id IS NOT NULL"
        " ORDER BY external_version", (user_id,)
    ).fetchall())


def lock_users(conn: psycopg.Connection, user_ids: Sequence[str]) -> None:
    """Serialise saves per user so two writers cannot both miss each other's duplicate.
    Sorted order: two batches never wait on each other in a cycle."""
    conn.execute(
        "SELECT pg_advisory_xact_lock(hashtextextended(u, 7)) FROM unnest(%s::text[]) AS u",
        (sorted(set(user_ids)),),
    )


def supersession_state(conn: psycopg.Connection, user_id: str) -> list[tuple[int, str | None, str, int | None]]:
    """(id, external id, content, superseded_by) of every raw memory of a user."""
    return conn.execute(
        "SELECT id, external_id, content, superseded_by FROM memories WHERE user_id = %s ORDER BY id", (user_id,)
    ).fetchall()


def actions_on(conn: psycopg.Connection, user_id: str, actions: Sequence[str]) -> list[tuple[str, list[int]]]:
    """(action, memory ids) of a user's applied decisions of the given kinds (the audit log)."""
    return conn.execute(
        "SELECT action, memory_ids FROM actions WHERE user_id = %s AND action = ANY(%s) AND NOT dry_run ORDER BY id",
        (user_id, list(actions)),
    ).fetchall()
