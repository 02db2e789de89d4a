"""The benchmark suite: every measure path on tiny data (default run), the quick suite (slow)."""

from __future__ import annotations

import json
import os

import numpy as np
import pytest

from memory_pipeline.bench import calibration, report
from memory_pipeline.bench.run import MEASURES, TINY, parse_only, run_bench
from memory_pipeline.bench.targets import targets


def _unit(x) -> bool:
    return x is None or 0.0 <= x <= 1.0


def _ordered(p: dict) -> bool:
    return 0 < p["p50_ms"] <= p["p95_ms"] <= p["p99_ms"]


def check_results(doc: dict, plan) -> None:
    """Sanity bounds, not timing asserts: the machines are too noisy for those."""
    m = doc["measures"]
    assert set(m) == set(MEASURES), set(MEASURES) ^ set(m)
    assert not [k for k, v in m.items() if "error" in v], {
        k: v["error"] for k, v in m.items() if "error" in v
    }

    e = m["encoder"]
    assert e["sentences"] == plan.encoder_sentences and e["onnx_per_s"] > 0 and e["torch_per_s"] > 0
    assert 0.99 <= e["cosine_min"] <= 1.0001 and e["ratio"] > 0

    i = m["ingest"]
    assert i["counts_add_up"] and i["stored"] == i["records"] == sum(i["counts"].values())
    assert i["ratio"] > 0

    q = m["quality"]
    assert q["workload"]["memories"] == i["records"] and q["phrasing"] == "conversational"
    _check_quality(q)
    assert set(q["by_phrasing"]) == {"plain", "messy", "narrative", "asides"}
    for other in q["by_phrasing"].values():  # the same spec in other wording: the same sanity bounds
        assert "error" not in other, other
        _check_quality(other)

    for stage in plan.stages:
        if stage.save_n:
            s = m["save"][stage.name]
            assert s["n"] == stage.save_n and _ordered(s) and sum(s["actions"].values()) == stage.save_n
        if stage.recall_n:
            r = m["recall"][stage.name]
            for phase in ("raw", "consolidated"):
                for group, p in r[phase].items():
                    assert p["n"] == stage.recall_n and _ordered(p) and p["empty_results"] == 0, (group, p)
                    assert p["repeated_query"]["n"] == stage.recall_n and _ordered(p["repeated_query"]), (group, p)
                    assert p["rss_mb"] > 0 and ("hnsw_index" in p or not group.startswith("heavy"))
        c = m["consolidation"][stage.name]
        assert c["full"]["failed"] == 0 and c["full"]["memories"] > 0 and c["full"]["seconds"] > 0
        for k in ("incremental_changed", "incremental_all"):
            if k in c:
                assert c[k]["new_memories"] > 0 and c[k]["ratio_to_full"] > 0 and c[k]["failed"] == 0
        for u, r in m["memory"].get(stage.name, {}).items():
            assert r["memories"] in stage.heavy and r["peak_rss_mb"] >= r["baseline_rss_mb"] > 0, u

    d = m["dagster"]
    assert d["status"] == "SUCCESS" and d["users"] == plan.dagster_users and d["loop_failed"] == 0

    cal = m["calibration"]
    if "skipped" not in cal:
        st = cal["stsb_dev"]
        assert (
            -1 <= st["spearman"] <= 1 and 0 <= st["best_f1"]["threshold"] <= 1 and _unit(st["best_f1"]["f1"])
        )
        con = cal["sick"]["by_label"]["CONTRADICTION"]
        assert _unit(con["cosine_ge_dedup"]) and _unit(con["merged_by_save_path"])
    assert m["llm"]["calls_per_1000_memories"] == 0

    real = m["real"]
    if "skipped" not in real:  # each conversation's own figures, both stores, at each budget
        for conv in real["per_conversation"].values():
            assert set(conv["by_budget"]) == set(real["budgets"])
            for stores in conv["by_budget"].values():
                assert set(stores) == {"raw", "consolidated"}
                assert all(_unit(x) for fig in stores.values() for x in fig.values())

    assert "figures against targets" in report.render_summary(doc)
    assert "(plain wording)" in report.render_summary(doc)
    assert report.markdown(doc).count("\n") >= 10


def _check_quality(q: dict) -> None:
    for p in (*q["dedup"].values(), q["supersession"]):
        assert _unit(p["precision"]) and _unit(p.get("recall", p.get("recall_older_memories"))), p
    ev = q["evidence_recall_at_10"]
    assert _unit(ev["raw_deep"]) and _unit(ev["consolidated_standard"]) and ev["raw_empty_results"] == 0
    assert q["compression"]["units_ratio"] > 1 and q["compression"]["summaries"] > 0
    f = q["false_merges"]
    assert 0 <= f["duplicate_after"] <= f["pairs"] and 0 <= f["same_summary"] <= f["pairs"]
    assert q["consolidation"]["failed"] == 0


@pytest.mark.integration
def test_tiny_suite_exercises_every_measure(tmp_path):
    home_before = os.environ.get("MEMORY_PIPELINE_HOME")
    lines: list[str] = []
    doc = run_bench("tiny", tmp_path / "bench", plan=TINY, echo=lines.append)
    check_results(doc, TINY)
    # the JSON on disk is the same document; the private home is gone and the caller's env restored
    on_disk = json.loads((tmp_path / "bench" / "results-tiny.json").read_text())
    assert on_disk["measures"].keys() == doc["measures"].keys()
    assert sorted(p.name for p in (tmp_path / "bench").iterdir()) == ["cache", "results-tiny.json"]
    assert os.environ.get("MEMORY_PIPELINE_HOME") == home_before
    assert any("figures against targets" in s for s in lines)
    png = report.plot([doc], tmp_path / "scale.png")
    assert png.stat().st_size > 1000


