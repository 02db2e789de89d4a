"""Resources: the memory store (PostgreSQL + pgvector + embedder) as a ConfigurableResource."""

from __future__ import annotations

from pathlib import Path

import dagster as dg
from pydantic import PrivateAttr

from memory_pipeline.config import Settings
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


@dg.definitions
def resources() -> dg.Definitions:
    return dg.Definitions(resources={"memory_store": MemoryStoreResource()})
