"""Session-start context: the consolidated-summaries block, relevant to an optional query."""

from __future__ import annotations

from datetime import UTC, datetime

from memory_pipeline.lib.session_block import BlockSummary, inject_block, render_block, retired_clauses
from memory_pipeline.records import validate_user_id
from memory_pipeline.store import consolidation as cstore
from memory_pipeline.store import recall as rstore


def session_context(svc, user_id: str, *, query: str | None, token_budget: int, max_summaries: int,
                    min_confidence: float, prioritize: str, existing: str | None) -> dict:
    validate_user_id(user_id)
    conn = svc.conn
    q = svc.embedder.encode([query])[0] if query and query.strip() else None
    rows = rstore.summaries_for_context(conn, user_id, q)
    prof = cstore.get_profile(conn, user_id)
    conn.rollback()
    blocks = [BlockSummary(r["id"], r["namespace"], r["content"], tuple(r["key_facts"]), tuple(r["decisions"]),
                           tuple(r["superseded_facts"]), (r["temporal_start"], r["temporal_end"]),
                           float(r["confidence"]), relevance=float(r["relevance"]),
                           activation_count=int(r["access_count"])) for r in rows]
    if prioritize == "relevance" and q is None:
        prioritize = "recency"  # nothing to be relevant to
    res = render_block(blocks, profile=prof["content"] if prof else None, generated_at=datetime.now(UTC),
                       token_budget=token_budget, max_summaries=max_summaries, min_confidence=min_confidence,
                       prioritize=prioritize, retired=retired_clauses(prof))
    context, replaced = inject_block(existing, res.text) if existing is not None else (res.text, False)
    return {"block": res.text, "context": context, "replaced_existing": replaced, "summary_ids": list(res.summary_ids),
            "tokens_used": res.tokens_used, "dropped": list(res.dropped)}
