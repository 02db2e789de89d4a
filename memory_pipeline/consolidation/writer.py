"""The writer: the only place a phase's decisions become rows.

It collects: the rows each phase decides (`out`, the derived memory columns, the tier request, the
action log), and the batch writes them after the last phase (`consolidation/writes.py`) in a few
set-based statements. It also keeps the run's view current (the snapshot's columns, `RunView`), so a
later phase sees an earlier phase's decisions.

Dry run and review mode are handled here, once: in a dry run nothing is written but every action is
logged (flagged `dry_run`) and the run's view still follows each decision, so the actions listed are
exactly those an apply run on the same state would take. In review mode, the changes that wait for a
person become pending suggestions instead (`review_instead`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from memory_pipeline.consolidation.context import RunContext, stable_id
from memory_pipeline.store import tiers as tier_sql
from memory_pipeline.store.consolidation_write import Written

# derived memory columns the writer may set, and the snapshot list each one mirrors
_SNAPSHOT_COLUMNS = ("tier", "layer", "superseded_by", "summarized_into", "cluster_id", "flagged", "duplicate_of")


class Writer:
    def __init__(self, ctx: RunContext):
        self.ctx = ctx
        self.dry = ctx.dry_run
        self.actions: list[dict] = []
        self.action_counts: Counter = Counter()
        self.changed_rows = 0
        self.skipped_concurrent = 0
        self._changes: dict[str, dict[int, object]] = {}
        self._summaries: list[dict] = []
        self._deleted: list[str] = []
        self._unlink: list[int] = []
        self._edges: list[dict] = []
        self._clusters: list[tuple] = []
        # what the batch writes after the phases (`writes.apply`)
        self.out: dict[str, list] = {k: [] for k in ("clusters", "deleted", "unlink", "summaries", "edges",
                                                       "profile", "fingerprint", "session", "suggestions")}
        self.tier_request: tuple | None = None  # (overrides, max id, callback, place in the action log)
        self.tier_result: tier_sql.TierResult | None = None  # the user's rows as the tier statement counted them
        self.memory_changes: tuple[dict, dict] | None = None  # (changes, versions) for update_memories
        self._pending = list(ctx.reads.pending_suggestions)
        self._known = set(ctx.reads.known_suggestions)

    # -- the action log -----------------------------------------------------------------------------
    def act(self, action: str, memory_ids, reason: str, *, target: str | None = None,
            similarity: float | None = None, **inputs) -> None:
        self.actions.append({
            "user_id": self.ctx.user_id, "run_id": self.ctx.run_id, "action": action,
            "memory_ids": [int(m) for m in memory_ids], "target_id": target, "similarity": similarity,
            "reason": reason, "inputs": inputs, "dry_run": self.dry,
        })
        self.action_counts[action] += 1

    # -- raw memories: derived columns only ---------------------------------------------------------
    def set_memory(self, column: str, changes: dict[int, object]) -> None:
        """Derived column values by memory id; the snapshot sees them now, the table at `finish`."""
        if column not in _SNAPSHOT_COLUMNS:
            raise ValueError(f"not a derived column: {column}")
        if column in ("duplicate_of", "superseded_by"):
            changes = self._no_self_links(column, changes)
        if not changes:
            return
        self._changes.setdefault(column, {}).update(changes)
        values, pos = getattr(self.ctx.snap, column), self.ctx.pos
        for mid, v in changes.items():
            values[pos[mid]] = v

    def _no_self_links(self, column: str, changes: dict[int, object]) -> dict[int, object]:
        """A memory linked to itself would break the user's every later run (the table refuses it):
        such a link is dropped and logged, whichever phase asked for it."""
        selfish = sorted(mid for mid, v in changes.items() if v == mid)
        for mid in selfish:
            self.act("SKIP", [mid], f"{column} link of memory {mid} to itself refused")
        return {mid: v for mid, v in changes.items() if v != mid} if selfish else changes

    # -- derived rows -------------------------------------------------------------------------------
    def add_edges(self, rows: list[dict]) -> None:
        self._edges.extend(rows)

    def upsert_clusters(self, rows: list[tuple]) -> None:
        """(cluster id, centroid, size) rows."""
        self._clusters.extend(rows)

    def add_summary(self, row: dict, *, replaces: str | None = None, why: str = "its sources changed") -> None:
        """A summary with its `consolidates` edges and its sources' links; `replaces` an older one of
        the same cluster (derived rows are replaced; raw memories never are)."""
        ctx, sid, ids = self.ctx, row["id"], row["source_ids"]
        view = ctx.summaries()
        if replaces:
            self._deleted.append(replaces)
            old_sources = [int(i) for i in (view.pop(replaces, None) or {}).get("source_ids", ())]
            # the old summary's `consolidates` edges go with it: the log names each one removed
            self.act("SUMMARY_REPLACED", ids, f"summary {replaces} replaced by {sid}: {why};"
                     f" its {len(old_sources)} consolidates edge(s) removed", target=replaces,
                     replaced_by=sid, old_source_ids=old_sources,
                     removed_edges=[{"edge_type": "consolidates", "source_id": replaces, "target_id": str(i)}
                                    for i in old_sources])
            # a source the new summary no longer holds (it became a duplicate, say) must not keep pointing
            # at the deleted one: unlinked, the next run summarizes it again
            pos, into = ctx.pos, ctx.snap.summarized_into
            left = sorted(set(old_sources) - set(ids))
            self.set_memory("summarized_into", {i: None for i in left if i in pos and into[pos[i]] == replaces})
            self._unlink.extend(i for i in left if i not in pos)  # rows the run did not read: in SQL
        view[sid] = {"access_count": 0, **row}
        self._summaries.append(row)
        self._edges.extend(
            {"id": stable_id("edge", ctx.user_id, "consolidates", sid, i), "user_id": ctx.user_id,
             "edge_type": "consolidates", "source_id": sid, "target_id": str(i), "weight": 1.0,
             "reason": f"source of {row['scope']} summary {sid}", "run_id": ctx.run_id} for i in ids)
        self.set_memory("summarized_into", {i: sid for i in ids})

    def refresh_tiers(self, on_result: Callable[[tier_sql.TierResult], None]) -> None:
        """Tiers and layers of the user's active memories in one statement, with this run's unwritten
        links as overrides; each tier transition is logged (layers follow silently). The statement is
        the batch's (`writes.apply`), and the transitions take this place in the log."""
        ctx, snap = self.ctx, self.ctx.snap
        linked = {i for c in ("superseded_by", "summarized_into", "duplicate_of") for i in self._changes.get(c, ())}
        overrides = {i: (snap.superseded_by[ctx.pos[i]] is not None, snap.summarized_into[ctx.pos[i]] is not None,
                         snap.duplicate_of[ctx.pos[i]] is not None) for i in linked}
        high = max(int(snap.ids.max()) if len(snap) else 0, snap.high_water)
        self.tier_request = (overrides, high, on_result, len(self.actions))

    def tiers_refreshed(self, got: tier_sql.TierResult, summary_tiers: dict[str, str]) -> list[dict]:
        """The run's view follows the new tiers; returns the TIER_CHANGE actions."""
        ctx, snap, rc = self.ctx, self.ctx.snap, self.ctx.config.retention
        self.tier_result = got
        transitions: dict[tuple[str, str], list[int]] = {}
        for mid, old_tier, new_tier, _, new_layer in got.changes:
            if mid in ctx.pos:
                snap.tier[ctx.pos[mid]], snap.layer[ctx.pos[mid]] = new_tier, new_layer
            if old_tier != new_tier:
                transitions.setdefault((old_tier, new_tier), []).append(mid)
        before = len(self.actions)
        for (a, b), mids in sorted(transitions.items()):
            self.act("TIER_CHANGE", mids, f"{a} -> {b} (retention vs thresholds {rc.hot_threshold}"
                     f" / {rc.warm_threshold})")
        made = self.actions[before:]
        del self.actions[before:]
        if not self.dry:
            self.changed_rows += len(got.changes) + len(summary_tiers)
        view = ctx.view.summaries
        if view is not None:  # the run's view of its summaries follows
            for sid, t in summary_tiers.items():
                if sid in view:
                    view[sid]["tier"] = t
        return made

    def write_profile(self, row: dict) -> None:
        self.ctx.view.profile = row
        if not self.dry:
            self.out["profile"].append(row)
            self.changed_rows += 1

    def keep_profile(self, fingerprint: str, extracted: dict) -> None:
        """Same profile from new inputs: remember the inputs (and what was read from them), keep the version."""
        if not self.dry:
            self.out["fingerprint"].append((self.ctx.user_id, fingerprint, extracted))

    def write_session_context(self, text: str, summary_ids: list[str], tokens: int, fingerprint: str) -> None:
        row = (self.ctx.user_id, text, summary_ids, tokens, self.ctx.run_id, fingerprint)
        if not self.dry:
            self.out["session"].append(row)
            self.changed_rows += 1

    def flush(self) -> None:
        """End of a phase: its derived rows join what the batch writes after the last phase."""
        if not self.dry:
            self.changed_rows += len(self._clusters) + len(self._summaries)
            for key, rows in (("clusters", self._clusters), ("deleted", self._deleted), ("unlink", self._unlink),
                              ("summaries", self._summaries), ("edges", self._edges)):
                self.out[key].extend(rows)
        self._clusters, self._deleted, self._summaries, self._edges, self._unlink = [], [], [], [], []

    # -- review mode -------------------------------------------------------------------------------------
    def review_instead(self, action: str, memory_ids: list[int], reason: str, *, content: str | None = None,
                       similarity: float | None = None, payload: dict | None = None) -> bool:
        """In review mode, record `action` as a pending suggestion and return True (the caller does
        not apply it); in apply mode return False. Never asks twice, never overlaps a pending one."""
        if self.ctx.mode != "review":
            return False
        ctx = self.ctx
        sid = stable_id("sug", ctx.user_id, action, sorted(memory_ids), content or "")
        if sid in self._known:
            return True  # already suggested (pending, accepted or rejected)
        if any(set(memory_ids) & set(p["memory_ids"]) for p in self._pending):
            self.act("SKIP", memory_ids, f"{action} not suggested: overlaps a pending suggestion")
            return True
        row = {"id": sid, "user_id": ctx.user_id, "action": action, "memory_ids": memory_ids,
               "suggested_content": content, "payload": payload or {}, "reason": reason,
               "similarity": similarity, "run_id": ctx.run_id}
        self._pending.append(row)
        self._known.add(sid)
        if not self.dry:
            self.out["suggestions"].append(row)
            self.changed_rows += 1
        self.act("SUGGEST", memory_ids, f"{action}: {reason}", target=sid, similarity=similarity)
        return True

    # -- end of the user's run ----------------------------------------------------------------------
    def finish(self) -> None:
        """The derived memory columns with the versions they were read at, for the batch's write under
        optimistic locking (`writes.apply`, which also logs a SKIP for rows a concurrent save changed)."""
        ctx, snap = self.ctx, self.ctx.snap
        if not self.dry and self._changes:
            ids = {i for col in self._changes.values() for i in col}
            self.memory_changes = (self._changes, {i: int(snap.version[ctx.pos[i]]) for i in ids})

    def rows_written(self, got: Written) -> tuple | None:
        """What the batch's first write found, in this user's log and counts: its new edges, its tier
        transitions at the tier phase's place in the log (a quiet user whose tiers cannot have changed
        keeps the last statement's, `tiers_held`), and the rows a concurrent save changed since they
        were read (left as they are, logged). Returns what the user's state records of its tier
        statement, when it ran one."""
        ctx, u = self.ctx, self.ctx.user_id
        self.changed_rows += got.new_edges.get(u, 0)
        state = None
        if self.tier_request:
            _, _, on_result, at = self.tier_request
            kept = ctx.reads.tiers_kept
            tiers, summ = (kept, None) if kept is not None else (got.tiers[u], got.summary_tiers[u])
            self.actions[at:at] = self.tiers_refreshed(tiers, summ.changes if summ else {})
            on_result(tiers)
            if summ is not None:
                due = min((d for d in (tiers.due, summ.due) if d is not None), default=None)
                state = (u, ctx.now, due, tier_sql.retention_key(ctx.config.retention),
                         {"tally": dict(tiers.tally), "units": tiers.units})
        if self.memory_changes:
            ids = set(self.memory_changes[1])
            self.changed_rows += len(ids & got.memories)
            moved = sorted(ids - got.memories)
            if moved:
                self.act("SKIP", moved, "changed by a concurrent save during consolidation; left as it is")
                self.skipped_concurrent += len(moved)
        return state

    def high_water(self) -> int:
        snap = self.ctx.snap
        return max(int(snap.ids.max()) if len(snap) else 0, snap.high_water)

    def needs_state(self) -> bool:
        """A new high-water mark or any row written: the user's state records the run."""
        return not self.dry and (self.high_water() != self.ctx.snap.high_water or self.changed_rows > 0)
