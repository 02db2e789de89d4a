"""Issue 29 items 7 and 8 through the Python API on the real store: near-identical texts that differ in a
lower-case name or in who does what to whom are never merged, on save or by consolidation; a value
re-stated after it was superseded is current again in edges, recall and profile."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.integration

_REVIEW = ("Notes from the Monday planning call: the quarterly infrastructure review for the payments platform "
           "migration, covering the database upgrade, the new load balancers, the retirement of the old batch "
           "servers{} and the cost report for finance, is booked for the week after the holidays{} and will "
           "be led by {}.")
_MORE = (", the on-call rotation, the failover drill, the security audit findings, the backup restore test",
         " in the big meeting room on the third floor, with coffee and sandwiches ordered for everyone")
_OWES = "{} owes {} 50 dollars for the concert tickets we bought together last weekend."


def _texts(service, user: str, query: str, ids: list[int]) -> list[str]:
    """Exhaustive recall's texts; no row of it may stand for both memories (a merged unit)."""
    rows = service.recall(user, query, mode="exhaustive", limit=20, track=False)
    assert not [r for r in rows if set(ids) <= set(r["source_ids"])], rows
    return [r["content"] for r in rows]


@pytest.mark.parametrize("more, names, floor", [
    (_MORE, ("oskar", "ingrid"), 0.95),  # cosine ~0.98: deduplicated on save before the guard read it
    (("", ""), ("tom", "sam"), 0.9),  # ~0.94: flagged, then MERGEd by consolidation before
])
def test_lower_case_names_are_not_merged_on_save_or_by_consolidation(service, more, names, floor):
    a = service.remember("rev", _REVIEW.format(*more, names[0]), created_at="2026-01-05T10:00:00Z")
    b = service.remember("rev", _REVIEW.format(*more, names[1]), created_at="2026-01-05T10:05:00Z")
    assert b.similarity is not None and b.similarity >= floor
    assert b.action != "deduplicated", b
    service.consolidate("rev")
    rows = {r["id"]: r for r in service.get_memories(a.user_id, [a.id, b.id])}
    assert rows[a.id]["duplicate_of"] is None and rows[b.id]["duplicate_of"] is None
    texts = _texts(service, "rev", "Who leads the infrastructure review?", [a.id, b.id])
    assert [t for t in texts if t.endswith(f" {names[0]}.")] and [t for t in texts if t.endswith(f" {names[1]}.")]


def test_role_swap_is_flagged_on_save_and_not_replaced_by_consolidation(service):
    a = service.remember("debt", _OWES.format("Alice", "Bob"), created_at="2026-01-05T10:00:00Z")
    b = service.remember("debt", _OWES.format("Bob", "Alice"), created_at="2026-01-05T10:05:00Z")
    assert b.action == "flagged" and "roles may be swapped" in b.reason, b
    service.consolidate("debt")
    rows = {r["id"]: r for r in service.get_memories(a.user_id, [a.id, b.id])}
    assert rows[a.id]["duplicate_of"] is None and rows[b.id]["duplicate_of"] is None
    texts = _texts(service, "debt", "Who owes money for the concert tickets?", [a.id, b.id])
    assert _OWES.format("Bob", "Alice") in texts and _OWES.format("Alice", "Bob") in texts


def _profile(service, user: str) -> str:
    rows = service.recall(user, "Where does the user live?", mode="exhaustive", track=False)
    return " ".join(r["content"] for r in rows if r["kind"] == "profile")


def test_an_old_value_said_again_after_its_replacement_is_current_in_edges_recall_and_profile(service):
    leeds = "I live in Leeds, in a flat near the university."
    old = service.remember("home", leeds, created_at="2026-01-01T10:00:00Z")
    moved = service.remember("home", "I moved to Glasgow last month, living in the West End now.",
                             created_at="2026-03-01T10:00:00Z")
    service.consolidate("home")
    assert service.get_memories("home", [old.id])[0]["superseded_by"] == moved.id
    assert "Leeds" not in _profile(service, "home")
    again = service.remember("home", leeds, created_at="2026-05-01T10:00:00Z")
    assert again.action == "restated" and again.match_id == old.id, again
    service.consolidate("home")
    rows = {r["id"]: r for r in service.get_memories("home", [old.id, moved.id, again.id])}
    assert rows[again.id]["duplicate_of"] is None and rows[again.id]["superseded_by"] is None
    assert rows[moved.id]["superseded_by"] == again.id  # the newest statement wins
    assert rows[old.id]["superseded_by"] == moved.id  # history kept
    edges = service.stats("home")["edges"]
    assert edges.get("supersedes") == 2 and not edges.get("duplicate_of"), edges
    found = [r for r in service.recall("home", "Where do I live?", mode="exhaustive", track=False)
             if r["kind"] == "memory"]
    assert found[0]["source_ids"] == [again.id], found
    profile = _profile(service, "home")
    assert "Leeds" in profile and "Glasgow" not in profile, profile


def test_an_old_value_backfilled_before_its_replacement_stays_a_duplicate(service):
    leeds = "I live in Leeds, in a flat near the university."
    old = service.remember("late", leeds, created_at="2026-01-01T10:00:00Z")
    moved = service.remember("late", "I moved to Glasgow last month, living in the West End now.",
                             created_at="2026-03-01T10:00:00Z")
    service.consolidate("late")
    early = service.remember("late", leeds, created_at="2026-01-15T10:00:00Z")
    assert early.action == "deduplicated" and early.match_id == old.id
    assert service.get_memories("late", [moved.id])[0]["superseded_by"] is None


def test_an_old_value_said_again_before_the_run_that_finds_its_replacement_is_current(service):
    leeds = "I live in Leeds, in a flat near the university."
    rep = service.remember_many([
        {"user_id": "once", "content": leeds, "created_at": "2026-01-01T10:00:00Z"},
        {"user_id": "once", "content": "I moved to Glasgow last month, living in the West End now.",
         "created_at": "2026-03-01T10:00:00Z"},
        {"user_id": "once", "content": leeds, "created_at": "2026-05-01T10:00:00Z"},
    ])
    assert rep.to_dict()["deduplicated"] == 1  # no supersession known yet on save
    service.consolidate("once")
    rows = sorted(service.get_memories("once", list(range(1, 4))), key=lambda r: r["created_at"])
    old, moved, again = rows
    assert again["duplicate_of"] is None and again["superseded_by"] is None
    assert moved["superseded_by"] == again["id"] and old["superseded_by"] == moved["id"]
    found = [r for r in service.recall("once", "Where do I live?", mode="exhaustive", track=False)
             if r["kind"] == "memory"]
    assert found[0]["source_ids"] == [again["id"]], found
    profile = _profile(service, "once")
    assert "Leeds" in profile and "Glasgow" not in profile, profile
    before = service.stats("once")
    service.consolidate("once")  # nothing new: nothing changes
    assert service.stats("once") == before
