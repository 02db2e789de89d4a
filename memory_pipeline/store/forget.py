"""SQL of forget and invalidate: a user's raw memory (or every row of the user) removed with
everything derived from it, in the caller's transaction.

Re-derivation is by removal: every derived row that cites a removed memory (summaries, their edges,
its clusters, the profile, the session block, pending suggestions) is deleted, the rows that linked
to it are unlinked, and the user's consolidation state is reset so the next run re-derives them from
what is left. Nothing derived is patched in place, so nothing derived can keep a trace of the text.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

import psycopg

from memory_pipeline.store.memories import lock_users

# the user's own tables, emptied by forgetting the user (memories last: other rows point at it)
USER_TABLES = ("suggestions", "edges", "summaries", "clusters", "profiles", "session_context",
               "consolidation_state", "user_activity", "memory_ledger", "memory_slots",
               "invalidated_memories", "actions", "memories")
REDACTED = "redacted: a memory it names was forgotten or invalidated"


def lock_memories(conn: psycopg.Connection, user_id: str, ids: Sequence[int]) -> list[int]:
    """The user's rows among `ids` and every duplicate of them (the save path folded the same
    statement into them), locked, with the user's saves held off until the caller commits. Another
    user's id is simply not among them."""
    lock_users(conn, [user_id])
    return [r[0] for r in conn.execute(
        "WITH RECURSIVE gone (id) AS ("
        "  SELECT id FROM memories WHERE user_id = %s AND id = ANY(%s)"
        "  UNION SELECT m.id FROM memories m JOIN gone g ON m.duplicate_of = g.id WHERE m.user_id = %s)"
        " SELECT m.id FROM memories m JOIN gone USING (id) ORDER BY m.id FOR UPDATE OF m",
        (user_id, [int(i) for i in ids], user_id))]


def keep_invalidated(conn: psycopg.Connection, user_id: str, ids: Sequence[int], reason: str) -> None:
    """Copy rows being invalidated to the audit table: kept, but out of every read of `memories`."""
    conn.execute(
        "INSERT INTO invalidated_memories (id, user_id, external_id, content, created_at, reason)"
        " SELECT id, user_id, external_id, content, created_at, %s FROM memories"
        " WHERE user_id = %s AND id = ANY(%s) ON CONFLICT (id) DO NOTHING", (reason, user_id, list(ids)))


def remove_memories(conn: psycopg.Connection, user_id: str, ids: Sequence[int]) -> dict[str, int]:
    """Delete the user's rows `ids` (locked by `lock_memories`) and every derived row citing them."""
    ids = [int(i) for i in ids]
    summaries = [r[0] for r in conn.execute(
        "SELECT id FROM summaries WHERE user_id = %s AND source_ids && %s::bigint[]", (user_id, ids))]
    clusters = [r[0] for r in conn.execute(
        "SELECT DISTINCT cluster_id FROM memories WHERE id = ANY(%s) AND cluster_id IS NOT NULL", (ids,))]
    nodes = [str(i) for i in ids] + summaries
    profile = [r[0] for r in conn.execute("SELECT id FROM profiles WHERE user_id = %s", (user_id,))]
    # what cites them is redacted, not deleted: the audit trail keeps that something happened
    redacted = conn.execute(
        "UPDATE actions SET reason = %s, inputs = '{}'::jsonb WHERE user_id = %s AND (memory_ids && %s::bigint[]"
        " OR target_id = ANY(%s) OR (action = 'SUMMARY_REPLACED' AND reason ~ ANY(%s)))",
        (REDACTED, user_id, ids, nodes + profile, [_literal(s) for s in summaries] or ["^$x"])).rowcount
    conn.execute(
        "UPDATE memories SET summarized_into = CASE WHEN summarized_into = ANY(%s) THEN NULL ELSE summarized_into END,"
        " superseded_by = CASE WHEN superseded_by = ANY(%s) THEN NULL ELSE superseded_by END,"
        " flag_match_id = CASE WHEN flag_match_id = ANY(%s) THEN NULL ELSE flag_match_id END,"
        " cluster_id = CASE WHEN cluster_id = ANY(%s) THEN NULL ELSE cluster_id END,"
        " version = version + 1, updated_at = now()"
        " WHERE user_id = %s AND NOT id = ANY(%s) AND (summarized_into = ANY(%s) OR superseded_by = ANY(%s)"
        " OR flag_match_id = ANY(%s) OR cluster_id = ANY(%s))",
        (summaries, ids, ids, clusters, user_id, ids, summaries, ids, ids, clusters))
    counts = {
        "memories": len(ids),
        "summaries": _delete(conn, "summaries", "user_id = %s AND id = ANY(%s)", (user_id, summaries)),
        "edges": _delete(conn, "edges", "user_id = %s AND (source_id = ANY(%s) OR target_id = ANY(%s))",
                         (user_id, nodes, nodes)),
        "clusters": _delete(conn, "clusters", "user_id = %s AND id = ANY(%s)", (user_id, clusters)),
        "suggestions": _delete(conn, "suggestions", "user_id = %s AND memory_ids && %s::bigint[]", (user_id, ids)),
        "profiles": _delete(conn, "profiles", "user_id = %s", (user_id,)),
        "session_blocks": _delete(conn, "session_context", "user_id = %s", (user_id,)),
        "actions_redacted": redacted,
    }
    _delete(conn, "consolidation_state", "user_id = %s", (user_id,))  # the next run re-derives
    # the ledger keeps the id (no_loss reads the logged forget) but no longer a hash of the text
    conn.execute("UPDATE memory_ledger SET content_md5 = md5('')::uuid WHERE user_id = %s AND id = ANY(%s)",
                 (user_id, ids))
    _delete(conn, "memories", "user_id = %s AND id = ANY(%s)", (user_id, ids))
    return counts


def _literal(summary_id: str) -> str:
    """A regular expression matching `summary_id` literally."""
    return "".join(c if c.isalnum() or c == "_" else f"\\{c}" for c in summary_id)


def _delete(conn: psycopg.Connection, table: str, where: str, args: tuple) -> int:
    return conn.execute(f"DELETE FROM {table} WHERE {where}", args).rowcount


def log_action(conn: psycopg.Connection, user_id: str, action: str, ids: Sequence[int], reason: str,
               counts: dict[str, int]) -> None:
    """The audit entry: ids, reason and counts, never the text."""
    conn.execute("INSERT INTO actions (user_id, action, memory_ids, reason, inputs) VALUES (%s, %s, %s, %s, %s)",
                 (user_id, action, list(ids), reason, json.dumps(counts)))


def forget_user(conn: psycopg.Connection, user_id: str) -> dict[str, int]:
    """Delete every row of the user, their per-user vector indexes' registry row included (the
    indexes themselves are dropped outside the transaction: `indexes.drop_user_index`)."""
    lock_users(conn, [user_id])
    counts = {t: _delete(conn, t, "user_id = %s", (user_id,)) for t in USER_TABLES}
    counts["vector_indexes"] = _delete(conn, "user_vector_indexes", "user_id = %s", (user_id,))
    return counts


def sanctioned(conn: psycopg.Connection, user_ids: Sequence[str], ids: Sequence[int]) -> set[int]:
    """Which of `ids` a logged forget or invalidate removed."""
    return {r[0] for r in conn.execute(
        "SELECT DISTINCT unnest(memory_ids) FROM actions WHERE user_id = ANY(%s)"
        " AND action IN ('FORGET', 'INVALIDATE') AND memory_ids && %s::bigint[]",
        (list(user_ids), [int(i) for i in ids]))} & {int(i) for i in ids}
