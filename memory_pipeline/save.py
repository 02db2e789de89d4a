"""The save path: quick-check decisions for a batch of validated records, written in one transaction."""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from datetime import datetime

import numpy as np
import psycopg

from memory_pipeline.config import SaveConfig
from memory_pipeline.lib import dedup
from memory_pipeline.lib.extract import extract_facts, statements
from memory_pipeline.lib.supersession import slot_states
from memory_pipeline.lib.temporal import resolve_temporal_references
from memory_pipeline.records import MemoryIn
from memory_pipeline.store import memories as sql

EXISTING = "existing"  # external_id seen before with this content: re-ingesting is a no-op
# external_id seen before with other content: stored as its next version, which supersedes the last
EDITED = "edited"
# a duplicate of a superseded statement, said after what replaced it: current again (see _restated_head)
RESTATED = "restated"


@dataclass(frozen=True)
class SaveResult:
    id: int
    user_id: str
    external_id: str | None
    action: str  # inserted | deduplicated | flagged | existing | edited
    match_id: int | None
    similarity: float | None
    reason: str

    def to_dict(self) -> dict:
        return asdict(self)


def facts_json(text: str) -> list[dict]:
    """Pattern-extracted facts and negations, plus the relations (slots) supersession compares: a
    stored slot is how an incremental run finds the older statements of a relation a new memory states."""
    facts = [{"kind": f.kind, "value": f.value, "negated": f.negated} for f in extract_facts(text)]
    facts += [{"kind": "slot", "slot": slot, "value": value, "negated": False}
              for slot, value in slot_states(text).items()]
    # what the profile's clause reader states (it marks the row as one the profile reads)
    facts += [{"kind": "statement", "key": st.key, "value": st.line, "negated": st.past}
              for st in statements(text, profile=True)]
    return facts


def dates_json(rec: MemoryIn) -> list[dict]:
    """The resolved dates stored with a memory, each with how it was resolved: the rule kind, and where
    the clause decided the direction, the tense read and the word that decided it."""
    out = []
    for r in resolve_temporal_references(rec.content, rec.created_at):
        row = {"text": r.original_text, "date": r.resolved_date.isoformat(), "end": r.resolved_end.isoformat(),
               "granularity": r.granularity, "confidence": r.confidence, "method": r.method}
        if r.tense is not None:
            row |= {"tense": r.tense, "cue": r.cue}
        out.append(row)
    return out


# (similarity, match id, match's root id, match's text, match's content hash)
_Match = tuple[float, int, int, str, bytes]


@dataclass(frozen=True)
class _Edit:
    previous: int  # id of the version it supersedes
    version: int


def save_batch(
    conn: psycopg.Connection, records: Sequence[MemoryIn], vectors: np.ndarray, config: SaveConfig
) -> list[SaveResult]:
    """Decide and write one batch inside the caller's transaction. `vectors[i]` embeds `records[i]`."""
    sql.lock_users(conn, [r.user_id for r in records])
    results, todo, edits, later = _known_records(conn, records)
    if todo:
        ids = sql.allocate_ids(conn, len(todo))
        id_of = dict(zip(todo, ids, strict=True))
        best = _stored_neighbours(conn, records, vectors, [i for i in todo if i not in edits])
        replaced = _replaced_matches(conn, records, config, best)
        links: list[tuple[int, int, tuple]] = [
            (e.previous, id_of[i], _edit_edge(records[i], id_of[i], e)) for i, e in edits.items()]
        rows, actions, mentions = _decide_in_order(records, vectors, config, todo, id_of, best, results, edits,
                                                   (replaced, links))
        if len(rows) == 1:
            sql.insert_memory(conn, rows[0])
        else:
            sql.copy_memories(conn, rows)
        # mentions of rows inserted in this very batch are folded into their rows' counts afterwards
        sql.bump_mentions(conn, dict(mentions))
        sql.supersede_edited(conn, [(old, new) for old, new, _ in links], [edge for *_, edge in links])
        sql.insert_actions(conn, actions)
    if later:  # a second version of an external id within this batch: saved once the first is stored
        for i, res in zip(later, save_batch(conn, [records[i] for i in later], vectors[later], config),
                          strict=True):
            results[i] = res
    return _resolve_same(results)


