"""Spans and metrics exported for save, recall and consolidation (in-memory span exporter, a fresh
Prometheus registry); nothing recorded when off; the `metrics` command serves the store's gauges."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request

import pytest
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from prometheus_client import CollectorRegistry

from memory_pipeline import telemetry
from memory_pipeline_tests.fixtures import alice_memories

pytestmark = pytest.mark.integration


@pytest.fixture
def exported():
    spans = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(spans))
    registry = CollectorRegistry()
    telemetry.enable(registry=registry, tracer_provider=provider)
    yield spans, registry
    telemetry.disable()


def test_save_recall_and_every_phase_export_spans_and_metrics(service, exported):
    spans, registry = exported
    service.remember_many(alice_memories())
    service.remember("alice", "I adopted a cat named Miso.")
    service.recall("alice", "where do I live?")
    run = service.consolidate("alice")
    assert run["status"] == "SUCCESS"
    names = [s.name for s in spans.get_finished_spans()]
    from memory_pipeline.consolidation.run import PHASES

    # a run is a batch of users (here one): its phases are the batch's children
    assert {"memory.save", "memory.recall", "consolidation.batch"} <= set(names)
    assert {f"consolidation.{p.NAME}" for p in PHASES} <= set(names)
    batch = next(s for s in spans.get_finished_spans() if s.name == "consolidation.batch")
    phase = next(s for s in spans.get_finished_spans() if s.name == "consolidation.supersede")
    assert phase.parent.span_id == batch.context.span_id and phase.attributes["phase"] == "supersede"
    assert value_of(registry, "memory_pipeline_consolidation_batch_seconds_count") == 1

    value = registry.get_sample_value
    assert value("memory_pipeline_save_seconds_count") == 1
    assert value("memory_pipeline_recall_seconds_count") == 1
    assert value("memory_pipeline_consolidation_phase_seconds_count", {"phase": "summarize"}) == 1
    logged = dict(service.conn.execute("SELECT action, count(*) FROM actions WHERE run_id = %s GROUP BY 1",
                                       (run["run_id"],)).fetchall())
    assert logged
    for action, n in logged.items():
        assert value("memory_pipeline_consolidation_actions_total", {"action": action, "dry_run": "false"}) == n


def value_of(registry, name: str) -> float | None:
    return registry.get_sample_value(name)


def test_llm_calls_and_tokens_are_counted(exported):
    _, registry = exported
    telemetry.record_llm_call(120, 30, model="m")
    telemetry.record_llm_call(80, 20, model="m")
    value = registry.get_sample_value
    assert value("memory_pipeline_llm_calls_total", {"model": "m"}) == 2
    assert value("memory_pipeline_llm_tokens_total", {"model": "m", "direction": "in"}) == 200
    assert value("memory_pipeline_llm_tokens_total", {"model": "m", "direction": "out"}) == 50


def test_off_records_nothing_and_hands_back_the_function(service):
    assert not telemetry.enabled()

    def f(x):
        return x + 1

    assert telemetry.timed(f, "x") is f
    assert telemetry.span("x").__class__.__name__ == "nullcontext"
    telemetry.record_llm_call(1, 1)  # no registry: must not fail
    assert service.remember("bob", "I play the oboe.").action == "inserted"


def test_unknown_trace_mode_is_bad_input(settings):
    from memory_pipeline.errors import ValidationError

    with pytest.raises(ValidationError):
        telemetry.configure(settings.with_overrides(traces="loud"))
    assert not telemetry.enabled()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_metrics_command_serves_tiers_backlog_and_actions(service):
    service.remember_many(alice_memories())
    assert service.consolidate("alice")["status"] == "SUCCESS"
    service.remember("alice", "I adopted a cat named Miso.")  # one memory in the backlog
    port = _free_port()
    proc = subprocess.Popen([sys.executable, "-m", "memory_pipeline.cli", "metrics", "--port", str(port)],
                            env=os.environ.copy(), stderr=subprocess.PIPE, start_new_session=True)
    try:
        body = ""
        for _ in range(120):
            try:
                body = urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5).read().decode()
                break
            except OSError:
                time.sleep(0.5)
        tiers = service.stats("alice")["tiers"]
        for tier, n in tiers.items():
            assert f'memory_pipeline_memories_by_tier{{tier="{tier}"}} {float(n)}' in body, body[:3000]
        assert "memory_pipeline_consolidation_backlog 1.0" in body
        assert "memory_pipeline_users_with_backlog 1.0" in body
        assert 'memory_pipeline_actions_logged{action="SUMMARIZE"}' in body
        assert "memory_pipeline_save_seconds_count" in body  # the process's own instruments
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=30)
