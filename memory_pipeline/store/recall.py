"""SQL of recall: one statement returns a recall's ranked units with their details and the profile;
activation counts; the summaries of the session block."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from datetime import datetime

import numpy as np
import psycopg
from psycopg import sql

from memory_pipeline.store import db
from memory_pipeline.store.indexes import DATED, SHARES


def activation_session(conn: psycopg.Connection, lock_timeout: str) -> None:
    """The activation connection: commits without waiting for the flush to disk, bounded lock waits."""
    conn.execute("SET synchronous_commit = off")
    conn.execute(sql.SQL("SET lock_timeout = {}").format(sql.Literal(lock_timeout)))


def send_touch(conn: psycopg.Connection, user_id: str, memory_counts: Mapping[int, int],
               summary_counts: Mapping[str, int]) -> None:
    """Activation: access counts raised by how often each row was returned, and the time
    of last access, for memories and summaries in one statement, handed to the server without waiting
    for it to finish (`touch_done` reads the outcome). Once sent, the statement runs and commits even
    if this process exits at once; the caller does not wait for a heavy user's index upkeep (a count
    moves the row, and each of its indexes gets a new entry, an HNSW one included: ~0.5 ms per row).
    The user's last access is noted too: a consolidation run re-checks tiers after one."""
    m_ids, m_n = zip(*sorted(memory_counts.items()), strict=True) if memory_counts else ((), ())
    s_ids, s_n = zip(*sorted(summary_counts.items()), strict=True) if summary_counts else ((), ())
    # a fixed text with the arrays as text parameters, prepared once per connection: nothing to compose
    # or plan per recall
    if _first_time(_PREPARED, conn):
        res = conn.pgconn.prepare(b"touch", _TOUCH)
        if res.status != psycopg.pq.ExecStatus.COMMAND_OK:
            _PREPARED.discard(_session(conn))  # tried again on the next recall
            raise psycopg.OperationalError(f"activation statement: {res.error_message.decode(errors='replace')}")
    conn.pgconn.send_query_prepared(b"touch", [_int_array(m_ids), _int_array(m_n), _text_array(s_ids), _int_array(s_n),
                                           user_id.encode()])


_PREPARED: set[tuple[int, int]] = set()  # (connection, server process) with the statement prepared
_TOUCH = (b"WITH m AS (UPDATE memories t SET access_count = t.access_count + c.n, last_accessed = now()"
          b"  FROM unnest($1::bigint[], $2::int[]) AS c(id, n) WHERE t.id = c.id),"
          b" a AS (INSERT INTO user_activity (user_id, accessed_at) VALUES ($5::text, now())"
          b"  ON CONFLICT (user_id) DO UPDATE SET accessed_at = excluded.accessed_at)"
          b" UPDATE summaries t SET access_count = t.access_count + c.n, last_accessed = now()"
          b" FROM unnest($3::text[], $4::int[]) AS c(id, n) WHERE t.id = c.id")


def touch_done(conn: psycopg.Connection) -> None:
    """Wait for the statement `send_touch` sent; raise its error, if it failed."""
    error = None
    while (res := conn.pgconn.get_result()) is not None:
        if res.status != psycopg.pq.ExecStatus.COMMAND_OK and error is None:
            error = res.error_message.strip() or b"unknown error"
    if error is not None:
        raise psycopg.OperationalError(f"activation update failed: {error.decode(errors='replace')}")


def _int_array(values) -> bytes:
    return ("{" + ",".join(str(int(v)) for v in values) + "}").encode()


def _text_array(values) -> bytes:
    # array literal elements quoted, with backslash and quote escaped (summary ids are plain, but be exact)
    return ("{" + ",".join('"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"' for v in values) + "}").encode()


def summaries_for_context(conn: psycopg.Connection, user_id: str, q: np.ndarray | None) -> list[dict]:
    cur = conn.cursor(row_factory=psycopg.rows.dict_row)
    sim = "1 - (embedding <=> %(q)b)" if q is not None else "0.0"
    return cur.execute(
        f"SELECT id, namespace, content, key_facts, decisions, superseded_facts, temporal_start, temporal_end,"
        f" confidence, access_count, {sim} AS relevance FROM summaries WHERE user_id = %(u)s ORDER BY id",
        {"u": user_id, "q": q},
    ).fetchall()


# -- one round trip -----------------------------------------------------------------------------------
# Columns of every row `fetch` returns; `part` says which kind of row it is:
#   c  a candidate memory (`unit` set: it stands for that summary; `dated`: found by a date in the question)
#   o  a summary found by its own embedding
#   m  a memory's details (candidates, their successors)
#   s  a summary's details (`d`: its own text's distance to the query)
#   p  the profile (`d`: its distance, NULL without an embedding)
# `resolved_dates` is JSON text: decoded only for the rows recall returns
FETCH_COLUMNS = ("part", "id", "d", "unit", "dated", "content", "tier", "at", "superseded_at", "external_id",
         "superseded_by", "resolved_dates", "ids", "external_ids")
