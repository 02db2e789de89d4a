"""SUPERSESSION: a newer memory that replaces an older one gets an edge and the older a link
(conservative, with the reason). Runs first, so summaries know what is no longer current."""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType

import numpy as np

from memory_pipeline.consolidation.context import Found, RunContext, stable_id
from memory_pipeline.consolidation.phases.base import PhaseResult, judged_by
from memory_pipeline.consolidation.writer import Writer
from memory_pipeline.engines.base import SUPERSESSION, Engine, SupersessionCandidates
from memory_pipeline.lib.digest import speaker_of
from memory_pipeline.lib.judge_features import masked_frame
from memory_pipeline.lib.supersession import MemoryText

NAME = "supersede"
ASSET = "supersession_edges"
PAIRS_PER_MEMORY = 5  # nearest older memories by cosine, taken by rank (no similarity floor)
FRAME_PAIRS = 3  # and the older memories whose masked frames are closest (values replaced by their kind)
FRAME_SCAN = 64  # frames compared per new memory: its most recent older memories in the snapshot
STORE_SEARCH_MAX_NEW = 64  # more new memories than this: one matrix product instead of a scan each


def run(ctx: RunContext, writer: Writer, engine: Engine, earlier: Found) -> PhaseResult:
    res = PhaseResult(NAME, ASSET)
    s = ctx.snap
    new = [k for k in range(len(s)) if ctx.is_new(k) and ctx.current(k)]
    if not new:
        return res  # nothing new: the edges of earlier runs stand (incremental runs)
    # only the slots a new memory states can gain an edge: their statements are judged again, whole
    touched = set().union(*(_slots(ctx, k) for k in new))
    # a row's facts are decoded only if their text names a touched slot (the text holds each slot verbatim
    # unless JSON escapes it: then every slot row is decoded)
    plain = all(t.isprintable() and '"' not in t and "\\" not in t for t in touched)
    cand = [k for k in range(len(s)) if ctx.active(k) and s.facts.contains(k, '"slot"')
            and (not plain or any(s.facts.contains(k, t) for t in touched)) and _slots(ctx, k) & touched]
    new_ids = {str(ctx.id_of(k)) for k in new}
    found = [f for f in engine.supersessions(SupersessionCandidates(
        [_text(ctx, k) for k in cand],
        pairs=lambda: candidate_pairs(ctx, cand),
    )) if f.newer_id in new_ids or f.older_id in new_ids]
    # the edges earlier runs found stand for the pairs among older memories (summaries cite them)
    known = ctx.supersession_reasons()
    reasons = dict(earlier.supersede_reason)
    for (newer, older), reason in known.items():
        if newer in ctx.pos and older in ctx.pos:
            reasons.setdefault((newer, older), reason)
    existing = {(str(a), str(b)) for a, b in known}
    edges, links = [], {}
    for sup in found:
        newer, older = int(sup.newer_id), int(sup.older_id)
        if newer not in ctx.pos or older not in ctx.pos:
            continue  # an engine may only name this user's memories
        if not _one_voice(s.content[ctx.pos[newer]], s.content[ctx.pos[older]]):
            continue  # whichever path proposed it, another speaker's turn is theirs
        if _order(ctx, newer) < _order(ctx, older) or links.get(newer) == older:
            continue  # an edge runs from the later statement to the earlier one, never both ways
        reasons[(newer, older)] = sup.reason
        unlinked = s.superseded_by[ctx.pos[older]] is None
        if (str(newer), str(older)) in existing:
            if unlinked and ctx.mode == "apply":
                links[older] = newer  # edge accepted earlier, link not yet set
            continue
        payload = {"slot": sup.slot, "newer": newer, "older": older, "old_value": sup.old_value,
                   "new_value": sup.new_value}
        if writer.review_instead("UPDATE", [newer, older], sup.reason, payload=payload):
            continue
        edges.append({"id": stable_id("edge", ctx.user_id, "supersedes", newer, older), "user_id": ctx.user_id,
                      "edge_type": "supersedes", "source_id": str(newer), "target_id": str(older),
                      "weight": float(sup.confidence), "reason": sup.reason, "run_id": ctx.run_id,
                      **judged_by(engine, SUPERSESSION, sup.method)})
        if unlinked:
            links[older] = newer
        writer.act("SUPERSEDE", [newer, older], sup.reason, target=str(older), slot=sup.slot,
                   old_value=sup.old_value, new_value=sup.new_value, **judged_by(engine, SUPERSESSION, sup.method))
        res.previews.append(sup.reason)
    edges += _restatements(ctx, writer, links, existing)
    writer.add_edges(edges)
    writer.set_memory("superseded_by", links)
    res.counts["edges_new"] += len(edges)
    res.found = replace(earlier, supersede_reason=MappingProxyType(reasons))
    return res


