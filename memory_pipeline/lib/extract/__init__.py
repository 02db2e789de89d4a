"""Fact extraction and the clause reader: facts (by pattern) feed the save path's stored facts and the
profile's habits; statements (the clause reader) feed the profile, the judge and supersession's
relations. The rule tables live in lib.vocab."""

from memory_pipeline.lib.extract.facts import extract_facts, habit_key
from memory_pipeline.lib.extract.items import Fact
from memory_pipeline.lib.extract.phrases import normal_value
from memory_pipeline.lib.extract.statements import Statement, statements
from memory_pipeline.lib.vocab.fact_rules import EMAIL, HABIT, KINDS, NEGATION, PHONE, PREFERENCE, URL

__all__ = [
    "EMAIL", "HABIT", "KINDS", "NEGATION", "PHONE", "PREFERENCE", "URL",
    "Fact", "Statement", "extract_facts", "habit_key", "normal_value", "statements",
]  # fmt: skip
