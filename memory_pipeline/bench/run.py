"""The benchmark suite behind `memory-pipeline bench`: plans, a private store, the measures in order.

Every run works in its own temporary MEMORY_PIPELINE_HOME under the output directory (never the
user's store), stops that home's embedded PostgreSQL at the end and deletes the home; only the
results JSON and the vector cache stay. Figures whose target is a ratio are measured as a ratio
within this one run, because the machines are noisy.
"""

from __future__ import annotations

import json
import os
import platform
import shutil
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Iterable
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import psutil

from memory_pipeline.bench import (
    calibration,
    letta,
    llm_usage,
    measure_cli,
    measure_consolidation,
    measure_encoder,
    measure_scale,
    measure_users,
    probes,
    real,
    report,
)
from memory_pipeline.bench.measure_users import UsersPlan
from memory_pipeline.bench.vectors import VectorCache
from memory_pipeline.config import Settings
from memory_pipeline.engines import get_engine
from memory_pipeline.errors import ValidationError
from memory_pipeline.service import MemoryService
from memory_pipeline.store.server import stop_embedded

MEASURES = ("encoder", "ingest", "quality", "save", "recall", "consolidation", "memory", "dagster",
            "calibration", "llm", "real", "real_supersession")
# measures run only when named (`bench --probes`, or `--only probes`): the default suite stays as it was
ON_REQUEST = ("probes", "cli", "users")
# the bench's own store: nothing of the caller's configuration may point it elsewhere
_ENV_KEYS = ("MEMORY_PIPELINE_HOME", "MEMORY_PIPELINE_CACHE_DIR", "MEMORY_PIPELINE_DATABASE_URL",
             "MEMORY_PIPELINE_DAGSTER_PG_URL", "DAGSTER_HOME", "OPENAI_API_KEY", "XDG_RUNTIME_DIR")


NOTES = [
    "The bench runs in its own temporary MEMORY_PIPELINE_HOME (embedded PostgreSQL + Dagster instance) under"
    " --out, removed at the end; the caller's store and database URL are never used.",
    "Store sizes are bulk-loaded through the save path (save_batch: quick check, facts, dates, COPY) with each"
    " distinct sentence embedded once (vectors cached under <out>/cache); heavy users are loaded block-wise"
    " with the same decisions. Scale stages make regular users clones of a few templates (distinct_users).",
    "Every timed path embeds for real: single saves, recalls and the ingest measure.",
    "The encoder ratio is the ratio of the median interleaved runs (the best runs are shown beside it); ingest"
    " compares the best run of each.",
    "Consolidation runs call consolidate_users, as the Dagster asset does (local engine), in a child process;"
    " peak RSS is its VmHWM.",
]


@dataclass(frozen=True)
class Stage:
    """One store size: loaded, then measured. Regular users may be clones of `distinct_users`."""

    name: str
    total: int
    users: int
    distinct_users: int = 0
    heavy: tuple[int, ...] = ()
    save_n: int = 0  # single saves timed at this size (0: not measured here)
    recall_n: int = 0  # recalls timed per group (small users, each heavy user)
    consolidate: bool = True
    incremental: str = "both"  # all | changed | both | none


@dataclass(frozen=True)
class Plan:
    profile: str
    encoder_sentences: int
    encoder_reps: int
    ingest_reps: int
    quality_total: int
    quality_users: int
    questions: int  # evidence questions asked before and after consolidation
    stages: tuple[Stage, ...]
    dagster_users: int
    dagster_per_user: int
    sick_files: tuple[str, ...] = ("SICK_trial.txt",)
    calibration_limit: int | None = None  # pairs per data set (None: all)
    load_batch: int = 2000
    child_timeout_s: float | None = None  # a consolidation child past this is stopped and reported so
    real_conversations: int | None = None  # LoCoMo development conversations (None: all)
    real_questions: int | None = None  # questions per conversation (None: all with evidence)
    probe_cases: int | None = None  # probes-dev cases per category (None: all)
    users: UsersPlan = UsersPlan()  # `bench --scale-users`


