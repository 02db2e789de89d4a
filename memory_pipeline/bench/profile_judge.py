"""The probe set's profile scoring by an LLM judge (`bench --probes --profile-judge`); the same judge
reads a change case's block for the README's "stored current fact" (`judged_stored`).

The probe README scores a profile by reading it: "an LLM judge or a person" decides whether the
session block states each item as current. The lexical scorer (`probes_score.stated`) is a stand-in
that reads both ways too leniently (docs/BENCHMARKS.md); this judge asks the configured
OpenAI-compatible model instead, one call per user: the block and the user's items, shuffled so their
order does not tell which are current and which stale, and never labelled. The answer is validated (one
verdict per item) and retried like the engine's calls; a user whose call fails is counted as not
judged, never guessed.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Sequence
from dataclasses import replace

from pydantic import BaseModel

from memory_pipeline.config import LLMConfig
from memory_pipeline.engines.llm.client import LLMClient, LLMFailure
from memory_pipeline.errors import ValidationError

TASK = "profile_judge"
SYSTEM = """You judge what a memory system tells an AI agent about a user.
You get the block the agent receives at the start of a session (a "### Profile" section of facts the system
presents as current, sometimes followed by summaries of older memories; lines struck through with ~~ ~~, under a
heading about superseded information, or on a line opening "Past:" are marked as past) and numbered items, short
paraphrases of facts about the user.
For every item decide: does the block state it as CURRENTLY true of the user?
- true when some line says it or plainly implies it (a paraphrase counts: "works at a bakery" is stated by
  "Works at Crumbs Bakery"; "has two kids" by "Their children are Mo and Lu") and that line does not mark it past.
- false when nothing says it; when the only line that says it marks it past or ended (quit, left, used to, struck
  through, superseded); when the block states only something different, or more or less specific, that does not
  establish the item; when it states only a plan or wish that has not happened.
- If two lines conflict, each value some line presents as current without marking it past counts as stated.
Judge each item on its own, from the block alone.
Reply with one JSON object: {"verdicts": [{"item": <number>, "stated": true | false}, ...]}, one verdict per item."""


class _Verdict(BaseModel):
    item: int
    stated: bool


class _Answer(BaseModel):
    verdicts: list[_Verdict]


class ProfileJudge:
    """One judge per bench run: its client counts its calls and token use as the engine's does."""

    def __init__(self, cfg: LLMConfig):
        if not cfg.enabled:
            raise ValidationError("--profile-judge needs an OpenAI-compatible endpoint: set OPENAI_BASE_URL "
                                  "(and OPENAI_API_KEY where the server wants one)")
        # the reading should not vary between runs: no sampling temperature
        self.client = LLMClient(replace(cfg, temperature=0.0))
        self.model = cfg.model

    def judge(self, user: str, block: str, items: Sequence[str]) -> list[bool]:
        """Whether the block states each item as current, in `items` order. Raises LLMFailure when no
        valid answer came."""
        order = list(range(len(items)))
        # a fixed shuffle per user: the same run asks the same question, and the order hides the labels
        random.Random(int(hashlib.sha256(user.encode()).hexdigest()[:8], 16)).shuffle(order)
        numbered = [{"item": n + 1, "text": items[i]} for n, i in enumerate(order)]

        def check(ans: _Answer) -> None:
            got = sorted(v.item for v in ans.verdicts)
            if got != list(range(1, len(items) + 1)):
                raise ValueError(f"expected one verdict for each item 1..{len(items)}, got items {got}")

        prompt = "Judge each item against the block.\n" + json.dumps({"block": block, "items": numbered},
                                                                     ensure_ascii=False)
        ans, _ = self.client.complete(TASK, SYSTEM, prompt, _Answer, check)
        said = {v.item: v.stated for v in ans.verdicts}
        out = [False] * len(items)
        for n, i in enumerate(order):
            out[i] = said[n + 1]
        return out


def judged_outcome(judge: ProfileJudge, user: str, block: str, current: Sequence[str],
                   stale: Sequence[str]) -> dict:
    """The judge's counts for one user, or why it could not judge them."""
    try:
        said = judge.judge(user, block, [*current, *stale])
    except LLMFailure as e:
        return {"judge_error": str(e)}
    now, old = said[: len(current)], said[len(current):]
    return {"judged_current_stated": sum(now), "judged_stale_leaked": sum(old),
            "judged_missed": [i for i, s in zip(current, now, strict=True) if not s],
            "judged_leaked": [i for i, s in zip(stale, old, strict=True) if s]}


def judged_stored(judge: ProfileJudge, user: str, block: str, question: str, new: str, old: str) -> dict:
    """The README's "the engine's stored current fact is the new one", read by the judge: the block states
    the new value as the current answer to the case's question and not the old one. Both are asked as items
    of one kind, in the judge's shuffled order, so it is not told which value is the newer."""
    try:
        said_new, said_old = judge.judge(f"{user}:stored", block, [f"{question} {new}", f"{question} {old}"])
    except LLMFailure as e:
        return {"judge_error": str(e)}
    return {"judged_stored_current": said_new and not said_old}
