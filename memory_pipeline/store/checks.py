"""SQL behind the asset checks: no loss, user isolation, summary bounds."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import psycopg

from memory_pipeline.store.forget import sanctioned


def lost_memories(conn: psycopg.Connection, users: Sequence[str]) -> list[int]:
    """Rows whose links point nowhere (a link to a missing row or summary would lose the memory)."""
    rows = conn.execute(
        "SELECT m.id FROM memories m"
        " LEFT JOIN memories d ON d.id = m.duplicate_of"
        " LEFT JOIN memories s ON s.id = m.superseded_by"
        " LEFT JOIN summaries y ON y.id = m.summarized_into"
        " WHERE m.user_id = ANY(%s) AND ((m.duplicate_of IS NOT NULL AND d.id IS NULL)"
        "  OR (m.superseded_by IS NOT NULL AND s.id IS NULL)"
        "  OR (m.summarized_into IS NOT NULL AND (y.id IS NULL OR NOT m.id = ANY(y.source_ids))))",
        (list(users),),
    ).fetchall()
    return [r[0] for r in rows]


@dataclass(frozen=True)
class LedgerCheck:
    """Raw rows of some users compared with what earlier checks recorded of them."""

    recorded: int  # rows the ledger held before this check
    present: int  # raw rows in the store now
    missing: list[int]  # recorded rows no longer in the store (deleted) with no logged forget
    changed: list[int]  # recorded rows whose content or owner differs from what was recorded
    added: int  # rows recorded by this check (new since the last one)
    forgotten: int = 0  # recorded rows a logged forget / invalidate removed (sanctioned; now unrecorded)


def check_ledger(conn: psycopg.Connection, users: Sequence[str]) -> LedgerCheck:
    """Compare the users' raw rows with the ledger, then record the rows it does not hold yet.

    Lost or edited rows stay in the ledger as they were, so the check keeps failing until someone
    looks: a lost memory is never forgotten by the next run. Row by row (not one digest per user)
    because a save transaction may commit ids lower than rows already checked.
    """
    u = list(users)
    recorded = conn.execute("SELECT count(*) FROM memory_ledger WHERE user_id = ANY(%s)", (u,)).fetchone()[0]
    missing = [r[0] for r in conn.execute(
        "SELECT l.id FROM memory_ledger l WHERE l.user_id = ANY(%s)"
        " AND NOT EXISTS (SELECT 1 FROM memories m WHERE m.id = l.id) ORDER BY l.id", (u,))]
    # a row the user asked to forget (or marked false) is gone by design: the action log says so
    forgotten = sanctioned(conn, u, missing)
    if forgotten:
        conn.execute("DELETE FROM memory_ledger WHERE user_id = ANY(%s) AND id = ANY(%s)", (u, sorted(forgotten)))
        missing = [i for i in missing if i not in forgotten]
    changed = [r[0] for r in conn.execute(
        "SELECT l.id FROM memory_ledger l JOIN memories m ON m.id = l.id WHERE l.user_id = ANY(%s)"
        " AND (m.user_id <> l.user_id OR md5(m.content)::uuid <> l.content_md5) ORDER BY l.id", (u,))]
    present = conn.execute("SELECT count(*) FROM memories WHERE user_id = ANY(%s)", (u,)).fetchone()[0]
    added = conn.execute(
        "INSERT INTO memory_ledger (user_id, id, content_md5) SELECT m.user_id, m.id, md5(m.content)::uuid"
        " FROM memories m WHERE m.user_id = ANY(%s)"
        " AND NOT EXISTS (SELECT 1 FROM memory_ledger l WHERE l.user_id = m.user_id AND l.id = m.id)"
        " ON CONFLICT DO NOTHING", (u,)).rowcount
    return LedgerCheck(recorded, present, missing, changed, added, len(forgotten))


def mixed_user_rows(conn: psycopg.Connection, users: Sequence[str]) -> list[str]:
    rows = conn.execute(
        "SELECT s.id FROM summaries s JOIN memories m ON m.id = ANY(s.source_ids)"
        " WHERE s.user_id = ANY(%s) AND m.user_id <> s.user_id"
        # edge ends are text (a summary id or a memory id): join memory ids through the primary key
        " UNION SELECT e.id FROM edges e JOIN memories m ON m.id IN ("
        "   CASE WHEN e.source_id ~ '^[0-9]+$' THEN e.source_id::bigint END,"
        "   CASE WHEN e.target_id ~ '^[0-9]+$' THEN e.target_id::bigint END)"
        " WHERE e.user_id = ANY(%s) AND m.user_id <> e.user_id"
        " UNION SELECT m.id::text FROM memories m JOIN memories o ON o.id IN (m.duplicate_of, m.superseded_by)"
        " WHERE m.user_id = ANY(%s) AND o.user_id <> m.user_id",
        (list(users), list(users), list(users)),
    ).fetchall()
    return [r[0] for r in rows]


def oversized_summaries(conn: psycopg.Connection, users: Sequence[str]) -> list[str]:
    rows = conn.execute(
        "SELECT s.id FROM summaries s WHERE s.user_id = ANY(%s) AND ("
        " (s.method <> 'merge' AND cardinality(s.source_ids) >= 2 AND length(s.content) >= s.source_chars)"
        " OR (s.method = 'merge' AND length(s.content) > (SELECT max(length(m.content)) FROM memories m"
        "     WHERE m.id = ANY(s.source_ids))))",
        (list(users),),
    ).fetchall()
    return [r[0] for r in rows]


def recall_units(conn: psycopg.Connection, users: Sequence[str]) -> tuple[int, int]:
    """(non-duplicate raw rows, units a standard recall searches: summaries + raw rows no summary,
    successor or original stands for)."""
    active, raw_units = conn.execute(
        "SELECT count(*), count(*) FILTER (WHERE superseded_by IS NULL AND summarized_into IS NULL)"
        " FROM memories WHERE user_id = ANY(%s) AND duplicate_of IS NULL",
        (list(users),),
    ).fetchone()
    summaries = conn.execute("SELECT count(*) FROM summaries WHERE user_id = ANY(%s)", (list(users),)).fetchone()[0]
    return active, raw_units + summaries
