"""An OpenAI-compatible chat-completions server on 127.0.0.1 for tests (the only stand-in the tests use).

Answers come from a script (a list of replies consumed in order) or, when the script is empty, from a
default responder that answers each task with a realistically sized, valid answer. Every request is
recorded. Run it alone (`python -m memory_pipeline_tests.llm_server --port 8765`) to measure calls and
tokens with `memory-pipeline bench --engine llm`.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import re
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


@dataclass
class Reply:
    status: int = 200
    content: str | None = None  # the message content (JSON text, or anything malformed)
    headers: dict = field(default_factory=dict)
    delay_s: float = 0.0
    body: str | None = None  # a raw body instead of a completion (for error statuses)


def task_of(request: dict) -> str:
    user = next((m["content"] for m in request.get("messages", []) if m["role"] == "user"), "")
    for prefix, task in (("Summarize", "summary"), ("Judge", "supersession"), ("Decide", "decision"),
                         ("Find the duplicate", "duplicates"), ("Build the profile", "profile"),
                         ("Answer the question", "reasoning")):
        if user.startswith(prefix):
            return task
    return "unknown"


def data_of(request: dict) -> dict:
    user = next(m["content"] for m in request["messages"] if m["role"] == "user")
    return json.loads(user.split("\n", 1)[1])


def _first_sentence(text: str) -> str:
    return re.split(r"(?<=[.!?])\s", text.strip(), maxsplit=1)[0][:160]


def _summary(group: dict) -> dict:
    mems = group["memories"]
    text = " ".join(_first_sentence(m["text"]) for m in mems)[:700]
    return {"group": group["group"], "summary": text, "key_facts": [_first_sentence(m["text"])[:80] for m in mems[:5]],
            "decisions": [], "superseded_facts": [], "resolved_dates": []}


def default_answer(request: dict) -> dict:
    """Valid answers of the size a model gives: a summary of a sentence per memory (capped), a
    verdict per pair (no change), KEEP_SEPARATE per candidate, no groups, a short profile."""
    task, data = task_of(request), data_of(request)
    if task == "summary":
        return {"summaries": [_summary(g) for g in data["groups"]]}
    if task == "supersession":
        return {"verdicts": [{"pair": p["pair"], "supersedes": False, "confidence": "high", "old_value": None,
                              "new_value": None, "reason": None} for p in data["pairs"]]}
    if task == "decision":
        return {"decisions": [{"index": c["index"], "action": "KEEP_SEPARATE",
                               "reasoning": "The two memories are related but describe different details."}
                              for c in data["candidates"]]}
    if task == "duplicates":
        return {"groups": []}
    if task == "profile":
        mems = data["memories"][-6:]
        return {"profile": "The user " + "; ".join(_first_sentence(m["text"])[:100] for m in mems)[:600],
                "facts": [{"section": "identity", "fact": _first_sentence(m["text"])[:100], "source_ids": [m["id"]]}
                          for m in mems]}
    if task == "reasoning":
        return {"answer": "unknown", "confidence": 0.2, "reasoning": "No memory states it.",
                "temporal_resolutions": [], "source_memory_indices": [], "requires_inference": False}
    return {}


class LLMServer:
    """`with LLMServer() as srv:` ... `srv.url` is the base URL (`.../v1`); `srv.script` the replies."""

    def __init__(self, port: int = 0):
        self.script: list[Reply] = []
        self.requests: list[dict] = []
        self.responder = default_answer
        # answer json_schema requests with this status (True: 400), as a server without structured output
        # does; llama.cpp's server answers 500 with the message below
        self.refuse_schema: bool | int = False
        self.context_chars: int | None = None  # a longer prompt gets llama.cpp's 400 "exceed context window"
        self.models: list[dict] = []  # what GET /v1/models lists
        self._lock = threading.Lock()
        self._httpd = ThreadingHTTPServer(("127.0.0.1", port), self._handler())
        self._thread = threading.Thread(target=self._httpd.serve_forever, args=(0.05,), daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._httpd.server_address[1]}/v1"

    def __enter__(self) -> LLMServer:
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()

    def tasks(self) -> list[str]:
        return [task_of(r) for r in self.requests]

    def _next(self, request: dict) -> Reply:
        with self._lock:
            self.requests.append(request)
            if self.refuse_schema and request.get("response_format", {}).get("type") == "json_schema":
                status = 400 if self.refuse_schema is True else int(self.refuse_schema)
                said = ("response_format json_schema unsupported" if status == 400 else
                        "1 validation error for ChatCompletionRequest response_format.type: Input should be "
                        "'text' or 'json_object' [type=literal_error, input_value='json_schema']")
                return Reply(status, body=json.dumps({"error": {"message": said}}))
            prompt = sum(len(m.get("content") or "") for m in request.get("messages", []))
            if self.context_chars is not None and prompt > self.context_chars:
                return Reply(400, body=json.dumps({"error": {
                    "message": f"Requested tokens ({prompt // 3}) exceed context window of {self.context_chars // 3}",
                    "type": "invalid_request_error", "code": "context_length_exceeded"}}))
            if self.script:
                return self.script.pop(0)
        out = self.responder(request)  # a Reply, or the answer's JSON object
        return out if isinstance(out, Reply) else Reply(content=json.dumps(out))

    def _handler(self):
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):  # quiet
                pass

            def do_GET(self):
                body = json.dumps({"object": "list", "data": server.models}).encode()
                self.send_response(200 if self.path.endswith("/models") else 404)
                self.send_header("Content-Type", "application/json")
                self.end_headers()
                self.wfile.write(body)

            def do_POST(self):
                request = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"{}")
                reply = server._next(request)
                if reply.delay_s:
                    time.sleep(reply.delay_s)
                if reply.body is not None or reply.status != 200:
                    body = reply.body or json.dumps({"error": {"message": f"status {reply.status}"}})
                else:
                    body = json.dumps(_completion(request, reply.content or ""))
                try:
                    self.send_response(reply.status)
                    for k, v in {"Content-Type": "application/json", **reply.headers}.items():
                        self.send_header(k, v)
                    self.end_headers()
                    self.wfile.write(body.encode())
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (timeout test)

        return Handler


def _completion(request: dict, content: str) -> dict:
    prompt = sum(len(m.get("content") or "") for m in request.get("messages", []))
    return {"id": "chatcmpl-test", "object": "chat.completion", "created": int(time.time()),
            "model": request.get("model", "test"),
            "choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": content}}],
            "usage": {"prompt_tokens": max(1, prompt // 4), "completion_tokens": max(1, len(content) // 4),
                      "total_tokens": max(1, prompt // 4) + max(1, len(content) // 4)}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, default=8765)
    args = parser.parse_args()
    with LLMServer(args.port) as srv:
        print(f"serving {srv.url} (Ctrl-C stops)", flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            threading.Event().wait()


if __name__ == "__main__":
    main()