_MEM_DETAIL = (
    "SELECT 'm', m.id::text, NULL::float8, NULL::text, NULL::bool, m.content, m.tier, m.created_at, n.created_at,"
    " m.external_id, m.superseded_by, m.resolved_dates::text,"
    " (SELECT array_agg(d.id ORDER BY d.id) FROM memories d WHERE d.duplicate_of = m.id),"
    " (SELECT array_agg(coalesce(d.external_id, '') ORDER BY d.id) FROM memories d WHERE d.duplicate_of = m.id)"
    " FROM memories m LEFT JOIN memories n ON n.id = m.superseded_by"
    " WHERE m.id IN (SELECT id FROM mids UNION SELECT x.superseded_by FROM memories x"
    "  WHERE x.id IN (SELECT id FROM mids) AND x.superseded_by IS NOT NULL)"
)
_SUMM_DETAIL = (
    "SELECT 's', s.id, (s.embedding <=> %(q)b)::float8, NULL, NULL, s.content, s.tier, s.temporal_end, NULL,"
    " NULL, NULL, s.resolved_dates::text, s.source_ids, s.source_external_ids"  # kept by a trigger (migration 0011)
    " FROM summaries s WHERE s.id IN (SELECT unit FROM mc WHERE unit IS NOT NULL UNION SELECT id FROM oc)"
)
_PROFILE = (
    "SELECT 'p', p.id, (p.embedding <=> %(q)b)::float8, NULL, NULL, p.content, NULL, p.updated_at, NULL, NULL,"
    " NULL, NULL, NULL, NULL FROM profiles p WHERE p.user_id = %(u)s AND %(profile)s"
)


def fetch(conn: psycopg.Connection, user_id: str, q: np.ndarray, side: SideSearch | None = None,
          **how) -> list[tuple]:
    """One recall's rows (see `statement`) in one round trip (two the first time on a connection).

    With `side`, a heavy user's (`shares`) best summaries by their own embedding are searched on the
    side connection at the same time as the rest (`own_summaries`): two HNSW searches on two cores
    instead of one after the other. Should the side fail, its statement runs here after the main one."""
    apart = side is not None and bool(how.get("shares")) and bool(how.get("index_candidates"))
    if apart:
        own = own_summaries(conn, user_id, q, tiers=how["tiers"], limit=how["limit"], as_of=how.get("as_of"),
                            namespace=how.get("namespace"))
        pending = side.submit(*own)
    text, args = statement(conn, user_id, q, own_apart=apart, **how)
    _generic_plans(conn)
    rows = conn.execute(text, args, prepare=True).fetchall()
    if apart:
        try:
            rows += pending.result()
        except psycopg.Error:
            side.reset()  # reconnects on the next heavy recall; this one reads here
            _generic_plans(conn)
            rows += conn.execute(*own, prepare=True).fetchall()
    return rows


class SideSearch:
    """A second connection, and one thread that runs statements on it while the caller's connection
    runs its own. `connect` opens it the way the caller's was opened (search settings included)."""

    def __init__(self, connect: Callable[[], psycopg.Connection]):
        self._connect = connect
        self._conn: psycopg.Connection | None = None
        self._pool: ThreadPoolExecutor | None = None

    def submit(self, text: str, args: dict) -> Future:
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="recall-side")
        return self._pool.submit(self._run, text, args)

    def _run(self, text: str, args: dict) -> list[tuple]:
        if self._conn is None or db.lost(self._conn):
            self.reset()
            self._conn = self._connect()
        _generic_plans(self._conn)
        return self._conn.execute(text, args, prepare=True).fetchall()

    def reset(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True)
            self._pool = None
        self.reset()


def own_summaries(conn: psycopg.Connection, user_id: str, q: np.ndarray, *, tiers: Sequence[str], limit: int,
                  as_of: datetime | None, namespace: str | None) -> tuple[str, dict]:
    """A heavy user's best summaries by their own embedding with their details: the rows `statement`
    gives as 'o' and 's' for them, as a statement of their own (`fetch` runs it beside the main one)."""
    args = {"u": user_id, "q": q, "tiers": list(tiers), "as_of": as_of, "ns": namespace}
    text = ("WITH mc AS (SELECT NULL::text AS unit WHERE false),"
            f" oc AS ({_own_summaries(conn, user_id, as_of, namespace, True, int(limit))})"
            " SELECT 'o', id, d, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL FROM oc"
            f" UNION ALL {_SUMM_DETAIL}")
    return text, args


