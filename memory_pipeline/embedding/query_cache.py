"""Query embeddings, cached: an agent asks the same questions again ("what does the user prefer?"),
and the encoder is most of a recall's time (~4-5 ms with ONNX on 2 cores, the SQL ~1 ms)."""

from __future__ import annotations

import threading
from collections import OrderedDict

import numpy as np

from memory_pipeline.embedding.base import Embedder, query_backend, query_vector

MAX_ENTRIES = 2048  # x 384 float32 = ~3 MB


class QueryCache:
    """A bounded LRU of query vectors keyed by the model and the normalised query text. Vectors are
    read-only: one array is handed to every caller of the same query."""

    def __init__(self, max_entries: int = MAX_ENTRIES):
        self.max_entries = max_entries
        self._lock = threading.Lock()
        self._items: OrderedDict[tuple[str, str, str], np.ndarray] = OrderedDict()
        self.hits = 0
        self.misses = 0

    def encode(self, embedder: Embedder, query: str) -> np.ndarray:
        text = normalise_query(query)
        key = (embedder.name, query_backend(embedder), text)
        with self._lock:
            vec = self._items.get(key)
            if vec is not None:
                self._items.move_to_end(key)
                self.hits += 1
                return vec
        # encoded outside the lock: two threads missing the same query both encode it, none waits
        vec = np.asarray(query_vector(embedder, text), dtype=np.float32)
        vec.flags.writeable = False
        with self._lock:
            self.misses += 1
            self._items[key] = vec
            self._items.move_to_end(key)
            while len(self._items) > self.max_entries:
                self._items.popitem(last=False)
        return vec

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self.hits = self.misses = 0

    def __len__(self) -> int:
        return len(self._items)


def normalise_query(query: str) -> str:
    """Runs of whitespace as one space, ends stripped: the tokenizers split on whitespace, so the
    vector is the same and "where do I live?" and " where  do I live? " share an entry."""
    return " ".join(query.split())


QUERIES = QueryCache()


def encode_query(embedder: Embedder, query: str) -> np.ndarray:
    """The query's vector from the process-wide cache (encoded on a miss)."""
    return QUERIES.encode(embedder, query)