def _known_records(conn: psycopg.Connection, records: Sequence[MemoryIn]):
    """Results so far, the indices to decide now, the edits among them, and the indices to save after
    this batch. An external id seen before with the same content (in the store or earlier in this
    batch) is a no-op; with other content it is an edit: stored as the next version."""
    results: list = [None] * len(records)
    pairs = [(r.user_id, r.external_id) for r in records if r.external_id is not None]
    known = sql.existing_external_ids(conn, pairs)
    todo: list[int] = []
    edits: dict[int, _Edit] = {}
    later: list[int] = []
    seen_in_batch: dict[tuple[str, str], list[int]] = {}
    for i, r in enumerate(records):
        key = (r.user_id, r.external_id) if r.external_id is not None else None
        same = next((j for j in seen_in_batch.get(key, ()) if records[j].content_hash == r.content_hash), None)
        if key in seen_in_batch:
            if same is not None:
                results[i] = ("same", same)  # resolved by _resolve_same
            else:
                later.append(i)
            continue
        if key is not None:
            seen_in_batch[key] = [i]
        stored = known.get(key) if key is not None else None
        match = stored.id_with(r.content_hash) if stored else None
        if match is not None:
            results[i] = SaveResult(match, r.user_id, r.external_id, EXISTING, None, None, "external_id exists")
            continue
        if stored is not None:
            edits[i] = _Edit(stored.latest, stored.version + 1)
        todo.append(i)
    return results, todo, edits, later


def _edit_edge(rec: MemoryIn, new_id: int, edit: _Edit) -> tuple:
    reason = f"external_id {rec.external_id!r} re-ingested with edited content (version {edit.version})"
    return _supersedes_edge(rec.user_id, new_id, edit.previous, reason)


def _supersedes_edge(user_id: str, new_id: int, old_id: int, reason: str) -> tuple:
    # the id consolidation's supersession phase would give the same edge
    digest = hashlib.sha256("\x1f".join(map(str, ("edge", user_id, "supersedes", new_id, old_id)))
                            .encode()).hexdigest()[:20]
    return (f"edge_{digest}", user_id, str(new_id), str(old_id), reason)


def _replaced_matches(conn: psycopg.Connection, records: Sequence[MemoryIn], config: SaveConfig,
                      best: dict[int, _Match]) -> dict[int, tuple[int, datetime]]:
    """The current successor (id, event time) of each stored match that would be deduplicated against
    and has been superseded. Asked only for matches at the dedup threshold, which are rare."""
    roots = {m[2] for i, m in best.items() if m[0] >= config.dedup_threshold or m[4] == records[i].content_hash}
    return sql.current_successors(conn, sorted(roots))


def _restated_head(rec: MemoryIn, decision: dedup.SaveDecision, root_id: int | None,
                   replaced: dict[int, tuple[int, datetime]]) -> int | None:
    """The statement a re-said old value supersedes. A duplicate of a superseded row said after what
    replaced it makes the old value current again (the newest statement wins): it is stored as its own
    row, never a duplicate_of the superseded one, and supersedes the row that holds now, so edges, recall
    and profile agree. Said before its successor (a late backfill), it is an ordinary duplicate."""
    if decision.action != dedup.DEDUPLICATED or root_id not in replaced:
        return None
    head, head_at = replaced[root_id]
    return head if rec.created_at >= head_at else None


def _stored_neighbours(
    conn: psycopg.Connection, records: Sequence[MemoryIn], vectors: np.ndarray, todo: list[int]
) -> dict[int, _Match]:
    """Nearest stored neighbour of each new record, within its user."""
    best: dict[int, _Match] = {}
    for nb in sql.nearest(conn, [records[i].user_id for i in todo], vectors[todo], k=1):
        best[todo[nb.ord]] = (nb.similarity, nb.id, nb.root_id, nb.content, nb.content_hash)
    return best