QUICK = Plan(
    profile="quick",
    encoder_sentences=384,
    encoder_reps=3,
    ingest_reps=2,
    quality_total=2000,
    quality_users=30,
    questions=200,
    stages=(
        Stage("2k", 2_000, 20, save_n=100, recall_n=0, incremental="both"),
        Stage(
            "20k",
            20_000,
            200,
            distinct_users=20,
            heavy=(3_000,),
            recall_n=100,
            incremental="changed",
        ),
    ),
    dagster_users=20,
    dagster_per_user=40,
    child_timeout_s=600,
    real_conversations=1,
    real_questions=60,
)
FULL = Plan(
    profile="full",
    encoder_sentences=1920,
    encoder_reps=3,
    ingest_reps=1,
    quality_total=20_000,
    quality_users=200,
    questions=1000,
    stages=(
        Stage("10k", 10_000, 100, save_n=300, incremental="both"),
        Stage("100k", 100_000, 1_000, distinct_users=100, save_n=300, recall_n=300, incremental="both"),
        Stage(
            "1M",
            1_000_000,
            10_000,
            distinct_users=100,
            heavy=(20_000, 50_000),  # most users ~50-200 memories, two heavy ones (own HNSW indexes)
            recall_n=300,
            incremental="changed",
        ),
    ),
    dagster_users=200,
    dagster_per_user=50,
    sick_files=("SICK_train.txt", "SICK_trial.txt"),
    child_timeout_s=1500,
)
# the default test: every measure path on tiny data
TINY = Plan(
    profile="tiny",
    encoder_sentences=64,
    encoder_reps=1,
    ingest_reps=1,
    quality_total=240,
    quality_users=5,
    questions=30,
    stages=(
        Stage(
            "800",
            800,
            10,
            distinct_users=3,
            heavy=(300,),
            save_n=10,
            recall_n=10,
            incremental="changed",
        ),
    ),
    dagster_users=3,
    dagster_per_user=15,
    calibration_limit=100,
    load_batch=500,
    real_conversations=1,
    real_questions=10,
)
# `bench --real`: the real-conversation measure at full size (every development conversation and question)
REAL = replace(QUICK, profile="real", real_conversations=None, real_questions=None)
# `bench --probes`: the development probe set, every case
PROBES = replace(QUICK, profile="probes")
USERS = replace(QUICK, profile="users", child_timeout_s=None)  # `bench --scale-users`
PLANS = {"quick": QUICK, "full": FULL, "tiny": TINY, "real": REAL, "probes": PROBES, "users": USERS}


@dataclass
class Bench:
    """What every measure gets: the plan, the private store's service, the cache, where to print."""

    plan: Plan
    settings: Any
    service: Any
    cache: VectorCache
    out: Path
    echo: Callable[[str], None]
    selected: tuple[str, ...] = MEASURES
    checkpoint: Callable[[str, Any], None] = lambda key, value: None  # partial results reach the disk
    engine: str = "local"  # the engine quality measures consolidate with (--engine)
    llm_usage: dict = field(default_factory=dict)  # model use per measured workload (LLM engine)
    probe_categories: tuple[str, ...] = ()  # probes-dev categories to score (empty: all)
    probes_path: Path | None = None  # probes-dev cases.json (None: under the shared data directory)
    profile_judge: bool = False  # the profile category also read by an LLM judge (the configured endpoint)

    @property
    def embedder(self):
        return self.service.embedder

    def make_engine(self):
        """The engine --engine names, configured from the environment (OPENAI_BASE_URL, ...)."""

        return get_engine(Settings.from_env().with_overrides(engine=self.engine))

    def record_usage(self, key: str, engine, before, memories: int) -> dict | None:
        """Calls and tokens an engine spent on `memories` consolidated memories (None: no model)."""
        if engine.model is None:
            return None
        out = llm_usage.figures(engine, engine.usage().since(before), memories)
        self.llm_usage[key] = out
        return out


@contextmanager
def bench_home(out: Path):
    """A temporary home (embedded PostgreSQL, Dagster instance) under `out`; removed afterwards."""

    out.mkdir(parents=True, exist_ok=True)
    saved = {k: os.environ.get(k) for k in _ENV_KEYS}
    home = Path(tempfile.mkdtemp(prefix="home-", dir=out)).resolve()
    for k in _ENV_KEYS:
        os.environ.pop(k, None)
    os.environ["MEMORY_PIPELINE_HOME"] = str(home)
    # the exported ONNX model is shared with the caller's cache when one is configured
    os.environ["MEMORY_PIPELINE_CACHE_DIR"] = saved["MEMORY_PIPELINE_CACHE_DIR"] or str(
        out.resolve() / "cache"
    )
    settings = Settings.from_env()
    try:
        yield settings
    finally:
        try:
            stop_embedded(settings.pgdata)
        finally:
            for k, v in saved.items():
                if v is None:
                    os.environ.pop(k, None)
                else:
                    os.environ[k] = v
            shutil.rmtree(home, ignore_errors=True)


def parse_only(only: str | Iterable[str] | None) -> tuple[str, ...]:
    if not only:
        return MEASURES
    names = [n.strip() for n in (only.split(",") if isinstance(only, str) else only) if n.strip()]
    known = MEASURES + ON_REQUEST
    bad = [n for n in names if n not in known]
    if bad or not names:
        raise ValidationError(
            f"unknown measure(s) {', '.join(bad) or '(none)'}; choose from {', '.join(known)}"
        )
    return tuple(n for n in known if n in names)


