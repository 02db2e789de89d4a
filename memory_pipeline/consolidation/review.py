"""Review mode (seed 000): pending suggestions, accepted or rejected later by a person or an agent."""

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
    """Apply a pending suggestion (one transaction) and log it."""
    with conn.transaction():
        row = _pending(conn, suggestion_id, user_id)
        user, ids = row["user_id"], [int(i) for i in row["memory_ids"]]
        payload = row["payload"] if isinstance(row["payload"], dict) else json.loads(row["payload"] or "{}")
        if row["action"] == "UPDATE":
            newer, older = int(payload["newer"]), int(payload["older"])
            derived.insert_edges(conn, [{
                "id": stable_id("edge", user, "supersedes", newer, older), "user_id": user,
                "edge_type": "supersedes", "source_id": str(newer), "target_id": str(older), "weight": 1.0,
                "reason": row["reason"], "run_id": row["run_id"]}])
            store.link_superseded(conn, user, newer, older)
        elif row["action"] == "REPLACE":
            rows = {r["id"]: r for r in mem_sql.get_memories(conn, ids)}
            keep, drop = sorted(ids, key=lambda i: (-len(rows[i]["content"]), i))
            store.link_duplicate(conn, user, keep, drop)
        elif row["action"] == "MERGE":
            rows = mem_sql.get_memories(conn, ids)
            content = merge_text([r["content"] for r in rows])
            sid = stable_id("sum", user, "merge", sorted(ids))
            emb = store.mean_embedding(conn, ids)
            derived.insert_summary(conn, {
                "id": sid, "user_id": user, "cluster_id": None, "namespace": rows[0]["namespace"], "content": content,
                "key_facts": [], "decisions": [], "superseded_facts": [], "resolved_dates": [], "source_ids": sorted(ids),
                "source_chars": sum(len(r["content"]) for r in rows),
                "temporal_start": min(r["created_at"] for r in rows), "temporal_end": max(r["created_at"] for r in rows),
                "method": "merge", "model": None, "prompt_version": None, "run_id": row["run_id"], "embedding": emb,
                "confidence": float(row["similarity"] or 0.9), "tier": "warm", "scope": "merge"})
            store.link_summarized(conn, sid, ids)
        else:
            raise ValidationError(f"cannot apply suggestion action {row['action']}")
        store.decide_suggestion(conn, suggestion_id, "accepted")
        mem_sql.insert_actions(conn, [{"user_id": user, "run_id": row["run_id"], "action": row["action"],
                                       "memory_ids": ids, "target_id": suggestion_id,
                                       "similarity": row["similarity"], "reason": f"accepted: {row['reason']}",
                                       "inputs": {"suggestion": suggestion_id}}])
    return {"id": suggestion_id, "status": "accepted", "action": row["action"], "memory_ids": ids}


def reject(conn: psycopg.Connection, suggestion_id: str, user_id: str) -> dict:
    with conn.transaction():
        row = _pending(conn, suggestion_id, user_id)
        store.decide_suggestion(conn, suggestion_id, "rejected")
        mem_sql.insert_actions(conn, [{"user_id": row["user_id"], "run_id": row["run_id"], "action": "KEEP_SEPARATE",
                                       "memory_ids": row["memory_ids"], "target_id": suggestion_id,
                                       "reason": f"suggestion rejected: {row['reason']}"}])
    return {"id": suggestion_id, "status": "rejected", "action": row["action"]}
