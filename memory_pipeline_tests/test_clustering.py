import tracemalloc

import numpy as np
import pytest

from memory_pipeline.lib.clustering import (
    ClusterPlan,
    ExistingCluster,
    centroid,
    deterministic_cluster_id,
    plan_clusters,
)

DIM = 384


def unit(v: np.ndarray) -> np.ndarray:
    return v / np.linalg.norm(v, axis=-1, keepdims=True)


def paraphrases(rng: np.random.Generator, center: np.ndarray, k: int, noise: float = 0.3) -> np.ndarray:
    """k vectors around center; with noise 0.3 pairwise cosine is about 0.92."""
    return unit(center + noise * rng.standard_normal((k, center.size)) / np.sqrt(center.size))


def random_centers(rng: np.random.Generator, k: int) -> list[np.ndarray]:
    return [unit(rng.standard_normal(DIM)) for _ in range(k)]


def ids(prefix: str, n: int) -> list[str]:
    return [f"{prefix}{i:04d}" for i in range(n)]


@pytest.fixture
def rng():
    return np.random.default_rng(7)


def three_groups_and_noise(rng):
    centers = random_centers(rng, 3)
    vecs = np.concatenate([paraphrases(rng, c, 5) for c in centers] + [rng.standard_normal((10, DIM))])
    return ids("m", 25), vecs


def test_three_paraphrase_groups_and_noise(rng):
    names, vecs = three_groups_and_noise(rng)
    plan = plan_clusters(names, vecs)
    assert plan.new_clusters == (tuple(names[0:5]), tuple(names[5:10]), tuple(names[10:15]))
    assert plan.joins == {}
    assert plan.unclustered == tuple(names[15:])


def test_sparse_path_gives_the_same_groups_for_well_separated_data(rng):
    names, vecs = three_groups_and_noise(rng)
    assert plan_clusters(names, vecs, dense_limit=0) == plan_clusters(names, vecs)


def test_result_is_independent_of_input_order(rng):
    names, vecs = three_groups_and_noise(rng)
    perm = rng.permutation(len(names))
    shuffled = plan_clusters([names[i] for i in perm], vecs[perm])
    assert shuffled == plan_clusters(names, vecs)


def test_unnormalised_input_is_normalised(rng):
    names, vecs = three_groups_and_noise(rng)
    scaled = vecs * rng.uniform(0.1, 50, size=(len(names), 1))
    assert plan_clusters(names, scaled) == plan_clusters(names, vecs)


def test_groups_below_min_size_are_not_clusters(rng):
    a, b = random_centers(rng, 2)
    vecs = np.concatenate([paraphrases(rng, a, 2), paraphrases(rng, b, 4)])
    names = ids("m", 6)
    plan = plan_clusters(names, vecs)
    assert plan.new_clusters == (tuple(names[2:6]),)
    assert plan.unclustered == tuple(names[:2])
    assert plan_clusters(names, vecs, min_size=2).new_clusters == (tuple(names[:2]), tuple(names[2:6]))
    assert plan_clusters(names, vecs, min_size=5).new_clusters == ()


def test_oversize_groups_are_split(rng):
    (c,) = random_centers(rng, 1)
    names = ids("m", 30)
    plan = plan_clusters(names, paraphrases(rng, c, 30), max_size=10)
    sizes = sorted(len(g) for g in plan.new_clusters)
    assert max(sizes) <= 10
    # A tight group of 30 splits into parts, not into noise.
    assert sum(sizes) + len(plan.unclustered) == 30
    assert sum(sizes) >= 27


def test_threshold_is_configurable(rng):
    (c,) = random_centers(rng, 1)
    vecs = paraphrases(rng, c, 6, noise=1.0)  # pairwise cosine about 0.5
    names = ids("m", 6)
    assert plan_clusters(names, vecs).new_clusters == ()
    assert plan_clusters(names, vecs, threshold=0.3).new_clusters == (tuple(names),)


