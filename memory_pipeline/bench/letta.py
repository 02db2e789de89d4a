"""Supersession on real user-model updates (letta user-model maintenance, development split).

Each case is one user: the prior user model's fields (employer, role, city, time zone) are stored as
plain third-person statements dated the model's `last_updated`, then every line of the later
conversation is saved as a memory (user and assistant turns alike, a minute apart), and the user is
consolidated by the local engine. Scored per field against the gold updated model:

- changed field: the prior statement is superseded, and the chain of successors ends in a memory that
  says the new value (where the conversation says it in those words; "Central time" for
  America/Chicago is only required to supersede);
- unchanged field: the prior statement is still current.
"""

from __future__ import annotations

import json
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from memory_pipeline.bench.calibration import data_dir
from memory_pipeline.bench.real import _consolidate
from memory_pipeline.store.memories import supersession_state

FIELDS = ("employer", "role", "city", "timezone")
# the stored prior model: one neutral statement per field (written once, never tuned against rules)
STATEMENTS = {
    "employer": "The user works at {}.",
    "role": "The user's role is {}.",
    "city": "The user lives in {}.",
    "timezone": "The user's time zone is {}.",
}


# Preferences (reported beside the four fields, not part of their target): one statement per list item
# and the note, so a removed item must be superseded and a kept one stay current. Their values are
# mostly lower-case words ("bullets", "python"), which the named-value detector does not see.
PREFERENCE_STATEMENTS = {
    "communication_style": "The user's preferred communication style: {}.",
    "tools": "The user uses {}.",
    "notes": "Note about the user: {}",
}


def _preferences(model: dict) -> dict[str, str]:
    prefs = model["current"].get("preferences") or {}
    out = {f"{k}:{v.lower()}": v for k in ("communication_style", "tools") for v in prefs.get(k) or []}
    if prefs.get("notes"):
        out[f"notes:{prefs['notes'].lower()}"] = prefs["notes"]
    return out


def letta_path() -> Path:
    return data_dir() / "letta-dev" / "user_model_maintenance-dev.jsonl"


def _fields(model: dict) -> dict[str, str]:
    cur = model["current"]
    loc = cur.get("location") or {}
    return {"employer": cur.get("employer") or "", "role": cur.get("role") or "",
            "city": ", ".join(x for x in (loc.get("city"), loc.get("country")) if x),
            "timezone": loc.get("timezone") or ""}


def parse_case(line: str) -> dict[str, Any]:
    d = json.loads(line)
    text = d["input"]
    prior = json.loads(text.split("Prior user_model.json:", 1)[1].split("Recent conversation excerpt:", 1)[0])
    conv = text.split("Recent conversation excerpt:", 1)[1].split("Required JSON keys:", 1)[0]
    turns = [t.strip() for t in conv.split("\n") if t.strip()]
    gold = json.loads(d["ground_truth"])
    return {"id": d["sample_id"], "prior": _fields(prior), "gold": _fields(gold),
            "prior_prefs": _preferences(prior), "gold_prefs": _preferences(gold),
            "turns": turns, "when": datetime.fromisoformat(prior["last_updated"]).replace(tzinfo=UTC)}


def measure(bench) -> dict[str, Any]:
    path = letta_path()
    if not path.exists():
        return {"real_supersession": {"skipped": f"{path} not found"}}
    t0 = time.perf_counter()
    cases = [parse_case(line) for line in path.read_text().splitlines() if line.strip()]
    results = [_case(bench, c) for c in cases]
    changed = [ok for r in results for f, (kind, ok) in r.items() if kind == "changed"]
    kept = [ok for r in results for f, (kind, ok) in r.items() if kind == "unchanged"]
    removed = [ok for r in results for f, (kind, ok) in r.items() if kind == "removed"]
    held = [ok for r in results for f, (kind, ok) in r.items() if kind == "kept"]
    return {"real_supersession": {
        "data": f"letta user-model maintenance, development split: {len(cases)} cases",
        "changed_fields": len(changed),
        "newest_value_wins": round(sum(changed) / len(changed), 3) if changed else None,
        "unchanged_fields": len(kept),
        "unchanged_kept": round(sum(kept) / len(kept), 3) if kept else None,
        "preference_items": {
            "removed": len(removed), "removed_superseded": sum(removed), "kept": len(held), "kept_current": sum(held),
            "how": "one statement per communication style, tool and note of the prior model; a removed item is"
                   " right when superseded, a kept one when still current (reported, no target)"},
        "per_case": {c["id"]: {f: f"{k}:{'ok' if ok else 'miss'}" for f, (k, ok) in r.items()}
                     for c, r in zip(cases, results, strict=True)},
        "seconds": round(time.perf_counter() - t0, 1),
    }}


def _case(bench, case: dict) -> dict[str, tuple[str, bool]]:
    svc = bench.service
    user = f"letta-{case['id']}"
    recs = [{"user_id": user, "content": STATEMENTS[f].format(v), "external_id": f"prior-{f}",
             "created_at": case["when"].isoformat()} for f, v in case["prior"].items() if v]
    recs += [{"user_id": user, "content": PREFERENCE_STATEMENTS[k.split(":")[0]].format(v), "external_id": f"pref-{k}",
              "created_at": case["when"].isoformat()} for k, v in case["prior_prefs"].items()]
    start = case["when"] + timedelta(days=30)
    recs += [{"user_id": user, "content": t, "external_id": f"turn-{i}",
              "role": "user" if t.lower().startswith("user:") else "assistant",
              "created_at": (start + timedelta(minutes=i)).isoformat()} for i, t in enumerate(case["turns"])]
    svc.remember_many(recs)
    _consolidate(bench, user, start + timedelta(days=1))  # with the engine --engine names
    state = _state(svc, user)
    conversation = " ".join(case["turns"]).lower()
    out = {}
    for f in FIELDS:
        old, new = case["prior"][f], case["gold"][f]
        prior = state["by_external"].get(f"prior-{f}")
        if prior is None:
            continue
        end = _chain_end(state, prior)
        if old.lower() == new.lower():
            out[f] = ("unchanged", end == prior)
            continue
        said = new.split(",")[0].lower()  # a city is said without its country
        verbatim = said in conversation
        out[f] = ("changed", end != prior and (not verbatim or said in state["content"][end].lower()))
    for k in case["prior_prefs"]:
        prior = state["by_external"].get(f"pref-{k}")
        if prior is not None:
            current = _chain_end(state, prior) == prior
            out[k] = ("kept", current) if k in case["gold_prefs"] else ("removed", not current)
    return out


def _state(svc, user: str) -> dict:
    rows = supersession_state(svc.conn, user)
    svc.conn.rollback()
    return {"by_external": {e: i for i, e, _, _ in rows if e}, "next": {i: s for i, _, _, s in rows},
            "content": {i: c for i, _, c, _ in rows}}


def _chain_end(state: dict, mid: int) -> int:
    seen = set()
    while state["next"].get(mid) and mid not in seen:
        seen.add(mid)
        mid = state["next"][mid]
    return mid
