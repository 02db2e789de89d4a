"""The local reasoned answer comes from rows that match the question (issue 30, part 6): the kind of
value asked for, whose fact it is, the question's terms, and current rows only."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from memory_pipeline.lib.question_match import read_question, says_kind, someone_else
from memory_pipeline_tests.fixtures import alice_memories

pytestmark = pytest.mark.integration


@pytest.fixture
def sam(service):
    now = datetime.now(UTC)
    for text, days in (("I live in Leeds, in a terraced house near Hyde Park.", 100),
                       ("My sister Ruth has just started as a paediatric nurse at the General.", 3),
                       ("She loves her new job and her colleagues there.", 2),
                       ("Booked the car in for its MOT next week.", 1)):
        service.remember("sam", text, created_at=(now - timedelta(days=days)).isoformat())
    return service


def test_where_does_she_live_answers_with_a_place_not_the_sisters_job(sam):
    ans = sam.reason("sam", "where does she live?")
    assert "Leeds" in ans["answer"], ans
    assert ans["method"] == "deterministic" and ans["source_ids"][0]


def test_a_question_about_another_person_answers_from_their_rows(sam):
    ans = sam.reason("sam", "what does my sister do for work?")
    assert "nurse" in ans["answer"], ans


def test_nothing_that_matches_gives_no_answer(sam):
    ans = sam.reason("sam", "what is my favourite film?")
    assert ans["answer"] == "No memory answers this." and ans["confidence"] == 0.0, ans


def test_current_rows_answer_before_superseded_ones(service):
    service.remember_many(alice_memories())
    assert service.consolidate("alice")["status"] == "SUCCESS"
    ans = service.reason("alice", "which city do I live in?")
    assert "Berlin" in ans["answer"] and "Paris" not in ans["answer"], ans


def test_question_structure():
    assert read_question("where does she live?") == read_question("Where do I live?")
    assert read_question("where does she live?").asks == "place"
    assert read_question("What does my brother do?").subject == "brother"
    assert read_question("What is my job?").subject is None  # after a copula, "my job" is what is asked
    assert read_question("How many cats does Tom have?").subject == "tom"
    assert says_kind("moved to Berlin", "place") and not says_kind("loves her job", "place")
    assert says_kind("signed with Halden Insurance last week", "place")  # "where does she work": an organisation
    assert someone_else("She loves her job") and someone_else("Melanie: she paints") and not someone_else("I paint")


def test_near_ties_go_to_the_newer_row():
    from memory_pipeline.engines.local_reasoning import answer
    from memory_pipeline.recall import RecallRow

    def row(i, text, score, at):
        return RecallRow(id=str(i), kind="memory", content=text, score=score, tier="hot", created_at=at,
                         source_ids=[i], source_external_ids=[])

    rows = [row(1, "ticket OPS-1 is blocked on the security review", 0.55, "2025-06-01T10:00:00+00:00"),
            row(2, "closed OPS-1 this afternoon", 0.50, "2025-06-20T10:00:00+00:00"),
            row(3, "OPS-2 is a printer ticket", 0.05, "2025-06-25T10:00:00+00:00")]
    got = answer("What is the status of ticket OPS-1?", rows, None)
    assert got.answer == "closed OPS-1 this afternoon" and got.source_ids[0] == "2"


def test_a_where_question_answers_with_the_organisation_one_joined(service):
    now = datetime.now(UTC)
    for text, days in (("These days I work for Marrow Biotech, mostly on the night shift.", 5),
                       ("Any ideas for a vegetarian lasagne?", 4), ("The boiler is making a knocking noise.", 3)):
        service.remember("kit", text, created_at=(now - timedelta(days=days)).isoformat())
    ans = service.reason("kit", "Where does the user work?")
    assert "Marrow Biotech" in ans["answer"], ans


def test_a_when_answer_gives_the_resolved_date_and_what_it_dates(service):
    at = datetime(2026, 3, 4, 9, 0, tzinfo=UTC)  # a Wednesday
    service.remember("lou", "the choir rehearsal moved to Friday at 7pm", created_at=at.isoformat())
    ans = service.reason("lou", "What time is the choir rehearsal?", as_of=(at + timedelta(hours=1)).isoformat())
    assert ans["answer"].startswith("2026-03-06") and "Friday at 7pm" in ans["answer"], ans


def test_a_newer_word_on_the_questions_topic_answers_though_it_matches_less(service):
    now = datetime.now(UTC)
    for text, days in (("my cousin's christening is on 8 June at St Mary's church in Bray", 20),
                       ("the dishwasher is leaking again", 15),
                       ("oops, the christening got moved: 15 June now", 2)):
        service.remember("ines", text, created_at=(now - timedelta(days=days)).isoformat())
    ans = service.reason("ines", "When is my cousin's christening?")
    assert "15 June" in ans["answer"] and "8 June" not in ans["answer"], ans


def test_a_newer_text_on_the_topic_about_someone_else_does_not_answer(service):
    now = datetime.now(UTC)
    for text, days in (("I live in Bray, close to the seafront", 20), ("my sister lives in Galway now", 1)):
        service.remember("ines2", text, created_at=(now - timedelta(days=days)).isoformat())
    ans = service.reason("ines2", "Where do I live?")
    assert "Bray" in ans["answer"], ans
