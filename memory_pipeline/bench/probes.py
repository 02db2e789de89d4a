"""`bench --probes`: the development probe set (probes-dev) through the real product.

Every case is a user of its own, saved through `MemoryService.remember` with each memory's own
`created_at`, consolidated by `consolidate_user` (what the Dagster asset runs) with the local engine at
the day after the case's last memory (so tiers are those of a live store that just heard from the
user), and scored as the set's README says (`bench/probes_score.py` holds the rules):

- change: supersession (old value's memory superseded, its chain ending in the new value's; no noise
  superseded) and answer (`standard` recall of the question within ANSWER_CHARS gives the new value
  before any current row giving the old one; strict: and no current row gives the old one at all), per
  kind; `reason`'s answer (the local engine's) holds the new value and not the old one alone; the
  answer again LATER_DAYS after the last memory (consolidated again then: tiers have cooled); and the
  README's other way to pass, "the engine's stored current fact is the new one": the session block's
  profile states the new value and not the old one as current (lexical; with `--profile-judge` also
  read by the LLM judge), reported apart from the edges' figure;
- control: false supersession (any memory superseded / 30), and whether the answer holds every
  `must_stay_current` string (the day after, and LATER_DAYS after);
- temporal: the save path's resolved date for the expression (`memories.resolved_dates`), past and
  future apart;
- profile: the session block (`context`) judged by `probes_score.stated` (lexical), and with
  `--profile-judge` also by an LLM judge (`bench/profile_judge.py`), as the README asks;
- dedup: a then b three minutes apart; merged = b saved as a duplicate of a, or a MERGE / REPLACE of
  the two by consolidation; flagged = b flagged for deep consolidation on save.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from memory_pipeline.bench import llm_usage
from memory_pipeline.bench import probes_score as ps
from memory_pipeline.bench.calibration import data_dir
from memory_pipeline.bench.profile_judge import ProfileJudge, judged_outcome, judged_stored
from memory_pipeline.config import Settings
from memory_pipeline.consolidation.run import consolidate_user
from memory_pipeline.engines import get_engine
from memory_pipeline.errors import ValidationError
from memory_pipeline.store.memories import actions_on, count_rows

CATEGORIES = ("change", "control", "temporal", "profile", "dedup")
ANSWER_CHARS = 1000  # what an agent reads for one question: the top rows up to 1,000 characters
LATER_DAYS = 90  # the question asked again after a quiet spell: tiers cool, consolidation re-run then
RUN_ID = "bench-probes"


def probes_path() -> Path:
    return data_dir() / "probes-dev" / "cases.json"


def parse_categories(only: str | Sequence[str] | None) -> tuple[str, ...]:
    if not only:
        return CATEGORIES
    names = [n.strip() for n in (only.split(",") if isinstance(only, str) else only) if n.strip()]
    bad = [n for n in names if n not in CATEGORIES]
    if bad or not names:
        raise ValidationError(f"unknown probe categories {', '.join(bad) or '(none)'};"
                              f" choose from {', '.join(CATEGORIES)}")
    return tuple(c for c in CATEGORIES if c in names)


def load_cases(path: Path | str | None = None) -> dict:
    p = Path(path) if path else probes_path()
    if not p.exists():
        raise ValidationError(f"probe cases not found: {p}")
    return json.loads(p.read_text())


def score_probes(service, cases: dict, categories: Sequence[str] = CATEGORIES, *, engine=None,
                 limit: int | None = None, prefix: str = "", echo: Callable[[str], None] | None = None,
                 judge: ProfileJudge | None = None) -> dict:
    """Load, consolidate and score the selected categories of `cases` (the parsed cases.json) in
    `service`'s store; `limit` cases per category; users are `prefix + case['user']` and must be new;
    `judge` also reads each profile block (an LLM judge, as the probe README scores profiles).
    Returns {"figures": {category: {...}}, "cases": {category: [per-case outcome]}, "seconds": ...}."""
    if engine is None:
        engine = get_engine(service.settings.with_overrides(engine="local"))
    t0 = time.perf_counter()
    run = _Runner(service, engine, prefix, judge)
    outcomes: dict[str, list[dict]] = {}
    for cat in parse_categories(categories):
        outcomes[cat] = [_SCORERS[cat](run, c) for c in cases.get(cat, [])[:limit]]
        if echo:
            echo(f"probes: {cat} done ({len(outcomes[cat])} cases, {time.perf_counter() - t0:.0f} s)")
    figures = {cat: _FIGURES[cat](got) for cat, got in outcomes.items()}
    return {"figures": figures, "cases": outcomes, "seconds": round(time.perf_counter() - t0, 1),
            "answer_chars": ANSWER_CHARS, "engine": engine.name}


class _Runner:
    """Saves, consolidates and reads back one case's user."""

    def __init__(self, service, engine, prefix: str, judge: ProfileJudge | None = None):
        self.svc, self.engine, self.prefix, self.judge = service, engine, prefix, judge

    def load(self, case_user: str, memories: Sequence[dict]) -> tuple[str, list[int]]:
        user = self.prefix + case_user
        if count_rows(self.svc.conn, user):
            self.svc.conn.rollback()
            raise ValidationError(f"user {user} already has memories; probes need new users (use a prefix)")
        self.svc.conn.rollback()
        ids = [self.svc.remember(user, m["content"], created_at=m["created_at"]).id for m in memories]
        return user, ids

    def consolidate(self, user: str, memories: Sequence[dict], days: int = 1) -> None:
        last = max(datetime.fromisoformat(m["created_at"].replace("Z", "+00:00")) for m in memories)
        consolidate_user(self.svc.conn, user, engine=self.engine, run_id=RUN_ID, now=last + timedelta(days=days),
                         embed=self.svc.embedder.encode)

    def rows(self, user: str, ids: Sequence[int]) -> dict[int, dict]:
        got = {int(r["id"]): r for r in self.svc.get_memories(user, list(ids))}
        self.svc.conn.rollback()
        return got

    def answer(self, user: str, question: str) -> list[dict]:
        return self.svc.recall(user, question, mode="standard", max_chars=ANSWER_CHARS, track=False)

    def merged(self, user: str, a: int, b: int) -> bool:
        """Consolidation merged or replaced the two (its audit log says so)."""

        got = actions_on(self.svc.conn, user, ("MERGE", "REPLACE"))
        self.svc.conn.rollback()
        return any({a, b} <= set(ids) for _, ids in got)


