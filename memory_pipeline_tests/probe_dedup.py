"""Scores the `dedup` pairs of the development probes (probes-dev/cases.json) through the Python API.

Each pair is its own user: `a` then `b` (five minutes apart) through `MemoryService.remember`, then one
consolidation of all users. A pair is *merged* when `b` (or `a`) ends up `duplicate_of` the other, on
save or by a REPLACE, or when consolidation MERGEs them into one unit. Paraphrases count as handled when
merged or flagged on save (the 0.85-0.95 band goes to deep consolidation). Development data: every
figure this prints is in-sample.

    python -m memory_pipeline_tests.probe_dedup      (in a scratch MEMORY_PIPELINE_HOME)
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from memory_pipeline.bench.calibration import data_dir

_T0 = datetime(2026, 1, 5, 10, 0, tzinfo=UTC)


def cases() -> list[dict]:
    path = data_dir() / "probes-dev" / "cases.json"
    return json.loads(path.read_text(encoding="utf-8"))["dedup"] if path.exists() else []


@dataclass
class PairOutcome:
    user: str
    must_not_merge: bool
    save_action: str
    similarity: float | None
    merged: bool
    reason: str


@dataclass
class Score:
    pairs: list[PairOutcome] = field(default_factory=list)

    @property
    def wrong_merges(self) -> list[PairOutcome]:
        return [p for p in self.pairs if p.must_not_merge and p.merged]

    @property
    def paraphrases_handled(self) -> float:
        para = [p for p in self.pairs if not p.must_not_merge]
        ok = [p for p in para if p.merged or p.save_action == "flagged"]
        return len(ok) / max(1, len(para))

    @property
    def paraphrases_merged(self) -> float:
        para = [p for p in self.pairs if not p.must_not_merge]
        return sum(p.merged for p in para) / max(1, len(para))


def _merged_by_summary(svc, ids: list[int]) -> bool:
    row = svc.conn.execute(
        "SELECT count(*) FROM summaries WHERE scope = 'merge' AND source_ids @> %s::bigint[]", (ids,)
    ).fetchone()
    svc.conn.rollback()
    return bool(row[0])


def score(svc, pairs: list[dict], *, consolidate: bool = True) -> Score:
    saved = []
    for c in pairs:
        ra = svc.remember(c["user"], c["a"], created_at=_T0.isoformat())
        rb = svc.remember(c["user"], c["b"], created_at=(_T0 + timedelta(minutes=5)).isoformat())
        saved.append((c, ra, rb))
    if consolidate:
        svc.consolidate(all_users=True)
    out = Score()
    for c, ra, rb in saved:
        rows = {r["id"]: r for r in svc.get_memories(c["user"], [ra.id, rb.id])}
        merged = rows[rb.id]["duplicate_of"] is not None or rows[ra.id]["duplicate_of"] is not None
        merged = merged or _merged_by_summary(svc, sorted([ra.id, rb.id]))
        out.pairs.append(PairOutcome(c["user"], c["must_not_merge"], rb.action, rb.similarity, merged, rb.reason))
    return out


def report(s: Score) -> str:
    lines = [f"{p.user} {'DETAIL' if p.must_not_merge else 'PARA  '} save={p.save_action:<12} "
             f"sim={p.similarity if p.similarity is None else round(p.similarity, 3)} merged={p.merged} "
             f"| {p.reason}" for p in s.pairs]
    lines.append(f"wrong merges of differing-detail pairs: {len(s.wrong_merges)} / "
                 f"{sum(p.must_not_merge for p in s.pairs)}")
    lines.append(f"paraphrases merged or flagged: {s.paraphrases_handled:.2f} "
                 f"(merged {s.paraphrases_merged:.2f}) [in-sample: development probes]")
    return "\n".join(lines)


def main() -> int:
    from memory_pipeline.service import MemoryService

    pairs = cases()
    if not pairs:
        print("probes-dev/cases.json not found", file=sys.stderr)
        return 2
    with MemoryService() as svc:
        svc.ensure_schema()
        print(report(score(svc, pairs)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