def _order(ctx: RunContext, memory_id: int) -> tuple:
    """When a memory was said, as the run reads it (an out-of-range time at its bound), then its id."""
    return ctx.snap.created_at[ctx.pos[memory_id]], memory_id


def _restatements(ctx: RunContext, writer: Writer, links: dict[int, int], existing: set) -> list[dict]:
    """A duplicate of a row superseded in this run, said after what replaced it, is that old value said
    again: the newest statement wins. Its `duplicate_of` link is cut and it supersedes the successor (as
    the save path does when the supersession came first), so edges, recall and profile agree."""
    s = ctx.snap
    if not links:  # review mode links nothing here: its supersessions wait as suggestions
        return []
    later: dict[int, int] = {}  # superseded row -> its latest duplicate said after its successor
    for k in range(len(s)):
        older = s.duplicate_of[k]
        newer = links.get(older) if older is not None else None
        if newer is not None and s.created_at[k] > s.created_at[ctx.pos[newer]]:
            best = later.get(older)
            if best is None or s.created_at[k] > s.created_at[ctx.pos[best]]:
                later[older] = ctx.id_of(k)
    edges = []
    for older, again in later.items():
        newer = links[older]
        if newer in links or (str(again), str(newer)) in existing:
            continue  # the successor is itself replaced in this run, or this was decided before
        reason = f"restates memory {older} after memory {newer} replaced it (the newest statement wins)"
        writer.set_memory("duplicate_of", {again: None})
        links[newer] = again
        edges.append({"id": stable_id("edge", ctx.user_id, "supersedes", again, newer), "user_id": ctx.user_id,
                      "edge_type": "supersedes", "source_id": str(again), "target_id": str(newer), "weight": 1.0,
                      "reason": reason, "run_id": ctx.run_id})
        writer.act("SUPERSEDE", [again, newer], reason, target=str(newer))
    return edges


def candidate_pairs(ctx: RunContext, slot_rows: list[int] = ()) -> list[tuple[MemoryText, MemoryText, float]]:
    """(newer, older, cosine): the embedding neighbours (below), plus per new memory the older ones whose
    masked frames are most alike and the older statements of a slot it states, each pair once."""
    pairs = _neighbour_pairs(ctx)
    seen = {(a.id, b.id) for a, b, _ in pairs}
    extra = [(n, o) for n, o in _frame_pairs(ctx) + _slot_pairs(ctx, slot_rows) if (n, o) not in seen]
    extra = list(dict.fromkeys(extra))
    if extra:
        ids = sorted({i for pair in extra for i in pair})
        vecs = dict(zip(ids, ctx.embeddings(ids), strict=True))
        pairs += [(_text(ctx, ctx.pos[n]), _text(ctx, ctx.pos[o]), float(vecs[n] @ vecs[o])) for n, o in extra]
    return [p for p in pairs if _one_voice(p[0].content, p[1].content)]


def _one_voice(newer: str, older: str) -> bool:
    """Whose fact it is: in a transcript, one speaker's turn replaces nothing another speaker said (the
    judge is trained on each speaker's own turns); a text without a speaker's label is anyone's."""
    a, b = speaker_of(newer)[0], speaker_of(older)[0]
    return a is None or b is None or a == b


def _older(ctx: RunContext, k: int, j: int) -> bool:
    s = ctx.snap
    return (s.created_at[j], ctx.id_of(j)) < (s.created_at[k], ctx.id_of(k))


