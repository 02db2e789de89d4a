"""Recall modes, supersession ranking, as_of time travel, source ids, session context."""

from __future__ import annotations

import time

import pytest

from memory_pipeline.errors import ValidationError
from memory_pipeline_tests.fixtures import alice_memories

pytestmark = pytest.mark.integration


def test_modes_filter_tiers(service):
    ids = {}
    for tier in ("hot", "warm", "cold", "archived"):
        ids[tier] = service.remember("tina", f"The {tier} drawer holds the spare keys for the {tier} shed.").id
        with service.conn.transaction():
            service.conn.execute("UPDATE memories SET tier = %s WHERE id = %s", (tier, ids[tier]))
    expected = {"reflexive": {"hot"}, "standard": {"hot", "warm"}, "deep": {"hot", "warm", "cold"},
                "exhaustive": {"hot", "warm", "cold", "archived"}}
    for mode, tiers in expected.items():
        rows = service.recall("tina", "where are the spare keys?", mode=mode, include_profile=False)
        assert {r["tier"] for r in rows} == tiers, mode
        assert {int(r["id"]) for r in rows} == {ids[t] for t in tiers}


def test_bad_recall_input(service):
    with pytest.raises(ValidationError):
        service.recall("tina", "x", mode="psychic")
    with pytest.raises(ValidationError):
        service.recall("tina", "   ")
    with pytest.raises(ValidationError):
        service.recall("tina", "x", as_of="not a time")


@pytest.fixture
def consolidated(service):
    service.remember_many(alice_memories())
    assert service.consolidate("alice")["status"] == "SUCCESS"
    return service


def _by_content(rows, needle):
    return [i for i, r in enumerate(rows) if needle in r["content"]]


def test_superseded_fact_never_outranks_successor(consolidated):
    for mode in ("deep", "exhaustive"):  # the fixture's memories are months old: cold, not in standard
        rows = consolidated.recall("alice", "I live in Paris", mode=mode, track=False)
        berlin, paris = _by_content(rows, "Berlin"), _by_content(rows, "I live in Paris")
        assert berlin, rows
        if paris:  # exhaustive shows the old fact, below the new one and not as current
            assert min(berlin) < min(paris)
            assert rows[paris[0]]["current"] is False and rows[paris[0]]["superseded_by"] is not None


def test_as_of_before_supersession_returns_old_fact_as_current(consolidated):
    rows = consolidated.recall("alice", "where do I live?", as_of="2025-01-20T00:00:00Z", track=False)
    paris = _by_content(rows, "Paris")
    assert paris and rows[paris[0]]["current"] is True
    assert not _by_content(rows, "Berlin")
    assert all(r["created_at"] <= "2025-01-20" for r in rows if r["kind"] == "memory")


def test_every_row_names_its_raw_sources(consolidated):
    rows = consolidated.recall("alice", "coffee in the morning", mode="standard", track=False)
    summary = next(r for r in rows if r["kind"] == "summary")  # summaries stay warm: standard sees them
    assert len(summary["source_ids"]) >= 3
    assert set(summary["source_external_ids"]) <= {m["external_id"] for m in alice_memories()}
    assert len(summary["source_external_ids"]) == len(summary["source_ids"])


def test_activation_is_recorded(consolidated):
    rows = consolidated.recall("alice", "my email address", mode="deep")
    assert consolidated._activation._pending is not None  # handed to the server; recall did not wait
    mem = next(r for r in rows if r["kind"] == "memory")
    # reads through the service see it: its connection waits for the update in flight
    assert consolidated.get_memories("alice", [int(mem["id"])])[0]["access_count"] == 1
    assert consolidated._activation._pending is None


