"""Real conversations nobody here wrote (LoCoMo development split): what an agent receives at an equal
amount of delivered text, raw store against consolidated store.

Each conversation is one user, ingested twice through the save path: `<id>-raw` is never consolidated
and is searched in `exhaustive` mode (every raw turn); `<id>-consolidated` is consolidated by the local
engine (clock: the day after the conversation's last session, so tiers are those of a live store) and
searched in `standard` mode (its recall units: summaries and the raw turns no summary stands for).
For every question with evidence (categories 1-4) and each budget, recall fills that many characters
in rank order (`recall(max_chars=...)`) and is scored on:

- evidence (strict): the share of the question's evidence turns whose own text is delivered verbatim
  (a summary is credited only with the turns it actually delivers);
- answer in text: the gold answer string appears in the delivered text (case and punctuation folded);
- other text share: the part of the delivered characters that is not a whole turn (summary or
  profile text, and the last piece when it was cut to fit);
- summary text alone: whether the consolidated units' own text (no turns), up to the budget, carries
  the answer: what the summaries themselves add;
- supersessions: the edges consolidation wrote between turns, against the team's hand labels
  (`locomo_labels.json`, by turn id; no judge trains on them): right (a labelled replacement), read two
  ways (left out of the labels), or wrong; and how many labelled replacements were found.
"""

from __future__ import annotations

import json
import re
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from memory_pipeline.bench.calibration import data_dir
from memory_pipeline.bench.probes_score import edges_outcome
from memory_pipeline.consolidation.run import consolidate_user
from memory_pipeline.store.memories import ids_by_external_id, supersession_state

BUDGETS = (1000, 2000, 4000)
CATEGORIES = (1, 2, 3, 4)  # 5 (adversarial) has no evidence to find
_SESSION = re.compile(r"^session_(\d+)$")
_FOLD = re.compile(r"[^a-z0-9]+")
# hand labels of LoCoMo dev's supersessions: a measure only, not training data
LOCOMO_LABELS = Path(__file__).with_name("locomo_labels.json")


def locomo_path() -> Path:
    return data_dir() / "locomo-dev" / "locomo-dev.json"


def session_time(text: str) -> datetime:
    """LoCoMo's '1:56 pm on 8 May, 2023'."""
    return datetime.strptime(text.strip(), "%I:%M %p on %d %B, %Y").replace(tzinfo=UTC)


def turns(conv: dict) -> list[dict]:
    """Every turn as a memory record: "Speaker: text" (with the shared image's caption), timed by its
    session's start plus one second per turn, one conversation id per session."""
    out = []
    c = conv["conversation"]
    sessions = sorted((int(m.group(1)), k) for k in c if (m := _SESSION.match(k)) and isinstance(c[k], list))
    for n, key in sessions:
        start = session_time(c[f"{key}_date_time"])
        for i, t in enumerate(c[key]):
            text = f"{t['speaker']}: {t['text']}"
            if t.get("blip_caption"):
                text += f" [shares an image: {t['blip_caption']}]"
            out.append({"content": text, "external_id": t["dia_id"], "role": t["speaker"],
                        "conversation_id": f"session_{n}", "created_at": (start + timedelta(seconds=i)).isoformat()})
    return out


def questions(conv: dict) -> list[dict]:
    out = []
    for q in conv["qa"]:
        if q.get("category") in CATEGORIES and q.get("evidence") and q.get("answer") is not None:
            ev = [e for raw in q["evidence"] for e in re.split(r"[;,\s]+", raw) if e]
            out.append({"question": q["question"], "answer": str(q["answer"]), "evidence": ev,
                        "category": q["category"]})
    return out


def fold(text: str) -> str:
    return " " + _FOLD.sub(" ", text.lower()).strip() + " "


def score(rows: list[dict], evidence_ids: set[int], answer: str) -> tuple[float, bool, int, int]:
    """(share of evidence turns delivered verbatim, answer found in the delivered text, characters,
    characters that are not a verbatim turn: summary and profile text)."""
    delivered = "\n".join(r["delivered"] for r in rows)
    shown = {int(i) for r in rows for i in r["delivered_ids"]}
    got = len(evidence_ids & shown) / len(evidence_ids) if evidence_ids else 0.0
    turns = {int(r["id"]): r["content"] for r in rows if r["kind"] == "memory"}
    turns.update({int(e["id"]): e["content"] for r in rows for e in r["evidence"]})
    verbatim = sum(len(turns[i]) + 1 for i in shown if i in turns)
    return got, fold(answer) in fold(delivered), len(delivered), max(0, len(delivered) - verbatim)


def summaries_only(rows: list[dict], answer: str, budget: int) -> bool:
    """Whether the consolidated units' own text (summaries, profile) alone, in rank order up to the
    budget, carries the answer: what consolidation itself adds, apart from the turns it points to."""
    text = "\n".join(r["content"] for r in rows if r["kind"] != "memory")[:budget]
    return fold(answer) in fold(text)


