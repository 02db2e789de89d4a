"""SUMMARIZE: N -> 1 summaries of the clusters that changed, then of every memory
since the last summary, per conversation (episodes). A summary keeps every source link."""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass

from memory_pipeline.consolidation.context import Found, RunContext, stable_id
from memory_pipeline.consolidation.phases.base import PhaseResult, judged_by
from memory_pipeline.consolidation.writer import Writer
from memory_pipeline.engines.base import SUMMARY, Engine
from memory_pipeline.lib import retention
from memory_pipeline.lib.summarize import SourceItem, SummaryDraft

NAME = "summarize"
ASSET = "memory_summaries"


@dataclass(frozen=True)
class Job:
    """One summary to write: its sources, scope, cluster, and the summary it replaces (and why)."""

    ids: list[int]
    scope: str
    cid: str | None = None
    replaces: str | None = None
    why: str = "its sources changed"


def run(ctx: RunContext, writer: Writer, engine: Engine, found: Found) -> PhaseResult:
    res = PhaseResult(NAME, ASSET)
    jobs = []
    touched = found.touched_clusters
    for row in stale(ctx, engine, touched):
        ids = sorted(int(i) for i in row["source_ids"] if int(i) in ctx.pos)
        if len(ids) >= 2:
            was = " ".join(x for x in (row["method"], row.get("model")) if x)
            jobs.append(Job(ids, row["scope"], row["cluster_id"], row["id"],
                            f"re-derived by {engine.method(SUMMARY)} {engine.model} (was {was})"))
            res.counts["summaries_rederived"] += 1
    if touched:
        members_of = ctx.members_by_cluster(touched)
        old = ctx.cluster_summaries(sorted(touched))
        jobs += [Job(sorted(members_of[cid]), "cluster", cid, old.get(cid)) for cid in sorted(touched)]
    write_summaries(ctx, writer, engine, res, jobs, found.supersede_reason)
    # episodes after the cluster summaries are written: what a cluster summary stands for is not repeated
    write_summaries(ctx, writer, engine, res, [Job(chunk, "episode") for chunk in episodes(ctx)],
                    found.supersede_reason)
    return res


def stale(ctx: RunContext, engine: Engine, touched: frozenset[str]) -> list[dict]:
    """Summaries a model-backed engine did not write with its current model and prompt (another engine,
    a fallback to the rules, an older prompt): re-derived from their raw sources, a bounded number per run.
    The local engine keeps what a model wrote."""
    if engine.model is None:
        return []
    current = (engine.method(SUMMARY), engine.prompt_version(SUMMARY))
    rows = [r for r in ctx.summaries().values() if r.get("scope") in ("cluster", "episode")
            and r.get("cluster_id") not in touched and (r["method"], r.get("prompt_version")) != current]
    return sorted(rows, key=lambda r: r["id"])[:ctx.config.rederive_per_run]


def episodes(ctx: RunContext) -> list[list[int]]:
    """Seed 004: every memory since the last summary, per conversation (no conversation: per day),
    packed in time order into chunks of up to `episode_size`. Working-layer memories (seed 001) wait
    for a later run; a remainder under `min_episode` stays raw until its conversation grows."""
    s, cfg = ctx.snap, ctx.config
    groups: dict[str, list[int]] = defaultdict(list)
    for k in range(len(s)):
        if not ctx.current(k) or s.summarized_into[k] is not None:
            continue
        layer = retention.memory_layer(s.created_at[k], s.importance[k], int(s.access_count[k]), False, ctx.now)
        if layer != retention.LAYER_WORKING:
            groups[s.conversation[k] or s.created_at[k].date().isoformat()].append(k)
    order = sorted(groups, key=lambda key: min((s.created_at[k], ctx.id_of(k)) for k in groups[key]))
    chunks: list[list[int]] = []
    chunk: list[int] = []
    for key in order:
        ks = sorted(groups[key], key=lambda k: (s.created_at[k], ctx.id_of(k)))
        if chunk and len(chunk) + len(ks) > cfg.episode_size:
            chunk = _close(chunks, chunk, cfg.min_episode)
        for k in ks:
            if len(chunk) == cfg.episode_size:
                chunk = _close(chunks, chunk, cfg.min_episode)
            chunk.append(k)
    _close(chunks, chunk, cfg.min_episode)
    return [[ctx.id_of(k) for k in c] for c in chunks]


