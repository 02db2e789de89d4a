"""The workload's vocabulary, kept apart from the generator.

``values`` holds what facts are about (names, places, tools, ...) and is shared. Each phrasing family
is one data module defining the same names (``PERSONAL``, ``PROJECT``, ``CONTACT``, ``CHANGEABLE``,
``HABIT_FRAMES``, ``HABIT_QUESTIONS``, ``PREFIXES``, ``SUFFIXES``, ``EXPANSIONS``, ``PAST_EVENTS``,
``FUTURE_EVENTS``, ``PAST_FRAMES``, ``FUTURE_FRAMES``, ``DISTRACTORS``, ``FILLER_USER``,
``FILLER_ASSISTANT``, ``FILLER_CHAT``, ``TASK_FRAMES``). ``conversational`` (first-person chat) is
the default; ``plain`` says the same facts the way a mix of people and an assistant's notes would;
``messy`` says them the way people really type into a chat (informal, abbreviated, run-on, the fact
mid-sentence or only implied), a held-out check on wording nobody tuned the rules on; ``narrative``
says the same facts the way people write longer messages and journal-like notes (stories, reported
events, changes told as events), a held-out family written apart from the rules; ``asides`` says them
in passing while the user asks an assistant for help with some task (drafting, planning, debugging),
changes mentioned inside the request, another held-out family written apart from the rules.
``WorkloadSpec.phrasing`` names the family a workload is worded in. This module only holds what those
data modules are spelled with, and the lookup of a family by name.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType

FAMILIES = ("conversational", "plain", "messy", "narrative", "asides")


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


def family(name: str) -> ModuleType:
    """The phrasing family module called ``name`` (one of ``FAMILIES``)."""
    if name not in FAMILIES:
        raise ValueError(f"unknown phrasing family {name!r}; choose from {', '.join(FAMILIES)}")
    return importlib.import_module(f"{__name__}.{name}")
