"""MCP over stdio where every line gets an answer: a line the SDK cannot take is answered here.

The SDK's own stdio transport decodes stdin with errors="replace" (invalid UTF-8 becomes U+FFFD and is
stored as such) and drops a line it cannot parse without answering it: the client waits forever.
Here each line is judged first: invalid UTF-8, malformed or truncated JSON (parse error -32700),
nesting deeper than `MAX_DEPTH` (found by a scan that stops there, so 100k levels cost nothing), a
lone surrogate escape or a message that is no JSON-RPC object (invalid request -32600, or invalid
params -32602 when the fault lies in `params`). The answer carries the request's id when the line
shows one. What passes goes to the SDK unchanged.
"""

from __future__ import annotations

import json
import os
import re
from contextlib import asynccontextmanager
from typing import Any, BinaryIO

import anyio
import mcp_types as types
from mcp.shared._context_streams import create_context_streams
from mcp.shared.message import SessionMessage

MAX_DEPTH = 64  # no MCP message needs more; tool arguments are flat here
MAX_LINE_BYTES = 16 * 2**20
_TOKEN = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}:,]|[^\s\[\]{}:,"]+')
_INT = re.compile(r"-?(?:0|[1-9]\d{0,17})")


def _error(code: int, message: str, ident: Any = None) -> types.JSONRPCError:
    return types.JSONRPCError(jsonrpc="2.0", id=ident, error=types.ErrorData(code=code, message=message))


def _scalar_id(token: str) -> str | int | None:
    if _INT.fullmatch(token):
        return int(token)
    if token.startswith('"'):
        try:
            value = json.loads(token)
            value.encode("utf-8")
        except (ValueError, UnicodeEncodeError):
            return None
        return value
    return None


def scan(text: str) -> tuple[int, str | int | None]:
    """(nesting depth, counted up to MAX_DEPTH + 1; the top-level "id" if one shows before that)."""
    depth = deepest = 0
    ident = None
    last: list[str] = ["", ""]
    for m in _TOKEN.finditer(text):
        token = m.group()
        if token in ("[", "{"):
            depth += 1
            deepest = max(deepest, depth)
            if deepest > MAX_DEPTH:
                break
        elif token in ("]", "}"):
            depth -= 1
        elif depth == 1 and ident is None and last == ['"id"', ":"]:
            ident = _scalar_id(token)
        if depth == 1 or token in ("[", "{"):
            last = [last[1], token]
    return deepest, ident


def _no_constants(name: str) -> None:
    raise ValueError(f"{name} is not JSON")


def judge(raw: bytes) -> SessionMessage | types.JSONRPCError | None:
    """The message a line carries, the error that answers it, or None for a blank line."""
    if not raw.strip():
        return None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        return _error(types.PARSE_ERROR, f"Parse error: not valid UTF-8 (byte {e.start})",
                      scan(raw.decode("utf-8", "replace"))[1])
    depth, ident = scan(text)
    if depth > MAX_DEPTH:
        return _error(types.INVALID_REQUEST, f"Invalid request: JSON nested deeper than {MAX_DEPTH} levels", ident)
    try:
        obj = json.loads(text, parse_constant=_no_constants)
    except (ValueError, RecursionError) as e:
        return _error(types.PARSE_ERROR, f"Parse error: {getattr(e, 'msg', e)}", ident)
    if not isinstance(obj, dict):
        return _error(types.INVALID_REQUEST, "Invalid request: a message is one JSON object")
    ident = obj.get("id") if isinstance(obj.get("id"), str | int) and not isinstance(obj.get("id"), bool) else None
    try:
        json.dumps(obj, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        where, code = ("params", types.INVALID_PARAMS) if _has_surrogate(obj.get("params")) else \
            ("message", types.INVALID_REQUEST)
        return _error(code, f"Invalid {where}: a lone surrogate escape is not Unicode text", ident)
    try:
        return SessionMessage(types.jsonrpc_message_adapter.validate_python(obj, by_name=False))
    except ValueError:  # pydantic's ValidationError
        return _error(types.INVALID_REQUEST,
                      "Invalid request: not a JSON-RPC 2.0 request, notification or response", ident)


def _has_surrogate(value: Any) -> bool:
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _read_line(stream: BinaryIO) -> bytes | None:
    """One line (None at EOF); an over-long line is read to its end and reported by its length."""
    line = stream.readline(MAX_LINE_BYTES + 1)
    if not line:
        return None
    if len(line) > MAX_LINE_BYTES and not line.endswith(b"\n"):
        while (rest := stream.readline(2**20)) and not rest.endswith(b"\n"):
            pass
        return b"\x00oversize"
    return line


def claim_stdio() -> tuple[BinaryIO, BinaryIO]:
    """The wire on private descriptors; fd 0 reads the null device and fd 1 goes to stderr, so stray
    output of a library cannot tear a frame (what the SDK's own transport does too)."""
    wire_in, wire_out = os.dup(0), os.dup(1)
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    os.dup2(2, 1)
    return os.fdopen(wire_in, "rb"), os.fdopen(wire_out, "wb")


@asynccontextmanager
async def stdio_transport(stdin: BinaryIO, stdout: BinaryIO):
    """(read stream, write stream) for the SDK's server loop, over judged lines."""
    read_send, read_recv = create_context_streams[SessionMessage | Exception](0)
    write_send, write_recv = create_context_streams[SessionMessage](0)
    lock = anyio.Lock()

    async def emit(message) -> None:
        data = message.model_dump_json(by_alias=True, exclude_unset=True).encode("utf-8") + b"\n"
        async with lock:  # one frame at a time: answers of both tasks share the wire
            await anyio.to_thread.run_sync(_write, stdout, data)

    async def reader() -> None:
        async with read_send:
            while (raw := await anyio.to_thread.run_sync(_read_line, stdin)) is not None:
                if raw == b"\x00oversize":
                    await emit(_error(types.INVALID_REQUEST, f"Invalid request: line over {MAX_LINE_BYTES} bytes"))
                    continue
                judged = judge(raw)
                if isinstance(judged, types.JSONRPCError):
                    await emit(judged)
                elif judged is not None:
                    await read_send.send(judged)

    async def writer() -> None:
        async with write_recv:
            async for session_message in write_recv:
                await emit(session_message.message)

    async with anyio.create_task_group() as tg:
        tg.start_soon(reader)
        tg.start_soon(writer)
        yield read_recv, write_send


def _write(stream: BinaryIO, data: bytes) -> None:
    stream.write(data)
    stream.flush()