def test_a_failed_activation_update_is_logged_and_recall_goes_on(consolidated, caplog):
    import logging

    from memory_pipeline.store import db

    first = consolidated.recall("alice", "my email address", mode="deep")
    ids = [int(r["id"]) for r in first if r["kind"] == "memory"]
    consolidated.conn  # noqa: B018 - settles the first count
    with db.connect(consolidated.url) as locker, locker.transaction():
        # a consolidation writing these rows: the count waits LOCK_TIMEOUT, then gives up
        locker.execute("SELECT 1 FROM memories WHERE id = ANY(%s) FOR UPDATE", (ids,))
        rows = consolidated.recall("alice", "my email address", mode="deep")
        assert [r["id"] for r in rows] == [r["id"] for r in first]  # recall itself did not wait
        with caplog.at_level(logging.WARNING, logger="memory_pipeline.recall"):
            consolidated._activation.wait()
    assert "activation update failed" in caplog.text and "lock timeout" in caplog.text
    # that count is lost, said in the log
    assert all(r["access_count"] == 1 for r in consolidated.get_memories("alice", ids))
    consolidated.recall("alice", "my email address", mode="deep")
    assert all(r["access_count"] == 2 for r in consolidated.get_memories("alice", ids))  # the next one is written


def test_reasoned_recall_resolves_dates(consolidated):
    ans = consolidated.reason("alice", "When did I sign the lease?")
    assert ans["method"] == "deterministic"
    assert "2025-02-14" in ans["answer"]  # recorded 2025-02-15, "yesterday"
    assert ans["temporal_resolutions"] and ans["source_ids"]


def test_session_context_replaces_block_and_respects_budget(consolidated):
    first = consolidated.context("alice", query="morning routine", token_budget=400)
    assert first["tokens_used"] <= 400
    assert first["block"].count("<memory_consolidated_summaries") == 1
    ctx = "System prompt.\n" + first["context"] + "\nUser: hi"
    again = consolidated.context("alice", existing=ctx)
    assert again["replaced_existing"] is True
    assert again["context"].count("<memory_consolidated_summaries") == 1
    assert "System prompt." in again["context"] and "User: hi" in again["context"]


def _heavy_user(service, n=120):
    topics = ["garden", "invoice", "guitar", "marathon", "kitchen", "python", "berlin", "taxes", "puppy", "piano"]
    service.remember_many([{"user_id": "heavy", "content": f"Note {i}: something about the {topics[i % 10]}"
                            f" and item {i * 37 % 101}"} for i in range(n)])
    with service.conn.transaction():  # a consolidated store's mix: most rows cold or archived
        service.conn.execute("UPDATE memories SET tier = (ARRAY['hot', 'warm', 'cold', 'archived'])[1 + id % 4]"
                             " WHERE user_id = 'heavy'")


def _drop_heavy_indexes(service):
    from memory_pipeline.store import indexes

    indexes.drop_user_index(service.url, "heavy")  # leave no index behind for other tests' users
    assert not any("hnsw" in r[0] for r in service.conn.execute("SELECT indexname FROM pg_indexes"))


def test_heavy_user_tier_indexes_are_used_and_agree(service):
    from memory_pipeline import recall as recall_mod
    from memory_pipeline.store import indexes
    from memory_pipeline.store import recall as sql

    _heavy_user(service)
    modes = ("reflexive", "standard", "deep", "exhaustive")
    exact = {m: service.recall("heavy", "practising the piano", mode=m, limit=5, track=False) for m in modes}
    assert not indexes.ensure_user_index(service.url, "heavy", min_rows=10_000)  # too small: no index
    assert indexes.ensure_user_index(service.url, "heavy", min_rows=50)
    assert indexes.index_layout(service.conn, "heavy") == "tiers"
    recall_mod._HEAVY.clear()  # recall caches "no index" for a minute
    q = service.embedder.encode(["practising the piano"])[0]
    # 120 rows: the planner would rather sort them; at heavy-user sizes it picks the indexes by itself
    service.conn.execute("SET enable_sort = off")
    service.conn.execute("SET enable_seqscan = off")
    try:
        for mode in modes:
            as_units = mode in ("reflexive", "standard")
            shares = indexes.shares_for(recall_mod.MODES[mode], as_units, None)
            assert shares == {"reflexive": ("u",), "standard": ("u",), "deep": ("u", "c"),
                              "exhaustive": ("u", "c", "a")}[mode]
            text, args = sql.statement(service.conn, "heavy", q, tiers=recall_mod.MODES[mode], limit=5, per_unit=3,
                                       as_of=None, namespace=None, as_units=as_units, index_candidates=15,
                                       shares=shares)
            plan = "\n".join(r[0] for r in service.conn.execute("EXPLAIN " + text, args))
            used = {s for s in indexes.SHARES if indexes.share_index_name("heavy", s) in plan}
            assert used == set(shares), (mode, plan)
            assert indexes.summary_index_name("heavy") in plan, plan
            approx = service.recall("heavy", "practising the piano", mode=mode, limit=5, track=False)
            assert [r["id"] for r in approx][:3] == [r["id"] for r in exact[mode]][:3], mode
    finally:
        service.conn.execute("RESET enable_sort")
        service.conn.execute("RESET enable_seqscan")
        _drop_heavy_indexes(service)


