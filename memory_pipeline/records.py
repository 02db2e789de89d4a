"""Input records: validation of what callers hand us, before anything is written."""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from memory_pipeline.config import TimeBounds
from memory_pipeline.errors import ValidationError

# used with fullmatch: `$` would let a trailing newline through ("u1\n" as a user of its own)
USER_ID_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._:@-]{0,127}")
FIELDS = {
    "user_id", "content", "external_id", "created_at", "conversation_id", "session_id", "role",
    "namespace", "importance", "metadata",
}
_WS = re.compile(r"\s+")
MAX_METADATA_DEPTH = 32  # deeper nesting is no metadata a memory needs, and costs stack on both sides
MAX_METADATA_CHARS = 64_000


@dataclass(frozen=True)
class MemoryIn:
    user_id: str
    content: str
    created_at: datetime
    external_id: str | None = None
    conversation_id: str | None = None
    session_id: str | None = None
    role: str | None = None
    namespace: str = "default"
    importance: float | None = None
    metadata: dict[str, Any] = field(default_factory=dict)

    @property
    def content_hash(self) -> bytes:
        return content_hash(self.content)


def content_hash(content: str) -> bytes:
    """Hash of the normalised text: case and whitespace do not make a new memory."""
    return hashlib.sha256(_WS.sub(" ", content.strip()).casefold().encode("utf-8")).digest()


def validate_user_id(user_id: Any) -> str:
    if not isinstance(user_id, str) or not user_id:
        raise ValidationError("user_id is required and must be a non-empty string", field="user_id")
    if not USER_ID_RE.fullmatch(user_id):
        raise ValidationError(
            f"user_id {user_id[:40]!r} is malformed: use 1-128 characters from letters, digits and . _ : @ -,"
            " starting with a letter or digit",
            field="user_id",
        )
    return user_id


def validate_content(content: Any, *, max_chars: int) -> str:
    if not isinstance(content, str):
        raise ValidationError("content is required and must be a string", field="content")
    if "\x00" in content:
        raise ValidationError("content contains a NUL byte", field="content")
    try:
        content.encode("utf-8")
    except UnicodeEncodeError as e:
        raise ValidationError("content is not valid UTF-8 (lone surrogate)", field="content") from e
    text = content.strip()
    if not text:
        raise ValidationError("content is empty or whitespace only", field="content")
    if len(text) > max_chars:
        raise ValidationError(f"content has {len(text)} characters; the limit is {max_chars}", field="content")
    return text


def parse_time(value: Any, *, name: str = "created_at") -> datetime:
    """ISO 8601 (a trailing Z allowed); naive times are taken as UTC."""
    if isinstance(value, datetime):
        dt = value
    elif isinstance(value, str) and value.strip():
        try:
            dt = datetime.fromisoformat(value.strip())
        except ValueError as e:
            raise ValidationError(f"{name} {value[:40]!r} is not an ISO 8601 timestamp", field=name) from e
    else:
        raise ValidationError(f"{name} must be an ISO 8601 string", field=name)
    dt = dt if dt.tzinfo else dt.replace(tzinfo=UTC)
    try:
        dt.astimezone(UTC)  # stored in UTC: an offset must not push it out of the representable years
    except OverflowError as e:
        raise ValidationError(f"{name} is out of range", field=name) from e
    return dt


def check_bounds(dt: datetime, bounds: TimeBounds, *, name: str = "created_at") -> datetime:
    """`dt` if within `bounds` (now + the allowed skew at the latest), else a one-line error."""
    latest = bounds.latest()
    if not bounds.earliest <= dt <= latest:
        raise ValidationError(
            f"{name} {dt.isoformat()} is out of range: accepted from {bounds.earliest.isoformat()}"
            f" to {latest.isoformat(timespec='seconds')} (now + {bounds.max_future})", field=name)
    return dt


def _opt_str(obj: Mapping, key: str, limit: int = 256) -> str | None:
    value = obj.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise ValidationError(f"{key} must be a string", field=key)
    value = str(value)
    if "\x00" in value or len(value) > limit:
        raise ValidationError(f"{key} must be at most {limit} characters without NUL bytes", field=key)
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as e:
        raise ValidationError(f"{key} is not valid UTF-8 (lone surrogate)", field=key) from e
    return value


