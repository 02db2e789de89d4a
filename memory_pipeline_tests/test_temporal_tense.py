"""Dates by tense and intent: the clause's grammar decides which way a date without its own direction
points, and the expression grammar ("the Monday after next", "a week on Tuesday", holidays). Sentences are
written here; none comes from a probe set. Reference: Wednesday 2026-03-04, noon UTC."""

from datetime import UTC, date, datetime

import pytest

from memory_pipeline.lib.holidays import HOLIDAYS, easter, nth_weekday
from memory_pipeline.lib.temporal import resolve_temporal_references
from memory_pipeline.lib.tense import FUTURE, PAST, PRESENT, tense_of

WED = datetime(2026, 3, 4, 12, 0, tzinfo=UTC)


def ref(text: str, anchor: datetime = WED):
    refs = resolve_temporal_references(text, anchor)
    assert len(refs) == 1, refs
    return refs[0]


def when(text: str, anchor: datetime = WED) -> str:
    return ref(text, anchor).resolved_date.isoformat()


def tense(text: str, expr: str) -> tuple[str, str]:
    start = text.index(expr)
    t = tense_of(text, start, start + len(expr))
    return t.tense, t.cue


# -- the tense reader ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expr", "expected"),
    [
        ("the plumber fixed the boiler on Friday", "on Friday", (PAST, "fixed")),  # regular past
        ("we drove to the coast on Friday", "on Friday", (PAST, "drove")),  # irregular past
        ("I've owned it since Friday", "since Friday", (PAST, "since")),
        ("my aunt has visited on Friday", "on Friday", (PAST, "visited")),
        ("we've eaten there on Friday", "on Friday", (PAST, "eaten")),  # the perfect looks back
        ("the plumber will fix it on Friday", "on Friday", (FUTURE, "will")),
        ("she'll ring on Friday", "on Friday", (FUTURE, "she'll")),
        ("we're going to paint on Friday", "on Friday", (FUTURE, "going")),
        ("you should call them on Friday", "on Friday", (FUTURE, "should")),
        ("I have to renew it on Friday", "on Friday", (FUTURE, "have")),  # obligation, not the perfect
        ("I decided to quit smoking on Friday", "on Friday", (FUTURE, "decided")),  # plan verb + infinitive
        ("the party is on Friday", "on Friday", (PRESENT, "is")),
        ("they are flying out on Friday", "on Friday", (PRESENT, "flying")),  # progressive
        ("visiting grandma on Friday", "on Friday", (PRESENT, "visiting")),  # a note's dropped subject
        ("the room is booked for Friday", "Friday", (FUTURE, "booked")),  # an arrangement's date
        ("I'm excited about Friday", "Friday", (PRESENT, "i'm")),  # "excited" after "be" is no past verb
        ("On Friday, we walked the dog", "On Friday", (PAST, "walked")),  # a fronted phrase joins its clause
        ("dentist on Friday", "on Friday", (PRESENT, "")),  # no tense at all
        # the simple present of the date's own clause, not the past of the next one
        ("we fly to Oslo on Friday, I booked it ages ago", "on Friday", (PRESENT, "fly")),
        ("I think we met on Friday", "on Friday", (PAST, "met")),  # the nearer verb decides
        ("I have a dentist appointment on Friday", "on Friday", (PRESENT, "have")),  # possession, no perfect
        ("I've got the dentist on Friday", "on Friday", (PRESENT, "i've")),
        ("he quit the band on Friday", "on Friday", (PAST, "quit")),  # a past that looks like the base
        ("so stressed about Friday", "Friday", (PRESENT, "")),  # a feeling, not a past verb
        ("the vet appointment booked for the 24th", "for the 24th", (FUTURE, "booked")),
        ("my doctor said the results come back on Friday", "on Friday", (PRESENT, "")),  # reported clause
        ("she told me on Friday that she is moving", "on Friday", (PAST, "told")),  # the telling's own date
        ("flu jab done on Friday", "on Friday", (PAST, "done")),  # a participle as a note's predicate
        ("it will be done by Friday", "Friday", (FUTURE, "will")),
        ("Have you seen it? Anything good on Friday?", "on Friday", (PAST, "seen")),  # the sentence before
        ("anything fun on Friday?", "on Friday", (PRESENT, "")),  # "anything" is no progressive
        ("my manager quit on Friday", "on Friday", (PAST, "quit")),  # no -s: not the present
        ("the parcel gets delivered on Friday", "on Friday", (PRESENT, "")),  # a present passive
        ("I'll get it sorted by Friday", "Friday", (FUTURE, "i'll")),  # a causative: its verb decides
        ("we had them cleaned on Friday", "on Friday", (PAST, "had")),
    ],
)
def test_tense_reader(text, expr, expected):
    assert tense(text, expr) == expected


