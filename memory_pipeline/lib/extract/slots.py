"""Subject slots a text states (seed 003's supersession reads them): where the user lives, their
employer, editor, diet..., a named person's location or team, a project's database or owner."""

from __future__ import annotations

from collections import defaultdict

from memory_pipeline.lib.extract.closed import VOCABULARY_WORDS, vocabulary_slots
from memory_pipeline.lib.extract.engine import apply_rules, text_words, trigger_words
from memory_pipeline.lib.extract.items import SlotValue
from memory_pipeline.lib.extract.phrases import normal_value
from memory_pipeline.lib.extract.projects import PROJECT_WORDS, owner_slots, project_slots
from memory_pipeline.lib.extract.slot_handlers import RULES
from memory_pipeline.lib.vocab.projects import OWNER_WORDS
from memory_pipeline.lib.vocab.slot_rules import NOT_A_PERSON

_ANY_WORD = trigger_words(RULES) | VOCABULARY_WORDS | PROJECT_WORDS | OWNER_WORDS


def extract_slots(text: str) -> list[SlotValue]:
    """The subject slots `text` states, in text order, each (slot, value, negated) once.

    A slot is something a subject has one of at a time: where the user lives, their employer, title,
    editor, OS, favourite language, drink, diet, number of cats, partner; "location@alice" for a named
    person. Tools used side by side get one slot each ("uses:docker"), so only an explicit "I don't use
    Docker anymore" replaces "I use Docker". No recognised slot, no edge: that keeps detection
    conservative.

    Closed vocabularies (editors, operating systems, languages, drinks, diets) are found by name in
    first-person sentences, negated when a cue such as "from", "no more", "gave up on", "instead of"
    or "used to be" stands right before the name. Open values (places, companies, titles, people)
    come from phrase rules ("I live in X", "X is where I live", "I left X and joined Y"). Project
    decisions in sentences without "I" give slots such as "database@atlas billing" (the project's
    codename and first component word): its database, queue, hosting, CI, language, deadline, budget
    and owner.
    """
    words = text_words(text)
    if _ANY_WORD.isdisjoint(words) and "$" not in text:
        return []  # most memories state no slot at all
    found: list[tuple[int, int, SlotValue]] = []
    # Each pass runs only when a word it needs is present.
    if not VOCABULARY_WORDS.isdisjoint(words):
        found += [(pos, -1, slot) for pos, slot in vocabulary_slots(text)]
    if not PROJECT_WORDS.isdisjoint(words) or "$" in text:
        found += [(pos, -1, slot) for pos, slot in project_slots(text)]
    if not OWNER_WORDS.isdisjoint(words):
        found += [(pos, -1, slot) for pos, slot in owner_slots(text)]
    found += apply_rules(RULES, text, words)
    found.sort(key=lambda f: (f[0], f[1]))
    seen: set[tuple[str, str, bool]] = set()
    slots: list[SlotValue] = []
    for _, _, slot in found:
        if "@" in slot.slot and slot.slot.rsplit("@", 1)[-1] in NOT_A_PERSON:
            continue  # "He moved to Rome": no name to hang it on
        key = (slot.slot, normal_value(slot.value), slot.negated)
        if key not in seen:
            seen.add(key)
            slots.append(slot)
    return slots


def slot_states(text: str) -> dict[str, SlotValue]:
    """Per slot, the one value `text` asserts: its single current value, else its single negated
    one. A text naming two current values for one slot ("I live in Paris and Rome") says nothing
    usable about that slot."""
    positives: dict[str, dict[str, SlotValue]] = defaultdict(dict)
    negatives: dict[str, dict[str, SlotValue]] = defaultdict(dict)
    for sv in extract_slots(text):
        (negatives if sv.negated else positives)[sv.slot].setdefault(normal_value(sv.value), sv)
    states: dict[str, SlotValue] = {}
    for slot in sorted(positives.keys() | negatives.keys()):
        pos, neg = positives.get(slot, {}), negatives.get(slot, {})
        if len(pos) == 1:
            states[slot] = next(iter(pos.values()))
        elif not pos and len(neg) == 1:
            states[slot] = next(iter(neg.values()))
    return states
