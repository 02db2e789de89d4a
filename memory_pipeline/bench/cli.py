"""`memory-pipeline bench`: the benchmark suite, in its own temporary store under --out."""

from __future__ import annotations

import argparse
import json
import signal
import sys
from dataclasses import replace
from pathlib import Path

from memory_pipeline.errors import ValidationError


def _count(text: str) -> int:
    """A size or sample: a whole number of at least 1 (0 used to fall back to the default unseen)."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, got {text!r}")
    return value


def cmd_bench(args) -> int:
    # Imported here, not at the top: every `memory-pipeline` command imports this module to register
    # `bench`, and the suite's modules took 1.4-3.2 s to import (measured 2026-11-28) where `stats` takes
    # well under one.
    from memory_pipeline.bench.report import STAGED
    from memory_pipeline.bench.run import parse_only, run_bench

    profile = ("full" if args.full else "real" if args.real else "probes" if args.probes
               else "users" if args.scale_users else "quick")
    probes, plan = None, None
    if args.profile_judge and not args.probes:
        raise ValidationError("--profile-judge reads the probe set's profiles: use it with --probes")
    if args.scale_users:
        # as above: the suite's modules load only when `bench` runs
        from memory_pipeline.bench.run import PLANS

        dflt = PLANS["users"].users
        plan = replace(PLANS["users"], users=replace(dflt, count=args.users or dflt.count,
                                                      total=args.memories or dflt.total,
                                                      shards=args.shards or dflt.shards))
        only = parse_only("users")
    elif args.probes:  # --only names probe categories here
        # as above: the suite's modules load only when `bench` runs
        from memory_pipeline.bench.probes import parse_categories

        probes = {"categories": parse_categories(args.only), "path": args.probes_data, "cases": args.cases,
                  "judge": args.profile_judge}
        if args.profile_judge:  # no endpoint: exit 2 before anything starts
            from memory_pipeline.bench.profile_judge import ProfileJudge
            from memory_pipeline.config import Settings

            ProfileJudge(Settings.from_env().llm)
        only = parse_only("probes")
    else:  # bad names exit 2 before anything starts
        only = parse_only(args.only or ("real,real_supersession" if args.real else None))
        if args.real and args.engine != "local":  # a model's use is part of what --real measures of it
            only = parse_only([*only, "llm"])
    # with --json, stdout carries only the final document; progress tables go to stderr
    echo = (
        (lambda s: print(s, file=sys.stderr, flush=True)) if args.json else (lambda s: print(s, flush=True))
    )
    # a stopped bench still stops its embedded server and removes its home (the `finally` blocks run)
    previous = signal.signal(signal.SIGTERM, _exit_on_sigterm)
    try:
        doc = run_bench(profile, Path(args.out), only, echo=echo, engine=args.engine, probes=probes, plan=plan)
    finally:
        signal.signal(signal.SIGTERM, previous)
    if args.json:
        sys.stdout.write(json.dumps(doc, default=str) + "\n")
    errors = [
        k
        for k, v in doc["measures"].items()
        if "error" in v or (k in STAGED and any("error" in st for st in v.values()))
    ]
    return 1 if errors else 0


def _exit_on_sigterm(signum, frame) -> None:
    raise SystemExit(128 + signum)


def register(add) -> None:
    sp = add("bench", cmd_bench, "benchmark suite: speed, scale and quality against ground truth")
    size = sp.add_mutually_exclusive_group()
    size.add_argument("--quick", action="store_true", help="a couple of minutes on 2 cores (the default)")
    size.add_argument(
        "--full", action="store_true", help="the scale figures: 10k to 1M memories (about an hour)"
    )
    size.add_argument(
        "--real", action="store_true",
        help="real conversations (LoCoMo development split): raw vs consolidated at equal delivered text",
    )
    size.add_argument(
        "--probes", action="store_true",
        help="the development probe set (probes-dev): change, control, temporal, profile, dedup, each case a user"
             " of its own; --only picks categories (e.g. --only change)",
    )
    size.add_argument(
        "--scale-users", action="store_true",
        help="one deployment with many users (default 100k users / ~2M memories): hash shards, the sensor's and"
             " schedule's tick, nightly runs after 1%% new at 1, 2 and 4 runs at once, the UI's GraphQL, recall",
    )
    sp.add_argument("--users", type=_count, help="--scale-users: how many users")
    sp.add_argument("--memories", type=_count, help="--scale-users: about how many memories in all")
    sp.add_argument("--shards", type=_count, help="--scale-users: hash shards (default 16)")
    sp.add_argument("--probes-data", help="the probe set's cases.json (default: probes-dev/cases.json in the"
                                          " shared data directory, as --real finds LoCoMo)")
    sp.add_argument("--cases", type=_count, help="with --probes: the first N cases of each category (a slow model's"
                                              " sample; the figures say how many were scored)")
    sp.add_argument("--profile-judge", action="store_true",
                    help="with --probes: profiles (and a change's stored current fact) also read by an LLM judge"
                         " at the configured OpenAI-compatible endpoint (the probe set's own scoring), beside the"
                         " lexical scorer")
    sp.add_argument("--engine", choices=("local", "llm", "auto"), default="local",
                    help="the engine the quality measures consolidate with (llm: the configured OpenAI-compatible"
                         " endpoint; its calls and tokens per 1,000 memories are reported)")
    sp.add_argument("--out", default=".bench", help="scratch store and results directory (default ./.bench)")
    sp.add_argument(
        "--only",
        help="a subset, comma-separated: encoder, ingest, quality, save, recall,"
        " consolidation, memory, dagster, calibration, llm, real, real_supersession, probes;"
        " with --probes: change, control, temporal, profile, dedup",
    )
