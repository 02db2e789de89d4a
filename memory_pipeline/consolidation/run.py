"""One user's consolidation, in one transaction: all or nothing.

Phases (seed 003, with supersession first so that summaries know what is no longer current):
SUPERSESSION -> CLUSTER -> SUMMARIZE -> DECIDE (seed 002) -> TIER -> PROFILE -> CONTEXT -> PERSIST.
The phases work on an in-memory copy of the user's rows; writes go through `_Writer`, which does
nothing in dry-run mode (only the actions are logged, flagged as dry run).
"""

from __future__ import annotations

import hashlib
import logging
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import UTC, datetime

import numpy as np
import psycopg

from memory_pipeline.consolidation.engine import Engine
from memory_pipeline.lib import clustering, retention
from memory_pipeline.lib.profile import ProfileSource
from memory_pipeline.lib.session_block import BlockSummary, render_block
from memory_pipeline.lib.summarize import SourceItem, merge_text
from memory_pipeline.lib.supersession import MemoryText
from memory_pipeline.lib.textfacts import merge_conflicts
from memory_pipeline.store import consolidation as store
from memory_pipeline.store import memories as mem_sql

log = logging.getLogger(__name__)

MODES = ("apply", "review")


@dataclass(frozen=True)
class ConsolidationConfig:
    cluster_threshold: float = 0.80
    min_cluster_size: int = 3
    max_cluster_size: int = 20
    replace_threshold: float = 0.90  # seed 002: REPLACE only at >= 0.9
    batch_size: int = 10  # seed 002: ~10 candidates per decision batch
    batch_timeout_s: float = 60.0
    token_budget: int = 2000
    episode_size: int = 16  # seed 004: N -> 1 summaries of what is not yet summarised, per conversation
    min_episode: int = 3
    retention: retention.RetentionConfig = field(default_factory=retention.RetentionConfig)


@dataclass
class UserOutcome:
    user_id: str
    status: str = "ok"  # ok | skipped
    counts: Counter = field(default_factory=Counter)
    changed_rows: int = 0
    previews: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    seconds: float = 0.0
    compression: dict[str, float] = field(default_factory=dict)
    profile_to_embed: tuple[str, str] | None = None

    def to_dict(self) -> dict:
        return {"user_id": self.user_id, "status": self.status, "counts": dict(self.counts),
                "changed_rows": self.changed_rows, "seconds": round(self.seconds, 3),
                "compression": self.compression}


def stable_id(prefix: str, *parts: object) -> str:
    h = hashlib.sha256("\x1f".join(map(str, parts)).encode()).hexdigest()[:20]
    return f"{prefix}_{h}"


