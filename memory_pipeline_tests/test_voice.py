"""An agent's note about "the user" reads as the user's own words (lib/voice.py), in the clause reader
and so in the profile."""

from __future__ import annotations

import pytest

from memory_pipeline.lib.extract.statements import statements
from memory_pipeline.lib.voice import own_voice


@pytest.mark.parametrize(("note", "first_person"), [
    ("The user lives in Ghent.", "I live in Ghent."),
    ("User's cat is called Pepper.", "my cat is called Pepper."),
    ("The user watches films and reads a lot.", "I watch films and reads a lot."),
    ("The user now teaches yoga.", "I now teach yoga."),
    # a reporting verb drops its frame: what the user said of themself stays
    ("The user said she sold her scooter.", "I sold my scooter."),
    ("The user mentioned that he has moved to Tartu.", "I have moved to Tartu."),
    # a pronoun after the user is the user ...
    ("The user quit smoking; she is training for a 10k.", "I quit smoking; I am training for a 10k."),
    ("The user skipped lunch because they're busy.", "I skipped lunch because I'm busy."),
    # ... until another person is named: the pronoun may be theirs
    ("The user's brother lives in Riga and he loves it.", "my brother lives in Riga and he loves it."),
    ("The user met Ines. Ines said she is moving to Porto.", "I met Ines. Ines said she is moving to Porto."),
    # after a count of things a "they" may be those things; a gendered pronoun is still the user
    ("The user has three dogs; they bark and she walks them.", "I have three dogs; they bark and I walk them."),
    ("The user and Omar got married in May.", "Omar and I got married in May."),
    # only what follows the user's first mention: a pronoun before it is someone else's
    ("When she called, the user was at work.", "When she called, I was at work."),
])
def test_an_agents_note_is_read_in_the_first_person(note, first_person):
    assert own_voice(note) == first_person


@pytest.mark.parametrize("text", [
    "User: I live in Ghent now.",  # a speaker label is no subject
    "my sister says she is moving to Leeds",  # no "user": her pronoun is hers
    "I told her the user manual was wrong",
])
def test_text_in_the_users_own_voice_or_about_others_is_left_alone(text):
    assert own_voice(text) == text


def test_the_clause_reader_reads_an_agents_note_as_the_users_statement():
    # the same relation and value as the first-person sentence
    note = [(s.relation, s.value) for s in statements("The user works at Halden Labs as a chemist.", profile=True)]
    own = [(s.relation, s.value) for s in statements("I work at Halden Labs as a chemist.", profile=True)]
    assert note == own and note and note[0][1] == "Halden Labs"
    # a pronoun after the user states the user's fact; one after another person states theirs
    said = statements("The user said she moved to Bergen last spring.", profile=True)
    assert [(s.relation, s.value) for s in said] == [("residence", "Bergen")]
    assert not [s for s in statements("The user's sister said she moved to Bergen.", profile=True)
                if s.relation == "residence"]


def test_a_note_that_drops_its_subject_is_the_users():
    # agent memories often drop the subject: a relation verb opening the note is no person's name
    for note, relation in [("Likes slow jazz.", "preference"), ("Is vegetarian.", "diet"),
                           ("Prefers answers in French.", "preference")]:
        assert [st.relation for st in statements(note, profile=True)] == [relation], note
    # nor is a verb's third-person form a name ("Drinks ..." is no person called "Drinks")
    assert not [st for st in statements("Drinks oat milk with everything.", profile=True) if st.relation == "theirs"]
    # a name opening a note is still that person's ("Marta likes jazz")
    assert [st.relation for st in statements("Marta likes slow jazz.", profile=True)] == ["theirs"]
