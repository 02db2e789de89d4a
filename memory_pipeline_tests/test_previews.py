"""MEMORY_PIPELINE_PREVIEWS: what the materialization metadata (the Dagster UI) shows of memories,
read back from the run's events in the instance."""

from __future__ import annotations

import dagster as dg
import pytest

from memory_pipeline_tests.fixtures import alice_memories

pytestmark = pytest.mark.integration


def _metadata_text(settings, run_id: str) -> str:
    from memory_pipeline.defs.launch import instance

    inst = instance(settings)
    return "".join(dg.serialize_value(ev) for ev in inst.all_logs(run_id))


@pytest.mark.parametrize("mode", ["full", "redacted", "off"])
def test_previews_carry_memory_text_only_when_full(service, settings, monkeypatch, mode):
    monkeypatch.setenv("MEMORY_PIPELINE_PREVIEWS", mode)
    service.remember_many(alice_memories())
    run = service.consolidate("alice")
    assert run["status"] == "SUCCESS", run
    text = _metadata_text(settings, run["run_id"])
    contents = [m["content"] for m in alice_memories()]
    quoted = [c for c in contents if c[:30] in text]
    previews = [m.get("preview") for m in run["assets"].values() if m.get("preview")]
    if mode == "full":
        assert quoted and previews
    else:
        assert quoted == [] and "Berlin" not in text and "Paris" not in text
        assert bool(previews) == (mode == "redacted")
    if mode == "redacted":  # ids, actions and reasons: a summary's action names its sources
        assert any("SUMMARIZE" in p or "SUPERSEDE" in p for p in previews), previews


def test_redaction_masks_quoted_values():
    from memory_pipeline.lib.redact import action_line, mask_quotes

    assert mask_quotes("city changed from 'Paris' to 'Berlin' in March") == "city changed from '…' to '…' in March"
    line = action_line({"action": "SUPERSEDE", "memory_ids": [3, 9], "target_id": None,
                        "reason": "city changed from 'Paris' to 'Berlin'"})
    assert line == "SUPERSEDE [3, 9]: city changed from '…' to '…'"
