import random
import tracemalloc

import numpy as np
import pytest

from memory_pipeline.lib.tfidf import TfidfFallbackEmbedder, tfidf_groups, tfidf_vectors


def test_vectors_are_unit_rows_and_sparse():
    x = tfidf_vectors(["the cat sat", "the dog ran", "the cat ran"])
    assert x.shape[0] == 3
    np.testing.assert_allclose(np.sqrt(x.multiply(x).sum(axis=1)).A1, 1.0)


def test_vectors_of_texts_without_tokens():
    x = tfidf_vectors(["", "  ", "!!"])
    assert x.shape[0] == 3
    assert x.nnz == 0
    assert tfidf_vectors([]).shape == (0, 0)


def test_groups_near_duplicates_only():
    ids = ["a", "b", "c", "d", "e"]
    texts = [
        "The deploy runs every Friday at 5pm from the main branch.",
        "dogs bark at night",
        "the deploy runs every friday at 5pm from the main branch",
        "I have 2 cats",
        "I have 3 cats",
    ]
    assert tfidf_groups(ids, texts) == [("a", "c")]


def test_numbers_keep_texts_apart():
    # The default token rule (two characters or more) would make these identical.
    assert tfidf_groups(["x", "y"], ["I have 2 cats", "I have 3 cats"], threshold=0.99) == []


def test_groups_are_transitive_and_min_size_applies():
    texts = [
        "alpha beta gamma delta",
        "alpha beta gamma delta epsilon",
        "alpha beta gamma delta epsilon zeta",
        "other words",
    ]
    groups = tfidf_groups(["1", "2", "3", "4"], texts, threshold=0.8)
    assert groups == [("1", "2", "3")]
    assert tfidf_groups(["1", "2", "3", "4"], texts, threshold=0.8, min_size=4) == []


def test_threshold_is_configurable():
    texts = ["red apples and green pears", "red apples and yellow bananas"]
    assert tfidf_groups(["a", "b"], texts) == []
    assert tfidf_groups(["a", "b"], texts, threshold=0.3) == [("a", "b")]


def test_result_does_not_depend_on_input_order():
    rng = random.Random(4)
    words = [f"w{i}" for i in range(40)]
    texts = [" ".join(rng.choices(words, k=6)) for _ in range(60)]
    texts += texts[:10]
    ids = [f"id{i:03d}" for i in range(len(texts))]
    pairs = list(zip(ids, texts, strict=True))
    rng.shuffle(pairs)
    shuffled = tfidf_groups([p[0] for p in pairs], [p[1] for p in pairs], threshold=0.6)
    assert shuffled == tfidf_groups(ids, texts, threshold=0.6)
    assert len(shuffled) >= 10


def test_bad_input():
    with pytest.raises(ValueError):
        tfidf_groups(["a"], ["x", "y"])
    with pytest.raises(ValueError):
        tfidf_groups(["a", "a"], ["x", "y"])
    assert tfidf_groups([], []) == []


def test_large_input_stays_sparse():
    rng = random.Random(1)
    words = [f"w{i}" for i in range(3000)] + ["the", "and"] * 100
    n = 6000
    texts = [" ".join(rng.choices(words, k=12)) for _ in range(n)]
    texts[10] = texts[4000]
    ids = [f"id{i:05d}" for i in range(n)]
    tracemalloc.start()
    try:
        groups = tfidf_groups(ids, texts)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert groups == [("id00010", "id04000")]
    assert peak < 100e6  # a dense float64 6000 x 6000 matrix alone is 288 MB


def test_embedder_contract():
    emb = TfidfFallbackEmbedder()
    assert emb.dimension == 384
    assert emb.name == "tfidf-hashing"
    vecs = emb.encode(["I love my cat Tom", "My cat Tom is lovely", "Stock prices fell sharply today", ""])
    assert vecs.shape == (4, 384)
    assert vecs.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(vecs, axis=1), 1.0, rtol=1e-6)
    sims = vecs @ vecs.T
    assert sims[0, 1] > 0.4
    assert sims[0, 1] > sims[0, 2] + 0.3
    assert emb.encode([]).shape == (0, 384)


def test_embedder_is_stateless_and_deterministic():
    a = TfidfFallbackEmbedder(dimension=64).encode(["the deploy runs on friday", "other text"])
    b = TfidfFallbackEmbedder(dimension=64).encode(["the deploy runs on friday"])
    np.testing.assert_array_equal(a[0], b[0])
    assert a.shape == (2, 64)


def test_embedder_identical_texts_score_one_and_negations_matter():
    emb = TfidfFallbackEmbedder()
    v = emb.encode(["I use vim", "I use vim", "I do not use vim", "", "  "])
    assert v[0] @ v[1] == pytest.approx(1.0)
    assert v[0] @ v[2] < 0.95
    assert v[3] @ v[4] == pytest.approx(1.0)  # empty texts are the same (empty) statement


def test_embedder_rejects_tiny_dimension():
    with pytest.raises(ValueError):
        TfidfFallbackEmbedder(dimension=1)