def test_heavy_user_dated_questions_read_the_dates_index_and_agree(service):
    from datetime import date

    from memory_pipeline import recall as recall_mod
    from memory_pipeline.store import indexes
    from memory_pipeline.store import recall as sql

    _heavy_user(service)
    things = ["fence", "boat", "roof", "bike", "shed", "gate"]
    service.remember_many(  # about a day (resolved at save), saved later; and saved on that day
        [{"user_id": "heavy", "content": f"On 2025-03-{d:02d} I repaired the {things[d % 6]}.",
          "created_at": "2025-04-01T10:00:00Z"} for d in range(1, 13)]
        + [{"user_id": "heavy", "content": "Painted the garden bench today.", "created_at": "2025-03-05T18:00:00Z"}])
    question = "What did I repair on 2025-03-05?"
    exact = service.recall("heavy", question, mode="deep", limit=20, track=False)
    assert indexes.ensure_user_index(service.url, "heavy", min_rows=50)
    recall_mod._HEAVY.clear()
    try:
        q = service.embedder.encode([question])[0]
        text, args = sql.statement(service.conn, "heavy", q, tiers=recall_mod.MODES["deep"], limit=10, per_unit=3,
                                   as_of=None, namespace=None, as_units=False, index_candidates=10,
                                   shares=("u", "c"), dates=[(date(2025, 3, 5), date(2025, 3, 5))])
        # 130 rows: reading them all is cheapest; at heavy-user sizes the planner picks the index by itself
        service.conn.execute("ANALYZE memories")
        service.conn.execute("SET enable_seqscan = off")
        service.conn.execute("SET enable_indexscan = off")
        plan = "\n".join(r[0] for r in service.conn.execute("EXPLAIN " + text, args))
        service.conn.execute("RESET enable_seqscan")
        service.conn.execute("RESET enable_indexscan")
        assert indexes.dates_index_name("heavy") in plan, plan
        indexed = service.recall("heavy", question, mode="deep", limit=20, track=False)
        dated = {"On 2025-03-05 I repaired the gate.", "Painted the garden bench today."}
        assert dated <= {r["content"] for r in exact}
        assert dated <= {r["content"] for r in indexed}
        assert indexed[0]["content"] == exact[0]["content"] == "On 2025-03-05 I repaired the gate."
    finally:
        _drop_heavy_indexes(service)
    assert indexes.dates_index_name("heavy") not in {
        r[0] for r in service.conn.execute("SELECT indexname FROM pg_indexes WHERE tablename = 'memories'")}


def test_a_single_index_of_the_earlier_layout_is_read_then_replaced(service):
    from memory_pipeline import recall as recall_mod
    from memory_pipeline.store import indexes

    _heavy_user(service, 60)
    exact = service.recall("heavy", "the guitar", mode="deep", limit=5, track=False)
    with service.conn.transaction():  # what a store indexed before the split holds
        service.conn.execute(f"CREATE INDEX {indexes.index_name('heavy')} ON memories USING hnsw"
                             " (embedding vector_cosine_ops) WHERE user_id = 'heavy' AND duplicate_of IS NULL")
        service.conn.execute("INSERT INTO user_vector_indexes (user_id, index_name, rows_at_build)"
                             " VALUES ('heavy', %s, 60)", (indexes.index_name("heavy"),))
    try:
        assert indexes.index_layout(service.conn, "heavy") == "user"
        recall_mod._HEAVY.clear()
        old = service.recall("heavy", "the guitar", mode="deep", limit=5, track=False)
        assert [r["id"] for r in old][:3] == [r["id"] for r in exact][:3]
        assert indexes.ensure_user_index(service.url, "heavy", min_rows=10_000)  # indexed already: rebuilt
        assert indexes.index_layout(service.conn, "heavy") == "tiers"
        names = {r[0] for r in service.conn.execute("SELECT indexname FROM pg_indexes WHERE tablename = 'memories'")}
        assert indexes.index_name("heavy") not in names
        assert {indexes.share_index_name("heavy", s) for s in indexes.SHARES} <= names
    finally:
        _drop_heavy_indexes(service)


