"""What every phase of one user's run reads: the snapshot, config, clock, ids and the rows read before
the phases. Frozen: a phase receives what earlier phases found as an argument (`Found`), never through
the context, and no phase reads the database (everything here was read before the first one ran).

The one thing that moves during a run is its view of the user's rows (`RunView`: the snapshot's
columns, the summaries, the profile), and only the writer moves it, so a later phase sees an earlier
phase's decisions whether or not they are written (dry run, review mode).
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from types import MappingProxyType

import numpy as np

from memory_pipeline.consolidation.config import ConsolidationConfig
from memory_pipeline.lib import clustering
from memory_pipeline.store import consolidation as store
from memory_pipeline.store import consolidation_batch as bsql
from memory_pipeline.store import tiers as tier_sql
from memory_pipeline.store.consolidation_write import Centroid  # a vector left for the batch's writes

Embed = Callable[[list[str]], np.ndarray]
_EMPTY: Mapping = MappingProxyType({})


def _empty() -> Mapping:
    return _EMPTY


@dataclass(frozen=True)
class Partial:
    """A run that read only its user's delta (`store/delta.py`), and what it knows of the other rows."""

    edited: bool  # rows the last run saw were changed since, outside consolidation
    superseded_start: tuple[int | None, ...] = ()  # the snapshot's links before the phases
    profile_rows: tuple[tuple, ...] = ()  # (id, content, created_at, metadata text, successor) outside the delta


@dataclass(frozen=True)
class ProfileInput:
    """A fact-bearing, not superseded memory the profile reads."""

    id: int
    content: str
    created_at: datetime
    metadata: str  # JSON text, decoded by the reader only when it names an outcome
    successor: int | None = None  # the row that supersedes it, for a superseded row


@dataclass(frozen=True)
class Found:
    """What the phases found so far, handed to the next phase as an argument (each phase returns its
    own `PhaseResult.found`)."""

    # (newer, older) -> why, earlier runs' included
    supersede_reason: Mapping[tuple[int, int], str] = field(default_factory=_empty)
    touched_clusters: frozenset[str] = frozenset()  # clusters this run made or grew
    profile_to_embed: tuple[str, str] | None = None  # (profile id, text) whose vector the caller computes


def stable_id(prefix: str, *parts: object) -> str:
    """Derived ids are hashes of their sources and method: a re-run with no new input writes no row."""
    h = hashlib.sha256("\x1f".join(map(str, parts)).encode()).hexdigest()[:20]
    return f"{prefix}_{h}"


class RunView:
    """The run's view of the user's summaries and profile: as read, plus this run's writes (the writer
    keeps it current; phases only read it). `summaries` is None for a quiet user (nothing read)."""

    def __init__(self, summaries: list[dict] | None, profile: dict | None):
        self.summaries: dict[str, dict] | None = None if summaries is None else {r["id"]: r for r in summaries}
        self.profile = profile


@dataclass(frozen=True)
class Reads:
    """What the run read before its phases, beyond the snapshot (`consolidation/reads.py`)."""

    pre: bsql.Prefetched | None = None  # None: a quiet user, nothing read
    vectors: Mapping[int, np.ndarray] = field(default_factory=_empty)  # snapshot rows' and pool rows near new ones
    pool_near: frozenset[int] | None = None  # pool rows a new memory can group with
    neighbours: tuple[tuple[int, int, float], ...] | None = None  # older_neighbours of the new memories
    flag_nearest: Mapping[int, tuple] = field(default_factory=_empty)  # flagged id without match -> store neighbours
    pending_suggestions: tuple[dict, ...] = ()  # review mode
    known_suggestions: frozenset[str] = frozenset()
    tiers_kept: tier_sql.TierResult | None = None  # a quiet user whose tiers cannot have changed
    tiers_since: tier_sql.Since | None = None  # a user whose last tier statement still holds but for new rows


