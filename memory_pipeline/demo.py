"""The README's first command: ingest the sample, consolidate it, show what consolidation did."""

from __future__ import annotations

import json
import sys
from importlib import resources
from pathlib import Path

from memory_pipeline.service import MemoryService


def sample_path() -> Path:
    return Path(str(resources.files("memory_pipeline") / "data" / "sample.jsonl"))


def run_demo(path: Path | None = None, *, as_json: bool = False, out=sys.stdout) -> dict:
    path = path or sample_path()
    with MemoryService() as svc:
        ingest = svc.ingest_file(path).to_dict()
        run = svc.consolidate(all_users=True)
        report = {"ingest": ingest, "consolidation": {"run_id": run["run_id"], "status": run["status"],
                                                      "checks": run.get("checks")},
                  "users": {}, "stats": svc.stats()}
        conn = svc.conn
        users = [r[0] for r in conn.execute("SELECT DISTINCT user_id FROM memories ORDER BY 1")]
        for u in users:
            summaries = conn.execute(
                "SELECT s.id, s.content, s.scope || '/' || s.method,"
                " array_agg(coalesce(m.external_id, m.id::text) ORDER BY m.id)"
                " FROM summaries s JOIN memories m ON m.id = ANY(s.source_ids) WHERE s.user_id = %s"
                " GROUP BY s.id, s.content, s.scope, s.method ORDER BY s.scope, s.temporal_start", (u,)).fetchall()
            sups = conn.execute(
                "SELECT n.content, o.content, e.reason FROM edges e JOIN memories n ON n.id::text = e.source_id"
                " JOIN memories o ON o.id::text = e.target_id WHERE e.user_id = %s AND e.edge_type = 'supersedes'"
                " ORDER BY e.id", (u,)).fetchall()
            prof = conn.execute("SELECT content, version FROM profiles WHERE user_id = %s", (u,)).fetchone()
            tiers = dict(conn.execute("SELECT tier, count(*) FROM memories WHERE user_id = %s AND duplicate_of IS NULL"
                                      " GROUP BY tier", (u,)).fetchall())
            report["users"][u] = {
                "summaries": [{"id": i, "content": c, "method": m, "sources": list(src)} for i, c, m, src in summaries],
                "supersessions": [{"newer": n, "older": o, "reason": r} for n, o, r in sups],
                "profile": prof[0] if prof else None,
                "tiers": tiers,
            }
        conn.rollback()
    if as_json:
        out.write(json.dumps(report, default=str) + "\n")
    else:
        _render(report, out)
    return report


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
