
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memory_pipeline.lib.extract import (
    EMAIL,
    HABIT,
    KINDS,
    NEGATION,
    PHONE,
    PREFERENCE,
    URL,
    Fact,
    extract_facts,
    habit_key,
)
from memory_pipeline.lib.merge_guard import merge_conflicts, signature
from memory_pipeline.lib.text import number_value


def facts(text: str, kind: str | None = None) -> list[tuple[str, str, bool]]:
    return [(f.kind, f.value, f.negated) for f in extract_facts(text) if kind is None or f.kind == kind]


def values(text: str, kind: str) -> list[str]:
    return [f.value for f in extract_facts(text) if f.kind == kind]


# -- contact details ----------------------------------------------------------------------------


def test_email_is_lower_cased_and_keeps_the_written_text():
    (fact,) = [f for f in extract_facts("Write to John.Doe@Example.com please") if f.kind == EMAIL]
    assert fact == Fact(EMAIL, "john.doe@example.com", False, "John.Doe@Example.com")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Call me at +1 (555) 123-4567.", "+15551234567"),
        ("My number is 555-123-4567", "5551234567"),
        ("Office: +44 20 7946 0958", "+442079460958"),
        ("ring 555-1234 after six", "5551234"),
    ],
)
def test_phone_numbers_are_normalised_to_digits(text, expected):
    assert values(text, PHONE) == [expected]


@pytest.mark.parametrize(
    "text",
    ["The date is 2023-05-07.", "Order 12345678 shipped", "We met on 07.05.2023", "Version 1.2.3 is out"],
)
def test_dates_ids_and_versions_are_not_phone_numbers(text):
    assert values(text, PHONE) == []


def test_urls_drop_trailing_punctuation():
    text = "See https://example.com/docs?id=3, and www.example.org."
    assert values(text, URL) == ["https://example.com/docs?id=3", "www.example.org"]


# -- preferences and negations ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I prefer tea over coffee.", "tea"),
        ("I really like hiking in the Alps.", "hiking in the Alps"),
        ("I love to run.", "run"),
        ("I'd rather walk", "walk"),
        ("My favorite color is blue.", "favorite color: blue"),
        ("My favourite movie is Heat", "favorite movie: Heat"),
        ("I'm a big fan of jazz.", "jazz"),
    ],
)
def test_preferences(text, expected):
    assert facts(text, PREFERENCE) == [(PREFERENCE, expected, False)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I don't use vim anymore.", "using vim"),
        ("I do not use tabs", "using tabs"),
        ("I never drink coffee.", "drinking coffee"),
        ("I no longer smoke.", "smoking"),
        ("I stopped drinking soda.", "drinking soda"),
        ("I quit smoking last year", "smoking"),
        ("I hate meetings.", "meetings"),
        ("I dislike loud music", "loud music"),
        ("I don't like coffee", "coffee"),
        ("I can't stand cilantro.", "cilantro"),
        ("I'm not a fan of Java.", "Java"),
        ("I never used Windows.", "used Windows"),
        ("I don't run", "running"),
    ],
)
def test_negations(text, expected):
    assert facts(text, NEGATION) == [(NEGATION, expected, True)]


@pytest.mark.parametrize(
    "text", ["I don't think so.", "I don't know", "I can't wait!", "I don't really mind"]
)
def test_idioms_are_not_negated_facts(text):
    assert facts(text) == []


# -- habits ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I usually run 5k in the morning.", "run 5k in the morning"),
        ("I always write tests first.", "write tests first"),
        ("Every morning, I meditate for 10 minutes.", "meditate for 10 minutes every morning"),
        ("I walk the dog every evening.", "walk the dog every evening"),
        ("On Fridays I work from home.", "work from home on fridays"),
        ("Before work, I go for a run.", "go for a run before work"),
        ("By the way, before work, I go for a run.", "go for a run before work"),
        ("After lunch is when I take a walk.", "take a walk after lunch"),
        ("I make a point of reviewing pull requests first thing.", "reviewing pull requests first thing"),
        ("My habit is to plan the week on Sunday evenings.", "plan the week on Sunday evenings"),
        ("I meditate when I wake up, I usually stretch too", "stretch too"),
        ("Going for a run before work is part of my routine.", "going for a run before work"),
        ("I usually meditate when I wake up", "meditate when I wake up"),
    ],
)
def test_habits(text, expected):
    assert expected in values(text, HABIT)


