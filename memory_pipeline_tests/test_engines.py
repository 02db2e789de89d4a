"""The engine seam: choosing an engine, the local engine's seed 002 decisions, and the phase's
validation that holds whatever an engine answers."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memory_pipeline.config import LLMConfig, Settings
from memory_pipeline.consolidation.config import ConsolidationConfig
from memory_pipeline.engines import LocalEngine, get_engine
from memory_pipeline.engines.base import DECISION, SUMMARY, Decision, DecisionCandidate
from memory_pipeline.errors import ValidationError
from memory_pipeline.lib.supersession import MemoryText

T = datetime(2025, 1, 1, tzinfo=UTC)


def _pair(a: str, b: str, sim: float, supersession: str | None = None) -> DecisionCandidate:
    return DecisionCandidate(MemoryText("1", a, T), MemoryText("2", b, T), sim, supersession)


def test_default_engine_is_local_and_marks_its_rows():
    eng = get_engine(Settings())
    assert isinstance(eng, LocalEngine)
    assert eng.method(SUMMARY) == "extractive" and eng.method(DECISION) == "rules"
    assert eng.prompt_version(SUMMARY) is None and eng.model is None


def test_unknown_engine_or_llm_without_endpoint_is_a_clear_error():
    with pytest.raises(ValidationError, match="engine 'gpt' is not available; available: llm, local"):
        get_engine(Settings(engine="gpt"))
    with pytest.raises(ValidationError, match="needs OPENAI_API_KEY or OPENAI_BASE_URL"):
        get_engine(Settings(engine="llm"))


def test_auto_picks_the_llm_engine_when_a_key_or_base_url_is_set():
    from memory_pipeline.engines.llm import LLMEngine

    assert isinstance(get_engine(Settings(engine="auto", llm=LLMConfig(api_key="sk-test"))), LLMEngine)
    assert isinstance(get_engine(Settings(engine="auto", llm=LLMConfig(base_url="http://127.0.0.1:9/v1"))), LLMEngine)
    assert isinstance(get_engine(Settings(engine="local", llm=LLMConfig(api_key="sk-test"))), LocalEngine)
    assert isinstance(get_engine(Settings(engine="auto")), LocalEngine)


@pytest.mark.parametrize(("a", "b", "sim", "sup", "action"), [
    ("I have 2 cats.", "I have 3 cats.", 0.97, None, "KEEP_SEPARATE"),  # numbers differ
    ("I like hiking in the hills.", "Hiking in the hills is fun.", 0.86, None, "KEEP_SEPARATE"),  # unsure
    ("I usually run before work.", "I usually run early before work.", 0.93, None, "REPLACE"),
    ("I drink dark roast coffee each morning.", "Every morning my coffee is a dark roast.", 0.92, None, "MERGE"),
    ("I live in Berlin.", "I live in Paris.", 0.9, "city: Paris -> Berlin", "UPDATE"),
])
def test_local_decisions_follow_seed_002(a, b, sim, sup, action):
    [d] = LocalEngine().decide([_pair(a, b, sim, sup)])
    assert d.action == action, d
    assert d.reason
    if action == "MERGE":
        assert d.content and len(d.content) <= max(len(a), len(b))


def test_duplicate_groups_only_for_merge_and_replace():
    batch = [_pair("I usually run before work.", "I usually run early before work.", 0.93),
             _pair("I have 2 cats.", "I have 3 cats.", 0.97)]
    groups = LocalEngine().duplicate_groups(batch)
    assert [g.action for g in groups] == ["REPLACE"]
    assert groups[0].memory_ids == ("1", "2") and groups[0].content


def test_phase_validates_any_engine_answer():
    """REPLACE below 0.9 and actions outside seed 002's list never reach the store."""
    from memory_pipeline.consolidation.phases.decide import _validate

    class Ctx:
        config = ConsolidationConfig()

    low = _pair("a b c", "a b c d", 0.88)
    assert _validate(Ctx, low, Decision("REPLACE", "model says so")).action == "KEEP_SEPARATE"
    assert _validate(Ctx, low, Decision("DELETE", "model says so")).action == "KEEP_SEPARATE"
    high = _pair("a b c", "a b c d", 0.95)
    assert _validate(Ctx, high, Decision("REPLACE", "ok")).action == "REPLACE"
