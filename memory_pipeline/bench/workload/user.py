"""One user from start to end: the plan (pinned facts, chains, groups, singletons, filler), then the
records and the balanced question subset."""

from __future__ import annotations

from datetime import timedelta

from memory_pipeline.bench.workload.facts import FactWriter
from memory_pipeline.bench.workload.keys import KeySpace
from memory_pipeline.bench.workload.records import GenMemory, Question, UserTruth, WorkloadSpec
from memory_pipeline.bench.workload.singletons import SingletonWriter
from memory_pipeline.bench.workload.vocab.values import COMPANIES, FIRST_NAMES, HABITS, LAST_NAMES
from memory_pipeline.bench.workload.wording import pround


class _User(FactWriter, SingletonWriter):
    """One user's generator: the plan decides what goes where, the writers fill positions in."""

    def build(self) -> tuple[list[GenMemory], UserTruth]:
        rng, n = self.rng, self.n
        persona = self._persona()
        stable, keys, budget_para = self._chains(persona)
        self._groups(persona, stable, keys, budget_para)
        for _ in range(pround(rng, 0.025 * n)):
            self._distractor_pair()
        for _ in range(pround(rng, 0.06 * n)):
            self._temporal()
        for _ in range(pround(rng, 0.12 * n)):
            self._task()
        self._filler()
        return self._emit(), self._finish_truth()

    def _chains(self, persona: dict[str, str]) -> tuple[list[str], KeySpace, int]:
        """Pinned facts, then supersession chains. Returns the personal slots left for plain groups,
        the project / contact key space and what is left of the paraphrase budget."""
        rng, n = self.rng, self.n
        pinned = {slot: vals for i, slot, vals in self.spec.pinned if i == self.index}
        personal = list(self.phrasing.PERSONAL)
        rng.shuffle(personal)
        changeable = [s for s in personal if s in self.phrasing.CHANGEABLE and s not in pinned]
        stable = [s for s in personal if s not in pinned]
        n_chains = pround(rng, 0.05 * n / 4.0)  # ~4 memories per chain: ~5% of memories
        budget_para = pround(rng, 0.34 * n)

        chained = 0
        for slot, vals in pinned.items():
            if slot not in self.phrasing.PERSONAL or (len(vals) > 1 and slot not in self.phrasing.CHANGEABLE):
                raise ValueError(f"cannot pin {slot!r} to {vals!r}")
            if len(vals) > 1:
                # A scripted story restates each value, so it reads as one.
                chained += self._chain(self.phrasing.PERSONAL[slot], slot, list(vals), profile=True, min_size=2)
                n_chains -= 1
            else:
                budget_para -= self._group(self.phrasing.PERSONAL[slot], slot, vals[0], profile=True)

        keys = KeySpace(rng, self.spec.phrasing)
        for _ in range(n_chains):
            if self.cursor >= n:
                break
            if changeable and rng.random() < 0.6:
                slot = changeable.pop()
                stable.remove(slot)
                vals = self._values(slot, persona, 2 + (rng.random() < 0.25))
                chained += self._chain(self.phrasing.PERSONAL[slot], slot, vals, profile=True)
            else:
                chained += self._project_chain(keys)
        budget_para -= chained  # a chain's versions are paraphrase groups too
        return stable, keys, budget_para

    def _groups(self, persona: dict[str, str], stable: list[str], keys: KeySpace, budget_para: int) -> None:
        """Paraphrase groups until the budget is spent: personal facts, habits, project / contact facts."""
        rng, n = self.rng, self.n
        habits = list(range(len(HABITS)))
        rng.shuffle(habits)
        habits = habits[: max(1, n // 40)] if n < 400 else habits[:12]
        keys_left = True
        while budget_para >= 2 and self.cursor < n:
            r = rng.random()
            if stable and (r < 0.55 or not (habits or keys_left)):
                slot = stable.pop()
                used = self._group(self.phrasing.PERSONAL[slot], slot, self._values(slot, persona, 1)[0], True)
            elif habits and (r < 0.8 or not keys_left):
                used = self._habit(HABITS[habits.pop()])
            elif keys_left:
                used = self._project_group(keys)
                keys_left = used > 0
            else:
                break
            budget_para -= used

    def _persona(self) -> dict[str, str]:
        rng = self.rng
        first, last = rng.choice(FIRST_NAMES), rng.choice(LAST_NAMES)
        domain = rng.choice(COMPANIES).split()[0].lower()
        return {
            "first": first,
            "email": f"{first.lower()}.{last.lower()}@{domain}.{rng.choice(('com', 'io', 'org', 'net'))}",
        }

    # ---- output ---------------------------------------------------------------------------------

    def _emit(self) -> list[GenMemory]:
        uid, times, conv = self.uid, self.times, self.conv
        out = []
        for j in range(self.n):
            c = conv[j]
            start_day = times[j] - timedelta(days=self.day[j] - self.conv_day[c])
            out.append(
                GenMemory(
                    uid,
                    f"{uid}-{j:05d}",
                    self.content[j],  # type: ignore[arg-type]
                    times[j],
                    f"{uid}-c{c:04d}",
                    f"{uid}-s{start_day:%Y%m%d}",
                    self.role[j],
                    self.ns[j],
                    self.imp[j],
                    self.meta[j] or {},
                )
            )
        return out

    def _finish_truth(self) -> UserTruth:
        # Balanced subset: take one of each kind in turn until the cap.
        cap = self.spec.questions_per_user
        kinds = [k for k in ("current", "as_of", "temporal", "fact", "habit", "project", "distractor")]
        pools = {k: list(self.questions.get(k, ())) for k in kinds}
        for p in pools.values():
            self.rng.shuffle(p)
        picked: list[Question] = []
        while len(picked) < cap and any(pools.values()):
            for k in kinds:
                if pools[k] and len(picked) < cap:
                    picked.append(pools[k].pop())
        self.truth.questions = picked
        return self.truth


def generate_user(spec: WorkloadSpec, user_index: int) -> tuple[list[GenMemory], UserTruth]:
    """One user's memories (in time order) and ground truth; depends only on spec and index."""
    return _User(spec, user_index).build()
