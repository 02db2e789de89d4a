"""Timestamps as the lib reads them: a naive datetime is UTC, as the store writes them."""

from __future__ import annotations

from datetime import UTC, datetime


def as_utc(moment: datetime) -> datetime:
    """`moment` in UTC; a naive timestamp is read as UTC, never as the machine's local time."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)
