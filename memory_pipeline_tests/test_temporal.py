import calendar
from datetime import UTC, date, datetime, timedelta, timezone

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memory_pipeline.lib.temporal import (
    GRANULARITIES,
    TemporalReference,
    annotate_dates,
    resolve_temporal_reference,
    resolve_temporal_references,
)

# Seed 003's example: a memory recorded on Monday 2023-05-08 14:30 UTC.
ANCHOR = datetime(2023, 5, 8, 14, 30, tzinfo=UTC)

anchors = st.datetimes(min_value=datetime(1990, 1, 1), max_value=datetime(2100, 12, 31, 23, 59))
WEEKDAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
# Spelled out: strftime("%B") and calendar.month_name follow the process locale.
MONTH_NAMES = [
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
]  # fmt: skip


def one(text: str, anchor: datetime = ANCHOR) -> TemporalReference:
    refs = resolve_temporal_references(text, anchor)
    assert len(refs) == 1, refs
    return refs[0]


def span(text: str, anchor: datetime = ANCHOR) -> tuple[str, str]:
    ref = one(text, anchor)
    return ref.resolved_date.isoformat(), ref.resolved_end.isoformat()


def day(text: str, anchor: datetime = ANCHOR) -> str:
    start, end = span(text, anchor)
    assert start == end
    return start


# -- the seed example and the single-expression helper -----------------------------------------


def test_seed_example_yesterday():
    resolved = resolve_temporal_reference("yesterday", ANCHOR)
    assert resolved is not None
    assert resolved.resolved_date == date(2023, 5, 7)
    assert resolved.resolved_end == date(2023, 5, 7)
    assert resolved.granularity == "day"
    assert resolved.confidence == 1.0


def test_single_expression_helper_returns_none_without_a_date():
    assert resolve_temporal_reference("the support group", ANCHOR) is None
    assert resolve_temporal_reference("", ANCHOR) is None


def test_single_expression_helper_picks_the_longest_expression():
    ref = resolve_temporal_reference("on Friday, the day before yesterday", ANCHOR)
    assert ref is not None
    assert ref.original_text == "the day before yesterday"


def test_spans_and_original_text_point_into_the_text():
    text = "Caroline said she went to the support group yesterday."
    ref = one(text)
    assert text[ref.start : ref.end] == ref.original_text == "yesterday"


# -- days relative to the anchor ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("expr", "expected"),
    [
        ("today", "2023-05-08"),
        ("tonight", "2023-05-08"),
        ("this morning", "2023-05-08"),
        ("this afternoon", "2023-05-08"),
        ("this evening", "2023-05-08"),
        ("earlier today", "2023-05-08"),
        ("later today", "2023-05-08"),
        ("yesterday", "2023-05-07"),
        ("yesterday evening", "2023-05-07"),
        ("last night", "2023-05-07"),
        ("the day before yesterday", "2023-05-06"),
        ("tomorrow", "2023-05-09"),
        ("tomorrow morning", "2023-05-09"),
        ("the day after tomorrow", "2023-05-10"),
    ],
)
def test_day_words(expr, expected):
    assert day(expr) == expected


def test_longest_expression_wins_over_its_parts():
    ref = one("We talked the day before yesterday.")
    assert ref.original_text == "the day before yesterday"
    assert ref.resolved_date == date(2023, 5, 6)


def test_matching_is_case_insensitive():
    assert day("YESTERDAY") == "2023-05-07"
    assert day("Last FRIDAY") == "2023-05-05"


# -- N units ago / in N units ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("expr", "expected", "granularity"),
    [
        ("3 days ago", "2023-05-05", "day"),
        ("three days ago", "2023-05-05", "day"),
        ("a day ago", "2023-05-07", "day"),
        ("two weeks ago", "2023-04-24", "week"),
        ("a week ago", "2023-05-01", "week"),
        ("a fortnight ago", "2023-04-24", "week"),
        ("twelve days ago", "2023-04-26", "day"),
        ("an hour or a month ago", "2023-04-08", "month"),
        ("6 months ago", "2022-11-08", "month"),
        ("2 years ago", "2021-05-08", "year"),
        ("a couple of days ago", "2023-05-06", "day"),
        ("a couple weeks ago", "2023-04-24", "week"),
        ("a few days ago", "2023-05-05", "day"),
        ("in 3 days", "2023-05-11", "day"),
        ("in two weeks", "2023-05-22", "week"),
        ("in a week's time", "2023-05-15", "week"),
        ("in 2 weeks' time", "2023-05-22", "week"),
        ("in a month", "2023-06-08", "month"),
        ("5 days from now", "2023-05-13", "day"),
    ],
)
def test_quantities(expr, expected, granularity):
    ref = one(expr)
    assert ref.resolved_date.isoformat() == expected
    assert ref.resolved_end == ref.resolved_date
    assert ref.granularity == granularity


