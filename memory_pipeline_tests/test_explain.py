"""`explain` against the real store after a real consolidation (a Dagster run): each kind of row."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import anyio
import pytest

from memory_pipeline.errors import ValidationError
from memory_pipeline.explain import explain
from memory_pipeline_tests.fixtures import alice_memories

pytestmark = pytest.mark.integration

UI = "http://ui.example:3000"


@pytest.fixture
def consolidated(service):
    service.remember_many(alice_memories())
    run = service.consolidate("alice")
    assert run["status"] == "SUCCESS", run
    return service, run["run_id"]


def _one(conn, sql: str):
    # the test reads ids the way an operator would find them (SQL here: tests are outside the package)
    return conn.execute(sql).fetchone()


def test_summary_names_its_sources_action_engine_and_run(consolidated):
    svc, run_id = consolidated
    sid, source_ids, method = _one(svc.conn, "SELECT id, source_ids, method FROM summaries"
                                   " WHERE user_id = 'alice' ORDER BY id LIMIT 1")
    r = explain(svc.conn, sid, user_id="alice", ui_url=UI)
    assert r["kind"] == "summary" and r["user_id"] == "alice"
    texts = {m["id"]: m["content"] for m in svc.get_memories("alice", source_ids)}
    assert [(s["id"], s["content"]) for s in r["sources"]] == [(i, texts[i]) for i in source_ids]
    made = [a for a in r["actions"] if a["action"] == "SUMMARIZE"]
    assert made and made[0]["target_id"] == sid and sorted(made[0]["memory_ids"]) == sorted(source_ids)
    assert r["engine"] == {"method": method, "model": None, "prompt_version": None}
    assert r["run"] == {"run_id": run_id, "url": f"{UI}/runs/{run_id}"}


def test_supersession_edge_gives_both_texts_and_the_reason(consolidated):
    svc, run_id = consolidated
    eid, newer, older, reason = _one(svc.conn, "SELECT id, source_id, target_id, reason FROM edges"
                                     " WHERE user_id = 'alice' AND edge_type = 'supersedes' ORDER BY id LIMIT 1")
    r = explain(svc.conn, eid, user_id="alice", ui_url=UI)
    assert r["kind"] == "edge" and r["row"]["reason"] == reason
    assert [str(s["id"]) for s in r["sources"]] == [newer, older]
    sup = [a for a in r["actions"] if a["action"] == "SUPERSEDE"]
    assert sup and sup[0]["reason"] == reason and sup[0]["run_id"] == run_id
    assert r["engine"]["method"] == sup[0]["inputs"]["method"]
    assert r["run"]["run_id"] == run_id


def test_consolidates_edge_points_to_the_summarize_action(consolidated):
    svc, _ = consolidated
    eid, sid = _one(svc.conn, "SELECT id, source_id FROM edges WHERE user_id = 'alice'"
                    " AND edge_type = 'consolidates' ORDER BY id LIMIT 1")
    r = explain(svc.conn, eid, user_id="alice", ui_url=UI)
    assert r["sources"][0]["kind"] == "summary" and r["sources"][1]["kind"] == "memory"
    assert [a["action"] for a in r["actions"]] == ["SUMMARIZE"] and r["actions"][0]["target_id"] == sid


def test_every_profile_fact_cites_sources_that_state_it(consolidated):
    svc, run_id = consolidated
    pid = _one(svc.conn, "SELECT id FROM profiles WHERE user_id = 'alice'")[0]
    r = explain(svc.conn, pid, user_id="alice", ui_url=UI)
    by_user = explain(svc.conn, "alice", user_id="alice", ui_url=UI)
    assert r["kind"] == "profile" and by_user["id"] == pid  # by user id too
    assert r["facts"] and all(f["sources"] for f in r["facts"]), r["facts"]
    text = {str(s["id"]): s["content"] for s in r["sources"]}
    berlin = [f for f in r["facts"] if "Berlin" in f["text"]]
    assert berlin and all("Berlin" in text[i] for f in berlin for i in f["sources"])
    assert not [f for f in r["facts"] if "Paris" in f["text"]]  # superseded: no fact, no citation
    assert [a["action"] for a in r["actions"]] == ["PROFILE"] and r["run"]["run_id"] == run_id


def test_memory_shows_its_successor_summary_actions_and_backlog_state(consolidated):
    svc, _ = consolidated
    mid, succ = _one(svc.conn, "SELECT id, superseded_by FROM memories WHERE user_id = 'alice'"
                     " AND superseded_by IS NOT NULL ORDER BY id LIMIT 1")
    r = explain(svc.conn, str(mid), user_id="alice", ui_url=UI)
    assert r["kind"] == "memory" and r["links"]["superseded_by"]["id"] == succ
    assert "SUPERSEDE" in {a["action"] for a in r["actions"]} and r["consolidated"] is True
    assert any(e["edge_type"] == "supersedes" and e["target_id"] == str(mid) for e in r["edges"])
    new = svc.remember("alice", "I started learning the cello this spring.")
    assert explain(svc.conn, str(new.id), user_id="alice", ui_url=UI)["consolidated"] is False


def test_unknown_id_is_bad_input(consolidated):
    svc, _ = consolidated
    for ident in ("sum_doesnotexist", "999999", "", "nobody"):
        with pytest.raises(ValidationError):
            explain(svc.conn, ident, user_id="alice", ui_url=UI)


def test_cli_and_mcp_explain(consolidated):
    svc, run_id = consolidated
    sid = _one(svc.conn, "SELECT id FROM summaries WHERE user_id = 'alice' ORDER BY id LIMIT 1")[0]
    env = {**os.environ, "MEMORY_PIPELINE_UI_URL": UI}
    cli = [sys.executable, "-m", "memory_pipeline.cli"]
    r = subprocess.run([*cli, "explain", sid, "--user", "alice"], capture_output=True, text=True, env=env, timeout=300)
    assert r.returncode == 0 and f"{UI}/runs/{run_id}" in r.stdout and "SUMMARIZE" in r.stdout, r.stderr
    r = subprocess.run([*cli, "explain", "nope", "--user", "alice", "--json"], capture_output=True, text=True, env=env,
                       timeout=300)
    assert r.returncode == 2 and r.stderr.startswith("memory-pipeline: error:")

    from mcp.client.session import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    async def session():
        params = StdioServerParameters(command=sys.executable, args=["-m", "memory_pipeline.cli", "mcp"], env=env)
        async with stdio_client(params) as (read, write), ClientSession(read, write) as s:
            await s.initialize()
            res = await s.call_tool("explain", {"user_id": "alice", "id": sid})
            body = res.structured_content or json.loads(res.content[0].text)
            body = body.get("result", body)
            assert body["kind"] == "summary" and body["run"]["url"] == f"{UI}/runs/{run_id}"
            bad = await s.call_tool("explain", {"user_id": "alice", "id": "nope"})
            assert bad.is_error

    anyio.run(session)