@pytest.mark.integration
def test_only_runs_a_subset(tmp_path):
    doc = run_bench("tiny", tmp_path, "llm", plan=TINY, echo=lambda s: None)
    assert set(doc["measures"]) == {"llm"}


@pytest.mark.slow
@pytest.mark.integration
def test_quick_suite(tmp_path):
    from memory_pipeline.bench.run import QUICK

    check_results(run_bench("quick", tmp_path, echo=lambda s: None), QUICK)


def test_bad_arguments_exit_2_with_one_line(capsys, tmp_path):
    from memory_pipeline.cli import main

    assert main(["bench", "--only", "nonsense", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "nonsense" in err
    with pytest.raises(SystemExit) as exc:
        main(["bench", "--quick", "--full"])
    assert exc.value.code == 2
    assert not list(tmp_path.iterdir())  # nothing written


@pytest.mark.parametrize("flags", [["--probes", "--cases", "0"], ["--scale-users", "--users", "-5"],
                                   ["--scale-users", "--shards", "two"]])
def test_sizes_and_samples_below_one_exit_2_with_one_line(capsys, tmp_path, flags):
    from memory_pipeline.cli import main

    with pytest.raises(SystemExit) as exc:
        main(["bench", *flags, "--out", str(tmp_path)])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "at least 1" in err
    assert not list(tmp_path.iterdir())


def test_parse_only_keeps_suite_order():
    assert parse_only("llm, encoder") == ("encoder", "llm")
    assert parse_only(None) == MEASURES


def test_best_f1_threshold():
    cos = np.array([0.99, 0.9, 0.8, 0.3, 0.2])
    gold = np.array([True, True, False, False, True])
    best = calibration.best_f1(cos, gold)
    assert best["threshold"] == 0.9 and best["precision"] == 1.0 and abs(best["f1"] - 0.8) < 1e-9
    at = calibration.at_threshold(cos, gold, 0.95)
    assert at["precision"] == 1.0 and abs(at["recall"] - 1 / 3) < 1e-3


def test_stsb_reader_splits_on_tabs_only(tmp_path):
    p = tmp_path / "sts.csv"
    p.write_text('g\ts\t2012\t0001\t4.5\tHe said "hi, there".\tHe said hi.\textra\nbad line\n')
    assert calibration.read_stsb(p) == [(4.5, 'He said "hi, there".', "He said hi.")]


@pytest.mark.slow
@pytest.mark.integration
def test_scale_users_stage_on_a_small_store(tmp_path):
    """`bench --scale-users` end to end on 30 users (about 5 minutes: a process per shard run)."""
    from dataclasses import replace

    from memory_pipeline.bench.measure_users import UsersPlan
    from memory_pipeline.bench.run import PLANS

    plan = replace(PLANS["users"], users=UsersPlan(total=400, count=30, shards=2, concurrency=(1, 2), recall_n=10))
    u = run_bench("users", tmp_path, "users", plan=plan, echo=lambda s: None)["measures"]["users"]
    assert "error" not in u, u
    assert u["switch"]["to"] == "shards:2" and u["ticks"]["partitioning"] == "shards:2"
    assert u["ticks"]["schedule_partitions"] == ["shard-0000", "shard-0001"]
    for c in (1, 2):  # each nightly ran exactly the users with new memories, a run per shard
        n = u[f"nightly_{c}"]
        assert n["runs"] == 2 and n["statuses"] == ["SUCCESS"], n
        assert n["users_run"] == n["users_with_new"] and n["users_run"] + n["users_nothing_new"] == 30, n
    for view in ("asset_page", "partitions_view"):
        assert not u["ui"]["shards"][view]["errors"] and not u["ui"]["per_user"][view]["errors"]
    assert u["recall"]["small"]["n"] == 10
    assert u["baseline_consolidation"]["users"] == 30 and u["baseline_consolidation"]["finished"]


def test_scale_users_figures_against_issue_34_targets():
    users = {"users": 100, "memories": 2000, "ticks": {"sensor_tick_s": [6.2, 0.9, 0.8]},
             "nightly_1": {"dagster_overhead_per_user_ms": 12.0}, "nightly_4": {"dagster_overhead_per_user_ms": 64.0},
             "ui": {"shards": {"asset_page": {"median_s": 0.02}}, "per_user": {"asset_page": {"median_s": 3.5}}},
             "recall": {"small": {"p95_ms": 6.1}}, "speedup": {"x2": 1.5, "x4": 1.2}}
    met = {r[0]: r[4] for r in targets({"measures": {"users": users}})}
    assert met == {  # the worst tick counts: a fresh process's first
        "sensor tick (worst of 3, fresh process)": False,
        "Dagster overhead per user with something new, 1 run(s) at once": True,
        "Dagster overhead per user with something new, 4 run(s) at once": False,
        "asset page (GraphQL, shards partitions)": True, "asset page (GraphQL, per_user partitions)": False,
        "recall p95 after the nightly runs": True, "nightly speed-up, 2 / 4 runs at once": None}
