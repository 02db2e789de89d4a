"""Bearer tokens of the MCP HTTP server: one per user, kept in a file as hashes only.

A line is `<user_id> sha256:<hex>`. A token is 32 random bytes (URL-safe text), shown once when it
is made; the file never holds it, so a leaked file grants nothing. SHA-256 without a salt is enough
for random tokens of that size (no dictionary to try)."""

from __future__ import annotations

import hashlib
import os
import secrets
from pathlib import Path

from mcp.server.auth.provider import AccessToken, TokenVerifier

from memory_pipeline.errors import ValidationError
from memory_pipeline.records import validate_user_id


def token_hash(token: str) -> str:
    return "sha256:" + hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def load(path: Path) -> dict[str, str]:
    """hash -> user id. A malformed line is a one-line error naming it."""
    out: dict[str, str] = {}
    if not path.exists():
        return out
    for n, line in enumerate(path.read_text().splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        parts = line.split()
        if len(parts) != 2 or not parts[1].startswith("sha256:") or len(parts[1]) != 71:
            raise ValidationError(f"{path.name}: line {n} is not '<user_id> sha256:<hex>'")
        out[parts[1]] = validate_user_id(parts[0])
    return out


def add(path: Path, user_id: str) -> str:
    """Make a token for `user_id`, store its hash (the file readable by its owner only), return it."""
    validate_user_id(user_id)
    token = secrets.token_urlsafe(32)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    with os.fdopen(fd, "a") as f:
        f.write(f"{user_id} {token_hash(token)}\n")
    return token


class FileTokenVerifier(TokenVerifier):
    """A bearer token is valid when its hash is in the file (read again when the file changes, so
    a token added or removed applies without a restart); its user is the token's `client_id`."""

    def __init__(self, path: Path):
        self.path = path
        self._seen: tuple[float, int] | None = None
        self._tokens: dict[str, str] = {}

    def _current(self) -> dict[str, str]:
        st = self.path.stat() if self.path.exists() else None
        key = (st.st_mtime, st.st_size) if st else (0.0, 0)
        if key != self._seen:
            self._tokens, self._seen = load(self.path), key
        return self._tokens

    async def verify_token(self, token: str) -> AccessToken | None:
        user = self._current().get(token_hash(token))
        return AccessToken(token="", client_id=user, scopes=[]) if user else None
