"""The isolation attack suite: mallory tries to read and write alice's memories through every
interface (Python API, CLI, MCP stdio bound and unbound). Every read of another user's row must be
refused or answer exactly like an id that does not exist; every write must be refused."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import anyio
import pytest

from memory_pipeline.errors import ValidationError
from memory_pipeline_tests.fixtures import alice_memories

pytestmark = pytest.mark.integration

SECRET = "My bank card PIN is 4921."
MISSING = "999999999"  # an id no row has
CLI = [sys.executable, "-m", "memory_pipeline.cli"]


@pytest.fixture
def two_users(service):
    """alice with a consolidated history (summaries, edges, profile, session block) and a PIN;
    mallory with one memory of her own."""
    service.remember_many(alice_memories())
    service.remember("alice", SECRET)
    service.remember("mallory", "I play chess on Sundays.")
    run = service.consolidate(all_users=True)
    assert run["status"] == "SUCCESS", run
    return service


def alice_ids(svc) -> dict[str, list[str]]:
    """Every id of alice's rows an attacker could guess (the test reads them the way an operator would)."""
    q = svc.conn.execute
    out = {
        "memory": [str(r[0]) for r in q("SELECT id FROM memories WHERE user_id = 'alice' ORDER BY id")],
        "summary": [r[0] for r in q("SELECT id FROM summaries WHERE user_id = 'alice' ORDER BY id")],
        "edge": [r[0] for r in q("SELECT id FROM edges WHERE user_id = 'alice' ORDER BY id")],
        "profile": [r[0] for r in q("SELECT id FROM profiles WHERE user_id = 'alice'")] + ["alice"],
    }
    svc.conn.rollback()
    assert all(out.values()), out  # the attack needs every kind of row to exist
    return out


def _not_found(message: str, ident: str) -> str:
    """The text an id gets when it is not found, with the id put back to the missing one's."""
    return message.replace(repr(ident), repr(MISSING))


def _error(fn, *args) -> str:
    with pytest.raises(ValidationError) as e:
        fn(*args)
    return str(e.value)


def test_python_api_reads_of_another_users_ids_answer_as_not_found(two_users):
    svc = two_users
    ids = alice_ids(svc)
    missing = _error(svc.explain, "mallory", MISSING)
    for kind, idents in ids.items():
        for ident in idents:
            assert _not_found(_error(svc.explain, "mallory", ident), ident) == missing, (kind, ident)
            assert svc.explain("alice", ident)["user_id"] == "alice"  # the owner still reads it
    assert svc.get_memories("mallory", [int(i) for i in ids["memory"]]) == []
    assert len(svc.get_memories("alice", [int(i) for i in ids["memory"]])) == len(ids["memory"])
    assert svc.suggestions("mallory") == [] and svc.stats("mallory")["memories"] == 1
    for query in ("PIN", "bank card", "what is my pin"):
        for mode in ("standard", "exhaustive"):
            rows = svc.recall("mallory", query, mode=mode, track=False)
            assert all("4921" not in json.dumps(r, default=str) for r in rows)
    assert "4921" not in json.dumps(svc.context("mallory", query="PIN"))


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([*CLI, *args], capture_output=True, text=True, env=dict(os.environ), timeout=300)


def test_cli_explain_of_another_users_id_answers_as_not_found(two_users):
    ids = alice_ids(two_users)
    missing = _cli("explain", MISSING, "--user", "mallory")
    assert missing.returncode == 2 and missing.stdout == ""
    for ident in (ids["memory"][-1], ids["summary"][0]):
        got = _cli("explain", ident, "--user", "mallory")
        assert (got.returncode, got.stdout) == (2, "")
        assert _not_found(got.stderr, ident) == missing.stderr
        assert "4921" not in got.stderr
    assert _cli("explain", ids["memory"][-1], "--user", "alice").returncode == 0
    assert _cli("explain", ids["memory"][-1]).returncode == 2  # no user, no read
    # writes: forgetting or invalidating alice's PIN as mallory is "not found", and changes nothing
    missing = _cli("forget", "--user", "mallory", "--id", MISSING, "--no-consolidate")
    for cmd in (["forget"], ["invalidate", "--reason", "false"]):
        got = _cli(*cmd, "--user", "mallory", "--id", ids["memory"][-1], "--no-consolidate")
        assert got.returncode == 2 and got.stderr.replace(ids["memory"][-1], MISSING) == missing.stderr, got.stderr
    assert two_users.get_memories("alice", [int(ids["memory"][-1])])[0]["content"] == SECRET


