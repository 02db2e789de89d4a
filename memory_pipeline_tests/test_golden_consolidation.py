"""Consolidation behaves as it did when the golden file was written: the same actions, rows, links,
summaries' source sets, edges, profiles and tiers, through a real Dagster materialization.

Inputs: a small benchmark workload (three users, committed in `data/golden_workload.jsonl` so a change
to the generator does not move it) and the first sessions of one LoCoMo development conversation (read
from the shared data; its texts are not copied here: its profile and session block are compared by
hash). Each is consolidated twice: once, then after a last batch of memories (an incremental run),
with a dry run of that second batch first. Ids, run ids and clocks are normalised: a memory is named by
its external id, a summary by its scope and source set, other derived ids by their kind.

The data are dated in 2023 and 2025, so by any clock after mid-2026 every row's recency is below
1e-4 and the tiers do not depend on the day the test runs.

To rewrite the golden file after an intended change of behaviour, delete it and run the test once.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parent / "data"
GOLDEN = DATA / "golden_consolidation.json"
LOCOMO_USER = "locomo-golden"
LOCOMO_SESSIONS = 4  # the first three at once, the fourth as the incremental batch


def _inputs() -> tuple[list[dict], list[dict]]:
    """(first batch, second batch) of records."""
    from memory_pipeline.bench.real import locomo_path, turns

    rows = [json.loads(line) for line in (DATA / "golden_workload.jsonl").read_text().splitlines()]
    first = [r for r in rows if not r["external_id"].endswith(("40", "41", "42", "43", "44"))]
    second = [r for r in rows if r not in first]
    path = locomo_path()
    if not path.exists():
        pytest.skip(f"{path} not found")
    conv = json.loads(path.read_text())[0]
    recs = [{**r, "user_id": LOCOMO_USER} for r in turns(conv)
            if int(r["conversation_id"].split("_")[1]) <= LOCOMO_SESSIONS]
    last = f"session_{LOCOMO_SESSIONS}"
    return first + [r for r in recs if r["conversation_id"] != last], second + [
        r for r in recs if r["conversation_id"] == last]


def _digest(text: str | None) -> str | None:
    return None if text is None else hashlib.sha256(text.encode()).hexdigest()[:16]


def _observe(conn) -> dict:
    """Every table consolidation writes, normalised (see the module's docstring)."""
    ext = {i: f"{u}/{e}" for i, u, e in conn.execute("SELECT id, user_id, external_id FROM memories")}
    summaries = {sid: (scope, sorted(ext[int(i)] for i in src)) for sid, scope, src in conn.execute(
        "SELECT id, scope, source_ids FROM summaries")}

    def name(x) -> str | None:
        if x is None:
            return None
        x = str(x)
        if x.isdigit():
            return ext.get(int(x), "memory?")
        if x in summaries:
            return f"summary:{summaries[x][0]}:{','.join(summaries[x][1])}"
        return x.split("_")[0]  # cluster, profile, suggestion or a summary deleted since: its kind

    def text(user: str, t: str | None) -> str | None:  # LoCoMo's words stay in the shared data
        return _digest(t) if user == LOCOMO_USER else t

    out: dict = {}
    out["actions"] = [[u, a, sorted(name(m) for m in (mids or [])), name(t), dry]
                      for u, a, mids, t, dry in conn.execute(
        "SELECT user_id, action, memory_ids, target_id, dry_run FROM actions ORDER BY id")]
    out["memories"] = [[ext[i], tier, layer, name(sup), name(dup), name(into), flagged, cid is not None]
                       for i, tier, layer, sup, dup, into, flagged, cid in conn.execute(
        "SELECT id, tier, layer, superseded_by, duplicate_of, summarized_into, flagged, cluster_id FROM memories"
        " ORDER BY user_id, external_id")]
    out["summaries"] = sorted([u, scope, src, method, tier, text(u, content)]
                              for u, scope, src, method, tier, content in (
        (u, *summaries[sid], method, tier, content) for sid, u, method, tier, content in conn.execute(
            "SELECT id, user_id, method, tier, content FROM summaries")))
    out["edges"] = sorted([u, t, name(s), name(d), round(float(w), 4)] for u, t, s, d, w in conn.execute(
        "SELECT user_id, edge_type, source_id, target_id, weight FROM edges"))
    out["clusters"] = sorted([u, n] for u, n in conn.execute("SELECT user_id, size FROM clusters"))
    out["profiles"] = sorted([u, text(u, c), method] for u, c, method in conn.execute(
        "SELECT user_id, content, method FROM profiles"))
    out["session_context"] = sorted([u, _digest(b)]
                                    for u, b in conn.execute("SELECT user_id, block FROM session_context"))
    out["state"] = sorted([u, ext.get(hw, hw)] for u, hw in conn.execute(
        "SELECT user_id, last_memory_id FROM consolidation_state"))
    conn.rollback()
    return out


def _run(service, dry_run: bool = False) -> None:
    res = service.consolidate(all_users=True, dry_run=dry_run)
    assert res["status"] == "SUCCESS", res
    assert all(res["checks"].values()), res["checks"]


def test_consolidation_matches_the_golden_behaviour(service):
    first, second = _inputs()
    service.remember_many(first)
    _run(service)
    after_first = _observe(service.conn)
    service.remember_many(second)
    _run(service, dry_run=True)
    _run(service)
    got = {"first": after_first, "second": _observe(service.conn)}
    got = json.loads(json.dumps(got, default=str))  # tuples and the like as the file holds them
    if not GOLDEN.exists():
        GOLDEN.write_text(json.dumps(got, indent=0, sort_keys=True) + "\n")
        pytest.fail(f"{GOLDEN.name} written from this code: check it in, then run again")
    want = json.loads(GOLDEN.read_text())
    for stage in ("first", "second"):
        for table in want[stage]:
            assert got[stage][table] == want[stage][table], f"{stage} run: {table} differ"
