"""Traces (OpenTelemetry) and metrics (Prometheus) for save, recall and consolidation. Off by default.

Off, it costs one flag test per instrumented call (`traced`) or nothing at all (`timed` hands back the
function itself), and opentelemetry / prometheus_client are not even imported. On (`enable`, or the
settings `metrics_port` / `traces` through `configure`):

- spans: `memory.save`, `memory.recall`, `memory.ingest`, `consolidation.user` and one per phase
  (`consolidation.supersede`, ...), through the OpenTelemetry tracer provider the application set
  up, or one that prints them on stderr (`traces = "console"`);
- metrics, in a registry of this process: save / recall latency histograms, per-phase latency,
  consolidation actions by type, and LLM calls and tokens (`record_llm_call`, for LLM engines).
  Figures the store holds (memories by tier, backlog, actions logged by any process) are added at
  scrape time by `StoreCollector`, so a `metrics` process reports what every process did.
"""

from __future__ import annotations

import atexit
import functools
import json
import logging
import sys
import time
from collections import Counter as _Tally
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager, nullcontext
from typing import Any

from memory_pipeline.errors import ValidationError

log = logging.getLogger(__name__)
TRACE_MODES = ("off", "console", "otel", "otlp")
LOG_FORMATS = ("text", "json")
# what a log record may carry (`extra=`) that a JSON line names
LOG_FIELDS = ("run_id", "user", "phase", "duration_s")

