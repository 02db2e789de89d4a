"""Resources: the memory store (PostgreSQL + pgvector + embedder) and the consolidation engine (the
local rules, or an OpenAI-compatible model through the `openai` client)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import dagster as dg
from pydantic import PrivateAttr

from memory_pipeline.config import Settings
from memory_pipeline.engines import Engine, get_engine
from memory_pipeline.engines.base import DECISION, DUPLICATES, PROFILE, SUMMARY, SUPERSESSION
from memory_pipeline.errors import ValidationError
from memory_pipeline.runtime import Runtime


class MemoryStoreResource(dg.ConfigurableResource):
    """The store every asset writes through. Empty fields fall back to the environment
    (MEMORY_PIPELINE_DATABASE_URL, MEMORY_PIPELINE_HOME); the default is the embedded server."""

    database_url: str | None = None
    home: str | None = None

    _runtime: Runtime | None = PrivateAttr(default=None)

    def settings(self) -> Settings:
        s = Settings.from_env()
        overrides = {}
        if self.database_url:
            overrides["database_url"] = self.database_url
        if self.home:
            overrides["home"] = Path(self.home)
        return s.with_overrides(**overrides) if overrides else s

    def setup_for_execution(self, context: dg.InitResourceContext) -> None:
        self._runtime = Runtime(self.settings())

    def teardown_after_execution(self, context: dg.InitResourceContext) -> None:
        if self._runtime is not None:
            self._runtime.close()

    @property
    def runtime(self) -> Runtime:
        if self._runtime is None:  # direct use outside a run (sensors build it per tick)
            self._runtime = Runtime(self.settings())
        return self._runtime


class EngineResource(dg.ConfigurableResource):
    """The engine every judgement goes to. Empty fields fall back to the environment
    (MEMORY_PIPELINE_ENGINE, MEMORY_PIPELINE_LLM_MODEL, OPENAI_BASE_URL, OPENAI_API_KEY); the key is
    only ever read from the environment (`dg.EnvVar("OPENAI_API_KEY")` when set here)."""

    engine: str | None = None  # local | llm | auto
    model: str | None = None
    base_url: str | None = None
    api_key: str | None = None

    _engine: Engine | None = PrivateAttr(default=None)

    def settings(self) -> Settings:
        s = Settings.from_env()
        llm = s.llm
        for name in ("model", "base_url", "api_key"):
            if getattr(self, name):
                llm = replace(llm, **{name: getattr(self, name)})
        return s.with_overrides(llm=llm, engine=self.engine or s.engine)

    def setup_for_execution(self, context: dg.InitResourceContext) -> None:
        self._engine = get_engine(self.settings())  # the openai client is built here, once per run

    def get(self) -> Engine:
        if self._engine is None:
            self._engine = get_engine(self.settings())
        return self._engine


def code_version(engine: Engine, kinds: tuple[str, ...]) -> str:
    """What derived rows depend on besides the raw memories: the engine, its model and its prompts.
    A change marks the asset's partitions stale in the UI; a backfill re-derives them."""
    if not kinds:
        return "rules"  # computed without any engine judgement (clusters, tiers, session block)
    parts = [f"{k}={engine.prompt_version(k) or engine.method(k)}" for k in kinds]
    return ";".join([engine.name, *([engine.model] if engine.model else []), *parts])


def configured_engine() -> Engine | None:
    """The engine the environment asks for, at definitions load (None: misconfigured; the run says why)."""
    try:
        return get_engine(Settings.from_env())
    except ValidationError:
        return None


def asset_code_version(asset: str) -> str:
    engine = configured_engine()
    if engine is None:
        return "engine-unavailable"
    return code_version(engine, ASSET_KINDS.get(asset, ()))


def consolidation_pool() -> str:
    """LLM work shares the `llm` pool (dagster.yaml caps it), so a backfill cannot flood the provider."""
    engine = configured_engine()
    return "llm" if engine is not None and engine.name == "llm" else "memory_consolidation"


ASSET_KINDS = {"supersession_edges": (SUPERSESSION,), "memory_summaries": (SUMMARY, DECISION, DUPLICATES),
               "procedural_profile": (PROFILE,)}


@dg.definitions
def resources() -> dg.Definitions:
    return dg.Definitions(resources={"memory_store": MemoryStoreResource(), "engine": EngineResource()})
