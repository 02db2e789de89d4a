"""The benchmark workload: reproducible, scaled as asked, and its ground truth consistent."""

from __future__ import annotations

import difflib
import hashlib
import json
import re
import shutil
import statistics
import string
import subprocess
import sys
from dataclasses import replace
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest

from memory_pipeline.bench import make_sample
from memory_pipeline.bench import workload as wl
from memory_pipeline.bench.workload import (
    GenMemory,
    Workload,
    WorkloadSpec,
    generate,
    generate_user,
    questions_for_eval,
    user_memory_count,
    write_jsonl,
)
from memory_pipeline.bench.workload.vocab import FAMILIES, family, words
from memory_pipeline.bench.workload.vocab import values as vocab

SPEC_1K = WorkloadSpec(n_users=10, memories_per_user=75, seed=11)


@pytest.fixture(scope="module", params=FAMILIES)
def spec1k(request) -> WorkloadSpec:
    """The same spec worded in each phrasing family: every ground-truth invariant holds for each."""
    return replace(SPEC_1K, phrasing=request.param)


@pytest.fixture(scope="module")
def w1k(spec1k) -> tuple[list[GenMemory], wl.GroundTruth]:
    w = generate(spec1k)
    memories = list(w.iter_memories())
    return memories, w.truth


@pytest.fixture(scope="module")
def by_ext(w1k) -> dict[str, GenMemory]:
    return {m.external_id: m for m in w1k[0]}


# --- an independent reading of the relative dates the generator writes ---------------------------

_NUM = {"a": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}
_FIXED = {
    "yesterday": -1,
    "the day before yesterday": -2,
    "last night": -1,
    "today": 0,
    "earlier today": 0,
    "this morning": 0,
    "this afternoon": 0,
    "this evening": 0,
    "tonight": 0,
    "tomorrow": 1,
    "the day after tomorrow": 2,
}
_DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
TEMPORAL_RE = re.compile(
    r"\b(the day before yesterday|the day after tomorrow|yesterday|today|tonight|tomorrow|last night|"
    r"this (?:morning|afternoon|evening)|(?:\d+|a|one|two|three|four|five|six|seven) (?:days?|weeks?) ago|"
    r"in (?:\d+|one|two|three|four|five|six|seven) (?:days?|weeks?)|(?:last|next) (?:"
    + "|".join(_DAYS)
    + r"))\b",
    re.IGNORECASE,
)


def resolve(expr: str, today: date) -> date:
    e = expr.lower()
    if e in _FIXED:
        return today + timedelta(days=_FIXED[e])
    if m := re.fullmatch(r"(\w+) (day|week)s? ago", e):
        n = int(m[1]) if m[1].isdigit() else _NUM[m[1]]
        return today - timedelta(days=n * (7 if m[2] == "week" else 1))
    if m := re.fullmatch(r"in (\w+) (day|week)s?", e):
        n = int(m[1]) if m[1].isdigit() else _NUM[m[1]]
        return today + timedelta(days=n * (7 if m[2] == "week" else 1))
    if m := re.fullmatch(r"(last|next) (\w+)", e):
        target = _DAYS.index(m[2])
        step = -1 if m[1] == "last" else 1
        d = today + timedelta(days=step)
        while d.weekday() != target:
            d += timedelta(days=step)
        return d
    raise AssertionError(f"unknown expression {expr!r}")


# --- reproducibility ------------------------------------------------------------------------------


def test_same_seed_same_output_and_different_seed_differs(w1k, spec1k):
    memories, truth = w1k
    again = generate(spec1k)
    assert [m.to_json() for m in again.iter_memories()] == [m.to_json() for m in memories]
    assert again.truth == truth
    other = [m.content for m in generate(replace(spec1k, seed=12)).iter_memories()]
    assert other != [m.content for m in memories]


@pytest.mark.parametrize("phrasing", FAMILIES)
def test_users_are_independent_of_each_other_and_of_the_user_count(phrasing):
    small = WorkloadSpec(n_users=5, memories_per_user=40, seed=3, phrasing=phrasing)
    large = WorkloadSpec(n_users=50, memories_per_user=40, seed=3, phrasing=phrasing)
    a, ta = generate_user(small, 4)
    b, tb = generate_user(large, 4)
    assert [m.to_json() for m in a] == [m.to_json() for m in b]
    assert ta == tb
    users = list(generate(small).iter_users())
    assert [m.to_json() for m in users[4][0]] == [m.to_json() for m in a]


