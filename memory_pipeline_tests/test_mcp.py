"""An MCP client session against `memory-pipeline mcp` over stdio (the real SDK on both sides)."""

from __future__ import annotations

import json
import os
import sys

import anyio
import pytest
from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

pytestmark = pytest.mark.integration


def _payload(result) -> object:
    if result.structured_content is not None:
        sc = result.structured_content
        return sc.get("result", sc) if isinstance(sc, dict) else sc
    return json.loads(result.content[0].text)


def test_mcp_tools_roundtrip(service):
    env = {k: v for k, v in os.environ.items() if k.startswith(("MEMORY_PIPELINE_", "HF_", "XDG_"))}
    params = StdioServerParameters(command=sys.executable, args=["-m", "memory_pipeline.cli", "mcp"], env=env)

    async def session():
        async with stdio_client(params) as (read, write), ClientSession(read, write) as s:
            await s.initialize()
            tools = {t.name: t for t in (await s.list_tools()).tools}
            assert {"remember", "recall", "context", "consolidate"} <= set(tools)
            assert "user_id" in tools["remember"].input_schema["properties"]
            r = _payload(await s.call_tool("remember", {"user_id": "mcp-user", "content": "I keep bees in Lyon."}))
            assert r["action"] == "inserted"
            rows = _payload(await s.call_tool("recall", {"user_id": "mcp-user", "query": "what insects?"}))
            assert rows and rows[0]["content"] == "I keep bees in Lyon." and rows[0]["source_ids"] == [r["id"]]
            ctx = _payload(await s.call_tool("context", {"user_id": "mcp-user", "existing_context": "hello"}))
            assert ctx["context"].startswith("hello") and ctx["context"].count("<memory_consolidated_summaries") == 1
            bad = await s.call_tool("remember", {"user_id": "mcp-user", "content": "   "})
            assert bad.is_error and "empty" in bad.content[0].text
            bad = await s.call_tool("recall", {"user_id": "mcp-user", "query": "x", "mode": "psychic"})
            assert bad.is_error and "mode" in bad.content[0].text

    anyio.run(session)
