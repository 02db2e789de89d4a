"""Time zones implied by a move or named as the clock to use: read from the tz database's own city and
region names, never from a table of ours; a zone that keeps the same clock changes nothing."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memory_pipeline.engines.base import SupersessionCandidates
from memory_pipeline.engines.local import LocalEngine
from memory_pipeline.lib.change import detect_change
from memory_pipeline.lib.supersession import MemoryText
from memory_pipeline.lib.zones import clocks_in, other_clock, zone_of_place, zones_in

ON = datetime(2026, 3, 1, tzinfo=UTC)


@pytest.mark.parametrize(("place", "zone"), [
    ("Toronto", "America/Toronto"), ("Toronto, Canada", "America/Toronto"), ("los angeles", "America/Los_Angeles"),
    ("Paris", "Europe/Paris"), ("Austin", None), ("Edinburgh", None), ("Northwind Health", None),
])
def test_a_place_names_a_zone_only_when_the_tz_database_does(place, zone):
    assert zone_of_place(place) == zone


@pytest.mark.parametrize(("place", "stated", "implied"), [
    ("Toronto", "America/Los_Angeles", "America/Toronto"),
    ("Paris", "Europe/London", "Europe/Paris"),
    ("Detroit", "America/New_York", None),  # another identifier, the same clock all year
    ("London", "Europe/London", None),
    ("Edinburgh", "Europe/London", None),  # no zone of its own: nothing implied
    ("Toronto", "Pacific time", None),  # not a zone identifier
])
def test_a_place_implies_another_clock(place, stated, implied):
    zone = zone_of_place(place)
    assert (zone if other_clock(zone, stated, ON) else None) == implied


@pytest.mark.parametrize(("text", "zones"), [
    ("From Monday please book things in Mountain time.", ["Canada/Mountain"]),  # a region the tz database names
    ("Could we stick to London time while I'm over there?", ["Europe/London"]),
    ("The webinar starts at 4pm Eastern time.", []),  # a time of day: the clock of an event
    ("My brother has to live on Pacific time now.", []),  # another person's clock
    ("What time is it in Lisbon?", []),
])
def test_a_clock_named_to_live_by(text, zones):
    assert clocks_in(text) == zones


def test_zone_identifiers_in_text():
    assert zones_in("The user's time zone is America/New_York, or Europe/London in summer.") == [
        "America/New_York", "Europe/London"]
    assert zones_in("Send it to me and/or Dana via TCP/IP.") == []


def test_a_move_carries_its_relation():
    change = detect_change("I transferred up from Seattle to the Toronto office about a month ago.",
                           "The user lives in Seattle, USA.")
    assert change is not None and change.relation == "residence", change


def _mem(i: int, text: str, day: int) -> MemoryText:
    return MemoryText(str(i), text, datetime(2026, 1, day, tzinfo=UTC))


@pytest.mark.parametrize(("move", "zone_changes"), [
    ("Big change: I relocated from Seattle to Toronto last month.", True),
    ("Big change: I relocated from Seattle to Vancouver last month.", False),  # Pacific either way
])
def test_the_local_engine_supersedes_the_zone_a_move_leaves(move, zone_changes):
    city = _mem(1, "The user lives in Seattle.", 1)
    zone = _mem(2, "The user's time zone is America/Los_Angeles.", 1)
    moved = _mem(3, move, 20)
    found = LocalEngine().supersessions(SupersessionCandidates(
        [city, zone, moved], pairs=lambda: [(moved, city, 0.6), (moved, zone, 0.3)]))
    pairs = {(f.newer_id, f.older_id): f for f in found}
    assert ("3", "1") in pairs
    assert (("3", "2") in pairs) is zone_changes
    if zone_changes:
        assert (pairs[("3", "2")].old_value, pairs[("3", "2")].new_value) == ("America/Los_Angeles", "America/Toronto")


def test_the_local_engine_supersedes_the_zone_a_newer_memory_names_another_clock_for():
    zone = _mem(1, "The user's time zone is Europe/Berlin.", 1)
    same = _mem(2, "Keep everything on Paris time please.", 10)  # the same clock: nothing changes
    asked = _mem(3, "Can you schedule on London time from now on?", 20)
    found = LocalEngine().supersessions(SupersessionCandidates(
        [zone, same, asked], pairs=lambda: [(same, zone, 0.3), (asked, zone, 0.3)]))
    pairs = {(f.newer_id, f.older_id): f for f in found}
    assert ("2", "1") not in pairs
    assert (pairs[("3", "1")].old_value, pairs[("3", "1")].new_value) == ("Europe/Berlin", "Europe/London"), pairs
