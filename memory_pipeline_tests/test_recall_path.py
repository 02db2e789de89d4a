"""Recall's hot path: one statement per recall, units ranked in SQL (a summary scored by its best
source memory), the query embedding cache, namespaces, dates and time travel through the same path."""

from __future__ import annotations

import numpy as np
import pytest

from memory_pipeline.embedding.base import query_vector
from memory_pipeline.embedding.query_cache import QueryCache, normalise_query
from memory_pipeline_tests.fixtures import alice_memories


class _Counting:
    """A connection that counts the statements sent through it."""

    def __init__(self, conn):
        self._conn, self.statements = conn, []

    def execute(self, query, params=None, **kw):
        self.statements.append(query)
        return self._conn.execute(query, params, **kw)

    def __getattr__(self, name):
        return getattr(self._conn, name)


@pytest.fixture
def consolidated(service):
    service.remember_many(alice_memories())
    assert service.consolidate("alice")["status"] == "SUCCESS"
    return service


@pytest.mark.integration
@pytest.mark.parametrize("how", [
    {"mode": "standard"}, {"mode": "reflexive"}, {"mode": "deep"}, {"mode": "exhaustive", "limit": 3},
    {"mode": "standard", "max_chars": 400}, {"mode": "deep", "as_of": "2025-01-20T00:00:00Z"},
    {"mode": "standard", "namespace": "default"},
])
def test_one_statement_per_recall(consolidated, how):
    from datetime import datetime

    from memory_pipeline import recall as rec

    rec.recall(consolidated.conn, consolidated.embedder, "alice", "warm-up")  # caches whether alice is heavy
    conn = _Counting(consolidated.conn)
    if "as_of" in how:
        how = {**how, "as_of": datetime.fromisoformat(how["as_of"].replace("Z", "+00:00"))}
    # a dated question too: its memories come from the same statement
    rows = rec.recall(conn, consolidated.embedder, "alice", "What did I sign on 2025-02-14?", **how)
    assert rows and len(conn.statements) == 1


@pytest.mark.integration
def test_a_summary_unit_scores_as_its_best_source_or_own_text_and_the_limit_counts_units(consolidated):
    svc = consolidated
    query = "coffee in the morning"
    q = query_vector(svc.embedder, query)  # the question's vector as recall encodes it
    mems = svc.conn.execute(
        "SELECT m.id, m.embedding, m.summarized_into FROM memories m JOIN summaries s ON s.id = m.summarized_into"
        " WHERE m.user_id = 'alice' AND m.duplicate_of IS NULL AND s.tier IN ('hot', 'warm')").fetchall()
    assert mems, "the fixture's consolidation summarises the paraphrase groups"
    sims: dict[str, list[tuple[float, int]]] = {}
    for mid, emb, sid in mems:
        sims.setdefault(sid, []).append((float(np.dot(q, emb.to_numpy())), mid))
    rows = svc.recall("alice", query, mode="standard", limit=3, include_profile=False, track=False)
    assert len(rows) == 3  # three units, however many memories each summary stands for
    summaries = [r for r in rows if r["kind"] == "summary"]
    assert summaries
    for r in summaries:
        best = sorted(sims[r["id"]], reverse=True)
        # its best source memory, or its own text where that is closer
        assert r["text_score"] is not None
        assert r["score"] == pytest.approx(max(best[0][0], r["text_score"]), abs=1e-4)
        assert [e["id"] for e in r["evidence"]] == [m for _, m in best[:3]]


@pytest.mark.integration
def test_namespaces_keep_their_own_rows(service):
    service.remember("nina", "My work laptop is a grey ThinkPad.", namespace="work")
    service.remember("nina", "My home laptop is a silver MacBook.", namespace="home")
    work = service.recall("nina", "which laptop do I have?", namespace="work", track=False)
    both = service.recall("nina", "which laptop do I have?", track=False)
    assert [r["content"] for r in work if r["kind"] == "memory"] == ["My work laptop is a grey ThinkPad."]
    assert {r["content"] for r in both if r["kind"] == "memory"} == {
        "My work laptop is a grey ThinkPad.", "My home laptop is a silver MacBook."}


@pytest.mark.integration
def test_time_travel_hides_later_rows_and_profile(consolidated):
    rows = consolidated.recall("alice", "where do I live?", mode="exhaustive", as_of="2025-01-10T00:00:00Z",
                               track=False)
    assert rows and all(r["kind"] == "memory" and r["created_at"] < "2025-01-10" for r in rows)


