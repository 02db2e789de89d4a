"""Loading a workload into the bench's store, shared by the scale and consolidation measures.

Bulk loads go through the save path itself (`save_batch`: quick check, facts, resolved dates, COPY)
with vectors embedded once per distinct sentence, so the store holds what ingest would have written
without paying the encoder for every row. Heavy users are loaded block-wise (see `_HeavyLoad`).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from datetime import datetime, timedelta

import numpy as np

from memory_pipeline.bench.workload import WorkloadSpec, generate_user, total_users, user_id_for
from memory_pipeline.lib import dedup
from memory_pipeline.records import MemoryIn, validate_record
from memory_pipeline.save import dates_json, facts_json, save_batch
from memory_pipeline.store import memories as sql

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
    conn = bench.service.conn
    for start in range(0, len(recs), bench.plan.load_batch):
        part = recs[start : start + bench.plan.load_batch]
        with conn.transaction():
            save_batch(conn, part, bench.cache.vectors([r.content for r in part]), bench.settings.save)


class _HeavyLoad:
    """One big user: per-row nearest-neighbour queries over up to 50k rows would take a quarter of an
    hour, so the nearest earlier (non-duplicate) memory is found by matrix products instead (exact, the
    same neighbour a one-by-one save would see), then the save path's own decision and row builders."""

    def __init__(self, conn, recs: list[MemoryIn], vecs: np.ndarray, cfg):
        n = len(recs)
        self.recs, self.vecs, self.cfg = recs, vecs, cfg
        self.ids = sql.allocate_ids(conn, n)
        self.active = np.zeros(n, dtype=bool)
        self.root = np.arange(n)
        self.hashes = [r.content_hash for r in recs]

    def nearest_before(self, start: int, stop: int) -> tuple[np.ndarray, np.ndarray]:
        """Per row of the block, the best similarity and index among active rows of earlier blocks."""
        vecs, v = self.vecs, self.vecs[start:stop]
        best = np.full(stop - start, -np.inf, dtype=np.float32)
        arg = np.full(stop - start, -1)
        prev = np.flatnonzero(self.active[:start])
        for p in range(0, len(prev), 8192):
            cols = prev[p : p + 8192]
            sims = v @ vecs[cols].T
            j = sims.argmax(axis=1)
            s = sims[np.arange(len(j)), j]
            better = s > best
            best[better], arg[better] = s[better], cols[j[better]]
        return best, arg

    def block(self, start: int, stop: int) -> tuple[list, list[dict], dict]:
        """Rows, actions and mention bumps of one block, decided in order as single saves would be."""

        recs, hashes, active, cfg = self.recs, self.hashes, self.active, self.cfg
        best, arg = self.nearest_before(start, stop)
        v = self.vecs[start:stop]
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
            d = dedup.decide(
                float(best[k]) if m >= 0 else None,
                recs[i].content,
                recs[m].content if m >= 0 else None,
                dedup_threshold=cfg.dedup_threshold,
                flag_threshold=cfg.flag_threshold,
                same_hash=m >= 0 and hashes[m] == hashes[i],
            )
            dup = d.action == dedup.DEDUPLICATED
            active[i] = not dup
            if dup:
                self.root[i] = self.root[m]
                top = self.ids[self.root[i]]
                mentions[top] = mentions.get(top, 0) + 1
            flagged = d.action == dedup.FLAGGED
            rows.append(self._row(i, m, d, dup, flagged, float(best[k]) if m >= 0 else None))
            if d.action != dedup.INSERTED:
                actions.append(self._action(i, m, d, dup, float(best[k])))
        return rows, actions, mentions

    def _row(self, i: int, m: int, d, dup: bool, flagged: bool, similarity: float | None):
        rec, ids = self.recs[i], self.ids
        return sql.memory_row(
            id=ids[i],
            rec=rec,
            facts=facts_json(rec.content),
            dates=dates_json(rec),
            embedding=self.vecs[i],
            flagged=flagged,
            flag_reason=d.reason if flagged else None,
            duplicate_of=ids[self.root[i]] if dup else None,
            match_id=ids[m] if m >= 0 else None,
            similarity=similarity,
        )

    def _action(self, i: int, m: int, d, dup: bool, similarity: float) -> dict:
        return {
            "user_id": self.recs[i].user_id,
            "action": "AUTO_DEDUP" if dup else "FLAG",
            "memory_ids": [self.ids[i]],
            "target_id": str(self.ids[m]),
            "similarity": similarity,
            "reason": d.reason,
            "inputs": {"stage": "save", "conflicts": list(d.conflicts)},
        }


def _load_heavy(conn, recs: list[MemoryIn], vecs: np.ndarray, cfg, block: int = 2048) -> None:
    """Load one heavy user block by block (see `_HeavyLoad`), each block in one transaction."""

    heavy = _HeavyLoad(conn, recs, vecs, cfg)
    for start in range(0, len(recs), block):
        rows, actions, mentions = heavy.block(start, min(len(recs), start + block))
        with conn.transaction():
            sql.copy_memories(conn, rows)
            sql.bump_mentions(conn, mentions)
            sql.insert_actions(conn, actions)