class _Run:
    def __init__(self, conn, snap: store.Snapshot, *, engine: Engine, run_id: str | None, mode: str,
                 dry_run: bool, now: datetime, config: ConsolidationConfig, embed=None):
        self.conn, self.s, self.engine, self.run_id = conn, snap, engine, run_id
        self.embed = embed  # texts -> unit vectors; lets recall rank the profile (None: no profile vector)
        self.mode, self.dry, self.now, self.cfg = mode, dry_run, now, config
        self.out = UserOutcome(snap.user_id)
        self.pos = {int(i): k for k, i in enumerate(snap.ids)}
        self.actions: list[dict] = []
        self.planned_versions: dict[int, int] = {}
        self._emb: dict[int, np.ndarray] = {}
        self.supersede_reason: dict[tuple[int, int], str] = {}
        self._pending: dict = {"delete": [], "rows": [], "edges": [], "links": {}}
        self._summ: list[dict] | None = None
        self.changes: dict[str, dict[int, object]] = {}
        self.pending = store.pending_suggestions(conn, snap.user_id) if mode == "review" else []
        self.known_suggestions = store.known_suggestion_ids(conn, snap.user_id) if mode == "review" else set()

    # -- helpers ------------------------------------------------------------------------------------
    def active(self, k: int) -> bool:
        return self.s.duplicate_of[k] is None

    def current(self, k: int) -> bool:
        return self.active(k) and self.s.superseded_by[k] is None

    def embeddings(self, ids: list[int]) -> np.ndarray:
        missing = [i for i in ids if i not in self._emb]
        if missing:
            for i, v in zip(missing, store.load_embeddings(self.conn, missing), strict=True):
                self._emb[i] = v
        if not ids:
            return np.zeros((0, 1), dtype=np.float32)
        return np.vstack([self._emb[i] for i in ids])

    def act(self, action: str, memory_ids, reason: str, *, target: str | None = None,
            similarity: float | None = None, **inputs) -> None:
        self.actions.append({
            "user_id": self.s.user_id, "run_id": self.run_id, "action": action,
            "memory_ids": [int(m) for m in memory_ids], "target_id": target, "similarity": similarity,
            "reason": reason, "inputs": inputs, "dry_run": self.dry,
        })
        self.out.counts[f"action:{action}"] += 1

    def set_memory(self, column: str, pgtype: str, changes: dict[int, object]) -> None:
        """Record derived column values for memory ids; `write_memories` writes them all at once."""
        if changes:  # callers pass real changes only (a re-run with nothing new records none)
            self.changes.setdefault(column, {}).update(changes)

    def write_memories(self) -> None:
        if self.dry or not self.changes:
            return
        ids = {i for col in self.changes.values() for i in col}
        versions = {i: int(self.s.version[self.pos[i]]) for i in ids}
        self.planned_versions.update(versions)
        written = store.update_memories(self.conn, self.changes, versions)
        self.out.changed_rows += len(written)

    def overlaps_pending(self, memory_ids: set[int]) -> bool:
        return any(memory_ids & set(p["memory_ids"]) for p in self.pending)

    def suggest(self, action: str, memory_ids: list[int], reason: str, *, content: str | None = None,
                similarity: float | None = None, payload: dict | None = None) -> None:
        sid = stable_id("sug", self.s.user_id, action, sorted(memory_ids), content or "")
        if sid in self.known_suggestions:
            return  # already suggested (pending, accepted or rejected): never ask twice
        if self.overlaps_pending(set(memory_ids)):
            self.act("SKIP", memory_ids, f"{action} not suggested: overlaps a pending suggestion")
            return
        row = {"id": sid, "user_id": self.s.user_id, "action": action, "memory_ids": memory_ids,
               "suggested_content": content, "payload": payload or {}, "reason": reason,
               "similarity": similarity, "run_id": self.run_id}
        self.pending.append(row)
        self.known_suggestions.add(sid)
        self.out.counts["suggestions"] += 1
        if not self.dry:
            store.insert_suggestion(self.conn, row)
            self.out.changed_rows += 1
        self.act("SUGGEST", memory_ids, f"{action}: {reason}", target=sid, similarity=similarity)

    # -- phases -------------------------------------------------------------------------------------
    def supersession(self) -> None:
        s = self.s
        cand = [k for k in range(len(s)) if self.active(k) and s.facts.contains(k, '"slot"')
                and any(f.get("kind") == "slot" for f in s.facts[k])]
        if not any(int(s.ids[k]) > s.high_water for k in cand):
            return  # no new subject-slot statement: the edges of earlier runs stand (incremental runs)
        found = self.engine.supersessions(
            [MemoryText(str(int(s.ids[k])), s.content[k], s.created_at[k]) for k in cand]
        )
        existing = store.existing_edges(self.conn, s.user_id, "supersedes")
        edges, links = [], {}
        for sup in found:
            newer, older = int(sup.newer_id), int(sup.older_id)
            self.supersede_reason[(newer, older)] = sup.reason
            ko = self.pos[older]
            if (str(newer), str(older)) in existing:
                if s.superseded_by[ko] is None and self.mode == "apply":
                    links[older] = newer  # edge accepted earlier, link not yet set
                continue
            if self.mode == "review":
                self.suggest("UPDATE", [newer, older], sup.reason, payload={"slot": sup.slot, "newer": newer,
                             "older": older, "old_value": sup.old_value, "new_value": sup.new_value})
                continue
            edges.append({"id": stable_id("edge", s.user_id, "supersedes", newer, older), "user_id": s.user_id,
                          "edge_type": "supersedes", "source_id": str(newer), "target_id": str(older),
                          "weight": float(sup.confidence), "reason": sup.reason, "run_id": self.run_id})
            if s.superseded_by[ko] is None:
                links[older] = newer
            self.act("SUPERSEDE", [newer, older], sup.reason, target=str(older), slot=sup.slot,
                     old_value=sup.old_value, new_value=sup.new_value, method=self.engine.supersession_method)
            self.out.previews["supersession_edges"].append(f"{sup.reason}")
        if not self.dry:
            self.out.changed_rows += store.insert_edges(self.conn, edges)
        self.set_memory("superseded_by", "bigint", links)
        for older, newer in links.items():
            s.superseded_by[self.pos[older]] = newer
        self.out.counts["supersession_edges"] += len(edges)

    def cluster(self) -> set[str]:
        s, cfg = self.s, self.cfg
        new = [int(s.ids[k]) for k in range(len(s)) if self.current(k) and s.cluster_id[k] is None
               and int(s.ids[k]) > s.high_water]
        if not new:
            return set()
        pool = [int(s.ids[k]) for k in range(len(s)) if self.current(k) and s.cluster_id[k] is None
                and int(s.ids[k]) <= s.high_water]
        existing = [clustering.ExistingCluster(cid, c, n) for cid, c, n in store.load_clusters(self.conn, s.user_id)]
        plan = clustering.plan_clusters(
            [str(i) for i in new], self.embeddings(new), pool_ids=[str(i) for i in pool],
            pool_vecs=self.embeddings(pool) if pool else None, existing=existing,
            threshold=cfg.cluster_threshold, min_size=cfg.min_cluster_size, max_size=cfg.max_cluster_size,
        )
        assign: dict[int, str] = {}
        for cid, members in plan.joins.items():
            for m in members:
                assign[int(m)] = cid
            self.act("CLUSTER_JOIN", [int(m) for m in members], f"joined cluster {cid} (centroid similarity"
                     f" >= {cfg.cluster_threshold})", target=cid)
        for members in plan.new_clusters:
            cid = clustering.deterministic_cluster_id(s.user_id, list(members))
            for m in members:
                assign[int(m)] = cid
            self.act("CLUSTER", [int(m) for m in members], f"{len(members)} memories within cosine"
                     f" {cfg.cluster_threshold} of each other", target=cid)
        for mid, cid in assign.items():
            s.cluster_id[self.pos[mid]] = cid
        self.set_memory("cluster_id", "text", assign)
        touched = set(assign.values())
        members_of = self.members_by_cluster(touched)
        rows = []
        for cid in sorted(touched):
            vecs = self.embeddings(members_of[cid])
            rows.append((cid, clustering.centroid(vecs), len(members_of[cid])))
        if not self.dry:
            store.upsert_clusters(self.conn, s.user_id, rows, "embedding-agglomerative", self.run_id)
            self.out.changed_rows += len(rows)
        self.out.counts["clusters_new"] += len(plan.new_clusters)
        self.out.counts["clusters_joined"] += len(plan.joins)
        return touched

    def members_by_cluster(self, cluster_ids: set[str]) -> dict[str, list[int]]:
        out: dict[str, list[int]] = defaultdict(list)
        for k in range(len(self.s)):
            cid = self.s.cluster_id[k]
            if cid in cluster_ids and self.active(k):
                out[cid].append(int(self.s.ids[k]))
        return out

    def summarize(self, touched: set[str]) -> None:
        s = self.s
        if not touched:
            return
        members_of = self.members_by_cluster(touched)
        old = store.summaries_for_clusters(self.conn, s.user_id, sorted(touched))
        for cid in sorted(touched):
            self._write_summary(cid, sorted(members_of[cid]), "cluster", f"cluster {cid}", old.get(cid))

    def _write_summary(self, cid: str | None, ids: list[int], scope: str, label: str,
                       replaces: str | None = None) -> None:
        s = self.s
        ks = [self.pos[i] for i in ids]
        items = [SourceItem(str(i), s.content[k], s.created_at[k],
                            facts=tuple(_fact_text(f) for f in s.facts[k] if f.get("kind") != "slot"),
                            resolved_dates=tuple((d["text"], _date_range(d)) for d in s.resolved_dates[k]))
                 for i, k in zip(ids, ks, strict=True)]
        members = set(ids)
        superseded = [(str(o), s.content[self.pos[o]], s.content[self.pos[n]])
                      for (n, o) in sorted(self.supersede_reason) if n in members]
        sid = stable_id("sum", s.user_id, scope, cid, ids, self.engine.summary_method)
        if replaces == sid:
            return
        draft = self.engine.summarize(items, superseded)
        source_chars = sum(len(s.content[k]) for k in ks)
        vec = clustering.centroid(self.embeddings(ids))  # the members' centre stands for the summary
        row = {
            "id": sid, "user_id": s.user_id, "cluster_id": cid, "namespace": _majority(s.namespace[k] for k in ks),
            "content": draft.content, "key_facts": list(draft.key_facts), "decisions": list(draft.decisions),
            "superseded_facts": list(draft.superseded_facts), "resolved_dates": list(draft.resolved_dates),
            "source_ids": ids, "source_chars": source_chars, "temporal_start": draft.temporal_range[0],
            "temporal_end": draft.temporal_range[1], "scope": scope, "method": self.engine.summary_method,
            "model": self.engine.model, "prompt_version": self.engine.prompt_version, "run_id": self.run_id,
            "embedding": vec, "confidence": float(draft.confidence), "tier": retention.TIER_WARM,
        }
        # written in one batch per phase (flush_summaries): a user has dozens of summaries per run
        if replaces:
            self._pending["delete"].append(replaces)
        self._pending["rows"].append(row)
        self._pending["edges"].extend(
            {"id": stable_id("edge", s.user_id, "consolidates", sid, i), "user_id": s.user_id,
             "edge_type": "consolidates", "source_id": sid, "target_id": str(i), "weight": 1.0,
             "reason": f"source of {scope} summary {sid}", "run_id": self.run_id} for i in ids)
        self._pending["links"].update({i: sid for i in ids})
        for k in ks:
            s.summarized_into[k] = sid
        self.act("SUMMARIZE", ids, f"{label}: {len(ids)} -> 1, {source_chars} -> {len(draft.content)} chars"
                 f" ({self.engine.summary_method})", target=sid, scope=scope)
        self.out.counts["summaries_written"] += 1
        self.out.counts[f"summaries_{scope}"] += 1
        self.out.counts["summary_sources"] += len(ids)
        self.out.counts["summary_source_chars"] += source_chars
        self.out.counts["summary_chars"] += len(draft.content)
        self.out.previews["summaries"].append(f"[{scope}] {draft.content[:160]} ({len(ids)} sources)")

    def summaries(self) -> list[dict]:
        """The user's summaries as written so far (read once, after the summary phases)."""
        if self._summ is None:
            self._summ = store.user_summaries(self.conn, self.s.user_id)
        return self._summ

    def flush_summaries(self) -> None:
        p = self._pending
        if not self.dry and p["rows"]:
            store.delete_summaries(self.conn, p["delete"])
            store.insert_summaries(self.conn, p["rows"])
            store.insert_edges(self.conn, p["edges"])
            self.out.changed_rows += len(p["rows"]) + len(p["edges"])
        self.set_memory("summarized_into", "text", dict(p["links"]))
        self._pending = {"delete": [], "rows": [], "edges": [], "links": {}}

    def episodes(self) -> None:
        """Seed 004: every memory since the last summary, per conversation, N -> 1 (chunks of
        `episode_size` in time order). Working-layer memories (seed 001) wait for a later run."""
        s, cfg = self.s, self.cfg
        groups: dict[str, list[int]] = defaultdict(list)
        for k in range(len(s)):
            if not self.current(k) or s.summarized_into[k] is not None:
                continue
            layer = retention.memory_layer(s.created_at[k], s.importance[k], int(s.access_count[k]), False, self.now)
            if layer == retention.LAYER_WORKING:
                continue
            key = s.conversation[k] or s.created_at[k].date().isoformat()  # no conversation: one per day
            groups[key].append(k)
        # conversations in time order, packed into chunks of up to `episode_size` (a long one is split)
        order = sorted(groups, key=lambda key: min((s.created_at[k], int(s.ids[k])) for k in groups[key]))
        chunk: list[int] = []
        labels: list[str] = []

        def flush() -> None:
            if len(chunk) >= cfg.min_episode:
                self._write_summary(None, [int(s.ids[k]) for k in chunk], "episode", "episode " + ", ".join(labels[:3]))
                chunk.clear()
                labels.clear()

        for key in order:
            ks = sorted(groups[key], key=lambda k: (s.created_at[k], int(s.ids[k])))
            if chunk and len(chunk) + len(ks) > cfg.episode_size:
                flush()
            for k in ks:
                if len(chunk) == cfg.episode_size:
                    flush()
                chunk.append(k)
            labels.append(key)
        flush()  # a remainder under min_episode stays raw until its conversation grows

    def decide(self) -> None:
        """Seed 002 decisions for memories the save path flagged (0.85-0.95 band or guarded)."""
        s, cfg = self.s, self.cfg
        flagged = [int(s.ids[k]) for k in range(len(s)) if s.flagged[k] and self.active(k)]
        if not flagged:
            return
        # the save path stored what each flagged memory was compared with: no search needed here
        neighbours: dict[int, mem_sql.Neighbour] = {}
        unknown = []
        for fid in flagged:
            k = self.pos[fid]
            match = s.flag_match[k]
            if match is None or match not in self.pos:
                unknown.append(fid)
                continue
            root = s.duplicate_of[self.pos[match]] or match
            neighbours[fid] = mem_sql.Neighbour(0, match, root, "", b"", float(s.flag_similarity[k] or 0.0))
        if unknown:  # flagged without a stored match: search for it
            for nb in mem_sql.nearest(self.conn, [s.user_id] * len(unknown), self.embeddings(unknown), k=2):
                fid = unknown[nb.ord]
                if nb.id != fid and fid not in neighbours:
                    neighbours[fid] = nb
        unflag: dict[int, bool] = {}
        merges = []
        for start in range(0, len(flagged), cfg.batch_size):
            batch_started = time.monotonic()
            for fid in flagged[start:start + cfg.batch_size]:
                if time.monotonic() - batch_started > cfg.batch_timeout_s:
                    self.act("SKIP", [fid], f"decision batch exceeded {cfg.batch_timeout_s:.0f}s")
                    continue
                nb = neighbours.get(fid)
                if nb is None or nb.root_id not in self.pos:
                    self.act("SKIP", [fid], "no comparable memory left")
                    unflag[fid] = False
                    continue
                action, reason = self._decide_pair(fid, nb.root_id, nb.similarity)
                pair = [fid, nb.root_id]
                if action in ("MERGE", "REPLACE") and self.mode == "review":
                    content = merge_text([s.content[self.pos[i]] for i in pair])
                    self.suggest(action, pair, reason, content=content, similarity=nb.similarity)
                    continue
                self.act(action, pair, reason, target=str(nb.root_id), similarity=nb.similarity)
                if action in ("MERGE", "REPLACE"):
                    merges.append((action, fid, nb.root_id, nb.similarity, reason))
                unflag[fid] = False
        for action, fid, other, sim, reason in merges:
            self.apply_merge(action, fid, other, sim, reason)
        self.set_memory("flagged", "boolean", unflag)
        for fid in unflag:
            s.flagged[self.pos[fid]] = False

    def _decide_pair(self, a: int, b: int, sim: float) -> tuple[str, str]:
        s = self.s
        ta, tb = s.content[self.pos[a]], s.content[self.pos[b]]
        for pair in ((a, b), (b, a)):
            if pair in self.supersede_reason:
                return "UPDATE", f"newer fact replaces older: {self.supersede_reason[pair]}"
        conflicts = merge_conflicts(tb, ta)
        if conflicts:
            return "KEEP_SEPARATE", "details differ: " + "; ".join(conflicts)
        if sim < self.cfg.replace_threshold:
            return "KEEP_SEPARATE", f"similarity {sim:.3f} < {self.cfg.replace_threshold}: unsure, kept separate"
        if _words(ta) >= _words(tb) or _words(tb) >= _words(ta):
            return "REPLACE", f"similarity {sim:.3f}; one text contains every content word of the other"
        return "MERGE", f"similarity {sim:.3f}, no conflicting details; merged text <= longest source"

    def apply_merge(self, action: str, a: int, b: int, sim: float, reason: str) -> None:
        """REPLACE: the less complete memory becomes a duplicate of the fuller one (raw row kept).
        MERGE: both stay; a merged unit (never longer than its longest source) stands for them."""
        s = self.s
        ka, kb = self.pos[a], self.pos[b]
        if action == "REPLACE":
            keep, drop = (a, b) if len(s.content[ka]) >= len(s.content[kb]) else (b, a)
            self.set_memory("duplicate_of", "bigint", {drop: keep})
            s.duplicate_of[self.pos[drop]] = keep
            self.out.counts["replaced"] += 1
            return
        if s.summarized_into[ka] or s.summarized_into[kb]:
            return  # already stood for by a summary
        ids = sorted([a, b])
        content = merge_text([s.content[ka], s.content[kb]])
        sid = stable_id("sum", s.user_id, "merge", ids)
        row = {"id": sid, "user_id": s.user_id, "cluster_id": None, "namespace": s.namespace[ka], "content": content,
               "key_facts": [], "decisions": [], "superseded_facts": [], "resolved_dates": [], "source_ids": ids,
               "source_chars": len(s.content[ka]) + len(s.content[kb]),
               "temporal_start": min(s.created_at[ka], s.created_at[kb]),
               "temporal_end": max(s.created_at[ka], s.created_at[kb]), "method": "merge", "model": None,
               "prompt_version": None, "run_id": self.run_id, "embedding": clustering.centroid(self.embeddings(ids)),
               "confidence": float(sim), "tier": retention.TIER_WARM, "scope": "merge"}
        if not self.dry:
            store.insert_summary(self.conn, row)
            self.out.changed_rows += 1
        self.set_memory("summarized_into", "text", {a: sid, b: sid})
        s.summarized_into[ka] = s.summarized_into[kb] = sid
        self.out.counts["merged"] += 1

    def tiers(self) -> None:
        s, cfg = self.s, self.cfg
        ks = [k for k in range(len(s)) if self.active(k)]
        if not ks:
            return
        sup = np.array([s.superseded_by[k] is not None for k in ks])
        batch = retention.compute_retention_batch(
            [s.created_at[k] for k in ks], [s.last_accessed[k] for k in ks], s.access_count[ks],
            [s.namespace[k] for k in ks], [s.importance[k] for k in ks], sup, self.now, cfg.retention)
        tiers = retention.assign_tier_batch(batch.overall, sup, cfg.retention)
        tier_changes, layer_changes, transitions = {}, {}, defaultdict(list)
        for k, tier in zip(ks, tiers, strict=True):
            mid = int(s.ids[k])
            if tier != s.tier[k]:
                tier_changes[mid] = str(tier)
                transitions[(s.tier[k], str(tier))].append(mid)
            layer = retention.memory_layer(s.created_at[k], s.importance[k], int(s.access_count[k]),
                                           s.summarized_into[k] is not None, self.now)
            if layer != s.layer[k]:
                layer_changes[mid] = layer
        self.set_memory("tier", "text", tier_changes)
        self.set_memory("layer", "text", layer_changes)
        for (a, b), mids in sorted(transitions.items()):
            self.act("TIER_CHANGE", mids, f"{a} -> {b} (retention vs thresholds {cfg.retention.hot_threshold}"
                     f" / {cfg.retention.warm_threshold})")
        for k in ks:
            if int(s.ids[k]) in tier_changes:
                s.tier[k] = tier_changes[int(s.ids[k])]
        self.out.counts["tier_changes"] += len(tier_changes)
        tally = Counter(s.tier[k] for k in ks)
        self.out.compression.update({f"tier_{t}": float(tally.get(t, 0)) for t in retention.TIERS})
        # summaries: retention from their newest source, their own activation
        summ = self.summaries()
        if summ:
            b2 = retention.compute_retention_batch(
                [r["temporal_end"] for r in summ], None, [r["access_count"] for r in summ],
                [r["namespace"] for r in summ], None, np.zeros(len(summ), dtype=bool), self.now, cfg.retention)
            st = retention.assign_tier_batch(b2.overall, np.zeros(len(summ), dtype=bool), cfg.retention)
            # seed 003: summaries are WARM at the least, so a standard recall always sees what was consolidated
            st = np.where(st == retention.TIER_COLD, retention.TIER_WARM, st)
            if not self.dry:
                self.out.changed_rows += store.update_summary_tiers(
                    self.conn, [r["id"] for r in summ], [str(t) for t in st])

    def profile(self) -> None:
        s = self.s
        summ = self.summaries()
        # duplicates count too: seed 001's "seen >= 3 times" counts mentions, and the save path collapses them
        with_facts = [k for k in range(len(s)) if s.superseded_by[k] is None and s.facts.nonempty(k)]
        superseded = frozenset(str(int(s.ids[k])) for k in range(len(s)) if s.superseded_by[k] is not None)
        fingerprint = stable_id("in", self.engine.profile_method, sorted(r["id"] for r in summ),
                                [int(s.ids[k]) for k in with_facts], sorted(superseded))
        existing = store.get_profile(self.conn, s.user_id)
        if existing and existing.get("inputs_fingerprint") == fingerprint:
            return  # same inputs as the profile in place: nothing to rebuild
        sources = [ProfileSource(r["id"], r["content"], r["temporal_end"]) for r in summ]
        sources += [ProfileSource(str(int(s.ids[k])), s.content[k], s.created_at[k], outcome=_outcome(s.metadata[k]))
                    for k in with_facts]
        prof = self.engine.profile(sources, superseded)
        if not prof.content:
            return
        pid = stable_id("prof", s.user_id, self.engine.profile_method, prof.content)
        if existing and existing["id"] == pid:
            if not self.dry:  # same profile from new inputs: remember the inputs, keep the version
                store.set_profile_fingerprint(self.conn, s.user_id, fingerprint)
            return
        row = {"user_id": s.user_id, "id": pid, "content": prof.content,
               "sections": {k: list(v) for k, v in prof.sections.items()}, "patterns": [list(p) for p in prof.patterns],
               "source_ids": list(prof.source_ids), "method": self.engine.profile_method, "model": self.engine.model,
               "run_id": self.run_id, "embedding": self.embed([prof.content])[0] if self.embed else None,
               "inputs_fingerprint": fingerprint}
        if not self.embed:
            self.out.profile_to_embed = (pid, prof.content)  # the caller embeds a run's profiles in one batch
        if not self.dry:
            store.upsert_profile(self.conn, row)
            self.out.changed_rows += 1
        self.act("PROFILE", [], f"profile rebuilt from {len(prof.source_ids)} sources", target=pid)
        self.out.counts["profiles_written"] += 1
        self.out.previews["procedural_profile"].append(prof.content[:300])

    def context(self) -> None:
        s = self.s
        summ = self.summaries()
        prof = store.get_profile(self.conn, s.user_id)
        if not summ and not prof:
            return
        blocks = [BlockSummary(r["id"], r["namespace"], r["content"], tuple(r["key_facts"]), tuple(r["decisions"]),
                               tuple(r["superseded_facts"]), (r["temporal_start"], r["temporal_end"]),
                               float(r["confidence"]), activation_count=r["access_count"]) for r in summ]
        # deterministic time stamp: the newest data, not the clock, so a re-run writes the same block
        stamp = max([r["temporal_end"] for r in summ] + ([prof["updated_at"]] if prof and not summ else []))
        res = render_block(blocks, profile=prof["content"] if prof else None, generated_at=stamp,
                           token_budget=self.cfg.token_budget, prioritize="recency")
        old = store.get_session_context(self.conn, s.user_id)
        if old and old["block"] == res.text:
            return
        if not self.dry:
            store.upsert_session_context(self.conn, s.user_id, res.text, list(res.summary_ids), res.tokens_used,
                                         self.run_id)
            self.out.changed_rows += 1
        self.out.counts["session_blocks_written"] += 1
        self.out.previews["session_context"].append(res.text[:400])

    def finish(self) -> None:
        s = self.s
        self.write_memories()
        # optimistic locking: any planned row whose version moved was not written; say so
        if self.planned_versions:
            now_versions = store.current_versions(self.conn, list(self.planned_versions))
            moved = sorted(i for i, v in self.planned_versions.items() if now_versions.get(i) != v)
            if moved:
                self.act("SKIP", moved, "changed by a concurrent save during consolidation; left as it is")
                self.out.counts["skipped_concurrent"] += len(moved)
        high = int(s.ids.max()) if len(s) else 0
        if not self.dry and (high != s.high_water or self.out.changed_rows):
            store.set_state(self.conn, s.user_id, self.run_id, high)
        mem_sql.insert_actions(self.conn, self.actions)
        active = sum(1 for k in range(len(s)) if self.active(k))
        units = sum(1 for k in range(len(s)) if self.active(k) and s.summarized_into[k] is None
                    and s.superseded_by[k] is None)
        n_summ = len({x for x in s.summarized_into if x})
        self.out.compression.update({"active_memories": float(active),
                                     "units_after": float(units + n_summ),
                                     "ratio": round(active / (units + n_summ), 3) if units + n_summ else 0.0})