def measure(bench) -> dict[str, Any]:
    path = locomo_path()
    if not path.exists():
        return {"real": {"skipped": f"{path} not found"}}
    convs = json.loads(path.read_text())[: bench.plan.real_conversations]
    svc = bench.service
    t0 = time.perf_counter()
    per_store: dict[str, dict[str, list]] = {}
    compression = {}
    asked = 0
    for conv in convs:
        recs, qs = turns(conv), questions(conv)[: bench.plan.real_questions]
        users = {store: f"{conv['sample_id']}-{store}" for store in ("raw", "consolidated")}
        for user in users.values():
            svc.remember_many([{**r, "user_id": user} for r in recs])
        end = max(datetime.fromisoformat(r["created_at"]) for r in recs) + timedelta(days=1)
        compression[conv["sample_id"]] = _consolidate(bench, users["consolidated"], end)
        if (labels := locomo_labels().get(conv["sample_id"])) is not None:
            compression[conv["sample_id"]]["supersessions"] = edges_outcome(_edges(svc, users["consolidated"]), labels)
        ids = {store: _ids_by_dia(svc, user) for store, user in users.items()}
        for q in qs:
            asked += 1
            for store, user in users.items():
                mode = "exhaustive" if store == "raw" else "standard"
                ev = {ids[store][e] for e in q["evidence"] if e in ids[store]}
                for budget in BUDGETS:
                    rows = svc.recall(user, q["question"], mode=mode, max_chars=budget, track=False)
                    got = score(rows, ev, q["answer"])
                    per_store.setdefault(store, {}).setdefault(str(budget), []).append(
                        (*got, q["category"], conv["sample_id"]))
            units = svc.recall(users["consolidated"], q["question"], mode="standard", limit=100, track=False)
            for budget in BUDGETS:
                per_store.setdefault("summary_text", {}).setdefault(str(budget), []).append(
                    summaries_only(units, q["answer"], budget))
    return {"real": _summary(per_store, compression, asked, len(convs), time.perf_counter() - t0)}


def _consolidate(bench, user: str, now: datetime) -> dict:
    """With the engine --engine names (the local engine by default); a model's use is recorded."""

    svc, engine = bench.service, bench.make_engine()
    spent = engine.usage()
    out = consolidate_user(svc.conn, user, engine=engine, run_id="bench-real", now=now, embed=svc.embedder.encode)
    n = svc.conn.execute("SELECT count(*) FROM memories WHERE user_id = %s", (user,)).fetchone()[0]
    svc.conn.rollback()
    bench.record_usage(f"real:{user}", engine, spent, n)
    return out.compression


def locomo_labels(path: Path = LOCOMO_LABELS) -> dict[str, dict[str, set[tuple[str, str]]]]:
    """Conversation id -> {"positive": {(newer turn id, older turn id)}, "skip": {...}} (`skip`: read two ways)."""
    convs = json.loads(path.read_text())["conversations"]
    return {c: {k: {(a, b) for a, b in got[k]} for k in ("positive", "skip")} for c, got in convs.items()}


def _edges(svc, user: str) -> set[tuple[str, str]]:
    """(newer turn id, older turn id) of every supersession written between the user's turns."""
    rows = supersession_state(svc.conn, user)
    svc.conn.rollback()
    dia = {mid: ext for mid, ext, _, _ in rows}
    return {(dia[new], dia[mid]) for mid, _, _, new in rows if new is not None and dia.get(new) and dia.get(mid)}


def _ids_by_dia(svc, user: str) -> dict[str, int]:
    ids = ids_by_external_id(svc.conn, user)
    svc.conn.rollback()
    return ids


def _summary(per_store: dict, compression: dict, asked: int, n_convs: int, seconds: float) -> dict:
    table = {}
    for store, by_budget in per_store.items():
        for budget, got in by_budget.items():
            if store == "summary_text":
                table.setdefault(budget, {})[store] = {"answer_in_text": round(sum(got) / len(got), 3)}
                continue
            table.setdefault(budget, {})[store] = {
                "evidence_strict": round(sum(g[0] for g in got) / len(got), 3),
                "answer_in_text": round(sum(g[1] for g in got) / len(got), 3),
                # LoCoMo categories: 1 multi-hop, 2 temporal, 3 open-domain, 4 single-hop
                "answers_by_category": {str(c): f"{sum(g[1] for g in got if g[4] == c)} of "
                                        f"{sum(1 for g in got if g[4] == c)}" for c in CATEGORIES},
                "mean_chars": round(sum(g[2] for g in got) / len(got)),
                "other_text_share": round(sum(g[3] for g in got) / max(1, sum(g[2] for g in got)), 3),
            }
    # per conversation: how far each store's figures spread (three conversations say little on their own)
    for sample_id, c in compression.items():
        c["by_budget"] = {budget: {store: {
            "evidence_strict": round(sum(g[0] for g in mine) / len(mine), 3),
            "answer_in_text": round(sum(g[1] for g in mine) / len(mine), 3)}
            for store in ("raw", "consolidated") if (mine := [g for g in per_store.get(store, {}).get(budget, [])
                                                               if g[5] == sample_id])}
            for budget in per_store.get("raw", {})}
    active = sum(c["active_memories"] for c in compression.values())
    edges = [c["supersessions"] for c in compression.values() if "supersessions" in c]
    units = sum(c["units_after"] for c in compression.values())
    return {
        "data": "LoCoMo development split (locomo-dev): conversations " + str(n_convs),
        "questions": asked,
        "budgets": table,
        "compression_units": round(active / units, 3) if units else None,
        # LoCoMo's turns are other people's chat: edges written there, against the team's hand labels
        "supersessions: written / right / read two ways / wrong": " / ".join(
            str(sum(e[k] for e in edges)) for k in ("edges", "edges_right", "edges_two_ways", "edges_wrong")),
        "supersessions: labelled replacements found": f"{sum(e['edges_right'] for e in edges)} of "
                                                      f"{sum(e['labelled'] for e in edges)}",
        "per_conversation": compression,
        "seconds": round(seconds, 1),
        "note": "raw: exhaustive recall over every turn; consolidated: standard recall over its units",
    }
