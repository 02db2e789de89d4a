"""SQL of consolidation: read a user's snapshot, write derived rows, all inside the caller's transaction.

Writes to raw memories touch only derived columns, and only where the row's `version` is still the
one read (optimistic locking): a row a concurrent save changed is skipped, never overwritten.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

import numpy as np
import psycopg

USER_LOCK_SALT = 11


class LazyJson:
    """A column of JSON texts decoded on first access: a run reads the facts of few rows, not all."""

    def __init__(self, texts):
        self._texts = list(texts)
        self._cache: dict[int, object] = {}

    def __len__(self) -> int:
        return len(self._texts)

    def __getitem__(self, k: int):
        if k not in self._cache:
            self._cache[k] = json.loads(self._texts[k])
        return self._cache[k]

    def text(self, k: int) -> str:
        return self._texts[k]

    def nonempty(self, k: int) -> bool:
        return self._texts[k] not in ("[]", "{}")

    def contains(self, k: int, needle: str) -> bool:
        return needle in self._texts[k]


@dataclass
class Snapshot:
    """One user's raw memories as read at the start of a run (columns as parallel arrays)."""

    user_id: str
    ids: np.ndarray
    content: list[str]
    created_at: list[datetime]
    namespace: list[str]
    importance: list[float | None]
    access_count: np.ndarray
    last_accessed: list[datetime | None]
    tier: list[str]
    layer: list[str]
    duplicate_of: list[int | None]
    superseded_by: list[int | None]
    summarized_into: list[str | None]
    cluster_id: list[str | None]
    flagged: list[bool]
    facts: LazyJson  # each: list of {"kind", "value", ...}
    resolved_dates: LazyJson
    metadata: LazyJson
    version: np.ndarray
    conversation: list[str | None]
    flag_match: list[int | None]
    flag_similarity: list[float | None]
    high_water: int  # the largest id the previous consolidation saw

    def __len__(self) -> int:
        return len(self.ids)


def as_array(v) -> np.ndarray:
    """pgvector's binary loader gives `Vector` objects; the text one numpy arrays."""
    return v.to_numpy() if hasattr(v, "to_numpy") else np.asarray(v, dtype=np.float32)


# the columns of a run's reads, written once: a batch of users reads the same with the user in front
SNAPSHOT_COLUMNS = (
    "id, content, created_at, namespace, importance, access_count, last_accessed, tier, layer,"
    " duplicate_of, superseded_by, summarized_into, cluster_id, flagged, facts::text, resolved_dates::text,"
    " metadata::text, version, coalesce(conversation_id, session_id), flag_match_id, flag_similarity")
# the lists a summary carries come as JSON text: only the session block reads them, and only when it is
# rendered again (decoding every summary's lists cost more than the rest of the read)
SUMMARY_COLUMNS = (
    "id, namespace, content, key_facts::text AS key_facts, decisions::text AS decisions,"
    " superseded_facts::text AS superseded_facts, resolved_dates::text AS resolved_dates, source_ids,"
    " source_chars, temporal_start, temporal_end, method, model, prompt_version, scope, cluster_id, confidence,"
    " tier, access_count, created_at")
PROFILE_SQL = "SELECT * FROM profiles WHERE user_id = %s"


def snapshot_from(user_id: str, rows: list[tuple], hw: tuple | None, first: int = 0) -> Snapshot:
    """`rows` of SNAPSHOT_COLUMNS, from column `first` on (before it: e.g. the user of a batch's rows)."""
    cols = list(zip(*rows, strict=True))[first:] if rows else [[] for _ in range(21)]
    return Snapshot(
        user_id=user_id,
        ids=np.asarray(cols[0], dtype=np.int64),
        content=list(cols[1]),
        created_at=list(cols[2]),
        namespace=list(cols[3]),
        importance=list(cols[4]),
        access_count=np.asarray(cols[5], dtype=np.int64),
        last_accessed=list(cols[6]),
        tier=list(cols[7]),
        layer=list(cols[8]),
        duplicate_of=list(cols[9]),
        superseded_by=list(cols[10]),
        summarized_into=list(cols[11]),
        cluster_id=list(cols[12]),
        flagged=list(cols[13]),
        facts=LazyJson(cols[14]),
        resolved_dates=LazyJson(cols[15]),
        metadata=LazyJson(cols[16]),
        version=np.asarray(cols[17], dtype=np.int64),
        conversation=list(cols[18]),
        flag_match=list(cols[19]),
        flag_similarity=list(cols[20]),
        high_water=hw[0] if hw else 0,
    )


