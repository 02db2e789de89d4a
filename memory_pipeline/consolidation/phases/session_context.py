"""SESSION CONTEXT: the `<memory_consolidated_summaries>` block agents inject at session
start, rebuilt when its content changes. Its time stamp is the newest data's, not the clock's, so a
re-run with nothing new writes the same block (no row)."""

from __future__ import annotations

import json

from memory_pipeline.consolidation.context import Found, RunContext, stable_id
from memory_pipeline.consolidation.phases.base import PhaseResult
from memory_pipeline.consolidation.writer import Writer
from memory_pipeline.engines.base import Engine
from memory_pipeline.lib.session_block import BlockSummary, render_block, retired_clauses

NAME = "session_context"
ASSET = "session_context"
PRIORITIZE = "recency"


def run(ctx: RunContext, writer: Writer, engine: Engine, found: Found) -> PhaseResult:
    res = PhaseResult(NAME, ASSET)
    summ = sorted(ctx.summaries().values(), key=lambda r: r["id"])
    prof = ctx.profile()
    if not summ and not prof:
        return res
    s = ctx.snap
    stamp = max(r["temporal_end"] for r in summ) if summ else max(s.created_at)
    # summaries never change under their id: the same ids, profile, stamp and budget render the same block
    retired = retired_clauses(prof)
    fingerprint = stable_id("blk", [r["id"] for r in summ], prof["content"] if prof else None, stamp,
                            ctx.config.token_budget, PRIORITIZE, *([retired] if retired else []))
    old = ctx.stored_session_context()
    if old and old.get("inputs_fingerprint") == fingerprint:
        return res
    blocks = [BlockSummary(r["id"], r["namespace"], r["content"], _items(r["key_facts"]), _items(r["decisions"]),
                           _items(r["superseded_facts"]), (r["temporal_start"], r["temporal_end"]),
                           float(r["confidence"]), activation_count=r["access_count"]) for r in summ]
    out = render_block(blocks, profile=prof["content"] if prof else None, generated_at=stamp,
                       token_budget=ctx.config.token_budget, prioritize=PRIORITIZE, retired=retired)
    writer.write_session_context(out.text, list(out.summary_ids), out.tokens_used, fingerprint)
    if old and old["block"] == out.text:
        return res  # the same block from other inputs: only they are remembered
    res.counts["blocks_written"] += 1
    res.previews.append(out.text[:400])
    return res


def _items(v) -> tuple:
    """A summary's list as read (JSON text) or as this run wrote it (a list)."""
    return tuple(json.loads(v) if isinstance(v, str) else v)
