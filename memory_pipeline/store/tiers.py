"""Retention, tiers and layers as one set-based statement for a batch of users.

The score is `lib/retention.compute_retention_batch` written in SQL, so a run refreshes tiers without
reading its rows into Python; `lib/retention` stays the reference and the tests hold the two to the
same tier on random rows. Changes a run has decided but not yet written (links set by supersession,
summaries, REPLACE) come in as overrides, so the tiers match what the run's end state implies.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from datetime import datetime

import psycopg

from memory_pipeline.lib.retention import RetentionConfig

# leaving working memory, as `lib.retention.memory_layer`'s defaults
WORKING_MINUTES = 15.0
PROMOTE_IMPORTANCE = 0.7
PROMOTE_ACCESS = 3


@dataclass
class TierResult:
    changes: list[tuple[int, str, str, str, str]] = field(default_factory=list)  # id, old/new tier, old/new layer
    tally: Counter = field(default_factory=Counter)  # active rows by (new) tier
    units: int = 0  # active rows neither superseded nor summarized: what recall searches besides summaries
    due: datetime | None = None  # the earliest time a row's decay moves it to a lower tier (None: never)

    @property
    def active(self) -> int:
        return sum(self.tally.values())


def _score(created: str, accessed: str | None, count: str, weight: str, own: str | None, sup: str) -> str:
    """SQL of the retention score; every argument is an SQL expression."""
    age = f"greatest(0, extract(epoch FROM (%(now)s::timestamptz - {created}))::float8 / 86400.0)"
    if accessed:
        age = (f"CASE WHEN {accessed} IS NULL THEN {age} ELSE least({age}, greatest(0,"
               f" extract(epoch FROM (%(now)s::timestamptz - {accessed}))::float8 / 86400.0)) END")
    # capped where 2^-x underflows (PostgreSQL raises on it): a row dated over ~90 years back failed the run
    recency = f"power(2::float8, -least(({age}) / %(half_life)s, 1000))"
    total = f"(%(rw)s * {recency} + {_steady(count, weight, own)}) * {_factor(sup)}"
    return f"least(1, greatest(0, {total}))"


def _steady(count: str, weight: str, own: str | None) -> str:
    """The terms of the score that do not move with time: activation and importance, weighted."""
    activation = f"least(1, ln(1 + greatest({count}, 0)::float8) / ln(1 + %(saturation)s::float8))"
    imp = weight if own is None else f"greatest({weight}, least(1, greatest(0, {own}::float8)))"
    return f"%(aw)s * {activation} + %(iw)s * least(1, greatest(0, {imp}))"


def _factor(sup: str) -> str:
    return f"CASE WHEN {sup} THEN %(factor)s ELSE 1 END"


def _tier(score: str, sup: str) -> str:
    return (f"CASE WHEN {score} >= %(hot)s THEN 'hot' WHEN {score} >= %(warm)s THEN 'warm'"
            f" WHEN {sup} THEN 'archived' ELSE 'cold' END")


def _due(created: str, accessed: str | None, count: str, weight: str, own: str | None, sup: str,
         tier: str) -> str:
    """SQL of when the score of `_score` (no new access) falls below the threshold of `tier`: the
    recency term is the only one that changes with time, rw * 2^(-age / half_life), so the crossing is
    age* = half_life * log2(rw / (T / factor - the other terms)) after the row's reference time (its
    creation or last access, whichever is later). NULL where no decay can lower the tier (cold and
    archived rows, or other terms alone above T); a minute early, so rounding never makes it late."""
    ref = created if accessed is None else f"greatest({created}, coalesce({accessed}, {created}))"
    rest = (f"(CASE {tier} WHEN 'hot' THEN %(hot)s WHEN 'warm' THEN %(warm)s END::float8 / nullif({_factor(sup)}, 0)"
            f" - ({_steady(count, weight, own)}))")
    return (f"CASE WHEN NOT %(rw)s::float8 > 0 OR NOT {rest} > 0 THEN NULL"
            f" WHEN {rest} >= %(rw)s THEN %(now)s::timestamptz"
            f" ELSE {ref} + make_interval(secs => %(half_life)s * 86400.0 * ln(%(rw)s / {rest}) / ln(2.0)"
            f" - 60) END")


def _capped(due: str) -> str:
    """A crossing past the calendar Python reads (a row dated near year 9999) is read as never."""
    return f"CASE WHEN ({due}) < '9000-01-01'::timestamptz THEN ({due}) END"


def retention_key(rc: RetentionConfig) -> str:
    """The retention settings a stored tier state was computed under (and promotion's constants)."""
    values = {f.name: getattr(rc, f.name) for f in fields(rc)}
    values["namespace_importance"] = sorted(dict(rc.namespace_importance).items())
    text = json.dumps([values, PROMOTE_IMPORTANCE, PROMOTE_ACCESS, WORKING_MINUTES], sort_keys=True, default=str)
    return hashlib.sha1(text.encode()).hexdigest()[:16]


def _params(rc: RetentionConfig, now: datetime) -> dict:
    ns = dict(rc.namespace_importance)
    return {"now": now, "half_life": rc.half_life_days, "saturation": rc.activation_saturation,
            "rw": rc.recency_weight, "aw": rc.activation_weight, "iw": rc.importance_weight,
            "factor": rc.superseded_factor, "hot": rc.hot_threshold, "warm": rc.warm_threshold,
            "ns": list(ns), "nsw": [float(v) for v in ns.values()], "default_w": rc.default_importance}


# Written once for a batch of users (user -> the largest id its run read); one user is a batch of one.
# A user with `hw` set (`Since`) is read only where a tier can have moved since the last statement.
_MEMORY_TIERS = """
WITH w(ns, weight) AS (SELECT * FROM unnest(%(ns)s::text[], %(nsw)s::float8[])),
q(user_id, max_id, hw) AS (SELECT * FROM unnest(%(users)s::text[], %(max_ids)s::bigint[], %(hws)s::bigint[])),
o(id, sup, summ, dup) AS (SELECT * FROM unnest(%(oid)s::bigint[], %(osup)s::boolean[], %(osumm)s::boolean[],
                                               %(odup)s::boolean[])),
-- each kind through its own index: saved since; open (current and not summarized, flagged or in
-- working memory: time moves the layer on, and a save that committed after the last statement's
-- snapshot with a lower id is one of them); decided by this run
since_ids(id) AS (
  SELECT m.id FROM q JOIN memories m ON m.user_id = q.user_id AND m.id > q.hw WHERE q.hw IS NOT NULL
  UNION SELECT m.id FROM q JOIN memories m ON m.user_id = q.user_id WHERE q.hw IS NOT NULL AND m.duplicate_of IS NULL
    AND ((m.superseded_by IS NULL AND m.summarized_into IS NULL) OR m.flagged OR m.layer = 'working')
  UNION SELECT id FROM o
),
r AS (
  SELECT q.hw, {cols} FROM q JOIN memories m ON m.user_id = q.user_id AND m.id <= q.max_id WHERE q.hw IS NULL
  UNION ALL SELECT q.hw, {cols} FROM q JOIN memories m ON m.user_id = q.user_id AND m.id <= q.max_id
    AND m.id = ANY(ARRAY(SELECT id FROM since_ids)) WHERE q.hw IS NOT NULL
),
a AS (
  SELECT r.*, coalesce(o.sup, r.superseded_by IS NOT NULL) AS sup, coalesce(o.summ, r.summarized_into IS NOT NULL)
         AS summ, coalesce(o.dup, r.duplicate_of IS NOT NULL) AS dup FROM r LEFT JOIN o ON o.id = r.id
),
-- what the last statement counted of the rows read again (their tier and links as it left them)
was AS (
  SELECT user_id, tier, count(*) n, count(*) FILTER (WHERE superseded_by IS NULL AND summarized_into IS NULL) units
  FROM a WHERE hw IS NOT NULL AND id <= hw AND duplicate_of IS NULL GROUP BY 1, 2
),
b AS (
  SELECT a.user_id, a.id, a.version, a.tier AS old_tier, a.layer AS old_layer, a.created_at, a.last_accessed,
         a.access_count, a.importance, coalesce(w.weight, %(default_w)s) AS weight, a.sup, a.summ
  FROM a LEFT JOIN w ON w.ns = a.namespace WHERE NOT a.dup
),
c AS (
  SELECT user_id, id, version, old_tier, old_layer, NOT sup AND NOT summ AS unit, {tier} AS new_tier,
         created_at, last_accessed, access_count, importance, weight, sup,
         CASE WHEN summ OR importance > %(p_imp)s OR access_count >= %(p_acc)s
                   OR extract(epoch FROM (%(now)s::timestamptz - created_at))::float8 / 60.0 >= %(p_min)s
              THEN 'episodic' ELSE 'working' END AS new_layer
  FROM b
),
u AS ({write})
SELECT (SELECT coalesce(json_agg(json_build_array(user_id, new_tier, n, units)), '[]')
        FROM (SELECT user_id, new_tier, count(*) n, count(*) FILTER (WHERE unit) units FROM c GROUP BY 1, 2) t),
       (SELECT coalesce(json_agg(json_build_array(user_id, id, old_tier, new_tier, old_layer, new_layer) ORDER BY id),
                        '[]') FROM u),
       (SELECT coalesce(json_agg(json_build_array(user_id, due)), '[]') FROM (SELECT user_id, min({due}) AS due
        FROM c GROUP BY user_id) t),
       (SELECT coalesce(json_agg(json_build_array(user_id, tier, n, units)), '[]') FROM was)
"""
_COLUMNS = ("m.id, m.user_id, m.version, m.tier, m.layer, m.created_at, m.last_accessed, m.access_count,"
            " m.importance, m.namespace, m.superseded_by, m.summarized_into, m.duplicate_of")
_WRITE = ("UPDATE memories m SET tier = c.new_tier, layer = c.new_layer FROM c"
          " WHERE m.id = c.id AND m.version = c.version AND (c.old_tier, c.old_layer) <> (c.new_tier, c.new_layer)"
          " RETURNING c.user_id, c.id, c.old_tier, c.new_tier, c.old_layer, c.new_layer")
_DRY = ("SELECT user_id, id, old_tier, new_tier, old_layer, new_layer FROM c"
        " WHERE (old_tier, old_layer) <> (new_tier, new_layer)")


def refresh_memory_tiers(conn: psycopg.Connection, user_id: str, now: datetime, rc: RetentionConfig, *,
                         overrides: Mapping[int, tuple[bool, bool, bool]] | None = None,
                         write: bool = True, max_id: int | None = None) -> TierResult:
    """Tier and layer of every active memory of the user up to `max_id` (what the run read), written
    where they changed (and the row's version is still the one read). `overrides`: id -> (superseded,
    summarized, duplicate) as the run decided them. `write=False` (dry run) computes the same changes
    and writes nothing."""
    return refresh_memory_tiers_many(conn, {user_id: max_id if max_id is not None else 2**62}, now, rc,
                                     overrides=overrides, write=write)[user_id]


@dataclass(frozen=True)
class Since:
    """A user's last tier statement, still true for every row it read (`consolidation.reads.tiers_held`
    decides when): the largest id it read, and what it found."""

    high_water: int
    found: TierResult


def refresh_memory_tiers_many(conn: psycopg.Connection, max_ids: Mapping[str, int], now: datetime,
                              rc: RetentionConfig, *, overrides: Mapping[int, tuple[bool, bool, bool]] | None = None,
                              write: bool = True, since: Mapping[str, Since] | None = None) -> dict[str, TierResult]:
    """`refresh_memory_tiers` for many users (user -> the largest id its run read) in one statement.

    A user in `since` is read only where a tier can have moved since that statement (rows saved
    since, open rows, rows `overrides` names); their counts and due time are that statement's, moved
    by what the rows read again count now against what they counted then. (A save that committed
    after that statement with an id below its high-water mark was not counted by it but is
    subtracted here: one row off until the next full statement; the row's own tier is right.)"""
    since = dict(since or {})
    sql = _MEMORY_TIERS.format(
        tier=_tier(_score("created_at", "last_accessed", "access_count", "weight", "importance", "sup"), "sup"),
        due=_capped(_due("created_at", "last_accessed", "access_count", "weight", "importance", "sup", "new_tier")),
        write=_WRITE if write else _DRY, cols=_COLUMNS)
    ov = dict(overrides or {})
    params = {**_params(rc, now), "users": list(max_ids), "max_ids": list(max_ids.values()),
              "hws": [since[u].high_water if u in since else None for u in max_ids],
              "oid": list(ov), "osup": [v[0] for v in ov.values()],
              "osumm": [v[1] for v in ov.values()], "odup": [v[2] for v in ov.values()],
              "p_imp": PROMOTE_IMPORTANCE, "p_acc": PROMOTE_ACCESS, "p_min": WORKING_MINUTES}
    tally, changes, due, was = conn.execute(sql, params).fetchone()
    out = {u: TierResult() for u in max_ids}
    for u, when in due:
        out[u].due = datetime.fromisoformat(when) if when else None
    for u, t, n, units in tally:
        out[u].tally[t] = n
        out[u].units += units
    for u, *c in changes:
        out[u].changes.append(tuple(c))
    for u, base in since.items():
        res = out[u]
        res.tally.update(base.found.tally)
        res.units += base.found.units
        res.due = min((d for d in (res.due, base.found.due) if d is not None), default=None)
    for u, t, n, units in was:
        out[u].tally[t] -= n
        out[u].units -= units
    for res in out.values():
        res.tally = +res.tally  # tiers no row is in any more
    return out


_SUMMARY_TIERS = """
WITH w(ns, weight) AS (SELECT * FROM unnest(%(ns)s::text[], %(nsw)s::float8[])),
c AS (
  SELECT s.user_id, s.id, s.tier AS old_tier, {tier} AS t, s.temporal_end, s.access_count,
         coalesce(w.weight, %(default_w)s) AS weight
  FROM summaries s LEFT JOIN w ON w.ns = s.namespace WHERE s.user_id = ANY(%(users)s)
),
-- summaries are warm at the least: a standard recall always sees what was consolidated
d AS (SELECT user_id, id, old_tier, CASE WHEN t = 'cold' THEN 'warm' ELSE t END AS new_tier, temporal_end,
             access_count, weight FROM c),
x AS ({write})
SELECT (SELECT coalesce(json_agg(json_build_array(user_id, id, tier)), '[]') FROM x),
       (SELECT coalesce(json_agg(json_build_array(user_id, due)), '[]') FROM (SELECT user_id, min({due}) AS due
        FROM d GROUP BY user_id) t)
"""


@dataclass
class SummaryTiers:
    changes: dict[str, str] = field(default_factory=dict)  # summary id -> new tier, where it changed
    due: datetime | None = None  # as `TierResult.due` (a summary never falls below warm)


def refresh_summary_tiers(conn: psycopg.Connection, user_id: str, now: datetime, rc: RetentionConfig, *,
                          write: bool = True) -> dict[str, str]:
    """Summaries take their retention from their newest source (`temporal_end`); returns the changed
    ones (id -> new tier), written unless `write` is False."""
    return refresh_summary_tiers_many(conn, [user_id], now, rc, write=write)[user_id].changes


def refresh_summary_tiers_many(conn: psycopg.Connection, users: list[str], now: datetime, rc: RetentionConfig, *,
                               write: bool = True) -> dict[str, SummaryTiers]:
    """`refresh_summary_tiers` for many users in one statement, with when each user's can next change."""
    score = _score("s.temporal_end", None, "s.access_count", "coalesce(w.weight, %(default_w)s)",
                   None, "false")
    due = _capped(_due("temporal_end", None, "access_count", "weight", None, "false",
                       "CASE WHEN new_tier = 'hot' THEN 'hot' END"))
    tail = ("UPDATE summaries s SET tier = d.new_tier FROM d WHERE s.id = d.id AND d.old_tier IS DISTINCT FROM"
            " d.new_tier RETURNING s.user_id, s.id, s.tier") if write else \
        "SELECT user_id, id, new_tier AS tier FROM d WHERE old_tier IS DISTINCT FROM new_tier"
    sql = _SUMMARY_TIERS.format(tier=_tier(score, "false"), due=due, write=tail)
    out = {u: SummaryTiers() for u in users}
    changed, dues = conn.execute(sql, {**_params(rc, now), "users": list(users)}).fetchone()
    for u, sid, t in changed:
        out[u].changes[sid] = t
    for u, when in dues:
        out[u].due = datetime.fromisoformat(when) if when else None
    return out
