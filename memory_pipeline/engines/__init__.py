"""Engines: every judgement consolidation and reasoned recall need, behind one protocol.

A new engine is one class implementing `Engine` (see `base.py`) and one entry in `ENGINES`; the
phases, the writer and the assets do not change. `MEMORY_PIPELINE_ENGINE` picks one by name
(`auto`: an LLM engine when one is configured and registered, else the local engine).
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from memory_pipeline.config import Settings
from memory_pipeline.engines.base import Engine
from memory_pipeline.engines.local import LocalEngine
from memory_pipeline.errors import ValidationError

log = logging.getLogger(__name__)

__all__ = ["ENGINES", "Engine", "LocalEngine", "get_engine"]

ENGINES: dict[str, Callable[[Settings], Engine]] = {
    "local": lambda settings: LocalEngine(),
    "llm": lambda settings: _llm(settings),
}


def _llm(settings: Settings) -> Engine:
    if not settings.llm.enabled:
        raise ValidationError("the llm engine needs OPENAI_API_KEY or OPENAI_BASE_URL (an OpenAI-compatible server)")
    from memory_pipeline.engines.llm import LLMEngine  # the openai client only when asked for

    return LLMEngine(settings.llm)


def get_engine(settings: Settings) -> Engine:
    choice = settings.engine
    if choice == "auto":
        choice = "llm" if settings.llm.enabled else "local"
    factory = ENGINES.get(choice)
    if factory is None:
        raise ValidationError(f"engine {choice!r} is not available; available: {', '.join(sorted(ENGINES))}")
    return factory(settings)
