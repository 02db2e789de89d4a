"""One user's generation state: its timeline, the positions still free, and the writes into it."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from typing import Any

from memory_pipeline.bench.workload.records import (
    Question,
    UserTruth,
    WorkloadSpec,
    draw_count,
    user_id_for,
    user_seed,
)
from memory_pipeline.bench.workload.vocab import family
from memory_pipeline.bench.workload.wording import Deck

ACTIVE_START = 7 * 3600  # conversations happen 07:00-22:00 UTC: no midnight, dates never in doubt
ACTIVE_LEN = 15 * 3600


class UserState:
    """Mutable state while one user is generated; only its outputs outlive it."""

    def __init__(self, spec: WorkloadSpec, index: int):
        self.spec = spec
        self.index = index
        self.phrasing = family(spec.phrasing)  # the data module every sentence is worded from
        self.rng = rng = random.Random(user_seed(spec, index))
        self.n = n = draw_count(spec, index, rng)
        self.uid = user_id_for(spec, index)
        self.truth = UserTruth(self.uid, n)
        self.content: list[str | None] = [None] * n
        self.role = ["user"] * n
        self.ns = ["chat"] * n
        self.imp = [0.0] * n
        self.meta: list[dict[str, Any] | None] = [None] * n
        self.used: set[str] = set()
        self.questions: dict[str, list[Question]] = {}
        self.decks: dict[str, Deck] = {}
        self._timeline()
        self.free = list(range(n))
        rng.shuffle(self.free)
        self.cursor = 0

    # ---- time -----------------------------------------------------------------------------------

    def _timeline(self) -> None:
        rng, n, spec = self.rng, self.n, self.spec
        days = max(1, round(spec.months * 30.4375))
        active = days * ACTIVE_LEN
        sizes: list[int] = []
        total = 0
        while total < n:
            s = min(1 + int(rng.expovariate(1 / 5.0)), 30, n - total)
            sizes.append(s)
            total += s
        starts = sorted(rng.random() * active * 0.98 for _ in sizes)
        gap = min(150.0, 0.3 * active / n)
        base = spec.start.astimezone(UTC) if spec.start.tzinfo else spec.start.replace(tzinfo=UTC)
        base = base.replace(hour=0, minute=0, second=0, microsecond=0)
        times: list[datetime] = []
        conv: list[int] = []
        day_of: list[int] = []
        prev = -1
        expo = rng.expovariate
        for c, (size, st) in enumerate(zip(sizes, starts, strict=True)):
            t = st
            for _ in range(size):
                ti = max(int(t), prev + 1)  # strictly increasing across the whole user
                prev = ti
                d, s = divmod(ti, ACTIVE_LEN)
                times.append(base + timedelta(days=d, seconds=ACTIVE_START + s))
                conv.append(c)
                day_of.append(d)
                t = ti + 5 + expo(1 / gap)
        self.times, self.conv, self.day = times, conv, day_of
        self.conv_day = {}
        for c, d in zip(conv, day_of, strict=True):
            self.conv_day.setdefault(c, d)

    def take(self, k: int) -> list[int]:
        """k unclaimed random positions, in time order (fewer if the user runs out)."""
        got = self.free[self.cursor : self.cursor + k]
        self.cursor += len(got)
        got.sort()
        return got

    def ext(self, j: int) -> str:
        return f"{self.uid}-{j:05d}"

    def put(self, j: int, text: str, ns: str, imp: float, role: str = "user", meta=None) -> None:
        self.content[j] = text
        self.ns[j] = ns
        self.imp[j] = imp
        self.role[j] = role
        self.meta[j] = meta
        self.used.add(text)

    def deck(self, name: str, items: tuple) -> Deck:
        d = self.decks.get(name)
        if d is None:
            d = self.decks[name] = Deck(self.rng, items)
        return d

    def ask(self, kind: str, q: Question) -> None:
        self.questions.setdefault(kind, []).append(q)
