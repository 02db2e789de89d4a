"""The CLI prints its own output only: Dagster's run events go to the instance, and to stderr only
with --verbose."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest

pytestmark = pytest.mark.integration

# a line of Dagster's console logger: "<time> - dagster - DEBUG - <job> - <run id> - ..."
DAGSTER_LINE = re.compile(r" - dagster - (DEBUG|INFO|WARNING|ERROR) - |RUN_SUCCESS|ENGINE_EVENT|STEP_START")


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "memory_pipeline.cli", *args], capture_output=True, text=True,
                          env=os.environ.copy(), timeout=600)


def test_demo_prints_no_dagster_log_lines_and_the_run_is_in_the_instance(service, settings):
    r = run("demo")
    assert r.returncode == 0, r.stderr
    assert not DAGSTER_LINE.search(r.stdout), r.stdout[:2000]
    assert not DAGSTER_LINE.search(r.stderr), r.stderr[:2000]
    assert "Consolidation run" in r.stdout and "=== user" in r.stdout
    run_id = re.search(r"Consolidation run ([0-9a-f-]{36}): SUCCESS", r.stdout).group(1)

    from memory_pipeline.defs.launch import instance

    events = [e.dagster_event.event_type.name for e in instance(settings).all_logs(run_id) if e.dagster_event]
    assert {"RUN_SUCCESS", "ASSET_MATERIALIZATION"} <= set(events), sorted(set(events))


def test_verbose_echoes_run_events_on_stderr_and_json_stays_clean(service):
    assert run("remember", "--user", "quiet-u", "I keep bees in Lyon.").returncode == 0
    r = run("-v", "consolidate", "--user", "quiet-u", "--json")
    assert r.returncode == 0, r.stderr
    assert "RUN_SUCCESS" in r.stderr  # the run's events, echoed
    assert json.loads(r.stdout)["status"] == "SUCCESS"  # stdout: one JSON document, nothing else
    r = run("consolidate", "--user", "quiet-u", "--json")
    assert r.returncode == 0 and not DAGSTER_LINE.search(r.stderr), r.stderr[:2000]
    json.loads(r.stdout)
