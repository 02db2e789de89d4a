"""Seed 000's fallback when no embedding model can load: TF-IDF grouping, and a hashing embedder.

Tokens are runs of word characters, single characters included, so "I have 2 cats" and "I have 3 cats"
do not look identical (the usual two-character token rule would drop the numbers).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from scipy import sparse
from scipy.sparse.csgraph import connected_components
from sklearn.feature_extraction.text import HashingVectorizer, TfidfVectorizer

from memory_pipeline.errors import ValidationError
from memory_pipeline.lib.text import STOP_WORDS, words

# The same tokens as lib.text.words (runs of word characters), spelled for sklearn.
TOKEN_PATTERN = r"(?u)\b\w+\b"
DEFAULT_GROUP_THRESHOLD = 0.85  # the grouping threshold the original TF-IDF consolidator ran with
# Rows per block of the similarity product: a block holds at most this many entries.
_BLOCK_ENTRIES = 1 << 21


def tfidf_vectors(texts: Sequence[str]) -> sparse.csr_matrix:
    """L2-normalised TF-IDF rows (fitted on `texts`); all-zero rows for texts without tokens."""
    if not texts:
        return sparse.csr_matrix((0, 0), dtype=np.float64)
    try:
        return TfidfVectorizer(token_pattern=TOKEN_PATTERN, sublinear_tf=True).fit_transform(texts).tocsr()
    except ValueError:  # empty vocabulary: no text has a single token
        return sparse.csr_matrix((len(texts), 1), dtype=np.float64)


def tfidf_groups(
    ids: Sequence[str],
    texts: Sequence[str],
    threshold: float = DEFAULT_GROUP_THRESHOLD,
    min_size: int = 2,
) -> list[tuple[str, ...]]:
    """Groups of texts connected by TF-IDF cosine >= threshold (sorted ids, groups sorted).

    Sparse throughout: the similarity product is computed a block of rows at a time and only entries
    at or above the threshold are kept, so memory follows the number of near-duplicates, not n x n.
    """
    if len(ids) != len(texts):
        raise ValidationError("ids and texts differ in length")
    if len(set(ids)) != len(ids):
        raise ValidationError("ids must be unique")
    if min_size < 1:
        raise ValidationError("min_size must be >= 1")
    n = len(ids)
    if n == 0:
        return []
    # Canonical order so the result does not depend on how the caller ordered the input.
    order = sorted(range(n), key=lambda i: ids[i])
    sorted_ids = [ids[i] for i in order]
    x = tfidf_vectors([texts[i] for i in order])
    xt = x.T.tocsc()
    step = max(1, _BLOCK_ENTRIES // n)
    rows: list[np.ndarray] = []
    cols: list[np.ndarray] = []
    for start in range(0, n, step):
        block = (x[start : start + step] @ xt).tocoo()
        keep = (block.data >= threshold) & (block.row + start < block.col)  # upper triangle, no self
        rows.append(block.row[keep] + start)
        cols.append(block.col[keep])
    r = np.concatenate(rows)
    c = np.concatenate(cols)
    graph = sparse.coo_matrix((np.ones(r.size, dtype=np.int8), (r, c)), shape=(n, n))
    _, labels = connected_components(graph, directed=False)
    groups: dict[int, list[str]] = {}
    for i, label in enumerate(labels):
        groups.setdefault(int(label), []).append(sorted_ids[i])
    return sorted(tuple(g) for g in groups.values() if len(g) >= min_size)


def _features(text: str) -> list[str]:
    # The shared stop words: negations and number words stay features.
    tokens = words(text)
    content = [w for w in tokens if w not in STOP_WORDS] or tokens
    if not content:
        return ["<empty>"]  # every empty text maps to the same unit vector
    return content + [f"{a} {b}" for a, b in zip(content, content[1:], strict=False)]


class TfidfFallbackEmbedder:
    """Dense, L2-normalised, fixed-dimension vectors without a model: hashed words and bigrams.

    Stateless on purpose: no corpus statistics (IDF) are fitted, so vectors from different calls and
    processes stay comparable in the same pgvector column. Stop words are dropped instead, which is
    what IDF mostly buys for short texts; counts are log-scaled (sublinear TF). Signed hashing makes
    collisions cancel out on average instead of inflating similarities.
    """

    name = "tfidf-hashing"
    backend = "tfidf"

    def __init__(self, dimension: int = 384):
        if dimension < 2:
            raise ValidationError("dimension must be >= 2")
        self.dimension = dimension
        self._hasher = HashingVectorizer(
            n_features=dimension, analyzer=_features, alternate_sign=True, norm=None, dtype=np.float64
        )

    def encode(self, texts: list[str], *, batch_size: int = 64) -> np.ndarray:
        """(len(texts), dimension) float32, rows L2-normalised. `batch_size` is accepted for the
        embedder contract; hashing has no batches to tune."""
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        counts = self._hasher.transform(list(texts)).toarray()
        weighted = np.sign(counts) * np.log1p(np.abs(counts))
        norms = np.linalg.norm(weighted, axis=1, keepdims=True)
        # A text whose features all cancelled out gets a fixed unit vector rather than zeros.
        zero = norms[:, 0] == 0
        weighted[zero, 0] = 1.0
        norms[zero] = 1.0
        return (weighted / norms).astype(np.float32)
