"""Labelled (newer, older) pairs for training the supersession judge, from the development data only.

- probes-dev `change`: the first memory holding `old_value` <- the first later memory holding
  `new_value` is positive; every other ordered pair of the case is negative. `control`: all negative.
  `profile`: the pairs hand-labelled in `profile_labels.json` are positive, pairs read two ways are left
  out, every other ordered pair of the case is negative (long histories: many chances of a wrong edge).
- letta dev: the prior model's field statements (older) against every later turn (newer). A turn that
  says a changed field's new value verbatim is positive for that field's statement; fields whose new
  value is never said verbatim are left out (unknown which turn says it); every other pair is negative.
  Each turn against every earlier turn too, negative: the engine judges those pairs as well, and no
  turn there replaces what an earlier one said (read by the team: each adds to the conversation).
- LoCoMo dev: each turn against its nearest older turns of the same speaker (candidates as the engine
  picks them): negative (no supersession is labelled there, and none is hand-labelled here).
- synthetic families (`bench/workload`): the generator's supersession truth is positive, the other
  candidate pairs negative. Their phrasings cannot be learnt: no feature sees a word outside the
  closed classes of `lib/vocab/judge.py`.

Candidates follow the runtime: each newer text with its top-k older texts by cosine (no floor) and by
masked-frame similarity; small cases (probes, letta) take every pair.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import numpy as np

from memory_pipeline.bench import letta, real
from memory_pipeline.bench.calibration import data_dir
from memory_pipeline.bench.probes_score import profile_labels
from memory_pipeline.bench.workload import generate_user
from memory_pipeline.bench.workload.records import WorkloadSpec
from memory_pipeline.bench.workload.vocab import FAMILIES
from memory_pipeline.lib.judge_features import masked_frame

TOP_K = 5
FRAME_K = 3


@dataclass(frozen=True)
class Text:
    content: str
    at: datetime


@dataclass(frozen=True)
class Pair:
    source: str  # probes-change | probes-control | probes-profile | letta | locomo | synthetic
    group: str  # the user / case: cross-validation holds groups out whole
    newer: Text
    older: Text
    label: int
    cosine: float = 0.0


def _ts(s: str) -> datetime:
    return datetime.fromisoformat(s.replace("Z", "+00:00"))


def probes() -> list[Pair]:
    cases = json.loads((data_dir() / "probes-dev" / "cases.json").read_text())
    out = []
    for c in cases["change"]:
        mems = sorted((Text(m["content"], _ts(m["created_at"])) for m in c["memories"]), key=lambda t: t.at)
        old = next(i for i, m in enumerate(mems) if c["old_value"].lower() in m.content.lower())
        new = next(i for i, m in enumerate(mems) if i > old and c["new_value"].lower() in m.content.lower())
        out += [Pair("probes-change", c["user"], mems[j], mems[i], int((j, i) == (new, old)))
                for j in range(len(mems)) for i in range(j)]
    for c in cases["control"]:
        mems = sorted((Text(m["content"], _ts(m["created_at"])) for m in c["memories"]), key=lambda t: t.at)
        out += [Pair("probes-control", c["user"], mems[j], mems[i], 0) for j in range(len(mems)) for i in range(j)]
    labels = profile_labels()
    for c in cases["profile"]:
        mems = sorted((Text(m["content"], _ts(m["created_at"])) for m in c["memories"]), key=lambda t: t.at)
        pos, skip = labels[c["user"]]["positive"], labels[c["user"]]["skip"]
        out += [Pair("probes-profile", c["user"], mems[j], mems[i], int((j, i) in pos))
                for j in range(len(mems)) for i in range(j) if (j, i) not in skip]
    return out


def letta_pairs() -> list[Pair]:
    out = []
    for line in letta.letta_path().read_text().splitlines():
        if not line.strip():
            continue
        case = letta.parse_case(line)
        start = case["when"] + timedelta(days=30)
        turns = [Text(t, start + timedelta(minutes=i)) for i, t in enumerate(case["turns"])]
        out += [Pair("letta", case["id"], turns[j], turns[i], 0) for j in range(len(turns)) for i in range(j)]
        conversation = " ".join(case["turns"]).lower()
        statements = [(f, v, case["gold"][f]) for f, v in case["prior"].items() if v]
        statements += [(k, v, v if k in case["gold_prefs"] else None) for k, v in case["prior_prefs"].items()]
        for field, old, new in statements:
            template = letta.STATEMENTS.get(field) or letta.PREFERENCE_STATEMENTS[field.split(":")[0]]
            older = Text(template.format(old), case["when"])
            if new is None:
                continue  # a removed preference: no turn is known to replace it
            said = new.split(",")[0].lower()
            changed = old.lower() != new.lower()
            if changed and said not in conversation:
                continue
            out += [Pair("letta", case["id"], t, older, int(changed and said in t.content.lower())) for t in turns]
    return out


def locomo_texts() -> list[tuple[str, list[Text]]]:
    """(group, one speaker's turns in time order) per conversation and speaker."""
    convs = json.loads((data_dir() / "locomo-dev" / "locomo-dev.json").read_text())
    out = []
    for conv in convs:
        by: dict[str, list[Text]] = {}
        for t in real.turns(conv):
            by.setdefault(t["role"], []).append(Text(t["content"], _ts(t["created_at"])))
        out += [(f"locomo-{conv['sample_id']}-{s}", ts) for s, ts in by.items()]
    return out


def synthetic_texts(users_per_family: int = 6) -> list[tuple[str, list[Text], set[tuple[int, int]]]]:
    """(group, texts in time order, positive (newer, older) index pairs) per generated user."""
    out = []
    for fam in FAMILIES:
        spec = WorkloadSpec(n_users=users_per_family, memories_per_user=60, seed=30, phrasing=fam, count_sigma=0.3)
        for u in range(users_per_family):
            mems, truth = generate_user(spec, u)
            mems = sorted(mems, key=lambda m: m.created_at)
            at = {m.external_id: i for i, m in enumerate(mems)}
            pos = {(at[n], at[o]) for n, o, _ in truth.supersessions if n in at and o in at}
            texts = [Text(m.content, m.created_at.astimezone(UTC)) for m in mems]
            out.append((f"synthetic-{fam}-{u}", texts, pos))
    return out


def candidates(vecs: np.ndarray, texts: list[Text], top_k: int = TOP_K, frame_k: int = FRAME_K) -> set[tuple[int, int]]:
    """(newer, older) index pairs the engine would judge: top-k older by cosine and by frame Jaccard."""
    frames = [masked_frame(t.content) for t in texts]
    out = set()
    for j in range(1, len(texts)):
        sims = vecs[:j] @ vecs[j]
        out.update((j, int(i)) for i in np.argsort(-sims)[:top_k])
        jac = [len(frames[j] & f) / max(1, len(frames[j] | f)) for f in frames[:j]]
        out.update((j, int(i)) for i in np.argsort(-np.array(jac), kind="stable")[:frame_k] if jac[i] > 0)
    return out


def with_cosines(pairs: list[Pair], embed) -> list[Pair]:
    texts = sorted({t.content for p in pairs for t in (p.newer, p.older)})
    vec = dict(zip(texts, embed(texts), strict=True))
    return [Pair(p.source, p.group, p.newer, p.older, p.label, float(vec[p.newer.content] @ vec[p.older.content]))
            for p in pairs]


def candidate_pairs(source: str, group: str, texts: list[Text], positives: set[tuple[int, int]], embed) -> list[Pair]:
    vecs = embed([t.content for t in texts])
    chosen = candidates(vecs, texts) | positives
    return [Pair(source, group, texts[j], texts[i], int((j, i) in positives), float(vecs[j] @ vecs[i]))
            for j, i in sorted(chosen)]


def all_pairs(embed, synthetic_users: int = 6) -> list[Pair]:
    """Every labelled pair of the development data, with cosines from `embed` (texts -> unit vectors)."""
    out = with_cosines(probes() + letta_pairs(), embed)
    for group, texts in locomo_texts():
        out += candidate_pairs("locomo", group, texts, set(), embed)
    for group, texts, pos in synthetic_texts(synthetic_users):
        out += candidate_pairs("synthetic", group, texts, pos, embed)
    return out