def _frame_pairs(ctx: RunContext) -> list[tuple[int, int]]:
    """Each new memory with the older ones whose statements are alike once values are masked."""
    s = ctx.snap
    ks = sorted((k for k in range(len(s)) if ctx.current(k)), key=lambda k: (s.created_at[k], ctx.id_of(k)))
    out = []
    for n, k in enumerate(ks):
        if not ctx.is_new(k):
            continue
        fk = masked_frame(s.content[k])
        scored = [(len(fk & f) / max(1, len(fk | f)), -j) for j in ks[max(0, n - FRAME_SCAN):n]
                  if (f := masked_frame(s.content[j]))]
        out += [(ctx.id_of(k), ctx.id_of(-j)) for sc, j in sorted(scored, reverse=True)[:FRAME_PAIRS] if sc > 0]
    return out


def _slot_pairs(ctx: RunContext, rows: list[int]) -> list[tuple[int, int]]:
    """A new memory with each older statement of a slot it states (what the relation detector compares)."""
    out = []
    for k in rows:
        if ctx.is_new(k) and ctx.current(k):
            mine = _slots(ctx, k)
            older = [j for j in rows if _older(ctx, k, j) and ctx.current(j) and _slots(ctx, j) & mine]
            out += [(ctx.id_of(k), ctx.id_of(j)) for j in older[-FRAME_SCAN:]]
    return out


def _neighbour_pairs(ctx: RunContext) -> list[tuple[MemoryText, MemoryText, float]]:
    """(newer, older, cosine): each new current memory with its nearest older current ones. A long
    turn and a short fact about the same thing score low (0.1-0.3 seen on real conversations), so
    the nearest are taken by rank, not by a similarity floor. A few new memories are searched in the
    store (exact, within the user: no older vector is read); many (a first run, a backfill) by one
    matrix product over the user's vectors, since one exact scan per new memory is quadratic in SQL.
    The store's search ran before the run (`ctx.neighbours`)."""
    s = ctx.snap
    new = [ctx.id_of(k) for k in range(len(s)) if ctx.is_new(k) and ctx.current(k)]
    if not new:
        return []
    if len(new) > STORE_SEARCH_MAX_NEW or ctx.neighbours is None:
        return _pairs_in_memory(ctx)
    out = []
    for newer, older, sim in ctx.neighbours:
        if older in ctx.pos:
            out.append((_text(ctx, ctx.pos[newer]), _text(ctx, ctx.pos[older]), sim))
    return out


def _pairs_in_memory(ctx: RunContext) -> list[tuple[MemoryText, MemoryText, float]]:
    s = ctx.snap
    ks = [k for k in range(len(s)) if ctx.current(k)]
    new = [k for k in ks if ctx.is_new(k)]
    if len(ks) < 2:
        return []
    vecs = ctx.embeddings([ctx.id_of(k) for k in ks])
    rank = {k: r for r, k in enumerate(sorted(ks, key=lambda k: (s.created_at[k], ctx.id_of(k))))}
    ranks = np.array([rank[k] for k in ks])
    row_of = {k: n for n, k in enumerate(ks)}
    out = []
    for start in range(0, len(new), 512):  # bounded memory for heavy users: 512 x n similarities at a time
        chunk = new[start:start + 512]
        sims = vecs[[row_of[k] for k in chunk]] @ vecs.T
        sims[ranks[None, :] >= np.array([rank[k] for k in chunk])[:, None]] = -np.inf  # older only
        top = min(PAIRS_PER_MEMORY, len(ks) - 1)
        idx = np.argpartition(-sims, top - 1, axis=1)[:, :top]
        for row, k, cand in zip(sims, chunk, idx, strict=True):
            for j in sorted(cand, key=lambda j: -row[j]):
                if np.isfinite(row[j]):
                    out.append((_text(ctx, k), _text(ctx, ks[j]), float(row[j])))
    return out


def _slots(ctx: RunContext, k: int) -> set[str]:
    """The subject slots a memory states, as the save path stored them."""
    if not ctx.snap.facts.contains(k, '"slot"'):
        return set()
    return {f["slot"] for f in ctx.snap.facts[k] if f.get("kind") == "slot"}


def _text(ctx: RunContext, k: int) -> MemoryText:
    return MemoryText(str(ctx.id_of(k)), ctx.snap.content[k], ctx.snap.created_at[k])