def test_resolved_dates_are_searchable(service):
    service.remember("dora", "Yesterday I signed the lease for the new flat.", created_at="2025-05-08T10:00:00Z")
    service.remember("dora", "The plumber is coming about the leaking tap.", created_at="2025-05-20T10:00:00Z")
    for i in range(30):
        service.remember("dora", f"Unrelated note {i} on topic {i * 13 % 31}.", created_at="2025-06-01T10:00:00Z")
    rows = service.recall("dora", "What happened on 2025-05-07?", mode="exhaustive", limit=3, track=False)
    assert "lease" in rows[0]["content"]
    assert any(d["date"] == "2025-05-07" for d in rows[0]["resolved_dates"])


def test_profile_is_a_recall_row(consolidated):
    rows = consolidated.recall("alice", "what does the user like and where do they live?", mode="standard",
                               limit=20, track=False)
    prof = [r for r in rows if r["kind"] == "profile"]
    assert prof and "Berlin" in prof[0]["content"]


def _row(i, kind, content, score=1.0, evidence=(), text_score=None):
    from memory_pipeline.recall import RecallRow

    return RecallRow(id=str(i), kind=kind, content=content, score=score, tier="warm", created_at=None,
                     source_ids=[], source_external_ids=[], text_score=text_score,
                     evidence=[{"id": e, "content": t, "score": sc} for e, t, sc in evidence])


def test_deliver_fills_the_budget_turns_first_without_repeats():
    from memory_pipeline.recall import deliver

    rows = [_row("s1", "summary", "Alice moved. She runs every day.", 0.9,
                 [(1, "I moved to Berlin.", 0.9), (2, "I run daily.", 0.5)], text_score=0.95),
            _row(1, "memory", "I moved to Berlin.", 0.9),  # already delivered as evidence: not again
            _row(3, "memory", "My email is alice@example.com and I answer it every single morning.", 0.7)]
    out = deliver(rows, 140)
    # turns by their own similarity (0.9, 0.7, 0.5), then the summary's text: only what they do not say
    assert [r.id for r in out] == ["s1", "3"]
    assert out[0].delivered == "I moved to Berlin.\nI run daily.\nAlice moved.\nShe runs every day."
    assert out[0].delivered_ids == [1, 2]
    assert out[1].delivered_ids == [3]
    assert sum(len(r.delivered) for r in out) + len(out) - 1 <= 140
    short = deliver(rows, 60)
    assert short[-1].delivered.endswith("…")  # the piece that did not fit is cut at a word
    assert sum(len(r.delivered) for r in short) + len(short) - 1 <= 60
    with pytest.raises(ValidationError):
        deliver(rows, 0)


def test_deliver_puts_a_summary_line_that_says_the_question_first():
    from memory_pipeline.recall import deliver

    summary = ("Melanie: I painted a lake sunrise last year (2022).\n"
               "Caroline: I went to a support group yesterday (7 May 2023).\nCaroline: I love my new bookshelf.")
    turns = [(1, "Melanie: Wow, Caroline, that's so cool! How are the kids?", 0.8),
             (2, "Caroline: I went to a support group yesterday and it was so powerful.", 0.7)]
    rows = [_row("s1", "summary", summary, 0.8, turns, text_score=0.5)]
    out = deliver(rows, 400, "When did Caroline go to the support group?")
    lines = out[0].delivered.split("\n")
    # the dated line says most of the question: before the turns; the other lines say too little
    assert lines[0] == "Caroline: I went to a support group yesterday (7 May 2023)."
    assert lines[1:3] == [t for _, t, _ in turns]
    assert out[0].delivered_ids == [1, 2]
    # without a question every summary line waits for the turns, and one the turns already say is left out
    plain = deliver(rows, 400)[0].delivered.split("\n")
    assert plain[:2] == [t for _, t, _ in turns]
    assert "Caroline: I went to a support group yesterday (7 May 2023)." not in plain
    assert plain[2:] == ["Melanie: I painted a lake sunrise last year (2022).", "Caroline: I love my new bookshelf."]


