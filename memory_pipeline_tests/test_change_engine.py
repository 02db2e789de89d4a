"""Through the Python API: a lower-case thing the user says is gone, replaced by another said of someone
else ("the help desk wiped the Pixel and gave me an iPhone 15"), supersedes the older statement of it.
The guard that the word left behind be said of the same named thing in both texts kept such a change
out (the judge alone scores it below its threshold); it was deleted (issue 30)."""

from __future__ import annotations

import pytest

OLDER = "my work phone is a Pixel 7 Pro running GrapheneOS, so iPhone tips are no use to me"
NEWER = "the help desk wiped the Pixel and gave me an iPhone 15 today. where is the back button on this thing."


@pytest.mark.xfail(strict=True, reason="issue 30's rule budget deleted the dropped-word path that read this"
                   " ('wiped' leaves the older thing behind); the judge alone scores it below its threshold")
def test_a_thing_wiped_and_replaced_supersedes_its_older_statement(service):
    old = service.remember("phone", OLDER, created_at="2025-03-01T09:00:00+00:00")
    new = service.remember("phone", NEWER, created_at="2025-05-12T09:00:00+00:00")
    service.consolidate("phone")
    rows = dict(service.conn.execute(
        "SELECT id, superseded_by FROM memories WHERE user_id = 'phone'").fetchall())
    assert rows[old.id] == new.id and rows[new.id] is None, rows
