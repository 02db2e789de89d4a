"""Text laid out for a terminal: lines cut at word boundaries with "…", wrapped paragraphs, and lists
that say how much they leave out."""

from __future__ import annotations

import shutil
import textwrap
from collections.abc import Callable, Sequence
from typing import Any

MAX_ROWS = 8  # a list longer than this ends with "… and N more"


def width() -> int:
    return max(60, min(shutil.get_terminal_size((100, 24)).columns, 120))


def clip(text: Any, n: int) -> str:
    """One line of at most `n` characters, cut at a word boundary with "…" when it had to be cut."""
    s = " ".join(str(text).split())
    if len(s) <= n:
        return s
    cut = s[: n - 1]
    if " " in cut and not s[n - 1].isspace():
        cut = cut.rsplit(" ", 1)[0]
    return cut.rstrip(" ,;:.-") + "…"


def wrap(text: Any, indent: str, first: str | None = None, w: int | None = None) -> list[str]:
    """The whole text, wrapped at word boundaries under `indent` (the first line under `first`)."""
    first = indent if first is None else first
    return textwrap.wrap(" ".join(str(text).split()), width=w or width(), initial_indent=first,
                         subsequent_indent=indent, break_long_words=True, break_on_hyphens=False) or [first]


def listing(items: Sequence[Any], line: Callable[[Any], str | list[str]], limit: int = MAX_ROWS,
            indent: str = "  ") -> list[str]:
    """Up to `limit` items as lines, then "… and N more" for the rest."""
    out: list[str] = []
    for item in items[:limit]:
        got = line(item)
        out += [got] if isinstance(got, str) else got
    if len(items) > limit:
        out.append(f"{indent}… and {len(items) - limit} more")
    return out
