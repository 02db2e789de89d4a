"""The rule engine the fact extractor runs: table rows become compiled rules; a rule whose trigger words
the text lacks is skipped, the others yield positioned items."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from memory_pipeline.lib.text import LETTERS, words

Found = Iterator[tuple[int, Any]]  # (position in the text, item)
Handler = Callable[[str, re.Match[str]], Found]


@dataclass(frozen=True)
class Rule:
    triggers: frozenset[str]
    pattern: re.Pattern[str]
    handler: Handler


def compile_rules(table: Iterable[tuple], handlers: Mapping[str, Callable[..., Any]]) -> tuple[Rule, ...]:
    """Rows (trigger words, pattern, handler name[, parameters]). A row with parameters names a handler
    factory and calls it with them; parameter "case" instead makes the pattern case-sensitive (every
    other pattern ignores case)."""
    rules = []
    for triggers, pattern, name, *rest in table:
        params = dict(rest[0]) if rest else {}
        flags = 0 if params.pop("case", False) else re.IGNORECASE
        handler = handlers[name](**params) if params else handlers[name]
        rules.append(Rule(frozenset(triggers.split()), re.compile(pattern, flags), handler))
    return tuple(rules)


def trigger_words(rules: Iterable[Rule]) -> frozenset[str]:
    return frozenset().union(*(rule.triggers for rule in rules))


def text_words(text: str) -> set[str]:
    """The words trigger sets are checked against."""
    return set(words(text, LETTERS))


def apply_rules(rules: Iterable[Rule], text: str, found_words: set[str]) -> Iterator[tuple[int, int, Any]]:
    """(position, rule index, item) for every item the rules find, rule by rule in table order."""
    for order, rule in enumerate(rules):
        if rule.triggers.isdisjoint(found_words):
            continue
        for m in rule.pattern.finditer(text):
            for pos, item in rule.handler(text, m):
                yield pos, order, item