@pytest.mark.parametrize("dense_limit", [2000, 0])
def test_chain_of_near_identical_vectors_never_exceeds_max_size(rng, dense_limit):
    base, step = rng.standard_normal(DIM), rng.standard_normal(DIM)
    chain = np.array([base + 0.01 * i * step for i in range(200)])
    names = ids("c", 200)
    plan = plan_clusters(names, chain, max_size=20, dense_limit=dense_limit)
    assert plan.new_clusters
    assert max(len(g) for g in plan.new_clusters) <= 20
    members = [m for g in plan.new_clusters for m in g]
    assert len(members) == len(set(members))
    assert len(members) + len(plan.unclustered) == 200


def test_identical_vectors_split_into_bounded_chunks():
    vecs = np.tile(np.ones(8, dtype=np.float32), (45, 1))
    plan = plan_clusters(ids("d", 45), vecs, max_size=20, dense_limit=0)
    assert sorted(len(g) for g in plan.new_clusters) == [15, 15, 15]


def test_new_vectors_join_existing_clusters(rng):
    a, b = random_centers(rng, 2)
    existing = [ExistingCluster("clu_a", a, 5), ExistingCluster("clu_b", b, 19)]
    new = np.concatenate([paraphrases(rng, a, 2), paraphrases(rng, b, 2), rng.standard_normal((1, DIM))])
    names = ids("n", 5)
    plan = plan_clusters(names, new, existing=existing)
    assert plan.joins["clu_a"] == (names[0], names[1])
    # clu_b has room for one more (max_size 20): the first in id order takes it.
    assert plan.joins["clu_b"] == (names[2],)
    assert plan.new_clusters == ()
    assert plan.unclustered == (names[3], names[4])


def test_a_vector_joins_the_most_similar_cluster(rng):
    a, b = random_centers(rng, 2)
    near_b = unit(0.3 * a + b)
    # cos(near_b, clu_a) is about 0.69, cos(near_b, clu_b) about 0.96: both pass 0.5, clu_b wins.
    existing = [ExistingCluster("clu_a", unit(a + 0.5 * b), 3), ExistingCluster("clu_b", b, 3)]
    plan = plan_clusters(["n1"], near_b[None, :], existing=existing, threshold=0.5)
    assert plan.joins == {"clu_b": ("n1",)}


def test_full_clusters_push_the_vector_to_the_next_best(rng):
    (a,) = random_centers(rng, 1)
    next_best = unit(a + 0.3 * rng.standard_normal(DIM) / np.sqrt(DIM))
    existing = [ExistingCluster("clu_full", a, 20), ExistingCluster("clu_next", next_best, 4)]
    plan = plan_clusters(["n1"], a[None, :], existing=existing)
    assert plan.joins == {"clu_next": ("n1",)}


def test_pool_and_new_form_a_cluster(rng):
    a, b = random_centers(rng, 2)
    pool_ids = ["p1", "p2", "p3", "p4"]
    # Two pool memories about a (too few alone), two pool memories about b.
    pool = np.concatenate([paraphrases(rng, a, 2), paraphrases(rng, b, 2)])
    plan = plan_clusters(["n1"], paraphrases(rng, a, 1), pool_ids=pool_ids, pool_vecs=pool)
    assert plan.new_clusters == (("n1", "p1", "p2"),)
    assert plan.unclustered == ("p3", "p4")


def test_pool_only_groups_are_left_alone(rng):
    a, b = random_centers(rng, 2)
    pool = paraphrases(rng, a, 5)  # would be a cluster, but nothing new touches it
    plan = plan_clusters(["n1"], b[None, :], pool_ids=ids("p", 5), pool_vecs=pool)
    assert plan.new_clusters == ()
    assert plan.unclustered == ("n1", *ids("p", 5))


def test_pool_path_with_large_pool_uses_the_sparse_graph(rng):
    a, b = random_centers(rng, 2)
    pool = np.concatenate([paraphrases(rng, a, 3), rng.standard_normal((50, DIM))])
    new = paraphrases(rng, a, 2)
    plan = plan_clusters(ids("n", 2), new, pool_ids=ids("p", 53), pool_vecs=pool, dense_limit=3)
    assert plan.new_clusters == ((*ids("n", 2), *ids("p", 3)),)