def test_vague_quantities_have_lower_confidence():
    exact = one("3 days ago").confidence
    couple = one("a couple of days ago").confidence
    few = one("a few days ago").confidence
    assert exact == 1.0
    assert few < couple < exact


def test_months_ago_clamps_to_the_end_of_a_shorter_month():
    assert day("1 month ago", datetime(2023, 3, 31)) == "2023-02-28"
    assert day("1 month ago", datetime(2024, 3, 31)) == "2024-02-29"
    assert day("1 year ago", datetime(2024, 2, 29)) == "2023-02-28"


def test_recent_and_upcoming_spans():
    assert span("the past 3 days") == ("2023-05-05", "2023-05-08")
    assert span("in the last two weeks") == ("2023-04-24", "2023-05-08")
    assert span("over the past week") == ("2023-05-01", "2023-05-08")
    assert span("the last few months") == ("2023-02-08", "2023-05-08")
    assert span("the next 2 days") == ("2023-05-08", "2023-05-10")


# -- calendar units -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("expr", "expected"),
    [
        ("last week", ("2023-05-01", "2023-05-07")),
        ("this week", ("2023-05-08", "2023-05-14")),
        ("next week", ("2023-05-15", "2023-05-21")),
        ("last weekend", ("2023-05-06", "2023-05-07")),
        ("this weekend", ("2023-05-13", "2023-05-14")),
        ("next weekend", ("2023-05-20", "2023-05-21")),
        ("last month", ("2023-04-01", "2023-04-30")),
        ("this month", ("2023-05-01", "2023-05-31")),
        ("next month", ("2023-06-01", "2023-06-30")),
        ("last year", ("2022-01-01", "2022-12-31")),
        ("this year", ("2023-01-01", "2023-12-31")),
        ("next year", ("2024-01-01", "2024-12-31")),
    ],
)
def test_calendar_units(expr, expected):
    assert span(expr) == expected


def test_granularities_are_from_the_documented_set():
    text = "yesterday, last week, last month, last year, last summer, two weeks ago"
    refs = resolve_temporal_references(text, ANCHOR)
    assert {r.granularity for r in refs} == {"day", "week", "month", "year", "season"}
    assert set(GRANULARITIES) >= {r.granularity for r in refs}


def test_last_month_across_a_year_boundary():
    assert span("last month", datetime(2024, 1, 15)) == ("2023-12-01", "2023-12-31")
    assert span("next month", datetime(2023, 12, 15)) == ("2024-01-01", "2024-01-31")
    assert span("last month", datetime(2024, 3, 1)) == ("2024-02-01", "2024-02-29")


# -- weekdays -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("expr", "expected"),
    [
        ("last Friday", "2023-05-05"),
        ("this past Friday", "2023-05-05"),
        ("last Fri", "2023-05-05"),
        ("last Tues", "2023-05-02"),
        ("last Monday", "2023-05-01"),  # the anchor is a Monday: a week earlier
        ("last Sunday", "2023-05-07"),
        ("we met on Friday", "2023-05-05"),  # past tense: the last Friday
        ("the review is on Friday", "2023-05-12"),  # a plan: the next Friday
        ("Friday", "2023-05-12"),  # no tense at all reads as present, so forward
        ("next Friday", "2023-05-12"),
        ("next Monday", "2023-05-15"),
        ("this coming Wednesday", "2023-05-10"),
        ("this Friday", "2023-05-12"),
        ("this Monday", "2023-05-08"),  # said on a Monday: today
        ("I called him this Monday", "2023-05-08"),
    ],
)
def test_weekdays(expr, expected):
    assert day(expr) == expected


def test_last_friday_on_a_friday_is_a_week_earlier():
    friday = datetime(2023, 5, 12, 9, 0)
    assert day("last Friday", friday) == "2023-05-05"


def test_weekdays_without_a_tense_are_less_certain_than_tensed_ones_and_last_weekday():
    assert one("Friday").confidence < one("we met on Friday").confidence < one("last Friday").confidence


