"""SQL of `explain`: a derived row (summary, edge, profile) or a memory, its sources with their text,
and the action-log entries that made it. Read-only; every statement is within one user, so another
user's id reads exactly like one that does not exist."""

from __future__ import annotations

from collections.abc import Sequence

import psycopg
from psycopg.rows import dict_row

_MEMORY_COLUMNS = (
    "id, user_id, external_id, conversation_id, session_id, role, namespace, content, created_at, ingested_at,"
    " importance, tier, layer, retention, access_count, mention_count, flagged, flag_reason, flag_match_id,"
    " flag_similarity, duplicate_of, superseded_by, summarized_into, cluster_id, facts, resolved_dates"
)
_ACTION_COLUMNS = "id, run_id, action, memory_ids, target_id, similarity, reason, inputs, dry_run, created_at"


def _one(conn: psycopg.Connection, sql: str, args: tuple) -> dict | None:
    return conn.cursor(row_factory=dict_row).execute(sql, args).fetchone()


def _all(conn: psycopg.Connection, sql: str, args: tuple) -> list[dict]:
    return conn.cursor(row_factory=dict_row).execute(sql, args).fetchall()


def summary(conn: psycopg.Connection, user_id: str, summary_id: str) -> dict | None:
    return _one(conn, "SELECT id, user_id, cluster_id, namespace, content, key_facts, decisions, superseded_facts,"
                " resolved_dates, source_ids, source_chars, temporal_start, temporal_end, scope, method, model,"
                " prompt_version, run_id, confidence, tier, created_at FROM summaries WHERE user_id = %s AND id = %s",
                (user_id, summary_id))


def edge(conn: psycopg.Connection, user_id: str, edge_id: str) -> dict | None:
    return _one(conn, "SELECT id, user_id, edge_type, source_id, target_id, weight, reason, run_id, created_at"
                " FROM edges WHERE user_id = %s AND id = %s", (user_id, edge_id))


def profile(conn: psycopg.Connection, user_id: str, profile_id: str) -> dict | None:
    """The user's profile, by its id or by the user id (each user has exactly one profile)."""
    return _one(conn, "SELECT user_id, id, version, content, sections, patterns, source_ids, fact_sources, method,"
                " model, prompt_version, run_id, updated_at FROM profiles"
                " WHERE user_id = %s AND (id = %s OR user_id = %s)",
                (user_id, profile_id, profile_id))


def memory(conn: psycopg.Connection, user_id: str, memory_id: int) -> dict | None:
    return _one(conn, f"SELECT {_MEMORY_COLUMNS} FROM memories WHERE user_id = %s AND id = %s", (user_id, memory_id))


def memories(conn: psycopg.Connection, user_id: str, ids: Sequence[int]) -> list[dict]:
    """The user's memories among `ids`, in id order (another user's id never shows)."""
    return _all(conn, "SELECT id, external_id, content, created_at, tier, duplicate_of, superseded_by,"
                " summarized_into FROM memories WHERE user_id = %s AND id = ANY(%s) ORDER BY id",
                (user_id, [int(i) for i in ids]))


def summaries(conn: psycopg.Connection, user_id: str, ids: Sequence[str]) -> list[dict]:
    return _all(conn, "SELECT id, content, scope, method, temporal_start, temporal_end, source_ids, run_id"
                " FROM summaries WHERE user_id = %s AND id = ANY(%s) ORDER BY temporal_start, id",
                (user_id, list(ids)))


def actions_with_target(conn: psycopg.Connection, user_id: str, target: str) -> list[dict]:
    """Actions that made, replaced or suggested `target` (a summary, profile or memory id), and the
    SUMMARY_REPLACED entry that names it as the replacement."""
    return _all(conn, f"SELECT {_ACTION_COLUMNS} FROM actions WHERE user_id = %s"
                " AND (target_id = %s OR (action = 'SUMMARY_REPLACED' AND position(%s in reason) > 0))"
                " ORDER BY id", (user_id, target, target))


def actions_on_memories(conn: psycopg.Connection, user_id: str, memory_ids: Sequence[int],
                        limit: int = 200) -> list[dict]:
    """Actions whose memory list holds every one of `memory_ids`, oldest first."""
    return _all(conn, f"SELECT {_ACTION_COLUMNS} FROM actions WHERE user_id = %s AND memory_ids @> %s::bigint[]"
                " ORDER BY id LIMIT %s", (user_id, [int(i) for i in memory_ids], limit))


def edges_touching(conn: psycopg.Connection, user_id: str, node_id: str) -> list[dict]:
    return _all(conn, "SELECT id, edge_type, source_id, target_id, weight, reason, run_id FROM edges"
                " WHERE user_id = %s AND (source_id = %s OR target_id = %s) ORDER BY edge_type, id",
                (user_id, node_id, node_id))


def consolidation_state(conn: psycopg.Connection, user_id: str) -> dict | None:
    return _one(conn, "SELECT last_run_id, last_consolidated_at, last_memory_id, runs FROM consolidation_state"
                " WHERE user_id = %s", (user_id,))
