"""Embedding clusters for consolidation: similarity only, time ignored, bounded memory.

Incremental by design: a run first lets each new memory join the closest existing cluster, then
clusters what is left together with the pool of still-unclustered memories. Similarity work is
new x (existing + pool); pool memories take part only when within threshold of a new one, and pairs
among those are compared only on the dense path, which is bounded by `dense_limit`. A run's cost
follows what is new, and no n x n matrix is built beyond `dense_limit` vectors.

Default threshold 0.80 (cosine): with all-MiniLM-L6-v2, paraphrases and restatements of one subject
mostly score above 0.8 while different subjects of the same user mostly score below 0.7. It sits under
the save path's 0.85 "flag for deep consolidation" band because a cluster gathers related statements for a
summary, not only near-duplicates.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from memory_pipeline.errors import ValidationError

DEFAULT_THRESHOLD = 0.80
DEFAULT_MIN_SIZE = 3
DEFAULT_MAX_SIZE = 20
DEFAULT_DENSE_LIMIT = 2000
FAST_LINKAGE_MAX = 64  # rows up to which the linkage is computed without sklearn's wrapper
DEFAULT_MAX_NEIGHBORS = 32
# Similarity entries per block (float32): 2M entries = 8 MB whatever the number of columns.
_BLOCK_ENTRIES = 1 << 21


@dataclass(frozen=True)
class ExistingCluster:
    cluster_id: str
    centroid: np.ndarray
    size: int


@dataclass(frozen=True)
class ClusterPlan:
    joins: dict[str, tuple[str, ...]]  # existing cluster_id -> new member ids
    new_clusters: tuple[tuple[str, ...], ...]
    # New and pool ids that belong to no cluster after this plan: the next run's pool.
    unclustered: tuple[str, ...]


def normalize_rows(vecs: np.ndarray) -> np.ndarray:
    """float32 copy with unit rows; zero rows stay zero (similar to nothing)."""
    x = np.array(vecs, dtype=np.float32, ndmin=2, copy=True)
    norms = np.linalg.norm(x, axis=1, keepdims=True)
    norms[norms == 0] = 1.0
    x /= norms
    return x


def centroid(vecs: np.ndarray) -> np.ndarray:
    """Unit-length mean direction of the rows (rows normalised first)."""
    x = normalize_rows(vecs)
    if x.shape[0] == 0:
        raise ValidationError("centroid of no vectors")
    return normalize_rows(x.mean(axis=0))[0]


def deterministic_cluster_id(user_id: str, member_ids: Sequence[str]) -> str:
    """Stable id from the founding members: the same founders always give the same cluster id."""
    members = sorted(set(member_ids))
    if not members:
        raise ValidationError("a cluster needs at least one member")
    digest = hashlib.sha256("\x1f".join([user_id, *members]).encode("utf-8")).hexdigest()
    return f"clu_{digest[:24]}"


def _sorted_inputs(ids: Sequence[str], vecs: np.ndarray | None, what: str) -> tuple[list[str], np.ndarray]:
    # Canonical id order makes results independent of input order, down to float rounding.
    ids = [str(i) for i in ids]
    if vecs is None:
        if ids:
            raise ValidationError(f"{what}: ids given without vectors")
        return [], np.zeros((0, 0), dtype=np.float32)
    arr = np.asarray(vecs)
    if not ids and arr.size == 0:
        return [], np.zeros((0, arr.shape[-1] if arr.ndim == 2 else 0), dtype=np.float32)
    if arr.ndim != 2 or arr.shape[0] != len(ids):
        raise ValidationError(f"{what}: expected a ({len(ids)}, dim) array, got shape {arr.shape}")
    order = sorted(range(len(ids)), key=ids.__getitem__)
    return [ids[i] for i in order], normalize_rows(arr[order])


def _block_rows(n_cols: int) -> int:
    return max(1, min(1024, _BLOCK_ENTRIES // max(1, n_cols)))


def _join_existing(
    x_new: np.ndarray,
    existing: Sequence[ExistingCluster],
    threshold: float,
    max_size: int,
) -> dict[int, list[int]]:
    """Greedy joins in id order: best centroid at or above threshold that still has room."""
    if not existing or x_new.shape[0] == 0:
        return {}
    cents = normalize_rows(np.stack([np.asarray(c.centroid, dtype=np.float32).reshape(-1) for c in existing]))
    if cents.shape[1] != x_new.shape[1]:
        raise ValidationError("existing centroids and new vectors differ in dimension")
    room = np.array([max_size - c.size for c in existing], dtype=np.int64)
    joins: dict[int, list[int]] = {}
    step = _block_rows(len(existing))
    for start in range(0, x_new.shape[0], step):
        sims = x_new[start : start + step] @ cents.T
        for r, row in enumerate(sims):
            cand = np.flatnonzero(row >= threshold)
            if cand.size == 0:
                continue
            # Highest similarity first; equal similarity -> lower cluster id (existing is id-sorted).
            for c in cand[np.lexsort((cand, -row[cand]))]:
                if room[c] > 0:
                    room[c] -= 1
                    joins.setdefault(int(c), []).append(start + r)
                    break
    return joins


def _neighbour_edges(
    x: np.ndarray, n_rows: int, threshold: float, max_neighbors: int
) -> tuple[np.ndarray, np.ndarray]:
    """Edges (i, j), i < n_rows, j any row of x, similarity >= threshold, top-k per row.

    Blockwise: never more than one block of rows x all columns in memory.
    """
    n = x.shape[0]
    rows_out: list[np.ndarray] = []
    cols_out: list[np.ndarray] = []
    step = _block_rows(n)
    for start in range(0, n_rows, step):
        stop = min(n_rows, start + step)
        sims = x[start:stop] @ x.T
        sims[np.arange(stop - start), np.arange(start, stop)] = -np.inf  # no self edges
        hits = sims >= threshold
        counts = hits.sum(axis=1)
        light = counts <= max_neighbors
        r, c = np.nonzero(hits[light])
        rows_out.append(np.flatnonzero(light)[r] + start)
        cols_out.append(c)
        heavy = np.flatnonzero(~light)
        # Only crowded rows pay for a partial sort, a few rows at a time to bound the index arrays.
        for h0 in range(0, heavy.size, 64):
            hrows = heavy[h0 : h0 + 64]
            top = np.argpartition(-sims[hrows], max_neighbors - 1, axis=1)[:, :max_neighbors]
            keep = np.take_along_axis(sims[hrows], top, axis=1) >= threshold
            rows_out.append(np.repeat(hrows + start, max_neighbors)[keep.ravel()])
            cols_out.append(top[keep])
        del sims, hits
    if not rows_out:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    return np.concatenate(rows_out).astype(np.int64), np.concatenate(cols_out).astype(np.int64)


def _dense_groups(x: np.ndarray, threshold: float) -> list[np.ndarray]:
    """Seed 003: average-linkage agglomerative clustering on cosine distance, cut where the linkage
    distance reaches 1 - threshold.

    scikit-learn's `AgglomerativeClustering`; for a few rows (what an incremental run clusters) the same
    scipy linkage of the same condensed matrix and the same cut (merges at or above the threshold are
    not made) directly, since sklearn's per-call validation cost more than the linkage. The tests hold
    the two to the same groups."""
    from scipy.cluster.hierarchy import linkage  # SciPy and scikit-learn only where a run clusters
    from sklearn.cluster import AgglomerativeClustering

    n = x.shape[0]
    if n < 2:
        return [np.arange(n)]
    dist = (x @ x.T).astype(np.float64)
    np.subtract(1.0, dist, out=dist)
    np.clip(dist, 0.0, 2.0, out=dist)
    np.fill_diagonal(dist, 0.0)
    if n > FAST_LINKAGE_MAX:
        labels = AgglomerativeClustering(
            n_clusters=None, metric="precomputed", linkage="average", distance_threshold=1.0 - threshold,
        ).fit_predict(dist)
        return _groups_from_labels(labels)
    i, j = np.triu_indices(n, k=1)
    tree = linkage(dist[i, j], method="average")
    made = n - 1 - int(np.count_nonzero(tree[:, 2] >= 1.0 - threshold))  # merges in distance order
    members: dict[int, list[int]] = {k: [k] for k in range(n)}
    for step in range(made):
        a, b = int(tree[step, 0]), int(tree[step, 1])
        members[n + step] = members.pop(a) + members.pop(b)
    return [np.array(sorted(g), dtype=np.intp) for g in sorted(members.values())]


def _sparse_groups(
    x: np.ndarray, rows: np.ndarray, cols: np.ndarray, members: np.ndarray
) -> list[np.ndarray]:
    """Connected components of the threshold graph restricted to `members` (indices into x)."""
    # SciPy: ~0.3 s to import (perf_counter); only a run that clusters needs it
    from scipy.sparse import coo_matrix
    from scipy.sparse.csgraph import connected_components

    local = np.full(x.shape[0], -1, dtype=np.int64)
    local[members] = np.arange(members.size)
    graph = coo_matrix(
        (np.ones(rows.size, dtype=np.int8), (local[rows], local[cols])), shape=(members.size, members.size)
    )
    _, labels = connected_components(graph, directed=False)
    return [members[g] for g in _groups_from_labels(labels)]


def _groups_from_labels(labels: np.ndarray) -> list[np.ndarray]:
    order = np.argsort(labels, kind="stable")
    bounds = np.flatnonzero(np.diff(labels[order])) + 1
    return np.split(order, bounds)


def _balanced_chunks(idx: np.ndarray, proj: np.ndarray, max_size: int) -> list[np.ndarray]:
    order = idx[np.lexsort((idx, -proj))]
    return np.array_split(order, math.ceil(idx.size / max_size))


def _bisect(idx: np.ndarray, x: np.ndarray, max_size: int) -> list[np.ndarray]:
    """Split one oversize group in two around its two most distant members (2-means refined).

    Falls back to equal chunks along the same axis when the split is empty (identical vectors) or,
    for large groups, so lopsided that peeling one outlier per step would cost quadratic time.
    """
    v = x[idx]
    mean = v.mean(axis=0)
    a = int(np.argmin(v @ mean))  # ties -> lowest index, i.e. lowest id
    b = int(np.argmin(v @ v[a]))
    proj = v @ (v[a] - v[b])
    ca, cb = v[a], v[b]
    left = np.ones(idx.size, dtype=bool)
    for _ in range(3):
        left = (v @ ca) >= (v @ cb)
        if left.all() or not left.any():
            break
        ca, cb = v[left].mean(axis=0), v[~left].mean(axis=0)
    smaller = min(int(left.sum()), int((~left).sum()))
    if smaller == 0 or (idx.size > 4 * max_size and smaller < idx.size // 10):
        return _balanced_chunks(idx, proj, max_size)
    return [idx[left], idx[~left]]


def _split_oversize(groups: list[np.ndarray], x: np.ndarray, max_size: int) -> list[np.ndarray]:
    """Recursively split groups above max_size so chaining can never yield a giant cluster."""
    done: list[np.ndarray] = []
    stack = [np.sort(g) for g in groups]
    while stack:
        g = stack.pop()
        if g.size <= max_size:
            done.append(g)
        else:
            stack.extend(np.sort(part) for part in _bisect(g, x, max_size))
    return done


def _check_sizes(threshold: float, min_size: int, max_size: int, max_neighbors: int) -> None:
    if not -1.0 <= threshold <= 1.0:
        raise ValidationError("threshold must be a cosine similarity in [-1, 1]")
    if min_size < 1 or max_size < min_size:
        raise ValidationError("need 1 <= min_size <= max_size")
    if max_neighbors < 1:
        raise ValidationError("max_neighbors must be >= 1")


def _groups(
    x: np.ndarray, n_new: int, with_pool: bool, threshold: float, dense_limit: int, max_neighbors: int,
    min_size: int = 1,
) -> list[np.ndarray]:
    """Groups among the first `n_new` rows of x and the pool rows within threshold of one of them
    (none when fewer than `min_size` rows could be in one: no group of them would be kept)."""
    if not with_pool and n_new <= dense_limit:
        return _dense_groups(x, threshold) if x.shape[0] >= min_size else []
    rows, cols = _neighbour_edges(x, n_new, threshold, max_neighbors)
    pool_hits = np.unique(cols[cols >= n_new])
    members = np.concatenate([np.arange(n_new), pool_hits])
    if members.size < min_size:
        return []
    if members.size <= dense_limit:
        return [members[g] for g in _dense_groups(x[members], threshold)]
    return _sparse_groups(x, rows, cols, members)


def plan_clusters(
    new_ids: Sequence[str],
    new_vecs: np.ndarray,
    *,
    pool_ids: Sequence[str] = (),
    pool_vecs: np.ndarray | None = None,
    existing: Sequence[ExistingCluster] = (),
    threshold: float = DEFAULT_THRESHOLD,
    min_size: int = DEFAULT_MIN_SIZE,
    max_size: int = DEFAULT_MAX_SIZE,
    dense_limit: int = DEFAULT_DENSE_LIMIT,
    max_neighbors: int = DEFAULT_MAX_NEIGHBORS,
) -> ClusterPlan:
    """Plan cluster changes for a run's new memories.

    1. Each new vector (in id order) joins the existing cluster with the most similar centroid, if
       that similarity is >= threshold and the cluster (counting this run's joins) is below max_size.
       Centroids are not moved during planning; the caller recomputes them after persisting.
    2. The rest are clustered with the pool members within threshold of at least one of them
       (pool-only neighbourhoods were settled by earlier runs). Up to `dense_limit` vectors:
       average-linkage clustering; above: connected components of a blockwise top-k threshold graph.
    3. Groups above max_size are split, groups below min_size dissolve, and only groups holding at
       least one new id become new clusters.
    """
    _check_sizes(threshold, min_size, max_size, max_neighbors)
    new_sorted, x_new = _sorted_inputs(new_ids, new_vecs, "new")
    pool_sorted, x_pool = _sorted_inputs(pool_ids, pool_vecs, "pool")
    if len(set(new_sorted) | set(pool_sorted)) != len(new_sorted) + len(pool_sorted):
        raise ValidationError("ids must be unique across new and pool")
    if pool_sorted and new_sorted and x_pool.shape[1] != x_new.shape[1]:
        raise ValidationError("new and pool vectors differ in dimension")

    clusters_sorted = sorted(existing, key=lambda c: c.cluster_id)
    if len({c.cluster_id for c in clusters_sorted}) != len(clusters_sorted):
        raise ValidationError("existing cluster ids must be unique")
    join_idx = _join_existing(x_new, clusters_sorted, threshold, max_size)
    joins = {
        clusters_sorted[c].cluster_id: tuple(new_sorted[i] for i in members)
        for c, members in sorted(join_idx.items(), key=lambda kv: clusters_sorted[kv[0]].cluster_id)
    }
    joined = {i for members in join_idx.values() for i in members}
    rest = np.array([i for i in range(len(new_sorted)) if i not in joined], dtype=np.int64)

    new_clusters: list[tuple[str, ...]] = []
    if rest.size:
        ids = [new_sorted[i] for i in rest] + pool_sorted
        x = np.concatenate([x_new[rest], x_pool]) if pool_sorted else x_new[rest]
        groups = _groups(x, rest.size, bool(pool_sorted), threshold, dense_limit, max_neighbors, min_size)
        for g in _split_oversize(groups, x, max_size):
            if g.size >= min_size and g.min() < rest.size:
                new_clusters.append(tuple(sorted(ids[i] for i in g)))

    placed = {i for members in joins.values() for i in members}
    placed.update(i for members in new_clusters for i in members)
    unclustered = tuple(sorted(i for i in (*new_sorted, *pool_sorted) if i not in placed))
    return ClusterPlan(joins=joins, new_clusters=tuple(sorted(new_clusters)), unclustered=unclustered)