def test_plural_weekdays_are_habits_not_dates():
    assert resolve_temporal_references("I go swimming on Fridays", ANCHOR) == []


def test_possessive_weekday_is_a_date():
    assert day("Friday's meeting ran long") == "2023-05-05"


# -- months and seasons -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("expr", "expected"),
    [
        ("we moved in March", ("2023-03-01", "2023-03-31")),  # past tense: the last March
        ("we move in March", ("2024-03-01", "2024-03-31")),  # present: the next one
        ("it opened in May", ("2023-05-01", "2023-05-31")),  # the anchor's own month either way
        ("it opens in May", ("2023-05-01", "2023-05-31")),
        ("I was there in June", ("2022-06-01", "2022-06-30")),
        ("I'll be there in June", ("2023-06-01", "2023-06-30")),
        ("since June", ("2022-06-01", "2022-06-30")),  # "since" looks back whatever the tense
        ("this March", ("2023-03-01", "2023-03-31")),
        ("this June", ("2023-06-01", "2023-06-30")),
        ("last March", ("2023-03-01", "2023-03-31")),
        ("last May", ("2022-05-01", "2022-05-31")),
        ("next March", ("2024-03-01", "2024-03-31")),
        ("next June", ("2023-06-01", "2023-06-30")),
        ("it snowed in early February", ("2023-02-01", "2023-02-28")),
        ("he left mid-March", ("2023-03-01", "2023-03-31")),
        ("March 2021", ("2021-03-01", "2021-03-31")),
        ("in February of 2024", ("2024-02-01", "2024-02-29")),
    ],
)
def test_months(expr, expected):
    ref = one(expr)
    assert (ref.resolved_date.isoformat(), ref.resolved_end.isoformat()) == expected
    assert ref.granularity == "month"


def test_a_month_without_a_tense_is_less_certain_than_a_tensed_one():
    assert one("in June").confidence < one("we went in June").confidence


def test_bare_month_names_and_the_verb_may_are_not_dates():
    assert resolve_temporal_references("This may be a problem", ANCHOR) == []
    assert resolve_temporal_references("We may 2x the budget", ANCHOR) == []
    assert resolve_temporal_references("The march on the capital", ANCHOR) == []


@pytest.mark.parametrize(
    ("expr", "anchor", "expected"),
    [
        ("last summer", datetime(2023, 5, 8), ("2022-06-01", "2022-08-31")),
        ("last summer", datetime(2023, 10, 1), ("2023-06-01", "2023-08-31")),
        ("last summer", datetime(2023, 7, 1), ("2022-06-01", "2022-08-31")),
        ("this summer", datetime(2023, 5, 8), ("2023-06-01", "2023-08-31")),
        ("next summer", datetime(2023, 7, 1), ("2024-06-01", "2024-08-31")),
        ("last winter", datetime(2023, 5, 8), ("2022-12-01", "2023-02-28")),
        ("this winter", datetime(2024, 1, 10), ("2023-12-01", "2024-02-29")),
        ("last fall", datetime(2023, 5, 8), ("2022-09-01", "2022-11-30")),
        ("summer 2021", datetime(2023, 5, 8), ("2021-06-01", "2021-08-31")),
        ("in the winter of 2019", datetime(2023, 5, 8), ("2019-12-01", "2020-02-29")),
    ],
)
def test_seasons(expr, anchor, expected):
    ref = one(expr, anchor)
    assert (ref.resolved_date.isoformat(), ref.resolved_end.isoformat()) == expected
    assert ref.granularity == "season"


# -- explicit dates -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("expr", "expected", "confidence"),
    [
        ("2023-05-07", "2023-05-07", 1.0),
        ("2021/12/31", "2021-12-31", 1.0),
        ("May 7, 2021", "2021-05-07", 1.0),
        ("May 7th, 2021", "2021-05-07", 1.0),
        ("7 May 2021", "2021-05-07", 1.0),
        ("the 7th of May 2021", "2021-05-07", 1.0),
        ("Sept. 3 2020", "2020-09-03", 1.0),
        ("we met on Sunday, May 7", "2023-05-07", 0.85),
        ("it rained on May 7", "2023-05-07", 0.85),
        ("May 7", "2024-05-07", 0.6),  # no tense: forward, less sure
        ("we met on May 8", "2023-05-08", 0.85),  # the anchor day itself counts either way
        ("the launch is on May 8", "2023-05-08", 0.85),
        ("we met on May 9", "2022-05-09", 0.85),  # past tense, not yet reached this year: last year's
        ("the launch is on May 9", "2023-05-09", 0.85),  # a plan: this year's
        ("we met on December 25th", "2022-12-25", 0.85),
        ("we met on 3 Jan", "2023-01-03", 0.85),
        ("we will meet on 3 Jan", "2024-01-03", 0.85),
    ],
)
def test_explicit_dates(expr, expected, confidence):
    ref = one(expr)
    assert expr.endswith(ref.original_text)
    assert ref.resolved_date.isoformat() == expected
    assert ref.confidence == confidence


