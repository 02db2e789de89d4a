"""Settings, read once from the environment; every threshold has a documented default."""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace
from pathlib import Path


def default_home() -> Path:
    """Per-user data directory (XDG), overridable with MEMORY_PIPELINE_HOME."""
    env = os.environ.get("MEMORY_PIPELINE_HOME")
    if env:
        return Path(env).expanduser().resolve()
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return (Path(base) / "memory_pipeline").resolve()


def _float(name: str, default: float) -> float:
    raw = os.environ.get(name)
    return float(raw) if raw not in (None, "") else default


def _int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    return int(raw) if raw not in (None, "") else default


@dataclass(frozen=True)
class SaveConfig:
    """On-save quick check (seed 002) and input limits."""

    dedup_threshold: float = 0.95
    flag_threshold: float = 0.85
    max_content_chars: int = 16_000
    neighbours: int = 5


@dataclass(frozen=True)
class LLMConfig:
    api_key: str | None = None
    base_url: str | None = None
    model: str = "gpt-4o-mini"
    timeout_s: float = 60.0
    max_retries: int = 3

    @property
    def enabled(self) -> bool:
        return bool(self.api_key)


@dataclass(frozen=True)
class Settings:
    home: Path = field(default_factory=default_home)
    database_url: str | None = None
    embedding_model: str = "all-MiniLM-L6-v2"
    # auto: ONNX Runtime when the export works, else sentence-transformers (torch)
    embedding_backend: str = "auto"
    save: SaveConfig = field(default_factory=SaveConfig)
    llm: LLMConfig = field(default_factory=LLMConfig)

    @classmethod
    def from_env(cls) -> Settings:
        return cls(
            home=default_home(),
            database_url=os.environ.get("MEMORY_PIPELINE_DATABASE_URL") or None,
            embedding_model=os.environ.get("MEMORY_PIPELINE_EMBEDDING_MODEL") or "all-MiniLM-L6-v2",
            embedding_backend=os.environ.get("MEMORY_PIPELINE_EMBEDDING_BACKEND") or "auto",
            save=SaveConfig(
                dedup_threshold=_float("MEMORY_PIPELINE_DEDUP_THRESHOLD", 0.95),
                flag_threshold=_float("MEMORY_PIPELINE_FLAG_THRESHOLD", 0.85),
                max_content_chars=_int("MEMORY_PIPELINE_MAX_CONTENT_CHARS", 16_000),
            ),
            llm=LLMConfig(
                api_key=os.environ.get("OPENAI_API_KEY") or None,
                base_url=os.environ.get("OPENAI_BASE_URL") or None,
                model=os.environ.get("MEMORY_PIPELINE_LLM_MODEL") or "gpt-4o-mini",
            ),
        )

    def with_overrides(self, **kwargs) -> Settings:
        return replace(self, **kwargs)

    @property
    def pgdata(self) -> Path:
        return self.home / "pgdata"

    @property
    def dagster_home(self) -> Path:
        return self.home / "dagster"

    @property
    def cache_dir(self) -> Path:
        # the exported ONNX model can be shared between homes (tests, benchmarks)
        env = os.environ.get("MEMORY_PIPELINE_CACHE_DIR")
        return Path(env) if env else self.home / "cache"
