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

from memory_pipeline.lib.judge_sentence import value_voice
from memory_pipeline.lib.supersession import Supersession

_ID = re.compile(r"\b[A-Z][A-Za-z]+(?:/[A-Z][A-Za-z_+-]+){1,2}\b")
_CLOCK = re.compile(r"\b([A-Z][a-z]+(?: [A-Z][a-z]+)?) [Tt]ime\b")
_TIME_OF_DAY = re.compile(r"(?:\d\s*(?:[ap]\.?m\b\.?)?|\bnoon|\bmidnight)\W*$", re.IGNORECASE)


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


def other_clock(zone: str | None, stated_zone: str, on: datetime) -> bool:
    """Whether `zone` is a clock other than `stated_zone` (in winter or summer of `on`'s year)."""
    return (zone is not None and stated_zone in _zones() and zone != stated_zone
            and not same_clock(zone, stated_zone, on))


def clocks_in(text: str) -> list[str]:
    """The zones a text names as the clock to live by ("use Central time", "on London time"): a region or
    city of the tz database before "time", the user's own, with no time of day before it ("3pm Central
    time" times an event)."""
    return [zone for m in _CLOCK.finditer(text) if (zone := zone_of_place(m[1])) is not None
            and not _TIME_OF_DAY.search(text[: m.start()]) and value_voice(text, m[1]) is None]


def zone_supersessions(moves, memories, linked: set[str]) -> list[Supersession]:
    """A move (`moves`: (newer memory, its new place)) to a place whose zone is another clock than the
    zone an older memory states supersedes that memory too: the user no longer lives by it; so does a
    newer memory naming another clock to use."""
    said = [(newer, zone_of_place(place), f"a move to {place}") for newer, place in moves]
    said += [(m, zone, "named") for m in memories for zone in clocks_in(m.content)]
    out = []
    for newer, zone, how in said:
        for older in memories:
            if older.id in linked or older.id == newer.id or not older.created_at < newer.created_at:
                continue
            for stated in zones_in(older.content):
                if other_clock(zone, stated, newer.created_at):
                    linked.add(older.id)
                    out.append(Supersession(
                        newer.id, older.id, "value:zone", stated, zone,
                        f"'{stated}' replaced by '{zone}' ({how}; a {zone} clock is not a {stated} one;"
                        f" {older.created_at.date().isoformat()} -> {newer.created_at.date().isoformat()})", 0.55))
                    break
    return out