def consolidate_user(conn: psycopg.Connection, user_id: str, *, engine: Engine, run_id: str | None = None,
                     mode: str = "apply", dry_run: bool = False, now: datetime | None = None,
                     config: ConsolidationConfig | None = None, embed=None) -> UserOutcome:
    """Consolidate one user in one transaction. Raises on failure (and rolls everything back)."""
    if mode not in MODES:
        raise ValueError(f"mode must be one of {MODES}")
    if conn.info.transaction_status != psycopg.pq.TransactionStatus.IDLE:
        raise ValueError("consolidate_user commits its own transaction; the connection has one open")
    started = time.perf_counter()
    with conn.transaction():
        if not store.try_lock_user(conn, user_id):
            out = UserOutcome(user_id, status="skipped")
            mem_sql.insert_actions(conn, [{"user_id": user_id, "run_id": run_id, "action": "SKIP",
                                           "reason": "another consolidation of this user is running",
                                           "dry_run": dry_run}])
            return out
        snap = store.load_snapshot(conn, user_id)
        run = _Run(conn, snap, engine=engine, run_id=run_id, mode=mode, dry_run=dry_run,
                   now=now or datetime.now(UTC), config=config or ConsolidationConfig(), embed=embed)
        run.supersession()
        touched = run.cluster()
        run.summarize(touched)
        run.episodes()
        run.flush_summaries()
        run.decide()
        run.tiers()
        run.profile()
        run.context()
        run.finish()
    run.out.seconds = time.perf_counter() - started
    return run.out


def _fact_text(f: dict) -> str:
    neg = "not " if f.get("negated") else ""
    return f"{f.get('kind')}: {neg}{f.get('value')}"


def _date_range(d: dict) -> str:
    return d["date"] if d.get("end") in (None, d["date"]) else f"{d['date']}..{d['end']}"


def _majority(values) -> str:
    c = Counter(values)
    return sorted(c.items(), key=lambda kv: (-kv[1], kv[0]))[0][0] if c else "default"


def _outcome(meta: dict) -> bool | None:
    v = (meta or {}).get("outcome")
    if v in ("success", True, "succeeded", "ok"):
        return True
    if v in ("failure", False, "failed", "error"):
        return False
    return None


_STOP = frozenset(["a", "an", "the", "i", "my", "me", "is", "am", "are", "was", "to", "of", "in", "on", "at", "and", "or", "for", "with", "it", "that", "this"])


def _words(text: str) -> frozenset[str]:
    return frozenset(w for w in "".join(c.lower() if c.isalnum() else " " for c in text).split() if w not in _STOP)
