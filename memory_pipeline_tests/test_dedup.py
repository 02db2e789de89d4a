"""The on-save decision and its guard (pure function)."""

from __future__ import annotations

import pytest

from memory_pipeline.lib.dedup import DEDUPLICATED, FLAGGED, INSERTED, decide, wording_conflicts


@pytest.mark.parametrize("a, b", [
    ("I have 2 cats", "I have 3 cats"),
    ("I like spicy food", "I don't like spicy food"),
    ("The young girl is blowing a bubble that is huge", "The young girl is blowing a bubble that is very small"),
    ("Three men are jumping on a wall", "Three men are jumping off a wall"),
    ("The woman is picking up the kangaroo", "The kangaroo is picking up the woman"),
    ("Two boys are laying in the ocean close to the beach", "Two boys are laying in the ocean far to the beach"),
    ("The log is lying on the panda bear", "The panda bear is lying on the logs"),
])
def test_guard_flags_instead_of_merging(a, b):
    d = decide(0.97, b, a)
    assert d.action == FLAGGED and d.conflicts


@pytest.mark.parametrize("a, b", [
    ("I prefer dark roast coffee.", "I prefer dark roast coffee!"),
    ("We decided to use Postgres for the job queue.", "We decided to use Postgres for our job queue."),
])
def test_paraphrases_still_merge(a, b):
    assert wording_conflicts(a, b) == []
    assert decide(0.97, b, a).action == DEDUPLICATED


def test_bands():
    assert decide(None, "x", None).action == INSERTED
    assert decide(0.5, "x", "y").action == INSERTED
    assert decide(0.9, "a b", "a c").action == FLAGGED
    assert decide(0.2, "same", "same", same_hash=True).action == DEDUPLICATED
