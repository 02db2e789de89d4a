"""`bench --probes --profile-judge`: the profile read by an LLM judge through the real `openai` client,
against the test server (answers, malformed answers, a dead endpoint), and a profile case end to end."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from memory_pipeline.bench import probes
from memory_pipeline.bench.profile_judge import ProfileJudge, judged_outcome, judged_stored
from memory_pipeline.config import LLMConfig
from memory_pipeline.errors import ValidationError
from memory_pipeline_tests.llm_server import LLMServer, Reply

BLOCK = "### Profile\n\nLives in Ghent [m3]\nWorks at Verhoeven Design [m2]\nPast: Quit the rowing club [m4]"


def _items(request: dict) -> tuple[str, list[dict]]:
    user = next(m["content"] for m in request["messages"] if m["role"] == "user")
    data = json.loads(user.split("\n", 1)[1])
    return data["block"], data["items"]


def reader(request: dict) -> dict:
    """A judge that says an item is stated when its last word is on a line not marked past."""
    block, items = _items(request)
    now = [line for line in block.splitlines() if not line.startswith("Past:")]
    return {"verdicts": [{"item": it["item"], "stated": any(it["text"].split()[-1] in line for line in now)}
                         for it in items]}


def _judge(srv: LLMServer, **kw) -> ProfileJudge:
    return ProfileJudge(LLMConfig(base_url=srv.url, model="judge-model", timeout_s=5.0, backoff_s=0.01, **kw))


def test_each_item_is_judged_against_the_block_unlabelled_and_shuffled():
    current, stale = ["lives in Ghent", "works at Verhoeven", "has a cat called Pim"], ["rows at the club", "lives in Leuven"]
    with LLMServer() as srv:
        srv.responder = reader
        got = judged_outcome(_judge(srv), "u-1", BLOCK, current, stale)
        block, asked = _items(srv.requests[0])
    assert got["judged_current_stated"] == 2 and got["judged_missed"] == ["has a cat called Pim"]
    assert got["judged_stale_leaked"] == 0 and got["judged_leaked"] == []
    assert block == BLOCK and srv.requests[0]["temperature"] == 0.0
    # the model sees numbered texts only: no label, and an order that does not put the current ones first
    assert sorted(it["text"] for it in asked) == sorted(current + stale)
    assert set(asked[0]) == {"item", "text"}
    assert [it["text"] for it in asked] != current + stale


def test_a_malformed_answer_is_repaired_and_a_lost_one_is_not_guessed():
    with LLMServer() as srv:
        srv.responder = reader
        # first an answer that skips an item, then a valid one: repaired within the call
        srv.script = [Reply(content=json.dumps({"verdicts": [{"item": 1, "stated": True}]}))]
        got = judged_outcome(_judge(srv), "u-2", BLOCK, ["lives in Ghent"], ["lives in Leuven"])
        assert got["judged_current_stated"] == 1 and got["judged_stale_leaked"] == 0
        assert "expected one verdict for each item" in srv.requests[1]["messages"][-1]["content"]
        # never a valid answer: the user is not judged, and says why
        srv.script = [Reply(content="not json at all")] * 3
        lost = judged_outcome(_judge(srv, attempts=3), "u-3", BLOCK, ["lives in Ghent"], [])
    assert "judged_current_stated" not in lost and "no valid answer after 3 attempt(s)" in lost["judge_error"]
    figures = probes._profile_figures([
        {"current": 1, "stale": 1, "current_stated": 1, "stale_leaked": 0, "passed": True, **got},
        {"current": 1, "stale": 0, "current_stated": 0, "stale_leaked": 0, "passed": False, **lost}])
    assert figures["current_recall (LLM judge)"] == 1.0 and figures["judged cases"] == "1 of 2"


def test_a_server_error_is_not_a_verdict():
    with LLMServer() as srv:
        srv.script = [Reply(500, body=json.dumps({"error": {"message": "boom"}}))] * 2
        got = judged_outcome(_judge(srv, attempts=2), "u-4", BLOCK, ["lives in Ghent"], [])
    assert "judge_error" in got and "500" in got["judge_error"]


def test_no_endpoint_is_a_clear_error():
    with pytest.raises(ValidationError, match="needs an OpenAI-compatible endpoint"):
        ProfileJudge(LLMConfig())
    env = {k: v for k, v in __import__("os").environ.items() if not k.startswith("OPENAI_")}
    r = subprocess.run([sys.executable, "-m", "memory_pipeline.cli", "bench", "--probes", "--only", "profile",
                        "--profile-judge"], capture_output=True, text=True, timeout=120, env=env)
    assert r.returncode == 2 and "--profile-judge needs an OpenAI-compatible endpoint" in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1
    # the flag reads the probe set's blocks: without --probes it is an error, not silently ignored
    r = subprocess.run([sys.executable, "-m", "memory_pipeline.cli", "bench", "--real", "--profile-judge"],
                       capture_output=True, text=True, timeout=120, env=env)
    assert r.returncode == 2 and "use it with --probes" in r.stderr and len(r.stderr.strip().splitlines()) == 1


def _scored(service, category: str, prefix: str) -> tuple[dict, dict, list[dict]]:
    """The first probes-dev case of `category` scored through the real store with the judge reading."""
    cases = {category: probes.load_cases()[category][:1]}
    with LLMServer() as srv:
        srv.responder = reader
        got = probes.score_probes(service, cases, [category], prefix=prefix, judge=_judge(srv))
    return cases, got, srv.requests


@pytest.mark.skipif(not probes.probes_path().exists(), reason="probes-dev data not present")
def test_a_profile_case_is_judged_end_to_end(service):
    cases, got, requests = _scored(service, "profile", "pj-")
    block, asked = _items(requests[0])
    case, figures = got["cases"]["profile"][0], got["figures"]["profile"]
    assert block == service.context("pj-" + cases["profile"][0]["user"])["block"]
    assert len(asked) == len(cases["profile"][0]["current"]) + len(cases["profile"][0]["stale"])
    assert figures["judged cases"] == "1 of 1"
    assert figures["current_recall (LLM judge)"] == round(case["judged_current_stated"] / case["current"], 3)


def test_the_stored_current_fact_is_asked_without_saying_which_value_is_newer():
    with LLMServer() as srv:
        srv.responder = reader
        assert judged_stored(_judge(srv), "u-5", BLOCK, "Where does the user live?", "Ghent", "Leuven") == {
            "judged_stored_current": True}
        assert judged_stored(_judge(srv), "u-5", BLOCK, "Where does the user live?", "Leuven", "Ghent") == {
            "judged_stored_current": False}
        _, asked = _items(srv.requests[0])
        assert sorted(it["text"] for it in asked) == ["Where does the user live? Ghent", "Where does the user live? Leuven"]
        srv.script = [Reply(content="[]")] * 3
        assert "judge_error" in judged_stored(_judge(srv), "u-6", BLOCK, "Where?", "Ghent", "Leuven")


@pytest.mark.skipif(not probes.probes_path().exists(), reason="probes-dev data not present")
def test_a_change_case_reports_both_ways_to_pass(service):
    _, got, _ = _scored(service, "change", "pjc-")
    case, figures = got["cases"]["change"][0], got["figures"]["change"]
    assert figures["superseded_or_stored_current"] == float(case["supersession"] or case["stored_current"])
    assert figures["stored current judged cases"] == "1 of 1"
    assert figures["superseded_or_stored_current (LLM judge)"] == float(
        case["supersession"] or case["judged_stored_current"])
