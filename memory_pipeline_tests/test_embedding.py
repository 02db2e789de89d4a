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
