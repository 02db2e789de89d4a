"""What a small local model behind llama.cpp or Ollama does to the LLM engine, played by the test server:
a 500 for a response format it does not take, answers that run on, slow calls, junk, prompts over its
context window, answers that a second try with the error quoted gets right. Each through the real
`openai` client; the run-level ones through real Dagster runs and the real store."""

from __future__ import annotations

import json
import time
from datetime import UTC, datetime, timedelta

import pytest

from memory_pipeline.config import LLMConfig
from memory_pipeline.consolidation.config import ConsolidationConfig
from memory_pipeline.consolidation.run import consolidate_user
from memory_pipeline.engines.base import DecisionCandidate, SupersessionCandidates
from memory_pipeline.engines.llm import LLMClient, LLMEngine
from memory_pipeline.lib.profile import ProfileSource
from memory_pipeline.lib.summarize import SourceItem
from memory_pipeline.lib.supersession import MemoryText
from memory_pipeline_tests.fixtures import alice_memories
from memory_pipeline_tests.llm_server import LLMServer, Reply, data_of, default_answer, task_of

T = datetime(2025, 3, 1, 12, tzinfo=UTC)


@pytest.fixture
def server():
    with LLMServer() as srv:
        yield srv


def engine(srv: LLMServer, **kw) -> LLMEngine:
    cfg = LLMConfig(base_url=srv.url, model="small", **{"timeout_s": 5.0, "backoff_s": 0.01, **kw})
    return LLMEngine(cfg, LLMClient(cfg))


def items() -> list[SourceItem]:
    return [SourceItem("1", "I started a new job at Acme as a data engineer on Monday.", T),
            SourceItem("2", "The team meets on Tuesdays at 10.", T + timedelta(hours=1)),
            SourceItem("3", "My manager is called Priya.", T + timedelta(hours=2))]


def candidates(n: int, words: int = 8) -> list[DecisionCandidate]:
    filler = " ".join(["and some more detail about the weekly plan"] * words)
    return [DecisionCandidate(MemoryText(str(2 * k + 1), f"Memory {k}: I like tea. {filler}", T + timedelta(days=1)),
                              MemoryText(str(2 * k), f"Memory {k}: I like green tea. {filler}", T), 0.8)
            for k in range(n)]


def pairs(n: int) -> SupersessionCandidates:
    mems = [MemoryText(str(k), f"Statement number {k} about my week.", T + timedelta(days=k)) for k in range(n + 1)]
    return SupersessionCandidates(mems, pairs=lambda: [(mems[k + 1], mems[k], 0.7) for k in range(n)])


def formats(srv: LLMServer) -> list[str]:
    return [r["response_format"]["type"] + ("+schema" if "schema" in r["response_format"] else "")
            for r in srv.requests]


# -- defect 1: response formats --------------------------------------------------------------------
def test_a_500_refusing_json_schema_moves_to_json_mode_with_the_schema(server):
    server.refuse_schema = 500  # llama.cpp's server: 500 "Input should be 'text' or 'json_object'"
    eng = engine(server)
    assert eng.summarize(items()).method == "llm"
    assert eng.summarize(items()).method == "llm"
    # asked once in each format; llama.cpp turns the schema of a json_object request into a grammar
    assert formats(server) == ["json_schema", "json_object+schema", "json_object+schema"]
    assert eng.usage().retries == 0 and eng.drain_notes() == []


def test_a_400_for_a_long_prompt_is_no_refusal_of_the_schema(server):
    server.script = [Reply(400, body=json.dumps({"error": {
        "message": "This model's maximum context length is 8192 tokens", "code": "context_length_exceeded"}}))]
    eng = engine(server)
    eng.summarize(items())
    eng.summarize(items())
    assert set(formats(server)) == {"json_schema"}  # still structured output


def test_the_servers_words_are_in_the_log(server):
    server.responder = lambda req: Reply(503, body=json.dumps({"error": {"message": "model is loading, try later"}}))
    eng = engine(server, attempts=2)
    eng.summarize(items())
    [note] = eng.drain_notes()
    assert "HTTP 503: model is loading, try later" in note.reason


