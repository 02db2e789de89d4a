"""What every phase of one user's run reads: the snapshot, config, clock and what earlier phases found.

The run context is read-only for phases except through the writer, which keeps the snapshot and the
views below current as decisions are made, so a later phase sees an earlier phase's decisions
whether or not they are written (dry run, review mode).
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime

import numpy as np
import psycopg

from memory_pipeline.consolidation.config import ConsolidationConfig
from memory_pipeline.lib import clustering
from memory_pipeline.store import consolidation as store
from memory_pipeline.store import delta as delta_sql
from memory_pipeline.store import incremental as incremental_sql

Embed = Callable[[list[str]], np.ndarray]


@dataclass(frozen=True)
class Centroid:
    """The centroid of these memories' vectors, computed when the batch writes it (derived rows'
    vectors are only written, never read back by a later phase, so their sources' vectors are read
    once for the whole batch)."""

    ids: tuple[int, ...]


@dataclass
class Partial:
    """A run that read only its user's delta (`store/delta.py`), and what it knows of the other rows."""

    edited: bool  # rows the last run saw were changed since, outside consolidation
    superseded_start: list[int | None] = field(default_factory=list)  # set when the run context is made
    profile_rows: list[tuple] | None = None  # (id, content, created_at, metadata text, successor), when read


@dataclass(frozen=True)
class ProfileInput:
    """A fact-bearing, not superseded memory the profile reads."""

    id: int
    content: str
    created_at: datetime
    metadata: str  # JSON text, decoded by the reader only when it names an outcome
    successor: int | None = None  # the row that supersedes it, for a superseded row


def stable_id(prefix: str, *parts: object) -> str:
    """Derived ids are hashes of their sources and method: a re-run with no new input writes no row."""
    h = hashlib.sha256("\x1f".join(map(str, parts)).encode()).hexdigest()[:20]
    return f"{prefix}_{h}"


