"""Time zones implied by a place: the tz database names its zones after cities ("America/Toronto",
"Europe/Paris"), so a move to such a city says which clock the user now lives by. No hand-written
table: a city that names no zone ("Austin", "Edinburgh") implies nothing, and a move between two
zones that keep the same clock all year ("America/Detroit" and "America/New_York") changes nothing.
"""

from __future__ import annotations

import re
import zoneinfo
from datetime import datetime, timedelta
from functools import lru_cache

from memory_pipeline.lib.supersession import Supersession

_ID = re.compile(r"\b[A-Z][A-Za-z]+(?:/[A-Z][A-Za-z_+-]+){1,2}\b")


@lru_cache(maxsize=1)
def _zones() -> frozenset[str]:
    return frozenset(z for z in zoneinfo.available_timezones() if "/" in z and not z.startswith(("Etc/", "SystemV/")))


@lru_cache(maxsize=1)
def _by_city() -> dict[str, str]:
    """"toronto" -> "America/Toronto"; a city two regions name ("Kentucky/Louisville") goes to the
    shortest identifier, the canonical one in the tz database."""
    out: dict[str, str] = {}
    for z in sorted(_zones(), key=lambda z: (z.count("/"), z)):
        out.setdefault(z.rsplit("/", 1)[1].replace("_", " ").lower(), z)
    return out


def zone_of_place(place: str) -> str | None:
    """The zone a place names: its first comma part ("Toronto, Canada" -> "America/Toronto")."""
    return _by_city().get(place.split(",")[0].strip().lower())


def zones_in(text: str) -> list[str]:
    """The tz identifiers a text states, in order."""
    return [m for m in _ID.findall(text) if m in _zones()]


def same_clock(a: str, b: str, on: datetime) -> bool:
    """Whether two zones show the same time in winter and in summer of `on`'s year."""
    za, zb = zoneinfo.ZoneInfo(a), zoneinfo.ZoneInfo(b)
    for month in (1, 7):
        t = datetime(on.year, month, 15) + timedelta(hours=12)
        if za.utcoffset(t) != zb.utcoffset(t):
            return False
    return True


def implied_zone(new_place: str, stated_zone: str, on: datetime) -> str | None:
    """The zone a move to `new_place` implies when it is another clock than `stated_zone`, else None."""
    zone = zone_of_place(new_place)
    if zone is None or zone == stated_zone or stated_zone not in _zones():
        return None
    return None if same_clock(zone, stated_zone, on) else zone


def zone_supersessions(moves, memories, linked: set[str]) -> list[Supersession]:
    """A move (`moves`: (newer memory, its new place)) to a place whose zone is another clock than the
    zone an older memory states supersedes that memory too: the user no longer lives by it."""
    out = []
    for newer, place in moves:
        for older in memories:
            if older.id in linked or older.id == newer.id or not older.created_at < newer.created_at:
                continue
            for stated in zones_in(older.content):
                zone = implied_zone(place, stated, newer.created_at)
                if zone is not None:
                    linked.add(older.id)
                    out.append(Supersession(
                        newer.id, older.id, "value:zone", stated, zone,
                        f"'{stated}' replaced by '{zone}' (moved to {place}; a {zone} clock is not a {stated} one;"
                        f" {older.created_at.date().isoformat()} -> {newer.created_at.date().isoformat()})", 0.55))
                    break
    return out
