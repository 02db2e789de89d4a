"""The save path against the real embedded PostgreSQL: quick-check decisions, idempotency, atomicity."""

from __future__ import annotations

import json

import pytest

from memory_pipeline.errors import ValidationError

pytestmark = pytest.mark.integration


def test_exact_duplicate_is_deduplicated_and_raw_row_kept(service):
    a = service.remember("alice", "I have a dog named Rex.")
    b = service.remember("alice", "I have a dog named Rex.")
    assert a.action == "inserted"
    assert b.action == "deduplicated"
    assert b.match_id == a.id and b.id != a.id
    rows = {r["id"]: r for r in service.get_memories(a.user_id, [a.id, b.id])}
    assert rows[b.id]["duplicate_of"] == a.id
    assert rows[a.id]["mention_count"] == 2
    assert service.stats("alice")["memories"] == 2


def test_paraphrase_in_flag_band_is_flagged(service):
    service.remember("bob", "I prefer dark roast coffee in the morning.")
    r = service.remember("bob", "In the mornings I like to drink dark roast coffee.")
    assert r.action == "flagged", r
    assert 0.85 <= r.similarity < 0.95
    row = service.get_memories(r.user_id, [r.id])[0]
    assert row["flagged"] and row["duplicate_of"] is None


def test_numbers_differ_never_merged(service):
    a = service.remember("carol", "I have 2 cats")
    b = service.remember("carol", "I have 3 cats")
    assert b.action != "deduplicated"
    assert b.similarity is not None and b.similarity >= 0.85
    row = service.get_memories(b.user_id, [b.id])[0]
    assert row["duplicate_of"] is None
    if b.similarity >= 0.95:  # the guard, not the threshold, kept them apart
        assert "numbers differ" in b.reason
    assert a.id != b.id


def test_negation_differs_never_merged(service):
    service.remember("dan", "I like spicy food.")
    r = service.remember("dan", "I don't like spicy food.")
    assert r.action != "deduplicated"


def test_same_external_id_twice_is_one_row(service):
    a = service.remember("erin", "Lunch with Sam on Friday", external_id="m-1")
    b = service.remember("erin", "lunch with Sam  on Friday", external_id="m-1")  # same normalised text
    assert a.action == "inserted" and b.action == "existing" and b.id == a.id
    assert service.stats("erin")["memories"] == 1


def test_external_id_is_per_user(service):
    a = service.remember("u1", "Bought a new bike", external_id="x")
    b = service.remember("u2", "Bought a new bike", external_id="x")
    assert a.action == b.action == "inserted" and a.id != b.id


def test_users_are_isolated_for_dedup(service):
    service.remember("frank", "My favourite editor is vim.")
    r = service.remember("gina", "My favourite editor is vim.")
    assert r.action == "inserted"


def test_facts_and_relative_dates_are_stored(service):
    r = service.remember("hal", "Yesterday I signed the lease; email me at hal@example.com",
                         created_at="2023-05-08T14:30:00Z")
    row = service.get_memories(r.user_id, [r.id])[0]
    assert any(d["date"] == "2023-05-07" for d in row["resolved_dates"])
    assert any(f["kind"] == "email" and f["value"] == "hal@example.com" for f in row["facts"])


def test_bulk_ingest_counts_and_within_batch_dedup(service, tmp_path):
    lines = [
        {"user_id": "ivy", "content": "We decided to use Postgres for the job queue.", "external_id": "1"},
        {"user_id": "ivy", "content": "We decided to use Postgres for the job queue.", "external_id": "2"},
        {"user_id": "ivy", "content": "The weather in Oslo was grey all week.", "external_id": "3"},
        {"user_id": "ivy", "content": "We decided to use Postgres for the job queue.", "external_id": "1"},
        {"user_id": "jay", "content": "We decided to use Postgres for the job queue.", "external_id": "1"},
    ]
    p = tmp_path / "in.jsonl"
    p.write_text("\n".join(json.dumps(x) for x in lines) + "\n\n")
    rep = service.ingest_file(p, batch_size=2)
    assert rep.to_dict()["inserted"] == 3
    assert rep.to_dict()["deduplicated"] == 1
    assert rep.to_dict()["existing"] == 1
    assert service.stats()["memories"] == 4
    again = service.ingest_file(p)
    assert again.to_dict()["existing"] == 5 and service.stats()["memories"] == 4


@pytest.mark.parametrize(
    "record, message",
    [
        ({"user_id": "a", "content": ""}, "empty"),
        ({"user_id": "a", "content": "   \n\t"}, "empty"),
        ({"user_id": "a", "content": "x" * 20_000}, "limit"),
        ({"user_id": "a", "content": "nul \x00 byte"}, "NUL"),
        ({"user_id": "a", "content": "bad \ud800 surrogate"}, "UTF-8"),
        ({"content": "no user"}, "user_id"),
        ({"user_id": "bad user!", "content": "x"}, "malformed"),
        ({"user_id": 42, "content": "x"}, "user_id"),
        ({"user_id": "a", "content": "x", "created_at": "yesterday-ish"}, "ISO 8601"),
        ({"user_id": "a", "content": "x", "importance": 3}, "importance"),
        ({"user_id": "a", "content": "x", "contnet": "typo"}, "unknown field"),
    ],
)
def test_bad_input_is_rejected_and_nothing_written(service, record, message):
    with pytest.raises(ValidationError, match=message):
        service.remember_many([record])
    assert service.stats()["memories"] == 0


def test_jsonl_with_one_bad_line_writes_nothing_and_names_the_line(service, tmp_path):
    p = tmp_path / "mixed.jsonl"
    good = json.dumps({"user_id": "k", "content": "fine"})
    p.write_bytes((good + "\n" + good.replace("fine", "also fine") + "\n"
                   + '{"user_id": "k", "content": ""}\n').encode())
    with pytest.raises(ValidationError, match="line 3"):
        service.ingest_file(p)
    assert service.stats()["memories"] == 0
    p.write_bytes(good.encode() + b"\n\xff\xfe broken\n")
    with pytest.raises(ValidationError, match="line 2.*UTF-8"):
        service.ingest_file(p)
    p.write_text(good + "\n{not json\n")
    with pytest.raises(ValidationError, match="line 2.*JSON"):
        service.ingest_file(p)
    assert service.stats()["memories"] == 0


def test_stored_dates_follow_the_tense_and_record_how_they_were_resolved(service):
    # Wednesday 2026-03-04: a plan on Friday is the 6th, an event told in the past the 27th before.
    r = service.remember("ida", "The plumber is coming on Friday. We met the landlord on Friday.",
                         created_at="2026-03-04T12:00:00Z")
    plan, event = service.get_memories(r.user_id, [r.id])[0]["resolved_dates"]
    assert (plan["date"], plan["method"], plan["tense"], plan["cue"]) == ("2026-03-06", "rule:weekday", "present",
                                                                          "coming")
    assert (event["date"], event["method"], event["tense"], event["cue"]) == ("2026-02-27", "rule:weekday", "past",
                                                                              "met")
