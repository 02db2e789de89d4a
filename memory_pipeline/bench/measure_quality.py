"""Consolidation quality against the workload's ground truth.

Definitions (all over the quality workload's memories, mapped external id -> store id):
- duplicate pairs: two memories are predicted duplicates when they end up in one connected group of
  links (`duplicate_of`; for "save or flag" also the save path's FLAG match; after consolidation also
  every MERGE / REPLACE decision of deep consolidation and the sources of merge units; "same unit"
  also counts two memories summarized into one summary). Truth pairs: two memories of one paraphrase
  group. Precision and recall are over unordered pairs.
- supersession: an edge (newer, older) is correct when that pair is in the truth's adjacent-version
  pair set. Precision over edges; recall over the truth's older memories that are not duplicate rows
  (each needs at least one correct edge), and over all truth pairs (stricter).
- false merge of a look-alike distractor pair (both statements true): (a) the two share a duplicate
  root, (b) the two (their roots) were summarized into the same summary or merge unit.
- evidence recall@10: a question is a hit when a returned row's `source_ids` contain an answer memory
  (a summary is credited with all of its sources); the strict figure at 1,000 delivered characters
  counts only answer memories whose own text is delivered.
- by phrasing: the same figures on the spec worded in each other phrasing family, at OTHER_SHARE of
  its users and questions (ingested through remember_many into the emptied store and consolidated the
  same way); the top-level figures are the spec's own family. The other families are benchmark data
  in the repository (`benchmarks/families/`): without a checkout each says so in its entry.
"""

from __future__ import annotations

import sys
import traceback
from collections import Counter, defaultdict
from dataclasses import replace
from itertools import combinations

from memory_pipeline.bench import loading
from memory_pipeline.bench.loading import workload_end
from memory_pipeline.bench.measure_consolidation import consolidate_loop
from memory_pipeline.bench.workload import GroundTruth, WorkloadSpec, generate, questions_for_eval
from memory_pipeline.bench.workload.vocab import FAMILIES, FamilyUnavailable, family


def _ratio(a: int, b: int) -> float | None:
    return round(a / b, 4) if b else None


def _components(links) -> dict[int, int]:
    parent: dict[int, int] = {}

    def find(x: int) -> int:
        parent.setdefault(x, x)
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for a, b in links:
        parent[find(a)] = find(b)
    return {x: find(x) for x in parent}


def _pairs(links) -> set[frozenset]:
    groups = defaultdict(list)
    for x, r in _components(links).items():
        groups[r].append(x)
    return {frozenset(p) for g in groups.values() for p in combinations(g, 2)}


def _pr(pred: set, truth: set) -> dict:
    hit = len(pred & truth)
    return {
        "precision": _ratio(hit, len(pred)),
        "recall": _ratio(hit, len(truth)),
        "predicted_pairs": len(pred),
        "truth_pairs": len(truth),
        "correct": hit,
    }


def _snapshot(conn) -> dict:
    rows = conn.execute(
        "SELECT id, user_id, external_id, duplicate_of, summarized_into FROM memories"
    ).fetchall()
    flags = conn.execute(
        "SELECT memory_ids[1], target_id::bigint FROM actions WHERE action = 'FLAG'"
    ).fetchall()
    return {
        "id": {(u, e): i for i, u, e, _, _ in rows},
        "dup": {i: d for i, _, _, d, _ in rows if d},
        "summ": {i: s for i, _, _, _, s in rows if s},
        "flags": flags,
    }


STRICT_CHARS = 1000


def _evidence(svc, questions, ids: dict, mode: str) -> tuple[float, Counter, Counter, int, float]:
    """(hit rate at 10 rows, hits by kind, questions by kind, empty results, strict hit rate at
    STRICT_CHARS delivered characters: an answer memory's own text, or an identical duplicate's, delivered)."""
    hits, kinds, total, empty, strict = 0, Counter(), Counter(), 0, 0
    for q in questions:
        want = {ids[(q.user_id, e)] for e in q.answer_ext_ids if (q.user_id, e) in ids}
        rows = svc.recall(q.user_id, q.text, mode=mode, limit=10, as_of=q.as_of, track=False)
        empty += not rows
        hit = any(want & set(r["source_ids"]) for r in rows)
        hits += hit
        kinds[q.kind] += hit
        total[q.kind] += 1
        budgeted = svc.recall(q.user_id, q.text, mode=mode, max_chars=STRICT_CHARS, as_of=q.as_of, track=False)
        strict += any(want & set(r["delivered_ids"]) or (r["kind"] == "memory" and r["delivered_ids"]
                                                         and want & set(r["source_ids"])) for r in budgeted)
    n = max(1, len(questions))
    return hits / n, kinds, total, empty, strict / n


def _root(dup: dict, x: int) -> int:
    seen = 0
    while x in dup and seen < 100:
        x, seen = dup[x], seen + 1
    return x