def test_past_events_are_not_habits():
    assert values("When I was a kid, I lived in Rome.", HABIT) == []


def test_what_a_text_states_of_its_author_is_the_clause_readers():
    # names, homes, work, tools and constraints are read by the clause reader (lib/extract/statements.py);
    # the pattern rules keep what the save path names (contacts, "I prefer Y", "I don't use X") and habits
    assert facts("My name is Alice. I live in Paris and I work at Acme. I use vim. I'm allergic to nuts.") == []


def test_facts_come_in_text_order_once_each():
    text = "I don't eat meat and I prefer tea. I prefer tea!"
    assert facts(text) == [(NEGATION, "eating meat", True), (PREFERENCE, "tea", False)]


def test_fact_text_is_the_span_it_came_from():
    (fact,) = extract_facts("Honestly, I prefer tea over coffee.")
    assert fact.text == "I prefer tea"


def test_plain_text_has_no_facts():
    assert extract_facts("The quarterly report is due soon and the build is green.") == []
    assert extract_facts("") == []


# -- habit keys ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("go for a run before work", "going for a run before work"),
        ("write my standup notes right after breakfast", "Writing my standup notes right after breakfast"),
        ("plan the week on Sunday evenings", "planning the week on Sunday evenings"),
        ("meditate for ten minutes when I wake up", "meditating for ten minutes when I wake up"),
    ],
)
def test_habit_key_ignores_inflection_and_case(a, b):
    assert habit_key(a) == habit_key(b)


def test_habit_key_separates_different_habits():
    assert habit_key("go for a run before work") != habit_key("go to the gym after work")


# -- numbers, signatures, merge guard -----------------------------------------------------------


@pytest.mark.parametrize(
    ("token", "expected"), [("3", 3), ("three", 3), ("Twelve", 12), ("dozen", 12), ("x", None)]
)
def test_number_value(token, expected):
    assert number_value(token) == expected


def test_signature_parts():
    sig = signature("Meeting with Alice on Monday, May 7th at 10:30; I have 2 cats and no dogs")
    assert sig.numbers == frozenset({"2", "10:30"})
    assert sig.dates == frozenset({"monday, may 7th"})
    assert sig.names == frozenset({"Alice"})
    assert sig.negated is True


@pytest.mark.parametrize(
    ("text", "numbers"),
    [
        ("I have two cats", {"2"}),
        ("I've got 2 cats", {"2"}),
        ("It costs $1,000", {"1000"}),
        ("I am twenty-five", {"25"}),
        ("I am twenty five", {"25"}),
        ("Room 007", {"7"}),
        ("The 2023-05-07 deploy", set()),  # a date, not numbers
    ],
)
def test_signature_numbers(text, numbers):
    assert signature(text).numbers == frozenset(numbers)


def test_signature_names_skip_sentence_starts_weekdays_and_i():
    assert signature("Bob met Alice. Then I saw Carol on Friday.").names == frozenset({"Alice", "Carol"})


def test_signature_absolute_dates_are_iso():
    assert signature("We met on May 7th, 2023").dates == signature("We met on 2023-05-07").dates
    assert signature("We met on 2023-05-07").dates == frozenset({"2023-05-07"})


@pytest.mark.parametrize(
    ("text", "negated"),
    [
        ("I like coffee", False),
        ("I don't like coffee", True),
        ("I never drink coffee", True),
        ("I no longer live there", True),
        ("There is nothing left", True),
        ("I have no cats", True),
        ("I went without lunch", True),
        ("I can't start the day without tea", False),
        ("Nothing beats tea for me", False),
        ("No, I like it", False),
    ],
)
def test_signature_negation(text, negated):
    assert signature(text).negated is negated


