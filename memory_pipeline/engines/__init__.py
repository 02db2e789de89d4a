"""Engines: every judgement consolidation and reasoned recall need, behind one protocol.

`get_engine(settings)` picks the engine; a new engine is a new class implementing `Engine`
(see `base.py`) and one branch here, nothing else.
"""

from __future__ import annotations

import logging

from memory_pipeline.config import Settings
from memory_pipeline.engines.base import Engine
from memory_pipeline.engines.local import LocalEngine

log = logging.getLogger(__name__)

__all__ = ["Engine", "LocalEngine", "get_engine"]


def get_engine(settings: Settings) -> Engine:
    if settings.llm.enabled:
        # The LLM engine is not built yet (its own issue); say so instead of pretending.
        log.warning("an LLM is configured but the LLM engine is not available yet; using the local engine")
    return LocalEngine()
