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
    assert someone_else("She loves her job") and someone_else("Melanie: she paints") and not someone_else("I paint")