def _payload(result) -> object:
    if result.structured_content is not None:
        sc = result.structured_content
        return sc.get("result", sc) if isinstance(sc, dict) else sc
    return json.loads(result.content[0].text)


def mcp_session(args: list[str], body, env: dict | None = None) -> None:
    """Run `body(session)` against `memory-pipeline mcp <args>` over stdio."""
    from mcp.client.session import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    env = env or {k: v for k, v in os.environ.items() if k.startswith(("MEMORY_PIPELINE_", "HF_", "XDG_"))}
    params = StdioServerParameters(command=sys.executable, args=["-m", "memory_pipeline.cli", "mcp", *args], env=env)

    async def run():
        async with stdio_client(params) as (read, write), ClientSession(read, write) as s:
            await s.initialize()
            await body(s)

    anyio.run(run)


def test_mcp_unbound_explain_is_scoped_to_the_user_named(two_users):
    ids = alice_ids(two_users)

    async def body(s):
        missing = await s.call_tool("explain", {"user_id": "mallory", "id": MISSING})
        assert missing.is_error
        for ident in (ids["memory"][-1], ids["summary"][0], ids["edge"][0], ids["profile"][0]):
            got = await s.call_tool("explain", {"user_id": "mallory", "id": ident})
            assert got.is_error and _not_found(got.content[0].text, ident) == missing.content[0].text

    mcp_session([], body)


def _attempts(ids: dict[str, list[str]]) -> list[tuple[str, dict]]:
    """Every tool of the server, aimed at alice."""
    return [
        ("remember", {"user_id": "alice", "content": "I now live in Mallory's flat."}),
        ("recall", {"user_id": "alice", "query": "PIN", "mode": "exhaustive"}),
        ("context", {"user_id": "alice", "query": "PIN"}),
        ("consolidate", {"user_id": "alice"}),
        *[("explain", {"user_id": "alice", "id": i}) for i in (ids["memory"][-1], ids["summary"][0], "alice")],
    ]


def test_mcp_server_bound_to_mallory_refuses_every_tool_aimed_at_alice(two_users):
    svc = two_users
    ids = alice_ids(svc)
    before = svc.stats("alice")

    async def body(s):
        for tool, args in _attempts(ids):
            got = await s.call_tool(tool, args)
            assert got.is_error and "bound" in got.content[0].text and "4921" not in got.content[0].text, tool
        missing = await s.call_tool("explain", {"id": MISSING})
        for ident in (ids["memory"][-1], ids["summary"][0], ids["edge"][0], ids["profile"][0], "alice"):
            got = await s.call_tool("explain", {"id": ident})  # alice's ids, asked without a user: not found
            assert got.is_error and _not_found(got.content[0].text, ident) == missing.content[0].text
        for mode in ("standard", "exhaustive"):
            rows = _payload(await s.call_tool("recall", {"query": "bank card PIN", "mode": mode}))
            assert rows and "4921" not in json.dumps(rows)
        saved = _payload(await s.call_tool("remember", {"content": "I moved my chess club to Tuesdays."}))
        assert saved["action"] == "inserted"
        assert not (await s.call_tool("recall", {"user_id": "mallory", "query": "chess"})).is_error  # her own name

    mcp_session(["--user", "mallory"], body)
    assert svc.stats("alice") == before  # nothing written to alice
    assert svc.stats("mallory")["memories"] == 2


