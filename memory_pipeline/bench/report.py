"""Readable tables of the bench results, the figures-against-targets summary, and the scale plot.

`python -m memory_pipeline.bench.report RESULTS.json... [--plot PNG] [--markdown]` redraws both from
saved results (what docs/BENCHMARKS.md is built from).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from memory_pipeline.bench import llm_usage
from memory_pipeline.bench.measure_cli import table_args as cli_table
from memory_pipeline.bench.probes_score import table_rows as probe_rows
from memory_pipeline.bench.targets import STAGED, ok_stages, targets


def _fmt(v: Any) -> str:
    if isinstance(v, bool) or v is None:
        return {True: "yes", False: "no", None: "-"}[v]
    if isinstance(v, int):
        return f"{v:,}"
    if isinstance(v, float):
        return f"{v:,.0f}" if abs(v) >= 1000 else f"{v:.4g}"
    if isinstance(v, dict):
        return ", ".join(f"{k}={_fmt(x)}" for k, x in v.items())
    return str(v)


def table(title: str, headers: list[str], rows: list[list[Any]], note: str | None = None) -> str:
    cells = [[_fmt(c) for c in r] for r in rows]
    widths = [max([len(h)] + [len(r[i]) for r in cells]) for i, h in enumerate(headers)]

    def line(r: list[str]) -> str:
        return "  ".join(
            c.rjust(w) if i else c.ljust(w) for i, (c, w) in enumerate(zip(r, widths, strict=True))
        )

    out = [f"== {title}", line(headers), line(["-" * w for w in widths]), *(line(r) for r in cells)]
    if note:
        out.append(f"   {note}")
    return "\n".join(out) + "\n"


def render_measure(key: str, v: dict) -> str:
    if not isinstance(v, dict):
        return f"== {key}: {v}\n"
    if "error" in v or "skipped" in v:
        return f"== {key}: {v.get('error') or v.get('skipped')}\n"
    fn = _RENDER.get(key)
    if key in STAGED:
        errors = "".join(f"== {key} at {s}: {st['error']}\n" for s, st in v.items() if "error" in st)
        good = ok_stages(v)
        return (fn(good) if good else "") + errors
    return fn(v) if fn else table(key, ["field", "value"], [[k, x] for k, x in v.items()])


def _encoder(v: dict) -> str:
    return table(
        "encoder throughput (same sentences, batch 64)",
        ["backend", "sentences/s", "threads"],
        [
            ["ONNX Runtime", v["onnx_per_s"], v["onnx_threads"]],
            ["sentence-transformers (torch)", v["torch_per_s"], v["torch_threads"]],
            ["ratio ONNX / torch", v["ratio"], ""],
            ["cosine agreement min / mean", f"{v['cosine_min']:.7f} / {v['cosine_mean']:.7f}", ""],
        ],
        f"{v['sentences']} sentences, {v['mean_words']} words on average; target {v['target']}",
    )


def _ingest(v: dict) -> str:
    return table(
        "bulk ingest vs raw encoder (same texts, same run)",
        ["what", "value"],
        [
            ["records", v["records"]],
            ["ingest records/s", v["ingest_per_s"]],
            ["encoder sentences/s (mean of before/after)", v["encoder_per_s"]],
            ["ratio", v["ratio"]],
            ["actions", v["counts"]],
            ["counts add up", v["counts_add_up"]],
        ],
        f"target {v['target']}",
    )


def _pct_row(name: str, p: dict, *extra) -> list:
    return [name, *extra, p["n"], p["p50_ms"], p["p95_ms"], p["p99_ms"]]


def _save(v: dict) -> str:
    rows = [_pct_row(s, p, p["stored"], p["actions"]) for s, p in v.items()]
    notes = "; ".join(f"{s}: {p['store']}" for s, p in v.items())
    return table(
        "single save latency (remember, end to end incl. embedding)",
        ["stage", "stored", "actions", "n", "p50 ms", "p95 ms", "p99 ms"],
        rows,
        notes,
    )


def _recall(v: dict) -> str:
    rows, notes = [], []
    for s, st in v.items():
        for phase in ("raw", "consolidated"):
            for g, p in st.get(phase, {}).items():
                rep = p.get("repeated_query") or {}
                rows.append(
                    _pct_row(g, p, s, phase, p["user_memories_median"], p.get("hnsw_index") or "exact",
                             p["empty_results"])
                    + [rep.get("p50_ms", ""), rep.get("p95_ms", ""), rep.get("p99_ms", ""), p.get("rss_mb", "")]
                )
        notes.append(f"{s}: {st['store']}")
    return table(
        "recall latency (recall, end to end incl. query embedding, activation on); p50/p95/p99 of new"
        " questions (query embedding cache empty), then of the same question asked again",
        ["group", "stage", "phase", "user size", "index", "empty", "n", "p50 ms", "p95 ms", "p99 ms",
         "again p50", "again p95", "again p99", "RSS MB"],
        rows,
        "; ".join(notes),
    )


def _consolidation(v: dict) -> str:
    rows = []
    for s, st in v.items():
        full = st["full"]
        for k in ("full", "incremental_changed", "incremental_all"):
            if k in st:
                r = st[k]
                rows.append(
                    [
                        s,
                        k,
                        r["users"],
                        r["memories"],
                        r["seconds"],
                        r.get("ratio_to_full", ""),
                        r["peak_rss_mb"],
                        r["failed"],
                    ]
                )
        rows.append([s, "compression (units)", "", full["memories"], "", st["compression_ratio"], "", ""])
    return table(
        "consolidation (local engine, consolidate_users in a child process)",
        ["stage", "run", "users", "memories", "seconds", "ratio", "peak MB", "failed"],
        rows,
        "incremental: 1% new memories; ratio = seconds / full run seconds",
    )


def _memory(v: dict) -> str:
    rows = [
        [s, u, r["memories"], r["seconds"], r["peak_rss_mb"], r["baseline_rss_mb"]]
        for s, st in v.items()
        for u, r in st.items()
    ]
    return table(
        "one heavy user: consolidation time and peak RSS (child process)",
        ["stage", "user", "memories", "seconds", "peak MB", "baseline MB"],
        rows,
        "target: <= 2048 MB at 50k",
    )


def _dagster(v: dict) -> str:
    return table(
        "Dagster overhead (one run over many partitions vs plain loop)",
        ["what", "value"],
        [
            ["users / memories", f"{v['users']} / {v['memories']}"],
            ["Dagster run s", v["dagster_s"]],
            ["plain loop s", v["loop_s"]],
            ["overhead per user ms", v["overhead_per_user_ms"]],
            ["ratio", v["ratio"]],
            ["Dagster's own time per user ms (outside consolidation)", v.get("dagster_own_per_user_ms", "-")],
            ["run status", v["status"]],
        ],
    )


def _quality(v: dict) -> str:
    """One value column per phrasing family: the workload's own first, then "by_phrasing"."""
    others = {k: o for k, o in v.get("by_phrasing", {}).items() if "error" not in o}
    rows = _quality_rows(v)
    values = [{r[0]: r[1] for r in _quality_rows(o)} for o in others.values()]
    notes = [f"{_quality_size(v['workload'])} ({v.get('phrasing', 'conversational')})"]
    notes += [f"{_quality_size(o['workload'])} ({k})" for k, o in others.items()]
    notes += [f"{k}: {o['error']}" for k, o in v.get("by_phrasing", {}).items() if "error" in o]
    return table(
        "consolidation quality against ground truth",
        ["figure", v.get("phrasing", "value"), *others, "target"],
        [[fig, x, *(col.get(fig, "") for col in values), target] for fig, x, target in rows],
        "; ".join(notes),
    )


