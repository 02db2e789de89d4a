"""The LLM engine: the same judgements as the local engine, asked of any OpenAI-compatible model."""

from memory_pipeline.engines.llm.client import LLMClient, LLMFailure
from memory_pipeline.engines.llm.engine import LLMEngine

__all__ = ["LLMClient", "LLMEngine", "LLMFailure"]
