"""Fact and slot extraction, one rule engine for both: facts (seed 004) feed the save path's stored facts
and the profile's habits, slots feed supersession, statements (the clause reader) the profile and the
judge. The rule tables live in lib.vocab."""

from memory_pipeline.lib.extract.closed import vocabulary_category
from memory_pipeline.lib.extract.facts import extract_facts, habit_key
from memory_pipeline.lib.extract.items import Fact, SlotValue
from memory_pipeline.lib.extract.phrases import normal_value
from memory_pipeline.lib.extract.slots import extract_slots, slot_states
from memory_pipeline.lib.extract.statements import Statement, statements
from memory_pipeline.lib.vocab.fact_rules import EMAIL, HABIT, KINDS, NEGATION, PHONE, PREFERENCE, URL

__all__ = [
    "EMAIL", "HABIT", "KINDS", "NEGATION", "PHONE", "PREFERENCE", "URL",
    "Fact", "SlotValue", "extract_facts", "extract_slots", "habit_key", "normal_value", "slot_states", "Statement", "statements",
    "vocabulary_category",
]  # fmt: skip
