"""What the CLI prints for people: a short consolidation table, recall rows with ids and whole texts."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys

import pytest

from memory_pipeline.lib import layout

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
    # a list longer than layout.MAX_ROWS ends with "… and N more" (whether the sample has one depends on
    # what consolidation found: test_a_long_list_ends_with_how_many_more holds the rule itself)
    for i, ln in enumerate(lines):
        if ln.strip().startswith(("summaries (", "supersessions (")):
            n = int(ln.split("(")[1].split(")")[0])
            if n > layout.MAX_ROWS:
                assert f"… and {n - layout.MAX_ROWS} more" in "\n".join(lines[i:]), ln
    assert "deduplicated =" in r.stdout and "flagged =" in r.stdout and "supersedes =" in r.stdout
    assert "tiers hot / warm / cold / archived" in r.stdout
    tail = lines[lines.index("Try next:"):]
    for cmd in ("memory-pipeline recall --user", "memory-pipeline explain sum_", "memory-pipeline dev"):
        assert any(ln.strip().startswith(cmd) for ln in tail), (cmd, tail)
    for ln in tail:  # what it suggests runs as printed
        if ln.strip().startswith(("memory-pipeline recall", "memory-pipeline explain")):
            got = run(*shlex.split(ln.strip())[1:])
            assert got.returncode == 0 and got.stdout.strip(), (ln, got.stderr)


def test_a_long_list_ends_with_how_many_more():
    rows = layout.listing(list(range(layout.MAX_ROWS + 3)), lambda n: f"row {n}", indent="    ")
    assert len(rows) == layout.MAX_ROWS + 1 and rows[-1] == "    … and 3 more"
    assert layout.listing([1, 2], lambda n: f"row {n}") == ["row 1", "row 2"]


def test_cli_runs_are_the_named_job_tagged_with_what_they_were(service, settings):
    from memory_pipeline.defs.launch import instance

    service.remember("cli-tags", "I keep bees in Lyon.")
    doc = json.loads(run("consolidate", "--user", "cli-tags", "--json", "--dry-run", "--mode", "review").stdout)
    got = instance(settings).get_run_by_id(doc["run_id"])
    assert got.job_name == "consolidation_job"  # not __ephemeral_asset_job__
    assert {k: got.tags.get(k) for k in ("trigger", "mode", "dry_run")} == {
        "trigger": "cli", "mode": "review", "dry_run": "true"}
    api = service.consolidate("cli-tags")
    got = instance(settings).get_run_by_id(api["run_id"])
    assert got.job_name == "consolidation_job" and got.tags.get("trigger") == "api"
    assert got.tags.get("dry_run") == "false" and got.tags.get("mode") == "apply"


def test_ui_descriptions_speak_the_products_language():
    """What the Dagster UI shows (assets, checks, jobs, schedules, sensors) names no design seed."""
    import re

    from memory_pipeline import definitions

    defs = definitions.defs()
    repo = defs.get_repository_def()
    texts = [(str(k), spec.description) for a in repo.asset_graph.assets_defs for k, spec in a.specs_by_key.items()]
    texts += [(str(c.key), c.description) for a in repo.asset_graph.assets_defs for c in a.check_specs]
    texts += [(j.name, j.description) for j in repo.get_all_jobs()]
    texts += [(s.name, s.description) for s in [*repo.schedule_defs, *repo.sensor_defs]]
    seeded = [(n, d) for n, d in texts if d and re.search(r"\bseeds? \d", d)]
    assert not seeded, seeded


def test_explain_text_says_how_many_sources_it_leaves_out():
    from datetime import UTC, datetime

    from memory_pipeline.cli.explain import LIST_LIMIT, render

    when = datetime(2026, 1, 5, tzinfo=UTC)
    sources = [{"kind": "memory", "id": str(i), "external_id": None, "created_at": when,
                "content": "word " * 60} for i in range(LIST_LIMIT + 5)]
    text = render({"kind": "summary", "id": "sum_x", "user_id": "u", "row": {"content": "a summary"},
                   "sources": sources, "actions": [], "runs": []})
    lines = text.splitlines()
    assert lines[-1].strip() == "… and 5 more"
    assert sum(ln.startswith("  - memory") for ln in lines) == LIST_LIMIT
    assert all(ln.endswith("word…") or not ln.startswith("  - memory") for ln in lines)  # cut at a word
