"""What an OpenAI-compatible server says about its model, asked once per client: the context window.

Servers put it in different places of `GET /models` (vLLM: `max_model_len`; llama.cpp's server:
`meta.n_ctx_train` or `n_ctx`; others `context_length`); none is part of the OpenAI API, so any
failure means "unknown" and the setting `MEMORY_PIPELINE_LLM_CONTEXT_TOKENS` is the sure way.
"""

from __future__ import annotations

import logging

log = logging.getLogger(__name__)

KEYS = ("n_ctx", "max_model_len", "context_length", "context_window", "n_ctx_train")


def context_tokens(client, model: str) -> int | None:
    try:
        models = list(client.models.list(timeout=5.0))
    except Exception as e:  # noqa: BLE001  (an optional hint: any failure is "unknown")
        log.debug("the server did not list its models: %s", e)
        return None
    chosen = [m for m in models if getattr(m, "id", None) == model] or models[:1]
    for m in chosen:
        found = _find(m.model_dump() if hasattr(m, "model_dump") else dict(m))
        if found:
            return found
    return None


def _find(data: dict, depth: int = 0) -> int | None:
    for key in KEYS:  # in order: what the server runs with before what the model was trained with
        value = data.get(key)
        if isinstance(value, int) and value > 0:
            return value
    if depth < 2:
        for value in data.values():
            if isinstance(value, dict) and (found := _find(value, depth + 1)):
                return found
    return None
