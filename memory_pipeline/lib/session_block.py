"""Seed 003's session-start block: consolidated summaries for an agent's context, within a token budget.

The block is wrapped in a unique XML-style tag so it can be found and replaced: injecting into a
context that already holds one replaces it (idempotent), never accumulates.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime

from memory_pipeline.errors import ValidationError
from memory_pipeline.lib.extract.statements import statements
from memory_pipeline.lib.summarize import truncate_text
from memory_pipeline.lib.timestamps import as_utc

BLOCK_TAG = "memory_consolidated_summaries"
PRIORITIES = ("relevance", "recency", "activation")
DEFAULT_TOKEN_BUDGET = 2000
DEFAULT_MAX_SUMMARIES = 10
DEFAULT_MIN_CONFIDENCE = 0.7
# A summary cut below this many characters says too little to be worth its heading.
_MIN_CONTENT_CHARS = 40

_HEADER = (
    "<!-- Memory Consolidation Context - Auto-generated, do not edit -->\n"
    "<!-- This block is replaced on each session start -->\n"
    "\n"
    "## Memory Context\n"
    "\n"
    "The following summarizes key decisions, learnings, and context from this user's history:\n"
)
# Opening tag without '<' inside, and a body that never crosses another opening tag: a stray
# "<memory_consolidated_summaries" in user text can then never swallow the text around it.
_BLOCK_RE = re.compile(
    rf"<{BLOCK_TAG}(?:\s[^<>]*)?>(?:(?!<{BLOCK_TAG}[\s>]).)*?</{BLOCK_TAG}>",
    re.DOTALL,
)
_TAG_IN_TEXT = re.compile(rf"<(/?{BLOCK_TAG})", re.IGNORECASE)
_SENTENCES = re.compile(r"((?<=[.!?])\s+|\n+)")
_COMMAS = re.compile(r"([,;]\s+)")
# Fact-list lengths tried, in order, when a summary does not fit in full.
_LIST_LEVELS: tuple[int | None, ...] = (None, 3, 1, 0)


@dataclass(frozen=True)
class BlockSummary:
    id: str
    namespace: str
    content: str
    key_facts: tuple[str, ...]
    decisions: tuple[dict, ...]
    superseded_facts: tuple[dict, ...]
    temporal_range: tuple[datetime, datetime]
    confidence: float
    relevance: float = 0.0
    activation_count: int = 0


@dataclass(frozen=True)
class BlockResult:
    text: str
    summary_ids: tuple[str, ...]  # in the order they appear
    tokens_used: int
    dropped: tuple[str, ...]  # passed min_confidence but left out (max_summaries or token budget)


def estimate_tokens(text: str) -> int:
    """About four characters per token, rounded up: cheap and conservative for English."""
    return math.ceil(len(text) / 4)


def _escape(text: str) -> str:
    # User text must never open or close our tag, or removal would cut the wrong span.
    return _TAG_IN_TEXT.sub(r"&lt;\1", text)


def _one_line(text: str) -> str:
    return " ".join(_escape(str(text)).split())


def _title(namespace: str) -> str:
    name = " ".join(namespace.replace("_", " ").replace("-", " ").split())
    return _escape(name[:1].upper() + name[1:]) if name else "General"


def _struck(text: str, retired: frozenset[str]) -> str:
    """The text with each sentence whose statements the profile all retired struck through (~~x~~, as
    superseded facts are): the block states as current what the profile does."""
    if not retired:
        return text
    parts = _SENTENCES.split(text)  # sentences, with what separates them at odd positions
    return "".join(p if k % 2 else f"~~{p}~~" if _all_retired(p, retired) else _struck_clauses(p, retired)
                   for k, p in enumerate(parts))


def _struck_clauses(sentence: str, retired: frozenset[str]) -> str:
    """A sentence the profile retired only in part, with those comma-separated clauses struck through
    ("I'm Mei, designer at Acme, ~~working remotely from Leeds~~" once a newer statement replaced the last)."""
    parts = _COMMAS.split(sentence)
    return "".join(f"~~{p}~~" if k % 2 == 0 and _all_retired(p, retired) else p for k, p in enumerate(parts))


def _all_retired(sentence: str, retired: frozenset[str]) -> bool:
    said = [st.line for st in statements(sentence) if st.line]
    return bool(said) and all(line in retired for line in said)


def _section(s: BlockSummary, keep: int | None, content: str | None = None,
             retired: frozenset[str] = frozenset()) -> str:
    """One summary in the block's layout; `keep` caps each list (None: everything)."""
    start, end = (as_utc(t).strftime("%Y-%m-%d") for t in s.temporal_range)
    span = start if start == end else f"{start} - {end}"
    text = _escape(_struck((s.content if content is None else content).strip(), retired))
    lines = [f"### {_title(s.namespace)} ({span})", "", text, ""]

    facts = [_struck(f, retired) for f in s.key_facts if f and f.strip()][:keep]
    if facts:
        lines += ["**Key facts:**", *(f"- {_one_line(f)}" for f in facts), ""]
    decisions = [d for d in s.decisions if d.get("decision")][:keep]
    if decisions:
        lines.append("**Decisions:**")
        for d in decisions:
            lines.append(f"- {_one_line(d['decision'])}")
            if d.get("rationale"):
                lines.append(f"  - Rationale: {_one_line(d['rationale'])}")
            if d.get("outcome"):
                lines.append(f"  - Outcome: {_one_line(d['outcome'])}")
        lines.append("")
    superseded = [f for f in s.superseded_facts if f.get("original_fact")][:keep]
    if superseded:
        lines.append("**Note - superseded information:**")
        lines += [
            f"- ~~{_one_line(f['original_fact'])}~~ → {_one_line(f.get('superseded_by') or '')}".rstrip()
            for f in superseded
        ]
        lines.append("")
    return "\n".join(lines)


