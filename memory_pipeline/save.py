"""The save path: quick-check decisions for a batch of validated records, written in one transaction."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import asdict, dataclass

import numpy as np
import psycopg

from memory_pipeline.config import SaveConfig
from memory_pipeline.lib import dedup
from memory_pipeline.lib.supersession import extract_slots
from memory_pipeline.lib.temporal import resolve_temporal_references
from memory_pipeline.lib.textfacts import extract_facts
from memory_pipeline.records import MemoryIn
from memory_pipeline.store import memories as sql

EXISTING = "existing"  # external_id seen before: re-ingesting is a no-op


@dataclass(frozen=True)
class SaveResult:
    id: int
    user_id: str
    external_id: str | None
    action: str  # inserted | deduplicated | flagged | existing
    match_id: int | None
    similarity: float | None
    reason: str

    def to_dict(self) -> dict:
        return asdict(self)


def facts_json(text: str) -> list[dict]:
    """Pattern-extracted facts and negations (seed 004), plus the subject slots supersession reads."""
    facts = [{"kind": f.kind, "value": f.value, "negated": f.negated} for f in extract_facts(text)]
    facts += [{"kind": "slot", "slot": s.slot, "value": s.value, "negated": s.negated} for s in extract_slots(text)]
    return facts


def dates_json(rec: MemoryIn) -> list[dict]:
    return [
        {
            "text": r.original_text,
            "date": r.resolved_date.isoformat(),
            "end": r.resolved_end.isoformat(),
            "granularity": r.granularity,
            "confidence": r.confidence,
        }
        for r in resolve_temporal_references(rec.content, rec.created_at)
    ]


def lock_users(conn: psycopg.Connection, user_ids: Sequence[str]) -> None:
    """Serialise saves per user so two writers cannot both miss each other's duplicate.
    Sorted order: two batches never wait on each other in a cycle."""
    conn.execute(
        "SELECT pg_advisory_xact_lock(hashtextextended(u, 7)) FROM unnest(%s::text[]) AS u",
        (sorted(set(user_ids)),),
    )


def save_batch(
    conn: psycopg.Connection, records: Sequence[MemoryIn], vectors: np.ndarray, config: SaveConfig
) -> list[SaveResult]:
    """Decide and write one batch inside the caller's transaction. `vectors[i]` embeds `records[i]`."""
    lock_users(conn, [r.user_id for r in records])
    results: list[SaveResult | None] = [None] * len(records)

    # 1. external ids seen before (in the store or earlier in this batch) are no-ops
    pairs = [(r.user_id, r.external_id) for r in records if r.external_id is not None]
    known = sql.existing_external_ids(conn, pairs)
    todo: list[int] = []
    seen_in_batch: dict[tuple[str, str], int] = {}
    for i, r in enumerate(records):
        key = (r.user_id, r.external_id) if r.external_id is not None else None
        if key is not None and key in known:
            results[i] = SaveResult(known[key], r.user_id, r.external_id, EXISTING, None, None, "external_id exists")
        elif key is not None and key in seen_in_batch:
            results[i] = ("same", seen_in_batch[key])  # type: ignore[assignment]  # resolved below
        else:
            if key is not None:
                seen_in_batch[key] = i
            todo.append(i)
    if not todo:
        return _resolve_same(results)

    ids = sql.allocate_ids(conn, len(todo))
    id_of = dict(zip(todo, ids, strict=True))

    # 2. nearest stored neighbour of each new record, within its user
    best: dict[int, tuple[float, int, int, str, bytes]] = {}  # i -> (sim, match id, root id, text, hash)
    for nb in sql.nearest(conn, [records[i].user_id for i in todo], vectors[todo], k=1):
        i = todo[nb.ord]
        best[i] = (nb.similarity, nb.id, nb.root_id, nb.content, nb.content_hash)

    # 3. walk the batch in order: earlier records of the same batch count as stored
    by_user: dict[str, list[int]] = defaultdict(list)
    root_of: dict[int, int] = {}
    rows, actions = [], []
    mentions: dict[int, int] = defaultdict(int)
    for i in todo:
        rec = records[i]
        cand = best.get(i)
        earlier = by_user[rec.user_id]
        if earlier:
            sims = vectors[earlier] @ vectors[i]
            j = int(np.argmax(sims))
            if cand is None or float(sims[j]) > cand[0]:
                k = earlier[j]
                cand = (float(sims[j]), id_of[k], root_of[k], records[k].content, records[k].content_hash)
        earlier.append(i)
        sim, match_id, root_id, match_text, match_hash = cand if cand else (None, None, None, None, None)
        decision = dedup.decide(
            sim, rec.content, match_text, dedup_threshold=config.dedup_threshold,
            flag_threshold=config.flag_threshold, same_hash=match_hash == rec.content_hash,
        )
        new_id = id_of[i]
        duplicate_of = root_id if decision.action == dedup.DEDUPLICATED else None
        root_of[i] = duplicate_of or new_id
        if duplicate_of is not None:
            mentions[duplicate_of] += 1
        flagged = decision.action == dedup.FLAGGED
        rows.append(sql.memory_row(
            id=new_id, rec=rec, facts=facts_json(rec.content), dates=dates_json(rec), embedding=vectors[i],
            flagged=flagged, flag_reason=decision.reason if flagged else None, duplicate_of=duplicate_of,
            match_id=match_id, similarity=sim,
        ))
        if decision.action != dedup.INSERTED:
            actions.append({
                "user_id": rec.user_id, "action": "AUTO_DEDUP" if duplicate_of else "FLAG",
                "memory_ids": [new_id], "target_id": str(match_id), "similarity": sim, "reason": decision.reason,
                "inputs": {"stage": "save", "conflicts": list(decision.conflicts)},
            })
        results[i] = SaveResult(new_id, rec.user_id, rec.external_id, decision.action, match_id, sim, decision.reason)

    if len(rows) == 1:
        sql.insert_memory(conn, rows[0])
    else:
        sql.copy_memories(conn, rows)
    # mentions of rows inserted in this very batch are folded into their rows' counts afterwards
    sql.bump_mentions(conn, dict(mentions))
    sql.insert_actions(conn, actions)
    return _resolve_same(results)


def _resolve_same(results: list) -> list[SaveResult]:
    out: list[SaveResult] = []
    for r in results:
        if isinstance(r, tuple):
            first = results[r[1]]
            r = SaveResult(first.id, first.user_id, first.external_id, EXISTING, None, None, "external_id repeated in batch")
        out.append(r)
    return out