def test_joins_happen_before_new_clusters(rng):
    a, b = random_centers(rng, 2)
    new = np.concatenate([paraphrases(rng, a, 3), paraphrases(rng, b, 3)])
    names = ids("n", 6)
    plan = plan_clusters(names, new, existing=[ExistingCluster("clu_a", a, 3)])
    assert plan.joins == {"clu_a": tuple(names[:3])}
    assert plan.new_clusters == (tuple(names[3:]),)


def test_bad_input_is_rejected(rng):
    with pytest.raises(ValueError):
        plan_clusters(["a", "b"], rng.standard_normal((3, 4)))
    with pytest.raises(ValueError):
        plan_clusters(
            ["a"], rng.standard_normal((1, 4)), pool_ids=["a"], pool_vecs=rng.standard_normal((1, 4))
        )
    with pytest.raises(ValueError):
        plan_clusters(["a"], rng.standard_normal((1, 4)), min_size=5, max_size=4)
    with pytest.raises(ValueError):
        plan_clusters(
            ["a"], rng.standard_normal((1, 4)), pool_ids=["b"], pool_vecs=rng.standard_normal((1, 5))
        )


def test_empty_input():
    plan = plan_clusters([], np.zeros((0, DIM), dtype=np.float32))
    assert plan == ClusterPlan(joins={}, new_clusters=(), unclustered=())


def test_large_n_never_allocates_a_dense_matrix():
    rng = np.random.default_rng(3)
    n = 5000
    centers = rng.standard_normal((300, DIM))
    vecs = (centers[rng.integers(0, 300, n)] + 0.3 * rng.standard_normal((n, DIM))).astype(np.float32)
    names = ids("x", n)
    tracemalloc.start()
    try:
        plan = plan_clusters(names, vecs)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    # A dense float32 n x n matrix alone would take 100 MB.
    assert peak < 60e6, peak
    assert len(plan.new_clusters) > 200
    assert max(len(g) for g in plan.new_clusters) <= 20


def test_cluster_id_is_deterministic():
    a = deterministic_cluster_id("u1", ["m2", "m1", "m3"])
    assert a == deterministic_cluster_id("u1", ["m1", "m3", "m2", "m1"])
    assert a.startswith("clu_")
    assert a != deterministic_cluster_id("u2", ["m1", "m2", "m3"])
    assert a != deterministic_cluster_id("u1", ["m1", "m2"])
    with pytest.raises(ValueError):
        deterministic_cluster_id("u1", [])


def test_centroid_is_unit_mean_direction():
    c = centroid(np.array([[2.0, 0.0], [0.0, 5.0]]))
    assert c.dtype == np.float32
    np.testing.assert_allclose(c, [np.sqrt(0.5), np.sqrt(0.5)], rtol=1e-6)
    with pytest.raises(ValueError):
        centroid(np.zeros((0, 3)))


def test_the_direct_linkage_groups_as_sklearn_does():
    """The linkage for a few rows, computed without sklearn's wrapper, gives sklearn's groups: random
    points around a few centres, with exact duplicates (ties) among them."""
    from sklearn.cluster import AgglomerativeClustering

    from memory_pipeline.lib import clustering as c

    rng = np.random.default_rng(7)
    for case in range(400):
        n = int(rng.integers(2, c.FAST_LINKAGE_MAX + 1))
        centres = rng.normal(size=(3, 8))
        x = centres[rng.integers(0, 3, n)] + rng.normal(scale=rng.uniform(0.05, 1.0), size=(n, 8))
        if case % 5 == 0:
            x[1] = x[0]
        x = (x / np.linalg.norm(x, axis=1, keepdims=True)).astype(np.float32)
        threshold = float(rng.uniform(0.3, 0.95))
        dist = np.clip(1.0 - (x @ x.T).astype(np.float64), 0.0, 2.0)
        np.fill_diagonal(dist, 0.0)
        labels = AgglomerativeClustering(n_clusters=None, metric="precomputed", linkage="average",
                                         distance_threshold=1.0 - threshold).fit_predict(dist)
        want = sorted(tuple(g.tolist()) for g in c._groups_from_labels(labels))
        assert sorted(tuple(g.tolist()) for g in c._dense_groups(x, threshold)) == want