def _wrap(profile: str | None, sections: Sequence[str], generated_at: datetime) -> str:
    body = _HEADER
    if profile:
        body += f"\n### Profile\n\n{_escape(profile.strip())}\n"
    for section in sections:
        body += "\n" + section
    # The version names the content, so an unchanged block keeps its version across sessions.
    version = hashlib.sha256(body.encode("utf-8")).hexdigest()[:8]
    stamp = as_utc(generated_at).strftime("%Y-%m-%dT%H:%M:%SZ")
    return f'<{BLOCK_TAG} version="{version}" generated_at="{stamp}">\n{body}\n</{BLOCK_TAG}>'


def _longest_fitting(text: str, render: Callable[[str], str], budget: int) -> str | None:
    """Longest word-boundary cut of `text` whose rendering fits `budget` tokens (binary search)."""
    lo, hi, best = _MIN_CONTENT_CHARS, len(text), None
    while lo <= hi:
        mid = (lo + hi) // 2
        candidate = truncate_text(text, mid)
        if estimate_tokens(render(candidate)) <= budget:
            best, lo = candidate, mid + 1
        else:
            hi = mid - 1
    return best


def _ranked(summaries: Sequence[BlockSummary], prioritize: str) -> list[BlockSummary]:
    # Stable sorts from the last tie-breaker to the first key.
    ranked = sorted(summaries, key=lambda s: s.id)
    if prioritize == "recency":
        ranked.sort(key=lambda s: s.relevance, reverse=True)
        ranked.sort(key=lambda s: as_utc(s.temporal_range[1]), reverse=True)
        return ranked
    ranked.sort(key=lambda s: as_utc(s.temporal_range[1]), reverse=True)
    if prioritize == "activation":
        ranked.sort(key=lambda s: s.activation_count, reverse=True)
    else:
        ranked.sort(key=lambda s: s.relevance, reverse=True)
    return ranked