def _close(chunks: list[list[int]], chunk: list[int], min_size: int) -> list[int]:
    if len(chunk) >= min_size:
        chunks.append(chunk)
        return []
    return chunk  # too small to stand alone: the next conversation joins it


def write_summaries(ctx: RunContext, writer: Writer, engine: Engine, res: PhaseResult, jobs: list[Job],
                    reasons) -> None:
    """Draft every job in one engine request (an LLM engine packs them into few calls), then write."""
    current = (engine.method(SUMMARY), engine.prompt_version(SUMMARY))
    # same sources, same method and prompt: the summary in place stands
    jobs = [j for j in jobs if j.replaces is None or j.replaces != summary_id(ctx, j.scope, j.cid, j.ids, *current)]
    if not jobs:
        return
    s = ctx.snap
    groups = []
    for j in jobs:
        members = set(j.ids)
        superseded = [(str(o), s.content[ctx.pos[o]], s.content[ctx.pos[n]])
                      for (n, o) in sorted(reasons) if n in members]
        groups.append(([_source(ctx, i, ctx.pos[i]) for i in j.ids], superseded))
    for job, draft in zip(jobs, engine.summarize_many(groups), strict=True):
        write_summary(ctx, writer, engine, res, job, draft)


def write_summary(ctx: RunContext, writer: Writer, engine: Engine, res: PhaseResult, job: Job,
                  draft: SummaryDraft) -> None:
    s = ctx.snap
    ids, scope, cid = job.ids, job.scope, job.cid
    ks = [ctx.pos[i] for i in ids]
    # a fallback draft says so: its row carries the method that wrote it, and a later run retries
    judged = judged_by(engine, SUMMARY, draft.method)
    method, version = judged["method"], judged["prompt_version"]
    sid = summary_id(ctx, scope, cid, ids, method, version)
    if sid == job.replaces:
        return  # the engine fell back to what wrote the summary in place: it stands
    source_chars = sum(len(s.content[k]) for k in ks)
    writer.add_summary({
        "id": sid, "user_id": ctx.user_id, "cluster_id": cid, "namespace": _majority(s.namespace[k] for k in ks),
        "content": draft.content, "key_facts": list(draft.key_facts), "decisions": list(draft.decisions),
        "superseded_facts": list(draft.superseded_facts), "resolved_dates": list(draft.resolved_dates),
        "source_ids": ids, "source_chars": source_chars, "temporal_start": draft.temporal_range[0],
        "temporal_end": draft.temporal_range[1], "scope": scope, "method": method,
        "model": judged["model"], "prompt_version": version, "run_id": ctx.run_id,
        # the members' centre stands for the summary in recall
        "embedding": ctx.centroid(ids), "confidence": float(draft.confidence),
        "tier": retention.TIER_WARM,
    }, replaces=job.replaces, why=job.why)
    label = f"cluster {cid}" if cid else "episode"
    writer.act("SUMMARIZE", ids, f"{label}: {len(ids)} -> 1, {source_chars} -> {len(draft.content)} chars"
               f" ({method})", target=sid, scope=scope)
    res.counts["summaries_written"] += 1
    res.counts[f"summaries_{scope}"] += 1
    res.counts["summary_sources"] += len(ids)
    res.counts["summary_source_chars"] += source_chars
    res.counts["summary_chars"] += len(draft.content)
    res.previews.append(f"[{scope}] {draft.content[:160]} ({len(ids)} sources)")


def summary_id(ctx: RunContext, scope: str, cid: str | None, ids: list[int], method: str,
               version: str | None) -> str:
    # a prompt version is part of the id: a changed prompt or model re-derives the summary
    return stable_id("sum", ctx.user_id, scope, cid, ids, method, *([version] if version else []))


def _source(ctx: RunContext, mid: int, k: int) -> SourceItem:
    s = ctx.snap
    return SourceItem(str(mid), s.content[k], s.created_at[k],
                      facts=tuple(_fact_text(f) for f in s.facts[k] if f.get("kind") not in ("slot", "statement")),
                      resolved_dates=tuple((d["text"], _date_range(d)) for d in s.resolved_dates[k]))


def _fact_text(f: dict) -> str:
    neg = "not " if f.get("negated") else ""
    return f"{f.get('kind')}: {neg}{f.get('value')}"


def _date_range(d: dict) -> str:
    return d["date"] if d.get("end") in (None, d["date"]) else f"{d['date']}..{d['end']}"


def _majority(values) -> str:
    c = Counter(values)
    return sorted(c.items(), key=lambda kv: (-kv[1], kv[0]))[0][0] if c else "default"