def test_recall_with_a_text_budget(consolidated):
    for budget in (200, 1000):
        rows = consolidated.recall("alice", "where do I live", mode="deep", max_chars=budget, track=False)
        assert rows and sum(len(r["delivered"]) for r in rows) + len(rows) - 1 <= budget
        assert all(set(r["delivered_ids"]) <= set(map(int, r["source_ids"])) | {int(e["id"]) for e in r["evidence"]}
                   for r in rows if r["kind"] != "profile")
    with pytest.raises(ValidationError):
        consolidated.recall("alice", "where do I live", max_chars=0)


def test_indexing_a_heavy_user_refreshes_stale_planner_statistics(service):
    """After a consolidation rewrote much of the store, indexing a heavy user analyses the tables whose
    statistics are stale, so recall's plans know the user's rows before autovacuum comes round."""
    from memory_pipeline.store import indexes

    conn = service.conn
    stale = ("SELECT relname, n_mod_since_analyze FROM pg_stat_user_tables"
             " WHERE relname IN ('memories', 'summaries') ORDER BY relname")
    for t in ("memories", "summaries"):  # autovacuum must not do it for us during the test
        conn.execute(f"ALTER TABLE {t} SET (autovacuum_enabled = false)")
    conn.commit()
    try:
        conn.execute("ANALYZE memories")
        conn.commit()
        _heavy_user(service)
        conn.execute("SELECT pg_stat_force_next_flush()")
        conn.commit()
        assert dict(conn.execute(stale).fetchall())["memories"] >= 120
        assert indexes.ensure_user_index(service.url, "heavy", min_rows=50)
        conn.execute("SELECT pg_stat_clear_snapshot()")
        assert dict(conn.execute(stale).fetchall())["memories"] == 0
        conn.commit()
        with indexes_conn(service) as c:  # fresh statistics: nothing more to do
            assert indexes.refresh_statistics(c) == []
    finally:
        for t in ("memories", "summaries"):
            conn.execute(f"ALTER TABLE {t} RESET (autovacuum_enabled)")
        conn.commit()
        _drop_heavy_indexes(service)


def test_refreshing_statistics_inside_an_open_transaction_is_refused_and_commits_nothing(service):
    from memory_pipeline.store import indexes

    with indexes_conn(service) as c:
        c.autocommit = False
        c.execute("CREATE TEMP TABLE pending_work (x int)")
        with pytest.raises(ValueError, match="between transactions"):
            indexes.refresh_statistics(c)
        c.rollback()  # the caller's work was left to the caller
        assert c.execute("SELECT to_regclass('pending_work')").fetchone()[0] is None
        c.rollback()
        assert isinstance(indexes.refresh_statistics(c), list) and not c.autocommit


def indexes_conn(service):
    from memory_pipeline.store.db import connect

    return connect(service.url, autocommit=True)