def _depth(v: Any, limit: int) -> int:
    """Nesting depth of a JSON value, counted no further than `limit` + 1 (no recursion)."""
    deepest, stack = 0, [(v, 1)]
    while stack:
        x, d = stack.pop()
        deepest = max(deepest, d)
        if deepest > limit:
            break
        if isinstance(x, dict):
            stack += [(y, d + 1) for y in x.values()]
        elif isinstance(x, list | tuple):
            stack += [(y, d + 1) for y in x]
    return deepest


def _check_metadata(metadata: dict) -> None:
    """Storable as jsonb exactly as given: finite numbers, valid UTF-8, no NUL, bounded depth and size."""
    if _depth(metadata, MAX_METADATA_DEPTH) > MAX_METADATA_DEPTH:
        raise ValidationError(f"metadata is nested deeper than {MAX_METADATA_DEPTH} levels", field="metadata")
    try:
        text = json.dumps(metadata, allow_nan=False, ensure_ascii=False)
        text.encode("utf-8")
    except (TypeError, ValueError) as e:  # NaN / Infinity, lone surrogates, non-JSON values, huge integers
        raise ValidationError(f"metadata is not storable JSON: {e}", field="metadata") from e
    if "\x00" in text or "\\u0000" in text:
        raise ValidationError("metadata contains a NUL character", field="metadata")
    if len(text) > MAX_METADATA_CHARS:
        raise ValidationError(f"metadata has {len(text)} characters as JSON; the limit is {MAX_METADATA_CHARS}",
                              field="metadata")


def validate_record(obj: Any, *, max_chars: int, now: datetime | None = None, line: int | None = None,
                    bounds: TimeBounds | None = None) -> MemoryIn:
    try:
        if not isinstance(obj, Mapping):
            raise ValidationError("each record must be a JSON object")
        unknown = set(obj) - FIELDS
        if unknown:
            raise ValidationError(f"unknown field(s): {', '.join(sorted(unknown))}")
        importance = obj.get("importance")
        if importance is not None:
            if isinstance(importance, bool) or not isinstance(importance, int | float) or not 0 <= importance <= 1:
                raise ValidationError("importance must be a number between 0 and 1", field="importance")
            importance = float(importance)
        metadata = obj.get("metadata") or {}
        if not isinstance(metadata, dict):
            raise ValidationError("metadata must be a JSON object", field="metadata")
        _check_metadata(metadata)
        namespace = _opt_str(obj, "namespace", 64) or "default"
        created = obj.get("created_at")
        return MemoryIn(
            user_id=validate_user_id(obj.get("user_id")),
            content=validate_content(obj.get("content"), max_chars=max_chars),
            created_at=check_bounds(parse_time(created), bounds or TimeBounds()) if created is not None
            else (now or datetime.now(UTC)),
            external_id=_opt_str(obj, "external_id"),
            conversation_id=_opt_str(obj, "conversation_id"),
            session_id=_opt_str(obj, "session_id"),
            role=_opt_str(obj, "role", 32),
            namespace=namespace,
            importance=importance,
            metadata=metadata,
        )
    except ValidationError as e:
        if line is not None and e.line is None:
            raise ValidationError(str(e), line=line, field=e.field) from None
        raise
    except (TypeError, ValueError) as e:
        raise ValidationError(f"invalid record: {e}", line=line) from e


def read_jsonl(path: Path, *, max_chars: int, now: datetime | None = None,
               bounds: TimeBounds | None = None) -> Iterator[MemoryIn]:
    """Parse and validate every line (1-based numbers in errors); blank lines are skipped."""
    try:
        fh = open(path, "rb")  # noqa: SIM115 - closed by the with below; the open error needs its own message
    except OSError as e:
        raise ValidationError(f"cannot read {path}: {e.strerror}") from e
    with fh:
        for number, raw in enumerate(fh, start=1):
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError as e:
                raise ValidationError("not valid UTF-8", line=number) from e
            if not text.strip():
                continue
            try:
                obj = json.loads(text)
            except json.JSONDecodeError as e:
                raise ValidationError(f"not valid JSON ({e.msg})", line=number) from e
            except RecursionError as e:
                raise ValidationError("JSON nested too deeply", line=number) from e
            yield validate_record(obj, max_chars=max_chars, now=now, line=number, bounds=bounds)
