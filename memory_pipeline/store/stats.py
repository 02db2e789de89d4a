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
