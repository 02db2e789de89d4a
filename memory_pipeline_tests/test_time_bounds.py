"""Event times are bounded (issue 29, item 2): a time out of range is a one-line error on every entry
path and nothing is written; a store that already holds one (saved before the check) still
consolidates and recalls."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import anyio
import pytest

from memory_pipeline.config import Settings
from memory_pipeline.errors import ValidationError

pytestmark = pytest.mark.integration


def _out_of_range() -> list[str]:
    soon = datetime.now(UTC) + timedelta(days=2)
    return ["9999-12-31T00:00:00Z", "2999-06-01", "0001-01-01T00:00:00Z", "1899-12-31T23:59:59Z", soon.isoformat()]


def test_api_and_mcp_refuse_a_time_out_of_range_and_write_nothing(service):
    from mcp.server.mcpserver.exceptions import ToolError

    from memory_pipeline.mcp_server import build_server

    server = build_server(service)
    for bad in _out_of_range():
        with pytest.raises(ValidationError, match="created_at .* is out of range: accepted from 1900-01-01"):
            service.remember("tb-user", "I live in Lyon", created_at=bad)
        with pytest.raises(ValidationError, match="line 2: created_at .* out of range"):
            service.remember_many([{"user_id": "tb-user", "content": "fine"},
                                   {"user_id": "tb-user", "content": "x", "created_at": bad}])
        with pytest.raises(ToolError, match="out of range"):
            anyio.run(server.call_tool, "remember", {"user_id": "tb-user", "content": "x", "created_at": bad})
    assert service.stats()["memories"] == 0
    # the bounds themselves are accepted
    service.remember("tb-user", "I was born in 1900", created_at="1900-01-01T00:00:00Z")
    service.remember("tb-user", "Meeting tomorrow", created_at=(datetime.now(UTC) + timedelta(hours=23)).isoformat())
    assert service.stats()["memories"] == 2


def test_the_bounds_are_settings(service, settings, embedder, monkeypatch):
    from memory_pipeline.config import TimeBounds
    from memory_pipeline.service import MemoryService

    monkeypatch.setenv("MEMORY_PIPELINE_EARLIEST_TIME", "1800-01-01")
    monkeypatch.setenv("MEMORY_PIPELINE_MAX_FUTURE_HOURS", "72")
    bounds = Settings.from_env().save.time_bounds
    assert bounds == TimeBounds(earliest=datetime(1800, 1, 1, tzinfo=UTC), max_future=timedelta(hours=72))
    wide = MemoryService(settings.with_overrides(save=replace(settings.save, time_bounds=bounds)), embedder=embedder)
    try:
        assert wide.remember("tb-wide", "The house was built in 1850", created_at="1850-05-01").action == "inserted"
        in_two_days = (datetime.now(UTC) + timedelta(days=2)).isoformat()
        assert wide.remember("tb-wide", "Flight in two days", created_at=in_two_days).action == "inserted"
    finally:
        wide.close()
    with pytest.raises(ValidationError, match="out of range"):
        service.remember("tb-wide", "The house was built in 1850", created_at="1850-05-01")


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "memory_pipeline.cli", *args], capture_output=True, text=True,
                          env=os.environ.copy(), timeout=300)


def test_cli_remember_and_ingest_refuse_a_time_out_of_range(service, tmp_path):
    r = _cli("remember", "--user", "tb-cli", "I live in Lyon", "--created-at", "9999-12-31T00:00:00Z")
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    assert r.returncode == 2 and len(lines) == 1 and "out of range" in lines[0], r.stderr
    p = tmp_path / "in.jsonl"
    p.write_text(json.dumps({"user_id": "tb-cli", "content": "fine", "created_at": "2025-01-01T00:00:00Z"}) + "\n"
                 + json.dumps({"user_id": "tb-cli", "content": "dated 2999", "created_at": "2999-01-01"}) + "\n")
    r = _cli("ingest", str(p))
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    assert r.returncode == 2 and len(lines) == 1 and "line 2" in lines[0] and "out of range" in lines[0], r.stderr
    assert service.stats()["memories"] == 0  # the whole file is refused


def test_a_stored_time_out_of_range_does_not_break_its_user(service):
    """A store written before the check may hold such rows: every consolidation of their user failed
    (an underflow in the tier statement, a date past year 9999); they are now read at the nearest bound."""
    texts = ["I live in Lyon.", "I moved to Paris yesterday.", "My standup is tomorrow at 9.", "I have two cats.",
             "I switched from vim to helix last week.", "I work at Northwind as a data analyst."]
    for user in ("tb-old", "tb-other"):
        service.remember_many([{"user_id": user, "content": t, "created_at": f"2025-03-0{i + 1}T10:00:00Z"}
                               for i, t in enumerate(texts)])
    conn = service.conn
    ids = [r[0] for r in conn.execute("SELECT id FROM memories WHERE user_id = 'tb-old' ORDER BY id")]
    # set behind the API's back, as an older version let them in
    for mid, when in zip(ids, ("9999-12-31T00:00:00Z", "0001-01-01T00:00:00Z", "2999-01-01T00:00:00Z",
                               "1850-01-01T00:00:00Z"), strict=False):
        conn.execute("UPDATE memories SET created_at = %s WHERE id = %s", (when, mid))
    conn.commit()
    res = service.consolidate("tb-old")  # one user: a partition run
    assert res["status"] == "SUCCESS" and res["checks"] and all(res["checks"].values()), res
    res = service.consolidate(all_users=True)  # both users in one batch
    assert res["status"] == "SUCCESS" and res["checks"] and all(res["checks"].values()), res
    assert conn.execute("SELECT count(*) FROM consolidation_state WHERE user_id IN ('tb-old', 'tb-other')"
                        ).fetchone()[0] == 2
    stored = [r[0].year for r in conn.execute("SELECT created_at FROM memories WHERE id = ANY(%s) ORDER BY id",
                                              (ids[:4],))]
    assert stored == [9999, 1, 2999, 1850]  # raw rows are never changed
    rows = service.recall("tb-old", "where do I live?", mode="exhaustive")
    assert rows and any("Paris" in r["content"] or "Lyon" in r["content"] for r in rows)


def test_a_stored_far_future_time_does_not_outrank_later_memories(service):
    """A row dated 2999 read as 2999 won every supersession; it is read as the latest time the check
    would have allowed when it was saved, so what the user said after that replaces it."""
    service.remember_many([
        {"user_id": "tb-pin", "content": "I live in Paris.", "created_at": "2025-01-10T10:00:00Z"},
        {"user_id": "tb-pin", "content": "I moved to Nantes.", "created_at": "2025-06-01T10:00:00Z"}])
    conn = service.conn
    paris, nantes = [r[0] for r in conn.execute("SELECT id FROM memories WHERE user_id = 'tb-pin' ORDER BY id")]
    conn.execute("UPDATE memories SET created_at = '2999-01-01T00:00:00Z', ingested_at = '2025-01-10T10:00:00Z'"
                 " WHERE id = %s", (paris,))
    conn.commit()
    res = service.consolidate("tb-pin")
    assert res["status"] == "SUCCESS", res
    links = dict(conn.execute("SELECT id, superseded_by FROM memories WHERE user_id = 'tb-pin'").fetchall())
    assert links == {paris: nantes, nantes: None}