# --- scaling --------------------------------------------------------------------------------------


def test_counts_follow_the_spec():
    spec = WorkloadSpec(n_users=2000, memories_per_user=60, heavy_users=(5000,), seed=1)
    counts = [user_memory_count(spec, i) for i in range(spec.n_users)]
    assert 0.9 * 60 <= statistics.median(counts) <= 1.1 * 60
    assert max(counts) > 3 * 60 and min(counts) < 60 / 3  # skewed, not flat
    assert user_memory_count(spec, spec.n_users) == 5000
    assert Workload(spec).total_memories() == sum(counts) + 5000

    target = WorkloadSpec.for_total(100_000, n_users=2000, seed=1)
    assert 0.9 * 100_000 <= Workload(target).total_memories() <= 1.1 * 100_000


@pytest.mark.parametrize("phrasing", FAMILIES)
def test_generated_counts_match_and_heavy_user_is_consistent(phrasing):
    spec = WorkloadSpec(n_users=3, memories_per_user=30, heavy_users=(8000,), seed=5, phrasing=phrasing)
    for i in range(4):
        memories, truth = generate_user(spec, i)
        assert len(memories) == user_memory_count(spec, i) == truth.n_memories
    # The heavy user exhausts the sparse key draw and walks the rest: groups must still be disjoint.
    members = [e for g in truth.paraphrase_groups for e in g]
    assert len(members) == len(set(members))
    assert len(truth.paraphrase_groups) > 600




# --- records --------------------------------------------------------------------------------------


def test_records_are_well_formed(w1k):
    memories, _ = w1k
    assert len({m.external_id for m in memories}) == len(memories)
    last: dict[str, datetime] = {}
    start, end = SPEC_1K.start, SPEC_1K.start + timedelta(days=SPEC_1K.months * 31 + 2)
    for m in memories:
        assert m.created_at.tzinfo is not None and m.created_at.utcoffset() == timedelta(0)
        assert start <= m.created_at <= end
        assert m.created_at > last.get(m.user_id, start - timedelta(days=1))  # strictly increasing
        last[m.user_id] = m.created_at
        assert m.role in ("user", "assistant")
        assert 0.0 <= m.importance <= 1.0
        assert m.external_id.startswith(m.user_id) and m.conversation_id.startswith(m.user_id)
        row = m.to_json()
        assert set(row) == {
            "user_id",
            "content",
            "external_id",
            "created_at",
            "conversation_id",
            "session_id",
            "role",
            "namespace",
            "importance",
            "metadata",
        }
        assert datetime.fromisoformat(row["created_at"]) == m.created_at
        json.dumps(row)


def test_write_jsonl_round_trips(tmp_path, w1k):
    memories, _ = w1k
    path = tmp_path / "w.jsonl"
    assert write_jsonl(memories[:50], path) == 50
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert rows == [m.to_json() for m in memories[:50]]


# --- ground truth ---------------------------------------------------------------------------------


def test_every_truth_id_exists_and_belongs_to_its_user(w1k, by_ext):
    _, truth = w1k

    def same_user(ids):
        users = {by_ext[e].user_id for e in ids}
        assert len(users) == 1, ids

    for g in truth.paraphrase_groups:
        same_user(g)
    for newer, older, _ in truth.supersessions:
        same_user((newer, older))
    for a, b, _ in truth.distractor_pairs:
        same_user((a, b))
    for e, _, _ in truth.temporal:
        assert e in by_ext
    for q in truth.questions:
        assert q.answer_ext_ids
        assert {by_ext[e].user_id for e in q.answer_ext_ids} == {q.user_id}
    assert set(truth.profiles) == {m.user_id for m in by_ext.values()}