_GENERIC: set[tuple[int, int]] = set()  # (connection, server process) with plan_cache_mode set


def _generic_plans(conn: psycopg.Connection) -> None:
    """Recall's statements are prepared once and planned once (planning was ~1 ms of a small user's
    ~3 ms, and of a heavy user's ~5 ms). A generic plan is as good as one made for the values because
    every value that shapes it is in the text: the limits, and a heavy user's id (which names their
    partial indexes); with a parameter for LIMIT the planner assumed a tenth of the rows and hashed
    every summary of a heavy user (15 ms instead of 5)."""
    if not conn.autocommit:  # the caller's transaction: for this statement only, never remembered
        conn.execute("SET LOCAL plan_cache_mode = force_generic_plan")
        return
    if _first_time(_GENERIC, conn):
        conn.execute("SET plan_cache_mode = force_generic_plan")


def _session(conn: psycopg.Connection) -> tuple[int, int]:
    return id(conn.pgconn), conn.pgconn.backend_pid


def _first_time(done: set[tuple[int, int]], conn: psycopg.Connection) -> bool:
    """Whether `conn`'s session is not in `done` yet (then it is now): per-session setup done once.
    Connections come and go; past 256 the set starts again and a forgotten one is set up again."""
    key = _session(conn)
    if key in done:
        return False
    if len(done) > 256:
        done.clear()
    done.add(key)
    return True


def statement(conn: psycopg.Connection, user_id: str, q: np.ndarray, *, tiers: Sequence[str], limit: int,
              per_unit: int, as_of: datetime | None, namespace: str | None, as_units: bool,
              dates: Sequence[tuple] = (), profile: bool = True, index_candidates: int = 0,
              shares: Sequence[str] = (), own_apart: bool = False) -> tuple[str, dict]:
    """Everything one recall needs, in one statement: the `limit` best units (a memory, or a summary
    standing for its summarised memories, scored by its best one) with up to `per_unit` evidence rows
    each, the best summaries by their own embedding, memories about `dates` ([start, end] pairs), the
    details of all of them (and of the successors of superseded memories), and the profile.

    The units are ranked exactly over every searchable row of the user; `index_candidates` > 0 (a heavy
    user with HNSW indexes of their own) groups that many nearest rows of each index share in `shares`
    (`store.indexes`; none: the user's single index of the earlier layout) instead. `own_apart`: the
    best summaries by their own embedding are left to `own_summaries`.
    Rows are tuples in the order of `FETCH_COLUMNS`."""
    # the limits are in the text, not parameters: the prepared plan is made for them (`_generic_plans`)
    k, per = int(limit), int(per_unit)
    args: dict = {"u": user_id, "q": q, "tiers": list(tiers), "as_of": as_of, "ns": namespace, "profile": profile,
                  "da": [d[0] for d in dates], "db": [d[1] for d in dates]}
    both = bool(shares) and bool(index_candidates)
    text = (
        "WITH cand AS MATERIALIZED ("
        f"{_candidates(conn, user_id, as_of, namespace, as_units, index_candidates, shares)}),"
        # a summarised memory counts where its summary's tier is searched (checked on the candidates
        # only: a filter on every row of a heavy user would hash all summaries)
        " ranked AS (SELECT c.id, c.d, c.unit, row_number() OVER (PARTITION BY coalesce('s' || c.unit, c.id::text)"
        "  ORDER BY c.d, c.id) AS r FROM cand c LEFT JOIN summaries s ON s.id = c.unit"
        "  WHERE c.unit IS NULL OR s.tier = ANY(%(tiers)s)),"
        f" units AS (SELECT coalesce('s' || unit, id::text) AS key FROM ranked WHERE r = 1 ORDER BY d, id LIMIT {k}),"
        f" mc AS (SELECT id, d, unit FROM ranked WHERE r <= CASE WHEN unit IS NULL THEN 1 ELSE {per} END"
        "  AND coalesce('s' || unit, id::text) IN (SELECT key FROM units)),"
        f" oc AS ({_NO_ROWS if own_apart else _own_summaries(conn, user_id, as_of, namespace, both, k)}),"
        f" dc AS ({_dated(conn, user_id, as_of, bool(index_candidates), k)}),"
        " mids AS (SELECT id FROM mc UNION SELECT id FROM dc)"
        " SELECT 'c', id::text, d, unit, false, NULL, NULL, NULL::timestamptz, NULL::timestamptz, NULL, NULL::bigint,"
        "  NULL::text, NULL::bigint[], NULL::text[] FROM mc"
        " UNION ALL SELECT 'c', id::text, d, NULL, true, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL FROM dc"
        " UNION ALL SELECT 'o', id, d, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL FROM oc"
        f" UNION ALL {_MEM_DETAIL} UNION ALL {_SUMM_DETAIL} UNION ALL {_PROFILE}"
    )
    return text, args


