"""The workload's vocabulary, kept apart from the generator.

``values`` holds what facts are about (names, places, tools, ...) and is shared. A phrasing family is
a folder of three data modules (``personal``, ``work``, ``talk``) that together define the same names
(``PERSONAL``, ``PROJECT``, ``CONTACT``, ``CHANGEABLE``, ``HABIT_FRAMES``, ``HABIT_QUESTIONS``,
``PREFIXES``, ``SUFFIXES``, ``EXPANSIONS``, ``PAST_EVENTS``, ``FUTURE_EVENTS``, ``PAST_FRAMES``,
``FUTURE_FRAMES``, ``DISTRACTORS``, ``FILLER_USER``, ``FILLER_ASSISTANT``, ``FILLER_CHAT``,
``TASK_FRAMES``). ``conversational`` (first-person chat) ships with the package: the scale workload
and the committed sample are worded in it. The others are benchmark data, not product: they live in
the repository's ``benchmarks/families/`` folder and are read from a checkout. ``plain`` says the
same facts the way a mix of people and an assistant's notes would; ``messy`` the way people really
type into a chat; ``narrative`` in longer messages and journal-like notes; ``asides`` in passing
while asking an assistant for help (the last three written apart from the rules).
``WorkloadSpec.phrasing`` names the family a workload is worded in. This module holds what the data
modules are spelled with, and the lookup of a family by name.
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import ModuleType

FAMILIES = ("conversational", "plain", "messy", "narrative", "asides")
PACKAGED = ("conversational",)
PARTS = ("personal", "work", "talk")
# Where the other families live: the repository's benchmarks folder, beside the package (a checkout).
CHECKOUT_FAMILIES = Path(__file__).resolve().parents[4] / "benchmarks" / "families"


class FamilyUnavailable(ValueError):
    """A family that is benchmark data, asked for where only the installed package is."""


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


def family_files(name: str) -> list[Path]:
    """The data modules a family is made of, wherever it lives."""
    if name not in FAMILIES:
        raise ValueError(f"unknown phrasing family {name!r}; choose from {', '.join(FAMILIES)}")
    folder = Path(__file__).parent / name if name in PACKAGED else CHECKOUT_FAMILIES / name
    return [folder / f"{part}.py" for part in PARTS]


def available(name: str) -> bool:
    """Whether ``family(name)`` can load here (the benchmark families need a repository checkout)."""
    return all(p.is_file() for p in family_files(name))


@cache
def family(name: str) -> ModuleType:
    """The phrasing family called ``name`` (one of ``FAMILIES``): its parts' names in one module."""
    files = family_files(name)
    if not available(name):
        raise FamilyUnavailable(
            f"phrasing family {name!r} is benchmark data kept in the repository (benchmarks/families/{name}/), "
            "not in the installed package: run from a checkout"
        )
    merged = ModuleType(f"{__name__}.{name}", f"The {name} phrasing family.")
    for path in files:
        part = _load(name, path)
        merged.__dict__.update({k: v for k, v in vars(part).items() if k.isupper()})
    return merged


def _load(name: str, path: Path) -> ModuleType:
    if name in PACKAGED:
        return importlib.import_module(f"{__name__}.{name}.{path.stem}")
    # Loaded by path: the benchmarks folder is data beside the package, not an importable package.
    spec = importlib.util.spec_from_file_location(f"benchmarks.families.{name}.{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