def _fitted_profile(profile: str | None, generated_at: datetime, token_budget: int) -> str | None:
    """The profile, cut if needed so the block with it alone uses at most half the budget."""
    if not profile or not profile.strip():
        return None
    profile_budget = min(token_budget, estimate_tokens(_wrap(None, [], generated_at)) + token_budget // 2)
    if estimate_tokens(_wrap(profile, [], generated_at)) <= profile_budget:
        return profile
    # whole lines first: each line is one statement with its source, and a cut one would state half of it
    lines = [line for line in profile.strip().splitlines() if line.strip()]
    while len(lines) > 1:
        lines.pop()
        if estimate_tokens(_wrap("\n".join(lines), [], generated_at)) <= profile_budget:
            return "\n".join(lines)
    return _longest_fitting(" ".join(lines[0].split()), lambda p: _wrap(p, [], generated_at), profile_budget)


def render_block(
    summaries: Sequence[BlockSummary],
    *,
    profile: str | None = None,
    generated_at: datetime,
    token_budget: int = DEFAULT_TOKEN_BUDGET,
    max_summaries: int = DEFAULT_MAX_SUMMARIES,
    min_confidence: float = DEFAULT_MIN_CONFIDENCE,
    prioritize: str = "relevance",
    retired: Sequence[str] = (),
) -> BlockResult:
    """The whole block, wrapper included, within `token_budget` tokens.

    Summaries below `min_confidence` are skipped; the rest are taken in priority order, each in full if
    it fits, else with shorter fact lists, else with its text cut; what still does not fit is dropped.
    The profile comes first and may use at most half of the budget. A summary sentence stating a clause
    in `retired` (the profile's, replaced or ended since) is struck through.
    """
    if prioritize not in PRIORITIES:
        raise ValidationError(f"prioritize must be one of {', '.join(PRIORITIES)}")
    if max_summaries < 0:
        raise ValidationError("max_summaries must be >= 0")
    if estimate_tokens(_wrap(None, [], generated_at)) > token_budget:
        raise ValidationError(f"token budget {token_budget} is smaller than the empty block")

    profile_text = _fitted_profile(profile, generated_at, token_budget)
    gone = frozenset(retired)
    eligible = _ranked([s for s in summaries if s.confidence >= min_confidence], prioritize)
    sections: list[str] = []
    included: list[str] = []

    def fits(extra: str) -> bool:
        return estimate_tokens(_wrap(profile_text, [*sections, extra], generated_at)) <= token_budget

    for s in eligible[:max_summaries]:
        section = next((sec for keep in _LIST_LEVELS if fits(sec := _section(s, keep, retired=gone))), None)
        if section is None:
            cut = _longest_fitting(
                " ".join(s.content.split()),
                lambda c, s=s: _wrap(profile_text, [*sections, _section(s, 0, c, gone)], generated_at),
                token_budget,
            )
            section = None if cut is None else _section(s, 0, cut, gone)
        if section is not None:
            sections.append(section)
            included.append(s.id)

    text = _wrap(profile_text, sections, generated_at)
    set_included = set(included)
    return BlockResult(
        text=text,
        summary_ids=tuple(included),
        tokens_used=estimate_tokens(text),
        dropped=tuple(s.id for s in eligible if s.id not in set_included),
    )


def retired_clauses(profile: dict | None) -> list[str]:
    """The clauses a stored profile row retired (its `sections`, as read back or as written, or the batch
    read's `retired`)."""
    if (profile or {}).get("retired") is not None:
        return list(profile["retired"])
    sections = (profile or {}).get("sections") or {}
    sections = json.loads(sections) if isinstance(sections, str) else sections
    return list(sections.get("retired", ()))


def count_blocks(context: str | None) -> int:
    return len(_BLOCK_RE.findall(context or ""))


def remove_blocks(context: str | None) -> tuple[str, bool]:
    """Context without any summary block (outer whitespace stripped), and whether one was there."""
    if not context:
        return "", False
    cleaned, removed = context, 0
    while True:
        # Repeat: removing one block can join a stray opening and closing tag into a new one.
        cleaned, count = _BLOCK_RE.subn("", cleaned)
        if count == 0:
            return cleaned.strip(), removed > 0
        removed += count


def inject_block(context: str | None, block: str) -> tuple[str, bool]:
    """Replace every existing block by `block` (appended at the end); returns (context, replaced)."""
    block = block.strip()
    if not _BLOCK_RE.fullmatch(block):
        raise ValidationError("not a memory_consolidated_summaries block")
    cleaned, replaced = remove_blocks(context)
    return (f"{cleaned}\n\n{block}" if cleaned else block), replaced
