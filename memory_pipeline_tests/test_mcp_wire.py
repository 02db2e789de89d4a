"""Issue 29 item 6: the MCP server answers every malformed line with a JSON-RPC error and stays up.

Driven over stdio twice: raw JSON-RPC lines written to the server's stdin (each malformed one must be
answered within a timeout, then a valid call still works), and the official SDK client."""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
import time

import anyio
import pytest

pytestmark = pytest.mark.integration

ANSWER_WITHIN = 10.0  # seconds; none of these lines needs the database or the embedder


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k.startswith(("MEMORY_PIPELINE_", "HF_", "XDG_", "PATH"))}
    return {**env, **extra}


class RawServer:
    """`memory-pipeline mcp` with its stdin and stdout as bytes."""

    def __init__(self, env: dict[str, str]):
        self.proc = subprocess.Popen([sys.executable, "-m", "memory_pipeline.cli", "mcp"], env=env,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)

    def send(self, line: bytes) -> None:
        self.proc.stdin.write(line + b"\n")
        self.proc.stdin.flush()

    def answer(self, timeout: float = ANSWER_WITHIN) -> dict:
        ready, _, _ = select.select([self.proc.stdout], [], [], timeout)
        assert ready, f"no answer within {timeout} s"
        return json.loads(self.proc.stdout.readline())

    def call(self, ident: int, tool: str, arguments: dict, timeout: float = 120) -> dict:
        self.send(json.dumps({"jsonrpc": "2.0", "id": ident, "method": "tools/call",
                              "params": {"name": tool, "arguments": arguments}}).encode())
        return self.answer(timeout)

    def initialize(self) -> None:
        self.send(json.dumps({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {},
            "clientInfo": {"name": "raw", "version": "1"}}}).encode())
        assert self.answer(60)["id"] == 0
        self.send(b'{"jsonrpc":"2.0","method":"notifications/initialized"}')

    def close(self) -> None:
        self.proc.stdin.close()
        try:
            self.proc.wait(60)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def _remember(ident: int, content: bytes) -> bytes:
    return (b'{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"remember",'
            b'"arguments":{"user_id":"wire-user","content":%s}}}' % (ident, content))


MALFORMED = [  # (line, expected code, expected id)
    (b"hello", -32700, None),
    (b'{"jsonrpc":"2.0","id":11,"method":"tools/list"', -32700, 11),  # truncated
    (_remember(12, b'"bees \\ud800 and wasps"'), -32602, 12),  # lone surrogate escape
    (_remember(13, b"[" * 100_000 + b"]" * 100_000), -32600, 13),  # nested 100k deep
    (_remember(14, "\"caf\u00e9 au lait\"".encode("latin-1")), -32700, 14),  # invalid UTF-8
    (b"[]", -32600, None),
    (b'{"jsonrpc":"2.0","id":15}', -32600, 15),  # no method
    (b'{"jsonrpc":"2.0","id":16,"method":"tools/call","params":{"name":"recall","arguments":{"a":NaN}}}',
     -32700, 16),
    (b'{"jsonrpc":"2.0","id":17,"method":"tools/call","params":{"name":3}}', -32602, 17),
]


def test_raw_lines_each_get_an_answer_and_the_server_stays_up(service):
    srv = RawServer(_env())
    try:
        srv.initialize()
        for line, code, ident in MALFORMED:
            started = time.monotonic()
            srv.send(line)
            ans = srv.answer()
            assert time.monotonic() - started < ANSWER_WITHIN
            assert ans["error"]["code"] == code and ans["id"] == ident, (line[:60], ans)
            assert ans["error"]["message"]
        ok = srv.call(20, "remember", {"user_id": "wire-user", "content": "I keep bees in Lyon."})
        assert ok["id"] == 20 and not ok["result"]["isError"]
        bad = srv.call(21, "remember", {"user_id": "mcpx\n", "content": "a new user?"})
        assert bad["result"]["isError"] and "malformed" in bad["result"]["content"][0]["text"]
        for n, (ident, reason) in enumerate((("\u00b2", "no summary"), ("sum_\x00", "NUL"), ("12\n", "whitespace"))):
            res = srv.call(30 + n, "explain", {"user_id": "wire-user", "id": ident})["result"]
            assert res["isError"] and reason in res["content"][0]["text"], res
        assert srv.call(40, "recall", {"user_id": "wire-user", "query": "insects"})["result"]["structuredContent"]
    finally:
        srv.close()
    users = service.conn.execute("SELECT DISTINCT user_id FROM memories").fetchall()
    assert users == [("wire-user",)]  # nothing from a rejected line, no "mcpx\n"
    stored = service.conn.execute("SELECT content FROM memories").fetchall()
    assert stored == [("I keep bees in Lyon.",)] and not any("\ufffd" in c for (c,) in stored)


def test_official_client_gets_reasons(service):
    from mcp.client.session import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    params = StdioServerParameters(command=sys.executable, args=["-m", "memory_pipeline.cli", "mcp"], env=_env())

    async def session():
        async with stdio_client(params) as (read, write), ClientSession(read, write) as s:
            await s.initialize()
            bad = await s.call_tool("remember", {"user_id": "mcpx\n", "content": "hello"})
            assert bad.is_error and "malformed" in bad.content[0].text
            for ident, reason in (("\u00b2", "no summary"), ("sum_\x00", "NUL")):
                bad = await s.call_tool("explain", {"user_id": "mcpx", "id": ident})
                assert bad.is_error and reason in bad.content[0].text
            ok = await s.call_tool("remember", {"user_id": "mcpx", "content": "I keep bees in Lyon."})
            assert not ok.is_error

    anyio.run(session)


@pytest.mark.parametrize("text,depth", [('{"a":[[1]],"b":{"c":2}}', 3), ("[" * 1000, 65), ('"[[[["', 0)])
def test_scan_counts_depth_outside_strings_and_stops_early(text, depth):
    from memory_pipeline.mcp_server.wire import scan

    assert scan(text)[0] == depth


def test_scan_finds_the_top_level_id_only():
    from memory_pipeline.mcp_server.wire import scan

    assert scan('{"params":{"id":9},"id":"r-1","method":"x"')[1] == "r-1"
    assert scan('{"id":7,"params":' + "[" * 500)[1] == 7
    assert scan('{"method":"id","x":1}')[1] is None