def test_mix_is_roughly_as_specified(w1k):
    memories, truth = w1k
    n = len(memories)
    para = {e for g in truth.paraphrase_groups for e in g}
    sup = {e for t in truth.supersessions for e in t[:2]}
    temp = {t[0] for t in truth.temporal}
    dis = {e for t in truth.distractor_pairs for e in t[:2]}
    assert 0.25 <= len(para) / n <= 0.45
    assert 0.02 <= len(sup) / n <= 0.10
    assert 0.04 <= len(temp) / n <= 0.12
    assert 0.025 <= len(dis) / n <= 0.08
    assert {k for *_, k in truth.distractor_pairs} == {"number", "date", "name", "negation"}


def test_paraphrase_groups(w1k, by_ext):
    _, truth = w1k
    members = [e for g in truth.paraphrase_groups for e in g]
    assert len(members) == len(set(members)), "a memory is in one group at most"
    varied = 0
    for g in truth.paraphrase_groups:
        assert len(g) >= 2
        varied += len({by_ext[e].content for e in g}) > 1
    assert varied >= 0.85 * len(truth.paraphrase_groups)


def test_supersessions_point_back_in_time(w1k, by_ext):
    _, truth = w1k
    assert truth.supersessions
    for newer, older, slot in truth.supersessions:
        assert by_ext[newer].created_at > by_ext[older].created_at
        assert slot
    # Supersession pairs are not distractors: they are the changes over time.
    assert not {(a, b) for a, b, _ in truth.distractor_pairs} & {(o, n) for n, o, _ in truth.supersessions}


def test_temporal_truth_matches_the_timestamps_and_is_complete(w1k, by_ext):
    memories, truth = w1k
    listed: dict[str, list[str]] = {}
    for ext, expr, resolved in truth.temporal:
        m = by_ext[ext]
        assert expr in m.content
        assert resolve(expr, m.created_at.date()).isoformat() == resolved
        listed.setdefault(ext, []).append(expr.lower())
    # Nothing else in the workload says a relative date the truth does not list.
    for m in memories:
        for hit in TEMPORAL_RE.findall(m.content):
            assert any(hit.lower() in e for e in listed.get(m.external_id, ())), (m.content, hit)


def _diff_tokens(a: str, b: str) -> tuple[list[str], list[str]]:
    ta, tb = a.split(), b.split()
    da, db = [], []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(a=ta, b=tb).get_opcodes():
        if op != "equal":
            da += ta[i1:i2]
            db += tb[j1:j2]
    return da, db


def test_distractor_pairs_differ_only_in_their_kind(w1k, by_ext):
    _, truth = w1k
    para = {e for g in truth.paraphrase_groups for e in g}
    names = set(vocab.FIRST_NAMES)
    for a, b, kind in truth.distractor_pairs:
        ma, mb = by_ext[a], by_ext[b]
        assert ma.created_at.date() != mb.created_at.date()  # both true: different days or items
        assert a not in para and b not in para
        da, db = _diff_tokens(ma.content, mb.content)
        changed = [t.strip(".,!?:;#").removesuffix("'s") for t in da + db]
        if kind == "negation":
            assert sorted(da + db) == ["not"], (ma.content, mb.content)
        else:
            assert len(da) == len(db) == 1, (ma.content, mb.content)
        if kind == "number":
            assert all(any(c.isdigit() for c in t) for t in changed)
        elif kind == "date":
            assert all(t in vocab.MONTHS for t in changed)
        elif kind == "name":
            assert all(t in names for t in changed)


def test_profiles_and_questions_are_backed_by_memories(w1k, by_ext):
    _, truth = w1k
    assert any(p.get("habits") for p in truth.profiles.values())
    for user, profile in truth.profiles.items():
        texts = " ".join(m.content.lower() for m in by_ext.values() if m.user_id == user)
        for slot, value in profile.items():
            if slot == "habits":
                continue
            needle = value.split(" ", 1)[1] if slot == "pets" else value  # "2 cats" may read "two cats"
            assert needle.lower() in texts, (user, slot, value)
    kinds = {q.kind for q in truth.questions}
    assert {"fact", "current", "as_of", "temporal"} <= kinds
    for q in truth.questions:
        answers = [by_ext[e] for e in q.answer_ext_ids]
        if q.as_of is not None:
            assert all(m.created_at <= q.as_of for m in answers)
        if q.kind == "temporal":
            assert (q.answer_ext_ids[0], q.expected) in {(e, r) for e, _, r in truth.temporal}
        elif q.kind == "habit":
            assert len(answers) >= 3 and q.expected in truth.profiles[q.user_id]["habits"]
        elif q.kind in ("fact", "current", "as_of", "project"):
            value = (
                q.expected.split(" ", 1)[1] if q.expected[:1].isdigit() and " " in q.expected else q.expected
            )
            assert any(value.lower() in m.content.lower() for m in answers), q
        if q.kind == "current":
            # The current value's memories answer; their value superseded the older ones.
            newer = {n for n, _, _ in truth.supersessions}
            assert set(q.answer_ext_ids) <= newer


