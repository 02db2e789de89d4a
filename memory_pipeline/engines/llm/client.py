"""The OpenAI-compatible client: one JSON answer per call, validated, retried, and counted.

Retries are ours, not the SDK's (`max_retries=0`), so that every retry is counted, Retry-After is
honoured, and the whole batch stays inside one deadline (seed 002: 60 s per batch).
"""

from __future__ import annotations

import json
import logging
import re
import threading
import time
from collections.abc import Callable
from email.utils import parsedate_to_datetime
from typing import TypeVar

import openai
from pydantic import BaseModel
from pydantic import ValidationError as PydanticValidationError

from memory_pipeline import telemetry
from memory_pipeline.config import LLMConfig
from memory_pipeline.engines.base import Usage
from memory_pipeline.errors import MemoryPipelineError

log = logging.getLogger(__name__)

M = TypeVar("M", bound=BaseModel)

_RETRYABLE = (openai.RateLimitError, openai.InternalServerError, openai.APITimeoutError, openai.APIConnectionError)
_FENCE = re.compile(r"^\s*```(?:json)?\s*(.*?)\s*```\s*$", re.DOTALL)


class LLMFailure(MemoryPipelineError):
    """No valid answer within the attempts and the deadline; the caller falls back."""

    def __init__(self, task: str, problems: list[str]):
        self.task, self.problems = task, problems
        super().__init__(f"{task}: no valid answer after {len(problems)} attempt(s): " + "; ".join(problems))


class LLMClient:
    """Thread-safe counters; one `openai.OpenAI` per client."""

    def __init__(self, cfg: LLMConfig, *, sleep: Callable[[float], None] = time.sleep):
        self.cfg = cfg
        self._sleep = sleep
        self._client = openai.OpenAI(api_key=cfg.api_key or "none", base_url=cfg.base_url, max_retries=0,
                                     timeout=cfg.timeout_s)
        # auto: structured output first; a server that refuses it gets JSON mode from then on
        self._use_schema = cfg.response_format in ("auto", "json_schema")
        self._lock = threading.Lock()
        self._usage = Usage()

    def usage(self) -> Usage:
        with self._lock:
            return self._usage.copy()

    def count_fallback(self) -> None:
        with self._lock:
            self._usage.fallbacks += 1

    def complete(self, task: str, system: str, user: str, response: type[M],
                 check: Callable[[M], None] | None = None) -> tuple[M, list[str]]:
        """The validated answer and the problems of the attempts before it (for the action log).
        `check` adds task rules a schema cannot say (ids in the batch, one answer per item); a
        ValueError from it counts as a malformed answer. Raises LLMFailure."""
        deadline = time.monotonic() + self.cfg.timeout_s
        problems: list[str] = []
        for attempt in range(1, self.cfg.attempts + 1):
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                problems.append(f"batch deadline of {self.cfg.timeout_s:.0f}s passed")
                break
            wait = self.cfg.backoff_s * 2 ** (attempt - 1)
            try:
                text = self._call(task, system, user, response, remaining)
                answer = response.model_validate_json(_unfence(text))
                if check is not None:
                    check(answer)
                return answer, problems
            except _RETRYABLE as e:
                problems.append(_describe(e))
                wait = _retry_after(e) or wait
            except openai.APIStatusError as e:  # 4xx other than 429: asking again will not help
                problems.append(_describe(e))
                break
            except (PydanticValidationError, ValueError) as e:
                problems.append(f"malformed answer: {_first_line(e)}")
            if attempt < self.cfg.attempts:
                with self._lock:
                    self._usage.retries += 1
                self._sleep(max(0.0, min(wait, deadline - time.monotonic())))
        raise LLMFailure(task, problems)

    def _call(self, task: str, system: str, user: str, response: type[BaseModel], timeout: float) -> str:
        messages = [{"role": "system", "content": system}, {"role": "user", "content": user}]
        started = time.perf_counter()
        try:
            out = self._create(task, messages, response, timeout)
        except openai.BadRequestError:
            if not (self._use_schema and self.cfg.response_format == "auto"):
                raise
            log.info("the server refused a JSON schema; using JSON mode")
            self._use_schema = False
            out = self._create(task, messages, response, timeout)
        usage = getattr(out, "usage", None)
        text = out.choices[0].message.content if out.choices else None
        prompt = getattr(usage, "prompt_tokens", None) or _estimate(system + user)
        completion = getattr(usage, "completion_tokens", None) or _estimate(text or "")
        with self._lock:
            self._usage.calls += 1
            self._usage.calls_by_task[task] = self._usage.calls_by_task.get(task, 0) + 1
            self._usage.prompt_tokens += prompt
            self._usage.completion_tokens += completion
        telemetry.record_llm_call(prompt, completion, self.cfg.model)  # Prometheus, when metrics are on
        log.debug("llm %s: %d prompt + %d completion tokens in %.2fs", task, prompt, completion,
                  time.perf_counter() - started)
        if not text or not text.strip():
            raise ValueError("empty answer")
        return text

    def _create(self, task: str, messages: list[dict], response: type[BaseModel], timeout: float):
        if self._use_schema:
            fmt = {"type": "json_schema",
                   "json_schema": {"name": task, "schema": response.model_json_schema(), "strict": False}}
        else:
            fmt = {"type": "json_object"}
        return self._client.chat.completions.create(
            model=self.cfg.model, messages=messages, temperature=self.cfg.temperature, response_format=fmt,
            timeout=timeout)


def _unfence(text: str) -> str:
    m = _FENCE.match(text)  # some local servers wrap JSON mode answers in a code fence
    return m.group(1) if m else text


def _estimate(text: str) -> int:
    return max(1, len(text) // 4)  # a server that reports no usage: about 4 characters per token


def _retry_after(e: Exception) -> float | None:
    resp = getattr(e, "response", None)
    if resp is None:
        return None
    raw = resp.headers.get("retry-after-ms")
    if raw:
        try:
            return float(raw) / 1000
        except ValueError:
            pass
    raw = resp.headers.get("retry-after")
    if not raw:
        return None
    try:
        return max(0.0, float(raw))
    except ValueError:
        try:
            return max(0.0, parsedate_to_datetime(raw).timestamp() - time.time())
        except (TypeError, ValueError):
            return None


def _describe(e: Exception) -> str:
    status = getattr(e, "status_code", None)
    if isinstance(e, openai.APITimeoutError):
        return "timeout"
    if isinstance(e, openai.APIConnectionError):
        return "connection failed"
    return f"HTTP {status}" if status else type(e).__name__


def _first_line(e: Exception) -> str:
    if isinstance(e, PydanticValidationError):
        errs = e.errors()
        first = errs[0] if errs else {}
        loc = ".".join(str(p) for p in first.get("loc", ()))
        return f"{len(errs)} error(s), first at {loc or 'top'}: {first.get('msg', '')}"[:200]
    return str(e).splitlines()[0][:200] if str(e) else type(e).__name__


def as_data(obj) -> str:
    """Memory text goes to the model as JSON data, never spliced into instructions."""
    return json.dumps(obj, ensure_ascii=False, default=str)
