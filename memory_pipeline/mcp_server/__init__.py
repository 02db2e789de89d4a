"""MCP server (official SDK, stdio): remember, recall, context, consolidate and explain for agents."""

from __future__ import annotations

import json
import logging
from typing import Any

import anyio
from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError

from memory_pipeline.errors import MemoryPipelineError
from memory_pipeline.mcp_server.wire import claim_stdio, stdio_transport
from memory_pipeline.service import MemoryService

log = logging.getLogger(__name__)


def build_server(service: MemoryService | None = None) -> MCPServer:
    svc = service or MemoryService()
    server = MCPServer(
        name="memory_pipeline",
        instructions="Long-term memory for an agent: remember facts, recall them, get a session-start block.",
    )

    def guarded(fn, *args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except MemoryPipelineError as e:  # bad input and store errors become clear tool errors
            raise ToolError(" ".join(str(e).split())) from e
        except Exception as e:  # a bug still answers with its reason, and the server stays up
            log.exception("tool failed")
            raise ToolError(f"internal error: {type(e).__name__}: {' '.join(str(e).split())[:300]}") from e

    @server.tool()
    def remember(user_id: str, content: str, external_id: str | None = None, namespace: str | None = None,
                 created_at: str | None = None, importance: float | None = None) -> dict[str, Any]:
        """Save one memory. Returns id, action (inserted / deduplicated / flagged / existing / edited), match_id, similarity."""
        fields = {k: v for k, v in {"external_id": external_id, "namespace": namespace, "created_at": created_at,
                                     "importance": importance}.items() if v is not None}
        return guarded(svc.remember, user_id, content, **fields).to_dict()

    @server.tool()
    def recall(user_id: str, query: str, mode: str = "standard", limit: int | None = None,
               as_of: str | None = None, max_chars: int | None = None) -> list[dict[str, Any]]:
        """Search the user's memories, summaries and profile. mode: reflexive | standard | deep | exhaustive.
        max_chars: fill that much text in rank order (each row's `delivered` is what it contributes)."""
        return guarded(svc.recall, user_id, query, mode=mode, limit=limit, as_of=as_of, max_chars=max_chars)

    @server.tool()
    def context(user_id: str, query: str | None = None, token_budget: int = 2000,
                existing_context: str | None = None) -> dict[str, Any]:
        """The session-start memory block; pass the current context to have its old block replaced."""
        return guarded(svc.context, user_id, query=query, token_budget=token_budget, existing=existing_context)

    @server.tool()
    def consolidate(user_id: str, dry_run: bool = False, mode: str = "apply") -> dict[str, Any]:
        """Consolidate the user's memories now (a Dagster run of their partition)."""
        return guarded(svc.consolidate, user_id, mode=mode, dry_run=dry_run)

    @server.tool()
    def explain(id: str) -> dict[str, Any]:
        """Why a row exists: a memory id, summary id (sum_...), edge id (edge_...), profile id or user id.
        Returns its sources with their text, the logged actions and reasons that made it, the engine's
        method / model / prompt version, and the Dagster run id with a link to the run in the UI."""
        res = guarded(svc.explain, id)
        return json.loads(json.dumps(res, default=str))  # timestamps as ISO text

    return server


def main() -> None:
    logging.basicConfig(level=logging.WARNING)
    anyio.run(serve_stdio, build_server())


async def serve_stdio(server: MCPServer) -> None:
    """The SDK's server loop over our stdio transport (`wire`: every line gets an answer)."""
    stdin, stdout = claim_stdio()
    # MCPServer.run_stdio_async hard-wires the SDK's transport; its low-level server is the public
    # loop the SDK's own transports call
    lowlevel = server._lowlevel_server
    async with stdio_transport(stdin, stdout) as (read, write):
        await lowlevel.run(read, write, lowlevel.create_initialization_options())
