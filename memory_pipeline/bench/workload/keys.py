"""Project and contact facts as one numbered key space, so a user never states the same one twice."""

from __future__ import annotations

import random

from memory_pipeline.bench.workload.vocab import FactType
from memory_pipeline.bench.workload.vocab import conversational as phrasing
from memory_pipeline.bench.workload.vocab.values import CODENAMES, COMPONENTS, FIRST_NAMES

_PROJECT_TYPES = tuple(phrasing.PROJECT.values())
_CONTACT_TYPES = tuple(phrasing.CONTACT.values())
_N_PROJECT_KEYS = len(CODENAMES) * len(COMPONENTS) * len(_PROJECT_TYPES)
_N_KEYS = _N_PROJECT_KEYS + len(FIRST_NAMES) * len(_CONTACT_TYPES)


def _decode_key(k: int) -> tuple[str, FactType, bool]:
    if k < _N_PROJECT_KEYS:
        k, a = divmod(k, len(_PROJECT_TYPES))
        c, m = divmod(k, len(COMPONENTS))
        return f"{CODENAMES[c]} {COMPONENTS[m]}", _PROJECT_TYPES[a], False
    k, a = divmod(k - _N_PROJECT_KEYS, len(_CONTACT_TYPES))
    return FIRST_NAMES[k], _CONTACT_TYPES[a], True


class KeySpace:
    """Project and contact facts, each used at most once per user so that groups never overlap."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.seen: set[int] = set()
        self.rest: list[int] | None = None
        self.unfit: list[int] = []  # drawn for a chain but not changeable: left for plain groups

    def _draw(self) -> int | None:
        if self.rest is None:
            if len(self.seen) < _N_KEYS // 3:
                while True:  # sparse: rejection is cheap and needs no per-user list
                    k = self.rng.randrange(_N_KEYS)
                    if k not in self.seen:
                        self.seen.add(k)
                        return k
            # Dense (heavy users): shuffle what is left once and walk it.
            self.rest = [k for k in range(_N_KEYS) if k not in self.seen]
            self.rng.shuffle(self.rest)
        return self.rest.pop() if self.rest else None

    def next_key(self, changeable: bool = False) -> tuple[str, FactType, bool] | None:
        if not changeable and self.unfit:
            return _decode_key(self.unfit.pop())
        for _ in range(16):
            k = self._draw()
            if k is None:
                return None
            key = _decode_key(k)
            if not changeable or key[1].change_frames:
                return key
            self.unfit.append(k)
        return None
