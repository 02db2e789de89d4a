"""DECIDE: MERGE / REPLACE / KEEP_SEPARATE / UPDATE / SKIP for the memories the save path
flagged (0.85-0.95 band, or guarded), in batches of ~10 with a time limit per batch. The engine
judges; this phase validates the answer and applies it through the writer."""

from __future__ import annotations

import time

from memory_pipeline.consolidation.context import Found, RunContext, stable_id
from memory_pipeline.consolidation.phases.base import PhaseResult
from memory_pipeline.consolidation.writer import Writer
from memory_pipeline.engines.base import (
    DECISION,
    DECISION_ACTIONS,
    KEEP_SEPARATE,
    MERGE,
    REPLACE,
    Decision,
    DecisionCandidate,
    Engine,
)
from memory_pipeline.lib import retention
from memory_pipeline.lib.merge_guard import merge_conflicts
from memory_pipeline.lib.summarize import merge_text
from memory_pipeline.lib.supersession import MemoryText

NAME = "decide"
ASSET = "memory_summaries"


def run(ctx: RunContext, writer: Writer, engine: Engine, found: Found) -> PhaseResult:
    res = PhaseResult(NAME, ASSET)
    s, cfg = ctx.snap, ctx.config
    flagged = [ctx.id_of(k) for k in range(len(s)) if s.flagged[k] and ctx.active(k)]
    if not flagged:
        return res
    matches = _matches(ctx, flagged)
    unflag: dict[int, bool] = {}
    merges: list[tuple[str, int, int, float]] = []
    for start in range(0, len(flagged), cfg.batch_size):
        batch: list[DecisionCandidate] = []
        for fid in flagged[start:start + cfg.batch_size]:
            match = matches.get(fid)
            if match is None or match[0] not in ctx.pos or match[0] == fid:
                # its match gone, or now a duplicate of this very memory (an accepted REPLACE): nothing to decide
                writer.act("SKIP", [fid], "no comparable memory left")
                unflag[fid] = False
            else:
                batch.append(_candidate(ctx, found, fid, *match))
        started = time.monotonic()
        decisions = _judge(ctx, writer, engine, batch)
        # a model-backed engine bounds its own time (a deadline per call, a budget per run): what it
        # answered within them stands, whatever the phase's limit (a 90 s model deadline against the
        # 60 s limit threw away valid answers, and the next run asked again)
        late = engine.model is None and time.monotonic() - started > cfg.batch_timeout_s
        for c, d in zip(batch, decisions, strict=True):
            fid, other = int(c.memory.id), int(c.other.id)
            if late and (d is None or d.method in (None, engine.method(DECISION))):
                # too slow to trust: decided again next run
                writer.act("SKIP", [fid], f"decision batch exceeded {cfg.batch_timeout_s:.0f}s")
                continue
            if d is None:
                continue  # suggested instead (review mode)
            writer.act(d.action, [fid, other], d.reason, target=str(other), similarity=c.similarity,
                       method=d.method or engine.method(DECISION), model=engine.model,
                       prompt_version=engine.prompt_version(DECISION))
            if d.action in (MERGE, REPLACE):
                merges.append((d, fid, other, c.similarity))
            unflag[fid] = False
    for d, a, b, sim in merges:
        _apply_merge(ctx, writer, res, d, a, b, sim, engine)
    writer.set_memory("flagged", unflag)
    return res


def _matches(ctx: RunContext, flagged: list[int]) -> dict[int, tuple[int, float]]:
    """What each flagged memory was compared with on save (its root, similarity); for the few flagged
    without a stored match, their nearest in the store (searched before the run)."""
    s = ctx.snap
    out: dict[int, tuple[int, float]] = {}
    unknown = []
    for fid in flagged:
        match = s.flag_match[ctx.pos[fid]]
        if match is None or match not in ctx.pos:
            unknown.append(fid)
            continue
        out[fid] = (s.duplicate_of[ctx.pos[match]] or match, float(s.flag_similarity[ctx.pos[fid]] or 0.0))
    for fid in unknown:
        for nb in ctx.reads.flag_nearest.get(fid, ()):
            if nb.id != fid and fid not in out:
                out[fid] = (nb.root_id, nb.similarity)
    return out


def _candidate(ctx: RunContext, found: Found, fid: int, other: int, sim: float) -> DecisionCandidate:
    s = ctx.snap
    reasons = found.supersede_reason
    known = reasons.get((fid, other)) or reasons.get((other, fid))
    ka, kb = ctx.pos[fid], ctx.pos[other]
    return DecisionCandidate(MemoryText(str(fid), s.content[ka], s.created_at[ka]),
                             MemoryText(str(other), s.content[kb], s.created_at[kb]), sim, known)