def _change(run: _Runner, case: dict) -> dict:
    user, ids = run.load(case["user"], case["memories"])
    run.consolidate(user, case["memories"])
    rows = run.rows(user, ids)
    contents = {i: r["content"] for i, r in rows.items()}
    successor = {i: r["superseded_by"] and int(r["superseded_by"]) for i, r in rows.items()}
    sup = ps.supersession_outcome(contents, successor, case["old_value"], case["new_value"])
    block = run.svc.context(user)["block"]  # read-only: it counts no access
    # the README's noise rule holds for both ways to pass: no memory holding neither value is superseded
    quiet = sup["noise_superseded"] == 0
    stored = {"stored_current": quiet and ps.stored_current_outcome(block, case["new_value"], case["old_value"])}
    if run.judge is not None:
        judged = judged_stored(run.judge, case["user"], f"### Profile\n\n{ps.profile_section(block)}",
                               case["question"], case["new_value"], case["old_value"])
        if "judged_stored_current" in judged:
            judged["judged_stored_current"] &= quiet
        stored |= judged
    ans = ps.answer_outcome(run.answer(user, case["question"]), case["new_value"], case["old_value"])
    run.consolidate(user, case["memories"], days=LATER_DAYS)
    later = ps.answer_outcome(run.answer(user, case["question"]), case["new_value"], case["old_value"])
    # last: `reason` counts an access to what it recalls, which would keep rows warm for the later answer
    answer = run.svc.reason(user, case["question"])["answer"]
    reasoned = ps.reasoned_outcome(answer, case["new_value"], case["old_value"])
    return {"user": case["user"], "kind": case["kind"], "supersession": sup["passed"], "answer": ans["passed"],
            "answer_strict": ans["strict"], "reason": reasoned, "answer_later": later["passed"],
            "noise_superseded": sup["noise_superseded"], **stored}