def test_each_clause_has_its_own_tense():
    text = "I'll phone the bank on Monday, we saw the flat on Tuesday"
    assert tense(text, "on Monday")[0] == FUTURE
    assert tense(text, "on Tuesday")[0] == PAST


def test_a_version_number_is_no_sentence_end():
    assert tense("we shipped 2.1 on Friday", "on Friday") == (PAST, "shipped")


# -- the direction each tense gives -------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("the plumber fixed the boiler on Friday", "2026-02-27"),
        ("the plumber is coming on Friday", "2026-03-06"),
        ("we met this Monday", "2026-03-02"),
        ("the match is this Saturday", "2026-03-07"),
        ("pick up the parcel on Sat", "2026-03-07"),
        ("we walked the dog on Sat", "2026-02-28"),
        ("the kids were off school on the 2nd", "2026-03-02"),
        ("the rent is due on the 2nd", "2026-04-02"),  # this month's 2nd has passed: next month's
        ("the rent is due on the 30th", "2026-03-30"),
        ("we signed the lease on 10 March", "2025-03-10"),
        ("my exam is on 10 March", "2026-03-10"),
        ("we signed the lease on 1 March", "2026-03-01"),
        ("my exam is on 1 March", "2027-03-01"),
        ("the shop opened in September", "2025-09-01"),
        ("the shop opens in September", "2026-09-01"),
        ("we relocate in September, I signed the contract already", "2026-09-01"),  # not the next clause's past
        ("we painted the shed this weekend", "2026-02-28"),  # said on a Wednesday: the weekend gone
        ("we're painting the shed this weekend", "2026-03-07"),
        ("we went camping over the weekend", "2026-02-28"),
        ("what are you doing at the weekend?", "2026-03-07"),
    ],
)
def test_direction_follows_the_tense(text, expected):
    assert when(text) == expected


def test_the_anchor_day_itself_counts_both_ways():
    assert when("we met on 4 March") == when("the meeting is on 4 March") == "2026-03-04"
    assert when("we met on the 4th") == when("the meeting is on the 4th") == "2026-03-04"


# -- expression grammar -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("the Friday after next", "2026-03-13"),  # coming Friday 6th, then the one after
        ("the Monday after next", "2026-03-16"),
        ("the Tuesday before last", "2026-02-24"),  # last Tuesday 3rd, a week before
        ("a week on Friday", "2026-03-13"),
        ("a week from Friday", "2026-03-13"),
        ("two weeks on Thursday", "2026-03-19"),
        ("a fortnight on Monday", "2026-03-23"),
        ("a week last Monday", "2026-02-23"),
        ("a week tomorrow", "2026-03-12"),
        ("a week yesterday", "2026-02-24"),
        ("Tuesday week", "2026-03-17"),
        ("the 3rd of next month", "2026-04-03"),
        ("the 20th of last month", "2026-02-20"),
        ("the week after next", "2026-03-16"),
        ("the weekend before last", "2026-02-21"),
        ("the first Monday of next month", "2026-04-06"),
        ("we met the last Friday in February", "2026-02-27"),
        ("the meetup is the second Tuesday in March", "2026-03-10"),
        ("we met the second Tuesday in March", "2025-03-11"),
        ("the end of the month", "2026-03-01"),  # that month
        ("the start of next week", "2026-03-09"),
        ("Friday next week", "2026-03-13"),
        ("we met Tuesday last week", "2026-02-24"),
        ("the party is Saturday the 14th", "2026-03-14"),
        ("this coming weekend", "2026-03-07"),
    ],
)
def test_expression_grammar(text, expected):
    assert when(text) == expected


def test_the_end_of_the_day_is_an_idiom():
    assert resolve_temporal_references("at the end of the day it's your call", WED) == []


def test_ordinal_days_need_a_preposition_and_no_noun_after():
    anchor = WED
    assert resolve_temporal_references("she lives on the 12th floor", anchor) == []
    assert resolve_temporal_references("my 7th birthday was fun", anchor) == []
    assert resolve_temporal_references("the 20th century", anchor) == []
    assert when("the flat on the 12th floor is let from the 12th") == "2026-03-12"


