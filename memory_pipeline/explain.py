"""`explain ID`: why a summary, an edge, a profile (and each of its facts) or a memory is what it is.

The answer puts together what the store holds about the row: its sources with their text, the
action-log entries (decision and reason) that made it, the engine's method, model and prompt version
as the row records them, and the Dagster run that wrote it with a link to that run in the UI. Rows
record what they have columns for; a field the row does not record is `None`, never guessed.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import datetime
from typing import Any

import psycopg

from memory_pipeline.errors import ValidationError
from memory_pipeline.lib.extract import habit_key
from memory_pipeline.lib.profile import ProfileSource, build_profile
from memory_pipeline.store import explain as q

KINDS = ("summary", "edge", "profile", "memory")
RULES_PROFILE_METHOD = "rules"  # the local engine's profile: its facts can be re-derived per source


def explain(conn: psycopg.Connection, ident: str, *, user_id: str, ui_url: str) -> dict[str, Any]:
    """Explain the row `ident` of `user_id`: a memory id (digits), a summary (`sum_...`), an edge
    (`edge_...`), a profile id (`prof_...`) or the user id (their profile). Unknown, or another
    user's: the same ValidationError, so the answer tells nothing about other users' ids."""
    found = _find(conn, user_id, validate_id(ident))
    if found is None:
        raise ValidationError(f"no summary, edge, profile or memory with id {ident!r}")
    kind, row = found
    out = {"summary": _summary, "edge": _edge, "profile": _profile, "memory": _memory}[kind](conn, row)
    out = {"kind": kind, "id": str(row["id"]), "user_id": row["user_id"], **out}
    out["run"] = run_link(row.get("run_id"), ui_url)
    runs = dict.fromkeys(r for r in [row.get("run_id"), *(a["run_id"] for a in out["actions"])] if r)
    out["runs"] = [run_link(r, ui_url) for r in runs]
    return out


def run_link(run_id: str | None, ui_url: str) -> dict[str, str | None]:
    return {"run_id": run_id, "url": f"{ui_url.rstrip('/')}/runs/{run_id}" if run_id else None}


MAX_ID_CHARS = 256
MAX_MEMORY_ID = 2**63 - 1  # bigint


def validate_id(ident: object) -> str:
    """An id as given, or ValidationError with the reason (nothing is guessed: no stripping, no
    digits of other scripts read as a number)."""
    if not isinstance(ident, str) or not ident:
        raise ValidationError("id is required and must be a non-empty string", field="id")
    if "\x00" in ident:
        raise ValidationError("id contains a NUL character", field="id")
    if len(ident) > MAX_ID_CHARS:
        raise ValidationError(f"id has {len(ident)} characters; ids have at most {MAX_ID_CHARS}", field="id")
    if not ident.isprintable() or ident != ident.strip():
        raise ValidationError(f"id {ident[:40]!r} has whitespace or control characters", field="id")
    try:
        ident.encode("utf-8")
    except UnicodeEncodeError as e:
        raise ValidationError("id is not valid UTF-8 (lone surrogate)", field="id") from e
    return ident


def _find(conn: psycopg.Connection, user_id: str, ident: str) -> tuple[str, dict] | None:
    if ident.isascii() and ident.isdigit():  # memory ids: ASCII digits only ("²" is no number)
        row = q.memory(conn, user_id, int(ident)) if int(ident) <= MAX_MEMORY_ID else None
        return ("memory", row) if row else None
    for kind, fetch in (("summary", q.summary), ("edge", q.edge), ("profile", q.profile)):
        row = fetch(conn, user_id, ident)
        if row:
            return kind, row
    return None


def _engine(method: str | None, model: str | None = None, prompt_version: str | None = None) -> dict:
    return {"method": method, "model": model, "prompt_version": prompt_version}


def _sources(conn: psycopg.Connection, user_id: str, ids) -> list[dict]:
    """Sources by id, memories and summaries mixed, in the order given."""
    mem_ids = [int(i) for i in ids if str(i).isdigit()]
    summ_ids = [str(i) for i in ids if not str(i).isdigit()]
    by_id: dict[str, dict] = {str(m["id"]): {"kind": "memory", **m} for m in q.memories(conn, user_id, mem_ids)}
    by_id.update({s["id"]: {"kind": "summary", **s} for s in q.summaries(conn, user_id, summ_ids)})
    return [by_id.get(str(i), {"kind": "missing", "id": str(i)}) for i in ids]


def _summary(conn: psycopg.Connection, row: dict) -> dict:
    keep = ("content", "scope", "cluster_id", "namespace", "key_facts", "decisions", "superseded_facts",
            "resolved_dates", "source_chars", "temporal_start", "temporal_end", "confidence", "tier", "created_at")
    return {
        "row": {k: row[k] for k in keep},
        "sources": _sources(conn, row["user_id"], row["source_ids"]),
        "actions": q.actions_with_target(conn, row["user_id"], row["id"]),
        "engine": _engine(row["method"], row["model"], row["prompt_version"]),
    }


def _edge(conn: psycopg.Connection, row: dict) -> dict:
    ends = (row["source_id"], row["target_id"])
    if all(e.isdigit() for e in ends):
        actions = q.actions_on_memories(conn, row["user_id"], [int(e) for e in ends])
    else:  # summary -> memory (consolidates): the action that wrote the summary
        actions = q.actions_with_target(conn, row["user_id"], next(e for e in ends if not e.isdigit()))
    actions = [a for a in actions if a["target_id"] in ends]
    methods = [a["inputs"].get("method") for a in actions if a["inputs"].get("method")]
    return {
        "row": {k: row[k] for k in ("edge_type", "source_id", "target_id", "weight", "reason", "created_at")},
        "sources": _sources(conn, row["user_id"], list(ends)),
        "actions": actions,
        # edges have no model or prompt column; the method is what the action that made them logged
        "engine": _engine(methods[-1] if methods else None),
    }


def _profile(conn: psycopg.Connection, row: dict) -> dict:
    sources = _sources(conn, row["user_id"], row["source_ids"])
    derived = row["method"] == RULES_PROFILE_METHOD
    cited = row.get("fact_sources") or {}
    # the rules' profile records, per item, the newest source that states it; an older row re-derives
    facts = ([{"section": s, "text": t, "sources": list(cited.get(t, []))} for s, items in row["sections"].items()
              for t in items] if cited else cite_profile(row["sections"], sources) if derived else
             [{"section": s, "text": t, "sources": None} for s, items in row["sections"].items() for t in items])
    return {
        "row": {k: row[k] for k in ("content", "version", "patterns", "updated_at")},
        "facts": facts,
        "sources": sources,
        "actions": q.actions_with_target(conn, row["user_id"], row["id"]),
        "engine": _engine(row["method"], row["model"], row.get("prompt_version")),
    }


def cite_profile(sections: dict[str, list[str]], sources: list[dict]) -> list[dict]:
    """Each profile fact with the sources that state it: every source is read alone by the same rules
    that built the profile, and a fact cites the sources whose reading yields it (a habit: the same
    habit in other words). Superseded sources were never profile inputs, so they never cite."""
    stated: dict[tuple[str, str], list[str]] = defaultdict(list)
    for src in sources:
        if src["kind"] == "missing":
            continue
        when = src.get("created_at") or src.get("temporal_end") or datetime.min
        alone = build_profile([ProfileSource(str(src["id"]), src["content"], when)],
                              min_occurrences=1, min_success_rate=-1.0)
        for section, items in alone.sections.items():
            for text in items:
                stated[(section, _fact_key(section, text))].append(str(src["id"]))
    return [{"section": section, "text": text, "sources": stated.get((section, _fact_key(section, text)), [])}
            for section, items in sections.items() for text in items]


def _fact_key(section: str, text: str) -> str:
    return habit_key(text) if section == "habits" else text


def _memory(conn: psycopg.Connection, row: dict) -> dict:
    uid, mid = row["user_id"], row["id"]
    linked = [i for i in (row["duplicate_of"], row["superseded_by"], row["flag_match_id"]) if i]
    related = {str(m["id"]): m for m in q.memories(conn, uid, linked)}
    summary = q.summaries(conn, uid, [row["summarized_into"]]) if row["summarized_into"] else []
    state = q.consolidation_state(conn, uid)
    keep = ("external_id", "conversation_id", "session_id", "role", "namespace", "content", "created_at",
            "ingested_at", "importance", "tier", "layer", "retention", "access_count", "mention_count",
            "facts", "resolved_dates", "cluster_id")
    return {
        "row": {k: row[k] for k in keep},
        "links": {
            "duplicate_of": related.get(str(row["duplicate_of"])),
            "superseded_by": related.get(str(row["superseded_by"])),
            "summarized_into": summary[0] if summary else None,
            "flag": {"reason": row["flag_reason"], "similarity": row["flag_similarity"],
                     "match": related.get(str(row["flag_match_id"]))} if row["flagged"] else None,
        },
        # a raw memory has no sources; what it is part of is in its edges and links
        "sources": [],
        "edges": q.edges_touching(conn, uid, str(mid)),
        "actions": q.actions_on_memories(conn, uid, [mid]),
        "consolidated": bool(state and mid <= state["last_memory_id"]),
        "engine": None,  # written by the save path, not by an engine
    }
