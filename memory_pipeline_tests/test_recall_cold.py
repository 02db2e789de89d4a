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


def test_heavy_user_fallback_reads_the_cold_share_index_and_agrees(service):
    """A user with partial HNSW indexes per tier share: the fallback statement scans the cold share's
    index too, and finds what the exact search finds."""
    from memory_pipeline import recall as recall_mod
    from memory_pipeline.store import indexes
    from memory_pipeline.store import recall as sql

    topics = ["invoice", "taxes", "printer", "insurance", "piano"]  # nothing else is about music
    service.remember_many([{"user_id": "heavy", "content": f"Note {i}: something about the {topics[i % 5]}"
                            f" and item {i * 37 % 101}"} for i in range(120)])
    with service.conn.transaction():  # only the piano notes are old
        service.conn.execute("UPDATE memories SET tier = CASE WHEN content LIKE '%%piano%%' THEN 'cold' ELSE 'hot' END"
                             " WHERE user_id = 'heavy'")
    question = "practising the piano"
    exact = service.recall("heavy", question, mode="standard", limit=5, include_profile=False, track=False)
    assert exact and all("piano" in r["content"] and r["tier"] == "cold" for r in exact), exact
    assert indexes.ensure_user_index(service.url, "heavy", min_rows=50)
    recall_mod._HEAVY.clear()  # recall caches "no index" for a minute
    shares = indexes.shares_for(recall_mod.STANDARD_FALLBACK, True, None)
    assert shares == ("u", "c")
    q = service.embedder.encode([question])[0]
    service.conn.execute("SET enable_sort = off")
    service.conn.execute("SET enable_seqscan = off")
    try:
        text, args = sql.statement(service.conn, "heavy", q, tiers=recall_mod.STANDARD_FALLBACK, limit=5, per_unit=3,
                                   as_of=None, namespace=None, as_units=True, index_candidates=15, shares=shares)
        plan = "\n".join(r[0] for r in service.conn.execute("EXPLAIN " + text, args))
        assert {s for s in indexes.SHARES if indexes.share_index_name("heavy", s) in plan} == {"u", "c"}, plan
        indexed = service.recall("heavy", question, mode="standard", limit=5, include_profile=False, track=False)
        assert [r["id"] for r in indexed][:3] == [r["id"] for r in exact][:3]
    finally:
        service.conn.execute("RESET enable_sort")
        service.conn.execute("RESET enable_seqscan")
        indexes.drop_user_index(service.url, "heavy")