def empty_snapshot(user_id: str, high_water: int) -> Snapshot:
    """A snapshot of no rows: a run with nothing new to read (see `user_state`)."""
    return Snapshot(user_id, np.zeros(0, dtype=np.int64), [], [], [], [], np.zeros(0, dtype=np.int64), [], [], [], [],
                    [], [], [], [], LazyJson([]), LazyJson([]), LazyJson([]), np.zeros(0, dtype=np.int64), [], [], [],
                    high_water)


def load_embeddings(conn: psycopg.Connection, ids: Sequence[int]) -> np.ndarray:
    """Embeddings of `ids`, in that order (binary transfer through pgvector's loader)."""
    if not len(ids):
        return np.zeros((0, 0), dtype=np.float32)
    rows = conn.execute(
        "SELECT m.embedding FROM unnest(%s::bigint[]) WITH ORDINALITY AS q(id, n)"
        " JOIN memories m ON m.id = q.id ORDER BY q.n",
        (list(map(int, ids)),), binary=True,
    ).fetchall()
    return np.vstack([as_array(r[0]) for r in rows])


def clusters_from(rows: list[tuple]) -> list[tuple[str, np.ndarray, int]]:
    return [(r[0], as_array(r[1]), r[2]) for r in rows]


DERIVED_COLUMNS = {
    "tier": "text", "layer": "text", "superseded_by": "bigint", "summarized_into": "text", "cluster_id": "text",
    "flagged": "boolean", "duplicate_of": "bigint",
}


def update_memories(conn: psycopg.Connection, changes: dict[str, dict[int, object]],
                    versions: dict[int, int]) -> set[int]:
    """Write every derived-column change of a run in one statement, only where the row's version is
    still the one read (optimistic locking); returns the ids written."""
    unknown = set(changes) - set(DERIVED_COLUMNS)
    if unknown:
        raise ValueError(f"not derived columns: {sorted(unknown)}")
    ids = sorted({i for col in changes.values() for i in col})
    if not ids:
        return set()
    cols = sorted(changes)
    arrays = [ids, [versions[i] for i in ids]]
    sets, decl = [], ["id", "ver"]
    for c in cols:
        arrays.append([i in changes[c] for i in ids])
        arrays.append([changes[c].get(i) for i in ids])
        decl += [f"set_{c}", f"v_{c}"]
        sets.append(f"{c} = CASE WHEN u.set_{c} THEN u.v_{c} ELSE m.{c} END")
    types = ["bigint", "int"] + [t for c in cols for t in ("boolean", DERIVED_COLUMNS[c])]
    unnest = ", ".join(f"%s::{t}[]" for t in types)
    rows = conn.execute(
        f"UPDATE memories m SET {', '.join(sets)}, updated_at = now()"
        f" FROM unnest({unnest}) AS u({', '.join(decl)}) WHERE m.id = u.id AND m.version = u.ver RETURNING m.id",
        arrays,
    ).fetchall()
    return {r[0] for r in rows}


def upsert_clusters(conn: psycopg.Connection, user_id: str, rows: Sequence[tuple[str, np.ndarray, int]],
                    method: str, run_id: str | None) -> None:
    for cid, cen, size in rows:
        conn.execute(
            "INSERT INTO clusters (id, user_id, centroid, size, method, run_id) VALUES (%s, %s, %b, %s, %s, %s)"
            " ON CONFLICT (id) DO UPDATE SET centroid = excluded.centroid, size = excluded.size,"
            " run_id = excluded.run_id, updated_at = now()",
            (cid, user_id, cen, size, method, run_id),
        )


def delete_summaries(conn: psycopg.Connection, ids: Sequence[str], unlink: Sequence[int] = ()) -> int:
    """Summaries are derived: a cluster that grew gets a new one (raw memories are never deleted).
    `unlink`: sources the run did not read that no new summary holds (see UNLINK_SQL)."""
    if not ids:
        return 0
    if unlink:
        conn.execute(UNLINK_SQL, (list(unlink), list(ids)))
    conn.execute("DELETE FROM edges WHERE edge_type = 'consolidates' AND source_id = ANY(%s)", (list(ids),))
    return conn.execute("DELETE FROM summaries WHERE id = ANY(%s)", (list(ids),)).rowcount


