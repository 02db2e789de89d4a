"""The README's first command: ingest the sample, consolidate it, show what consolidation did."""

from __future__ import annotations

import json
import sys
import tempfile
from datetime import UTC, datetime, timedelta
from importlib import resources
from pathlib import Path

from memory_pipeline.lib import layout
from memory_pipeline.service import MemoryService
from memory_pipeline.store import stats as stats_sql


def sample_path() -> Path:
    return Path(str(resources.files("memory_pipeline") / "data" / "sample.jsonl"))


GLOSSARY = (
    "How to read this: deduplicated = said again, linked to the first saying instead of stored twice;"
    " flagged = close to an earlier memory but differing in a detail (a number, a name, a negation), kept"
    " for consolidation to judge; supersedes = a newer statement replaced an older one, which stays as"
    " history; tiers hot / warm / cold / archived rank memories by recency, use and importance; a habit's"
    " \"N% successful\" is the share of its mentions with a recorded outcome that went well."
)


def run_demo(path: Path | None = None, *, as_json: bool = False, out=sys.stdout, progress: bool = False,
             now: datetime | None = None) -> dict:
    """`progress`: a bar on stderr while ingesting (the CLI asks for one on a terminal). The packaged
    sample's dates are shifted to end `now` (default: the current time), so tiers look as in a live
    store; a file of the caller's keeps its own dates."""
    with tempfile.TemporaryDirectory(prefix="demo-") as tmp:
        if path is None:
            path = shift_dates(sample_path(), Path(tmp) / "sample.jsonl", now or datetime.now(UTC))
        report = _run(path, progress)
    if as_json:
        out.write(json.dumps(report, default=str) + "\n")
    else:
        _render(report, out)
    return report


def shift_dates(src: Path, dst: Path, now: datetime) -> Path:
    """`src` with each user's created_at moved by whole days, so that user's latest record falls on
    `now`'s date (whole days keep the times of day; each user's history keeps its own gaps)."""
    rows = [json.loads(line) for line in src.read_text().splitlines() if line.strip()]
    latest: dict[str, datetime] = {}
    for r in rows:
        if r.get("created_at"):
            t = datetime.fromisoformat(r["created_at"])
            latest[r["user_id"]] = max(latest.get(r["user_id"], t), t)
    for r in rows:
        if r.get("created_at"):
            offset = timedelta(days=(now.date() - latest[r["user_id"]].date()).days)
            r["created_at"] = (datetime.fromisoformat(r["created_at"]) + offset).isoformat()
    dst.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return dst


def _run(path: Path, progress: bool) -> dict:
    with MemoryService() as svc:
        ingest = _ingest(svc, path, progress)
        run = svc.consolidate(all_users=True, trigger="demo")
        report = {"ingest": ingest, "consolidation": {"run_id": run["run_id"], "status": run["status"],
                                                      "checks": run.get("checks")},
                  "users": {}, "stats": svc.stats()}
        for u in stats_sql.user_ids(svc.conn):
            report["users"][u] = stats_sql.user_overview(svc.conn, u)
        svc.conn.rollback()
    return report


def _ingest(svc: MemoryService, path: Path, progress: bool) -> dict:
    if not progress:
        return svc.ingest_file(path).to_dict()
    # tqdm: ~25 ms to import (perf_counter); only a progress bar on a terminal needs it
    from tqdm import tqdm

    with tqdm(unit="mem", desc="ingest", file=sys.stderr, leave=False) as bar:
        return svc.ingest_file(path, progress=bar.update).to_dict()


def _render(r: dict, out) -> None:
    w = layout.width()
    lines = _head(r, w)
    for user, u in r["users"].items():
        lines += ["", f"=== user {user} ===", *_user(u, w)]
    st = r["stats"]
    lines += ["", *layout.wrap(
        f"store: {st['memories']} raw memories ({st['active_memories']} active), {st['summaries']} summaries,"
        f" {st['profiles']} profiles, edges {_pairs(st['edges'])}, compression {st['compression_ratio']}:1", "  ",
        "", w)]
    lines += ["", "Try next:", *_next_commands(r)]
    out.write("\n".join(lines) + "\n")


def _head(r: dict, w: int) -> list[str]:
    i, c = r["ingest"], r["consolidation"]
    checks = c["checks"] or {}
    failed = [k for k, ok in checks.items() if not ok]
    return [
        *layout.wrap(f"Ingested {i['records']} records: {i['inserted']} inserted, {i['deduplicated']} deduplicated,"
                     f" {i['flagged']} flagged, {i['existing']} already present ({i['seconds']} s)", "  ", "", w),
        *layout.wrap(f"Consolidation run {c['run_id']}: {c['status']}; checks {len(checks) - len(failed)} of"
                     f" {len(checks)} passed" + (f" (failed: {', '.join(failed)})" if failed else ""), "  ", "", w),
        "", *layout.wrap(GLOSSARY, "  ", "", w),
    ]


def _user(u: dict, w: int) -> list[str]:
    lines = [f"  tiers: {_pairs(u['tiers'], order=TIERS)}", f"  summaries ({len(u['summaries'])}):"]
    lines += layout.listing(u["summaries"], lambda s: [
        "    - " + layout.clip(f"[{s['method']}] {s['content']}", w - 6),
        "        " + layout.clip(f"id {s['id']}; {len(s['sources'])} sources: {', '.join(s['sources'])}", w - 8)],
        indent="    ")
    lines.append(f"  supersessions ({len(u['supersessions'])}):")
    lines += layout.listing(u["supersessions"], lambda s: [
        "    - " + layout.clip(s["newer"], w - 6), "        " + layout.clip(f"supersedes: {s['older']}", w - 8),
        "        " + layout.clip(f"because {s['reason']}", w - 8)], indent="    ")
    lines.append("  profile:")
    for para in (u["profile"] or "(none yet)").splitlines():
        lines += layout.wrap(para, "      ", "    ", w) if para.strip() else []
    return lines


TIERS = ("hot", "warm", "cold", "archived")


def _pairs(d: dict, order: tuple[str, ...] = ()) -> str:
    keys = [k for k in order if k in d] + [k for k in d if k not in order]
    return ", ".join(f"{k} {d[k]}" for k in keys) or "none"


def _next_commands(r: dict) -> list[str]:
    user = next(iter(r["users"]), "USER")
    # every read names its user (another user's id reads as not found): the summary's owner goes with it
    owner, summaries = next(((u, d["summaries"]) for u, d in r["users"].items() if d["summaries"]), (user, []))
    target = f"{summaries[0]['id'] if summaries else owner} --user {owner}"
    return [f"  memory-pipeline recall --user {user} \"what do I usually do on weekends?\"",
            f"      search {user}'s memories, summaries and profile",
            f"  memory-pipeline explain {target}",
            "      why it exists: its sources, the actions that made it, the run",
            "  memory-pipeline dev",
            "      the Dagster UI: runs, assets and checks (Ctrl-C stops it)"]
