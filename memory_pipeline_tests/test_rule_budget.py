"""Issue 30's rule budget: the change rules, the vocabularies and the extractors stay small, and no
multi-word phrase in them (or in the judge's features) is a phrase the synthetic generator says."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import memory_pipeline
from memory_pipeline.bench.workload.vocab import FAMILIES, family, family_files

PKG = Path(memory_pipeline.__file__).parent
LIB = PKG / "lib"
BUDGET = 2200  # issue 30's target
# What the rules hold today (2026-12-06: the role, dropped-word and motion paths and the closed
# vocabularies deleted, the title read by the clause reader; 2026-12-07: the restated path deleted, 72
# lines, and four grammatical readings added to the clause reader; later that day a contrast, a
# subjectless habit and a subjectless note read, a dangling comment gone; 2026-12-07, fifth session: 9
# lines more for four grammatical readings with no phrase in them, the verb after "I" agreeing when "I"
# drops, a verb of starting with "at" and a name, a verb with "out" ending its object, "X is finished";
# 5 more for a lower-case home and a person after a preposition being no subject; 3 fewer once the
# judge's and the clause reader's two lists of person nouns became one; 17 more for dates in numbers
# ("on 14/04", "4/14/2026") and in ordinal words ("the first of May"); 6 for a verb after "and" keeping
# its subject and a thing moved to a named place being kept there; 2026-12-07, sixth session: 15 for
# dates as people type them: chat spellings "tmrw", "2 wks", a capitalised short month "in Feb", "Mon
# 15th", "on the twelfth", "two Saturdays ago", a month after "for"/"by"/"until"; 7 for an intent word
# after a determiner being a noun, "on the student plan"; 8 for a death ending its subject, "Pip died",
# the user's or a named one's; 1 for reading shouting in lower case, lib/text.py; 9 for the clause
# reader's word helpers moving to their own module, lib/extract/clause_words.py, as the reader passed
# the module size limit; 2026-12-07, seventh session: 1 for the words that add to a tracked thing rather
# than report its news, "the claim also needs photos"; 7 for a departure at a clock time or early being an
# outing, "left Boston at 6am", in the change detector and the clause reader; 1 for what "used to" ended
# being its object, "used to drive a Mini"; 1 for a former one, "our old flat in X", being past; 8 fewer
# once the change detector's two shared tests moved into lib/change.py from a module of their own; 2 for
# a stop for a stretch of time passing, "paused it for a month", 2 more when its count became the date
# rules' shared one); 2026-12-07, eighth session: 1 for "get X done" completing a task, not ending a state
# (the clause boundaries before "so" after "is" and before a name with a verb were edited in place), 2 for
# ", like 6 coffees a day" being an amount said of the clause before, not a liking: they may shrink; growth is
# argued in the closing note. Lower it when you delete rules.
CEILING = 2199


# scikit-learn's English stop words, copied so commands need not import it (a test keeps the copy equal):
# third-party data, not a rule of ours
NOT_RULES = {"stop_words.py"}


def _rule_files() -> list[Path]:
    found = [*LIB.glob("change*.py"), *(LIB / "vocab").glob("*.py"), *(LIB / "extract").glob("*.py")]
    return sorted(p for p in found if p.name not in NOT_RULES)


def _phrases(path: Path) -> set[str]:
    """String literals of two or more words (regex syntax dropped first)."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = re.sub(r"\\[sbwdSWD][+*?]?|[()|?:^$\[\]{}+*]", " ", node.value).lower()
            words = text.split()
            if len(words) >= 2 and all(w.isalpha() for w in words):
                out.add(" ".join(words))
    return out


def _lines() -> dict[str, int]:
    return {p.relative_to(LIB).as_posix(): len(p.read_text().splitlines()) for p in _rule_files()}


def _words(text: str) -> str:
    return " ".join(re.findall(r"[a-z]+", text.lower()))


def _generator_text() -> str:
    """The generator's code and every phrasing family's words, wherever the family lives (the benchmark
    families sit beside the package, in the repository)."""
    files = {*(PKG / "bench" / "workload").rglob("*.py"), *(f for name in FAMILIES for f in family_files(name))}
    return _words(" ".join(p.read_text() for p in sorted(files)))


def _generator_phrases() -> list[str]:
    generator = _generator_text()
    files = [*_rule_files(), LIB / "judge_features.py", LIB / "judge_reading.py"]
    return sorted({f"{p.name}: {ph}" for p in files for ph in _phrases(p) if f" {ph} " in f" {generator} "})


def test_rules_never_grow():
    lines = _lines()
    assert sum(lines.values()) <= CEILING, f"{sum(lines.values())} lines of rules > {CEILING}: {lines}"


def test_generator_text_holds_every_family():
    """The phrase check reads what each family says, wherever it lives: a family moved out of the
    package still counts."""
    generator = f" {_generator_text()} "
    for name in FAMILIES:
        fam = family(name)
        said = [*fam.PERSONAL["location"].frames, *fam.FILLER_USER, *fam.TASK_FRAMES]
        missing = [t for t in said if f" {_words(t)} " not in generator]
        assert not missing, (name, missing[:5])


def test_rule_lines_within_budget():
    lines = _lines()
    assert sum(lines.values()) <= BUDGET, f"{sum(lines.values())} lines of rules > {BUDGET}: {lines}"


def test_no_generator_phrase_in_rules():
    found = _generator_phrases()
    assert not found, f"{len(found)} rule phrases the generator says: {found[:20]}"
