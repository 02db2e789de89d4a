"""Planned facts of one user: paraphrase groups, supersession chains, project and contact facts, habits."""

from __future__ import annotations

from collections.abc import Callable

from memory_pipeline.bench.workload.keys import KeySpace
from memory_pipeline.bench.workload.records import Question
from memory_pipeline.bench.workload.state import UserState
from memory_pipeline.bench.workload.vocab import FactType
from memory_pipeline.bench.workload.vocab.values import (
    ALLERGIES,
    CI_TOOLS,
    CITIES,
    CLOUDS,
    COMPANIES,
    DATABASES,
    DIETS,
    DRINKS,
    EDITORS,
    FIRST_NAMES,
    FOODS,
    HOBBIES,
    LANGUAGES,
    NUMBER_WORDS,
    OSES,
    PET_KINDS,
    PROMOTIONS,
    QUEUES,
    TEAMS,
    TITLES,
)
from memory_pipeline.bench.workload.wording import article, cap, month_day, say


class FactWriter(UserState):
    """The facts of a user's plan: each call claims positions and records the ground truth it makes."""

    def _values(self, slot: str, persona: dict[str, str], k: int) -> list[str]:
        """k successive values for a personal slot (a chain when k > 1)."""
        rng = self.rng
        if slot == "pets":
            kind = rng.randrange(len(PET_KINDS))
            c = rng.randint(1, 3)
            return [f"{c + i} {PET_KINDS[kind][0] if c + i == 1 else PET_KINDS[kind][1]}" for i in range(k)]
        if slot == "job_title":
            vals = [rng.choice(TITLES)]
            while len(vals) < k:
                nxt = PROMOTIONS.get(vals[-1]) or rng.choice([t for t in TITLES if t not in vals])
                vals.append(nxt if nxt not in vals else rng.choice([t for t in TITLES if t not in vals]))
            return vals
        if slot == "email":
            return [persona["email"]]
        if slot == "birthday":
            return [month_day(rng)]
        if slot == "partner":
            return [rng.choice([x for x in FIRST_NAMES if x != persona["first"]])]
        pool = {
            "location": CITIES,
            "employer": COMPANIES,
            "editor": EDITORS,
            "language": LANGUAGES,
            "os": OSES,
            "drink": DRINKS,
            "diet": DIETS,
            "hometown": CITIES,
            "allergy": ALLERGIES,
            "hobby": HOBBIES,
            "food": FOODS,
        }[slot]
        return rng.sample(pool, k)

    def _surface(self, slot: str, value: str) -> dict[str, str]:
        """Format fields for a value; pets may be spelled out ("two cats")."""
        kw = {"v": value, "av": article(value)}
        if slot == "pets":
            c, noun = value.split(" ", 1)
            ci = int(c)
            if ci == 1:
                kw["v"] = self.rng.choice(("a ", "one ")) + noun
            elif self.rng.random() < 0.5:
                kw["v"] = f"{NUMBER_WORDS[ci]} {noun}"
            kw["kind"] = noun if ci == 1 else next(k[0] for k in PET_KINDS if k[1] == noun)
        return kw

    def _group_statements(
        self,
        ft: FactType,
        positions: list[int],
        kw_for: Callable[[], dict[str, str]],
        change: str = "",
        imp: float = 0.6,
    ) -> None:
        """State one fact at the given positions in different words (first one may be a change)."""
        rng = self.rng
        k = len(positions)
        frames = rng.sample(ft.frames, min(k, len(ft.frames)))
        prev = ""
        for i, j in enumerate(positions):
            if i == 0 and change:
                text = say(rng, change, kw_for(), self.phrasing)
            elif prev and rng.random() < 0.08:
                text = prev  # an exact repeat is a duplicate too
            else:
                text = say(rng, frames[i % len(frames)], kw_for(), self.phrasing)
            self.put(j, text, ft.namespace, round(min(1.0, imp + rng.random() * 0.3), 2))
            prev = text

    def _group(self, ft: FactType, slot: str, value: str, profile: bool) -> int:
        pos = self.take(self.rng.choices((2, 3, 4, 5, 6), cum_weights=(30, 60, 80, 92, 100))[0])
        if not pos:
            return 0
        self._group_statements(ft, pos, lambda: self._surface(slot, value))
        ids = tuple(self.ext(j) for j in pos)
        if len(ids) > 1:
            self.truth.paraphrase_groups.append(ids)
        if profile:
            self.truth.profile[slot] = value
            q = self.rng.choice(ft.questions)
            self.ask("fact", Question(self.uid, q, ids, value, None, "fact"))
        return len(pos)

    def _chain(
        self, ft: FactType, slot: str, values: list[str], profile: bool, p: str = "", min_size: int = 1
    ) -> int:
        """Values stated in order; each new value opens with a change statement."""
        rng = self.rng
        sizes = [max(min_size, rng.choices((1, 2, 3), cum_weights=(35, 75, 100))[0]) for _ in values]
        pos = self.take(sum(sizes))
        if len(pos) < len(values):
            self.cursor -= len(pos)  # give them back; too few positions for a chain
            self.free[self.cursor : self.cursor + len(pos)] = pos
            return 0
        # Shrink the last versions if the user ran out of positions.
        while sum(sizes) > len(pos):
            sizes[max(range(len(sizes)), key=lambda i: sizes[i])] -= 1
        versions: list[tuple[str, ...]] = []
        at = 0
        for vi, (value, size) in enumerate(zip(values, sizes, strict=True)):
            vpos = pos[at : at + size]
            at += size

            def kw(value=value, vi=vi) -> dict[str, str]:
                d = self._surface(slot, value)
                d["p"] = p
                if vi:
                    d["old"] = values[vi - 1]
                return d

            change = rng.choice(ft.change_frames) if vi else ""
            self._group_statements(ft, vpos, kw, change, imp=0.75 if vi else 0.6)
            ids = tuple(self.ext(j) for j in vpos)
            if len(ids) > 1:
                self.truth.paraphrase_groups.append(ids)
            if versions:
                for newer in ids:
                    for older in versions[-1]:
                        self.truth.supersessions.append((newer, older, slot if not p else f"{p}/{slot}"))
                # Between the last old statement and the change: the old value was true then.
                t_old = self.times[pos[at - size - 1]]
                t_new = self.times[vpos[0]]
                q = rng.choice(ft.questions).format(p=p)
                self.ask(
                    "as_of",
                    Question(self.uid, q, versions[-1], values[vi - 1], t_old + (t_new - t_old) / 2, "as_of"),
                )
            versions.append(ids)
        q = rng.choice(ft.questions).format(p=p)
        self.ask("current", Question(self.uid, q, versions[-1], values[-1], None, "current"))
        if profile:
            self.truth.profile[slot] = values[-1]
        return len(pos)

    def _project_value(self, ft_slot: str, contact: bool, k: int) -> list[str]:
        rng = self.rng
        if contact:
            pool = {"team": TEAMS, "city": CITIES}.get(ft_slot)
            if pool is None:
                return [month_day(rng)]
            return rng.sample(pool, k)
        if ft_slot == "deadline":
            vals: list[str] = []
            while len(vals) < k:
                d = month_day(rng)
                if d not in vals:
                    vals.append(d)
            return vals
        if ft_slot == "budget":
            amounts = rng.sample(range(10, 400, 5), k)
            return [f"${a}k" for a in amounts]
        if ft_slot == "owner":
            return rng.sample(FIRST_NAMES, k)
        pool = {
            "database": DATABASES,
            "queue": QUEUES,
            "cloud": CLOUDS,
            "language": LANGUAGES,
            "ci": CI_TOOLS,
        }[ft_slot]
        return rng.sample(pool, k)

    def _project_chain(self, keys: KeySpace) -> int:
        key = keys.next_key(changeable=True)
        if key is None:
            return 0
        entity, ft, contact = key
        vals = self._project_value(ft.slot, contact, 2 + (self.rng.random() < 0.2))
        return self._chain(ft, ft.slot, vals, profile=False, p=entity)

    def _project_group(self, keys: KeySpace) -> int:
        key = keys.next_key()
        if key is None:
            return 0
        entity, ft, contact = key
        value = self._project_value(ft.slot, contact, 1)[0]
        pos = self.take(self.rng.choices((2, 3, 4, 5), cum_weights=(40, 75, 92, 100))[0])
        if not pos:
            return 0
        self._group_statements(ft, pos, lambda: {"v": value, "p": entity}, imp=0.5)
        ids = tuple(self.ext(j) for j in pos)
        if len(ids) > 1:
            self.truth.paraphrase_groups.append(ids)
        q = self.rng.choice(ft.questions).format(p=entity)
        self.ask("project", Question(self.uid, q, ids, value, None, "project"))
        return len(pos)

    def _habit(self, habit: tuple[str, str, str]) -> int:
        rng = self.rng
        vp, ger, tp = habit
        k = rng.choices((2, 3, 4, 5, 6), cum_weights=(20, 50, 75, 90, 100))[0]
        pos = self.take(k)
        if not pos:
            return 0
        with_outcome = rng.random() < 0.4
        p_success = rng.choice((0.9, 0.8, 0.3)) if with_outcome else 0.0
        kw = {"vp": vp, "ger": ger, "tp": tp, "Tp": cap(tp), "Ger": cap(ger)}
        frames = rng.sample(self.phrasing.HABIT_FRAMES, min(len(pos), len(self.phrasing.HABIT_FRAMES)))
        wins = 0
        for i, j in enumerate(pos):
            meta = None
            if with_outcome:
                ok = rng.random() < p_success
                wins += ok
                meta = {"outcome": "success" if ok else "failure"}
            text = say(rng, frames[i], kw, self.phrasing)
            self.put(j, text, "personal", round(0.4 + rng.random() * 0.3, 2), meta=meta)
        ids = tuple(self.ext(j) for j in pos)
        if len(ids) > 1:
            self.truth.paraphrase_groups.append(ids)
        canonical = f"{vp} {tp}"
        if len(pos) >= 3 and (not with_outcome or wins / len(pos) > 0.6):
            self.truth.profile.setdefault("habits", []).append(canonical)
            q = rng.choice(self.phrasing.HABIT_QUESTIONS).format(tp=tp)
            self.ask("habit", Question(self.uid, q, ids, canonical, None, "habit"))
        return len(pos)