def test_explicit_date_with_weekday_is_one_reference():
    ref = one("We met on Sunday, May 7th, 2023 at noon")
    assert ref.original_text == "Sunday, May 7th, 2023"
    assert ref.resolved_date == date(2023, 5, 7)


def test_february_29_without_year_goes_to_the_leap_year_the_tense_points_at():
    assert day("we married on Feb 29", datetime(2023, 5, 8)) == "2020-02-29"
    assert day("the party is on Feb 29", datetime(2023, 5, 8)) == "2024-02-29"


def test_impossible_dates_are_ignored():
    assert resolve_temporal_references("2023-02-30 and February 30 and 2023-13-01", ANCHOR) == []


def test_iso_date_with_time_is_recognised():
    assert day("deployed at 2023-01-31T10:00:00Z") == "2023-01-31"


def test_year_expression():
    assert span("in 2021") == ("2021-01-01", "2021-12-31")
    assert span("during 1999") == ("1999-01-01", "1999-12-31")
    assert resolve_temporal_references("I have 2021 stars", ANCHOR) == []


def test_numbers_with_four_digits_are_not_dates():
    assert resolve_temporal_references("The answer is 12345 and the code is 4242", ANCHOR) == []


# -- several expressions, anchors and time zones -----------------------------------------------


def test_several_expressions_in_text_order():
    text = "Two weeks ago I moved; yesterday I unpacked, and next Friday is the party."
    refs = resolve_temporal_references(text, ANCHOR)
    assert [r.original_text for r in refs] == ["Two weeks ago", "yesterday", "next Friday"]
    assert [r.resolved_date.isoformat() for r in refs] == ["2023-04-24", "2023-05-07", "2023-05-12"]
    assert all(a.end <= b.start for a, b in zip(refs, refs[1:], strict=False))


def test_anchor_date_is_taken_in_the_anchor_own_time_zone():
    # 23:30 in New York is already the next day in UTC; the writer's calendar date counts.
    new_york = datetime(2023, 5, 8, 23, 30, tzinfo=timezone(timedelta(hours=-4)))
    assert day("yesterday", new_york) == "2023-05-07"
    tokyo = datetime(2023, 5, 8, 1, 0, tzinfo=timezone(timedelta(hours=9)))
    assert day("yesterday", tokyo) == "2023-05-07"


def test_naive_anchor_is_treated_like_utc():
    assert day("yesterday", datetime(2023, 5, 8, 14, 30)) == day("yesterday", ANCHOR)


def test_no_expressions_in_plain_text():
    text = "The user asked the assistant to refactor the billing module with correct tax rules"
    assert resolve_temporal_references(text, ANCHOR) == []
    assert resolve_temporal_references("", ANCHOR) == []


def test_out_of_range_arithmetic_is_skipped_not_raised():
    assert resolve_temporal_references("9999 years ago", datetime(2000, 1, 1)) == []
    assert resolve_temporal_references("in 9999 years", datetime(2000, 1, 1)) == []


# -- annotate_dates -----------------------------------------------------------------------------


def test_annotate_inserts_dates_and_ranges():
    text = "Caroline went yesterday and again last week."
    out = annotate_dates(text, resolve_temporal_references(text, ANCHOR))
    assert out == "Caroline went yesterday [2023-05-07] and again last week [2023-05-01..2023-05-07]."


def test_annotate_without_references_returns_the_text():
    assert annotate_dates("nothing here", []) == "nothing here"


def test_annotate_is_idempotent():
    text = "Met Bob last Friday, flew out 2023-05-01 and will return in March 2024."
    once = annotate_dates(text, resolve_temporal_references(text, ANCHOR))
    twice = annotate_dates(once, resolve_temporal_references(once, ANCHOR))
    assert twice == once
    assert once.count("[") == 2  # the ISO date needs no label