@dataclass(frozen=True)
class RunContext:
    snap: store.Snapshot
    config: ConsolidationConfig
    now: datetime
    run_id: str | None
    mode: str  # apply | review
    dry_run: bool
    reads: Reads = field(default_factory=Reads)
    partial: Partial | None = None  # set when the snapshot holds only the user's delta
    pos: Mapping[int, int] = field(default_factory=_empty)  # memory id -> row of the snapshot
    latest: datetime | None = None  # the latest event time the run accepts (`TimeBounds.latest` at its start)
    view: RunView = field(default_factory=lambda: RunView(None, None))

    @classmethod
    def make(cls, snap: store.Snapshot, config: ConsolidationConfig, now: datetime, run_id: str | None, mode: str,
             dry_run: bool, reads: Reads, partial: Partial | None = None) -> RunContext:
        pre = reads.pre
        return cls(snap, config, now, run_id, mode, dry_run, reads, partial,
                   MappingProxyType({int(i): k for k, i in enumerate(snap.ids)}), config.time_bounds.latest(),
                   RunView(pre.summaries if pre else None, pre.profile if pre else None))

    @property
    def user_id(self) -> str:
        return self.snap.user_id

    @property
    def pool_near(self) -> frozenset[int] | None:
        return self.reads.pool_near

    @property
    def neighbours(self) -> tuple[tuple[int, int, float], ...] | None:
        return self.reads.neighbours

    def in_bounds(self, moment: datetime) -> bool:
        return self.config.time_bounds.earliest <= moment <= (self.latest or self.config.time_bounds.latest())

    def id_of(self, k: int) -> int:
        return int(self.snap.ids[k])

    def active(self, k: int) -> bool:
        return self.snap.duplicate_of[k] is None

    def current(self, k: int) -> bool:
        return self.active(k) and self.snap.superseded_by[k] is None

    def is_new(self, k: int) -> bool:
        """Saved after the previous consolidation's high-water mark."""
        return int(self.snap.ids[k]) > self.snap.high_water

    def embeddings(self, ids: list[int]) -> np.ndarray:
        if not ids:
            return np.zeros((0, 1), dtype=np.float32)
        vectors = self.reads.vectors
        return np.vstack([vectors[i] for i in ids])

    def centroid(self, ids: list[int]) -> np.ndarray | Centroid:
        """`clustering.centroid` of the memories' vectors; left for the batch's writes to compute when
        a vector was not read before the run."""
        if any(i not in self.reads.vectors for i in ids):
            return Centroid(tuple(ids))
        return clustering.centroid(self.embeddings(ids))

    def cluster_summaries(self, cluster_ids: list[str]) -> dict[str, str]:
        """cluster id -> id of its summary, as stored before this run."""
        wanted = set(cluster_ids)
        return {r["cluster_id"]: r["id"] for r in self.reads.pre.summaries if r.get("cluster_id") in wanted}

    def members_by_cluster(self, cluster_ids: set[str] | frozenset[str]) -> dict[str, list[int]]:
        out: dict[str, list[int]] = defaultdict(list)
        for k, cid in enumerate(self.snap.cluster_id):
            if cid in cluster_ids and self.active(k):
                out[cid].append(self.id_of(k))
        return out

    # -- the view the writer keeps current ---------------------------------------------------------
    def summaries(self) -> dict[str, dict]:
        """The user's summaries by id: as stored, plus this run's writes."""
        return self.view.summaries

    def profile(self) -> dict | None:
        return self.view.profile

    # -- rows read once, before this run writes them ----------------------------------------------
    def clusters(self) -> list[tuple[str, np.ndarray, int]]:
        return self.reads.pre.clusters

    def supersession_reasons(self) -> dict[tuple[int, int], str]:
        return self.reads.pre.reasons

    def stored_session_context(self) -> dict | None:
        return self.reads.pre.session_context

    # -- the profile's inputs: every fact-bearing memory, and the superseded ones ------------------
    def profile_inputs_unchanged(self) -> bool:
        """A run over a delta knows, without reading the other rows, when nothing the profile reads has
        changed since the last run: no row changed outside consolidation, no new row states a fact or
        is superseded, no row was superseded by this run, the same summaries. (A whole snapshot
        answers False: its fingerprint is computed.)"""
        p, s = self.partial, self.snap
        if p is None or p.edited:
            return False
        if any(self.is_new(k) and (s.facts.nonempty(k) or s.superseded_by[k] is not None) for k in range(len(s))):
            return False
        if tuple(s.superseded_by) != p.superseded_start:
            return False
        return set(self.summaries()) == {r["id"] for r in self.reads.pre.summaries}

    def profile_inputs(self) -> tuple[list[ProfileInput], frozenset[str]]:
        """The fact-bearing memories (in id order; a superseded one with its successor) and the ids of the
        superseded, as this run leaves them. A delta's run read the rows outside its delta before it began."""
        s = self.snap
        rows = {self.id_of(k): (s.content[k], s.created_at[k], s.metadata.text(k), s.superseded_by[k],
                                s.facts.nonempty(k)) for k in range(len(s))}
        if self.partial is not None:
            for i, content, created, meta, sup in self.partial.profile_rows:
                rows.setdefault(i, (content, created, meta, sup, True))  # read only if stating facts or superseded
        ids = sorted(rows)
        # a superseded row comes with its successor: the profile keeps what the successor does not replace
        successors = {rows[i][3] for i in ids if rows[i][3] is not None}
        facts = [ProfileInput(i, rows[i][0], rows[i][1], rows[i][2], rows[i][3]) for i in ids
                 if rows[i][4] or i in successors]
        return facts, frozenset(str(i) for i in ids if rows[i][3] is not None)
