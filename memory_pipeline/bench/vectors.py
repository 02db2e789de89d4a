"""The bench's vector cache: texts embedded once (bulk loads, calibration), kept on disk between runs."""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path

import numpy as np


class VectorCache:
    """Vectors of texts embedded once (bulk loads, calibration), kept on disk between runs.

    Only rows that are not being timed come from here; every timed path embeds for real.
    """

    def __init__(self, embedder, path: Path | None):
        self.embedder, self.path = embedder, path
        self.index: dict[str, int] = {}
        self.chunks: list[np.ndarray] = []
        self.embedded = 0
        if path is not None and path.with_suffix(".npy").exists() and path.with_suffix(".json").exists():
            texts = json.loads(path.with_suffix(".json").read_text())
            mat = np.load(path.with_suffix(".npy"))
            if len(texts) == len(mat) and mat.shape[1] == embedder.dimension:
                self.index = {t: i for i, t in enumerate(texts)}
                self.chunks = [mat]

    def ensure(self, texts: Iterable[str]) -> int:
        missing = sorted({t for t in texts if t not in self.index})
        for start in range(0, len(missing), 4096):
            part = missing[start : start + 4096]
            vecs = self.embedder.encode(part, batch_size=64)
            base = len(self.index)
            self.index.update({t: base + i for i, t in enumerate(part)})
            self.chunks.append(vecs)
        self.embedded += len(missing)
        return len(missing)

    def matrix(self) -> np.ndarray:
        if len(self.chunks) > 1:
            self.chunks = [np.vstack(self.chunks)]
        return self.chunks[0] if self.chunks else np.zeros((0, self.embedder.dimension), dtype=np.float32)

    def vectors(self, texts: list[str]) -> np.ndarray:
        self.ensure(texts)
        return self.matrix()[[self.index[t] for t in texts]]

    def save(self) -> None:
        if self.path is None or not self.embedded:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        texts = sorted(self.index, key=self.index.__getitem__)
        np.save(self.path.with_suffix(".npy"), self.matrix())
        self.path.with_suffix(".json").write_text(json.dumps(texts))