def _quality_size(w: dict) -> str:
    return f"{w['memories']} memories, {w['users']} users, {w['questions']} questions"


def _quality_rows(v: dict) -> list[list[Any]]:
    c, e, d, s, f = (
        v["compression"],
        v["evidence_recall_at_10"],
        v["dedup"],
        v["supersession"],
        v["false_merges"],
    )
    rows = [
        ["compression (units before : after)", c["units_ratio"], ">= 8"],
        ["compression (summary source chars : summary chars)", c["chars_ratio"], ""],
        ["evidence recall@10 raw store (deep)", e["raw_deep"], ""],
        ["evidence recall@10 consolidated (standard)", e["consolidated_standard"], ">= raw"],
    ]
    for k, p in d.items():
        rows.append(
            [f"duplicates {k}: precision / recall", f"{_fmt(p['precision'])} / {_fmt(p['recall'])}", ""]
        )
    rows += [
        ["supersession precision", s["precision"], ""],
        [
            "supersession recall (older memories / pairs)",
            f"{_fmt(s['recall_older_memories'])} / {_fmt(s['recall_pairs'])}",
            "",
        ],
        ["distractor pairs merged as duplicates", f"{f['duplicate_after']} of {f['pairs']}", "0"],
        ["distractor pairs in one summary", f"{f['same_summary']} of {f['pairs']}", ""],
    ]
    return rows


