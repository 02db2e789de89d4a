"""SQL of review mode: pending suggestions, and what accepting one writes."""

from __future__ import annotations

import json

import psycopg


def list_for_user(conn: psycopg.Connection, user_id: str, status: str = "pending") -> list[dict]:
    cur = conn.cursor(row_factory=psycopg.rows.dict_row)
    return cur.execute(
        "SELECT id, user_id, action, memory_ids, suggested_content, payload, reason, similarity, status, run_id,"
        " created_at, decided_at FROM suggestions WHERE user_id = %s AND (%s = 'all' OR status = %s)"
        " ORDER BY created_at, id",
        (user_id, status, status),
    ).fetchall()


def pending_suggestions(conn: psycopg.Connection, user_id: str) -> list[dict]:
    cur = conn.cursor(row_factory=psycopg.rows.dict_row)
    return cur.execute(
        "SELECT * FROM suggestions WHERE user_id = %s AND status = 'pending' ORDER BY created_at, id", (user_id,)
    ).fetchall()


def known_suggestion_ids(conn: psycopg.Connection, user_id: str) -> set[str]:
    return {r[0] for r in conn.execute("SELECT id FROM suggestions WHERE user_id = %s", (user_id,))}


def insert_suggestion(conn: psycopg.Connection, row: dict) -> None:
    conn.execute(
        "INSERT INTO suggestions (id, user_id, action, memory_ids, suggested_content, payload, reason, similarity,"
        " run_id) VALUES (%(id)s, %(user_id)s, %(action)s, %(memory_ids)s, %(suggested_content)s, %(payload)s,"
        " %(reason)s, %(similarity)s, %(run_id)s) ON CONFLICT (id) DO NOTHING",
        {**row, "payload": json.dumps(row.get("payload", {}), default=str)},
    )


def get_suggestion(conn: psycopg.Connection, suggestion_id: str) -> dict | None:
    cur = conn.cursor(row_factory=psycopg.rows.dict_row)
    return cur.execute("SELECT * FROM suggestions WHERE id = %s FOR UPDATE", (suggestion_id,)).fetchone()


def decide_suggestion(conn: psycopg.Connection, suggestion_id: str, status: str) -> None:
    conn.execute(
        "UPDATE suggestions SET status = %s, decided_at = now() WHERE id = %s", (status, suggestion_id)
    )


def lock_memories(conn: psycopg.Connection, user_id: str, ids: list[int]) -> list[dict]:
    """The user's rows among `ids`, locked until the transaction ends (another user's are not found)."""
    cur = conn.cursor(row_factory=psycopg.rows.dict_row)
    return cur.execute(
        "SELECT id, content, namespace, created_at, duplicate_of, superseded_by, summarized_into FROM memories"
        " WHERE user_id = %s AND id = ANY(%s) ORDER BY id FOR UPDATE", (user_id, ids)).fetchall()


# each link below raises the row's version: a consolidation that read the row before skips it
def link_superseded(conn: psycopg.Connection, user_id: str, newer: int, older: int) -> None:
    conn.execute("UPDATE memories SET superseded_by = %s, version = version + 1, updated_at = now() WHERE id = %s"
                 " AND user_id = %s AND superseded_by IS NULL", (newer, older, user_id))


def link_duplicate(conn: psycopg.Connection, user_id: str, keep: int, ids: list[int]) -> None:
    """Every row of `ids` but `keep` becomes its duplicate; all leave the flagged queue."""
    conn.execute("UPDATE memories SET duplicate_of = CASE WHEN id = %(keep)s THEN duplicate_of ELSE %(keep)s END,"
                 " flagged = false, version = version + 1, updated_at = now()"
                 " WHERE id = ANY(%(ids)s) AND user_id = %(user)s AND duplicate_of IS NULL",
                 {"keep": keep, "ids": ids, "user": user_id})


def mean_embedding(conn: psycopg.Connection, ids: list[int]):
    return conn.execute("SELECT avg(embedding) FROM memories WHERE id = ANY(%s)", (ids,)).fetchone()[0]


def link_summarized(conn: psycopg.Connection, summary_id: str, ids: list[int]) -> None:
    conn.execute("UPDATE memories SET summarized_into = %s, flagged = false, version = version + 1,"
                 " updated_at = now() WHERE id = ANY(%s) AND summarized_into IS NULL", (summary_id, ids))
