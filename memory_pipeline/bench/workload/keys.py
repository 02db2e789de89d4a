"""Project and contact facts as one numbered key space, so a user never states the same one twice."""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache

from memory_pipeline.bench.workload.vocab import FactType, family
from memory_pipeline.bench.workload.vocab.values import CODENAMES, COMPONENTS, FIRST_NAMES


@dataclass(frozen=True)
class _Space:
    """One family's key space: project keys first, then contact keys."""

    project_types: tuple[FactType, ...]
    contact_types: tuple[FactType, ...]

    @property
    def n_project(self) -> int:
        return len(CODENAMES) * len(COMPONENTS) * len(self.project_types)

    @property
    def n_keys(self) -> int:
        return self.n_project + len(FIRST_NAMES) * len(self.contact_types)

    def decode(self, k: int) -> tuple[str, FactType, bool]:
        if k < self.n_project:
            k, a = divmod(k, len(self.project_types))
            c, m = divmod(k, len(COMPONENTS))
            return f"{CODENAMES[c]} {COMPONENTS[m]}", self.project_types[a], False
        k, a = divmod(k - self.n_project, len(self.contact_types))
        return FIRST_NAMES[k], self.contact_types[a], True


@cache
def _space(name: str) -> _Space:
    phrasing = family(name)
    return _Space(tuple(phrasing.PROJECT.values()), tuple(phrasing.CONTACT.values()))


class KeySpace:
    """Project and contact facts, each used at most once per user so that groups never overlap."""

    def __init__(self, rng: random.Random, phrasing: str = "conversational"):
        self.rng = rng
        self.space = _space(phrasing)
        self.n_keys = self.space.n_keys
        self.seen: set[int] = set()
        self.rest: list[int] | None = None
        self.unfit: list[int] = []  # drawn for a chain but not changeable: left for plain groups

    def _draw(self) -> int | None:
        if self.rest is None:
            if len(self.seen) < self.n_keys // 3:
                while True:  # sparse: rejection is cheap and needs no per-user list
                    k = self.rng.randrange(self.n_keys)
                    if k not in self.seen:
                        self.seen.add(k)
                        return k
            # Dense (heavy users): shuffle what is left once and walk it.
            self.rest = [k for k in range(self.n_keys) if k not in self.seen]
            self.rng.shuffle(self.rest)
        return self.rest.pop() if self.rest else None

    def next_key(self, changeable: bool = False) -> tuple[str, FactType, bool] | None:
        if not changeable and self.unfit:
            return self.space.decode(self.unfit.pop())
        for _ in range(16):
            k = self._draw()
            if k is None:
                return None
            key = self.space.decode(k)
            if not changeable or key[1].change_frames:
                return key
            self.unfit.append(k)
        return None