# -- defect 2: bounded time ------------------------------------------------------------------------
def test_every_request_bounds_the_answer_length(server):
    engine(server, max_tokens=321).summarize(items())
    assert [r["max_tokens"] for r in server.requests] == [321]


def test_the_run_budget_hands_the_rest_to_the_rules_said_once(server):
    server.responder = lambda req: Reply(content=json.dumps(default_answer(req)), delay_s=0.3)
    eng = engine(server, run_budget_s=0.5, pairs_per_call=1, concurrency=1)
    started = time.monotonic()
    eng.supersessions(pairs(8))
    eng.summarize(items())
    assert time.monotonic() - started < 2.0
    # the first call takes 0.3 s, the second is cut at the budget's end (0.2 s left): the rest unasked
    assert len(server.requests) == 2
    notes = eng.drain_notes()
    assert [n.action for n in notes] == ["LLM_FALLBACK", "LLM_BUDGET"] and "timeout" in notes[0].reason
    # the cut call says the run's budget ended it, not the batch's own deadline
    assert "batch deadline" not in notes[0].reason, notes[0].reason
    assert "budget of 0.5s" in notes[1].reason
    used = eng.usage()
    assert used.over_budget_by_task == {"supersession": 6, "summary": 1}
    assert used.fallbacks_by_task == {"supersession": 7, "summary": 1}
    assert used.fallback_reasons == {"supersession_timeout": 1, "supersession_over_budget": 6,
                                     "summary_over_budget": 1}
    assert sum(used.seconds_by_task.values()) < 0.6  # model time within the budget


def test_the_breaker_opens_after_batches_lost_in_a_row(server):
    server.responder = lambda req: Reply(502)
    eng = engine(server, attempts=1, breaker=2, pairs_per_call=1, concurrency=1)
    eng.supersessions(pairs(5))
    assert len(server.requests) == 2
    notes = eng.drain_notes()
    assert [n.action for n in notes] == ["LLM_FALLBACK", "LLM_FALLBACK", "LLM_BUDGET"]
    assert "breaker open" in notes[-1].reason and eng.usage().over_budget_by_task == {"supersession": 3}
    assert eng.usage().fallback_reasons == {"supersession_http_502": 2, "supersession_over_budget": 3}


def test_independent_batches_are_asked_concurrently(server):
    server.responder = lambda req: Reply(content=json.dumps(default_answer(req)), delay_s=0.4)
    eng = engine(server, pairs_per_call=1, concurrency=2)
    started = time.monotonic()
    eng.supersessions(pairs(4))
    took = time.monotonic() - started
    assert len(server.requests) == 4 and took < 1.4  # two at a time: ~0.8 s, not 1.6 s
    assert eng.usage().valid_by_task == {"supersession": 4}


def test_the_deadline_is_not_counted_as_an_attempt(server):
    server.responder = lambda req: Reply(content=json.dumps(default_answer(req)), delay_s=2.0)
    eng = engine(server, timeout_s=0.5)
    eng.summarize(items())
    [note] = eng.drain_notes()
    assert "after 1 attempt(s)" in note.reason and "deadline" in note.reason


def test_a_fallback_edge_gives_its_reason_once(server):
    server.responder = lambda req: Reply(401)
    older = MemoryText("1", "I live in Lyon.", T)
    newer = MemoryText("2", "I moved to Nantes last month, I live in Nantes now.", T + timedelta(days=30))
    other = MemoryText("3", "I like tea.", T)
    found = engine(server).supersessions(SupersessionCandidates(
        [older, newer, other], pairs=lambda: [(newer, older, 0.8), (newer, other, 0.3), (other, older, 0.2)]))
    [edge] = found
    assert edge.method == "rules (fallback)" and edge.reason.count("'Lyon'") == 1


# -- defect 4: junk profiles -----------------------------------------------------------------------
def test_a_profile_without_a_cited_fact_is_junk_and_the_rules_write_it(server):
    server.responder = lambda req: {"profile": "47", "facts": [{"section": "identity", "fact": "47", "source_ids": []}]}
    eng = engine(server)
    sources = [ProfileSource(str(k), t, T + timedelta(days=k)) for k, t in
               enumerate(["I live in Paris.", "I work as a nurse.", "My cat is called Tofu."])]
    prof = eng.profile(sources)
    assert prof.method == "rules (fallback)" and "47" not in prof.content
    [note] = eng.drain_notes()
    assert note.action == "LLM_FALLBACK" and "no fact cites" in note.reason


