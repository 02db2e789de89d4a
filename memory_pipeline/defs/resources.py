"""Resources: the memory store (PostgreSQL + pgvector + embedder) as a ConfigurableResource."""

from __future__ import annotations

import dagster as dg
from pydantic import PrivateAttr

from memory_pipeline.config import Settings
from memory_pipeline.service import MemoryService


class MemoryStoreResource(dg.ConfigurableResource):
    """The store every asset writes through. Empty fields fall back to the environment
    (MEMORY_PIPELINE_DATABASE_URL, MEMORY_PIPELINE_HOME); the default is the embedded server."""

    database_url: str | None = None
    home: str | None = None

    _service: MemoryService | None = PrivateAttr(default=None)

    def settings(self) -> Settings:
        from pathlib import Path

        s = Settings.from_env()
        overrides = {}
        if self.database_url:
            overrides["database_url"] = self.database_url
        if self.home:
            overrides["home"] = Path(self.home)
        return s.with_overrides(**overrides) if overrides else s

    def setup_for_execution(self, context: dg.InitResourceContext) -> None:
        self._service = MemoryService(self.settings())

    def teardown_after_execution(self, context: dg.InitResourceContext) -> None:
        if self._service is not None:
            self._service.close()

    @property
    def service(self) -> MemoryService:
        if self._service is None:  # direct use outside a run (sensors build it per tick)
            self._service = MemoryService(self.settings())
        return self._service


@dg.definitions
def resources() -> dg.Definitions:
    return dg.Definitions(resources={"memory_store": MemoryStoreResource()})