def test_recall_is_planned_once_per_statement_and_a_heavy_users_plan_reads_their_index(service):
    """Recall's statements are prepared with generic plans (no planning per call), a heavy user's
    too: its limits and user id are in the text, so its plan still reads their partial HNSW index (a
    LIMIT parameter made the planner hash every summary). Both answer as a plan made for the call."""
    from memory_pipeline import recall as recall_mod
    from memory_pipeline.store import indexes
    from memory_pipeline.store import recall as sql
    from memory_pipeline.store.db import connect

    _heavy_user(service)
    service.remember_many([{"user_id": "light", "content": f"Light note {i} about the {t}"}
                           for i, t in enumerate(["garden", "piano", "taxes", "puppy"] * 3)])
    assert indexes.ensure_user_index(service.url, "heavy", min_rows=50)
    recall_mod._HEAVY.clear()
    conn = service.conn
    share = indexes.share_index_name("heavy", "u")
    scans = ("SELECT idx_scan FROM pg_stat_user_indexes WHERE indexrelname = %s")
    # as on a table of real size (a seq scan wins on these few rows); a plan that cannot match the
    # partial index must still scan, so the index count below tells
    conn.execute("DEALLOCATE ALL")
    conn.execute("SET enable_seqscan = off")
    conn.execute("SET enable_sort = off")
    try:
        conn.execute("SELECT pg_stat_force_next_flush()")
        before = conn.execute(scans, (share,)).fetchone()[0]
        for _ in range(3):
            light = service.recall("light", "practising the piano", track=False)
            service.recall("heavy", "practising the piano", track=False)
            assert conn.execute("SHOW plan_cache_mode").fetchone()[0] == "force_generic_plan"
        plans = conn.execute("SELECT statement LIKE %s, generic_plans, custom_plans FROM pg_prepared_statements"
                             " WHERE statement LIKE 'WITH cand AS%%'", ("%'heavy'%",)).fetchall()
        assert sorted(p[0] for p in plans) == [False, True]  # one for users without indexes, one for heavy
        assert all(g >= 3 and c == 0 for _, g, c in plans)
        conn.execute("SELECT pg_stat_force_next_flush()")
        conn.execute("SELECT pg_stat_clear_snapshot()")
        assert conn.execute(scans, (share,)).fetchone()[0] >= before + 3
        q = service.embedder.encode_query("practising the piano")
        how = dict(tiers=recall_mod.MODES["standard"], limit=10, per_unit=3, as_of=None, namespace=None,
                   as_units=True)
        heavy = dict(how, index_candidates=30, shares=indexes.shares_for(how["tiers"], True, None))
        with connect(service.url, autocommit=True) as fresh:
            fresh.execute("SET plan_cache_mode = force_custom_plan")
            for user, kw in (("light", how), ("heavy", heavy)):
                text, args = sql.statement(fresh, user, q, **kw)
                assert sorted(fresh.execute(text, args).fetchall(), key=str) == sorted(
                    sql.fetch(conn, user, q, **kw), key=str)
        assert light and all(r["content"].startswith("Light note") for r in light if r["kind"] == "memory")
    finally:
        conn.execute("RESET enable_seqscan")
        conn.execute("RESET enable_sort")
        _drop_heavy_indexes(service)


def test_a_heavy_users_summaries_are_searched_beside_the_rest_and_agree(service):
    """A heavy user's best summaries by their own embedding are searched on a second connection while
    the first runs the rest: same rows as the single statement, in every mode, with the summaries'
    index read there; a side connection that died is replaced and that recall reads its summaries on
    the main one."""
    from memory_pipeline import recall as recall_mod
    from memory_pipeline.consolidation.users import consolidate_users
    from memory_pipeline.engines import LocalEngine
    from memory_pipeline.store import indexes
    from memory_pipeline.store import recall as sql
    from memory_pipeline.store.db import connect, set_search_settings

    _heavy_user(service)
    consolidate_users(service.conn, ["heavy"], engine=LocalEngine(), embed=None, database_url=None, run_id="side")
    n_summaries = service.conn.execute("SELECT count(*) FROM summaries WHERE user_id = 'heavy'").fetchone()[0]
    assert n_summaries >= 5
    assert indexes.ensure_user_index(service.url, "heavy", min_rows=50)
    recall_mod._HEAVY.clear()
    opened = []

    def side_conn():  # as the service opens it, and, as on a table of real size, off sequential scans
        c = connect(service.url, autocommit=True)
        set_search_settings(c, indexes.EF_SEARCH)
        c.execute("SET enable_seqscan = off")
        c.execute("SET enable_sort = off")
        opened.append(c)
        return c

    side = sql.SideSearch(side_conn)
    conn = service.conn
    q = service.embedder.encode_query("practising the piano")
    scans = "SELECT idx_scan FROM pg_stat_user_indexes WHERE indexrelname = %s"
    try:
        conn.execute("SELECT pg_stat_force_next_flush()")
        before = conn.execute(scans, (indexes.summary_index_name("heavy"),)).fetchone()[0]
        for mode in ("reflexive", "standard", "deep", "exhaustive"):
            as_units = mode in ("reflexive", "standard")
            how = dict(tiers=recall_mod.MODES[mode], limit=5, per_unit=3, as_of=None, namespace=None,
                       as_units=as_units, index_candidates=15,
                       shares=indexes.shares_for(recall_mod.MODES[mode], as_units, None))
            one = _rows(sql.fetch(conn, "heavy", q, **how))
            assert any(r.startswith("('o'") for r in one), mode  # the summaries' own search found some
            assert _rows(sql.fetch(conn, "heavy", q, side=side, **how)) == one, mode
        assert len(opened) == 1
        opened[0].execute("SELECT pg_stat_force_next_flush()")  # flushed when that backend next goes idle
        deadline = time.monotonic() + 5
        while True:
            conn.execute("SELECT pg_stat_clear_snapshot()")
            after = conn.execute(scans, (indexes.summary_index_name("heavy"),)).fetchone()[0]
            if after >= before + 4 or time.monotonic() > deadline:
                break
            time.sleep(0.05)
        assert after >= before + 4
        # the side's backend goes away: this recall still answers in full, the next one reconnects
        conn.execute("SELECT pg_terminate_backend(%s)", (opened[0].info.backend_pid,))
        assert _rows(sql.fetch(conn, "heavy", q, side=side, **how)) == one
        assert _rows(sql.fetch(conn, "heavy", q, side=side, **how)) == one
        assert len(opened) == 2 and not opened[1].closed
        # through the service: its side connection is used for the heavy user and closed with it
        rows = service.recall("heavy", "practising the piano", mode="exhaustive", limit=5, track=False)
        assert [r["id"] for r in rows] == [r.id for r in recall_mod.recall(
            conn, service.embedder, "heavy", "practising the piano", mode="exhaustive", limit=5)]
        assert service.runtime._side._conn is not None
    finally:
        side.close()
        assert all(c.closed for c in opened)
        _drop_heavy_indexes(service)


