"""Fact and slot extraction, one rule engine for both: facts (seed 004) feed the profile and the
save path's stored facts, slots feed supersession. The rule tables live in lib.vocab."""

from memory_pipeline.lib.extract.closed import vocabulary_category
from memory_pipeline.lib.extract.facts import extract_facts, habit_key
from memory_pipeline.lib.extract.items import Fact, SlotValue
from memory_pipeline.lib.extract.phrases import normal_value
from memory_pipeline.lib.extract.slots import extract_slots, slot_states
from memory_pipeline.lib.extract.statements import Statement, statements
from memory_pipeline.lib.vocab.fact_rules import (
    BIRTHDAY,
    CONSTRAINT,
    EMAIL,
    EMPLOYER,
    HABIT,
    HOMETOWN,
    INTEREST,
    KINDS,
    LOCATION,
    NAME,
    NEGATION,
    PHONE,
    PREFERENCE,
    ROLE,
    TOOL,
    URL,
)

__all__ = [
    "BIRTHDAY", "CONSTRAINT", "EMAIL", "EMPLOYER", "HABIT", "HOMETOWN", "INTEREST", "KINDS", "LOCATION",
    "NAME", "NEGATION", "PHONE", "PREFERENCE", "ROLE", "TOOL", "URL",
    "Fact", "SlotValue", "extract_facts", "extract_slots", "habit_key", "normal_value", "slot_states", "Statement", "statements",
    "vocabulary_category",
]  # fmt: skip
