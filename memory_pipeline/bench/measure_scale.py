"""Store sizes: bulk load, then single-save latency, recall latency and consolidation at each size.

Loading (through the save path, vectors embedded once per distinct sentence) is `loading.load`.
"""

from __future__ import annotations

import random
import sys
import time
import traceback
from collections import Counter

import numpy as np
import psutil

from memory_pipeline.bench import measure_consolidation as mc
from memory_pipeline.bench.loading import Loaded, load, workload_end
from memory_pipeline.bench.report import render_measure
from memory_pipeline.bench.workload import WorkloadSpec, generate_user
from memory_pipeline.embedding.query_cache import QUERIES
from memory_pipeline.store.indexes import drop_user_index, ensure_user_index, index_layout


def percentiles(ms: list[float]) -> dict:
    a = np.asarray(ms)
    return {
        "n": len(ms),
        "p50_ms": round(float(np.percentile(a, 50)), 2),
        "p95_ms": round(float(np.percentile(a, 95)), 2),
        "p99_ms": round(float(np.percentile(a, 99)), 2),
        "mean_ms": round(float(a.mean()), 2),
    }


def fresh_sentences(n: int, seed: int) -> list[str]:
    """Texts from users no stage loads: new content that mostly takes the insert path."""
    spec = WorkloadSpec.for_total(3 * n + 50, max(3, n // 20), seed=seed, user_prefix="new")
    out: list[str] = []
    i = 0
    while len(out) < n:
        out.extend(m.content for m in generate_user(spec, i % spec.n_users)[0])
        i += 1
    random.Random(seed).shuffle(out)
    return out[:n]


def save_latency(bench, loaded: Loaded, n: int) -> dict:
    """MemoryService.remember end to end (validation, embedding, quick check, insert), one at a time."""

    svc = bench.service
    rng = random.Random(3)
    stored = svc.stats()["memories"]
    texts = fresh_sentences(n + 10, seed=1000 + len(loaded.users))
    for t in texts[:10]:  # warm-up: prepared statements, first allocations
        svc.remember(rng.choice(loaded.users), t)
    times, actions = [], Counter()
    for t in texts[10:]:
        user = rng.choice(loaded.users)
        t0 = time.perf_counter()
        r = svc.remember(user, t)
        times.append((time.perf_counter() - t0) * 1000)
        actions[r.action] += 1
    return {
        "stored": stored,
        **percentiles(times),
        "actions": dict(actions),
        "target": "p95 <= 15 ms at 100k stored",
    }


def recall_latency(bench, loaded: Loaded, n: int) -> dict:
    """MemoryService.recall end to end (query embedding, search, rows), activation tracking on.

    Each draw (user, question) is timed twice: cold (the query embedding cache emptied first, as for a
    question never asked) and repeated at once (its vector cached). Cold is the headline figure."""


    svc = bench.service
    rng = random.Random(5)
    pool = [
        q.text
        for i in range(min(50, loaded.spec.n_users))
        for q in generate_user(loaded.spec, i)[1].questions
    ] or ["what do I like?"]
    counts = dict(svc.conn.execute("SELECT user_id, count(*) FROM memories GROUP BY user_id").fetchall())
    groups = {"small": loaded.users, **{f"heavy {u}": [u] for u in loaded.heavy_users}}
    for _ in range(10):
        svc.recall(rng.choice(loaded.users), rng.choice(pool))
    proc = psutil.Process()
    out = {}
    for name, users in groups.items():
        cold, repeated, empty, sizes = [], [], 0, []
        rss0 = proc.memory_info().rss
        for _ in range(n):
            u = rng.choice(users)
            q = rng.choice(pool)
            QUERIES.clear()
            for times in (cold, repeated):
                t0 = time.perf_counter()
                rows = svc.recall(u, q, mode="standard", limit=10)
                times.append((time.perf_counter() - t0) * 1000)
            empty += not rows
            sizes.append(counts.get(u, 0))
        out[name] = {
            **percentiles(cold),
            "repeated_query": percentiles(repeated),
            "user_memories_median": int(np.median(sizes)),
            "empty_results": empty,
            "rss_mb": round(proc.memory_info().rss / 2**20, 1),
            "rss_growth_mb": round((proc.memory_info().rss - rss0) / 2**20, 1),
        }
        if len(users) == 1:
            out[name]["hnsw_index"] = index_layout(svc.conn, users[0])
    svc.close()  # flushes the activation thread before the next phase
    return out


def _raw_recall(bench, loaded: Loaded, n: int) -> dict:
    """Recall on the raw store, heavy users with their HNSW indexes as a live store has them (built when
    they crossed the threshold); the indexes are dropped again so consolidation is measured as before
    and they are rebuilt after it (`index_heavy_users`)."""

    built = [u for u in loaded.heavy_users if ensure_user_index(bench.service.url, u)]
    try:
        return recall_latency(bench, loaded, n)
    finally:
        for u in built:
            drop_user_index(bench.service.url, u)


def stages(bench) -> dict:
    sel = set(bench.selected)
    out: dict[str, dict] = {k: {} for k in ("save", "recall", "consolidation", "memory") if k in sel}
    for st in bench.plan.stages:
        try:
            _stage(bench, st, sel, out)
        except Exception as e:  # the other sizes still count
            traceback.print_exc(file=sys.stderr)
            for k in out:  # measures this size did not get to carry the error
                out[k].setdefault(st.name, {"error": f"{type(e).__name__}: {e}"})
        for k, v in out.items():
            bench.checkpoint(k, v)
            if st.name in v:  # each size's tables as soon as it is done
                bench.echo(render_measure(k, {st.name: v[st.name]}))
    return out


def _stage(bench, st, sel: set[str], out: dict) -> None:
    wants_save = "save" in sel and st.save_n
    wants_recall = "recall" in sel and st.recall_n
    wants_cons = "consolidation" in sel and st.consolidate
    wants_mem = "memory" in sel and st.heavy
    if not (wants_save or wants_recall or wants_cons or wants_mem):
        return
    spec = WorkloadSpec.for_total(
        st.total,
        st.users,
        seed=21,
        distinct_users=st.distinct_users,
        heavy_users=st.heavy,
        user_prefix=f"s{st.name.lower()}-",
    )
    inc = {"all": 1, "changed": 1, "both": 2}.get(st.incremental, 0) if wants_cons else 0
    bench.echo(
        f"stage {st.name}: loading {st.total:,} memories over {st.users:,} users"
        + (f" + heavy {list(st.heavy)}" if st.heavy else "")
    )
    loaded = load(bench, spec, hold=(0.01,) * inc)
    bench.echo(f"  {loaded.describe()}; {loaded.seconds:.0f} s")
    note = loaded.describe()
    if wants_save:
        out["save"][st.name] = {**save_latency(bench, loaded, st.save_n), "store": note}
        bench.checkpoint("save", out["save"])
    if wants_recall:
        out["recall"][st.name] = {
            "users": len(loaded.users) + len(loaded.heavy_users),
            "raw": _raw_recall(bench, loaded, st.recall_n),
            "store": note,
            "stored": loaded.rows,
        }
        bench.checkpoint("recall", out["recall"])
    if wants_mem:
        out["memory"][st.name] = {u: mc.heavy_user(bench, loaded, u) for u in loaded.heavy_users}
        bench.checkpoint("memory", out["memory"])
    if wants_cons:
        out["consolidation"][st.name] = {
            **mc.full_and_incremental(bench, loaded, st.incremental),
            "store": note,
        }
        bench.checkpoint("consolidation", out["consolidation"])
        if loaded.heavy_users:  # as the Dagster asset does: consolidate, then index if heavy enough
            out["consolidation"][st.name]["heavy_users"] = mc.index_heavy_users(bench, loaded, wants_mem)
    if wants_recall and st.consolidate:
        if not wants_cons:  # consolidated as a nightly run would, untimed
            mc.run_child(bench, loaded.users + loaded.heavy_users, workload_end(loaded.spec), "bench-recall")
            mc.index_heavy_users(bench, loaded, True)
        out["recall"][st.name]["consolidated"] = recall_latency(bench, loaded, st.recall_n)
        bench.checkpoint("recall", out["recall"])
