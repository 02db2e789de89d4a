"""Incremental runs end where a full run would: a quiet user's run (tiers only) against the full path,
and A then B consolidated incrementally against A+B from scratch."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest

from memory_pipeline.consolidation import run as run_mod
from memory_pipeline.engines import LocalEngine
from memory_pipeline.store import consolidation_batch as bsql
from memory_pipeline.store import consolidation_read as rd
from memory_pipeline_tests.fixtures import T0, alice_memories

pytestmark = pytest.mark.integration

NOW = T0 + timedelta(days=70)


def _as(user: str, rows: list[dict]) -> list[dict]:
    return [{**r, "user_id": user} for r in rows]


def _state(svc, user: str) -> dict:
    """A user's derived state, keyed by external ids and texts (ids differ between users)."""
    conn = svc.conn
    ext = dict(conn.execute("SELECT id::text, external_id FROM memories WHERE user_id = %s", (user,)).fetchall())
    mems = conn.execute("SELECT external_id, tier, layer, superseded_by IS NOT NULL, duplicate_of IS NOT NULL,"
                        " summarized_into IS NOT NULL FROM memories WHERE user_id = %s ORDER BY external_id",
                        (user,)).fetchall()
    summaries = conn.execute("SELECT content, tier, source_ids FROM summaries WHERE user_id = %s ORDER BY content",
                             (user,)).fetchall()
    edges = conn.execute("SELECT source_id, target_id, reason FROM edges WHERE user_id = %s AND edge_type ="
                         " 'supersedes'", (user,)).fetchall()
    prof = conn.execute("SELECT content, sections, patterns FROM profiles WHERE user_id = %s", (user,)).fetchone()
    block = conn.execute("SELECT block FROM session_context WHERE user_id = %s", (user,)).fetchone()

    def cited(text: str | None) -> str | None:
        # a profile line cites its memory by id ("[m42]"): compare by external id, and the block's
        # version (a hash of its text) with it
        if text is None:
            return None
        text = re.sub(r"\[m(\d+)\]", lambda m: f"[{ext.get(m[1])}]", text)
        text = re.sub(r"\[sum_[0-9a-f]+\]", "[sum]", text)
        return re.sub(r' version="[0-9a-f]+"', "", text)

    prof = prof and (cited(prof[0]), *prof[1:])
    return {"memories": mems,
            "summaries": [(c, t, sorted(ext[str(i)] for i in src)) for c, t, src in summaries],
            "edges": sorted((ext[a], ext[b], r) for a, b, r in edges),
            "profile": prof, "block": cited(block[0]) if block else None}


def _run(svc, user: str, now, **kw):
    return run_mod.consolidate_user(svc.conn, user, engine=LocalEngine(), run_id=f"r-{user}", now=now, **kw)


def test_a_quiet_users_run_ends_where_the_full_path_ends(service, monkeypatch):
    for user in ("quiet", "full"):
        service.remember_many(_as(user, alice_memories()))
        _run(service, user, NOW)
    later = NOW + timedelta(days=45)  # time alone moves tiers
    loads = []
    real_load = bsql.prefetch
    monkeypatch.setattr(bsql, "prefetch", lambda conn, users, **kw: loads.extend(users) or real_load(conn, users, **kw))
    quiet = _run(service, "quiet", later)
    assert loads == []  # the quiet path read no rows
    monkeypatch.setattr(rd, "quiet", lambda state, *engine: False)
    full = _run(service, "full", later)
    assert loads == ["full"]
    assert quiet.counts["tier_changes"] == full.counts["tier_changes"] > 0
    assert quiet.compression == full.compression
    assert _state(service, "quiet") == _state(service, "full")
    logged = service.conn.execute(
        "SELECT user_id, reason, cardinality(memory_ids) FROM actions WHERE action = 'TIER_CHANGE' AND run_id LIKE"
        " 'r-%%' ORDER BY 1, 2").fetchall()
    assert [r[1:] for r in logged if r[0] == "quiet"] == [r[1:] for r in logged if r[0] == "full"]