def test_questions_for_eval_is_a_reproducible_sample(w1k):
    _, truth = w1k
    a = questions_for_eval(truth, limit=20, seed=4)
    assert a == questions_for_eval(truth, limit=20, seed=4) and len(a) == 20
    only = questions_for_eval(truth, kinds=["temporal"])
    assert only and all(q.kind == "temporal" for q in only)


# --- wording --------------------------------------------------------------------------------------

_VALUE_LISTS = [
    "CITIES",
    "COMPANIES",
    "FIRST_NAMES",
    "LAST_NAMES",
    "CODENAMES",
    "COMPONENTS",
    "EDITORS",
    "LANGUAGES",
    "OSES",
    "DRINKS",
    "DIETS",
    "TITLES",
    "ALLERGIES",
    "HOBBIES",
    "FOODS",
    "MONTHS",
    "WEEKDAYS",
    "NUMBER_WORDS",
    "DATABASES",
    "QUEUES",
    "CLOUDS",
    "CI_TOOLS",
    "TEAMS",
    "RELATIVES",
    "UTILITIES",
    "BOOKS",
    "CONCEPTS",
    "TOOLS",
    "USECASES",
    "QUALITIES",
    "PITFALLS",
    "CAUSES",
    "FIXES",
    "DISHES",
    "INGREDIENTS",
    "ACTIVITIES",
    "SIGHTS",
    "TASKS",
    "CHANGES",
    "FIELDS",
    "HUMAN_LANGUAGES",
    "PHRASES",
    "ANNOYANCES",
    "PLACES",
    "IDEAS",
    "MEETINGS",
]
_VALUES = sorted({v for name in _VALUE_LISTS for v in getattr(vocab, name)}, key=len, reverse=True)
_VALUE_RE = re.compile("|".join(re.escape(v) for v in _VALUES))


def skeleton(text: str) -> str:
    """The sentence frame: slot values, numbers and emails masked."""
    text = re.sub(r"\S+@\S+", "_", text)
    text = _VALUE_RE.sub("_", text)
    return re.sub(r"\d+", "_", text).lower()


def test_wording_is_varied(w1k, by_ext):
    memories, truth = w1k
    frames = {skeleton(m.content) for m in memories}
    assert len(frames) >= 350, len(frames)
    # Paraphrases differ in wording, not only in the value: most groups use several frames.
    multi = sum(len({skeleton(by_ext[e].content) for e in g}) > 1 for g in truth.paraphrase_groups)
    assert multi >= 0.8 * len(truth.paraphrase_groups)
    # Outside paraphrase groups, a user almost never says exactly the same thing twice.
    para = {e for g in truth.paraphrase_groups for e in g}
    seen: set[tuple[str, str]] = set()
    dup = total = 0
    for m in memories:
        if m.external_id in para:
            continue
        total += 1
        key = (m.user_id, m.content)
        dup += key in seen
        seen.add(key)
    assert dup <= 0.01 * total


@pytest.mark.parametrize("phrasing", FAMILIES)
def test_distinct_users_bounds_distinct_sentences(phrasing):
    spec = WorkloadSpec(n_users=40, memories_per_user=30, seed=9, distinct_users=4, phrasing=phrasing)
    w = generate(spec)
    a, _ = generate_user(spec, 1)
    b, tb = generate_user(spec, 5)
    assert [m.content for m in a] == [m.content for m in b]
    assert {m.user_id for m in b} == {"u005"} and all(e.startswith("u005") for e, *_ in tb.temporal)
    template = sum(user_memory_count(spec, i) for i in range(4))
    assert len(w.distinct_sentences()) <= template


