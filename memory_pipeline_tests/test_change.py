"""The structural change detector: a newer statement replaces an older one's value when it leaves the
old value behind or restates the same frame with another value; never on mere mentions."""

from __future__ import annotations

import pytest

from memory_pipeline.lib.change import detect_change


@pytest.mark.parametrize(("newer", "older", "old", "new"), [
    # the old value left behind, the replacing value near it
    ("Quick update: I quit Globex last month and joined Initech as a designer.", "Works at Globex.",
     "Globex", "Initech"),
    ("We finally settled in Lisbon; what a change from Madrid traffic.", "The user lives in Madrid.",
     "Madrid", "Lisbon"),
    # an extension of a multi-word value, with a change cue
    ("Big news, I'm now Principal Software Engineer on the platform team.", "Role: Software Engineer.",
     "Software Engineer", "Principal Software Engineer"),
    # the same frame with a value of the same kind
    ("From now on the standup is on Thursday at the usual time.", "The weekly standup is on Tuesday.",
     "Tuesday", "Thursday"),
])
def test_changes_found(newer, older, old, new):
    change = detect_change(newer, older)
    assert change is not None and (change.old_value, change.new_value) == (old, new), change


@pytest.mark.parametrize(("newer", "older"), [
    ("Paula: Thanks, Marco! Your support means a lot to me.", "Paula: Hey Marco, how was the trip?"),
    ("Yeah, Marco, I'm still at Globex and loving it.", "Works at Globex."),  # restated, not changed
    ("My sister moved to Oslo last year.", "The user's favourite band is Queen."),  # nothing in common
    ("Is the standup still on Tuesday?", "The weekly standup is on Tuesday."),
    ("We ran 5K last Friday, a new record!", "The weekly standup is on Tuesday."),  # other frame, other kind
    ("I love the advice/assistance you give.", "The user lives in Madrid."),
    ("Invoice 4755 from Acme has been paid.", "Invoice 1798 from Acme has been paid."),  # same context
    ("Notes from the Granite API sync: check the error budget.", "We got funding for Granite dashboard."),
])
def test_mentions_are_not_changes(newer, older):
    assert detect_change(newer, older) is None


@pytest.mark.parametrize(("newer", "older", "old", "new"), [
    ("I switched from tea to coffee last month.", "I drink tea every morning.", "tea", "coffee"),
    ("We moved from Lyon to Nantes in May.", "We live in Lyon.", "Lyon", "Nantes"),
    ("I replaced my Kindle with a Kobo.", "I read on my Kindle.", "Kindle", "Kobo"),
])
def test_a_switch_that_names_both_values(newer, older, old, new):
    change = detect_change(newer, older)
    assert (change.old_value, change.new_value, change.how) == (old, new, "switched")


def test_a_switch_to_a_value_the_older_text_already_says_is_none():
    assert detect_change("I switched from tea to coffee.", "I like coffee and tea.") is None


def test_the_replacing_value_keeps_the_old_values_relation():
    # the city moved; the employer named in the same sentence is no replacing city
    older = "The user lives in London, UK."
    newer = ("All experiments ran in the Edinburgh lab. I just relocated up here from London when I joined "
             "Aurora Robotics.")
    assert detect_change(newer, older).new_value == "Edinburgh"


def test_a_value_the_user_already_holds_is_no_replacement():
    older = "The user lives in Seattle, USA."
    newer = "Harbor Analytics opened an office in Toronto and I transferred up from Seattle."
    assert detect_change(newer, older, held=lambda v: v.lower() == "harbor analytics").new_value == "Toronto"


@pytest.mark.parametrize(("newer", "older", "old"), [
    ("Oh - and please drop the emojis, they feel unprofessional.", "Note about the user: Ok with emojis.", "emojis"),
    ("I gave up coffee in January.", "I drink coffee every morning.", "coffee"),
    ("The bullet point thing isn't really working for me anymore.", "Prefers bullets.", "bullets"),
    ("I no longer use vim at work.", "My editor at work is vim.", "vim"),
])
def test_a_lower_case_value_left_behind(newer, older, old):
    change = detect_change(newer, older)
    assert change is not None and (change.old_value, change.new_value, change.how) == (old, "", "dropped"), change


@pytest.mark.parametrize(("newer", "older"), [
    ("Keep going and don't stop dreaming, buddy!", "I'll reach my dreams if I keep pushing."),  # the cue is negated
    ("Thanks! I won't quit on my dreams.", "We've put our hearts into our dreams."),
    ("Do you still drink coffee anymore?", "I drink coffee every morning."),  # a question states nothing
    ("I don't drink coffee after noon, it keeps me awake at night and I can't sleep anymore.",
     "I drink coffee every morning."),  # "anymore" too far from the value
    ("Jon: I gave up coffee last month.", "Gina: I drink coffee every morning."),  # another speaker's statement
])
def test_lower_case_mentions_are_not_changes(newer, older):
    assert detect_change(newer, older) is None


def test_a_short_clause_restated_with_another_word_and_a_cue():
    change = detect_change("My editor is helix now.", "My editor is vim.")
    assert change is not None and (change.old_value, change.new_value, change.how) == ("vim", "helix", "reworded")
    # adding is not replacing
    assert detect_change("My editor is helix now, vim too.", "My editor is vim.") is None
    # the same words with no change cue say nothing changed
    assert detect_change("My editor is helix.", "My editor is vim.") is None


@pytest.mark.parametrize(("newer", "older", "old", "new"), [
    ("I traded my Kindle for a Kobo.", "I read on my Kindle.", "Kindle", "Kobo"),
    ("Honestly helix has replaced vim for me.", "My editor is vim.", "vim", "helix"),
    ("At work vim was replaced by helix.", "My editor is vim.", "vim", "helix"),
    ("I drink coffee instead of tea now.", "I drink tea every morning.", "tea", "coffee"),
])
def test_more_ways_of_naming_both_values(newer, older, old, new):
    change = detect_change(newer, older)
    assert change is not None and (change.old_value, change.new_value, change.how) == (old, new, "switched"), change
