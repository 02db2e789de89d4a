"""The OpenAI-compatible client: one JSON answer per call, validated, repaired, retried, and counted.

Retries are ours, not the SDK's (`max_retries=0`), so that every retry is counted, Retry-After is
honoured, and the whole batch stays inside one deadline (60 s per batch by default). A run's model
time is bounded too (`run_budget_s`, and a breaker after batches lost in a row): past it, every
call is refused at once and the caller uses the rules.
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
from memory_pipeline.engines.llm import server_info
from memory_pipeline.errors import MemoryPipelineError

log = logging.getLogger(__name__)

M = TypeVar("M", bound=BaseModel)

_RETRYABLE = (openai.RateLimitError, openai.InternalServerError, openai.APITimeoutError, openai.APIConnectionError)
_FENCE = re.compile(r"^\s*```(?:json)?\s*(.*?)\s*```\s*$", re.DOTALL)
# the ways servers say a prompt is over the context window (OpenAI's code; llama.cpp, vLLM, Ollama's text)
_TOO_LONG = re.compile(r"context[_ ](length|window)|maximum context|exceed.{0,40}(context|tokens)|too long", re.I)
_FORMAT_WORDS = re.compile(r"json_schema|response_format|schema|json_object", re.I)
CHARS_PER_TOKEN = 3  # JSON-wrapped text runs ~3 characters per token: an estimate errs on the long side
REPAIR = ("That answer is not valid: {error}. Reply again with one JSON object only, in the format the system "
          "message gives, that fixes this.")
# response_format ladder: structured output, llama.cpp's schema grammar in JSON mode, plain JSON mode
_LADDER = {"auto": ("json_schema", "schema_object", "json_object"), "json_schema": ("json_schema",),
           "json_object": ("json_object",)}


class LLMFailure(MemoryPipelineError):
    """No valid answer within the attempts and the deadline; the caller falls back."""

    def __init__(self, task: str, problems: list[str], attempts: int | None = None):
        self.task, self.problems = task, problems
        n = len(problems) if attempts is None else attempts
        super().__init__(f"{task}: no valid answer after {n} attempt(s): " + "; ".join(problems))

    @property
    def cause(self) -> str:
        """What lost the batch, to count fallbacks by: the last attempt's failure (the deadline that
        passed after it is no cause of its own)."""
        said = [p for p in self.problems if not p.startswith(("batch deadline", "the run's model-time budget"))]
        return _cause(said[-1]) if said else "timeout"


class PromptTooLong(LLMFailure):
    """The prompt does not fit the model's context window: the caller asks in smaller parts."""

    cause = "too_long"


class OverBudget(LLMFailure):
    """The run's model time is spent (or the breaker is open): not asked. `first` on the first refusal."""

    cause = "over_budget"

    def __init__(self, task: str, why: str, first: bool):
        self.first, self.why = first, why
        super().__init__(task, [why], 0)