@dataclass
class RunContext:
    conn: psycopg.Connection
    snap: store.Snapshot
    config: ConsolidationConfig
    now: datetime
    run_id: str | None
    mode: str  # apply | review
    dry_run: bool
    embed: Embed | None = None  # texts -> unit vectors (None: the caller embeds profiles in one batch)
    # found by earlier phases
    supersede_reason: dict[tuple[int, int], str] = field(default_factory=dict)  # (newer, older) -> why
    touched_clusters: set[str] = field(default_factory=set)
    profile_to_embed: tuple[str, str] | None = None  # (profile id, text) when `embed` is None
    # rows read before the first phase (one round trip); None: each is read when first asked
    pre: incremental_sql.Prefetched | None = None
    # a batch of users (consolidation/batched.py): writes wait for the batch, reads were made for it
    deferred: bool = False
    pool_near: set[int] | None = None  # pool rows a new memory can group with (None: the whole pool)
    neighbours: list[tuple[int, int, float]] | None = None  # older_neighbours of the new memories
    partial: Partial | None = None  # set when the snapshot holds only the user's delta
    _emb: dict[int, np.ndarray] = field(default_factory=dict)
    _summaries: dict[str, dict] | None = None
    _profile: tuple[dict | None] | None = None

    def __post_init__(self) -> None:
        self.pos = {int(i): k for k, i in enumerate(self.snap.ids)}
        self._latest = self.config.time_bounds.latest()
        out = [k for k, t in enumerate(self.snap.created_at) if not self.in_bounds(t)]
        if out:  # rare (stored before times were checked): one read of when they were saved
            saved = store.ingested_at(self.conn, [self.id_of(k) for k in out])
            for k in out:
                self.snap.created_at[k] = self.when(self.snap.created_at[k], saved.get(self.id_of(k)))
        if self.partial is not None:
            self.partial.superseded_start = list(self.snap.superseded_by)

    @property
    def user_id(self) -> str:
        return self.snap.user_id

    def in_bounds(self, moment: datetime) -> bool:
        return self.config.time_bounds.earliest <= moment <= self._latest

    def when(self, moment: datetime, saved: datetime | None = None) -> datetime:
        """A stored event time as the run reads it: one out of the accepted range (stored before the
        range was checked) at its nearest bound, the latest being what the check would have allowed
        when it was saved, so date arithmetic cannot leave the calendar and a far-future row does not
        outrank every memory saved after it."""
        return moment if self.in_bounds(moment) else self.config.time_bounds.clamp(moment, saved)

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
        missing = [i for i in ids if i not in self._emb]
        if missing:
            for i, v in zip(missing, store.load_embeddings(self.conn, missing), strict=True):
                self._emb[i] = v
        if not ids:
            return np.zeros((0, 1), dtype=np.float32)
        return np.vstack([self._emb[i] for i in ids])

    def centroid(self, ids: list[int]) -> np.ndarray | Centroid:
        """`clustering.centroid` of the memories' vectors; in a batch, left for the batch to compute
        unless every vector has been read already."""
        if self.deferred and any(i not in self._emb for i in ids):
            return Centroid(tuple(ids))
        return clustering.centroid(self.embeddings(ids))

    def cluster_summaries(self, cluster_ids: list[str]) -> dict[str, str]:
        """cluster id -> id of its summary, as stored before this run."""
        if self.pre is None:
            return store.summaries_for_clusters(self.conn, self.user_id, cluster_ids)
        wanted = set(cluster_ids)
        return {r["cluster_id"]: r["id"] for r in self.pre.summaries if r.get("cluster_id") in wanted}

    def members_by_cluster(self, cluster_ids: set[str]) -> dict[str, list[int]]:
        out: dict[str, list[int]] = defaultdict(list)
        for k, cid in enumerate(self.snap.cluster_id):
            if cid in cluster_ids and self.active(k):
                out[cid].append(self.id_of(k))
        return out

    # -- views the writer keeps current -----------------------------------------------------------
    def summaries(self) -> dict[str, dict]:
        """The user's summaries by id: as stored when first asked, plus this run's writes."""
        if self._summaries is None:
            rows = self.pre.summaries if self.pre else store.user_summaries(self.conn, self.user_id)
            self._summaries = {r["id"]: r for r in rows}
        return self._summaries

    def profile(self) -> dict | None:
        if self._profile is None:
            self._profile = (self.pre.profile if self.pre else store.get_profile(self.conn, self.user_id),)
        return self._profile[0]

    # -- rows read once, before this run writes them ----------------------------------------------
    def clusters(self) -> list[tuple[str, np.ndarray, int]]:
        return self.pre.clusters if self.pre else store.load_clusters(self.conn, self.user_id)

    def supersession_reasons(self) -> dict[tuple[int, int], str]:
        return self.pre.reasons if self.pre else incremental_sql.supersession_reasons(self.conn, self.user_id)

    def stored_session_context(self) -> dict | None:
        return self.pre.session_context if self.pre else store.get_session_context(self.conn, self.user_id)

    def set_profile(self, row: dict | None) -> None:
        self._profile = (row,)

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
        if s.superseded_by != p.superseded_start:
            return False
        return set(self.summaries()) == {r["id"] for r in self.pre.summaries}

    def profile_inputs(self) -> tuple[list[ProfileInput], frozenset[str]]:
        """The fact-bearing memories (in id order; a superseded one with its successor) and the ids of the
        superseded, as this run leaves them. A delta's run reads the rows outside its delta now (once)."""
        s = self.snap
        rows = {self.id_of(k): (s.content[k], s.created_at[k], s.metadata.text(k), s.superseded_by[k],
                                s.facts.nonempty(k)) for k in range(len(s))}
        if self.partial is not None:
            if self.partial.profile_rows is None:
                self.partial.profile_rows = [r[1:] for r in delta_sql.profile_rows(self.conn, [self.user_id])]
            for i, content, created, meta, sup in self.partial.profile_rows:
                rows.setdefault(i, (content, self.when(created), meta, sup, True))  # read only if stating facts or superseded
        ids = sorted(rows)
        # a superseded row comes with its successor: the profile keeps what the successor does not replace
        successors = {rows[i][3] for i in ids if rows[i][3] is not None}
        facts = [ProfileInput(i, rows[i][0], rows[i][1], rows[i][2], rows[i][3]) for i in ids
                 if rows[i][4] or i in successors]
        return facts, frozenset(str(i) for i in ids if rows[i][3] is not None)