def _calibration(v: dict) -> str:
    st, sk = v["stsb_dev"], v["sick"]["by_label"]["CONTRADICTION"]
    return table(
        "calibration (public data)",
        ["figure", "value"],
        [
            ["STS-B dev Spearman", st["spearman"]],
            [
                "STS-B best-F1 threshold (gold >= 4)",
                f"{st['best_f1']['threshold']} (F1 {st['best_f1']['f1']})",
            ],
            [
                "STS-B at 0.95: precision / recall",
                f"{_fmt(st['at_dedup_threshold']['precision'])} / {_fmt(st['at_dedup_threshold']['recall'])}",
            ],
            ["SICK contradictions", sk["pairs"]],
            ["  cosine >= 0.95 (merge by cosine alone)", sk["cosine_ge_dedup"]],
            ["  merged by the save path (after the guard)", sk["merged_by_save_path"]],
            ["  flagged by the save path", sk["flagged_by_save_path"]],
        ],
        v["data"],
    )


def _llm(v: dict) -> str:
    if "note" in v:
        return f"== LLM use\n{v['note']}\n"
    return llm_usage.render(v)


def _real(v: dict) -> str:
    rows = []
    for budget, stores in v["budgets"].items():
        raw, con = stores.get("raw", {}), stores.get("consolidated", {})
        rows.append([budget, raw.get("evidence_strict"), raw.get("answer_in_text"), con.get("evidence_strict"),
                     con.get("answer_in_text"), con.get("other_text_share"),
                     stores.get("summary_text", {}).get("answer_in_text"),
                     f"{raw.get('mean_chars')} / {con.get('mean_chars')}"])
    return table(
        "real conversations at equal delivered text (strict evidence / answer in text)",
        ["chars", "raw evidence", "raw answer", "consolidated evidence", "consolidated answer",
         "other text share", "summary text alone: answer", "mean chars"],
        rows,
        f"{v['data']}, {v['questions']} questions; compression {v['compression_units']}:1 in units; {v['note']}"
        + (f"; supersessions written / right / read two ways / wrong (hand labels) {edges},"
           f" labelled replacements found {v['supersessions: labelled replacements found']}"
           if (edges := v.get("supersessions: written / right / read two ways / wrong")) else ""),
    )


def _real_supersession(v: dict) -> str:
    rows = [[case, ", ".join(f"{f} {r}" for f, r in fields.items() if ":" not in f)]
            for case, fields in v["per_case"].items()]
    prefs = v.get("preference_items") or {}
    extra = (f"; preference items: removed and superseded {prefs['removed_superseded']} of {prefs['removed']},"
             f" kept and current {prefs['kept_current']} of {prefs['kept']}") if prefs else ""
    return table(
        "real user-model updates (letta dev): per field, changed or unchanged, and whether it came out right",
        ["case", "fields"],
        rows,
        f"{v['data']}; newest value wins {v['newest_value_wins']} of {v['changed_fields']} changed fields,"
        f" unchanged kept {v['unchanged_kept']} of {v['unchanged_fields']}{extra}",
    )