def test_annotate_rejects_references_that_do_not_fit():
    ref = one("yesterday")
    with pytest.raises(ValueError):
        annotate_dates("tomorrow!", [ref])


def test_annotate_rejects_overlapping_references():
    ref = one("the day before yesterday")
    inner = TemporalReference("yesterday", 15, 24, date(2023, 5, 7), date(2023, 5, 7), "day", 1.0)
    with pytest.raises(ValueError):
        annotate_dates("the day before yesterday", [ref, inner])


# -- properties ---------------------------------------------------------------------------------


@settings(max_examples=300)
@given(anchor=anchors, n=st.integers(min_value=0, max_value=3650))
def test_n_days_ago_is_plain_subtraction(anchor, n):
    assert one(f"{n} days ago", anchor).resolved_date == anchor.date() - timedelta(days=n)


@settings(max_examples=300)
@given(anchor=anchors, n=st.integers(min_value=1, max_value=520))
def test_n_weeks_ago_and_in_n_days(anchor, n):
    assert one(f"{n} weeks ago", anchor).resolved_date == anchor.date() - timedelta(weeks=n)
    assert one(f"in {n} days", anchor).resolved_date == anchor.date() + timedelta(days=n)


@settings(max_examples=300)
@given(anchor=anchors, n=st.integers(min_value=0, max_value=240))
def test_n_months_ago_lands_n_calendar_months_back(anchor, n):
    d = one(f"{n} months ago", anchor).resolved_date
    a = anchor.date()
    assert (a.year * 12 + a.month) - (d.year * 12 + d.month) == n
    assert d.day == min(a.day, calendar.monthrange(d.year, d.month)[1])


@settings(max_examples=300)
@given(anchor=anchors)
def test_yesterday_and_tomorrow_are_adjacent_days(anchor):
    a = anchor.date()
    assert one("yesterday", anchor).resolved_date == a - timedelta(days=1)
    assert one("tomorrow", anchor).resolved_date == a + timedelta(days=1)
    assert one("today", anchor).resolved_date == a


@pytest.mark.parametrize(
    ("anchor", "yesterday", "tomorrow"),
    [
        (datetime(2023, 1, 1), "2022-12-31", "2023-01-02"),
        (datetime(2022, 12, 31), "2022-12-30", "2023-01-01"),
        (datetime(2024, 2, 29), "2024-02-28", "2024-03-01"),
        (datetime(2024, 3, 1), "2024-02-29", "2024-03-02"),
        (datetime(2023, 3, 1), "2023-02-28", "2023-03-02"),
        (datetime(2023, 2, 28), "2023-02-27", "2023-03-01"),
        (datetime(2000, 2, 28), "2000-02-27", "2000-02-29"),  # 2000 is a leap year
        (datetime(2100, 2, 28), "2100-02-27", "2100-03-01"),  # 2100 is not
    ],
)
def test_yesterday_tomorrow_across_month_and_year_ends(anchor, yesterday, tomorrow):
    assert day("yesterday", anchor) == yesterday
    assert day("tomorrow", anchor) == tomorrow


@settings(max_examples=300)
@given(anchor=anchors)
def test_last_month_ends_the_day_before_this_month_starts(anchor):
    last = one("last month", anchor)
    this = one("this month", anchor)
    assert last.resolved_end == this.resolved_date - timedelta(days=1)
    assert last.resolved_date.day == 1
    assert this.resolved_date == anchor.date().replace(day=1)
    assert this.resolved_date <= anchor.date() <= this.resolved_end


@settings(max_examples=300)
@given(anchor=anchors, weekday=st.sampled_from(WEEKDAY_NAMES))
def test_last_weekday_is_within_the_seven_days_before(anchor, weekday):
    d = one(f"last {weekday}", anchor).resolved_date
    assert 1 <= (anchor.date() - d).days <= 7
    assert d.weekday() == WEEKDAY_NAMES.index(weekday)


@settings(max_examples=300)
@given(anchor=anchors, weekday=st.sampled_from(WEEKDAY_NAMES))
def test_next_weekday_is_within_the_seven_days_after(anchor, weekday):
    d = one(f"next {weekday}", anchor).resolved_date
    assert 1 <= (d - anchor.date()).days <= 7
    assert d.weekday() == WEEKDAY_NAMES.index(weekday)


