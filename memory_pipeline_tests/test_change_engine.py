"""Through the Python API: a lower-case thing the user says is gone, replaced by another said of someone
else ("IT wiped the ThinkPad and handed me a MacBook Pro"), supersedes the older statement of it. The
guard that the word left behind be said of the same named thing in both texts kept this probes-dev
change out (the judge alone scores it below its threshold); it was deleted (issue 30)."""

from __future__ import annotations

import pytest

OLDER = "my work laptop is a ThinkPad X1 Carbon running Ubuntu, so mac shortcuts are no use to me"
NEWER = "IT wiped the ThinkPad and handed me a MacBook Pro this morning. where is the delete key on this thing."


@pytest.mark.xfail(strict=True, reason="issue 30's rule budget deleted the dropped-word path that read this"
                   " ('wiped' leaves the older thing behind); the judge alone scores it below its threshold")
def test_a_thing_wiped_and_replaced_supersedes_its_older_statement(service):
    old = service.remember("laptop", OLDER, created_at="2025-03-01T09:00:00+00:00")
    new = service.remember("laptop", NEWER, created_at="2025-05-12T09:00:00+00:00")
    service.consolidate("laptop")
    rows = dict(service.conn.execute(
        "SELECT id, superseded_by FROM memories WHERE user_id = 'laptop'").fetchall())
    assert rows[old.id] == new.id and rows[new.id] is None, rows
