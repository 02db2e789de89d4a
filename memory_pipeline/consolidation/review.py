"""Review mode: pending suggestions, accepted or rejected later by a person or an agent."""

from __future__ import annotations

import json

import psycopg

from memory_pipeline.consolidation.context import stable_id
from memory_pipeline.errors import ValidationError
from memory_pipeline.lib.summarize import merge_text
from memory_pipeline.store import consolidation as derived
from memory_pipeline.store import memories as mem_sql
from memory_pipeline.store import suggestions as store


def list_suggestions(conn: psycopg.Connection, user_id: str, status: str = "pending") -> list[dict]:
    rows = store.list_for_user(conn, user_id, status)
    conn.rollback()
    return rows


def _pending(conn: psycopg.Connection, suggestion_id: str, user_id: str) -> dict:
    row = store.get_suggestion(conn, suggestion_id)
    if row is None or row["user_id"] != user_id:  # another user's suggestion is not found, not refused
        raise ValidationError(f"no suggestion {suggestion_id!r} for user {user_id!r}")
    if row["status"] != "pending":
        raise ValidationError(f"suggestion {suggestion_id} is already {row['status']}")
    return row


def accept(conn: psycopg.Connection, suggestion_id: str, user_id: str) -> dict:
    """Apply a pending suggestion (one transaction) and log it. A suggestion the store has moved past
    since it was made (a row gone, already linked, or the pair now one memory) is refused with the
    reason, and nothing is written: it can still be rejected."""
    with conn.transaction():
        row = _pending(conn, suggestion_id, user_id)
        user, ids = row["user_id"], [int(i) for i in row["memory_ids"]]
        payload = row["payload"] if isinstance(row["payload"], dict) else json.loads(row["payload"] or "{}")
        apply = _APPLY.get(row["action"])
        if apply is None:
            raise ValidationError(f"cannot apply suggestion action {row['action']}")
        rows = _current_rows(conn, row, ids)
        apply(conn, row, rows, payload)
        store.decide_suggestion(conn, suggestion_id, "accepted")
        mem_sql.insert_actions(conn, [{"user_id": user, "run_id": row["run_id"], "action": row["action"],
                                       "memory_ids": ids, "target_id": suggestion_id,
                                       "similarity": row["similarity"], "reason": f"accepted: {row['reason']}",
                                       "inputs": {"suggestion": suggestion_id}}])
    return {"id": suggestion_id, "status": "accepted", "action": row["action"], "memory_ids": ids}


def _current_rows(conn: psycopg.Connection, row: dict, ids: list[int]) -> dict[int, dict]:
    """The suggestion's memories as they are now (locked until the accept commits), each still the
    user's and no duplicate; a suggestion on fewer than two distinct memories makes no sense."""
    if len(set(ids)) < 2:
        raise _stale(row, f"it names {len(set(ids))} distinct memory")
    rows = {r["id"]: r for r in store.lock_memories(conn, row["user_id"], ids)}
    for i in ids:
        if i not in rows:
            raise _stale(row, f"memory {i} is gone")
        if rows[i]["duplicate_of"] is not None:
            raise _stale(row, f"memory {i} is already a duplicate of {rows[i]['duplicate_of']}")
    return rows


def _stale(row: dict, why: str) -> ValidationError:
    return ValidationError(f"suggestion {row['id']} no longer applies: {why}; reject it")


def _accept_update(conn: psycopg.Connection, row: dict, rows: dict[int, dict], payload: dict) -> None:
    user, newer, older = row["user_id"], int(payload["newer"]), int(payload["older"])
    if {newer, older} - set(rows) or newer == older:
        raise _stale(row, "its newer and older memories are not two of its memories")
    if rows[older]["superseded_by"] is not None:
        raise _stale(row, f"memory {older} is already superseded by {rows[older]['superseded_by']}")
    if rows[newer]["superseded_by"] == older:
        raise _stale(row, f"memory {newer} is superseded by {older}: the link would go round")
    derived.insert_edges(conn, [{
        "id": stable_id("edge", user, "supersedes", newer, older), "user_id": user,
        "edge_type": "supersedes", "source_id": str(newer), "target_id": str(older), "weight": 1.0,
        "reason": row["reason"], "run_id": row["run_id"]}])
    store.link_superseded(conn, user, newer, older)


def _not_superseded(row: dict, rows: dict[int, dict]) -> None:
    """A REPLACE or MERGE judged two texts; one replaced since (an edited re-ingest, an accepted UPDATE)
    is no longer the text that was judged."""
    for i, r in sorted(rows.items()):
        if r["superseded_by"] is not None:
            raise _stale(row, f"memory {i} was superseded by {r['superseded_by']} since")


def _accept_replace(conn: psycopg.Connection, row: dict, rows: dict[int, dict], payload: dict) -> None:
    _not_superseded(row, rows)
    # the fuller text stays; both leave the flagged queue (the kept one's question is answered too)
    keep = sorted(rows, key=lambda i: (-len(rows[i]["content"]), i))[0]
    store.link_duplicate(conn, row["user_id"], keep, sorted(rows))


def _accept_merge(conn: psycopg.Connection, row: dict, rows: dict[int, dict], payload: dict) -> None:
    _not_superseded(row, rows)
    user, ids = row["user_id"], sorted(rows)
    linked = [i for i in ids if rows[i]["summarized_into"] is not None]
    if linked:
        raise _stale(row, f"memory {linked[0]} already stands in summary {rows[linked[0]]['summarized_into']}")
    texts = [rows[i] for i in ids]
    sid = stable_id("sum", user, "merge", ids)
    derived.insert_summary(conn, {
        "id": sid, "user_id": user, "cluster_id": None, "namespace": texts[0]["namespace"],
        "content": merge_text([r["content"] for r in texts]), "key_facts": [], "decisions": [],
        "superseded_facts": [], "resolved_dates": [], "source_ids": ids,
        "source_chars": sum(len(r["content"]) for r in texts),
        "temporal_start": min(r["created_at"] for r in texts), "temporal_end": max(r["created_at"] for r in texts),
        "method": "merge", "model": None, "prompt_version": None, "run_id": row["run_id"],
        "embedding": store.mean_embedding(conn, ids), "confidence": float(row["similarity"] or 0.9),
        "tier": "warm", "scope": "merge"})
    store.link_summarized(conn, sid, ids)


_APPLY = {"UPDATE": _accept_update, "REPLACE": _accept_replace, "MERGE": _accept_merge}


def reject(conn: psycopg.Connection, suggestion_id: str, user_id: str) -> dict:
    with conn.transaction():
        row = _pending(conn, suggestion_id, user_id)
        store.decide_suggestion(conn, suggestion_id, "rejected")
        mem_sql.insert_actions(conn, [{"user_id": row["user_id"], "run_id": row["run_id"], "action": "KEEP_SEPARATE",
                                       "memory_ids": row["memory_ids"], "target_id": suggestion_id,
                                       "reason": f"suggestion rejected: {row['reason']}"}])
    return {"id": suggestion_id, "status": "rejected", "action": row["action"]}