# A source of a deleted summary that the summary replacing it does not hold (it became a duplicate, say)
# loses its link rather than point at nothing; the run's own rows are unlinked through the writer.
UNLINK_SQL = ("UPDATE memories SET summarized_into = NULL, updated_at = now()"
              " WHERE id = ANY(%s) AND summarized_into = ANY(%s)")


def insert_summaries(conn: psycopg.Connection, rows: Sequence[dict]) -> None:
    if not rows:
        return
    with conn.cursor() as cur:
        cur.executemany(
            "INSERT INTO summaries (id, user_id, cluster_id, namespace, content, key_facts, decisions,"
            " superseded_facts, resolved_dates, source_ids, source_chars, temporal_start, temporal_end, scope, method,"
            " model, prompt_version, run_id, embedding, confidence, tier)"
            " VALUES (%(id)s, %(user_id)s, %(cluster_id)s, %(namespace)s, %(content)s, %(key_facts)s, %(decisions)s,"
            " %(superseded_facts)s, %(resolved_dates)s, %(source_ids)s, %(source_chars)s, %(temporal_start)s,"
            " %(temporal_end)s, %(scope)s, %(method)s, %(model)s, %(prompt_version)s, %(run_id)s, %(embedding)b,"
            " %(confidence)s, %(tier)s) ON CONFLICT (id) DO NOTHING",
            [{"scope": "cluster", **row, **{k: json.dumps(row[k], default=str) for k in
                                           ("key_facts", "decisions", "superseded_facts", "resolved_dates")}}
             for row in rows],
        )


def insert_summary(conn: psycopg.Connection, row: dict) -> None:
    insert_summaries(conn, [row])


def insert_edges(conn: psycopg.Connection, rows: Sequence[dict]) -> int:
    """Insert edges that do not exist yet (one statement); returns how many were new."""
    if not rows:
        return 0
    cols = ("id", "user_id", "edge_type", "source_id", "target_id", "weight", "reason", "run_id", "method", "model",
            "prompt_version")
    return conn.execute(
        "INSERT INTO edges (id, user_id, edge_type, source_id, target_id, weight, reason, run_id, method, model,"
        " prompt_version) SELECT * FROM unnest(%s::text[], %s::text[], %s::text[], %s::text[], %s::text[],"
        " %s::real[], %s::text[], %s::text[], %s::text[], %s::text[], %s::text[]) ON CONFLICT DO NOTHING",
        [[r.get(c) for r in rows] for c in cols],
    ).rowcount


def get_profile(conn: psycopg.Connection, user_id: str) -> dict | None:
    cur = conn.cursor(row_factory=psycopg.rows.dict_row)
    return cur.execute(PROFILE_SQL, (user_id,)).fetchone()


def upsert_profile(conn: psycopg.Connection, row: dict) -> None:
    conn.execute(
        "INSERT INTO profiles (user_id, id, version, content, sections, patterns, source_ids, fact_sources, method,"
        " model, prompt_version, run_id, embedding, inputs_fingerprint, extracted) VALUES (%(user_id)s, %(id)s, 1,"
        " %(content)s, %(sections)s, %(patterns)s, %(source_ids)s, %(fact_sources)s, %(method)s, %(model)s,"
        " %(prompt_version)s, %(run_id)s, %(embedding)b, %(inputs_fingerprint)s, %(extracted)s)"
        " ON CONFLICT (user_id) DO UPDATE SET id = excluded.id, version = profiles.version + 1,"
        " content = excluded.content, sections = excluded.sections, patterns = excluded.patterns,"
        " source_ids = excluded.source_ids, fact_sources = excluded.fact_sources, method = excluded.method,"
        " model = excluded.model, prompt_version = excluded.prompt_version, run_id = excluded.run_id,"
        " embedding = excluded.embedding, inputs_fingerprint = excluded.inputs_fingerprint,"
        " extracted = excluded.extracted, updated_at = now()",
        {"prompt_version": None, **row, **{k: json.dumps(row.get(k, {}), default=str) for k in
                                           ("sections", "patterns", "source_ids", "fact_sources", "extracted")}},
    )