def _rows(rows) -> set[str]:
    # a summary found both ways has its details twice on the side path (recall keeps one)
    return {str(r) for r in rows}


def test_of_two_delivered_memories_about_the_same_thing_the_newer_comes_first(service):
    # no supersession is written here (nothing is consolidated): the older memory is worded closer to the
    # question, yet the newer one that speaks of the same thing is delivered first; both stay delivered
    service.remember("erin", "The boiler service is booked for 3 March, the engineer comes in the morning.",
                     created_at="2025-02-01T10:00:00Z")
    service.remember("erin", "Lunch with Sam was lovely, we should do it again.", created_at="2025-02-10T10:00:00Z")
    service.remember("erin", "Got a call: the boiler engineer can only come on 10 March now.",
                     created_at="2025-02-20T10:00:00Z")
    rows = service.recall("erin", "When is the boiler service booked?", mode="exhaustive", max_chars=1000, track=False)
    texts = [r["delivered"] for r in rows if r["kind"] == "memory"]
    newer = next(i for i, t in enumerate(texts) if "10 March" in t)
    older = next(i for i, t in enumerate(texts) if "3 March" in t)
    assert newer < older and all(r["current"] for r in rows if r["kind"] == "memory")


def test_newer_first_moves_a_newer_memory_above_an_older_one_it_shares_words_with():
    from memory_pipeline.lib.newer_first import newer_first

    items = [("the gym opens at 6 on weekdays", "2025-01-01T00:00:00+00:00"),
             ("a note of a summary", None),
             ("my sister lives in Leeds", "2025-03-01T00:00:00+00:00"),
             ("the gym now opens at 7 on weekdays", "2025-02-01T00:00:00+00:00")]
    # the newer gym memory goes above the older one; the unrelated memory and the summary keep their place
    assert newer_first(items) == [3, 0, 1, 2]
    # an older memory below a newer one stays where it is
    assert newer_first([items[3], items[0]]) == [0, 1]


def test_newer_first_also_pairs_memories_naming_the_name_the_question_asks_about():
    from memory_pipeline.lib.newer_first import newer_first

    items = [("my son Tomas goes to the village playgroup twice a week", "2025-01-01T00:00:00+00:00"),
             ("Tomas loves his new primary class", "2025-06-01T00:00:00+00:00")]
    # no two content words in common, but both name the person the question asks about: the newer first
    assert newer_first(items, "Which school does Tomas go to?") == [1, 0]
    assert newer_first(items) == [0, 1]
    # a speaker's label is no name the text names: two turns of one speaker keep their order
    turns = [("Ines: I went to the market", "2025-01-01T00:00:00+00:00"),
             ("Ines: I painted the harbour", "2025-02-01T00:00:00+00:00")]
    assert newer_first(turns, "What did Ines paint?") == [0, 1]