def test_a_profile_the_rules_wrote_is_not_labelled_the_models(server):
    server.responder = lambda req: Reply(401)
    prof = engine(server).profile([ProfileSource("1", "I live in Berlin.", T)])
    assert prof.content and prof.method == "rules (fallback)"


def test_a_profile_text_of_one_token_is_junk_even_with_a_source(server):
    server.script = [Reply(content=json.dumps({"profile": "sum_b1001d", "facts": [
        {"section": "work", "fact": "Works as a nurse", "source_ids": ["1"]}]}))]
    server.responder = lambda req: {"profile": "The user lives in Paris and works as a nurse.", "facts": [
        {"section": "work", "fact": "Works as a nurse", "source_ids": ["1"]}]}
    eng = engine(server)
    sources = [ProfileSource("0", "I live in Paris.", T), ProfileSource("1", "I work as a nurse.", T)]
    prof = eng.profile(sources)
    assert prof.method == "llm" and prof.content.startswith("The user lives in Paris")
    assert prof.source_ids == ("1",)  # what its facts cite, not everything it was shown


def test_a_summary_without_words_is_asked_again_with_the_error_quoted(server):
    # a small model answered an episode of 15 memories with "...", which replaced their summary
    server.script = [Reply(content=json.dumps({"summaries": [{"group": 0, "summary": "...", "key_facts": ["..."]}]}))]
    eng = engine(server)
    draft = eng.summarize(items())
    assert draft.method == "llm" and draft.content.startswith("I started a new job at Acme")
    assert "must state the memories' facts in words, not '...'" in server.requests[1]["messages"][3]["content"]
    assert eng.usage().repaired_by_task == {"summary": 1}


def test_a_summary_without_words_every_time_is_the_rules(server):
    server.responder = lambda req: {"summaries": [{"group": g["group"], "summary": "47"}
                                                  for g in data_of(req)["groups"]]}
    eng = engine(server)
    draft = eng.summarize(items())
    assert draft.method == "extractive" and "47" not in draft.content
    [note] = eng.drain_notes()
    assert note.action == "LLM_FALLBACK" and "in words" in note.reason


# -- defect 5: prompts over the context window -----------------------------------------------------
def test_a_batch_over_the_context_window_is_split_not_dropped(server):
    server.context_chars = 6_000  # the server's own limit, said as llama.cpp says it (HTTP 400)
    eng = engine(server)
    decisions = eng.decide(candidates(10))
    assert len(decisions) == 10 and {d.method for d in decisions} == {"llm"}
    sent = [sum(len(m["content"]) for m in r["messages"]) for r in server.requests]
    assert sent[0] > 6_000 and sent[-1] <= 6_000
    assert sum(len(data_of(r)["candidates"]) for r in server.requests if
               sum(len(m["content"]) for m in r["messages"]) <= 6_000) == 10


def test_a_known_context_window_shortens_prompts_before_asking(server):
    server.models = [{"id": "small", "object": "model", "meta": {"n_ctx_train": 1_500}}]
    eng = engine(server, max_tokens=300)
    decisions = eng.decide(candidates(10))
    assert {d.method for d in decisions} == {"llm"}
    assert len(server.requests) > 1
    assert all(sum(len(m["content"]) for m in r["messages"]) <= (1_500 - 300) * 3 for r in server.requests)


# -- small models get a fair chance ----------------------------------------------------------------
def test_a_malformed_answer_is_repaired_with_the_error_quoted(server):
    def answer(req):
        if len(req["messages"]) == 2:  # the first try misses a candidate
            return {"decisions": [{"index": 0, "action": "KEEP_SEPARATE", "reasoning": "different"}]}
        return default_answer(req)
    server.responder = answer
    eng = engine(server)
    decisions = eng.decide(candidates(2))
    assert {d.method for d in decisions} == {"llm"}
    first, second = server.requests
    assert second["messages"][2]["role"] == "assistant" and '"index": 0' in second["messages"][2]["content"]
    assert "expected one decision for each of 2 candidates" in second["messages"][3]["content"]
    used = eng.usage()
    assert used.repaired_by_task == {"decision": 1} and used.valid_by_task == {}