def evaluate(bench, spec: WorkloadSpec, truth: GroundTruth, questions: int | None = None) -> dict:
    svc = bench.service
    conn = svc.conn
    before = _snapshot(conn)
    ids = before["id"]

    def sid(u_e: str) -> int | None:  # external ids carry their user id as prefix: "<user>-<n>"
        return ids.get((u_e.rsplit("-", 1)[0], u_e))

    truth_dup = {
        frozenset(p)
        for g in truth.paraphrase_groups
        for p in combinations([sid(e) for e in g], 2)
        if None not in p
    }
    dedup = {
        "save": _pr(_pairs(before["dup"].items()), truth_dup),
        "save_or_flag": _pr(_pairs([*before["dup"].items(), *before["flags"]]), truth_dup),
    }
    questions = questions_for_eval(truth, limit=questions or bench.plan.questions, seed=0)
    raw = _evidence(svc, questions, ids, "deep")
    svc.conn.execute("VACUUM ANALYZE memories")
    users = sorted({u for u, _ in ids})
    now = workload_end(spec)
    consolidation = _consolidate(bench, spec, users, now, len(ids))
    after = _snapshot(svc.conn)
    dedup.update(_dedup_after(svc.conn, after, truth_dup))
    cons = _evidence(svc, questions, ids, "standard")
    return {
        "workload": {
            "memories": len(ids),
            "users": len(users),
            "paraphrase_groups": len(truth.paraphrase_groups),
            "supersession_pairs": len(truth.supersessions),
            "distractor_pairs": len(truth.distractor_pairs),
            "questions": len(questions),
            "now": now.isoformat(),
        },
        "consolidation": consolidation,
        "compression": _compression(svc),
        "evidence_recall_at_10": _evidence_figures(raw, cons),
        "dedup": dedup,
        "supersession": _supersession(svc.conn, truth, sid, after["dup"]),
        "false_merges": _false_merges(
            truth, sid, before, after, dict(svc.conn.execute("SELECT id, method FROM summaries").fetchall())
        ),
        "definitions": __doc__.split("Definitions", 1)[1].strip(),
    }


def _consolidate(bench, spec: WorkloadSpec, users: list[str], now, n_memories: int) -> dict:
    """Consolidate with the engine --engine names; its model use is recorded per phrasing family."""

    engine = bench.make_engine()
    spent = engine.usage()
    seconds, counts, failed = consolidate_loop(bench.service.conn, users, now=now, run_id="bench-quality",
                                               engine=engine)
    key = "quality" if spec.phrasing == "conversational" else f"quality:{spec.phrasing}"
    llm = bench.record_usage(key, engine, spent, n_memories)
    return {"engine": engine.name, **({"llm": llm} if llm else {}), "seconds": round(seconds, 2), "failed": failed,
            "counts": {k: v for k, v in sorted(counts.items()) if not k.startswith("tier_")}}


def _dedup_after(conn, after: dict, truth_dup: set) -> dict:
    """Duplicate pairs after consolidation: as decided, and (looser) as ending up in one unit."""
    merges = [tuple(r[0]) for r in conn.execute("SELECT source_ids FROM summaries WHERE method = 'merge'")]
    merge_links = [(a, b) for src in merges for a, b in zip(src, src[1:], strict=False)]
    # MERGE / REPLACE decisions count even where no merge unit was written (sources already summarized)
    decided = conn.execute(
        "SELECT memory_ids[1], memory_ids[2] FROM actions WHERE action IN ('MERGE', 'REPLACE')"
        " AND cardinality(memory_ids) = 2 AND NOT dry_run"
    ).fetchall()
    out = {"consolidated": _pr(_pairs([*after["dup"].items(), *merge_links, *decided]), truth_dup)}
    # looser: paraphrases that ended up in one unit at all (a summary stands for both)
    units = _pairs([*after["dup"].items(), *merge_links, *decided, *after["summ"].items()])
    out["same_unit"] = _pr({p for p in units if all(isinstance(x, int) for x in p)}, truth_dup)
    return out


def _compression(svc) -> dict:
    st = svc.stats()
    chars = svc.conn.execute(
        "SELECT coalesce(sum(source_chars), 0), coalesce(sum(length(content)), 0), count(*) FROM summaries"
    ).fetchone()
    return {
        "units_ratio": st["compression_ratio"],
        "summaries": st["summaries"],
        "summary_source_chars": chars[0],
        "summary_chars": chars[1],
        "chars_ratio": _ratio(chars[0], chars[1]),
        "tiers": st["tiers"],
        "target": ">= 8 (units)",
    }


