"""Embedders: one factory, one instance per process and configuration."""

from __future__ import annotations

import logging
import threading
from pathlib import Path

from memory_pipeline.embedding.base import Embedder, normalise
from memory_pipeline.embedding.onnx import OnnxEmbedder
from memory_pipeline.embedding.sentence_transformer import SentenceTransformerEmbedder, model_path
from memory_pipeline.errors import EmbedderError

log = logging.getLogger(__name__)
_LOCK = threading.Lock()
_CACHE: dict[tuple[str, str, str], Embedder] = {}

__all__ = ["Embedder", "get_embedder", "normalise"]


QUERY_PRECISIONS = ("int8", "fp32")


def get_embedder(name: str = "all-MiniLM-L6-v2", backend: str = "auto", cache_dir: Path | None = None, *,
                 query_precision: str = "int8") -> Embedder:
    """Load (once per process) the embedder for `name`.

    backend: "onnx", "torch", "tfidf" or "auto" (ONNX, then torch, then the TF-IDF fallback
    so the pipeline still runs when no model can load; the fallback is logged loudly).
    query_precision: how the ONNX backend encodes recall's questions ("int8" or "fp32"); every vector
    that is stored is fp32 whatever this says.
    """
    if query_precision not in QUERY_PRECISIONS:
        raise EmbedderError(f"unknown query precision {query_precision!r} ({', '.join(QUERY_PRECISIONS)})")
    key = (name, backend, str(cache_dir), query_precision)
    with _LOCK:
        if key in _CACHE:
            return _CACHE[key]
        emb = _load(name, backend, cache_dir or Path.home() / ".cache" / "memory_pipeline", query_precision)
        _CACHE[key] = emb
        return emb


def _load(name: str, backend: str, cache_dir: Path, query_precision: str = "int8") -> Embedder:
    if backend == "torch":
        return SentenceTransformerEmbedder(name)
    if backend == "onnx":
        return _onnx(name, model_path, cache_dir, query_precision)
    if backend == "tfidf":
        return _tfidf()
    if backend != "auto":
        raise EmbedderError(f"unknown embedding backend {backend!r} (auto, onnx, torch, tfidf)")
    errors = []
    for loader in (lambda: _onnx(name, model_path, cache_dir, query_precision),
                   lambda: SentenceTransformerEmbedder(name)):
        try:
            return loader()
        except EmbedderError as e:
            errors.append(str(e))
            log.warning("embedder backend failed: %s", e)
    log.error("no embedding model could load (%s); falling back to TF-IDF hashing vectors", "; ".join(errors))
    return _tfidf()


def _onnx(name: str, model_path, cache_dir: Path, query_precision: str) -> Embedder:
    path = Path(model_path(name))
    if not (path / "tokenizer.json").exists():
        raise EmbedderError(f"model {name!r} has no local directory with tokenizer.json for the ONNX backend")
    return OnnxEmbedder(name, path, cache_dir, query_precision=query_precision)


def _tfidf() -> Embedder:
    # the TF-IDF fallback loads scikit-learn: ~1.2 s to import (perf_counter); only a failed model needs it
    from memory_pipeline.lib.tfidf import TfidfFallbackEmbedder

    emb = TfidfFallbackEmbedder()
    emb.backend = "tfidf"
    return emb
