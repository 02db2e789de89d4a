"""The workload's vocabulary, kept apart from the generator.

``values`` holds what facts are about (names, places, tools, ...) and is shared. Each phrasing family
is one data module defining the same names (``PERSONAL``, ``PROJECT``, ``CONTACT``, ``CHANGEABLE``,
``HABIT_FRAMES``, ``HABIT_QUESTIONS``, ``PREFIXES``, ``SUFFIXES``, ``EXPANSIONS``, ``PAST_EVENTS``,
``FUTURE_EVENTS``, ``PAST_FRAMES``, ``FUTURE_FRAMES``, ``DISTRACTORS``, ``FILLER_USER``,
``FILLER_ASSISTANT``, ``FILLER_CHAT``, ``TASK_FRAMES``); ``conversational`` is the only one so far.
This module only holds what those data modules are spelled with.
"""

from __future__ import annotations

from dataclasses import dataclass


def words(s: str) -> tuple[str, ...]:
    """A "|"-separated list, so long lists stay readable in the data modules."""
    return tuple(x.strip() for x in s.split("|") if x.strip())


@dataclass(frozen=True, slots=True)
class FactType:
    slot: str
    namespace: str
    frames: tuple[str, ...]
    change_frames: tuple[str, ...]
    questions: tuple[str, ...]


def fact_type(slot: str, ns: str, frames: str, changes: str, questions: str) -> FactType:
    return FactType(slot, ns, words(frames), words(changes), words(questions))