class LLMClient:
    """Thread-safe counters; one `openai.OpenAI` per client (one client per engine, one engine per run)."""

    def __init__(self, cfg: LLMConfig, *, sleep: Callable[[float], None] = time.sleep):
        self.cfg = cfg
        self._sleep = sleep
        self._client = openai.OpenAI(api_key=cfg.api_key or "none", base_url=cfg.base_url, max_retries=0,
                                     timeout=cfg.timeout_s)
        # auto: structured output first; a server that refuses a format gets the next one from then on
        self._formats = list(_LADDER.get(cfg.response_format, _LADDER["auto"]))
        self._lock = threading.Lock()
        self._usage = Usage()
        self._spent = 0.0  # seconds in calls
        self._lost_in_row = 0  # batches lost to timeouts / server errors in a row (the breaker)
        self._closed: str | None = None
        self._refused = 0
        self._context: int | None | bool = cfg.context_tokens or False  # False: not asked of the server yet

    def usage(self) -> Usage:
        with self._lock:
            return self._usage.copy()

    def count_fallback(self, task: str, cause: str) -> None:
        with self._lock:
            self._usage.fallbacks += 1
            _bump(self._usage.fallbacks_by_task, task)
            _bump(self._usage.fallback_reasons, f"{task}_{cause}")

    @property
    def context_tokens(self) -> int | None:
        """The model's context window: the setting, else what the server reports (asked once)."""
        if self._context is False:
            self._context = server_info.context_tokens(self._client, self.cfg.model)
        return self._context or None

    def prompt_room(self, system: str) -> int | None:
        """Characters of user prompt that fit beside `system` and the answer (None: no known limit)."""
        ctx = self.context_tokens
        if ctx is None:
            return None
        return max(0, (ctx - self.cfg.max_tokens) * CHARS_PER_TOKEN - len(system))

    def complete(self, task: str, system: str, user: str, response: type[M],
                 check: Callable[[M], None] | None = None) -> tuple[M, list[str]]:
        """The validated answer and the problems of the attempts before it (for the action log).
        `check` adds task rules a schema cannot say (ids in the batch, one answer per item); a
        ValueError from it counts as a malformed answer, quoted back to the model once per attempt.
        Raises LLMFailure (PromptTooLong, OverBudget)."""
        self._admit(task)
        room = self.prompt_room(system)
        if room is not None and len(user) > room:
            raise PromptTooLong(task, [f"prompt of ~{len(user) + len(system)} chars over the context window "
                                       f"of {self.context_tokens} tokens"], 0)
        # the batch's deadline, and never past the run's budget: model time stays within it
        left = self._budget_left()
        deadline = time.monotonic() + min(self.cfg.timeout_s, left)
        ended = (f"the run's model-time budget of {self.cfg.run_budget_s:.0f}s ran out" if left < self.cfg.timeout_s
                 else f"batch deadline of {self.cfg.timeout_s:.0f}s passed")
        messages = [{"role": "system", "content": system}, {"role": "user", "content": user}]
        problems: list[str] = []
        asked, lost, malformed = 0, 0, False
        for attempt in range(1, self.cfg.attempts + 1):
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                problems.append(ended)
                break
            asked += 1
            wait = self.cfg.backoff_s * 2 ** (attempt - 1)
            try:
                text = self._call(task, messages, response, remaining)
                answer = _parse(text, response, check)
            except _RETRYABLE as e:
                problems.append(_describe(e))
                lost += 1
                wait = _retry_after(e) or wait
            except openai.APIStatusError as e:  # 4xx other than 429: asking again will not help
                problems.append(_describe(e))
                break
            except _Malformed as e:
                problems.append(f"malformed answer: {e.error}")
                messages = [*messages[:2], {"role": "assistant", "content": e.text[:2_000]},
                            {"role": "user", "content": REPAIR.format(error=e.error)}]
                malformed, wait = True, 0.0
            else:
                self._settle(task, ok=True, repaired=malformed, lost_only=False)
                return answer, problems
            if attempt < self.cfg.attempts:
                with self._lock:
                    self._usage.retries += 1
                self._sleep(max(0.0, min(wait, deadline - time.monotonic())))
        self._settle(task, ok=False, repaired=False, lost_only=lost == asked and asked > 0)
        raise LLMFailure(task, problems, asked)

    def _budget_left(self) -> float:
        with self._lock:
            return max(0.0, self.cfg.run_budget_s - self._spent)

    def _admit(self, task: str) -> None:
        """Refuse at once when the run's model time is spent or the breaker is open."""
        with self._lock:
            if self._closed is None and self._spent >= self.cfg.run_budget_s:
                self._closed = (f"the run's model time budget of {self.cfg.run_budget_s:g}s is spent "
                                f"({self._spent:.0f}s)")
            if self._closed is None:
                return
            _bump(self._usage.over_budget_by_task, task)
            self._refused += 1
            first = self._refused == 1
        if first:
            log.warning("%s: the rest of this run is judged by the rules", self._closed)
        raise OverBudget(task, self._closed, first)

    def _settle(self, task: str, *, ok: bool, repaired: bool, lost_only: bool) -> None:
        with self._lock:
            if ok:
                _bump(self._usage.repaired_by_task if repaired else self._usage.valid_by_task, task)
                self._lost_in_row = 0
                return
            self._lost_in_row = self._lost_in_row + 1 if lost_only else 0
            if self._lost_in_row >= self.cfg.breaker > 0 and self._closed is None:
                self._closed = (f"{self._lost_in_row} batches in a row lost to timeouts or server errors "
                                "(breaker open)")

    def _call(self, task: str, messages: list[dict], response: type[BaseModel], timeout: float) -> str:
        started = time.perf_counter()
        try:
            out = self._create_any(task, messages, response, timeout)
        finally:  # a call that timed out or failed counts, with its time
            took = time.perf_counter() - started
            with self._lock:
                self._spent += took
                self._usage.seconds_by_task[task] = self._usage.seconds_by_task.get(task, 0.0) + took
                self._usage.calls += 1
                _bump(self._usage.calls_by_task, task)
        usage = getattr(out, "usage", None)
        text = out.choices[0].message.content if out.choices else None
        sent = "".join(m["content"] for m in messages)
        prompt = getattr(usage, "prompt_tokens", None) or _estimate(sent)
        completion = getattr(usage, "completion_tokens", None) or _estimate(text or "")
        with self._lock:
            self._usage.prompt_tokens += prompt
            self._usage.completion_tokens += completion
        telemetry.record_llm_call(prompt, completion, self.cfg.model)  # Prometheus, when metrics are on
        log.debug("llm %s: %d prompt + %d completion tokens in %.2fs", task, prompt, completion, took)
        if not text or not text.strip():
            raise _Malformed("empty answer", "")
        if out.choices[0].finish_reason == "length" and _parses(text) is False:
            raise _Malformed(f"cut off at max_tokens={self.cfg.max_tokens}; answer shorter", text)
        return text

    def _create_any(self, task: str, messages: list[dict], response: type[BaseModel], timeout: float):
        """A call in the first response format the server takes; a refusal moves down the ladder for good."""
        while True:
            fmt = self._formats[0]
            try:
                return self._create(fmt, task, messages, response, timeout)
            except openai.APIStatusError as e:
                if _too_long(e):
                    raise PromptTooLong(task, [_describe(e)], 1) from e
                if len(self._formats) == 1 or not _refuses_format(e):
                    raise
                with self._lock:
                    if self._formats and self._formats[0] == fmt and len(self._formats) > 1:
                        self._formats.pop(0)
                log.info("the server refused response_format %s (%s); using %s", fmt, _describe(e),
                         self._formats[0])

    def _create(self, fmt: str, task: str, messages: list[dict], response: type[BaseModel], timeout: float):
        schema = response.model_json_schema()
        body = {"json_schema": {"type": "json_schema",
                                "json_schema": {"name": task, "schema": schema, "strict": False}},
                "schema_object": {"type": "json_object", "schema": schema},
                "json_object": {"type": "json_object"}}[fmt]
        return self._client.chat.completions.create(
            model=self.cfg.model, messages=messages, temperature=self.cfg.temperature, response_format=body,
            max_tokens=self.cfg.max_tokens, timeout=timeout)