def set_profile_embeddings(conn: psycopg.Connection, rows: Sequence[tuple[str, str, np.ndarray]]) -> int:
    """(user_id, profile id, vector): only if the profile is still that version."""
    n = 0
    with conn.cursor() as cur:
        for user_id, pid, vec in rows:
            cur.execute("UPDATE profiles SET embedding = %b WHERE user_id = %s AND id = %s", (vec, user_id, pid))
            n += cur.rowcount
    return n


def set_profile_fingerprints(conn: psycopg.Connection, rows: Sequence[tuple[str, str, dict]]) -> None:
    """(user, fingerprint, extractions) of profiles kept from new inputs, in one statement."""
    if not rows:
        return
    conn.execute(
        "UPDATE profiles p SET inputs_fingerprint = u.f, extracted = u.e::jsonb"
        # binary: the extractions are long JSON texts, and a text-format array escapes every quote in Python
        " FROM unnest(%s::text[], %s::text[], %b::text[]) AS u(user_id, f, e) WHERE p.user_id = u.user_id",
        ([r[0] for r in rows], [r[1] for r in rows], [json.dumps(r[2]) for r in rows]))


def upsert_session_context(conn: psycopg.Connection, user_id: str, block: str, summary_ids: list[str],
                           tokens: int, run_id: str | None, fingerprint: str | None = None) -> None:
    conn.execute(
        "INSERT INTO session_context (user_id, block, summary_ids, tokens, run_id, inputs_fingerprint)"
        " VALUES (%s, %s, %s, %s, %s, %s)"
        " ON CONFLICT (user_id) DO UPDATE SET block = excluded.block, summary_ids = excluded.summary_ids,"
        " tokens = excluded.tokens, run_id = excluded.run_id, inputs_fingerprint = excluded.inputs_fingerprint,"
        " generated_at = now()",
        (user_id, block, json.dumps(summary_ids), tokens, run_id, fingerprint),
    )


def users_due(conn: psycopg.Connection, min_new: int, max_working: int) -> list[tuple[str, int, int, int]]:
    """Users with >= min_new memories since their last consolidation, or > max_working in working
    memory: (user, new, working, newest id). Read from indexes only ((user_id, id) and the partial
    working one), never the rows and their vectors: the sensor asks every minute."""
    return conn.execute(
        "WITH fresh AS (SELECT m.user_id, count(*) AS new, max(m.id) AS top FROM memories m"
        "   LEFT JOIN consolidation_state s ON s.user_id = m.user_id"
        "   WHERE m.id > coalesce(s.last_memory_id, 0) GROUP BY m.user_id),"
        " busy AS (SELECT user_id, count(*) AS working FROM memories WHERE layer = 'working' GROUP BY user_id)"
        " SELECT u, new, working, coalesce(top, (SELECT max(id) FROM memories WHERE user_id = u)) FROM ("
        "   SELECT coalesce(f.user_id, b.user_id) AS u, coalesce(f.new, 0) AS new,"
        "          coalesce(b.working, 0) AS working, f.top"
        "   FROM fresh f FULL JOIN busy b ON b.user_id = f.user_id) d"
        " WHERE new >= %s OR working > %s ORDER BY u",
        (min_new, max_working),
    ).fetchall()


def ingested_at(conn: psycopg.Connection, ids: list[int]) -> dict[int, datetime]:
    """When each memory was saved (the bound of the event time it could have carried then)."""
    return dict(conn.execute("SELECT id, ingested_at FROM memories WHERE id = ANY(%s)", (ids,)).fetchall())


def all_users(conn: psycopg.Connection) -> list[str]:
    """Users with memories, in order, skipping through the (user_id, id) index one user at a time: a
    probe per user instead of DISTINCT over every row (2M rows for 100k users)."""
    return [r[0] for r in conn.execute(
        "WITH RECURSIVE u AS ((SELECT user_id FROM memories ORDER BY user_id LIMIT 1) UNION ALL"
        " SELECT (SELECT m.user_id FROM memories m WHERE m.user_id > u.user_id ORDER BY m.user_id LIMIT 1)"
        " FROM u WHERE u.user_id IS NOT NULL) SELECT user_id FROM u WHERE user_id IS NOT NULL ORDER BY user_id")]
