"""Store sizes: bulk load, then single-save latency, recall latency and consolidation at each size.

Bulk loads go through the save path itself (`save_batch`: quick check, facts, resolved dates, COPY)
with vectors embedded once per distinct sentence, so the store holds what ingest would have written
without paying the encoder for every row. Heavy users are loaded block-wise (see `_load_heavy`).
"""

from __future__ import annotations

import random
import sys
import time
import traceback
from dataclasses import dataclass, field
from datetime import datetime, timedelta

import numpy as np

from memory_pipeline.bench.workload import WorkloadSpec, generate_user, total_users, user_id_for
from memory_pipeline.records import MemoryIn, validate_record

KEEP_TABLES = ("schema_migrations", "store_settings")


@dataclass
class Loaded:
    spec: WorkloadSpec
    rows: int = 0
    distinct: int = 0
    embedded_now: int = 0
    seconds: float = 0.0
    users: list[str] = field(default_factory=list)
    heavy_users: list[str] = field(default_factory=list)
    held: list[list[MemoryIn]] = field(default_factory=list)  # slices kept back for incremental runs

    def describe(self) -> str:
        clones = (
            f"; regular users are clones of {self.spec.distinct_users} templates"
            if self.spec.distinct_users
            else ""
        )
        return (
            f"{self.rows:,} rows bulk-loaded through the save path with vectors embedded once per distinct"
            f" sentence ({self.distinct:,} distinct){clones}"
        )


def reset_store(svc) -> None:
    """Empty every data table of the bench's own store (Dagster's database is separate)."""
    svc.close()
    conn = svc.conn
    tables = [
        r[0]
        for r in conn.execute(
            "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND NOT tablename = ANY(%s)",
            (list(KEEP_TABLES),),
        )
    ]
    conn.execute(f"TRUNCATE {', '.join(tables)} RESTART IDENTITY CASCADE")


def workload_end(spec: WorkloadSpec) -> datetime:
    """'Now' for consolidation: just after the workload's last day (the agent talked until today)."""
    return spec.start + timedelta(days=round(spec.months * 30.4375) + 1)


def _record(m, max_chars: int) -> MemoryIn:
    return validate_record({**m.to_json(), "created_at": m.created_at}, max_chars=max_chars)


def load(bench, spec: WorkloadSpec, *, hold: tuple[float, ...] = (), seed: int = 0) -> Loaded:
    """Reset the store and load `spec`; per user, `hold` fractions of the newest memories are kept back."""
    from memory_pipeline.save import save_batch

    svc, cfg = bench.service, bench.settings.save
    reset_store(svc)
    conn = svc.conn
    t0 = time.perf_counter()
    n_all = total_users(spec)
    templates = range(spec.distinct_users) if spec.distinct_users else range(spec.n_users)
    scan = [*templates, *range(spec.n_users, n_all)]
    distinct: set[str] = set()
    for i in scan:
        distinct.update(m.content for m in generate_user(spec, i)[0])
    res = Loaded(spec, distinct=len(distinct), held=[[] for _ in hold])
    res.embedded_now = bench.cache.ensure(distinct)
    rng = random.Random(seed)
    batch: list[MemoryIn] = []

    def flush() -> None:
        if batch:
            with conn.transaction():
                save_batch(conn, batch, bench.cache.vectors([r.content for r in batch]), cfg)
            res.rows += len(batch)
            batch.clear()

    next_note = 200_000
    for i in range(n_all):
        mems = generate_user(spec, i)[0]
        uid = user_id_for(spec, i)
        recs = [_record(m, cfg.max_content_chars) for m in mems]
        cut = len(recs)
        # newest first: slice h+1 is later than slice h; heavy users are measured on their own
        for h, frac in reversed(list(enumerate(hold)) if i < spec.n_users else ()):
            k = min(int(len(recs) * frac) + (rng.random() < (len(recs) * frac) % 1), cut - 1)
            res.held[h].extend(recs[cut - k : cut])
            cut -= k
        recs = recs[:cut]
        if i >= spec.n_users:
            res.heavy_users.append(uid)
            flush()
            _load_heavy(conn, recs, bench.cache.vectors([r.content for r in recs]), cfg)
            res.rows += len(recs)
            continue
        res.users.append(uid)
        batch.extend(recs)
        if len(batch) >= bench.plan.load_batch:
            flush()
        if res.rows >= next_note:
            bench.echo(f"  loaded {res.rows:,} rows ({time.perf_counter() - t0:.0f} s)")
            next_note += 200_000
    flush()
    svc.close()
    # a real store has been vacuumed by now: index-only scans need the visibility map
    svc.conn.execute("VACUUM ANALYZE memories")
    res.seconds = time.perf_counter() - t0
    return res