def _decide_in_order(
    records: Sequence[MemoryIn],
    vectors: np.ndarray,
    config: SaveConfig,
    todo: list[int],
    id_of: dict[int, int],
    best: dict[int, _Match],
    results: list,
    edits: dict[int, _Edit],
    restating: tuple[dict[int, tuple[int, datetime]], list[tuple[int, int, tuple]]],
) -> tuple[list, list[dict], dict[int, int]]:
    """Rows, audit actions and mention bumps, walking the batch in order: earlier records of the same
    batch count as stored. Fills `results`, and `restating[1]` with the supersessions a restated value
    makes. An edit is stored as it is (no quick check: it replaces its own earlier version, which it
    resembles by nature)."""
    by_user: dict[str, list[int]] = defaultdict(list)
    root_of: dict[int, int] = {}
    rows, actions = [], []
    mentions: dict[int, int] = defaultdict(int)
    for i in todo:
        rec = records[i]
        if i in edits:
            results[i] = _save_edit(rec, id_of[i], vectors[i], edits[i], rows, actions)
            root_of[i] = id_of[i]
            continue
        earlier = by_user[rec.user_id]
        cand = _closer_in_batch(i, best.get(i), earlier, records, vectors, id_of, root_of)
        earlier.append(i)
        sim, match_id, root_id, match_text, match_hash = cand if cand else (None, None, None, None, None)
        decision = dedup.decide(
            sim, rec.content, match_text, dedup_threshold=config.dedup_threshold,
            flag_threshold=config.flag_threshold, same_hash=match_hash == rec.content_hash,
        )
        new_id = id_of[i]
        head = _restated_head(rec, decision, root_id, restating[0])
        if head is not None:
            decision = dedup.SaveDecision(RESTATED, f"restates memory {root_id} after memory {head} replaced it:"
                                                    f" supersedes {head} (the newest statement wins)")
            restating[1].append((head, new_id, _supersedes_edge(rec.user_id, new_id, head, decision.reason)))
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
            actions.append(_action(rec, new_id, match_id, sim, decision, duplicate_of))
        results[i] = SaveResult(
            new_id, rec.user_id, rec.external_id, decision.action, match_id, sim, decision.reason
        )
    return rows, actions, mentions


def _closer_in_batch(
    i: int,
    cand: _Match | None,
    earlier: list[int],
    records: Sequence[MemoryIn],
    vectors: np.ndarray,
    id_of: dict[int, int],
    root_of: dict[int, int],
) -> _Match | None:
    """`cand`, or the user's earlier record of this batch when that one is more similar."""
    if earlier:
        sims = vectors[earlier] @ vectors[i]
        j = int(np.argmax(sims))
        if cand is None or float(sims[j]) > cand[0]:
            k = earlier[j]
            cand = (float(sims[j]), id_of[k], root_of[k], records[k].content, records[k].content_hash)
    return cand


def _save_edit(rec: MemoryIn, new_id: int, vector: np.ndarray, edit: _Edit, rows: list, actions: list) -> SaveResult:
    rows.append(sql.memory_row(id=new_id, rec=rec, facts=facts_json(rec.content), dates=dates_json(rec),
                               embedding=vector, flagged=False, flag_reason=None, duplicate_of=None,
                               external_version=edit.version))
    actions.append(_edit_action(rec, new_id, edit))
    return SaveResult(new_id, rec.user_id, rec.external_id, EDITED, edit.previous, None, actions[-1]["reason"])


def _edit_action(rec: MemoryIn, new_id: int, edit: _Edit) -> dict:
    return {
        "user_id": rec.user_id, "action": "EDIT", "memory_ids": [new_id, edit.previous],
        "target_id": str(edit.previous),
        "reason": f"external_id {rec.external_id!r} re-ingested with edited content: version {edit.version}"
                  f" supersedes memory {edit.previous}",
        "inputs": {"stage": "save", "external_id": rec.external_id, "version": edit.version},
    }


def _action(
    rec: MemoryIn, new_id: int, match_id: int | None, sim: float | None, decision: dedup.SaveDecision,
    duplicate_of: int | None,
) -> dict:
    return {
        "user_id": rec.user_id,
        "action": "AUTO_DEDUP" if duplicate_of else "RESTATE" if decision.action == RESTATED else "FLAG",
        "memory_ids": [new_id], "target_id": str(match_id), "similarity": sim, "reason": decision.reason,
        "inputs": {"stage": "save", "conflicts": list(decision.conflicts)},
    }


def _resolve_same(results: list) -> list[SaveResult]:
    out: list[SaveResult] = []
    for r in results:
        if isinstance(r, tuple):
            first = results[r[1]]
            reason = "external_id repeated in batch"
            r = SaveResult(first.id, first.user_id, first.external_id, EXISTING, None, None, reason)
        out.append(r)
    return out
