"""What the CLI prints for people: a short consolidation table, recall rows with ids and whole texts."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

pytestmark = pytest.mark.integration

LONG = ("I moved to Lisbon in March for the new job at the harbour office, and since then I have been "
        "taking the ferry across the river every morning before the first meeting of the day starts")


def run(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "COLUMNS": "80"}
    return subprocess.run([sys.executable, "-m", "memory_pipeline.cli", *args], capture_output=True, text=True,
                          env=env, timeout=600)


def test_recall_text_shows_kind_tier_id_and_the_whole_text_wrapped(service):
    mid = service.remember("cli-text", LONG).id
    r = run("recall", "--user", "cli-text", "where do I live?", "--max-chars", "2000")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    head = next(ln for ln in lines if f"id {mid}" in ln)
    assert "memory" in head and "hot" in head
    assert all(len(ln) <= 80 for ln in lines), lines
    body = " ".join(ln.strip() for ln in lines[lines.index(head) + 1:])
    assert LONG in body  # the whole delivered text, not a 120-character cut


def test_consolidate_prints_a_short_table_and_json_on_request(service):
    from memory_pipeline_tests.fixtures import alice_memories

    service.remember_many(alice_memories())
    r = run("consolidate", "--user", "alice")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert len(lines) <= 15, r.stdout
    labels = [ln.split()[0] for ln in lines if ln and not ln.startswith(" ")]
    assert labels == ["run", "users", "actions", "edges", "summaries", "compression", "tiers", "checks",
                      "seconds"], r.stdout
    assert "SUCCESS" in lines[0] and "passed" in next(ln for ln in lines if ln.startswith("checks"))
    r = run("consolidate", "--user", "alice", "--json", "--dry-run")
    doc = json.loads(r.stdout)
    assert doc["status"] in ("SUCCESS", "NOTHING_TO_DO") and "run_id" in doc


def test_the_demo_teaches(service):
    """Lines within the width, cuts at word boundaries with "…", live tiers, the glossary, what next."""
    r = run("demo")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert all(len(ln) <= 80 for ln in lines), [ln for ln in lines if len(ln) > 80]
    texts = [" ".join(c.split()) for (c,) in service.conn.execute(
        "SELECT content FROM summaries UNION ALL SELECT content FROM memories")]
    for ln in lines:  # a text cut short ends where a word ends, then "…"
        if ln.endswith("…") and "- [" in ln:
            shown = ln.split("] ", 1)[1][:-1]
            assert any(t.startswith(shown) and t[len(shown):][:1] in " ,.;:-" for t in texts), ln
    hot = [int(ln.split("hot ")[1].split(",")[0]) for ln in lines if ln.strip().startswith("tiers:") and "hot " in ln]
    assert hot and all(n > 0 for n in hot), [ln for ln in lines if "tiers:" in ln]  # every user looks live
    assert any(ln.strip().startswith("… and ") and ln.strip().endswith(" more") for ln in lines)
    assert "deduplicated =" in r.stdout and "flagged =" in r.stdout and "supersedes =" in r.stdout
    assert "tiers hot / warm / cold / archived" in r.stdout
    tail = lines[lines.index("Try next:"):]
    for cmd in ("memory-pipeline recall --user", "memory-pipeline explain sum_", "memory-pipeline dev"):
        assert any(ln.strip().startswith(cmd) for ln in tail), (cmd, tail)