def save_held(bench, recs: list[MemoryIn]) -> None:
    from memory_pipeline.save import save_batch

    conn = bench.service.conn
    for start in range(0, len(recs), bench.plan.load_batch):
        part = recs[start : start + bench.plan.load_batch]
        with conn.transaction():
            save_batch(conn, part, bench.cache.vectors([r.content for r in part]), bench.settings.save)


def _load_heavy(conn, recs: list[MemoryIn], vecs: np.ndarray, cfg, block: int = 2048) -> None:
    """One big user: per-row nearest-neighbour queries over up to 50k rows would take a quarter of an
    hour, so the nearest earlier (non-duplicate) memory is found by matrix products instead (exact, the
    same neighbour a one-by-one save would see), then the save path's own decision and row builders."""
    from memory_pipeline.lib import dedup
    from memory_pipeline.save import dates_json, facts_json
    from memory_pipeline.store import memories as sql

    n = len(recs)
    ids = sql.allocate_ids(conn, n)
    active = np.zeros(n, dtype=bool)
    root = np.arange(n)
    hashes = [r.content_hash for r in recs]
    for start in range(0, n, block):
        stop = min(n, start + block)
        v = vecs[start:stop]
        best = np.full(stop - start, -np.inf, dtype=np.float32)
        arg = np.full(stop - start, -1)
        prev = np.flatnonzero(active[:start])
        for p in range(0, len(prev), 8192):
            cols = prev[p : p + 8192]
            sims = v @ vecs[cols].T
            j = sims.argmax(axis=1)
            s = sims[np.arange(len(j)), j]
            better = s > best
            best[better], arg[better] = s[better], cols[j[better]]
        inner = v @ v.T
        rows, actions, mentions = [], [], {}
        for i in range(start, stop):
            k = i - start
            earlier = np.flatnonzero(active[start:i])
            if len(earlier):
                j = earlier[inner[k, earlier].argmax()]
                if inner[k, j] > best[k]:
                    best[k], arg[k] = inner[k, j], start + j
            m = int(arg[k])
            rec = recs[i]
            d = dedup.decide(
                float(best[k]) if m >= 0 else None,
                rec.content,
                recs[m].content if m >= 0 else None,
                dedup_threshold=cfg.dedup_threshold,
                flag_threshold=cfg.flag_threshold,
                same_hash=m >= 0 and hashes[m] == hashes[i],
            )
            dup = d.action == dedup.DEDUPLICATED
            active[i] = not dup
            if dup:
                root[i] = root[m]
                mentions[ids[root[i]]] = mentions.get(ids[root[i]], 0) + 1
            flagged = d.action == dedup.FLAGGED
            rows.append(
                sql.memory_row(
                    id=ids[i],
                    rec=rec,
                    facts=facts_json(rec.content),
                    dates=dates_json(rec),
                    embedding=vecs[i],
                    flagged=flagged,
                    flag_reason=d.reason if flagged else None,
                    duplicate_of=ids[root[i]] if dup else None,
                    match_id=ids[m] if m >= 0 else None,
                    similarity=float(best[k]) if m >= 0 else None,
                )
            )
            if d.action != dedup.INSERTED:
                actions.append(
                    {
                        "user_id": rec.user_id,
                        "action": "AUTO_DEDUP" if dup else "FLAG",
                        "memory_ids": [ids[i]],
                        "target_id": str(ids[m]),
                        "similarity": float(best[k]),
                        "reason": d.reason,
                        "inputs": {"stage": "save", "conflicts": list(d.conflicts)},
                    }
                )
        with conn.transaction():
            sql.copy_memories(conn, rows)
            sql.bump_mentions(conn, mentions)
            sql.insert_actions(conn, actions)


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
    from collections import Counter

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
    """MemoryService.recall end to end (query embedding, search, rows), activation tracking on."""
    from memory_pipeline.store.indexes import has_index

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
    out = {}
    for name, users in groups.items():
        times, empty, sizes = [], 0, []
        for _ in range(n):
            u = rng.choice(users)
            q = rng.choice(pool)
            t0 = time.perf_counter()
            rows = svc.recall(u, q, mode="standard", limit=10)
            times.append((time.perf_counter() - t0) * 1000)
            empty += not rows
            sizes.append(counts.get(u, 0))
        out[name] = {
            **percentiles(times),
            "user_memories_median": int(np.median(sizes)),
            "empty_results": empty,
        }
        if len(users) == 1:
            out[name]["hnsw_index"] = has_index(svc.conn, users[0])
    svc.close()  # flushes the activation thread before the next phase
    return out


def stages(bench) -> dict:
    from memory_pipeline.bench.report import render_measure

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
    from memory_pipeline.bench import measure_consolidation as mc

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
            "raw": recall_latency(bench, loaded, st.recall_n),
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
        if wants_recall:
            out["recall"][st.name]["consolidated"] = recall_latency(bench, loaded, st.recall_n)