def test_query_cache_hits_normalises_and_evicts():
    class Enc:
        name, backend, dimension = "fake", "test", 3

        def __init__(self):
            self.calls = []

        def encode(self, texts, batch_size=64):
            self.calls.append(list(texts))
            return np.asarray([[len(t), 1.0, 0.0] for t in texts], dtype=np.float32)

    enc, cache = Enc(), QueryCache(max_entries=2)
    a = cache.encode(enc, "where do I live?")
    assert cache.encode(enc, "  where  do I\tlive? ") is a  # the same entry, no second encoding
    assert enc.calls == [["where do I live?"]] and (cache.hits, cache.misses) == (1, 1)
    with pytest.raises(ValueError):
        a[0] = 0.0  # shared between callers: read-only
    cache.encode(enc, "b")
    cache.encode(enc, "where do I live?")  # refreshed: "b" is now the oldest
    cache.encode(enc, "c")
    assert len(cache) == 2
    cache.encode(enc, "b")
    assert enc.calls[-1] == ["b"]  # evicted, encoded again
    assert normalise_query(" a \n b ") == "a b"


@pytest.mark.integration
def test_cached_query_vector_is_the_encoders(service):
    from memory_pipeline.embedding.query_cache import QUERIES, encode_query

    QUERIES.clear()
    v = encode_query(service.embedder, "  what is my favourite  language? ")
    assert np.allclose(v, service.embedder.encode_query("what is my favourite language?"), atol=1e-6)
    assert encode_query(service.embedder, "what is my favourite language?") is v



@pytest.mark.integration
def test_activation_counts_update_rows_in_place(service):
    """The count update changes no indexed column and each heap page keeps room for one new row version
    (fillfactor), so counting a row on its own page adds no index entries (a HOT update)."""
    from memory_pipeline.store import recall as sql

    service.remember_many([{"user_id": "hot", "content": f"Note {i}: meeting room {i} has a whiteboard."}
                           for i in range(60)])
    # one row per heap page, as a recall's rows mostly are
    ids = [r[0] for r in service.conn.execute(
        "SELECT DISTINCT ON ((ctid::text::point)[0]) id FROM memories WHERE user_id = 'hot'")]
    assert len(ids) >= 10
    with service.conn.transaction():
        sql.send_touch(service.conn, "hot", {i: 1 for i in ids}, {})
        sql.touch_done(service.conn)
        updated, hot = service.conn.execute(
            "SELECT pg_stat_get_xact_tuples_updated('memories'::regclass),"
            " pg_stat_get_xact_tuples_hot_updated('memories'::regclass)").fetchone()
    assert updated == hot == len(ids)


@pytest.mark.integration
def test_memory_date_span_covers_every_date_and_never_raises(service):
    """Evaluated when a heavy user's row is written (their dates index): bad input gives NULL, not an error."""
    got = service.conn.execute(
        "SELECT memory_date_span(%s::jsonb)::text, memory_date_span('[]'), memory_date_span('{\"a\": 1}'),"
        " memory_date_span('[{\"date\": \"not a date\"}]'), memory_date_span('[{\"date\": \"2025-02-30\"}]')",
        ('[{"date": "2025-03-05", "end": "2025-03-01"}, {"date": "2025-04-02"}]',)).fetchone()
    assert got == ("[2025-03-01,2025-04-03)", None, None, None, None)


@pytest.mark.integration
def test_summaries_keep_their_sources_external_ids(consolidated):
    """Recall reads a summary's sources' external ids from the summary row (a trigger keeps the copy),
    in source order, '' for a source saved without one; what it returns matches the sources."""
    svc = consolidated
    stale = """SELECT count(*) FROM summaries s WHERE s.source_external_ids IS DISTINCT FROM
               (SELECT array_agg(coalesce(m.external_id, '') ORDER BY m.id) FROM memories m
                WHERE m.id = ANY(s.source_ids))"""
    assert svc.conn.execute("SELECT count(*) FROM summaries").fetchone()[0] > 0
    assert svc.conn.execute(stale).fetchone()[0] == 0
    sid, ids = svc.conn.execute("SELECT id, source_ids FROM summaries ORDER BY id LIMIT 1").fetchone()
    nid = svc.remember("alice", "The printer on floor three jams on thick paper.").id  # no external id
    with svc.conn.transaction():  # a writer that changes a summary's sources
        svc.conn.execute("UPDATE summaries SET source_ids = source_ids || %s::bigint WHERE id = %s", (nid, sid))
    ext = svc.conn.execute("SELECT source_external_ids FROM summaries WHERE id = %s", (sid,)).fetchone()[0]
    assert ext[-1] == "" and len(ext) == len(ids) + 1
    assert svc.conn.execute(stale).fetchone()[0] == 0
    rows = svc.recall("alice", "coffee in the morning", mode="standard", limit=5, track=False)
    for r in (r for r in rows if r["kind"] == "summary"):
        want = [e for (e,) in svc.conn.execute(
            "SELECT external_id FROM memories WHERE id = ANY(%s) AND external_id IS NOT NULL ORDER BY id",
            (r["source_ids"],))]
        assert r["source_external_ids"] == want
