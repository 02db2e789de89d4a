from datetime import UTC, datetime

import pytest

from memory_pipeline.lib.digest import (
    date_phrase,
    fact_sentences,
    line_matches,
    speaker_of,
    speakers,
    strip_filler,
    with_dates,
    without_dates,
)
from memory_pipeline.lib.summarize import split_sentences
from memory_pipeline.lib.temporal import resolve_temporal_references
from memory_pipeline.recall import _said

FRI = datetime(2023, 6, 9, 13, 0, tzinfo=UTC)  # a Friday
NAMES = frozenset({"caroline", "melanie"})


def test_speaker_prefix_is_split_off():
    assert speaker_of("Caroline: I went home.") == ("Caroline", "I went home.")
    assert speaker_of("I went home: early.") == (None, "I went home: early.")
    assert speakers(["Caroline: hi", "Melanie Smith: yo", "no speaker here"]) == {"caroline", "melanie", "smith"}


@pytest.mark.parametrize("sentence", [
    "Wow, Caroline!", "That's so awesome, Mel!", "Thanks, Mel! Your kind words mean a lot.",
    "Have you tried it yet?", "How's it going?", "Hey Mel, great to chat with you again!",
])
def test_filler_and_questions_back_are_left_out(sentence):
    assert strip_filler(sentence, NAMES) is None


def test_a_filler_clause_and_opener_go_the_fact_stays():
    kept = strip_filler("So much has happened since we last spoke - I went to an LGBTQ conference two days ago.", NAMES)
    assert kept == "I went to an LGBTQ conference two days ago."
    assert strip_filler("Oh, btw, I adopted a puppy named Coco.", NAMES) == "I adopted a puppy named Coco."


@pytest.mark.parametrize(("expr", "words"), [
    ("yesterday", "8 June 2023"),
    ("last year", "2022"),
    ("next month", "July 2023"),
    ("last week", "the week before 9 June 2023"),
    ("this week", "the week of 5 June 2023"),
    ("last weekend", "the weekend before 9 June 2023"),
    ("last Friday", "2 June 2023"),
    ("last summer", "summer 2022"),
])
def test_date_phrases_in_words(expr, words):
    (ref,) = resolve_temporal_references(expr, FRI)
    assert date_phrase(ref, FRI.date()) == words


def test_relative_dates_are_resolved_in_place_explicit_and_guessed_ones_left():
    text, dates = with_dates("I went to a support group yesterday and I start on 1 July.", FRI)
    assert text == "I went to a support group yesterday (8 June 2023) and I start on 1 July."
    assert dates == ["8 June 2023"]
    # a bare weekday with no tense may point either way: too uncertain to write down; a tense decides it
    assert with_dates("Ship on Friday.", FRI) == ("Ship on Friday.", [])
    assert with_dates("We will ship on Friday.", FRI) == ("We will ship on Friday (16 June 2023).", ["16 June 2023"])
    assert with_dates("We shipped on Friday.", FRI) == ("We shipped on Friday (2 June 2023).", ["2 June 2023"])


def test_the_resolutions_come_off_again_and_nothing_else_does():
    later = datetime(2024, 2, 1, tzinfo=UTC)
    for said in ("I am aiming for 30 runs this year, 8 so far.", "We will ship on Friday.",
                 "I went to a support group yesterday and I start on 1 July."):
        added = with_dates(said, FRI, until=later)[0]
        assert added != said and without_dates(added) == said
    # the user's own brackets stay: only a resolution's shape (a year inside, "now past" after) is ours
    assert without_dates("we moved in (finally) last week") == "we moved in (finally) last week"


def test_a_period_over_before_the_newest_source_says_so_unless_told_in_the_past():
    later = datetime(2024, 2, 1, tzinfo=UTC)
    text, dates = with_dates("I am aiming for 30 runs this year, 8 so far.", FRI, until=later)
    assert text == "I am aiming for 30 runs this year (2023, now past), 8 so far."
    assert dates == ["2023"]  # the resolution itself is unchanged
    assert with_dates("We will ship next week.", FRI, until=later)[0] == (
        "We will ship next week (the week after 9 June 2023, now past).")
    # told in the past, a day (an event's, not a period), not yet over, or no newer source: nothing to add
    assert with_dates("I am at the dentist today.", FRI, until=later)[0] == "I am at the dentist today (9 June 2023)."
    assert with_dates("We shipped last week.", FRI, until=later)[0] == (
        "We shipped last week (the week before 9 June 2023).")
    assert with_dates("I am aiming for 30 runs this year.", FRI, until=datetime(2023, 12, 1, tzinfo=UTC))[0] == (
        "I am aiming for 30 runs this year (2023).")
    assert with_dates("I am aiming for 30 runs this year.", FRI)[0] == "I am aiming for 30 runs this year (2023)."
    # a period that starts a state ("from", "since") is not over when it ends: the state goes on
    assert with_dates("Nadia is on leave from next month, I cover her clients", FRI, until=later)[0] == (
        "Nadia is on leave from next month (July 2023), I cover her clients")
    assert with_dates("Nadia is on leave (from next month)", FRI, until=later)[0] == (
        "Nadia is on leave (from next month (July 2023))")
    assert with_dates("the offer holds until next month", FRI, until=later)[0] == (
        "the offer holds until next month (July 2023, now past)")


def test_fact_sentences_of_a_transcript_turn():
    turn = "Melanie: Wow, Caroline! That's great! I just signed up for a pottery class yesterday. Have you tried it?"
    (fact,) = fact_sentences(turn, FRI, NAMES, split_sentences)
    assert fact.speaker == "Melanie"
    assert fact.text == "I just signed up for a pottery class yesterday (8 June 2023)."
    assert fact.dates == ("8 June 2023",)
    assert fact.informative >= 3


def test_line_matches_weigh_rare_terms():
    lines = ["Caroline: I went to a support group yesterday (8 June 2023).",
             "Caroline: I love my new bookshelf.", "Melanie: I painted a sunrise in 2022."]
    m = line_matches("When did Caroline go to the support group?", lines)
    assert m[0] > 0.5 > m[1]  # "went" is not "go": support and group carry it
    assert m[2] == 0.0
    assert line_matches("", lines) == [0.0, 0.0, 0.0]


def test_an_irregular_past_meets_its_present():
    (m,) = line_matches("When did Jon go to Paris?", ["Jon: I went to Paris yesterday (28 January 2023)."])
    assert m == 1.0


def test_a_line_repeating_a_delivered_turn_is_known_by_its_words_whatever_its_date_says():
    # recall leaves out a summary line that only repeats a turn already delivered; the resolution the summary
    # added, with or without its "now past", is not part of what the line says
    later = datetime(2024, 2, 1, tzinfo=UTC)
    line, _ = with_dates("I am aiming for 30 runs this year.", FRI, until=later)
    assert _said(line, ["I am aiming for 30 runs this year"])
    assert _said(with_dates("We shipped last week.", FRI, until=later)[0], ["We shipped last week"])
