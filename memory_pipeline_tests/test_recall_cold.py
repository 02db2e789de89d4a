"""Standard recall never hides the answer: when no hot or warm unit is relevant, cold rows are searched
too (issue 30, part 5), through the Python API and the CLI, after a real consolidation."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import UTC, datetime, timedelta

import pytest

from memory_pipeline_tests.fixtures import alice_memories

pytestmark = pytest.mark.integration


@pytest.fixture
def months_old(service):
    """A user whose only memory about the passport is five months old, and a fresh unrelated one."""
    now = datetime.now(UTC)
    service.remember("olga", "My passport is in the blue folder in the study drawer.",
                     created_at=(now - timedelta(days=150)).isoformat())
    service.remember("olga", "Had a lovely pasta lunch with the team today.", created_at=now.isoformat())
    assert service.consolidate("olga")["status"] == "SUCCESS"
    return service


def test_standard_recall_falls_back_to_cold_rows(months_old):
    rows = months_old.recall("olga", "where is my passport?", mode="standard", include_profile=False, track=False)
    passport = [r for r in rows if "passport" in r["content"]]
    assert passport and passport[0]["tier"] == "cold", rows
    assert rows[0]["content"] == passport[0]["content"]  # the answer first, not the hot lunch


def test_standard_recall_with_a_budget_delivers_the_cold_answer(months_old):
    rows = months_old.recall("olga", "where is my passport?", mode="standard", max_chars=300, track=False)
    assert "blue folder" in "\n".join(r["delivered"] for r in rows)


def test_relevant_hot_rows_need_no_cold_search(months_old):
    rows = months_old.recall("olga", "what did I have for lunch with the team?", mode="standard",
                             include_profile=False, track=False)
    assert rows and {r["tier"] for r in rows} <= {"hot", "warm"}, rows


def test_cli_standard_recall_finds_the_cold_memory(months_old):
    r = subprocess.run([sys.executable, "-m", "memory_pipeline.cli", "recall", "--user", "olga",
                        "where is my passport?", "--mode", "standard", "--json"],
                       capture_output=True, text=True, env=os.environ.copy(), timeout=300)
    assert r.returncode == 0, r.stderr
    rows = json.loads(r.stdout)
    assert any("passport" in x["content"] and x["tier"] == "cold" for x in rows), rows


def test_superseded_fact_stays_below_its_successor_in_standard(service):
    """A guard, not a new failure: alice's rows are months old, and standard recall must still show the move."""
    service.remember_many(alice_memories())
    assert service.consolidate("alice")["status"] == "SUCCESS"
    rows = service.recall("alice", "which city do I live in?", mode="standard", include_profile=False, track=False)

    def says(r, needle):
        return needle in r["content"] or any(needle in e["content"] for e in r["evidence"])

    berlin = [i for i, r in enumerate(rows) if says(r, "Berlin")]
    paris = [i for i, r in enumerate(rows) if says(r, "I live in Paris") and r["current"]]
    assert berlin, rows
    assert not paris or min(berlin) < min(paris)
