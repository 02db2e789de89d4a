"""CLUSTER: by embedding only, time ignored; incremental, so new memories join existing
clusters by centroid or form clusters with the pool of unclustered older ones."""

from __future__ import annotations

from dataclasses import replace

from memory_pipeline.consolidation.context import Found, RunContext
from memory_pipeline.consolidation.phases.base import PhaseResult
from memory_pipeline.consolidation.writer import Writer
from memory_pipeline.engines.base import Engine
from memory_pipeline.lib import clustering

NAME = "cluster"
ASSET = "memory_clusters"


def run(ctx: RunContext, writer: Writer, engine: Engine, found: Found) -> PhaseResult:
    res = PhaseResult(NAME, ASSET)
    s, cfg = ctx.snap, ctx.config
    unclustered = [k for k in range(len(s)) if ctx.current(k) and s.cluster_id[k] is None]
    new = [ctx.id_of(k) for k in unclustered if ctx.is_new(k)]
    if not new:
        return res
    pool = [ctx.id_of(k) for k in unclustered if not ctx.is_new(k)]
    if ctx.pool_near is not None:  # only rows near a new one can group with it: the plan is the same
        pool = [i for i in pool if i in ctx.pool_near]
    existing = [clustering.ExistingCluster(cid, c, n) for cid, c, n in ctx.clusters()]
    plan = clustering.plan_clusters(
        [str(i) for i in new], ctx.embeddings(new), pool_ids=[str(i) for i in pool],
        pool_vecs=ctx.embeddings(pool) if pool else None, existing=existing,
        threshold=cfg.cluster_threshold, min_size=cfg.min_cluster_size, max_size=cfg.max_cluster_size,
    )
    assign: dict[int, str] = {}
    for cid, members in plan.joins.items():
        assign.update({int(m): cid for m in members})
        writer.act("CLUSTER_JOIN", [int(m) for m in members],
                   f"joined cluster {cid} (centroid similarity >= {cfg.cluster_threshold})", target=cid)
    for members in plan.new_clusters:
        cid = clustering.deterministic_cluster_id(ctx.user_id, list(members))
        assign.update({int(m): cid for m in members})
        writer.act("CLUSTER", [int(m) for m in members],
                   f"{len(members)} memories within cosine {cfg.cluster_threshold} of each other", target=cid)
    writer.set_memory("cluster_id", assign)
    touched = set(assign.values())
    members_of = ctx.members_by_cluster(touched)
    writer.upsert_clusters([(cid, ctx.centroid(members_of[cid]), len(members_of[cid]))
                            for cid in sorted(touched)])
    res.found = replace(found, touched_clusters=found.touched_clusters | touched)
    res.counts["clusters_new"] += len(plan.new_clusters)
    res.counts["clusters_joined"] += len(plan.joins)
    return res
