"""The engine seam: what decides summaries, supersessions and profiles.

The local engine is deterministic and needs no key; it marks every row it writes (method
'extractive' / 'rules'). An LLM engine implements the same protocol and falls back to the local one
on any failure; it plugs in through `get_engine`.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Protocol

from memory_pipeline.config import Settings
from memory_pipeline.lib.profile import Profile, ProfileSource, build_profile
from memory_pipeline.lib.summarize import SourceItem, SummaryDraft, map_reduce_summary
from memory_pipeline.lib.supersession import MemoryText, Supersession, detect_supersessions

log = logging.getLogger(__name__)


class Engine(Protocol):
    name: str
    summary_method: str
    supersession_method: str
    profile_method: str
    model: str | None
    prompt_version: str | None

    def summarize(self, items: Sequence[SourceItem], superseded: Sequence[tuple[str, str, str]]) -> SummaryDraft: ...

    def supersessions(self, memories: Sequence[MemoryText]) -> list[Supersession]: ...

    def profile(self, sources: Sequence[ProfileSource], superseded_ids: frozenset[str]) -> Profile: ...


class LocalEngine:
    """Extractive summaries, rule-based supersession and profile. Deterministic."""

    name = "local"
    summary_method = "extractive"
    supersession_method = "rules"
    profile_method = "rules"
    model = None
    prompt_version = None

    def __init__(self, chunk_size: int = 50):
        self.chunk_size = chunk_size

    def summarize(self, items, superseded=()):
        return map_reduce_summary(list(items), chunk_size=self.chunk_size, superseded=list(superseded))

    def supersessions(self, memories):
        return detect_supersessions(list(memories))

    def profile(self, sources, superseded_ids=frozenset()):
        return build_profile(list(sources), superseded_ids=superseded_ids)


def get_engine(settings: Settings) -> Engine:
    if settings.llm.enabled:
        # The LLM engine is not built yet (its own issue); say so instead of pretending.
        log.warning("OPENAI_API_KEY is set but the LLM engine is not available yet; using the local engine")
    return LocalEngine()
