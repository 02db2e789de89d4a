"""Stable user -> shard mapping (not Python's salted hash())."""

from __future__ import annotations

import hashlib


def shard_of(user_id: str, shards: int) -> int:
    return int.from_bytes(hashlib.blake2b(user_id.encode(), digest_size=8).digest(), "big") % shards
