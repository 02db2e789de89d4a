"""SQL of `stats`: counts per kind and tier, edges by type, compression ratio."""

from __future__ import annotations

from typing import Any

import psycopg


def stats(conn: psycopg.Connection, user_id: str | None) -> dict[str, Any]:
    where, args = ("WHERE user_id = %s", (user_id,)) if user_id else ("", ())
    m = conn.execute(
        "SELECT count(*),"
        " count(*) FILTER (WHERE duplicate_of IS NULL AND superseded_by IS NULL),"
        " count(*) FILTER (WHERE duplicate_of IS NOT NULL),"
        " count(*) FILTER (WHERE flagged),"
        " count(*) FILTER (WHERE duplicate_of IS NULL AND superseded_by IS NULL AND summarized_into IS NULL),"
        " count(DISTINCT user_id)"
        f" FROM memories {where}",
        args,
    ).fetchone()
    total, active, dups, flagged, unsummarized, users = m
    tiers = dict(conn.execute(
        f"SELECT tier, count(*) FROM memories {where} {'AND' if where else 'WHERE'} duplicate_of IS NULL"
        " GROUP BY tier ORDER BY tier", args
    ).fetchall())
    summaries = conn.execute(f"SELECT count(*) FROM summaries {where}", args).fetchone()[0]
    profiles = conn.execute(f"SELECT count(*) FROM profiles {where}", args).fetchone()[0]
    edges = dict(conn.execute(f"SELECT edge_type, count(*) FROM edges {where} GROUP BY edge_type", args).fetchall())
    edges["duplicate_of"] = edges.get("duplicate_of", 0) + dups
    # dry-run actions record what would have happened: counted apart from what did
    counted = conn.execute(f"SELECT dry_run, action, count(*) FROM actions {where} GROUP BY 1, 2", args).fetchall()
    actions = {a: n for dry, a, n in counted if not dry}
    dry_run_actions = {a: n for dry, a, n in counted if dry}
    pending = conn.execute(
        f"SELECT count(*) FROM suggestions {where} {'AND' if where else 'WHERE'} status = 'pending'", args
    ).fetchone()[0]
    # what a standard recall searches after consolidation: summaries + raw rows not summarised,
    # superseded or duplicated (before: every non-duplicate raw row)
    units_after = summaries + unsummarized
    before = total - dups
    return {
        "users": users,
        "memories": total,
        "active_memories": active,
        "duplicates": dups,
        "flagged": flagged,
        "summaries": summaries,
        "profiles": profiles,
        "edges": edges,
        "tiers": tiers,
        "actions": actions,
        "dry_run_actions": dry_run_actions,
        "pending_suggestions": pending,
        "compression_ratio": round(before / units_after, 3) if units_after else None,
    }


def user_ids(conn: psycopg.Connection) -> list[str]:
    return [r[0] for r in conn.execute("SELECT DISTINCT user_id FROM memories ORDER BY 1")]


def user_overview(conn: psycopg.Connection, user_id: str) -> dict[str, Any]:
    """What consolidation made of one user: summaries with their sources, supersessions, profile, tiers."""
    summaries = conn.execute(
        "SELECT s.id, s.content, s.scope || '/' || s.method,"
        " array_agg(coalesce(m.external_id, m.id::text) ORDER BY m.id)"
        " FROM summaries s JOIN memories m ON m.id = ANY(s.source_ids) WHERE s.user_id = %s"
        " GROUP BY s.id, s.content, s.scope, s.method ORDER BY s.scope, s.temporal_start", (user_id,)).fetchall()
    sups = conn.execute(
        "SELECT n.content, o.content, e.reason FROM edges e JOIN memories n ON n.id::text = e.source_id"
        " JOIN memories o ON o.id::text = e.target_id WHERE e.user_id = %s AND e.edge_type = 'supersedes'"
        " ORDER BY e.id", (user_id,)).fetchall()
    prof = conn.execute("SELECT content, version FROM profiles WHERE user_id = %s", (user_id,)).fetchone()
    tiers = dict(conn.execute("SELECT tier, count(*) FROM memories WHERE user_id = %s AND duplicate_of IS NULL"
                              " GROUP BY tier", (user_id,)).fetchall())
    return {
        "summaries": [{"id": i, "content": c, "method": m, "sources": list(src)} for i, c, m, src in summaries],
        "supersessions": [{"newer": n, "older": o, "reason": r} for n, o, r in sups],
        "profile": prof[0] if prof else None,
        "tiers": tiers,
    }
