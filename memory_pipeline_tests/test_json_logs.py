"""MEMORY_PIPELINE_LOG_FORMAT=json: one JSON object per log line, with run id, user, phase, duration."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

pytestmark = pytest.mark.integration


def run(*args: str, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "memory_pipeline.cli", *args], capture_output=True, text=True,
                          env={**os.environ, **env}, timeout=600)


def test_consolidation_logs_one_json_object_per_line_with_run_user_phase_duration(service):
    service.remember("json-logs", "I keep bees in Lyon.")
    r = run("-v", "consolidate", "--user", "json-logs", "--json", MEMORY_PIPELINE_LOG_FORMAT="json")
    assert r.returncode == 0, r.stderr[-2000:]
    run_id = json.loads(r.stdout)["run_id"]
    lines = [json.loads(ln) for ln in r.stderr.splitlines() if ln.strip()]  # every line parses
    phases = [d for d in lines if d.get("phase")]
    assert {d["phase"] for d in phases} >= {"supersede", "summarize", "tier"}, lines
    for d in phases:
        assert d["run_id"] == run_id and d["user"] == "json-logs" and d["duration_s"] >= 0
        assert {"ts", "level", "logger", "message"} <= set(d)


@pytest.mark.parametrize("env", [{"MEMORY_PIPELINE_LOG_FORMAT": "xml"}, {"MEMORY_PIPELINE_TRACES": "zipkin"}])
def test_an_unknown_log_format_or_trace_mode_is_one_line(service, env):
    r = run("stats", "--json", **env)
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert r.stderr.startswith("memory-pipeline: error: MEMORY_PIPELINE_")


def test_otlp_traces_without_the_extra_say_what_to_install(service):
    import importlib.util

    if importlib.util.find_spec("opentelemetry.exporter") is not None:
        pytest.skip("the otlp extra is installed here")
    r = run("stats", "--json", MEMORY_PIPELINE_TRACES="otlp")
    assert r.returncode == 2 and "install the `otlp` extra" in r.stderr, r.stderr
