"""The real `memory-pipeline` command: JSON output, and bad input -> one stderr line, exit 2, nothing written."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

pytestmark = pytest.mark.integration


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "memory_pipeline.cli", *args], capture_output=True, text=True,
                          input=stdin, env=os.environ.copy(), timeout=300)


def test_remember_and_recall_json(service):
    r = run("remember", "--user", "cli-user", "I keep my passport in the blue folder", "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["action"] == "inserted" and {"id", "match_id", "similarity"} <= set(out)
    r = run("remember", "--user", "cli-user", "I keep my passport in the blue folder", "--json")
    assert json.loads(r.stdout)["action"] == "deduplicated"
    r = run("recall", "--user", "cli-user", "where is the passport?", "--mode", "deep", "--json")
    rows = json.loads(r.stdout)
    assert rows[0]["content"] == "I keep my passport in the blue folder"
    assert {"id", "kind", "content", "score", "tier", "created_at", "source_ids", "source_external_ids"} <= set(rows[0])
    r = run("stats", "--user", "cli-user", "--json")
    st = json.loads(r.stdout)
    assert st["memories"] == 2 and st["active_memories"] == 1 and st["edges"]["duplicate_of"] == 1
    assert {"summaries", "profiles", "tiers", "compression_ratio"} <= set(st)
    prom = run("stats", "--prometheus").stdout
    assert "memory_pipeline_memories 2" in prom and 'memory_pipeline_edges{type="duplicate_of"} 1' in prom


@pytest.mark.parametrize("args", [
    ["remember", "--user", "bad user!", "hello"],
    ["remember", "--user", "ok", "   "],
    ["remember", "--user", "ok", "x", "--created-at", "last tuesday-ish"],
    ["recall", "--user", "ok", "x", "--mode", "psychic"],
    ["consolidate"],
    ["nonsense-command"],
])
def test_bad_input_exits_2_with_one_line(service, args):
    r = run(*args)
    assert r.returncode == 2, (r.returncode, r.stderr)
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("memory-pipeline: error:"), r.stderr
    assert service.stats()["memories"] == 0


def test_ingest_bad_line_exits_2_and_writes_nothing(service, tmp_path):
    p = tmp_path / "in.jsonl"
    p.write_text('{"user_id": "a", "content": "fine"}\n{"user_id": "a", "created_at": "soon", "content": "x"}\n')
    r = run("ingest", str(p))
    assert r.returncode == 2 and "line 2" in r.stderr
    assert service.stats()["memories"] == 0
    r = run("ingest", str(tmp_path / "missing.jsonl"))
    assert r.returncode == 2 and "cannot read" in r.stderr


def test_unreachable_database_exits_2(service):
    env = {**os.environ, "MEMORY_PIPELINE_DATABASE_URL": "postgresql://x:y@127.0.0.1:1/none"}
    r = subprocess.run([sys.executable, "-m", "memory_pipeline.cli", "remember", "--user", "u", "hi"],
                       capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode == 2 and "cannot connect" in r.stderr and "y@" not in r.stderr


@pytest.mark.parametrize(("name", "value", "says"), [
    ("MEMORY_PIPELINE_PREVIEWS", "bogus", "must be one of full | redacted | off"),
    ("MEMORY_PIPELINE_FLAG_THRESHOLD", "abc", "must be a number"),
])
def test_a_bad_setting_is_one_line_and_exit_2(service, name, value, says):
    r = subprocess.run([sys.executable, "-m", "memory_pipeline.cli", "remember", "--user", "u", "hi"],
                       capture_output=True, text=True, env={**os.environ, name: value}, timeout=120)
    assert r.returncode == 2 and says in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert service.stats()["memories"] == 0  # nothing written
