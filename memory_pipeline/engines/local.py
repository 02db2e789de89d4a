"""The local engine: deterministic rules, no key, no network. A first-class engine: every row it
writes says so (method 'extractive' / 'rules' / 'deterministic')."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from memory_pipeline.engines import local_reasoning
from memory_pipeline.engines.base import (
    DECISION,
    DUPLICATES,
    KEEP_SEPARATE,
    MERGE,
    PROFILE,
    REASONING,
    REPLACE,
    SUMMARY,
    SUPERSESSION,
    UPDATE,
    Decision,
    DecisionCandidate,
    DuplicateGroup,
    EngineNote,
    SupersessionCandidates,
    Usage,
)
from memory_pipeline.lib.change import detect_change
from memory_pipeline.lib.judge import Verdict, judge_candidates
from memory_pipeline.lib.judge_features import differing_values
from memory_pipeline.lib.judge_rules import first_said, held_before
from memory_pipeline.lib.judge_sentence import value_voice
from memory_pipeline.lib.judge_statements import read_statements
from memory_pipeline.lib.merge_guard import merge_conflicts
from memory_pipeline.lib.profile import build_profile
from memory_pipeline.lib.summarize import map_reduce_summary, merge_text
from memory_pipeline.lib.supersession import Supersession, detect_supersessions
from memory_pipeline.lib.text import content_words
from memory_pipeline.lib.timestamps import as_utc
from memory_pipeline.lib.vocab.words import DECISION_FILLER
from memory_pipeline.lib.zones import zone_supersessions

_METHODS = {SUMMARY: "extractive", SUPERSESSION: "rules", DECISION: "rules", DUPLICATES: "rules",
            PROFILE: "rules", REASONING: local_reasoning.METHOD}


# The structural rules were tuned on neighbour pairs at or above this cosine; below it (pairs the judge
# now also sees) they were never tried, and on letta dev they linked a remark on bullet points to an
# employer statement (cosine 0.01). The judge weighs every pair.
RULE_MIN_SIMILARITY = 0.1


def _first_said(memories) -> dict[str, object]:
    """Value (lower-cased) -> when the user first stated it, over the memories the pairs hold."""
    return first_said((m.content, m.created_at) for m in {m.id: m for m in memories}.values())


def _states_home(text: str) -> bool:
    """The text states where the user lives (the clause reader's residence relation)."""
    return any(st.relation == "residence" for st in read_statements(text))


def _weighed(sup: Supersession, v: Verdict | None) -> Supersession:
    """The edge with the judge's probability as its weight and its deciding features in its reason."""
    if v is None:
        return sup
    why = ", ".join(f"{name} {c:+.2f}" for name, c in v.deciding)
    p = round(v.probability, 3)  # the reason states the weight written, rounded the same way
    return replace(sup, confidence=p, reason=f"{sup.reason}; judge p={p:.2f} ({why})")


class LocalEngine:
    name = "local"
    model = None

    def __init__(self, chunk_size: int = 50, replace_threshold: float = 0.90):
        self.chunk_size = chunk_size
        self.replace_threshold = replace_threshold  # REPLACE only at >= 0.9 (below: maybe not one fact)

    def method(self, kind: str) -> str:
        return _METHODS[kind]

    def prompt_version(self, kind: str) -> str | None:
        return None  # rules have no prompt

    def summarize(self, items, superseded=()):
        return map_reduce_summary(list(items), chunk_size=self.chunk_size, superseded=list(superseded))

    def summarize_many(self, groups):
        return [self.summarize(items, superseded) for items, superseded in groups]

    def supersessions(self, candidates: SupersessionCandidates):
        # every candidate pair is weighed by the learned judge (lib/judge.py); the relation detector and the
        # structural detector still propose, and an edge either proposes is written with the judge's
        # probability as its weight and the features that decided it in its reason; the judge alone
        # writes an edge at or above its calibrated threshold. A pair is weighed against the other
        # candidates of its newer memory (lib/judge_relative.py), so all are judged together.
        pairs = list({(n.id, o.id): (n, o, sim) for n, o, sim in candidates.pairs()}.values())  # each pair once
        said = _first_said(m for pair in pairs for m in pair[:2])
        held = {n.id: held_before(n.content, n.created_at, said) for n, _, _ in pairs}  # once per newer memory
        verdicts = dict(zip(((n.id, o.id) for n, o, _ in pairs), judge_candidates(
            [(n.id, n.content, o.content, sim, n.created_at, o.created_at, held[n.id]) for n, o, sim in pairs]),
            strict=True))
        found = [_weighed(f, verdicts.get((f.newer_id, f.older_id))) for f in
                 detect_supersessions(list(candidates.memories))]
        linked = {f.older_id for f in found}  # an older memory gets one successor
        by_id = {m.id: m for m in candidates.memories}
        # a move the clause reader's slots found: a time zone it leaves behind goes too (lib/zones.py)
        moves = [(by_id[f.newer_id], f.new_value) for f in found
                 if f.slot == "residence" and f.new_value and f.newer_id in by_id]
        for newer, older, sim in sorted(pairs, key=lambda p: -verdicts[(p[0].id, p[1].id)].probability):
            if older.id in linked or not as_utc(older.created_at) < as_utc(newer.created_at):
                continue  # one successor per memory; what was said at the same moment replaces nothing
            v = verdicts[(newer.id, older.id)]
            change = None if sim < RULE_MIN_SIMILARITY else detect_change(
                newer.content, older.content, lambda val, t=newer.created_at: said.get(val.lower(), t) < t)
            if change is not None and change.new_value and value_voice(newer.content, change.new_value):
                change = None  # the rule's new value is another person's, or set in another time
            if change is None and not v.supersedes:
                continue
            how = f"value:{change.how}" if change is not None else "judge"
            old_value, new_value = ((change.old_value, change.new_value) if change is not None
                                    else differing_values(newer.content, older.content))
            if new_value and (change.relation == "residence" if change is not None else _states_home(older.content)):
                moves.append((newer, new_value))  # a move: a time zone it leaves behind goes too (lib/zones.py)
            linked.add(older.id)
            found.append(_weighed(Supersession(
                newer.id, older.id, how, old_value, new_value,
                _because(old_value, new_value) + f" ({how.split(':')[-1]}; similarity {sim:.2f};"
                f" {older.created_at.date().isoformat()} -> {newer.created_at.date().isoformat()})", 0.6), v))
        known = {m.id: m for m in [*candidates.memories, *(m for pair in pairs for m in pair[:2])]}
        zones = zone_supersessions(moves, list(known.values()), linked)
        return found + [_weighed(z, verdicts.get((z.newer_id, z.older_id))) for z in zones]

    def decide(self, batch: Sequence[DecisionCandidate]) -> list[Decision]:
        return [self._decide(c) for c in batch]

    def _decide(self, c: DecisionCandidate) -> Decision:
        if c.supersession:
            return Decision(UPDATE, f"newer fact replaces older: {c.supersession}")
        conflicts = merge_conflicts(c.other.content, c.memory.content)
        if conflicts:
            return Decision(KEEP_SEPARATE, "details differ: " + "; ".join(conflicts))
        sim = c.similarity
        if sim < self.replace_threshold:
            return Decision(KEEP_SEPARATE, f"similarity {sim:.3f} < {self.replace_threshold}: unsure, kept separate")
        wa, wb = (frozenset(content_words(t, stop=DECISION_FILLER)) for t in (c.memory.content, c.other.content))
        if wa >= wb or wb >= wa:
            return Decision(REPLACE, f"similarity {sim:.3f}; one text contains every content word of the other")
        return Decision(MERGE, f"similarity {sim:.3f}, no conflicting details; merged text <= longest source",
                        content=merge_text([c.memory.content, c.other.content]))

    def duplicate_groups(self, batch: Sequence[DecisionCandidate]) -> list[DuplicateGroup]:
        groups = []
        for c, d in zip(batch, self.decide(batch), strict=True):
            if d.action in (MERGE, REPLACE):
                content = d.content or merge_text([c.memory.content, c.other.content])
                groups.append(DuplicateGroup((c.memory.id, c.other.id), d.action, d.reason, c.similarity, content))
        return groups

    def profile(self, sources, superseded_ids=frozenset()):
        return build_profile(list(sources), superseded_ids=superseded_ids)

    def reason(self, question, rows, as_of):
        return local_reasoning.answer(question, rows, as_of)

    def usage(self) -> Usage:
        return Usage()  # rules call no model

    def drain_notes(self) -> list[EngineNote]:
        return []


def _because(old_value: str, new_value: str) -> str:
    """The reason's words for the values that differ; either may be unnamed (the judge read a statement)."""
    if old_value and new_value:
        return f"'{old_value}' replaced by '{new_value}'"
    if old_value:
        return f"'{old_value}' no longer holds"
    return f"replaced by a newer statement naming '{new_value}'" if new_value else "replaced by a newer statement"