_RENDER = {
    "probes": lambda v: table(f"probes ({v['data']}, engine {v['engine']}, answer within {v['answer_chars']} chars)",
                              *probe_rows(v), f"{v['seconds']} s"),
    "cli": lambda v: table(*cli_table(v)),
    "encoder": _encoder,
    "ingest": _ingest,
    "save": _save,
    "recall": _recall,
    "consolidation": _consolidation,
    "memory": _memory,
    "dagster": _dagster,
    "quality": _quality,
    "calibration": _calibration,
    "llm": _llm,
    "real": _real,
    "real_supersession": _real_supersession,
}


def render_summary(doc: dict) -> str:
    head = f"{doc['command']} ({doc.get('seconds', '?')} s); results in {doc.get('path', '')}"
    return table("figures against targets", ["measure", "figure", "at", "target", "met"], targets(doc), head)


def markdown(doc: dict) -> str:
    rows = targets(doc)
    out = ["| measure | figure | at | target | met |", "|---|---|---|---|---|"]
    out += ["| " + " | ".join(_fmt(c) for c in r) + " |" for r in rows]
    return "\n".join(out) + "\n"


def plot(docs: list[dict], path: Path) -> Path:
    """Consolidation time and recall p95 against store size; the sizes of several runs (quick, full)
    join one line per series, and a later run's figure for a size replaces an earlier one's (a re-run
    of some measures)."""
    import matplotlib  # here, not at the top: 1.7 s to import (measured), and only the plot needs it

    matplotlib.use("Agg")
    # after matplotlib.use("Agg"): the backend is chosen before pyplot loads
    import matplotlib.pyplot as plt

    series: dict[tuple[int, str], dict[str, tuple[float, float]]] = {}
    for doc in docs:
        cons = ok_stages(doc["measures"].get("consolidation") or {})
        for stage, st in cons.items():
            for k in ("full", "incremental_changed", "incremental_all"):
                if k in st:
                    series.setdefault((0, k.replace("_", ", ")), {})[stage] = (
                        st["full"]["memories"], st[k]["seconds"])
        for stage, st in ok_stages(doc["measures"].get("recall") or {}).items():
            for phase in ("raw", "consolidated"):
                for g, p in st.get(phase, {}).items():
                    size = f" of {p['user_memories_median'] // 1000}k" if g.startswith("heavy") else ""
                    name = f"{g.split(' ')[0]} user{size}, {phase}" + (" (+HNSW)" if p.get("hnsw_index") else "")
                    name += ", new questions" if "repeated_query" in p else ""
                    series.setdefault((1, name), {})[stage] = (st["stored"], p["p95_ms"])
    fig, axes = plt.subplots(1, 2, figsize=(11, 4.2))
    for (ax_i, name), pts in sorted(series.items()):
        style = "o-" if "small" in name or name == "full" else "s--"
        axes[ax_i].plot(*zip(*sorted(pts.values()), strict=True), style, label=name)
    a, b = axes
    a.set(
        xscale="log",
        yscale="log",
        xlabel="memories consolidated",
        ylabel="seconds",
        title="consolidation (local engine)",
    )
    a.axhline(60, color="grey", ls=":", lw=1)
    b.set(xscale="log", yscale="log", xlabel="memories stored", ylabel="ms", title="recall end to end, p95")
    b.axhline(10, color="grey", ls=":", lw=1)
    for ax in axes:
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=8)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="render saved bench results")
    p.add_argument("results", nargs="+", type=Path)
    p.add_argument("--plot", type=Path)
    p.add_argument("--markdown", action="store_true")
    args = p.parse_args(argv)
    docs = [json.loads(r.read_text()) for r in args.results]
    for doc in docs:
        print(markdown(doc) if args.markdown else render_summary(doc))
    if args.plot:
        print(f"wrote {plot(docs, args.plot)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
