"""PROFILE (seed 004): one procedural profile per user, synthesized from all summaries and the
memories that carry facts, replaced when its inputs change."""

from __future__ import annotations

from memory_pipeline.consolidation.context import RunContext, stable_id
from memory_pipeline.consolidation.phases.base import PhaseResult, judged_by
from memory_pipeline.consolidation.writer import Writer
from memory_pipeline.engines.base import PROFILE, Engine
from memory_pipeline.lib.profile import ProfileSource

NAME = "profile"
ASSET = "procedural_profile"


def run(ctx: RunContext, writer: Writer, engine: Engine) -> PhaseResult:
    res = PhaseResult(NAME, ASSET)
    s = ctx.snap
    summ = sorted(ctx.summaries().values(), key=lambda r: r["id"])
    # duplicates count too: seed 001's "seen >= 3 times" counts mentions, and the save path collapses them
    with_facts = [k for k in range(len(s)) if s.superseded_by[k] is None and s.facts.nonempty(k)]
    superseded = frozenset(str(ctx.id_of(k)) for k in range(len(s)) if s.superseded_by[k] is not None)
    method = engine.method(PROFILE)
    fingerprint = stable_id("in", method, [r["id"] for r in summ], [ctx.id_of(k) for k in with_facts],
                            sorted(superseded))
    existing = ctx.profile()
    if existing and existing.get("inputs_fingerprint") == fingerprint and existing.get("method") == method:
        _embed_if_missing(ctx, existing)
        return res  # same inputs, same method: nothing to rebuild (a fallback profile is retried)
    sources = [ProfileSource(r["id"], r["content"], r["temporal_end"]) for r in summ]
    sources += [ProfileSource(str(ctx.id_of(k)), s.content[k], s.created_at[k], outcome=_outcome(s.metadata[k]))
                for k in with_facts]
    prof = engine.profile(sources, superseded)
    if not prof.content:
        return res
    method = prof.method or method  # a fallback profile says it was written by the rules
    pid = stable_id("prof", ctx.user_id, method, prof.content)
    if existing and existing["id"] == pid:
        writer.keep_profile(fingerprint)
        _embed_if_missing(ctx, existing)
        return res
    writer.write_profile({
        "user_id": ctx.user_id, "id": pid, "content": prof.content,
        "sections": {k: list(v) for k, v in prof.sections.items()}, "patterns": [list(p) for p in prof.patterns],
        "source_ids": list(prof.source_ids), "fact_sources": {k: list(v) for k, v in prof.fact_sources.items()},
        **judged_by(engine, PROFILE, method),
        "run_id": ctx.run_id,
        # no embedder here: the caller embeds a run's profiles in one batch
        "embedding": ctx.embed([prof.content])[0] if ctx.embed else None,
        "inputs_fingerprint": fingerprint,
    })
    if not ctx.embed:
        ctx.profile_to_embed = (pid, prof.content)
    writer.act("PROFILE", [], f"profile rebuilt from {len(prof.source_ids)} sources", target=pid)
    res.counts["profiles_written"] += 1
    res.previews.append(prof.content[:300])
    return res


def _embed_if_missing(ctx: RunContext, existing: dict) -> None:
    """A profile's vector is written after its run's commit: a run that died in between left it empty,
    and the next run fills it in."""
    if existing.get("embedding") is None and not ctx.embed:
        ctx.profile_to_embed = (existing["id"], existing["content"])


def _outcome(meta: dict) -> bool | None:
    v = (meta or {}).get("outcome")
    if v in ("success", True, "succeeded", "ok"):
        return True
    if v in ("failure", False, "failed", "error"):
        return False
    return None