def _evidence_figures(raw: tuple, cons: tuple) -> dict:
    """Evidence recall before (raw store, deep) and after consolidation (standard), overall and by kind.
    The non-strict figure credits a summary with every source id it stands for; the strict one only
    with the answer turns its delivered text carries."""
    (raw_hit, raw_k, n_k, raw_empty, raw_strict), (cons_hit, cons_k, _, cons_empty, cons_strict) = raw, cons
    return {
        "raw_deep": round(raw_hit, 4),
        "consolidated_standard": round(cons_hit, 4),
        f"strict_at_{STRICT_CHARS}_chars": {"raw_deep": round(raw_strict, 4),
                                            "consolidated_standard": round(cons_strict, 4)},
        "raw_empty_results": raw_empty,
        "consolidated_empty_results": cons_empty,
        "by_kind": {
            k: {"n": n_k[k], "raw": _ratio(raw_k[k], n_k[k]), "consolidated": _ratio(cons_k[k], n_k[k])}
            for k in sorted(n_k)
        },
        "target": "consolidated >= raw",
    }


def _supersession(conn, truth: GroundTruth, sid, dup: dict) -> dict:
    pairs = {(sid(n), sid(o)) for n, o, _ in truth.supersessions if sid(n) and sid(o)}
    edges = [
        (int(a), int(b))
        for a, b in conn.execute("SELECT source_id, target_id FROM edges WHERE edge_type = 'supersedes'")
    ]
    correct = [e for e in edges if e in pairs]
    olders = {o for _, o in pairs if o is not None and o not in dup}
    covered = {o for _, o in correct} & olders
    # same slot but not adjacent (A -> C over B): wrong by the definition, shown apart
    chain = _components(pairs)
    skips = sum(1 for a, b in edges if (a, b) not in pairs and a in chain and chain.get(a) == chain.get(b))
    return {
        "edges": len(edges),
        "correct": len(correct),
        "precision": _ratio(len(correct), len(edges)),
        "recall_older_memories": _ratio(len(covered), len(olders)),
        "truth_older_memories": len(olders),
        "recall_pairs": _ratio(len(set(correct)), len(pairs)),
        "truth_pairs": len(pairs),
        "wrong_but_same_chain": skips,
    }


def _false_merges(truth: GroundTruth, sid, before: dict, after: dict, method: dict) -> dict:
    n = len(truth.distractor_pairs)
    kinds: dict[str, Counter] = defaultdict(Counter)
    save_dup = dup = same_summary = 0
    by_method: Counter = Counter()
    for a, b, kind in truth.distractor_pairs:
        ia, ib = sid(a), sid(b)
        if ia is None or ib is None:
            continue
        s = _root(before["dup"], ia) == _root(before["dup"], ib)
        d = _root(after["dup"], ia) == _root(after["dup"], ib)
        ra, rb = _root(after["dup"], ia), _root(after["dup"], ib)
        same = after["summ"].get(ra) is not None and after["summ"].get(ra) == after["summ"].get(rb)
        save_dup, dup, same_summary = save_dup + s, dup + d, same_summary + same
        if same:
            by_method[method.get(after["summ"][ra], "?")] += 1
        kinds[kind].update({"pairs": 1, "duplicate": int(d), "same_summary": int(same)})
    return {
        "pairs": n,
        "duplicate_at_save": save_dup,
        "duplicate_after": dup,
        "same_summary": same_summary,
        "same_summary_by_method": dict(by_method),
        "duplicate_rate": _ratio(dup, n),
        "same_summary_rate": _ratio(same_summary, n),
        "by_kind": {k: dict(v) for k, v in sorted(kinds.items())},
        "target": "duplicate_after = 0",
    }


def measure(bench, spec: WorkloadSpec, truth: GroundTruth) -> dict:
    """The figures on the ingested workload (in the store now), then on the same spec worded in each
    other phrasing family, under "by_phrasing"; one family failing keeps the others' figures."""
    out = evaluate(bench, spec, truth)
    out["phrasing"] = spec.phrasing
    out["by_phrasing"] = {}
    for name in FAMILIES:
        if name == spec.phrasing:
            continue
        try:
            family(name)
        except FamilyUnavailable as e:  # an installed copy has no benchmarks folder: said, not a traceback
            out["by_phrasing"][name] = {"error": str(e)}
            continue
        try:
            out["by_phrasing"][name] = evaluate_phrasing(bench, spec, name)
        except Exception as e:
            traceback.print_exc(file=sys.stderr)
            out["by_phrasing"][name] = {"error": f"{type(e).__name__}: {e}"}
    return out


# The other families are measured on this share of the users and questions (lower it if they make
# --quick slow; at 1.0 the second family adds a few seconds there).
OTHER_SHARE = 1.0


def evaluate_phrasing(bench, spec: WorkloadSpec, phrasing: str) -> dict:
    """The spec worded in ``phrasing`` (OTHER_SHARE of its users): ingested into the emptied store,
    then evaluated like the first."""

    spec = replace(spec, phrasing=phrasing, n_users=max(1, round(spec.n_users * OTHER_SHARE)))
    wl = generate(spec)
    records = [m.to_json() for m in wl.iter_memories()]
    loading.reset_store(bench.service)
    bench.service.remember_many(records)
    out = evaluate(bench, spec, wl.truth, questions=max(1, round(bench.plan.questions * OTHER_SHARE)))
    del out["definitions"]  # the same as the first family's
    out["phrasing"] = phrasing
    return out