def test_mcp_bound_by_setting_and_what_an_unbound_server_allows(two_users):
    """The setting binds like the flag; unbound is the trusted mode: any user_id is served, so it is
    only for a single trusted agent (README)."""
    ids = alice_ids(two_users)
    env = {k: v for k, v in os.environ.items() if k.startswith(("MEMORY_PIPELINE_", "HF_", "XDG_"))}

    async def bound(s):
        got = await s.call_tool("recall", {"user_id": "alice", "query": "PIN"})
        assert got.is_error and "bound" in got.content[0].text

    mcp_session([], bound, env={**env, "MEMORY_PIPELINE_MCP_USER": "mallory"})

    async def unbound(s):
        assert (await s.call_tool("recall", {"query": "PIN"})).is_error  # a user must be named
        rows = _payload(await s.call_tool("recall", {"user_id": "alice", "query": "bank card PIN"}))
        assert any("4921" in r["content"] for r in rows)  # trusted mode: it serves whoever is named
        assert not (await s.call_tool("explain", {"user_id": "alice", "id": ids["memory"][-1]})).is_error

    mcp_session([], unbound, env=env)


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def http_server(two_users, tmp_path):
    """`mcp --http` with one token for alice and one for mallory (made by `mcp-token`)."""
    import signal
    import time
    import urllib.error
    import urllib.request

    tokens = tmp_path / "tokens"
    made = {u: json.loads(_cli("mcp-token", "--user", u, "--tokens", str(tokens), "--json").stdout)["token"]
            for u in ("alice", "mallory")}
    assert all(t not in tokens.read_text() for t in made.values())  # the file holds hashes only
    port = _free_port()
    proc = subprocess.Popen([*CLI, "mcp", "--http", "--port", str(port), "--tokens", str(tokens)],
                            env=dict(os.environ), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            start_new_session=True)
    url = f"http://127.0.0.1:{port}/mcp"
    deadline = time.monotonic() + 120
    while True:
        try:
            urllib.request.urlopen(urllib.request.Request(url, method="POST", data=b"{}"), timeout=5)
        except urllib.error.HTTPError:
            break  # it answers (401 without a token)
        except OSError:
            assert proc.poll() is None and time.monotonic() < deadline, proc.stderr.read().decode()[-2000:]
            time.sleep(0.3)
    yield url, made
    os.killpg(proc.pid, signal.SIGTERM)
    proc.wait(timeout=30)


def _http_status(url: str, token: str | None) -> int:
    import urllib.error
    import urllib.request

    body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "0"}}}).encode()
    headers = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream",
               **({"Authorization": f"Bearer {token}"} if token else {})}
    try:
        with urllib.request.urlopen(urllib.request.Request(url, data=body, headers=headers), timeout=30) as r:
            return r.status
    except urllib.error.HTTPError as e:
        return e.code


def http_session(url: str, token: str, body) -> None:
    import httpx2
    from mcp.client.session import ClientSession
    from mcp.client.streamable_http import streamable_http_client

    async def run():
        async with httpx2.AsyncClient(headers={"Authorization": f"Bearer {token}"}, timeout=120) as client, \
                streamable_http_client(url, http_client=client) as (read, write), ClientSession(read, write) as s:
            await s.initialize()
            await body(s)

    anyio.run(run)


def test_mcp_http_each_token_acts_for_its_user_only(two_users, http_server):
    svc = two_users
    url, tokens = http_server
    ids = alice_ids(svc)
    assert _http_status(url, None) == 401 and _http_status(url, "not-a-token") == 401
    assert _http_status(url, tokens["mallory"] + "x") == 401
    before = svc.stats("alice")

    async def as_mallory(s):
        for tool, args in _attempts(ids):
            got = await s.call_tool(tool, args)
            assert got.is_error and "bound" in got.content[0].text, tool
        missing = await s.call_tool("explain", {"id": MISSING})
        for ident in (ids["memory"][-1], ids["summary"][0], ids["profile"][0], "alice"):
            got = await s.call_tool("explain", {"id": ident})
            assert got.is_error and _not_found(got.content[0].text, ident) == missing.content[0].text
        got = await s.call_tool("forget", {"ids": [int(ids["memory"][-1])]})
        assert got.is_error and "no memory with id" in got.content[0].text
        rows = _payload(await s.call_tool("recall", {"query": "bank card PIN", "mode": "exhaustive"}))
        assert "4921" not in json.dumps(rows)
        assert _payload(await s.call_tool("remember", {"content": "I play go too."}))["action"] == "inserted"

    async def as_alice(s):
        rows = _payload(await s.call_tool("recall", {"query": "bank card PIN", "mode": "exhaustive"}))
        assert any("4921" in r["content"] for r in rows)  # her own token reads her own memory

    http_session(url, tokens["mallory"], as_mallory)
    http_session(url, tokens["alice"], as_alice)
    assert svc.stats("alice")["memories"] == before["memories"]
    assert svc.stats("mallory")["memories"] == 2