# --- the committed sample -------------------------------------------------------------------------


def test_sample_file_parses_and_matches_the_generator():
    rows = [json.loads(line) for line in make_sample.SAMPLE_PATH.read_text(encoding="utf-8").splitlines()]
    w = generate(make_sample.SAMPLE_SPEC)
    assert rows == [m.to_json() for m in w.iter_memories()]
    assert 150 <= len(rows) <= 250 and len({r["user_id"] for r in rows}) == 3
    truth = w.truth
    story = truth.profiles["u000"]
    assert story["location"] == "Berlin" and story["editor"] == "helix" and story["diet"] == "vegetarian"
    assert {s for _, _, s in truth.supersessions if _.startswith("u000")} >= {"location", "editor"}
    u0 = [r["content"] for r in rows if r["user_id"] == "u000"]
    assert any("Paris" in c for c in u0) and any("Berlin" in c for c in u0)
    assert all(p.get("habits") for p in truth.profiles.values())
    assert len({e.split("-")[0] for e, _, _ in truth.temporal}) == 3
    assert len(truth.paraphrase_groups) >= 10
    assert any(q.as_of is not None and q.expected == "Paris" for q in truth.questions)


def test_make_sample_main_is_deterministic(tmp_path, capsys):
    out = tmp_path / "s.jsonl"
    assert make_sample.main(["--out", str(out)]) == 0
    assert out.read_bytes() == make_sample.SAMPLE_PATH.read_bytes()
    assert "profile u000" in capsys.readouterr().out


def test_timestamps_are_in_the_active_window():
    # Relative dates resolve against the UTC date; no memory sits near midnight.
    memories, _ = generate_user(WorkloadSpec(n_users=1, memories_per_user=300, seed=8), 0)
    assert all(7 <= m.created_at.hour < 22 for m in memories)
    assert memories[0].created_at >= datetime(2025, 1, 1, tzinfo=UTC)


# --- phrasing families ----------------------------------------------------------------------------

# A fixed small spec's digest, taken before phrasing families were selectable: the default family's
# output (memories and truth) must not move when the other families or the generator around them change.
DEFAULT_DIGEST = "03b4fc284471f6e8b00115c5b8a5a595b2ebd2017a994f99b0e0c776de9affa8"


def _digest(spec: WorkloadSpec) -> str:
    h = hashlib.sha256()
    w = generate(spec)
    for m in w.iter_memories():
        h.update(json.dumps(m.to_json(), sort_keys=True).encode())
    t = w.truth
    questions = [(q.user_id, q.text, q.answer_ext_ids, q.expected, str(q.as_of), q.kind) for q in t.questions]
    doc = [t.paraphrase_groups, t.supersessions, t.temporal, t.profiles, t.distractor_pairs, questions]
    h.update(json.dumps(doc, sort_keys=True, default=str).encode())
    return h.hexdigest()


def test_default_family_output_is_unchanged():
    spec = WorkloadSpec(n_users=4, memories_per_user=60, seed=21)
    assert spec.phrasing == "conversational"
    assert _digest(spec) == DEFAULT_DIGEST
    assert _digest(replace(spec, phrasing="plain")) != DEFAULT_DIGEST
    with pytest.raises(ValueError, match="phrasing"):
        WorkloadSpec(n_users=1, memories_per_user=10, phrasing="nonsense")


def test_benchmark_families_outside_a_checkout_fail_in_one_line(tmp_path):
    """An installed package carries the default family only: it still generates (the scale workload, the
    sample), and another family says in one line where it lives instead of failing deep inside."""
    package = Path(wl.__file__).resolve().parents[2]
    shutil.copytree(package, tmp_path / "memory_pipeline", ignore=shutil.ignore_patterns("__pycache__"))
    script = (
        "import sys\n"
        "from memory_pipeline.bench.workload import WorkloadSpec, generate_user\n"
        "mems, _ = generate_user(WorkloadSpec(n_users=1, memories_per_user=20, seed=1), 0)\n"
        "print(len(mems), flush=True)\n"
        "generate_user(WorkloadSpec(n_users=1, memories_per_user=20, seed=1, phrasing=sys.argv[1]), 0)\n"
    )
    for name in ("plain", "asides"):
        got = subprocess.run([sys.executable, "-c", script, name], cwd=tmp_path, capture_output=True, text=True,
                             env={"PYTHONPATH": str(tmp_path), "PATH": "/usr/bin:/bin"}, timeout=120)
        assert got.returncode == 1 and int(got.stdout) > 0, (got.stdout, got.stderr)
        last = got.stderr.strip().splitlines()[-1]
        assert f"phrasing family {name!r} is benchmark data" in last and f"benchmarks/families/{name}/" in last, last