def _control(run: _Runner, case: dict) -> dict:
    user, ids = run.load(case["user"], case["memories"])
    run.consolidate(user, case["memories"])
    superseded = sum(r["superseded_by"] is not None for r in run.rows(user, ids).values())
    answered = ps.contains_all(run.answer(user, case["question"]), case["must_stay_current"])
    run.consolidate(user, case["memories"], days=LATER_DAYS)
    later = ps.contains_all(run.answer(user, case["question"]), case["must_stay_current"])
    return {"user": case["user"], "superseded": superseded, "failed": superseded > 0, "answer_has_all": answered,
            "answer_has_all_later": later}


def _temporal(run: _Runner, case: dict) -> dict:
    user, ids = run.load(case["user"], [case["memory"]])
    resolved = run.rows(user, ids)[ids[0]]["resolved_dates"] or []
    got = ps.temporal_outcome(resolved, case["expression"], case["gold"])
    direction = "future" if int(case["user"].rsplit("-", 1)[1]) % 2 else "past"  # the README: they alternate
    return {"user": case["user"], "direction": direction, "gold": case["gold"], **got}


def _profile(run: _Runner, case: dict) -> dict:
    user, ids = run.load(case["user"], case["memories"])
    run.consolidate(user, case["memories"])
    block = run.svc.context(user)["block"]
    got = {"user": case["user"], **ps.profile_outcome(block, case["current"], case["stale"])}
    if run.judge is not None:
        got |= judged_outcome(run.judge, case["user"], block, case["current"], case["stale"])
    labels = ps.profile_labels().get(case["user"])
    if labels is not None:  # a probe set of other authors has no labels of ours
        at = {mid: k for k, mid in enumerate(ids)}  # ids follow the memories' time order
        rows = run.rows(user, ids)
        edges = {(at[int(r["superseded_by"])], at[mid]) for mid, r in rows.items()
                 if r["superseded_by"] and int(r["superseded_by"]) in at}
        got |= ps.edges_outcome(edges, labels)
    return got


_DEDUP_AT = datetime(2026, 1, 15, 10, 0, tzinfo=UTC)


def _dedup(run: _Runner, case: dict) -> dict:
    mems = [{"content": case["a"], "created_at": _DEDUP_AT.isoformat()},
            {"content": case["b"], "created_at": (_DEDUP_AT + timedelta(minutes=3)).isoformat()}]
    user, ids = run.load(case["user"], mems)
    saved = run.rows(user, ids)
    flagged = bool(saved[ids[1]]["flagged"])
    run.consolidate(user, mems)
    after = run.rows(user, ids)
    a, b = ids
    merged = (after[b]["duplicate_of"] == a or after[a]["duplicate_of"] == b or run.merged(user, a, b))
    return {"user": case["user"], "must_not_merge": case["must_not_merge"],
            **ps.dedup_outcome(merged, flagged, case["must_not_merge"])}


_SCORERS = {"change": _change, "control": _control, "temporal": _temporal, "profile": _profile, "dedup": _dedup}


def _change_figures(got: list[dict]) -> dict:
    kinds = sorted({g["kind"] for g in got})
    return {"cases": len(got), "answer_new_first": ps.rate([g["answer"] for g in got]),
            "answer_no_old_as_current": ps.rate([g["answer_strict"] for g in got]),
            f"answer_new_first_{LATER_DAYS}d_later": ps.rate([g["answer_later"] for g in got]),
            "reason_gives_new": ps.rate([g["reason"] for g in got]),
            "old_superseded_by_new": ps.rate([g["supersession"] for g in got]),
            # the README's other way to pass: "or the engine's stored current fact is the new one" (the
            # profile the session block states); reported apart, the edges' figure above stays the headline
            "superseded_or_stored_current": ps.rate([g["supersession"] or g["stored_current"] for g in got]),
            **({"superseded_or_stored_current (LLM judge)": ps.rate(
                [g["supersession"] or g["judged_stored_current"] for g in got if "judged_stored_current" in g]),
                "stored current judged cases": f"{sum('judged_stored_current' in g for g in got)} of {len(got)}"}
               if any("judged_stored_current" in g or "judge_error" in g for g in got) else {}),
            **{f"{k}: answer / superseded": f"{ps.rate([g['answer'] for g in got if g['kind'] == k])} / "
                                             f"{ps.rate([g['supersession'] for g in got if g['kind'] == k])}"
               for k in kinds}}