_NO_ROWS = "SELECT NULL::text AS id, NULL::float8 AS d WHERE false"


def _candidates(conn, user_id: str, as_of, namespace, as_units: bool, index_candidates: int, shares) -> str:
    """Every searchable memory of the user with its distance and the summary unit it stands for.

    `as_units` (reflexive / standard): a summarised memory is searched by its own embedding but stands
    for its summary (the unit after consolidation), whatever its own tier (`ranked` keeps it where the
    summary's tier is searched). With `as_of`, rows created later are invisible, a supersession counts only if the newer
    memory existed by then (the archived row it produced is searchable again as current), and a
    summary may hold later memories, so summarised memories are searched as raw rows."""
    if as_units and not as_of:
        tier_ok = "(m.summarized_into IS NULL AND m.tier = ANY(%(tiers)s)) OR m.summarized_into IS NOT NULL"
        unit = "m.summarized_into"
    else:
        tier_ok = "m.tier = ANY(%(tiers)s)"
        if as_of:
            tier_ok += (" OR (m.tier = 'archived' AND m.superseded_by IS NOT NULL AND"
                        " (SELECT n.created_at FROM memories n WHERE n.id = m.superseded_by) > %(as_of)s)")
        if as_units:
            tier_ok += " OR m.summarized_into IS NOT NULL"
        unit = "NULL::text"
    where = (" WHERE m.user_id = {user} AND m.duplicate_of IS NULL AND (" + tier_ok + ")"
             + (" AND m.created_at <= %(as_of)s" if as_of else "")
             + (" AND m.namespace = %(ns)s" if namespace else ""))
    if index_candidates:
        # a heavy user's own partial HNSW indexes: the planner matches one only with the user id inlined
        # and the index's predicate in the query
        where = where.format(user=sql.Literal(user_id).as_string(conn).replace("%", "%%"))
        head = f"SELECT m.id, m.embedding <=> %(q)b AS d, {unit} AS unit FROM memories m"
        if not shares:
            return head + where + f" ORDER BY d LIMIT {int(index_candidates)}"
        return " UNION ALL ".join(f"({head}{where} AND {SHARES[s]} ORDER BY d LIMIT {int(index_candidates)})"
                                  for s in shares)
    # `+ 0` keeps the planner off vector indexes: an exact scan of the covering btree
    return f"SELECT m.id, (m.embedding <=> %(q)b) + 0 AS d, {unit} AS unit FROM memories m" + where.format(user="%(u)s")


def _own_summaries(conn, user_id: str, as_of, namespace, indexed: bool, k: int) -> str:
    """The best summaries by their own embedding: exact, or from a heavy user's summary index."""
    user, order = "%(u)s", "(s.embedding <=> %(q)b) + 0"
    if indexed:  # matched only with the user id inlined
        user, order = sql.Literal(user_id).as_string(conn).replace("%", "%%"), "s.embedding <=> %(q)b"
    return (f"SELECT s.id, {order} AS d FROM summaries s"
            f" WHERE s.user_id = {user} AND s.tier = ANY(%(tiers)s)"
            + (" AND s.temporal_end <= %(as_of)s" if as_of else "")
            + (" AND s.namespace = %(ns)s" if namespace else "")
            + f" ORDER BY d LIMIT {k}")


def _dated(conn, user_id: str, as_of, indexed: bool, k: int) -> str:
    """Memories created on a day in a [start, end] of the question, or whose resolved dates fall in it.
    A heavy user (`indexed`) finds the latter through their dates index (`store.indexes`), matched
    only with the user id inlined and the index's predicate in the query; the exact check follows."""
    user, span = "%(u)s", ""
    if indexed:
        user = sql.Literal(user_id).as_string(conn).replace("%", "%%")
        span = f"{DATED} AND memory_date_span(m.resolved_dates) && daterange(r.a, r.b, '[]') AND "
    return ("SELECT x.id, x.d FROM unnest(%(da)s::date[], %(db)s::date[]) AS r(a, b) CROSS JOIN LATERAL"
            " (SELECT m.id, (m.embedding <=> %(q)b) + 0 AS d FROM memories m"
            f" WHERE m.user_id = {user} AND m.duplicate_of IS NULL"
            + (" AND m.created_at <= %(as_of)s" if as_of else "")
            # the creation day as a range of the (user, created_at) index; same days as created_at::date
            + " AND ((m.created_at >= r.a AND m.created_at < r.b + 1) OR (" + span + "EXISTS (SELECT 1 FROM"
            " jsonb_array_elements(m.resolved_dates) e WHERE (e->>'date')::date <= r.b"
            " AND coalesce(e->>'end', e->>'date')::date >= r.a)))"
            f" ORDER BY d LIMIT {k}) x")