def machine() -> dict[str, Any]:
    gpu = False
    if "torch" in sys.modules:
        gpu = bool(sys.modules["torch"].cuda.is_available())
    return {
        "cores": os.cpu_count(),
        "memory_gb": round(psutil.virtual_memory().total / 2**30, 1),
        "gpu": gpu,
        "arch": platform.machine(),
        "python": platform.python_version(),
    }


def run_bench(
    profile: str = "quick",
    out: Path | str = ".bench",
    only: str | Iterable[str] | None = None,
    *,
    plan: Plan | None = None,
    echo: Callable[[str], None] = print,
    engine: str = "local",
    probes: dict | None = None,
) -> dict[str, Any]:
    """Run the selected measures; write `<out>/results-<profile>.json` and return the same dict.
    `probes`: {"categories": (...), "path": cases.json, "judge": bool} for the probes measure."""

    steps = _steps()
    plan = plan or PLANS[profile]
    if (probes or {}).get("cases"):  # `--cases N`: the first N of each category (a slow model's sample)
        plan = replace(plan, probe_cases=probes["cases"])
    selected = parse_only(only)
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    doc: dict[str, Any] = {
        "profile": plan.profile,
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "command": f"memory-pipeline bench --{ {'users': 'scale-users'}.get(plan.profile, plan.profile)}"
        + (f" --engine {engine}" if engine != "local" else ""),
        "engine": engine,
        "measures": {},
        "selected": list(selected),
        "plan": asdict(plan),
        "notes": NOTES,
    }
    path = out / f"results-{plan.profile}.json"

    def write(complete: bool) -> None:
        doc.update(complete=complete, seconds=round(time.perf_counter() - started, 1), machine=machine())
        path.write_text(json.dumps(doc, indent=2, default=str) + "\n")

    def checkpoint(key: str, value: Any) -> None:
        doc["measures"][key] = value
        write(False)

    with bench_home(out) as settings, MemoryService(settings) as svc:
        svc.ensure_schema()
        cache = VectorCache(
            svc.embedder, out / "cache" / f"vectors-{svc.embedder.name}-{svc.embedder.backend}"
        )
        bench = Bench(plan, settings, svc, cache, out, echo, selected, checkpoint=checkpoint, engine=engine,
                      probe_categories=tuple((probes or {}).get("categories") or ()),
                      probes_path=(probes or {}).get("path"), profile_judge=bool((probes or {}).get("judge")))
        for name, fn in steps:
            if _WANTED.get(name, {name}) & set(selected):
                _run_step(bench, name, fn)
                cache.save()
    write(True)
    doc["path"] = str(path)
    echo(report.render_summary(doc))
    return doc


# The measures a step produces, where they are not just the step's own name.
_WANTED = {"ingest": {"ingest", "quality"}, "scale": {"save", "recall", "consolidation", "memory"}}


def _steps() -> list[tuple[str, Callable[[Bench], dict]]]:
    # the scale stages last: they take longest, and a stopped run keeps everything before them
    return [
        ("encoder", measure_encoder.encoder),
        ("ingest", measure_encoder.ingest_and_quality),
        ("calibration", calibration.measure),
        ("dagster", measure_consolidation.dagster_overhead),
        ("real", real.measure),
        ("real_supersession", letta.measure),
        ("probes", probes.measure),
        ("llm", _llm),  # after every measure that consolidates with the engine: their use added up
        ("cli", measure_cli.measure),
        ("scale", measure_scale.stages),
        ("users", measure_users.measure),
    ]


def _run_step(bench: Bench, name: str, fn: Callable[[Bench], dict]) -> None:
    """One step: its figures are checkpointed and printed; its failure becomes its measures' error."""

    t0 = time.perf_counter()
    try:
        got = fn(bench)
    except Exception as e:  # one measure failing must not lose the others' figures
        traceback.print_exc(file=sys.stderr)
        got = {
            k: {"error": f"{type(e).__name__}: {e}"} for k in _WANTED.get(name, {name}) & set(bench.selected)
        }
    for key, value in got.items():
        if key in bench.selected:
            bench.checkpoint(key, value)
            if name != "scale":  # the stages print their own tables as each size finishes
                bench.echo(report.render_measure(key, value))
    bench.echo(f"({name}: {time.perf_counter() - t0:.1f} s)\n")


def _llm(bench: Bench) -> dict:
    if bench.engine == "local" or not bench.llm_usage:
        return {"llm": {
            "engine": bench.engine, "calls_per_1000_memories": 0, "tokens_per_1000_memories": 0, "save_path_calls": 0,
            "note": "the local engine calls no model; `bench --engine llm` measures an endpoint"
                    if bench.engine == "local" else "no LLM use recorded: select the quality measure",
        }}
    # the save path never builds an engine: 0 calls on save by construction
    overall = llm_usage.total(bench.llm_usage)
    return {"llm": {**overall, "save_path_calls": 0, "tasks": llm_usage.tasks(overall), "by_workload": bench.llm_usage}}