# -- holidays -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("year", "expected"),
    [(2019, date(2019, 4, 21)), (2024, date(2024, 3, 31)), (2025, date(2025, 4, 20)), (2026, date(2026, 4, 5)),
     (2038, date(2038, 4, 25)), (2285, date(2285, 3, 22))],
)
def test_easter_computus(year, expected):
    assert easter(year) == expected


def test_nth_weekday_holidays():
    assert nth_weekday(2024, 11, 3, 4) == date(2024, 11, 28)  # US Thanksgiving
    assert nth_weekday(2026, 5, 0, -1) == date(2026, 5, 25)  # last Monday of May
    assert HOLIDAYS["good friday"](2026) == date(2026, 4, 3)


@pytest.mark.parametrize(
    ("text", "anchor", "expected"),
    [
        ("we fly home on Christmas Eve", datetime(2026, 11, 1), "2026-12-24"),
        ("we flew home on Christmas Eve", datetime(2026, 11, 1), "2025-12-24"),
        ("last Christmas was quiet", datetime(2026, 11, 1), "2025-12-25"),
        ("next Christmas", datetime(2026, 1, 2), "2026-12-25"),
        ("we'll be in Rome for New Years Eve", datetime(2026, 11, 1), "2026-12-31"),
        ("I proposed on valentine’s day", datetime(2026, 3, 1), "2026-02-14"),
        ("we are hosting Thanksgiving", datetime(2026, 10, 1), "2026-11-26"),
        ("they hid eggs at Easter", datetime(2026, 6, 1), "2026-04-05"),
        ("the clocks change after Easter Monday", datetime(2026, 3, 1), "2026-04-06"),
        ("Christmas 2019 was snowy", datetime(2026, 3, 1), "2019-12-25"),
    ],
)
def test_holidays_by_tense(text, anchor, expected):
    assert when(text, anchor) == expected


def test_every_weekday_is_a_habit_not_a_date():
    assert resolve_temporal_references("I swim every Friday and every other Monday", WED) == []
    assert resolve_temporal_references("I plan the week on Sunday evenings", WED) == []
    assert when("I plan the week on Sunday evening") == "2026-03-08"


def test_a_holiday_after_an_article_is_a_kind_not_a_date():
    assert resolve_temporal_references("we had a Christmas party at work", WED) == []


# -- how each date was resolved -----------------------------------------------------------------


def test_each_reference_records_its_rule_and_the_tense_only_when_the_tense_decided():
    planned, past, fixed = resolve_temporal_references(
        "I'll see Jo on Friday. We met on Monday. It rained yesterday.", WED)
    assert (planned.method, planned.tense, planned.cue) == ("rule:weekday", FUTURE, "i'll")
    assert (past.method, past.tense, past.cue) == ("rule:weekday", PAST, "met")
    assert (fixed.method, fixed.tense, fixed.cue) == ("rule:day_word", None, None)
    assert ref("last Friday").tense is None  # "last" decides, not the clause


def test_a_tensed_date_is_surer_than_an_untensed_one():
    assert ref("on Friday").confidence < ref("we met on Friday").confidence


def test_a_range_of_days_of_the_month():
    refs = resolve_temporal_references("the builders come between the 9th and the 11th", WED)
    assert [r.label for r in refs] == ["2026-03-09", "2026-03-11"]


def test_a_month_with_its_part_follows_the_tense():
    assert ref("we move at the end of June").label == "2026-06-01..2026-06-30"
    assert ref("we moved at the end of June").label == "2025-06-01..2025-06-30"


def test_the_issue_examples():
    feb = datetime(2026, 2, 10, 12, 0, tzinfo=UTC)  # a Tuesday
    assert when("The review is on Monday", feb) == "2026-02-16"
    assert when("we met on Monday", feb) == "2026-02-09"
    assert when("we land on April 4", feb) == "2026-04-04"
    assert when("we landed on April 4", feb) == "2025-04-04"
    assert when("a week from Sunday", feb) == "2026-02-22"
    assert when("the report is due on the 20th", feb) == "2026-02-20"
    assert when("we are moving this weekend", feb) == "2026-02-14"
    assert when("last Christmas", feb) == "2025-12-25"
