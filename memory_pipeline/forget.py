"""Forget and invalidate: the user's way to remove a memory, mark a fact false, or leave altogether.

One transaction each (`store/forget.py` has the SQL). A forgotten memory is deleted with its
duplicates and everything derived from it; an invalidated one moves to the audit table
(`invalidated_memories`: never current, never in a profile or summary, kept with its reason). Both
reset the user's consolidation state, so the next run re-derives summaries, edges, profile and session
block from what is left. The action log records the ids and the reason, never the text, and no_loss
reads that entry as the sanction for the missing rows.
"""

from __future__ import annotations

from collections.abc import Sequence

import psycopg

from memory_pipeline.errors import ValidationError
from memory_pipeline.records import validate_user_id
from memory_pipeline.store import forget as sql

MAX_REASON_CHARS = 500


def _memory_ids(ids: Sequence[int | str]) -> list[int]:
    out = []
    for i in ids:
        if isinstance(i, bool) or not (isinstance(i, int) or (isinstance(i, str) and i.isascii() and i.isdigit())):
            raise ValidationError(f"memory id {str(i)[:40]!r} is not a number", field="id")
        out.append(int(i))
    if not out:
        raise ValidationError("at least one memory id is required", field="id")
    return out


def _reason(reason: str | None, default: str) -> str:
    if reason is None:
        return default
    if not isinstance(reason, str) or not reason.strip() or "\x00" in reason:
        raise ValidationError("reason must be non-empty text", field="reason")
    if len(reason) > MAX_REASON_CHARS:
        raise ValidationError(f"reason has {len(reason)} characters; at most {MAX_REASON_CHARS}", field="reason")
    return " ".join(reason.split())


def _remove(conn: psycopg.Connection, user_id: str, ids: Sequence[int | str], action: str,
            reason: str) -> dict:
    validate_user_id(user_id)
    wanted = _memory_ids(ids)
    with conn.transaction():
        locked = sql.lock_memories(conn, user_id, wanted)
        unknown = sorted(set(wanted) - set(locked))
        if unknown:  # another user's id reads exactly like one that does not exist
            raise ValidationError(f"no memory with id {unknown[0]}", field="id")
        if action == "INVALIDATE":
            sql.keep_invalidated(conn, user_id, locked, reason)
        counts = sql.remove_memories(conn, user_id, locked)
        sql.log_action(conn, user_id, action, locked, reason, counts)
    return {"user_id": user_id, "action": action, "ids": locked, "reason": reason, **counts}


def forget(conn: psycopg.Connection, user_id: str, ids: Sequence[int | str], reason: str | None = None) -> dict:
    """Delete the user's memories `ids` (and their duplicates) and every row derived from them."""
    return _remove(conn, user_id, ids, "FORGET", _reason(reason, "forgotten at the user's request"))


def invalidate(conn: psycopg.Connection, user_id: str, ids: Sequence[int | str], reason: str) -> dict:
    """Mark the user's memories `ids` false: out of every read and derivation, kept for the audit."""
    if reason is None:
        raise ValidationError("a reason is required to invalidate a memory", field="reason")
    return _remove(conn, user_id, ids, "INVALIDATE", _reason(reason, ""))


def forget_user(conn: psycopg.Connection, user_id: str, reason: str | None = None) -> dict:
    """Delete every row of the user (their Dagster partition is the caller's: `defs.forget`); one
    action entry stays to say it happened (counts and reason, no id of a memory, no text)."""
    validate_user_id(user_id)
    why = _reason(reason, "the user and all their memories forgotten at their request")
    with conn.transaction():
        counts = sql.forget_user(conn, user_id)
        sql.log_action(conn, user_id, "FORGET_USER", [], why, counts)
    return {"user_id": user_id, "action": "FORGET_USER", "reason": why, **counts}