def _judge(ctx: RunContext, writer: Writer, engine: Engine,
           batch: list[DecisionCandidate]) -> list[Decision | None]:
    """The engine's decisions, validated; in review mode MERGE / REPLACE become suggestions (None)."""
    if not batch:
        return []
    decisions = [_validate(ctx, c, d) for c, d in zip(batch, engine.decide(batch), strict=True)]
    if ctx.mode == "review":
        # only the pairs the engine would merge are asked for their group and suggested text
        merging = [c for c, d in zip(batch, decisions, strict=True) if d.action in (MERGE, REPLACE)]
        grouped = {g.memory_ids: g for g in engine.duplicate_groups(merging)} if merging else {}
        out: list[Decision | None] = []
        for c, d in zip(batch, decisions, strict=True):
            g = grouped.get((c.memory.id, c.other.id))
            if d.action in (MERGE, REPLACE) and g is not None and writer.review_instead(
                    g.action, [int(c.memory.id), int(c.other.id)], d.reason, content=g.content,
                    similarity=c.similarity):
                out.append(None)
            else:
                out.append(d)
        return out
    return decisions


def _validate(ctx: RunContext, c: DecisionCandidate, d: Decision) -> Decision:
    """Seed 002's safety rules hold whatever the engine answered."""
    if d.action not in DECISION_ACTIONS:
        return Decision(KEEP_SEPARATE, f"engine answered {d.action!r}, not a known action: kept separate")
    if d.action == REPLACE and c.similarity < ctx.config.replace_threshold:
        return Decision(KEEP_SEPARATE, f"REPLACE refused at similarity {c.similarity:.3f} "
                                       f"< {ctx.config.replace_threshold}: kept separate", method=d.method)
    if d.action in (MERGE, REPLACE):
        conflicts = merge_conflicts(c.other.content, c.memory.content)
        if conflicts:  # names, numbers, dates that differ are never merged, whoever judged
            return Decision(KEEP_SEPARATE, f"{d.action} refused, details differ: " + "; ".join(conflicts),
                            method=d.method)
    return d


def _apply_merge(ctx: RunContext, writer: Writer, res: PhaseResult, d: Decision, a: int, b: int,
                 sim: float, engine: Engine) -> None:
    """REPLACE: the less complete memory becomes a duplicate of the fuller one (raw row kept).
    MERGE: both stay; a merged unit (never longer than its longest source) stands for them."""
    s = ctx.snap
    # an earlier REPLACE of this run may have made either one a duplicate: decide between their originals
    a, b = _original(ctx, a), _original(ctx, b)
    if a == b:
        writer.act("SKIP", [a], f"{d.action} not applied: already one memory")
        return
    ka, kb = ctx.pos[a], ctx.pos[b]
    if d.action == REPLACE:
        keep, drop = (a, b) if len(s.content[ka]) >= len(s.content[kb]) else (b, a)
        writer.set_memory("duplicate_of", {drop: keep})
        res.counts["replaced"] += 1
        return
    if s.summarized_into[ka] or s.summarized_into[kb]:
        return  # already stood for by a summary
    ids = sorted([a, b])
    longest = max(len(s.content[ka]), len(s.content[kb]))
    # the engine's merged text when it wrote one (never longer than the longest source), else ours
    content = (d.content or "")[:longest].strip() or merge_text([s.content[ka], s.content[kb]])
    writer.add_summary({
        "id": stable_id("sum", ctx.user_id, "merge", ids), "user_id": ctx.user_id, "cluster_id": None,
        "namespace": s.namespace[ka], "content": content, "key_facts": [], "decisions": [],
        "superseded_facts": [], "resolved_dates": [], "source_ids": ids,
        "source_chars": len(s.content[ka]) + len(s.content[kb]),
        "temporal_start": min(s.created_at[ka], s.created_at[kb]),
        "temporal_end": max(s.created_at[ka], s.created_at[kb]), "method": "merge",
        "model": engine.model if d.content else None,
        "prompt_version": engine.prompt_version(DECISION) if d.content else None, "run_id": ctx.run_id,
        "embedding": ctx.centroid(ids),
        "confidence": float(sim), "tier": retention.TIER_WARM, "scope": "merge"})
    res.counts["merged"] += 1


def _original(ctx: RunContext, mid: int) -> int:
    """The memory `mid` is a duplicate of, followed to the end of the chain (or `mid` itself)."""
    seen = {mid}
    nxt = ctx.snap.duplicate_of[ctx.pos[mid]]
    while nxt is not None and nxt not in seen and nxt in ctx.pos:
        seen.add(nxt)
        mid, nxt = nxt, ctx.snap.duplicate_of[ctx.pos[nxt]]
    return mid
