"""`bench --only cli`: each everyday command run as its own process, as a user runs it.

Per command: wall and CPU time (median of the runs), peak RSS (the child's own VmHWM, from wait4) and
how many modules it imported, with the heavy ones named (one extra run under -X importtime). The
store is the bench's own, with the sample ingested and the exported ONNX model already cached, so the
figures are a warm start with the database up: the case the issue's 1 s target speaks of.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from typing import Any

# what would make a command slow to start: none of these belongs on the everyday paths
HEAVY = ("sklearn", "scipy", "torch", "dagster", "pandas", "sentence_transformers", "transformers")
REPEATS = 5
TARGET_S = 1.0
USER = "u000"


def commands(memory_id: str) -> list[tuple[str, list[str], int]]:
    """(row name, argv after `memory-pipeline`, expected exit code)."""
    return [
        ("stats", ["stats", "--json"], 0),
        ("recall", ["recall", "--user", USER, "what am I reading", "--json"], 0),
        ("remember", ["remember", "--user", USER, "I started reading {n} books this month", "--json"], 0),
        ("explain", ["explain", "--user", USER, memory_id, "--json"], 0),
        ("context", ["context", "--user", USER, "--json"], 0),
        ("suggestions", ["suggestions", "list", "--user", USER, "--json"], 0),
        ("bad input: usage", ["recall", "--user", USER, "q", "--mode", "nope"], 2),
        ("bad input: value", ["remember", "--user", USER, "text", "--created-at", "not a date"], 2),
    ]


# A small launcher starts each command and reports its rusage: a child forked by the bench itself would
# inherit the bench's own peak RSS (Linux carries the high-water mark across fork and exec).
_LAUNCHER = (
    "import os, subprocess, sys, time\n"
    "t0 = time.perf_counter()\n"
    "p = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL)\n"
    "_, status, ru = os.wait4(p.pid, 0)\n"
    "sys.stderr.write(f'\\nRUSAGE {time.perf_counter() - t0} {ru.ru_utime + ru.ru_stime} {ru.ru_maxrss}\\n')\n"
    "sys.exit(os.waitstatus_to_exitcode(status))\n"
)


def run_once(python: str, argv: Sequence[str], env: dict[str, str], flags: Sequence[str] = ()) -> dict[str, Any]:
    """One process: wall seconds, CPU seconds (user + system), peak RSS in MB, exit code."""
    proc = subprocess.run([python, "-S", "-c", _LAUNCHER, python, *flags, "-m", "memory_pipeline.cli", *argv], env=env,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, errors="replace")
    lines = proc.stderr.rstrip("\n").splitlines()
    wall, cpu, rss_kb = (float(x) for x in lines[-1].split()[1:])
    return {"wall": wall, "cpu": cpu, "rss_mb": rss_kb / 1024, "code": proc.returncode,
            "stderr": "\n".join(lines[:-1])}


def imports(python: str, argv: Sequence[str], env: dict[str, str]) -> tuple[int, list[str]]:
    """Modules the command imports, and which of HEAVY among them."""
    got = run_once(python, argv, env, flags=("-X", "importtime"))
    names = [line.rsplit("|", 1)[-1].strip() for line in got["stderr"].splitlines()
             if line.startswith("import time:") and "|" in line and "cumulative" not in line]
    heavy = sorted({n.split(".")[0] for n in names} & set(HEAVY))
    return len(names), heavy


def measure_variants(variants: dict[str, dict[str, str]], memory_id: str, repeats: int = REPEATS,
                     python: str = sys.executable) -> dict[str, dict[str, Any]]:
    """Each command under each variant (extra environment, e.g. another PYTHONPATH), the runs
    interleaved so a busy machine slows every variant alike. Returns {variant: {command: row}}."""
    cmds = commands(memory_id)
    runs: dict[tuple[str, str], list[dict]] = {(v, c[0]): [] for v in variants for c in cmds}
    n = 0
    for _ in range(repeats + 1):  # the first round warms the page cache and is not counted
        for v, extra in variants.items():
            for name, argv, code in cmds:
                n += 1
                got = run_once(python, [a.replace("{n}", str(n)) for a in argv], {**os.environ, **extra})
                if got["code"] != code:
                    raise RuntimeError(f"{name} ({v}) exited {got['code']}, expected {code}: "
                                       f"{got['stderr'].strip()[-300:]}")
                runs[(v, name)].append(got)
    out: dict[str, dict[str, Any]] = {}
    for v, extra in variants.items():
        rows = out.setdefault(v, {})
        for name, argv, _ in cmds:
            timed = runs[(v, name)][1:]
            count, heavy = imports(python, [a.replace("{n}", "0") for a in argv], {**os.environ, **extra})
            rows[name] = {
                "wall_s": round(statistics.median(r["wall"] for r in timed), 3),
                "cpu_s": round(statistics.median(r["cpu"] for r in timed), 3),
                "peak_mb": round(max(r["rss_mb"] for r in timed), 1),
                "modules": count, "heavy": ",".join(heavy) or "-",
            }
    return out


def sample_memory_id(service) -> str:
    """Ingest the packaged sample into the bench's store; one of its memory ids for `explain`."""

    service.ingest_file(Path(str(resources.files("memory_pipeline") / "data" / "sample.jsonl")))
    return service.recall(USER, "reading", limit=1)[0]["id"]


def measure(bench) -> dict:
    memory_id = sample_memory_id(bench.service)  # the children open their own connections
    rows = measure_variants({"this tree": {}}, memory_id)["this tree"]
    return {"cli": {"commands": rows, "repeats": REPEATS, "target_wall_s": TARGET_S,
                    "meets_target": all(r["wall_s"] <= TARGET_S for r in rows.values())}}


def table_args(v: dict) -> tuple[str, list[str], list[list[Any]], str]:
    """The report's table of the cli measure: (title, headers, rows, note)."""
    rows = [[name, r["wall_s"], r["cpu_s"], r["peak_mb"], r["modules"], r["heavy"],
             r["wall_s"] <= v["target_wall_s"]] for name, r in v["commands"].items()]
    return ("CLI commands as processes (database up, model cached)",
            ["command", "wall s", "CPU s", "peak MB", "modules", "heavy imports", "<= 1 s"], rows,
            f"median of {v['repeats']} runs after a warm-up; peak MB is the largest of them")