def _control_figures(got: list[dict]) -> dict:
    return {"cases": len(got), "false_supersession_rate": ps.rate([g["failed"] for g in got]),
            "answer_has_all": ps.rate([g["answer_has_all"] for g in got]),
            f"answer_has_all_{LATER_DAYS}d_later": ps.rate([g["answer_has_all_later"] for g in got])}


def _temporal_figures(got: list[dict]) -> dict:
    return {"cases": len(got), **{f"{d}_exact": ps.rate([g["passed"] for g in got if g["direction"] == d])
                                  for d in ("past", "future")}}


def _profile_figures(got: list[dict]) -> dict:
    cur, stale = sum(g["current"] for g in got), sum(g["stale"] for g in got)
    out = {"cases": len(got), "current_recall": round(sum(g["current_stated"] for g in got) / cur, 3) if cur else None,
           "stale_leakage": round(sum(g["stale_leaked"] for g in got) / stale, 3) if stale else None,
           "cases_passed": sum(g["passed"] for g in got)}
    judged = [g for g in got if "judged_current_stated" in g]
    if any("judged_current_stated" in g or "judge_error" in g for g in got):
        cur_j, stale_j = sum(g["current"] for g in judged), sum(g["stale"] for g in judged)
        out["current_recall (LLM judge)"] = (round(sum(g["judged_current_stated"] for g in judged) / cur_j, 3)
                                             if cur_j else None)
        out["stale_leakage (LLM judge)"] = (round(sum(g["judged_stale_leaked"] for g in judged) / stale_j, 3)
                                            if stale_j else None)
        out["judged cases"] = f"{len(judged)} of {len(got)}"  # a case whose call failed is not guessed
    labelled = [g for g in got if "edges" in g]
    if labelled:  # in-sample: the judge trains on these labels
        keys = ("edges", "edges_right", "edges_two_ways", "edges_wrong", "labelled")
        n = {k: sum(g[k] for g in labelled) for k in keys}
        out["supersessions: written / right / read two ways / wrong"] = (
            f"{n['edges']} / {n['edges_right']} / {n['edges_two_ways']} / {n['edges_wrong']}")
        out["supersessions: labelled replacements found"] = f"{n['edges_right']} of {n['labelled']}"
    return out


def _dedup_figures(got: list[dict]) -> dict:
    bad = [g["merged"] for g in got if g["must_not_merge"]]
    para = [g["passed"] for g in got if not g["must_not_merge"]]
    return {"cases": len(got), "wrong_merges": f"{sum(bad)} of {len(bad)}",
            "wrong_merge_rate": ps.rate(bad), "paraphrases_merged_or_flagged": ps.rate(para),
            "paraphrases_merged": ps.rate([g["merged"] for g in got if not g["must_not_merge"]])}


_FIGURES = {"change": _change_figures, "control": _control_figures, "temporal": _temporal_figures,
            "profile": _profile_figures, "dedup": _dedup_figures}


def measure(bench) -> dict[str, Any]:
    """The `probes` measure of `bench --probes` (categories: `bench.probe_categories`)."""
    path = bench.probes_path or probes_path()
    if not Path(path).exists():
        return {"probes": {"skipped": f"{path} not found"}}
    cases = load_cases(path)
    engine = bench.make_engine()
    spent = engine.usage()
    judge = ProfileJudge(Settings.from_env().llm) if bench.profile_judge else None
    got = score_probes(bench.service, cases, bench.probe_categories,
                       engine=engine, limit=bench.plan.probe_cases, echo=bench.echo, judge=judge)
    if judge is not None:
        got["profile_judge"] = {"model": judge.model, **asdict(judge.client.usage())}
    # a model's use over every case (one engine: one run's budget), as `bench --engine llm` reports it
    used = bench.record_usage("probes", engine, spent, bench.service.stats()["memories"])
    if used:
        got["llm"] = {**used, "tasks": llm_usage.tasks(used)}
        bench.echo(llm_usage.render(used))
    return {"probes": {"data": f"{Path(path).parent.name}/{Path(path).name}", **got}}