def test_a_reasoned_answer_says_when_the_rules_answered(server):
    server.responder = lambda req: Reply(401, body=json.dumps({"error": {"message": "bad key"}}))
    ans = engine(server).reason("Where do I live?", [], None)
    assert ans.method == "rules (fallback)" and "HTTP 401: bad key" in ans.fallback


# -- defect 3 and the run's metadata, through the store and Dagster ---------------------------------
def _decide_alice(service, eng) -> list[str]:
    """Consolidate alice with a decision batch limit of 0.3 s: the methods of the decisions written. None
    is skipped for time and no memory stays flagged."""
    service.conn.commit()
    consolidate_user(service.conn, "alice", engine=eng, config=ConsolidationConfig(batch_timeout_s=0.3))
    rows = service.conn.execute("SELECT action, reason, inputs FROM actions WHERE user_id = 'alice'").fetchall()
    assert not [r for r in rows if "exceeded" in (r[1] or "")]
    assert service.conn.execute("SELECT count(*) FROM memories WHERE user_id = 'alice' AND flagged").fetchone()[0] == 0
    return [r[2]["method"] for r in rows if r[0] in ("MERGE", "REPLACE", "KEEP_SEPARATE", "UPDATE")]


@pytest.mark.integration
def test_rules_decisions_after_a_model_timeout_are_kept(service, server):
    service.remember_many(alice_memories())
    flagged = service.conn.execute("SELECT count(*) FROM memories WHERE user_id = 'alice' AND flagged").fetchone()[0]
    assert flagged
    server.responder = lambda req: Reply(content=json.dumps(default_answer(req)), delay_s=1.0)
    eng = engine(server, timeout_s=0.3)  # the model's deadline is the decision batch's time limit
    methods = _decide_alice(service, eng)
    assert methods and all(m == "rules (fallback)" for m in methods)


@pytest.mark.integration
def test_a_models_valid_decisions_past_the_phase_limit_are_kept(service, server):
    service.remember_many(alice_memories())
    server.responder = lambda req: Reply(content=json.dumps(default_answer(req)),
                                         delay_s=0.4 if task_of(req) == "decision" else 0.0)
    eng = engine(server, timeout_s=2.0)  # the model's deadline is longer than the decision batch's limit
    methods = _decide_alice(service, eng)
    assert methods and all(m == "llm" for m in methods)


@pytest.fixture
def llm_env(monkeypatch, server):
    for k, v in {"OPENAI_BASE_URL": server.url, "MEMORY_PIPELINE_ENGINE": "llm", "MEMORY_PIPELINE_LLM_MODEL": "small",
                 "MEMORY_PIPELINE_LLM_BACKOFF": "0.01", "MEMORY_PIPELINE_LLM_TIMEOUT": "5"}.items():
        monkeypatch.setenv(k, v)
    return monkeypatch


@pytest.mark.integration
def test_run_metadata_has_per_task_validity_and_seconds(service, server, llm_env):
    service.remember_many(alice_memories())
    seen: set[str] = set()

    def answer(req):  # each task's first answer is junk, the repair is fine
        if task_of(req) not in seen and len(req["messages"]) == 2:
            seen.add(task_of(req))
            return Reply(content="Sure! here you go")
        return default_answer(req)
    server.responder = answer
    res = service.consolidate("alice")
    assert res["status"] == "SUCCESS"
    tasks = res["assets"]["memory_summaries"]["llm_tasks"]
    assert set(tasks) >= {"summary", "supersession", "profile"}
    for task in ("summary", "supersession", "profile"):
        row = tasks[task]
        assert row["repaired"] == 1 and row["calls"] == row["valid"] + 2 * row["repaired"]
        assert row["fallbacks"] == 0 and row["seconds_per_call"] > 0 and row["fallback_reasons"] == {}
    why = service.explain("alice", "alice")  # the model's profile: its prompt version and each fact's sources
    assert why["engine"]["method"] == "llm" and why["engine"]["prompt_version"]
    assert why["facts"] and all(f["sources"] for f in why["facts"])