def test_a_then_b_incrementally_ends_as_a_plus_b_from_scratch(service):
    """Equal: supersession edges and their reasons, every memory's tier, layer and links, and which
    current memories a summary stands for. May differ, by design (seed 004: a summary covers "every
    memory since the last summary"): how memories are grouped into summaries, since a run summarises
    what it has and later runs do not regroup it, so a memory summarised before its successor
    arrived stays in that summary (from scratch it is superseded first and left out); the profile
    and the session block, which are built from those summaries, follow the grouping."""
    rows = alice_memories()
    a, b = rows[:11], rows[11:]  # the move to Berlin arrives in the second batch
    service.remember_many(_as("inc", a))
    _run(service, "inc", NOW)
    service.remember_many(_as("inc", b))
    _run(service, "inc", NOW)
    service.remember_many(_as("scratch", rows))
    _run(service, "scratch", NOW)
    inc, scratch = _state(service, "inc"), _state(service, "scratch")
    assert inc["edges"] == scratch["edges"] and inc["edges"]  # Paris -> Berlin
    assert [m[:5] for m in inc["memories"]] == [m[:5] for m in scratch["memories"]]

    def covered(st):  # current memories some summary stands for
        return sorted(m[0] for m in st["memories"] if m[5] and not (m[3] or m[4]))

    assert covered(inc) == covered(scratch)
    assert {x for _, _, src in inc["summaries"] for x in src} >= {x for _, _, src in scratch["summaries"] for x in src}
    assert inc["profile"][1]["identity"] == scratch["profile"][1]["identity"]  # lives in Berlin, in both


def test_kept_extractions_build_the_same_profile_and_only_new_texts_are_read(monkeypatch):
    from memory_pipeline.consolidation.phases import profile as phase
    from memory_pipeline.lib import profile as lib_profile
    from memory_pipeline.lib.profile import ProfileSource, build_profile

    sources = [ProfileSource(f"m{i}", r["content"], T0 + timedelta(days=i)) for i, r in enumerate(alice_memories())]
    engine = LocalEngine()
    first, kept = phase.with_extracted(sources, None, engine)
    assert all(s.extracted == lib_profile.extract(s.content, s.summary) for s in first)  # survives the JSON round trip
    assert build_profile(first) == build_profile(sources)
    calls = []
    real = lib_profile.extract
    monkeypatch.setattr(lib_profile, "extract", lambda text, summary=False: calls.append(text) or real(text, summary))
    more = [*sources, ProfileSource("m99", "I moved to Lisbon.", T0 + timedelta(days=99))]
    again, kept2 = phase.with_extracted(more, {"extracted": kept}, engine)
    assert calls == ["I moved to Lisbon."]  # the rest was kept from the last build
    assert build_profile(again) == build_profile(more)
    assert "Lives in Lisbon" in build_profile(again).content
    # another extractor (its rules changed): nothing kept is trusted
    calls.clear()
    phase.with_extracted(more, {"extracted": {**kept2, "v": "other"}}, engine)
    assert len(calls) == len(more)


def test_many_new_memories_pair_by_matrix_and_few_in_the_store_alike(service, monkeypatch):
    """The two ways of finding each new memory's nearest older ones give the same edges and state."""
    from memory_pipeline.consolidation.phases import supersede

    for user, limit in (("by-store", 10**9), ("by-matrix", 0)):
        monkeypatch.setattr(supersede, "STORE_SEARCH_MAX_NEW", limit)
        service.remember_many(_as(user, alice_memories()))
        _run(service, user, NOW)
    assert _state(service, "by-store") == _state(service, "by-matrix")


def test_a_profile_has_its_vector_after_a_run_through_the_api_and_through_dagster(service):
    """The phases never embed: a run's new profile is embedded after its commit, by `consolidate_user`
    when given an encoder and by the Dagster run for all its users at once."""
    service.remember_many(_as("vec-api", alice_memories()) + _as("vec-dagster", alice_memories()))
    out = run_mod.consolidate_user(service.conn, "vec-api", engine=LocalEngine(), run_id="v", now=NOW,
                                   embed=service.embedder.encode)
    assert out.profile_to_embed is None
    assert service.consolidate("vec-dagster")["status"] == "SUCCESS"
    rows = service.conn.execute("SELECT user_id, embedding IS NOT NULL, content FROM profiles ORDER BY 1").fetchall()
    service.conn.rollback()
    assert [(u, has) for u, has, _ in rows] == [("vec-api", True), ("vec-dagster", True)]
    # the same memories: the same profile, whichever way it was run (each cites its own rows' ids)
    assert re.sub(r"\[m\d+\]", "", rows[0][2]) == re.sub(r"\[m\d+\]", "", rows[1][2])