@settings(max_examples=300)
@given(anchor=anchors)
def test_weeks_are_monday_to_sunday_and_adjacent(anchor):
    last, this, nxt = (one(f"{rel} week", anchor) for rel in ("last", "this", "next"))
    assert this.resolved_date <= anchor.date() <= this.resolved_end
    for ref in (last, this, nxt):
        assert ref.resolved_date.weekday() == 0
        assert (ref.resolved_end - ref.resolved_date).days == 6
    assert last.resolved_end + timedelta(days=1) == this.resolved_date
    assert this.resolved_end + timedelta(days=1) == nxt.resolved_date


@settings(max_examples=300)
@given(d=st.dates(min_value=date(1990, 1, 1), max_value=date(2100, 12, 31)), anchor=anchors)
def test_explicit_dates_with_a_year_ignore_the_anchor(d, anchor):
    name = MONTH_NAMES[d.month - 1]
    for text in (d.isoformat(), f"{name} {d.day}, {d.year}", f"{d.day} {name} {d.year}"):
        assert one(text, anchor).resolved_date == d


@settings(max_examples=300)
@given(d=st.dates(min_value=date(1990, 1, 1), max_value=date(2100, 12, 31)), anchor=anchors)
def test_explicit_dates_without_a_year_are_the_nearest_the_tense_allows(d, anchor):
    when = f"{MONTH_NAMES[d.month - 1]} {d.day}"
    past = one(f"it happened on {when}", anchor).resolved_date
    plan = one(f"it is on {when}", anchor).resolved_date
    # The year before (after) would also fit, so nothing nearer was skipped (Feb 29 may skip several years).
    most = 366 if (d.month, d.day) != (2, 29) else 366 * 8
    for resolved in (past, plan):
        assert (resolved.month, resolved.day) == (d.month, d.day)
    assert 0 <= (anchor.date() - past).days <= most
    assert 0 <= (plan - anchor.date()).days <= most


@settings(max_examples=200)
@given(anchor=anchors, month=st.sampled_from(MONTH_NAMES))
def test_month_rules(anchor, month):
    a = anchor.date()
    number = MONTH_NAMES.index(month) + 1
    last = one(f"last {month}", anchor).resolved_date
    nxt = one(f"next {month}", anchor).resolved_date
    in_ = one(f"we went in {month}", anchor).resolved_date
    ahead = one(f"we go in {month}", anchor).resolved_date
    assert last.month == nxt.month == in_.month == ahead.month == number
    assert (last.year, last.month) < (a.year, a.month) <= (last.year + 1, last.month)
    assert (nxt.year, nxt.month) > (a.year, a.month) >= (nxt.year - 1, nxt.month)
    assert (in_.year, in_.month) <= (a.year, a.month) < (in_.year + 1, in_.month)
    assert (ahead.year - 1, ahead.month) < (a.year, a.month) <= (ahead.year, ahead.month)
    assert one(f"this {month}", anchor).resolved_date.year == a.year


@settings(max_examples=100)
@given(anchor=anchors, season=st.sampled_from(["spring", "summer", "autumn", "fall", "winter"]))
def test_season_rules(anchor, season):
    a = anchor.date()
    last = one(f"last {season}", anchor)
    nxt = one(f"next {season}", anchor)
    assert last.resolved_end < a < nxt.resolved_date
    for ref in (last, nxt):
        assert 89 <= (ref.resolved_end - ref.resolved_date).days <= 91


@settings(max_examples=200)
@given(
    anchor=anchors,
    words=st.lists(
        st.sampled_from(
            ["the", "user", "asked", "to", "deploy", "service", "cats", "Alice", "fridays", "maybe"]
        ),
        max_size=20,
    ),
)
def test_texts_without_date_words_have_no_references(anchor, words):
    assert resolve_temporal_references(" ".join(words), anchor) == []


@settings(max_examples=200)
@given(anchor=anchors, n=st.integers(min_value=1, max_value=30), prefix=st.text(max_size=30))
def test_references_never_overlap_and_match_the_text(anchor, n, prefix):
    text = f"{prefix} {n} days ago, yesterday and last Friday, the day before yesterday"
    refs = resolve_temporal_references(text, anchor)
    assert all(text[r.start : r.end] == r.original_text for r in refs)
    assert all(a.end <= b.start for a, b in zip(refs, refs[1:], strict=False))
    assert all(r.resolved_date <= r.resolved_end for r in refs)
    assert all(0.0 < r.confidence <= 1.0 for r in refs)


