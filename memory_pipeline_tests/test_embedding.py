"""Embedders: the ONNX export agrees with sentence-transformers; the TF-IDF fallback loads without a model."""

from __future__ import annotations

import numpy as np


def test_onnx_matches_torch(settings):
    from memory_pipeline.embedding import get_embedder

    onnx = get_embedder(settings.embedding_model, "onnx", settings.cache_dir)
    torch = get_embedder(settings.embedding_model, "torch", settings.cache_dir)
    texts = ["hi", "I moved to Berlin last month and love it", "x " * 300, "Ünïcödé 文字 🙂", "I have 2 cats"]
    a, b = onnx.encode(texts, batch_size=2), torch.encode(texts)
    assert a.shape == b.shape == (5, 384)
    assert float(np.min(np.sum(a * b, axis=1))) > 0.999
    assert np.allclose(np.linalg.norm(a, axis=1), 1.0, atol=1e-5)


def test_auto_backend_prefers_onnx(settings):
    from memory_pipeline.embedding import get_embedder

    assert get_embedder(settings.embedding_model, "auto", settings.cache_dir).backend == "onnx"


def test_unloadable_model_falls_back_to_tfidf(tmp_path):
    from memory_pipeline.embedding import get_embedder

    emb = get_embedder("no-such-model-anywhere", "auto", tmp_path)
    assert emb.backend == "tfidf"
    v = emb.encode(["I have 2 cats", "I have 2 cats", "the weather is grey"])
    assert v.shape[1] == emb.dimension
    assert float(v[0] @ v[1]) > 0.99 > float(v[0] @ v[2])


QUESTIONS = ["where does the user live now?", "what did Caroline say about the adoption agency?",
             "When did Melanie paint a sunrise?", "which editor do I use", "Ünïcödé 文字 🙂 ?", "x " * 300]


def test_int8_query_encoder_agrees_with_fp32_and_stores_nothing_of_its_own(settings, embedder):
    """Questions go through the int8 graph; every stored vector (save, summaries, profiles) through fp32."""
    from memory_pipeline.embedding import get_embedder

    assert settings.query_precision == "int8" and embedder.query_backend == "onnx-int8"
    fp32 = embedder.encode(QUESTIONS)
    q8 = np.vstack([embedder.encode_query(q) for q in QUESTIONS])
    cos = np.sum(fp32 * q8, axis=1)
    assert float(cos.min()) > 0.97, cos
    assert float(np.abs(fp32 - q8).max()) > 1e-4  # a different graph answered, not the fp32 one again
    assert np.allclose(np.linalg.norm(q8, axis=1), 1.0, atol=1e-5)
    exact = get_embedder(settings.embedding_model, settings.embedding_backend, settings.cache_dir,
                         query_precision="fp32")
    assert exact.query_backend == "onnx"
    assert np.array_equal(exact.encode_query(QUESTIONS[0]), exact.encode([QUESTIONS[0]])[0])


def test_saved_memories_carry_fp32_vectors(service, embedder):
    from memory_pipeline.store.consolidation import load_embeddings

    text = "I moved to Lisbon in March and started at a bakery"
    mid = service.remember("u1", text).id
    stored = load_embeddings(service.conn, [mid])[0]
    assert float(stored @ embedder.encode([text])[0]) > 0.99999
    assert not np.allclose(stored, embedder.encode_query(text), atol=1e-5)


def test_query_cache_keeps_the_encoders_apart(settings, embedder):
    from memory_pipeline.embedding import get_embedder
    from memory_pipeline.embedding.query_cache import QueryCache

    exact = get_embedder(settings.embedding_model, settings.embedding_backend, settings.cache_dir,
                         query_precision="fp32")
    cache = QueryCache()
    a, b = cache.encode(embedder, "where do I live?"), cache.encode(exact, "where do I live?")
    assert cache.misses == 2 and not np.array_equal(a, b)
    assert np.array_equal(b, exact.encode(["where do I live?"])[0])


def test_unknown_query_precision_is_a_clear_error(settings, monkeypatch):
    import pytest

    from memory_pipeline.config import Settings
    from memory_pipeline.embedding import get_embedder
    from memory_pipeline.errors import EmbedderError

    monkeypatch.setenv("MEMORY_PIPELINE_QUERY_PRECISION", "fp32")
    assert Settings.from_env().query_precision == "fp32"
    with pytest.raises(EmbedderError, match="unknown query precision 'int4'"):
        get_embedder(settings.embedding_model, "onnx", settings.cache_dir, query_precision="int4")
