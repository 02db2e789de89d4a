"""Issue 29, items 1 and 4: review suggestions, REPLACE and summaries never leave a link that breaks
the user or points nowhere; a lost memory fails the run and the command. Real PostgreSQL, real
Dagster runs, the real CLI."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from memory_pipeline.errors import ValidationError

pytestmark = pytest.mark.integration

ARSENAL = ("I support Arsenal football club.", "I support Arsenal football club, have done since childhood.")


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "memory_pipeline.cli", *args], capture_output=True, text=True,
                          env=os.environ.copy(), timeout=300)


def _rows(service, user: str) -> dict[int, tuple]:
    rows = service.conn.execute("SELECT id, duplicate_of, superseded_by, summarized_into, flagged FROM memories"
                                " WHERE user_id = %s ORDER BY id", (user,)).fetchall()
    service.conn.rollback()
    return {r[0]: r[1:] for r in rows}


def _dangling(service, user: str) -> list[int]:
    from memory_pipeline.store.checks import lost_memories

    out = lost_memories(service.conn, [user])
    service.conn.rollback()
    return out


def _two_arsenal(service, user: str) -> tuple[int, int]:
    a = service.remember(user, ARSENAL[0], created_at="2025-01-01T10:00:00+00:00")
    b = service.remember(user, ARSENAL[1], created_at="2025-01-01T10:05:00+00:00")
    assert b.action == "flagged" and b.match_id == a.id, b
    return a.id, b.id


def _consolidate_cli(user: str) -> tuple[subprocess.CompletedProcess, dict]:
    r = run("consolidate", "--user", user, "--json")
    return r, json.loads(r.stdout)


# -- item 1: accepting a REPLACE ---------------------------------------------------------------------

def test_accepted_replace_then_consolidation_succeeds_through_the_cli(service):
    """Before: the kept memory stayed flagged, its match was now its own duplicate, and every later
    run tried to make it a duplicate of itself (CheckViolation memories_no_self_link, run FAILURE)."""
    short, full = _two_arsenal(service, "gunner")
    r = run("consolidate", "--user", "gunner", "--mode", "review", "--json")
    assert r.returncode == 0, r.stderr
    pending = json.loads(run("suggestions", "list", "--user", "gunner", "--json").stdout)
    replace = next(s for s in pending if s["action"] == "REPLACE")
    r = run("suggestions", "accept", "--user", "gunner", "--id", replace["id"], "--json")
    assert r.returncode == 0 and json.loads(r.stdout)["status"] == "accepted", r.stderr
    rows = _rows(service, "gunner")
    assert rows[short][0] == full and rows[full][0] is None  # the fuller text stays, the other is its duplicate
    assert not rows[short][3] and not rows[full][3]  # both left the flagged queue
    for _ in range(2):  # and the user consolidates, again and again
        r, out = _consolidate_cli("gunner")
        assert r.returncode == 0 and out["status"] == "SUCCESS", (r.stderr[-2000:], out)
        assert all(out["checks"].values()), out["checks"]
    assert all(dup != mid for mid, (dup, *_) in _rows(service, "gunner").items())


def test_store_left_by_an_old_accept_consolidates_again(service):
    """The state the old accept left (kept memory still flagged, its match now its duplicate): the run
    decides nothing for it instead of linking it to itself."""
    short, full = _two_arsenal(service, "old-accept")
    service.conn.execute("UPDATE memories SET duplicate_of = %s, flagged = false, updated_at = now() WHERE id = %s",
                         (full, short))
    res = service.consolidate("old-accept")
    assert res["status"] == "SUCCESS" and all(res["checks"].values()), res
    rows = _rows(service, "old-accept")
    assert rows[full][0] is None and rows[full][3] is False and rows[short][0] == full
    skipped = service.conn.execute("SELECT reason FROM actions WHERE action = 'SKIP' AND %s = ANY(memory_ids)",
                                   (full,)).fetchall()
    service.conn.rollback()
    assert any("no comparable memory" in s for (s,) in skipped), skipped


def test_suggestion_the_store_moved_past_is_refused_and_writes_nothing(service):
    """A REPLACE suggestion whose pair an apply run has since merged: a one-line error, exit 2, the
    suggestion still pending and the rows untouched (before: reported `accepted`)."""
    _two_arsenal(service, "moved")
    assert service.consolidate("moved", mode="review")["status"] == "SUCCESS"
    (replace,) = [s for s in service.suggestions("moved") if s["action"] == "REPLACE"]
    assert service.consolidate("moved")["status"] == "SUCCESS"  # apply mode makes the same REPLACE itself
    before = _rows(service, "moved")
    r = run("suggestions", "accept", "--user", "moved", "--id", replace["id"])
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    assert r.returncode == 2 and len(lines) == 1 and "no longer applies" in lines[0], r.stderr
    assert "already a duplicate" in lines[0]
    assert _rows(service, "moved") == before
    assert [s["id"] for s in service.suggestions("moved")] == [replace["id"]]  # still pending: reject it
    assert service.reject_suggestion("moved", replace["id"])["status"] == "rejected"


def _craft(service, user: str, action: str, ids: list[int], payload: dict | None = None) -> str:
    """A pending suggestion as review mode writes one, on a state review mode did not see."""
    from memory_pipeline.store.suggestions import insert_suggestion

    sid = f"sug_test_{action}_{'_'.join(map(str, ids))}"
    with service.conn.transaction():
        insert_suggestion(service.conn, {"id": sid, "user_id": user, "action": action, "memory_ids": ids,
                                         "suggested_content": None, "payload": payload or {}, "reason": "test",
                                         "similarity": 0.93, "run_id": None})
    return sid


def test_self_loops_and_double_links_are_refused_for_every_kind(service):
    """REPLACE of a memory with itself, an UPDATE that would make two memories supersede each other, a
    MERGE of memories a summary already stands for: each a clear error, nothing written."""
    a, b = _two_arsenal(service, "kinds")
    with pytest.raises(ValidationError, match="1 distinct memory"):
        service.accept_suggestion("kinds", _craft(service, "kinds", "REPLACE", [b, b]))
    assert service.accept_suggestion("kinds", _craft(service, "kinds", "UPDATE", [b, a],
                                                     {"newer": b, "older": a}))["status"] == "accepted"
    with pytest.raises(ValidationError, match="would go round"):
        service.accept_suggestion("kinds", _craft(service, "kinds", "UPDATE", [a, b], {"newer": a, "older": b}))
    rows = _rows(service, "kinds")
    assert rows[a][1] == b and rows[b][1] is None  # only the accepted direction
    with pytest.raises(ValidationError, match=f"memory {a} was superseded by {b} since"):
        service.accept_suggestion("kinds", _craft(service, "kinds", "REPLACE", [a, b]))
    c = service.remember("kinds", "Arsenal is the football club I support.", created_at="2025-01-02T10:00:00+00:00")
    with service.conn.transaction():
        service.conn.execute("UPDATE memories SET summarized_into = 'sum_x' WHERE id = %s", (c.id,))
        service.conn.execute(
            "INSERT INTO summaries (id, user_id, content, source_ids, source_chars, temporal_start, temporal_end,"
            " method, embedding, confidence, scope) SELECT 'sum_x', user_id, 'Arsenal.', ARRAY[id], 100, created_at,"
            " created_at, 'extractive', embedding, 0.9, 'episode' FROM memories WHERE id = %s", (c.id,))
    with pytest.raises(ValidationError, match="already stands in summary sum_x"):
        service.accept_suggestion("kinds", _craft(service, "kinds", "MERGE", [b, c.id]))
    n = service.conn.execute("SELECT count(*) FROM summaries WHERE user_id = 'kinds'").fetchone()[0]
    service.conn.rollback()
    assert n == 1 and _rows(service, "kinds")[b][2] is None


# -- item 4: REPLACE, then the summary replaced -------------------------------------------------------

PARAPHRASES = ("I support Arsenal football club.", "I am a supporter of Arsenal football club.",
               "Arsenal is the football club I support.", "I support the Arsenal football club.")


def test_replace_then_summary_replaced_leaves_no_dangling_link(service):
    """Four paraphrases consolidate (a REPLACE makes one a duplicate of a summary source); a fifth joins
    the cluster and its summary is re-derived without the duplicate. Before: the duplicate kept
    pointing at the deleted summary and no_loss stayed false on every later run, SUCCESS all the same."""
    for text in PARAPHRASES:
        service.remember("fan", text, created_at="2025-01-01T10:00:00+00:00")
    first = service.consolidate("fan")
    assert first["status"] == "SUCCESS" and all(first["checks"].values()), first["checks"]
    service.remember("fan", ARSENAL[1], created_at="2025-01-02T10:00:00+00:00")
    for _ in range(2):
        res = service.consolidate("fan")
        assert res["status"] == "SUCCESS" and all(res["checks"].values()), res["checks"]
        assert _dangling(service, "fan") == []
    logged = service.conn.execute("SELECT action FROM actions WHERE user_id = 'fan'").fetchall()
    service.conn.rollback()
    assert {"REPLACE", "SUMMARY_REPLACED"} <= {a for (a,) in logged}  # the sequence of the issue happened


# -- a lost memory fails the run and the command -----------------------------------------------------

def test_no_loss_failure_fails_the_run_and_the_cli_exits_non_zero(service):
    from memory_pipeline_tests.fixtures import alice_memories

    service.remember_many(alice_memories())
    assert service.consolidate("alice")["checks"]["no_loss"] is True
    victim = service.conn.execute(
        "SELECT max(m.id) FROM memories m WHERE m.user_id = 'alice' AND NOT EXISTS (SELECT 1 FROM memories o"
        " WHERE m.id IN (o.duplicate_of, o.superseded_by))").fetchone()[0]
    service.conn.execute("DELETE FROM memories WHERE id = %s", (victim,))
    r, out = _consolidate_cli("alice")
    assert out["checks"]["no_loss"] is False and out["status"] == "FAILURE", out
    assert r.returncode == 1 and "no_loss check failed" in r.stderr, (r.returncode, r.stderr[-2000:])


# -- an existing store is repaired by a migration ------------------------------------------------------

def test_migration_repairs_links_an_older_version_left(service):
    from memory_pipeline.store import db

    (version,) = [v for v, name, _ in db.migrations() if name == "repair_links"]
    for text in PARAPHRASES:
        service.remember("repair", text, created_at="2025-01-01T10:00:00+00:00")
    assert service.consolidate("repair")["status"] == "SUCCESS"
    a, b = _two_arsenal(service, "repair-loop")
    short, full = _two_arsenal(service, "repair-flag")
    summarized = service.conn.execute("SELECT id, summarized_into FROM memories WHERE user_id = 'repair'"
                                      " AND summarized_into IS NOT NULL ORDER BY id").fetchall()
    (gone, real), (kept, summary) = summarized[0], summarized[1]
    with service.conn.transaction():  # what older versions left: a dangling summary link, a loop, a stuck flag
        service.conn.execute("UPDATE memories SET summarized_into = 'sum_gone' WHERE id = %s", (gone,))
        service.conn.execute("UPDATE memories SET duplicate_of = %s, flagged = false WHERE id = %s", (b, a))
        service.conn.execute("UPDATE memories SET duplicate_of = %s, summarized_into = 'sum_none' WHERE id = %s",
                             (a, b))
        service.conn.execute("UPDATE memories SET duplicate_of = %s, flagged = false WHERE id = %s", (full, short))
        service.conn.execute("DELETE FROM schema_migrations WHERE version = %s", (version,))
    assert set(_dangling(service, "repair")) == {gone}
    applied = db.migrate(service.url, dimension=service.runtime.embedder.dimension,
                         embedding_model=service.runtime.embedder.name)
    assert applied == [version]
    rows = _rows(service, "repair")
    assert rows[gone][2] == real and rows[kept][2] == summary  # re-pointed at the summary that lists it
    loop = _rows(service, "repair-loop")
    assert loop[a][0] is None and loop[b][0] == a  # the smallest id is the original again
    assert loop[b][2] is None  # no summary lists it: cleared, to be summarized again
    assert _rows(service, "repair-flag")[full][3] is False  # nothing left to decide for it
    assert _dangling(service, "repair") == []
    for user in ("repair", "repair-loop", "repair-flag"):
        res = service.consolidate(user)
        assert res["status"] == "SUCCESS" and all(res["checks"].values()), (user, res)