class _Malformed(ValueError):
    def __init__(self, error: str, text: str):
        self.error, self.text = error, text
        super().__init__(error)


def _parse(text: str, response: type[M], check: Callable[[M], None] | None) -> M:
    try:
        answer = response.model_validate_json(_unfence(text))
        if check is not None:
            check(answer)
    except (PydanticValidationError, ValueError) as e:
        raise _Malformed(_first_line(e), text) from e
    return answer


def _parses(text: str) -> bool:
    try:
        json.loads(_unfence(text))
    except ValueError:
        return False
    return True


def _bump(counts: dict[str, int], key: str) -> None:
    counts[key] = counts.get(key, 0) + 1


def _message(e: Exception) -> str:
    body = getattr(e, "body", None)
    if isinstance(body, dict):
        inner = body.get("error", body)
        msg = inner.get("message") if isinstance(inner, dict) else inner
        if msg:
            return str(msg)
    return str(getattr(e, "message", "") or "")


def _cause(problem: str) -> str:
    """The kind of an attempt's problem as `_describe` and `complete` word it."""
    if problem.startswith("HTTP "):
        return "http_" + problem[5:].split(":")[0].strip()
    if problem.startswith("malformed answer"):
        return "malformed"
    return {"timeout": "timeout", "connection failed": "connection"}.get(problem, "other")


def _too_long(e: openai.APIStatusError) -> bool:
    code = getattr(e, "code", None)
    return e.status_code in (400, 413) and (code == "context_length_exceeded" or bool(_TOO_LONG.search(_message(e))))


def _refuses_format(e: openai.APIStatusError) -> bool:
    """A server that does not take a response format: a 400, or a 422 / 500 that names the format
    (llama.cpp answers json_schema with a 500: "Input should be 'text' or 'json_object'")."""
    return e.status_code == 400 or (e.status_code in (422, 500) and bool(_FORMAT_WORDS.search(_message(e))))


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
    """The failure and the server's own words (first line, cut)."""
    status = getattr(e, "status_code", None)
    if isinstance(e, openai.APITimeoutError):
        return "timeout"
    if isinstance(e, openai.APIConnectionError):
        return "connection failed"
    said = " ".join(_message(e).split())[:160]
    head = f"HTTP {status}" if status else type(e).__name__
    return f"{head}: {said}" if said else head


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
