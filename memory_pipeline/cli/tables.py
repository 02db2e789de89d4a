"""Text for people: the consolidation summary table, recall rows, and lists that say what they leave out."""

from __future__ import annotations

from collections import Counter

from memory_pipeline.lib.layout import wrap


def _assets(res: dict) -> list[dict]:
    runs = res.get("runs") or [res]
    return [a for r in runs for a in (r.get("assets") or {}).values()]


def consolidation(res: dict, seconds: float) -> str:
    """The run in a few lines: users, actions by type, edges, compression, tiers, checks, time."""
    assets = _assets(res)
    actions: Counter = Counter()
    for a in assets:
        actions.update(a.get("actions") or {})
    total = lambda key: sum(a.get(key) or 0 for a in assets)  # noqa: E731
    run_ids = res.get("run_id")
    run = ", ".join(run_ids) if isinstance(run_ids, list) else run_ids or "-"
    users = res.get("users")
    n_users = users if isinstance(users, int) else len(users or {})
    failed = res.get("failed_users") or {}
    first = next((a for a in assets if "mode" in a), {})
    mode = f"{first.get('mode', 'apply')}{', dry run: nothing written' if first.get('dry_run') else ''}"
    checks = res.get("checks") or {}
    bad = [k for k, ok in checks.items() if not ok]
    summ = next((a for a in assets if "compression_ratio" in a), {})
    rows = [
        ("run", f"{run} ({res.get('status')}; engine {res.get('engine') or first.get('engine') or '-'}, {mode})"),
        ("users", f"{n_users}" + (f", {len(failed)} failed: " + ", ".join(sorted(failed)) if failed else "")),
        ("actions", ", ".join(f"{k}\u00a0{v}" for k, v in actions.most_common()) or "none"),  # a pair never splits
        ("edges", f"{total('edges_new')} new"),
        ("summaries", f"{total('summaries_written')} written"),
        ("compression", f"{summ['compression_ratio']}:1" + (f" (text {summ['summary_char_ratio']}:1)"
                                                            if summ.get("summary_char_ratio") else "")
         if summ else "-"),
        ("tiers", ", ".join(f"{t} {total('tier_' + t)}" for t in ("hot", "warm", "cold", "archived"))
         if any(total("tier_" + t) for t in ("hot", "warm", "cold", "archived")) else "-"),
        ("checks", f"{len(checks) - len(bad)} of {len(checks)} passed"
         + (f" (failed: {', '.join(bad)})" if bad else "")),
        ("seconds", f"{seconds:.1f}"),
    ]
    label = max(len(k) for k, _ in rows)
    out = []
    for k, v in rows:
        out += wrap(v, " " * (label + 2), f"{k.ljust(label)}  ")
    return "\n".join(out)


def recall_rows(rows: list[dict]) -> str:
    """Each row: score, kind, tier and id on one line (the id is what `explain` takes), then the whole
    delivered text, wrapped and indented."""
    if not rows:
        return "(nothing)"
    out = []
    for r in rows:
        head = f"{r['score']:.3f}  {r['kind']}  {r['tier']}  id {r['id']}"
        if not r.get("current", True):
            head += f"  (superseded by {r.get('superseded_by')})"
        out.append(head)
        out += wrap(r.get("delivered") or r.get("content") or "", "    ")
    return "\n".join(out)
