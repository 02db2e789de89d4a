"""The MCP tools. Each calls the service through `guarded(fn, user_id, ...)`, which decides the user the call
acts for (bound or named) and turns errors into tool errors."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from mcp.server.mcpserver import MCPServer

from memory_pipeline.service import MemoryService


def register_tools(server: MCPServer, svc: MemoryService, guarded: Callable[..., Any]) -> None:
    @server.tool()
    def remember(content: str, user_id: str | None = None, external_id: str | None = None,
                 namespace: str | None = None, created_at: str | None = None,
                 importance: float | None = None) -> dict[str, Any]:
        """Save one memory. Returns id, action (inserted/deduplicated/flagged/existing/edited), match_id, similarity."""
        fields = {k: v for k, v in {"external_id": external_id, "namespace": namespace, "created_at": created_at,
                                     "importance": importance}.items() if v is not None}
        return guarded(svc.remember, user_id, content, **fields).to_dict()

    @server.tool()
    def recall(query: str, user_id: str | None = None, mode: str = "standard", limit: int | None = None,
               as_of: str | None = None, max_chars: int | None = None) -> list[dict[str, Any]]:
        """Search the user's memories, summaries and profile. mode: reflexive | standard | deep | exhaustive.
        max_chars: fill that much text in rank order (each row's `delivered` is what it contributes)."""
        return guarded(svc.recall, user_id, query, mode=mode, limit=limit, as_of=as_of, max_chars=max_chars)

    @server.tool()
    def context(user_id: str | None = None, query: str | None = None, token_budget: int = 2000,
                existing_context: str | None = None) -> dict[str, Any]:
        """The session-start memory block; pass the current context to have its old block replaced."""
        return guarded(svc.context, user_id, query=query, token_budget=token_budget, existing=existing_context)

    @server.tool()
    def consolidate(user_id: str | None = None, dry_run: bool = False, mode: str = "apply") -> dict[str, Any]:
        """Consolidate the user's memories now (a Dagster run of their partition)."""
        return guarded(svc.consolidate, user_id, mode=mode, dry_run=dry_run)

    @server.tool()
    def explain(id: str, user_id: str | None = None) -> dict[str, Any]:
        """Why a row of the user exists: a memory id, summary id (sum_...), edge id (edge_...), profile id or
        the user id. Returns its sources with their text, the logged actions and reasons that made it, the
        engine's method / model / prompt version, and the Dagster run id with a link to the run in the UI."""
        res = guarded(svc.explain, user_id, id)
        return json.loads(json.dumps(res, default=str))  # timestamps as ISO text

    @server.tool()
    def forget(ids: list[int], user_id: str | None = None, reason: str | None = None) -> dict[str, Any]:
        """Delete the user's memories `ids` and re-derive what used them (summaries, edges, profile, session
        block). The action log keeps the ids and the reason, never the text."""
        return guarded(svc.forget, user_id, ids, reason=reason)

    @server.tool()
    def invalidate(ids: list[int], reason: str, user_id: str | None = None) -> dict[str, Any]:
        """Mark the user's memories `ids` as false: never current, never in the profile or a summary again,
        kept with the reason for the audit trail."""
        return guarded(svc.invalidate, user_id, ids, reason)
