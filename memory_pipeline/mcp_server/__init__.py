"""MCP server (official SDK; stdio, or streamable HTTP with a bearer token per user): remember, recall,
context, consolidate, explain, forget and invalidate for agents. A server bound to a user (stdio `--user`, or
the token of an HTTP request) acts for that user only; unbound, it is the trusted mode (README)."""

from __future__ import annotations

import functools
import logging
import threading
from pathlib import Path

import anyio
from mcp.server.auth.middleware.auth_context import get_access_token
from mcp.server.auth.provider import TokenVerifier
from mcp.server.auth.settings import AuthSettings
from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError

from memory_pipeline.errors import MemoryPipelineError, ValidationError
from memory_pipeline.mcp_server.tokens import FileTokenVerifier, load
from memory_pipeline.mcp_server.tools import register_tools
from memory_pipeline.mcp_server.wire import claim_stdio, stdio_transport
from memory_pipeline.records import validate_user_id
from memory_pipeline.service import MemoryService

log = logging.getLogger(__name__)


def bound_user(bound: str | None, given: str | None) -> str:
    """The user a tool call acts for. A bound server acts for its user only: `user_id` may be left out
    and, when given, must be that user (refused without saying whether the other user exists)."""
    if bound is None:
        if given is None:
            raise ValidationError("user_id is required (this server is not bound to a user)", field="user_id")
        return given
    if given is not None and given != bound:
        raise ValidationError("user_id is not the user this server is bound to; leave it out", field="user_id")
    return bound


def build_server(service: MemoryService | None = None, *, user: str | None = None,
                 token_verifier: TokenVerifier | None = None, auth: AuthSettings | None = None) -> MCPServer:
    """The MCP tools. `user` binds every tool to that user; with a `token_verifier` (HTTP) each request
    is bound to its token's user; neither is the trusted mode (any user_id)."""
    svc = service or MemoryService()
    if user is not None:
        validate_user_id(user)
    server = MCPServer(
        name="memory_pipeline",
        instructions="Long-term memory for an agent: remember facts, recall them, get a session-start block."
        + (" This server is bound to one user: leave user_id out." if user or token_verifier else ""),
        token_verifier=token_verifier, auth=auth,
    )
    one_at_a_time = threading.Lock()  # tools run in worker threads; the service holds one connection

    def acting_for() -> str | None:
        if token_verifier is None:
            return user
        token = get_access_token()
        if token is None:  # the auth middleware lets no request through without one; never trusted
            raise ValidationError("no bearer token", field="user_id")
        return token.client_id

    def guarded(fn, user_id, *args, **kwargs):
        try:
            acting = bound_user(acting_for(), user_id)
            with one_at_a_time:
                return fn(acting, *args, **kwargs)
        except MemoryPipelineError as e:  # bad input and store errors become clear tool errors
            raise ToolError(" ".join(str(e).split())) from e
        except Exception as e:  # a bug still answers with its reason, and the server stays up
            log.exception("tool failed")
            raise ToolError(f"internal error: {type(e).__name__}: {' '.join(str(e).split())[:300]}") from e

    register_tools(server, svc, guarded)
    return server


def main(user: str | None = None) -> None:
    """Serve on stdio, bound to `user` (default: the `MEMORY_PIPELINE_MCP_USER` setting; none: trusted)."""
    logging.basicConfig(level=logging.WARNING)
    svc = MemoryService()
    anyio.run(serve_stdio, build_server(svc, user=user or svc.settings.mcp_user))


def main_http(tokens: Path, host: str = "127.0.0.1", port: int = 8765) -> None:
    """Serve the streamable HTTP transport at /mcp: every request needs a bearer token from `tokens`
    (unknown or missing: 401) and acts for that token's user only."""
    logging.basicConfig(level=logging.WARNING)
    if not load(tokens):
        raise ValidationError(f"no tokens in {tokens}: add one with `memory-pipeline mcp-token --user U`")
    base = f"http://{host}:{port}"
    server = build_server(MemoryService(), token_verifier=FileTokenVerifier(tokens),
                          auth=AuthSettings(issuer_url=base, resource_server_url=f"{base}/mcp",
                                            # a token is one user's, for this server only: no audience to check
                                            validate_token_resource=False))
    anyio.run(functools.partial(server.run_streamable_http_async, host=host, port=port))


async def serve_stdio(server: MCPServer) -> None:
    """The SDK's server loop over our stdio transport (`wire`: every line gets an answer)."""
    stdin, stdout = claim_stdio()
    # MCPServer.run_stdio_async hard-wires the SDK's transport; its low-level server is the public
    # loop the SDK's own transports call
    lowlevel = server._lowlevel_server
    async with stdio_transport(stdin, stdout) as (read, write):
        await lowlevel.run(read, write, lowlevel.create_initialization_options())