# -- performance --------------------------------------------------------------------------------




def test_a_short_weekday_alone_is_no_date():
    assert resolve_temporal_references("The sun was out on Sun and we sat in the park.", datetime(2023, 5, 8)) == []


def test_this_past_weekend_is_the_last_one():
    (ref,) = resolve_temporal_references("that roadtrip this past weekend", datetime(2023, 5, 10))
    assert (ref.label, ref.granularity) == ("2023-05-06..2023-05-07", "week")


@pytest.mark.parametrize(("text", "span"), [
    ("The fair opens on 9 June.", "9 June"),  # the sentence's full stop is no part of the date
    ("we sail on 4 Oct. with the club", "4 Oct."),  # an abbreviation's point mid-sentence is
    ("booked for 4 Oct. 2024", "4 Oct. 2024"),
])
def test_a_full_stop_after_a_month_belongs_to_the_sentence(text, span):
    assert [r.original_text for r in resolve_temporal_references(text, ANCHOR)] == [span]


def test_a_capitalised_weekday_abbreviation_before_a_date_is_the_weekday_not_a_past_verb():
    # "Sat" before a date names the day (it is no past of "sit" turning a plan into the past); "sat" the verb is
    wed = datetime(2024, 9, 11, 12, tzinfo=UTC)
    assert [(r.original_text, r.label) for r in resolve_temporal_references("Sat 14th Sept is the gig", wed)] == [
        ("Sat 14th Sept", "2024-09-14")]
    assert [r.label for r in resolve_temporal_references("we sat 14 Sept exams", wed)] == ["2023-09-14"]


# -- days in numbers and in words (anchor: Monday 2023-05-08) ------------------------------------


@pytest.mark.parametrize(("text", "expected"), [
    ("the vet is on 14/06", "2023-06-14"),  # the number over 12 is the day
    ("the invoice is due 6/14/2023", "2023-06-14"),  # month first when the second is over 12
    ("she was born 03/11/91", "1991-11-03"),  # two-digit year; neither over 12: the day first
    ("the courier came on 2/5", "2023-05-02"),  # past tense: the last such day
    ("we fly on the first of June", "2023-06-01"),
    ("the lease started on the twenty-third of March", "2023-03-23"),
    ("the recital is June second", "2023-06-02"),
    ("our kickoff is on Weds", "2023-05-10"),
])
def test_days_in_numbers_and_in_words(text, expected):
    assert day(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("the dentist is tmrw", "2023-05-09"),  # chat spellings read as the word they stand for
    ("got the results 2 wks ago", "2023-04-24"),
    ("surgery in 3 wks", "2023-05-29"),
    ("I met him two Saturdays ago", "2023-04-29"),  # the last Saturday, then a week back
    ("the kitchen gets fitted Mon 15th", "2023-05-15"),  # a weekday before the day needs no "the"
    ("the new role starts Monday 22nd", "2023-05-22"),
    ("the gig is on the twelfth", "2023-05-12"),  # a day in words with no month
    ("the move is booked for March 3rd", "2024-03-03"),  # the day, not "for March"
])
def test_days_said_as_people_type_them(text, expected):
    assert day(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("the trip is booked for August", ("2023-08-01", "2023-08-31")),  # a month after "for", "by", "until"
    ("I got the job in Feb", ("2023-02-01", "2023-02-28")),  # a capitalised short month after "in"
    ("I'll finish it by the weekend", ("2023-05-13", "2023-05-14")),
    ("I'll sort it next wk", ("2023-05-15", "2023-05-21")),
])
def test_months_and_weekends_said_as_people_type_them(text, expected):
    assert span(text) == expected


@pytest.mark.parametrize("text", [
    "Jan's car is red",  # a short month name with a possessive is a person
    "she nailed the jump on the first go",  # a day in words before a lower-case word is no day
    "we sat on the second floor",
])
def test_names_and_ordinals_that_are_no_dates(text):
    assert resolve_temporal_references(text, ANCHOR) == []


@pytest.mark.parametrize("text", [
    "the shop is open 24/7",  # no word that dates it and no year
    "3/4 of the team voted yes",
    "the first May bank holiday was wet",  # a day in words before its month takes "of"
    "in May first-time buyers rushed in",
])
def test_what_only_looks_like_a_day_is_none(text):
    assert not [r for r in resolve_temporal_references(text, ANCHOR) if r.granularity == "day"]