MUST_NOT_MERGE = [
    ("I have 2 cats", "I have 3 cats", "numbers differ: 2 vs 3"),
    ("I have two cats", "I have 3 cats", "numbers differ: 2 vs 3"),
    ("I like coffee", "I don't like coffee", "negation differs"),
    ("I like tea and coffee", "I don't like tea and I never drink coffee", "negation differs"),
    ("Meeting with Alice on Monday", "Meeting with Bob on Monday", "names differ: Alice vs Bob"),
    ("Meeting on Monday", "Meeting on Tuesday", "dates differ: Monday vs Tuesday"),
    ("Bob is reviewing the design doc.", "Alice is reviewing the design doc.", "names differ: Bob vs Alice"),
    ("PR #482 needs a second review.", "PR #489 needs a second review.", "numbers differ: 482 vs 489"),
    ("Pay the bill by May 3.", "Pay the bill by May 10.", "dates differ: may 3 vs may 10"),
    ("I'm working from home today.", "I'm not working from home today.", "negation differs"),
    ("I went there yesterday", "I went there today", "dates differ: yesterday vs today"),
    ("I live in Paris", "I live in Berlin", "names differ: Paris vs Berlin"),
    ("We met on 2023-05-07", "We met on 2023-05-08", "dates differ: 2023-05-07 vs 2023-05-08"),
    ("Deploy at 10:30", "Deploy at 11:30", "numbers differ: 10:30 vs 11:30"),
]


@pytest.mark.parametrize(("a", "b", "reason"), MUST_NOT_MERGE)
def test_must_not_merge(a, b, reason):
    reasons = merge_conflicts(a, b)
    assert reasons
    kind = reason.split(":")[0]
    assert any(r.split(":")[0] == kind for r in reasons), reasons
    assert merge_conflicts(b, a)  # symmetric in whether it refuses


def test_merge_conflict_messages_name_the_differences():
    assert merge_conflicts("I have 2 cats", "I have 3 cats") == ["numbers differ: 2 vs 3"]
    assert merge_conflicts("I like coffee", "I don't like coffee") == ["negation differs"]
    assert merge_conflicts("Meeting with Alice on Monday", "Meeting with Bob on Monday") == [
        "names differ: Alice vs Bob"
    ]
    assert merge_conflicts("Meeting on Monday", "Meeting on Tuesday") == ["dates differ: Monday vs Tuesday"]
    assert merge_conflicts("I have cats", "I have 3 cats") == ["numbers differ: none vs 3"]


MAY_MERGE = [
    ("I have two cats", "I've got 2 cats"),
    ("I have a cat", "I have one cat"),
    ("I like coffee.", "I like coffee"),
    ("I really like coffee", "I like coffee a lot"),
    ("We met on 2023-05-07", "We met on May 7th, 2023"),
    ("I went there last Friday", "I went there on Friday"),
    ("It costs $1,000", "It costs $1000"),
    ("I am twenty-five years old", "I am 25 years old"),
    ("Alice and Bob came", "Bob and Alice came"),
    ("two weeks ago we met", "2 weeks ago we met"),
    ("Berlin is where I live.", "I live in Berlin."),
    ("I cannot start the day without tea.", "I prefer tea."),
    ("Also, It works best for me to take a walk after lunch.", "After lunch, I take a walk"),
    ("Calling my parents on Saturdays is part of my routine.", "On Saturdays, I call my parents."),
    ("I prefer Ubuntu as my OS.", "I'm on Ubuntu."),
]


@pytest.mark.parametrize(("a", "b"), MAY_MERGE)
def test_may_merge(a, b):
    assert merge_conflicts(a, b) == []
    assert merge_conflicts(b, a) == []


@settings(max_examples=200)
@given(st.text(max_size=200))
def test_a_text_never_conflicts_with_itself(text):
    assert merge_conflicts(text, text) == []
    assert merge_conflicts(text, f" {text} ") == []


@settings(max_examples=200)
@given(st.text(max_size=300))
def test_extraction_never_raises_and_facts_are_well_formed(text):
    for fact in extract_facts(text):
        assert fact.value.strip() == fact.value and fact.value
        assert fact.kind in KINDS


@settings(max_examples=100)
@given(a=st.integers(min_value=0, max_value=10_000), b=st.integers(min_value=0, max_value=10_000))
def test_numbers_guard_agrees_with_arithmetic(a, b):
    reasons = merge_conflicts(f"I have {a} cats", f"I have {b} cats")
    assert bool(reasons) == (a != b)