_FAMILY_NAMES = words(
    "PERSONAL|PROJECT|CONTACT|CHANGEABLE|HABIT_FRAMES|HABIT_QUESTIONS|PREFIXES|SUFFIXES|EXPANSIONS|"
    "PAST_EVENTS|FUTURE_EVENTS|PAST_FRAMES|FUTURE_FRAMES|DISTRACTORS|FILLER_USER|FILLER_ASSISTANT|"
    "FILLER_CHAT|TASK_FRAMES"
)


def _fields(frame: str) -> set[str]:
    return {n for _, n, _, _ in string.Formatter().parse(frame) if n}


@pytest.mark.parametrize("name", FAMILIES)
def test_family_has_the_structure_the_generator_indexes(name):
    ref, fam = family("conversational"), family(name)
    assert all(hasattr(fam, n) for n in _FAMILY_NAMES)
    assert fam.CHANGEABLE == ref.CHANGEABLE
    for table in ("PERSONAL", "PROJECT", "CONTACT"):
        mine, theirs = getattr(fam, table), getattr(ref, table)
        assert list(mine) == list(theirs)
        for slot, ft in mine.items():
            assert (ft.slot, ft.namespace) == (slot, theirs[slot].namespace)
            assert bool(ft.change_frames) == bool(theirs[slot].change_frames)
            assert len(ft.frames) >= min(6, len(theirs[slot].frames)) and ft.questions
            entity = {"p"} if table != "PERSONAL" else set()
            for frame in ft.frames:
                assert _fields(frame) & {"v", "av"} and _fields(frame) <= {"v", "av"} | entity, frame
            for frame in ft.change_frames:  # a change always states the new value
                assert _fields(frame) & {"v", "av"} and _fields(frame) <= {"v", "av", "old", "kind"} | entity
            assert all(_fields(q) <= entity for q in ft.questions)
    assert len(fam.HABIT_FRAMES) >= 6  # a habit is said up to six times, each in its own frame
    assert all(_fields(f) <= {"vp", "ger", "tp", "Tp", "Ger"} for f in fam.HABIT_FRAMES)
    assert {r[0] for r in fam.DISTRACTORS} == {r[0] for r in ref.DISTRACTORS}
    for _, tmpl, _, expr, _, question, slot in fam.DISTRACTORS:
        assert tmpl.count("{x}") == 1 and expr in tmpl.lower() and (not question) == (not slot), tmpl
    for frames in (fam.PAST_FRAMES, fam.FUTURE_FRAMES):  # a capitalised expression only opens a frame
        assert all("{Expr}" not in f or f.startswith("{Expr}") for f in frames)


def test_plain_family_is_worded_apart_from_conversational():
    def texts(fam) -> set[str]:
        out = set()
        for table in (fam.PERSONAL, fam.PROJECT, fam.CONTACT):
            for ft in table.values():
                out.update(ft.frames + ft.change_frames + ft.questions)
        out.update(fam.HABIT_FRAMES + fam.PAST_FRAMES + fam.FUTURE_FRAMES + fam.TASK_FRAMES)
        out.update(fam.FILLER_USER + fam.FILLER_ASSISTANT + fam.FILLER_CHAT)
        out.update(e for pair in fam.PAST_EVENTS + fam.FUTURE_EVENTS for e in pair)
        return out | {r[1] for r in fam.DISTRACTORS}

    ref, plain = texts(family("conversational")), texts(family("plain"))
    assert len(ref & plain) <= 0.02 * len(plain), sorted(ref & plain)
