"""One-off memories of one user: relative-date statements, distractor pairs, tasks and chat filler."""

from __future__ import annotations

from datetime import timedelta

from memory_pipeline.bench.workload.records import Question
from memory_pipeline.bench.workload.state import UserState
from memory_pipeline.bench.workload.vocab.values import (
    BOOKS,
    CITIES,
    CODENAMES,
    COMPANIES,
    COMPONENTS,
    CONCEPTS,
    DISHES,
    FIRST_NAMES,
    MEETINGS,
    MONTHS,
    PLACES,
    RELATIVES,
    TASKS,
    TEAMS,
    UTILITIES,
    WEEKDAYS,
)
from memory_pipeline.bench.workload.wording import (
    NAMED_START,
    cap,
    filler_frames,
    future_expressions,
    past_expressions,
    say,
    vary,
)


class SingletonWriter(UserState):
    """The one-off items of a user's plan, and the filler that takes every position left."""

    def _fill_kw(self) -> dict[str, str]:
        rng = self.rng
        return {
            "p": f"{rng.choice(CODENAMES)} {rng.choice(COMPONENTS)}",
            "name": rng.choice(FIRST_NAMES),
            "book": rng.choice(BOOKS),
            "rel": rng.choice(RELATIVES),
            "company": rng.choice(COMPANIES),
            "utility": rng.choice(UTILITIES),
            "concept": rng.choice(CONCEPTS),
            "city": rng.choice(CITIES),
            "team": rng.choice(TEAMS),
            "dish": rng.choice(DISHES),
        }

    def _temporal(self) -> None:
        rng = self.rng
        pos = self.take(1)
        if not pos:
            return
        j = pos[0]
        when = self.times[j]
        for _ in range(6):
            if rng.random() < 0.7:
                expr, off = rng.choice(past_expressions(when))
                vp, q = self.deck("past", self.phrasing.PAST_EVENTS).draw()
                frame = rng.choice(self.phrasing.PAST_FRAMES)
            else:
                expr, off = rng.choice(future_expressions(when))
                vp, q = self.deck("future", self.phrasing.FUTURE_EVENTS).draw()
                frame = rng.choice(self.phrasing.FUTURE_FRAMES)
            kw = self._fill_kw()
            vp = vp.format(**kw)
            shown = cap(expr) if frame.startswith("{Expr}") else expr
            text = frame.format(expr=expr, Expr=cap(expr), vp=vp, Vp=cap(vp))
            if text not in self.used:
                break
        resolved = (when.date() + timedelta(days=off)).isoformat()
        self.put(j, text, "personal", round(0.3 + rng.random() * 0.4, 2))
        self.truth.temporal.append((self.ext(j), shown, resolved))
        self.ask("temporal", Question(self.uid, q.format(**kw), (self.ext(j),), resolved, None, "temporal"))

    def _distractor_pair(self) -> None:
        pair = self._distractor_positions()
        if pair is None:
            return
        a, b = pair
        ta, tb = self.times[a], self.times[b]

        def fits(d) -> bool:
            h = d[2]
            return h is None or (h[0] <= ta.hour < h[1] and h[0] <= tb.hour < h[1])

        for _ in range(10):
            row = self.deck("distractor", self.phrasing.DISTRACTORS).draw(fits)
            kind, tmpl, *_ = row
            kw = self._distractor_kw()
            x1, x2 = self._distractor_values(kind, tmpl)
            t1 = tmpl.format(x=x1, **kw)
            t2 = tmpl.format(x=x2, **kw)
            if t1 in self.used or t2 in self.used:
                continue
            self._put_distractor(a, b, (t1, t2), row, kw, x1)
            return
        self.free.extend((a, b))

    def _distractor_positions(self) -> tuple[int, int] | None:
        """Two free positions on different days, or None (positions not kept go back)."""
        pos = self.take(2)
        if len(pos) < 2:
            return None
        a, b = pos
        # Both must be true: day-scoped texts need different days, so look further for a partner.
        for _ in range(8):
            if self.day[a] != self.day[b]:
                break
            more = self.take(1)
            if not more:
                break
            self.free.append(b)  # the skipped position goes back for later items
            a, b = sorted((a, more[0]))
        if self.day[a] == self.day[b]:
            self.free.extend((a, b))
            return None
        return a, b

    def _distractor_kw(self) -> dict[str, str]:
        rng = self.rng
        kw = self._fill_kw()
        kw.update(
            code=rng.choice(CODENAMES).upper()[:4],
            what=rng.choice(MEETINGS),
            day=rng.choice(WEEKDAYS[:5]),
            place=rng.choice(PLACES),
            amount=f"{rng.randint(12, 95)} euros",
        )
        return kw

    def _distractor_values(self, kind: str, tmpl: str) -> tuple[str, str]:
        """The two values of {x}: the pair's only difference."""
        rng = self.rng
        if kind == "number":
            lo, hi = (4, 10) if "hours" in tmpl else (3, 21) if " km " in tmpl else (100, 9999)
            x1, x2 = (str(v) for v in rng.sample(range(lo, hi), 2))
        elif kind == "date":
            d = rng.randint(1, 28)
            m1, m2 = rng.sample(MONTHS, 2)
            x1, x2 = f"{m1} {d}", f"{m2} {d}"
        elif kind == "name":
            x1, x2 = rng.sample(FIRST_NAMES, 2)
        else:
            x1, x2 = ("", "not ") if rng.random() < 0.5 else ("not ", "")
        return x1, x2

    def _put_distractor(
        self, a: int, b: int, texts: tuple[str, str], row: tuple, kw: dict[str, str], x1: str
    ) -> None:
        rng = self.rng
        kind, tmpl, _, expr, off, qtext, qslot = row
        t1, t2 = texts
        # The same surface variation on both, so the pair still differs in one thing only.
        state = rng.getstate()
        lowerable = not tmpl.startswith(NAMED_START)
        t1 = vary(rng, t1, lowerable, self.phrasing)
        rng.setstate(state)
        t2 = vary(rng, t2, lowerable, self.phrasing)
        ns = "personal" if expr else "work"
        self.put(a, t1, ns, round(0.4 + rng.random() * 0.3, 2))
        self.put(b, t2, ns, round(0.4 + rng.random() * 0.3, 2))
        ea, eb = self.ext(a), self.ext(b)
        self.truth.distractor_pairs.append((ea, eb, kind))
        if expr:
            for j, t in ((a, t1), (b, t2)):
                shown = expr if expr in t else cap(expr)
                resolved = (self.times[j].date() + timedelta(days=off)).isoformat()
                self.truth.temporal.append((self.ext(j), shown, resolved))
        if qtext:
            self.ask(
                "distractor",
                Question(self.uid, qtext.format(x=x1, **kw), (ea,), kw[qslot], None, "distractor"),
            )

    def _task(self) -> None:
        rng = self.rng
        pos = self.take(1)
        if not pos:
            return
        for _ in range(6):
            kw = self._fill_kw()
            kw["task"] = self.deck("task", TASKS).draw()
            text = say(rng, rng.choice(self.phrasing.TASK_FRAMES), kw, self.phrasing)
            if text not in self.used:
                break
        self.put(pos[0], text, "work", round(0.4 + rng.random() * 0.3, 2), meta={"tags": ["todo"]})

    def _filler(self) -> None:
        rng = self.rng
        content, used = self.content, self.used
        user_filler, assistant_filler, chat_filler = filler_frames(self.spec.phrasing)
        for j in range(self.n):
            if content[j] is not None:
                continue
            for _ in range(8):
                r = rng.random()
                frames, role = (
                    (user_filler, "user")
                    if r < 0.45
                    else (assistant_filler, "assistant")
                    if r < 0.88
                    else (chat_filler, "user")
                )
                frame, fields = rng.choice(frames)
                kw: dict[str, str] = {}
                for pool, names in fields:
                    if len(names) == 1:
                        kw[names[0]] = rng.choice(pool)
                    else:
                        kw.update(zip(names, rng.sample(pool, len(names)), strict=True))
                text = frame.format_map(kw)
                if text not in used:
                    break
            used.add(text)
            content[j] = text
            self.role[j] = role
            self.imp[j] = round(0.05 + rng.random() * 0.3, 2)