# latency buckets in seconds: the save / recall targets are 10-15 ms p95, phases run to minutes
_FAST = (0.001, 0.0025, 0.005, 0.0075, 0.01, 0.015, 0.02, 0.03, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
_SLOW = (0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1.0, 5.0, 10.0, 30.0, 60.0, 300.0)


class Metrics:
    """The process's Prometheus instruments, in their own registry (tests and embedders get a fresh one)."""

    def __init__(self, registry=None):
        # prometheus_client: ~50 ms to import (perf_counter); off by default, and every command imports this module
        from prometheus_client import CollectorRegistry, Counter, Histogram

        self.registry = registry if registry is not None else CollectorRegistry()
        r = self.registry
        self.histograms = {
            "save": Histogram("memory_pipeline_save_seconds", "One memory saved, embedding included.",
                              buckets=_FAST, registry=r),
            "recall": Histogram("memory_pipeline_recall_seconds", "One recall, query embedding included.",
                                buckets=_FAST, registry=r),
            "phase": Histogram("memory_pipeline_consolidation_phase_seconds", "One phase of one user's run.",
                               ["phase"], buckets=_SLOW, registry=r),
            "user": Histogram("memory_pipeline_consolidation_user_seconds", "One user's consolidation.",
                              buckets=_SLOW, registry=r),
            "batch": Histogram("memory_pipeline_consolidation_batch_seconds",
                               "One batch of users consolidated in one transaction.", buckets=_SLOW, registry=r),
        }
        self.actions = Counter("memory_pipeline_consolidation_actions", "Consolidation decisions by type.",
                               ["action", "dry_run"], registry=r)
        self.llm_calls = Counter("memory_pipeline_llm_calls", "Calls to the LLM.", ["model"], registry=r)
        self.llm_tokens = Counter("memory_pipeline_llm_tokens", "LLM tokens.", ["model", "direction"], registry=r)


class _State:
    on = False
    metrics: Metrics | None = None
    tracer: Any = None
    server: Any = None


_STATE = _State()


def enabled() -> bool:
    return _STATE.on


def enable(*, registry=None, tracer_provider=None) -> Metrics:
    """Turn traces and metrics on in this process. `tracer_provider`: an OpenTelemetry SDK provider
    (default: the global one the application configured; without one, spans are no-ops)."""
    # opentelemetry.trace: ~30 ms to import (perf_counter); off by default, and every command imports this module
    from opentelemetry import trace

    _STATE.metrics = Metrics(registry)
    _STATE.tracer = (tracer_provider.get_tracer("memory_pipeline") if tracer_provider is not None
                     else trace.get_tracer("memory_pipeline"))
    _STATE.on = True
    return _STATE.metrics


def disable() -> None:
    _STATE.on = False
    if _STATE.server is not None:
        _STATE.server.shutdown()
        _STATE.server = None


def configure(settings) -> None:
    """What the settings ask for: spans on stderr (`traces = "console"`), spans to the application's
    provider (`"otel"`), this process's metrics on `metrics_port`. Nothing when both are off."""
    if settings.traces not in TRACE_MODES:
        raise ValidationError(f"MEMORY_PIPELINE_TRACES must be one of {', '.join(TRACE_MODES)},"
                              f" not {settings.traces!r}")
    if settings.traces == "off" and not settings.metrics_port:
        return
    provider = None
    if settings.traces == "console":
        # the OpenTelemetry SDK: ~50 ms to import (perf_counter); off by default, and every command imports this module
        from opentelemetry.sdk.trace import TracerProvider
        from opentelemetry.sdk.trace.export import ConsoleSpanExporter, SimpleSpanProcessor

        provider = TracerProvider()
        provider.add_span_processor(SimpleSpanProcessor(ConsoleSpanExporter(out=sys.stderr)))
    elif settings.traces == "otlp":
        provider = _otlp_provider()
    metrics = enable(tracer_provider=provider)
    if settings.metrics_port:
        try:
            serve(metrics.registry, settings.metrics_port)
        except OSError as e:  # the port is taken (another process serves it): keep working without
            log.warning("metrics not served on port %s: %s", settings.metrics_port, e)


def serve(registry, port: int, host: str = "127.0.0.1"):
    """Serve `registry` in the Prometheus text format on http://host:port/metrics (a daemon thread)."""
    # prometheus_client: ~50 ms to import (perf_counter); off by default, and every command imports this module
    from prometheus_client import start_http_server

    server, _thread = start_http_server(port, addr=host, registry=registry)
    _STATE.server = server
    return server


@contextmanager
def _observed(name: str, metric: str | None, attributes: dict[str, Any]) -> Iterator[None]:
    started = time.perf_counter()
    try:
        with _STATE.tracer.start_as_current_span(name, attributes=attributes):
            yield
    finally:
        if metric is not None:
            hist = _STATE.metrics.histograms[metric]
            (hist.labels(**attributes) if attributes else hist).observe(time.perf_counter() - started)


def span(name: str, metric: str | None = None, **attributes: Any):
    """A context manager: a span named `name` (and a `metric` histogram sample); a no-op when off."""
    return _observed(name, metric, attributes) if _STATE.on else nullcontext()


def traced(name: str, metric: str | None = None, **attributes: Any) -> Callable:
    """Decorator form of `span`: off, one flag test per call."""

    def wrap(fn: Callable) -> Callable:
        @functools.wraps(fn)
        def inner(*args, **kwargs):
            if not _STATE.on:
                return fn(*args, **kwargs)
            with _observed(name, metric, attributes):
                return fn(*args, **kwargs)

        return inner

    return wrap


def timed(fn: Callable, name: str, metric: str | None = None, **attributes: Any) -> Callable:
    """`fn` itself when off, else `fn` inside a span: for calls in a loop (`timed(phase.run, ...)(...)`)."""
    return traced(name, metric, **attributes)(fn) if _STATE.on else fn


def count_actions(actions: Iterable[dict]) -> None:
    """Consolidation actions (the writer's log rows) by type."""
    if not _STATE.on:
        return
    tally = _Tally((a["action"], str(bool(a.get("dry_run"))).lower()) for a in actions)
    for (action, dry), n in tally.items():
        _STATE.metrics.actions.labels(action=action, dry_run=dry).inc(n)


def record_llm_call(tokens_in: int, tokens_out: int, model: str | None = None) -> None:
    """One LLM call and its tokens (an LLM engine calls this after each request)."""
    if not _STATE.on:
        return
    m = _STATE.metrics
    label = model or "unknown"
    m.llm_calls.labels(model=label).inc()
    m.llm_tokens.labels(model=label, direction="in").inc(max(0, int(tokens_in)))
    m.llm_tokens.labels(model=label, direction="out").inc(max(0, int(tokens_out)))


class StoreCollector:
    """Gauges read from the store at scrape time: `read()` returns the `stats` dict plus `backlog`
    (total, users_behind, largest)."""

    def __init__(self, read: Callable[[], dict]):
        self.read = read

    def collect(self):
        # prometheus_client: ~50 ms to import (perf_counter); only a scrape of the store needs it
        from prometheus_client.core import GaugeMetricFamily

        s = self.read()

        def gauge(name: str, doc: str, samples: dict | float, label: str | None = None):
            g = GaugeMetricFamily(f"memory_pipeline_{name}", doc, labels=[label] if label else None)
            if label:
                for key, value in sorted(samples.items()):
                    g.add_metric([str(key)], value)
            else:
                g.add_metric([], samples)
            return g

        yield gauge("memories", "Raw memories, duplicates included.", s["memories"])
        yield gauge("memories_by_tier", "Non-duplicate raw memories per tier.", s["tiers"], "tier")
        yield gauge("summaries", "Summaries.", s["summaries"])
        yield gauge("edges", "Edges by type.", s["edges"], "type")
        yield gauge("actions_logged", "Actions in the audit log by type (applied).", s["actions"], "action")
        b = s["backlog"]
        yield gauge("consolidation_backlog", "Memories saved since their user's last consolidation.", b["total"])
        yield gauge("users_with_backlog", "Users with memories not yet consolidated.", b["users_behind"])
        yield gauge("consolidation_backlog_max", "The largest backlog of one user.", b["largest"])


def _otlp_provider():
    """Spans batched to an OTLP endpoint (OTEL_EXPORTER_OTLP_ENDPOINT, read by the exporter itself)."""
    try:
        # an optional extra: its absence is the error below, not an import error of this module
        from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
    except ImportError as e:
        raise ValidationError("MEMORY_PIPELINE_TRACES=otlp needs the OTLP exporter: install the `otlp` extra"
                              " (opentelemetry-exporter-otlp-proto-http)") from e

    # the OpenTelemetry SDK: ~50 ms to import (perf_counter); off by default, and every command imports this module
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import BatchSpanProcessor

    provider = TracerProvider()
    provider.add_span_processor(BatchSpanProcessor(OTLPSpanExporter()))
    atexit.register(provider.shutdown)  # a short command's spans are sent before it exits
    return provider


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time, level, logger, message, and the run id, user, phase and duration
    a record carries."""

    def format(self, record: logging.LogRecord) -> str:
        doc = {"ts": self.formatTime(record, "%Y-%m-%dT%H:%M:%S") + f".{int(record.msecs):03d}Z",
               "level": record.levelname, "logger": record.name, "message": record.getMessage()}
        doc.update({k: getattr(record, k) for k in LOG_FIELDS if getattr(record, k, None) is not None})
        if record.exc_info:
            doc["exception"] = self.formatException(record.exc_info)
        return json.dumps(doc, default=str)


def configure_logs(log_format: str) -> None:
    """`json`: every handler of the root logger writes JSON lines (Dagster's own console echo of run
    events, not JSON, stays off: those events are in the instance)."""
    if log_format not in LOG_FORMATS:
        raise ValidationError(f"MEMORY_PIPELINE_LOG_FORMAT must be one of {', '.join(LOG_FORMATS)}, not {log_format!r}")
    if log_format == "json":
        formatter = JsonFormatter()
        formatter.converter = time.gmtime
        for handler in logging.getLogger().handlers:
            handler.setFormatter(formatter)
        logging.getLogger("memory_pipeline.runs").setLevel(logging.WARNING)
