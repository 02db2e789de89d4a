"""The silent losses found by reading the code (issue 12), each fixed and pinned by a test against the
real embedded PostgreSQL."""

from __future__ import annotations

import json

import pytest

pytestmark = pytest.mark.integration


def _row(service, mid):
    return service.get_memories([mid])[0]


# -- 1. an edited re-ingest of an external_id is a new version, never dropped --------------------------

def test_edited_external_id_is_stored_as_a_superseding_version(service):
    a = service.remember("erin", "Lunch with Sam on Friday", external_id="m-1")
    b = service.remember("erin", "Lunch with Sam moved to Saturday", external_id="m-1")
    assert a.action == "inserted" and b.action == "edited"
    assert b.id != a.id and b.match_id == a.id and "version 2" in b.reason
    assert _row(service, a.id)["superseded_by"] == b.id  # the old text stays, linked to the new one
    assert _row(service, b.id)["content"] == "Lunch with Sam moved to Saturday"
    conn = service.conn
    edge = conn.execute("SELECT source_id, target_id FROM edges WHERE edge_type = 'supersedes'").fetchall()
    assert edge == [(str(b.id), str(a.id))]
    logged = conn.execute("SELECT memory_ids, target_id FROM actions WHERE action = 'EDIT'").fetchall()
    assert logged == [([b.id, a.id], str(a.id))]
    # re-sending either version is a no-op that names the matching row
    again_new = service.remember("erin", "Lunch with Sam moved to Saturday", external_id="m-1")
    again_old = service.remember("erin", "Lunch with Sam on Friday", external_id="m-1")
    assert (again_new.action, again_new.id) == ("existing", b.id)
    assert (again_old.action, again_old.id) == ("existing", a.id)
    assert service.stats("erin")["memories"] == 2
    rows = service.recall("erin", "When is lunch with Sam?", mode="exhaustive", track=False)
    ids = [r["id"] for r in rows]
    assert ids.index(str(b.id)) < ids.index(str(a.id))  # the current version ranks first


def test_edits_are_counted_in_the_ingest_summary(service, tmp_path):
    topics = ["the garden shed needs paint", "our trip to Lisbon is in May", "the plan is A"]
    first = [{"user_id": "ivy", "content": f"Note 2: {t}." if i == 2 else t, "external_id": f"n{i}"}
             for i, t in enumerate(topics)]
    p = tmp_path / "one.jsonl"
    p.write_text("\n".join(json.dumps(x) for x in first))
    assert service.ingest_file(p).to_dict()["inserted"] == 3
    second = [
        {"user_id": "ivy", "content": "the garden shed needs paint", "external_id": "n0"},  # unchanged
        {"user_id": "ivy", "content": "our trip to Lisbon moved to June", "external_id": "n1"},  # edited
        {"user_id": "ivy", "content": "Note 2: the plan is C.", "external_id": "n2"},  # edited ...
        {"user_id": "ivy", "content": "Note 2: the plan is D.", "external_id": "n2"},  # ... twice in one file
        {"user_id": "ivy", "content": "Note 2: the plan is C.", "external_id": "n2"},  # repeat of the first edit
    ]
    p2 = tmp_path / "two.jsonl"
    p2.write_text("\n".join(json.dumps(x) for x in second))
    rep = service.ingest_file(p2, batch_size=2).to_dict()
    assert rep["existing"] == 2 and rep["edited"] == 3 and rep["inserted"] == 0
    versions = service.conn.execute(
        "SELECT external_version, content, superseded_by IS NOT NULL FROM memories WHERE external_id = 'n2'"
        " ORDER BY external_version").fetchall()
    assert versions == [(1, "Note 2: the plan is A.", True), (2, "Note 2: the plan is C.", True),
                        (3, "Note 2: the plan is D.", False)]  # only the latest is current
    again = service.ingest_file(p2).to_dict()
    assert again["existing"] == 5 and again["edited"] == 0