@pytest.mark.integration
def test_over_budget_is_said_once_per_run(service, server, llm_env):
    llm_env.setenv("MEMORY_PIPELINE_LLM_RUN_BUDGET", "0")
    service.remember_many(alice_memories())
    res = service.consolidate("alice")
    assert res["status"] == "SUCCESS" and all(res["checks"].values())
    assert server.requests == []
    rows = service.conn.execute("SELECT action, reason FROM actions WHERE user_id = 'alice'"
                                " AND action LIKE 'LLM_%%'").fetchall()
    assert [r[0] for r in rows] == ["LLM_BUDGET"]
    tasks = res["assets"]["memory_summaries"]["llm_tasks"]
    assert all(t["calls"] == 0 and t["over_budget"] == t["fallbacks"] > 0 for t in tasks.values())
    assert all(t["fallback_reasons"] == {"over_budget": t["fallbacks"]} for t in tasks.values())
    # the rules wrote the profile and it says so (stored as the model's, no later run would ask again)
    method = service.conn.execute("SELECT method FROM profiles WHERE user_id = 'alice'").fetchone()[0]
    assert method == "rules (fallback)"


@pytest.mark.integration
def test_run_metadata_says_why_the_rules_judged(service, server, llm_env):
    llm_env.setenv("MEMORY_PIPELINE_LLM_ATTEMPTS", "2")
    llm_env.setenv("MEMORY_PIPELINE_LLM_CONCURRENCY", "1")  # both errors for the same batch
    service.remember_many(alice_memories())
    failed: list[dict] = []

    def answer(req):  # summaries: junk every time; the first supersession batch: server errors; the rest fine
        if task_of(req) == "summary":
            return Reply(content="Sure! here you go")
        if task_of(req) == "supersession" and len(failed) < 2:
            failed.append(req)
            return Reply(500, body=json.dumps({"error": {"message": "out of memory"}}))
        return default_answer(req)
    server.responder = answer
    res = service.consolidate("alice")
    assert res["status"] == "SUCCESS"
    tasks = res["assets"]["memory_summaries"]["llm_tasks"]
    assert tasks["summary"]["fallback_reasons"] == {"malformed": tasks["summary"]["fallbacks"]} != {}
    assert tasks["supersession"]["fallback_reasons"] == {"http_500": 1}
    assert tasks["profile"]["fallback_reasons"] == {}


@pytest.mark.integration
def test_bench_reports_validity_and_seconds_per_task(tmp_path, server, llm_env):
    from memory_pipeline.bench.run import TINY, run_bench

    lines: list[str] = []
    doc = run_bench("tiny", tmp_path, "quality,llm", plan=TINY, engine="llm", echo=lines.append)
    llm = doc["measures"]["llm"]
    assert llm["model"] == "small" and llm["llm_calls"] == len(server.requests) > 0
    assert llm["seconds_per_memory"] > 0 and llm["tasks"]
    for row in llm["tasks"].values():
        assert row["valid"] + row["repaired"] + row["fallbacks"] >= 1 and row["valid_rate"] == 1.0
        assert row["seconds_per_call"] > 0 and row["fallback_reasons"] == {}
    assert any("valid rate 1.00" in s for s in lines)


@pytest.mark.integration
def test_bench_probes_reports_the_models_use(tmp_path, server, llm_env):
    from pathlib import Path

    from memory_pipeline.bench.probes import probes_path
    from memory_pipeline.bench.run import run_bench

    cases = Path(probes_path())
    if not cases.exists():
        pytest.skip(f"probes-dev not found at {cases}")
    lines: list[str] = []
    doc = run_bench("probes", tmp_path, "probes", engine="llm", echo=lines.append,
                    probes={"categories": ("change",), "path": cases, "cases": 2})
    got = doc["measures"]["probes"]
    assert got["figures"]["change"]["cases"] == 2
    llm = got["llm"]
    # consolidation's calls (the reasoned answers the scorer asks for go through an engine of their own)
    assert llm["model"] == "small" and 0 < llm["llm_calls"] <= len(server.requests) and llm["memories"] > 0
    assert llm["tasks"]["supersession"]["valid_rate"] == 1.0 and llm["calls_per_1000_memories"] > 0
    assert any("== LLM use" in s for s in lines)
