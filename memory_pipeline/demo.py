"""The README's first command: ingest the sample, consolidate it, show what consolidation did."""

from __future__ import annotations

import json
import sys
from importlib import resources
from pathlib import Path

from memory_pipeline.service import MemoryService
from memory_pipeline.store import stats as stats_sql


def sample_path() -> Path:
    return Path(str(resources.files("memory_pipeline") / "data" / "sample.jsonl"))


def run_demo(path: Path | None = None, *, as_json: bool = False, out=sys.stdout, progress: bool = False) -> dict:
    """`progress`: a bar on stderr while ingesting (the CLI asks for one on a terminal)."""
    path = path or sample_path()
    with MemoryService() as svc:
        ingest = _ingest(svc, path, progress)
        run = svc.consolidate(all_users=True)
        report = {"ingest": ingest, "consolidation": {"run_id": run["run_id"], "status": run["status"],
                                                      "checks": run.get("checks")},
                  "users": {}, "stats": svc.stats()}
        for u in stats_sql.user_ids(svc.conn):
            report["users"][u] = stats_sql.user_overview(svc.conn, u)
        svc.conn.rollback()
    if as_json:
        out.write(json.dumps(report, default=str) + "\n")
    else:
        _render(report, out)
    return report


def _ingest(svc: MemoryService, path: Path, progress: bool) -> dict:
    if not progress:
        return svc.ingest_file(path).to_dict()
    from tqdm import tqdm

    with tqdm(unit="mem", desc="ingest", file=sys.stderr, leave=False) as bar:
        return svc.ingest_file(path, progress=bar.update).to_dict()


def _render(r: dict, out) -> None:
    i = r["ingest"]
    out.write(f"Ingested {i['records']} records: {i['inserted']} inserted, {i['deduplicated']} deduplicated, "
              f"{i['flagged']} flagged, {i['existing']} already present ({i['seconds']}s)\n")
    c = r["consolidation"]
    out.write(f"Consolidation run {c['run_id']}: {c['status']}; checks {c['checks']}\n")
    for user, u in r["users"].items():
        out.write(f"\n=== user {user} ===\n")
        out.write(f"tiers: {u['tiers']}\n")
        out.write(f"summaries ({len(u['summaries'])}):\n")
        for s in u["summaries"][:8]:
            src = s["sources"]
            shown = ", ".join(src[:6]) + (f", ... ({len(src)} in all)" if len(src) > 6 else "")
            out.write(f"  - [{s['method']}] {s['content'][:200]}\n      sources: {shown}\n")
        out.write(f"supersessions ({len(u['supersessions'])}):\n")
        for s in u["supersessions"][:8]:
            out.write(f"  - {s['newer'][:80]!r} supersedes {s['older'][:80]!r}\n      because {s['reason']}\n")
        out.write(f"profile: {u['profile']}\n")
    st = r["stats"]
    out.write(f"\nstore: {st['memories']} raw memories ({st['active_memories']} active), {st['summaries']} summaries, "
              f"{st['profiles']} profiles, edges {st['edges']}, compression {st['compression_ratio']}:1\n")
