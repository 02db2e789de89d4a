"""The LLM engine against a real model server nobody on the team wrote: llama.cpp's OpenAI-compatible
server with each small model that installs from PyPI (the `llm-local` extra; `pytest -m real_llm`).

The models are small and judge worse than the rules; what is tested is that the engine stays honest and
bounded: the run ends within its budget, every batch is a validated model answer or a logged fallback
with its reason, nothing raw is lost, the user not asked about is untouched, and a second run keeps
what the model judged.
"""

from __future__ import annotations

import json
import os
import time
from datetime import timedelta

import pytest

from memory_pipeline.defs.launch import materialize_users
from memory_pipeline.engines.llm.tasks.base import MIN_WORDS, words
from memory_pipeline_tests.fixtures import T0, alice_memories
from memory_pipeline_tests.real_llm import MODELS, RealServer, missing

pytestmark = [pytest.mark.real_llm, pytest.mark.integration]

# per batch, per run (the model's time: the calls added up). A 135M model on one thread of a busy
# 2-core machine reads ~50 prompt tokens a second: a batch of 10 pairs takes ~25 s
TIMEOUT_S, BUDGET_S = 90.0, 180.0
# the run's bound: its budget, one call that started just before it ran out, and the run's own work
BOUND_S = BUDGET_S + TIMEOUT_S + 90.0


@pytest.fixture(scope="module", params=sorted(MODELS))
def real_server(request):
    why = missing(request.param)
    if why:
        pytest.skip(why)
    with RealServer(request.param) as srv:
        yield srv


@pytest.fixture
def real_env(monkeypatch, real_server):
    for k, v in {"OPENAI_BASE_URL": real_server.url, "OPENAI_API_KEY": "none", "MEMORY_PIPELINE_ENGINE": "llm",
                 "MEMORY_PIPELINE_LLM_MODEL": real_server.name, "MEMORY_PIPELINE_LLM_TIMEOUT": str(TIMEOUT_S),
                 "MEMORY_PIPELINE_LLM_RUN_BUDGET": str(BUDGET_S), "MEMORY_PIPELINE_LLM_MAX_TOKENS": "384",
                 "MEMORY_PIPELINE_LLM_BACKOFF": "0.2", "MEMORY_PIPELINE_LLM_CONCURRENCY": "1",
                 "MEMORY_PIPELINE_LLM_CONTEXT_TOKENS": str(real_server.n_ctx),
                 "MEMORY_PIPELINE_LLM_PAIRS_PER_CALL": "10"}.items():
        monkeypatch.setenv(k, v)
    return real_server


def _carol() -> list[dict]:
    rows = ["I moved to Porto in spring.", "I work at a bakery near the river.", "My dog Rui loves the beach.",
            "I live in Porto now, close to the bakery.", "I stopped drinking coffee; tea only now.",
            "The bakery opens at 6 so I start early."]
    return [{"user_id": "carol", "content": t, "external_id": f"c{i}",
             "created_at": (T0 + timedelta(days=3 * i)).isoformat()} for i, t in enumerate(rows)]


def _bob() -> list[dict]:
    return [{"user_id": "bob", "content": t, "created_at": (T0 + timedelta(days=i)).isoformat()}
            for i, t in enumerate(["I live in Lisbon.", "I work as a nurse.", "My cat is called Tofu."])]


def _rows(svc, sql: str, *args) -> list[tuple]:
    with svc.conn.transaction():
        return svc.conn.execute(sql, args).fetchall()


def _snapshot(svc, user: str) -> dict:
    return {table: _rows(svc, f"SELECT * FROM {table} WHERE user_id = %s ORDER BY 1", user)
            for table in ("memories", "summaries", "edges", "profiles", "actions")}


def test_a_small_model_consolidates_honestly_within_its_budget(service, real_env):
    users = ["alice", "carol"]
    service.remember_many(alice_memories()[:10] + _carol() + _bob())
    raw_before = _rows(service, "SELECT user_id, count(*) FROM memories GROUP BY 1 ORDER BY 1")
    bob_before = _snapshot(service, "bob")

    started = time.monotonic()
    res = materialize_users(service.settings, users)
    took = time.monotonic() - started
    assert res["status"] == "SUCCESS" and all(res["checks"].values()), res["checks"]
    assert took < BOUND_S, f"{took:.0f}s"

    tasks = res["assets"]["memory_summaries"]["llm_tasks"]
    notes = _rows(service, "SELECT action, inputs->>'kind', reason FROM actions WHERE user_id = ANY(%s)"
                           " AND action LIKE 'LLM_%%'", users)
    for task, row in tasks.items():
        logged = [n for n in notes if n[0] == "LLM_FALLBACK" and n[1] == task]
        # a batch is a validated answer (as given, or repaired) or a fallback: logged with its reason,
        # or, past the budget, covered by the run's one LLM_BUDGET entry
        assert row["fallbacks"] == len(logged) + row["over_budget"], (task, row, logged)
        assert all("attempt(s):" in n[2] and "local engine" in n[2] for n in logged)
        assert row["valid"] + row["repaired"] + row["fallbacks"] >= 1
        # and the run's metadata says why the rules judged: every fallback under one cause
        assert sum(row["fallback_reasons"].values()) == row["fallbacks"], (task, row)
        assert row["fallback_reasons"].get("over_budget", 0) == row["over_budget"], (task, row)
    budget_notes = [n for n in notes if n[0] == "LLM_BUDGET"]
    assert len(budget_notes) == (1 if any(r["over_budget"] for r in tasks.values()) else 0)
    methods = {m for (m,) in _rows(service, "SELECT DISTINCT method FROM summaries WHERE user_id = ANY(%s)", users)}
    assert methods <= {"llm", "extractive", "merge"}

    assert _rows(service, "SELECT user_id, count(*) FROM memories GROUP BY 1 ORDER BY 1") == raw_before
    assert _snapshot(service, "bob") == bob_before

    judged = dict(_rows(service, "SELECT id, content FROM summaries WHERE user_id = ANY(%s) AND method = 'llm'", users))
    assert all(words(text) >= MIN_WORDS for text in judged.values()), judged  # no "..." standing for its sources
    started2 = time.monotonic()
    res2 = materialize_users(service.settings, users)
    took2 = time.monotonic() - started2
    assert res2["status"] == "SUCCESS" and took2 < BOUND_S
    after = dict(_rows(service, "SELECT id, content FROM summaries WHERE user_id = ANY(%s)", users))
    assert all(after.get(k) == v for k, v in judged.items())  # what the model wrote stands
    _report(real_env, took, took2, tasks, res, res2, len(judged))


def _report(srv, took: float, took2: float, tasks: dict, res: dict, res2: dict, judged: int) -> None:
    """The figures, printed (`pytest -s`) and, with MEMORY_PIPELINE_REAL_LLM_REPORT set, appended there."""
    meta, meta2 = res["assets"]["memory_summaries"], res2["assets"]["memory_summaries"]
    line = {"model": srv.name, "seconds": round(took, 1), "second_run_seconds": round(took2, 1),
            "calls": meta.get("run_llm_calls", 0), "second_run_calls": meta2.get("run_llm_calls", 0),
            "completion_tokens": meta.get("run_llm_completion_tokens", 0), "llm_summaries": judged, "tasks": tasks}
    print(json.dumps(line))
    if os.environ.get("MEMORY_PIPELINE_REAL_LLM_REPORT"):
        with open(os.environ["MEMORY_PIPELINE_REAL_LLM_REPORT"], "a") as out:
            out.write(json.dumps(line) + "\n")
