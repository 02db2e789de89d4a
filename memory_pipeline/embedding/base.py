"""The embedder contract: unit-length float32 vectors, batched, loaded once per process."""

from __future__ import annotations

from typing import Protocol

import numpy as np


class Embedder(Protocol):
    name: str  # model name, recorded in the store
    backend: str  # "onnx" | "torch" | "tfidf"
    dimension: int

    def encode(self, texts: list[str], *, batch_size: int = 64) -> np.ndarray:
        """(len(texts), dimension) float32, rows L2-normalised."""
        ...


def query_vector(embedder: Embedder, text: str) -> np.ndarray:
    """One question's vector: through the embedder's own query encoder where it has one (the ONNX
    backend's int8 graph), else as any text is encoded."""
    encode = getattr(embedder, "encode_query", None)
    return encode(text) if encode else embedder.encode([text])[0]


def query_backend(embedder: Embedder) -> str:
    """What encodes questions (part of the query cache's key): a vector of one never answers for another."""
    return getattr(embedder, "query_backend", embedder.backend)


def normalise(x: np.ndarray) -> np.ndarray:
    x = np.asarray(x, dtype=np.float32)
    norms = np.linalg.norm(x, axis=1, keepdims=True)
    norms[norms == 0] = 1.0
    return x / norms
