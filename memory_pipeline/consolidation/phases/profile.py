"""PROFILE: one procedural profile per user, synthesized from all summaries and the
memories that carry facts, replaced when its inputs change."""

from __future__ import annotations

import functools
import hashlib
import inspect
import json
from dataclasses import replace
from importlib import resources

from memory_pipeline.consolidation.context import Found, RunContext, stable_id
from memory_pipeline.consolidation.phases.base import PhaseResult, judged_by
from memory_pipeline.consolidation.writer import Writer
from memory_pipeline.engines.base import PROFILE, Engine
from memory_pipeline.lib import profile as lib_profile
from memory_pipeline.lib.extract import Fact, Statement
from memory_pipeline.lib.profile import ProfileSource

NAME = "profile"
ASSET = "procedural_profile"


def run(ctx: RunContext, writer: Writer, engine: Engine, found: Found) -> PhaseResult:
    res = PhaseResult(NAME, ASSET)
    method = engine.method(PROFILE)
    existing = ctx.profile()
    if (existing and existing.get("inputs_fingerprint") and existing.get("method") == method
            and ctx.profile_inputs_unchanged()):
        return _embed_if_missing(res, found, existing)  # a delta's run: the inputs the stored fingerprint covers are the same
    summ = sorted(ctx.summaries().values(), key=lambda r: r["id"])
    # duplicates count too: seed 001's "seen >= 3 times" counts mentions, and the save path collapses them
    with_facts, superseded = ctx.profile_inputs()
    fingerprint = stable_id("in", method, [r["id"] for r in summ], [r.id for r in with_facts], sorted(superseded))
    if existing and existing.get("inputs_fingerprint") == fingerprint and existing.get("method") == method:
        return _embed_if_missing(res, found, existing)  # same inputs, same method: nothing to rebuild (a fallback profile is retried)
    # a summary speaks for its sources' time, so it is read as of its oldest source: a newer memory's
    # statement outranks the older ones a summary quotes
    sources = [ProfileSource(r["id"], r["content"], r.get("temporal_start") or r["temporal_end"], summary=True)
               for r in summ]
    # a row's metadata is decoded only if it names an outcome (most rows have none)
    sources += [ProfileSource(str(r.id), r.content, r.created_at,
                              outcome=_outcome(json.loads(r.metadata)) if '"outcome"' in r.metadata else None,
                              successor=None if r.successor is None else str(r.successor))
                for r in with_facts]
    sources, extracted = with_extracted(sources, existing, engine)
    prof = engine.profile(sources, superseded)
    if not prof.content:
        return res
    method = prof.method or method  # a fallback profile says it was written by the rules
    pid = stable_id("prof", ctx.user_id, method, prof.content)
    if existing and existing["id"] == pid:
        writer.keep_profile(fingerprint, extracted)
        return _embed_if_missing(res, found, existing)
    writer.write_profile({
        "user_id": ctx.user_id, "id": pid, "content": prof.content,
        "sections": {k: list(v) for k, v in prof.sections.items()}, "patterns": [list(p) for p in prof.patterns],
        "source_ids": list(prof.source_ids), "fact_sources": {k: list(v) for k, v in prof.fact_sources.items()},
        **judged_by(engine, PROFILE, method),
        "run_id": ctx.run_id,
        # no embedder here: the caller embeds a run's profiles in one batch
        "embedding": None,
        "inputs_fingerprint": fingerprint, "extracted": extracted,
    })
    res.found = replace(found, profile_to_embed=(pid, prof.content))
    writer.act("PROFILE", [], f"profile rebuilt from {len(prof.source_ids)} sources", target=pid)
    res.counts["profiles_written"] += 1
    res.previews.append(prof.content[:300])
    return res


def with_extracted(sources: list[ProfileSource], existing: dict | None,
                   engine: Engine) -> tuple[list[ProfileSource], dict]:
    """The sources with what the rules read from each: kept from the profile's last build where the text
    and the extractor are the same, extracted now for the rest; and what to keep for the next build. A
    model-backed engine reads the texts itself: nothing to keep."""
    if engine.model is not None:
        return sources, {}
    version = extractor_fingerprint()
    kept = (existing or {}).get("extracted") or {}
    kept = json.loads(kept) if isinstance(kept, str) else kept  # a batch reads it as text
    known = kept.get("by_text", {}) if kept.get("v") == version else {}
    by_text, out = {}, []
    for src in sources:
        key = hashlib.sha1(f"{src.summary}:{src.content}".encode()).hexdigest()[:20]
        data = known.get(key) or by_text.get(key)
        value = _from_json(data) if data else lib_profile.extract(src.content, src.summary)
        by_text[key] = data or _to_json(value)
        out.append(replace(src, extracted=value))
    return out, {"v": version, "by_text": by_text}


@functools.cache
def extractor_fingerprint() -> str:
    """A hash of the extraction rules' code and vocabularies: kept extractions hold only while it is the same."""
    h = hashlib.sha256()
    for package in ("memory_pipeline.lib.extract", "memory_pipeline.lib.vocab"):
        for entry in sorted(resources.files(package).iterdir(), key=lambda e: e.name):
            if entry.name.endswith(".py"):
                h.update(entry.name.encode() + entry.read_bytes())
    h.update(inspect.getsource(lib_profile.extract).encode())
    return h.hexdigest()[:16]


def _to_json(value: lib_profile.Extracted) -> list:
    facts, said = value
    return [[[f.kind, f.value, f.negated, f.text] for f in facts],
            [[st.key, st.line, st.past, sorted(st.words), list(st.stale), sorted(st.frame), st.ends, st.relation,
              st.value] for st in said]]


def _from_json(data: list) -> lib_profile.Extracted:
    facts, said = data
    return (tuple(Fact(k, v, bool(n), t) for k, v, n, t in facts),
            tuple(Statement(k, line, bool(p), frozenset(w), tuple(st), frozenset(f), bool(e), r, v)
                  for k, line, p, w, st, f, e, r, v in said))


def _embed_if_missing(res: PhaseResult, found: Found, existing: dict) -> PhaseResult:
    """A profile's vector is written after its run's commit: a run that died in between left it empty,
    and the next run fills it in."""
    if existing.get("embedding") is None:
        res.found = replace(found, profile_to_embed=(existing["id"], existing["content"]))
    return res


def _outcome(meta: dict) -> bool | None:
    v = (meta or {}).get("outcome")
    if v in ("success", True, "succeeded", "ok"):
        return True
    if v in ("failure", False, "failed", "error"):
        return False
    return None
