"""The structural change detector: a newer statement replaces an older one's value when it leaves the
old value behind, or states another value of a relation held one at a time; never on mere mentions."""

from __future__ import annotations

import pytest

from memory_pipeline.lib.change import detect_change


def _deleted(path: str) -> pytest.MarkDecorator:
    """A case only a path deleted for issue 30's rule budget found: the detector no longer reads this
    phrasing (the judge carries that path's real-text changes, not every hand-written case; some of these
    it writes alone). Strict: the day another path finds it, the mark goes."""
    return pytest.mark.xfail(strict=True, reason=f"issue 30: the {path} path was deleted; the detector no "
                             "longer reads this phrasing")


SWITCHED = _deleted("switched")
FIELD = _deleted("field")
# "X is gone", "X got retired", "X anymore", "at X before", "(was X)", "off X", "goodbye X", "no longer a <title>"
PAST = _deleted("said-as-past")
# The guard that a word left behind be said of the same named thing in both texts: it blocked a real
# probes-dev change (a work laptop wiped and another handed over) and no development false one.
# The dropped-word, motion and role paths (issue 30's rule budget, 2026-12-06); the title is now read by
# the clause reader (lib/extract/statements.py) for the judge, not by the detector.
DROPPED = _deleted("dropped-word")
MOTION = _deleted("motion")
ROLE = _deleted("role")
# a value of the same kind restated in the old value's frame with a cue (2026-12-07): on the long
# histories it wrote more wrong edges than right, and the judge carries its letta change
RESTATED = _deleted("restated")

@pytest.mark.parametrize(("newer", "older", "old", "new"), [
    # the old value left behind, the replacing value near it
    ("Quick update: I quit Globex last month and joined Initech as a designer.", "Works at Globex.",
     "Globex", "Initech"),
    ("We finally settled in Lisbon; what a change from Madrid traffic.", "The user lives in Madrid.",
     "Madrid", "Lisbon"),
    # an extension of a multi-word value, with a change cue
    pytest.param("Big news, I'm now Principal Software Engineer on the platform team.", "Role: Software Engineer.",
     "Software Engineer", "Principal Software Engineer", marks=ROLE),
    # the same frame with a value of the same kind
    pytest.param("From now on the standup is on Thursday at the usual time.", "The weekly standup is on Tuesday.",
                 "Tuesday", "Thursday", marks=RESTATED),
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
    pytest.param("I switched from tea to coffee last month.", "I drink tea every morning.", "tea", "coffee",
                 marks=SWITCHED),
    ("We moved from Lyon to Nantes in May.", "We live in Lyon.", "Lyon", "Nantes"),
    ("I replaced my Kindle with a Kobo.", "I read on my Kindle.", "Kindle", "Kobo"),
])
def test_a_switch_that_names_both_values(newer, older, old, new):
    change = detect_change(newer, older)
    assert change is not None and (change.old_value, change.new_value) == (old, new), change


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
    pytest.param("Oh - and please drop the emojis, they feel unprofessional.",
                 "Note about the user: Ok with emojis.", "emojis",
                 marks=DROPPED),
    pytest.param("I gave up coffee in January.", "I drink coffee every morning.", "coffee", marks=DROPPED),
    pytest.param("The bullet point thing isn't really working for me anymore.", "Prefers bullets.", "bullets",
                 marks=DROPPED),
    pytest.param("I no longer use vim at work.", "My editor at work is vim.", "vim", marks=DROPPED),
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


@pytest.mark.parametrize(("newer", "older", "old", "new"), [
    pytest.param("I traded my Kindle for a Kobo.", "I read on my Kindle.", "Kindle", "Kobo", marks=SWITCHED),
    pytest.param("Honestly helix has replaced vim for me.", "My editor is vim.", "vim", "helix", marks=SWITCHED),
    pytest.param("At work vim was replaced by helix.", "My editor is vim.", "vim", "helix", marks=SWITCHED),
])
def test_more_ways_of_naming_both_values(newer, older, old, new):
    change = detect_change(newer, older)
    assert change is not None and (change.old_value, change.new_value, change.how) == (old, new, "switched"), change


@DROPPED
def test_a_value_said_instead_of_the_old_one_leaves_the_old_one():
    # "X instead of Y" needs no switch pattern of its own: "instead of" leaves Y (the dropped path)
    change = detect_change("I drink coffee instead of tea now.", "I drink tea every morning.")
    assert change is not None and (change.old_value, change.how) == ("tea", "dropped"), change


@pytest.mark.parametrize(("newer", "older", "old", "new"), [
    # a lower-case value: the key says what it is
    pytest.param("Editor: helix.", "Editor: vim.", "vim", "helix", marks=FIELD),
    pytest.param("Budget for Apollo: $55k.", "Budget for Apollo: $40k", "$40k", "$55k", marks=FIELD),
    # one relation, other words
    pytest.param("FYI - home city: Nantes.", "Current location: Lyon.", "Lyon", "Nantes", marks=FIELD),
    # the last colon is the field's
    pytest.param("Memo: editing setup: helix", "Editing setup: vim.", "vim", "helix", marks=FIELD),
])
def test_a_key_value_line_given_another_value_needs_no_cue(newer, older, old, new):
    change = detect_change(newer, older)
    assert change is not None and (change.old_value, change.new_value, change.how) == (old, new, "field"), change


@pytest.mark.parametrize(("newer", "older"), [
    ("Budget for Hermes: $55k.", "Budget for Apollo: $40k."),  # another owner
    ("Favourite food: paella.", "Favourite language: Swift."),  # another key sharing a word
    ("Note: call Sam about the lease.", "Note: buy milk."),  # a message label, no field
    ("Need tips: a kids' party.", "Need tips: a farewell gift."),  # a plural key: a list, not one value
    ("Someone owes: write the migration plan.", "Someone owes: test the backup restore."),  # a clause
    ("Editor: helix, vim for quick edits.", "Editor: vim."),  # the old value is still said
])
def test_key_value_lines_that_change_nothing(newer, older):
    assert detect_change(newer, older) is None


def test_a_speaker_and_what_they_said_is_no_field():
    # "Name: Word!" opening a text reads as a transcript turn (a field's change was the field path's, deleted)
    assert detect_change("Jon: Woah!", "Jon: Definitely!") is None
    assert detect_change("Maria: Yup.", "Maria: Sounds special.") is None


@pytest.mark.parametrize(("newer", "older", "old", "new"), [
    ("Living in Nantes now, near the station.", "The user lives in Lyon.", "Lyon", "Nantes"),
    ("These days I'm working for Initech.", "Works at Globex.", "Globex", "Initech"),
    # a field against a governed value
    ("Home city: Nantes.", "I live in Lyon.", "Lyon", "Nantes"),
    ("Works at Initech.", "Noted - job: Globex.", "Globex", "Initech"),
    pytest.param("I'm based out of Nantes these days.", "The user lives in Lyon, France.", "Lyon", "Nantes"),
    ("I joined Initech last month.", "The user works at Globex.", "Globex", "Initech"),
    # a cue of a new state is enough: "started", "new"
    ("I started at Initech last month.", "The user works at Globex.", "Globex", "Initech"),
    ("Our new apartment in Nantes has a balcony.", "The user lives in Lyon.", "Lyon", "Nantes"),
])
def test_where_one_lives_or_works_holds_one_value_at_a_time(newer, older, old, new):
    change = detect_change(newer, older)
    assert change is not None and (change.old_value, change.new_value) == (old, new), change
    assert change.how in ("held", "restated") and change.relation in ("residence", "employment")


@pytest.mark.parametrize(("newer", "older"), [
    # with no cue, two values of a held relation may both be true (a second home, a past job told)
    ("Living in Nantes, near the station.", "The user lives in Lyon."),
    ("I worked for Initech for years.", "Works at Globex."),
])
def test_a_held_relation_needs_a_cue(newer, older):
    assert detect_change(newer, older) is None


@pytest.mark.parametrize(("newer", "older"), [
    ("Felix lives in Oslo.", "The user lives in Lyon."),  # another person
    ("My sister lives in Oslo and loves it.", "The user lives in Lyon."),  # "my", but her home
    ("The house in Nantes we rented was lovely.", "The user lives in Lyon."),  # a dwelling, not theirs
    ("Wren is based in Cape Town.", "I'm based in Lyon."),  # a name the value tokens do not take
    ("The data lives in Postgres.", "The user lives in Lyon."),  # a thing's place, not the user's
    ("I earn my living at Initech.", "I live in Lyon."),  # "my living": a noun, not where one lives
    ("My job is ML engineer.", "Works at Globex."),  # "job is" names a role, not an employer
    ("His job at Initech sounds fun.", "Works at Globex."),  # someone else's job
    ("We visited Nantes last weekend.", "The user lives in Lyon."),  # no word of the relation
])
def test_a_value_near_the_relation_of_someone_or_something_else_is_no_change(newer, older):
    assert detect_change(newer, older) is None


def test_a_question_states_no_new_value():
    older = "The user's time zone is America/Chicago."
    assert detect_change("Do you know if Pacific time is three hours behind now?", older) is None


@RESTATED
def test_a_question_that_asks_for_the_change_states_it():
    older = "The user's time zone is America/Chicago."
    change = detect_change("Visiting the LA office, could you put my calendar on Pacific time for now?", older)
    assert change is not None and change.new_value == "Pacific", change


def test_values_said_of_different_things_do_not_replace_each_other():
    # both clauses name what the value belongs to, and they differ
    assert detect_change("Halo scheduler runs on GCP now.", "Kestrel reporting builds on Drone.") is None
    assert detect_change("Iris reporting no longer runs on ClickHouse but on Postgres.",
                         "The Nimbus app database is ClickHouse.") is None


@pytest.mark.parametrize(("newer", "older"), [
    ("The pipelines live in MySQL.", "The data lives in Postgres."),  # neither is the user's, nor one thing
    ("Living in Seattle these days.", "I live in Seattle."),  # the relation in other words, the same value
    ("Cascade search no longer uses SQLite.", "The search beta went fine."),  # "no longer uses" leaves SQLite
    ("We moved Orion billing CI to TeamCity.", "The Vega billing deploy is not going out today."),  # a thing
    ("These days I live in Budapest.", "Any tips for a weekend in Mexico City?"),  # a question states nothing
])
def test_restatements_that_replace_nothing(newer, older):
    assert detect_change(newer, older) is None


@pytest.mark.parametrize(("newer", "older", "old", "new"), [
    # "from" after a word of motion, "off" after one, a past value set off by a parenthesis or "it was"
    ("We came over from Porto in the spring and love Leeds.", "Lives in Porto.", "Porto", "Leeds"),
    pytest.param("The billing jobs are off Heroku; Render runs them now.",
                 "Billing jobs run on Heroku.", "Heroku", "Render",
                 marks=PAST),
    pytest.param("Team offsite pushed to June 3 (was April 12).", "The team offsite is on April 12.", "April 12",
                 "June 3",
                 marks=MOTION),
    pytest.param("Rent goes up to $1,900; it was $1,650.", "Rent is $1,650 a month.", "1,650", "1,900", marks=PAST),
    # a value named after the verb that opens the sentence is a value, the verb is not part of it
    pytest.param("Dropped Notion for Obsidian as the notes app.", "Keeps notes in Notion.", "Notion", "Obsidian",
                 marks=SWITCHED),
    # a name in mixed case
    ("These days my phone is a Pixel, not an iPhone.", "My phone is an iPhone.", "iPhone", "Pixel"),
])
def test_values_left_behind_by_position(newer, older, old, new):
    change = detect_change(newer, older)
    assert change is not None and (change.old_value, change.new_value) == (old, new), change


@pytest.mark.parametrize(("newer", "older"), [
    ("Got a gift from Priya and a card from Tomas.", "Priya leads the launch."),  # "from" states it
    ("I took a day off Monday; Tuesday is the review.", "The review is on Monday."),  # "off" of a day
    ("The best stop was Lisbon, then Porto.", "We went to Lisbon in May."),  # "was" mid-clause
])
def test_words_of_motion_that_leave_nothing(newer, older):
    assert detect_change(newer, older) is None


def test_an_older_value_after_from_is_still_stated():
    # "comes from X" states X: the older text does not leave it, so a newer one can
    change = detect_change("I work at Zillow these days, not Wayfair.", "My salary comes from Wayfair.")
    assert change is not None and (change.old_value, change.new_value) == ("Wayfair", "Zillow"), change


@pytest.mark.parametrize(("newer", "older", "old"), [
    pytest.param("I do yoga in the evenings now rather than running.", "Goes running before work.", "running",
                 marks=DROPPED),
    pytest.param("Back to black coffee; no more oat lattes.", "Orders oat lattes every day.", "oat", marks=DROPPED),
    pytest.param("Went back to paper notebooks (was journaling in an app).",
                 "Does journaling in an app.", "journaling app",
                 marks=PAST),
    pytest.param("Sleeps on a futon these days; the old waterbed is gone.", "Sleeps on a waterbed.", "waterbed",
                 marks=PAST),
    pytest.param("Cooks vegetarian at home, was keto before.", "Follows a keto diet.", "keto", marks=PAST),
])
def test_a_lower_case_value_said_as_past(newer, older, old):
    change = detect_change(newer, older)
    assert change is not None and (change.old_value, change.how) == (old, "dropped"), change


@pytest.mark.parametrize(("newer", "older"), [
    # the past value must be all there in the older text, not one shared word
    ("Joined the design guild (was data platform).", "Our data is in S3."),
    # a value said before something else happens is no past value
    ("I want to try keto before the summer.", "Follows a keto diet."),
])
def test_past_values_that_leave_nothing(newer, older):
    assert detect_change(newer, older) is None


@pytest.mark.parametrize(("newer", "older"), [
    ("I have three cats now.", "My sister has two cats."),  # another owner
    ("Tomas has three cats now.", "I have two cats."),
    ("Now I run 10 miles a week.", "I ran 5 miles yesterday."),  # a measure, not a count held
    ("I have three cats.", "I have two cats."),  # no cue that the count moved: two statements
    ("I don't have two cars anymore, just one now.", "I have one car."),  # the older count is the newer one
])
def test_counts_that_replace_nothing(newer, older):
    assert detect_change(newer, older) is None


def test_a_name_restated_needs_the_old_values_relation_not_only_shared_words():
    # "quarterly review" is shared, but a deck's home and a meeting's guest are different things
    assert detect_change("Now the quarterly review happens with Priya and the whole finance group.",
                         "The quarterly review deck is kept in Notion under the shared finance space.") is None


@RESTATED
def test_a_day_restated_in_its_frame():
    change = detect_change("Now the standup is on Thursday.", "The standup is on Tuesday.")
    assert change is not None and (change.old_value, change.new_value) == ("Tuesday", "Thursday")


@RESTATED
def test_a_name_before_time_is_a_time_zone():
    change = detect_change("Can you use Mountain time from now on?", "The user's time zone is America/Chicago.")
    assert change is not None and (change.old_value, change.new_value) == ("America/Chicago", "Mountain"), change


def test_the_user_who_joined_after_naming_a_city_is_still_the_user():
    newer = "I just relocated here from Leeds when I joined Kite Robotics."
    change = detect_change(newer, "The user works at Harbor Labs.")
    assert change is not None and (change.old_value, change.new_value, change.how) == (
        "Harbor Labs", "Kite Robotics", "held"), change


def test_a_change_that_names_its_own_old_value_restates_no_other():
    # the newer text says it leaves Ruby: the older text's Rust is not the value it replaces
    assert detect_change("These days the team writes Elixir, not Ruby.", "The team writes Rust.") is None


@pytest.mark.parametrize(("newer", "older", "old", "new"), [
    # a one-word key that names an attribute is no speaker, and the value after it is a value
    pytest.param("Residence: Lyon.", "Location: Nantes.", "Nantes", "Lyon", marks=FIELD),
    ("We left Nantes for good; Lyon is where we are.", "Location: Nantes.", "Nantes", "Lyon"),
    ("Quit Notion; notes live in Obsidian now.", "Note taking app: Notion.", "Notion", "Obsidian"),
])
def test_a_field_key_opening_the_text_is_no_speaker(newer, older, old, new):
    change = detect_change(newer, older)
    assert change is not None and (change.old_value, change.new_value) == (old, new), change


def test_a_speaker_opening_the_text_still_is_one():
    # "Maya: Lisbon!" is what Maya said; the word after a speaker opens a sentence
    assert detect_change("Maya: Lisbon was lovely, we left Porto early.", "Maya: Porto!") is None


@pytest.mark.parametrize(("newer", "older", "old", "new"), [
    # "used to" a few words before the value: a past habit or state
    ("Used to work at Harbor Labs, but my desk is at Kite Robotics these days.", "Works at Harbor Labs.",
     "Harbor Labs", "Kite Robotics"),
    pytest.param("They promoted me from analyst to team lead last week.",
                 "Works as an analyst.", "analyst", "team lead",
                 marks=SWITCHED),
])
def test_a_past_state_a_few_words_before_the_value(newer, older, old, new):
    change = detect_change(newer, older)
    assert change is not None and (change.old_value, change.new_value) == (old, new), change


@pytest.mark.parametrize(("newer", "older", "old"), [
    pytest.param("I used to drink oolong, these days it is all coffee.", "I drink oolong every day.", "oolong",
                 marks=DROPPED),
    pytest.param("Officially on nights now; the early shift is behind me.", "Works the early shift.", "shift",
                 marks=PAST),
])
def test_a_lower_case_value_said_as_a_past_state(newer, older, old):
    change = detect_change(newer, older)
    assert change is not None and change.old_value == old, change


def test_used_to_across_a_clause_leaves_nothing():
    # "used to" in one clause says nothing of the value in the next
    assert detect_change("I got used to it, and Harbor Labs beats Kite Robotics.", "Works at Harbor Labs.") is None


@pytest.mark.parametrize(("newer", "older", "old", "new"), [
    pytest.param("So March 3 isn't happening for the launch; the new date is April 9.", "The launch is on March 3.",
     "March 3", "April 9", marks=PAST),
    pytest.param("The site is a Django app now, Rails got retired.", "The site runs on Rails.", "Rails", "Django",
                 marks=PAST),
    ("Launch plan: forget Friday, it's Monday.", "The launch is on Friday.", "Friday", "Monday"),
])
def test_a_value_said_to_be_over(newer, older, old, new):
    change = detect_change(newer, older)
    assert change is not None and (change.old_value, change.new_value) == (old, new), change


def test_a_cue_both_texts_say_marks_no_change():
    # "now" in both: a way of speaking, not a change between them
    assert detect_change("ok the retry budget thing makes sense now",
                         "ok the rate limits thing makes sense now") is None


@pytest.mark.parametrize(("newer", "older", "old", "new"), [
    # a zone named with a capital "Time" is a zone too
    pytest.param("Can you put my calls on Mountain Time from now on?", "The user's time zone is Europe/Paris.",
                 "Europe/Paris", "Mountain Time", marks=RESTATED),
    # a title restated in its own relation ("role", "title"), not in another one's
    pytest.param("I moved into a Design Lead role in May.", "The user's role is Product Designer.",
                 "Product Designer", "Design Lead", marks=RESTATED),
    pytest.param("Since relocating to Porto I cycle to work.", "I live in Lyon.", "Lyon", "Porto", marks=RESTATED),
    # "first day" marks a start
    pytest.param("Accepted an offer from Initech, first day is Monday!",
                 "The user works at Globex.", "Globex", "Initech"),
])
def test_titles_zones_and_starts(newer, older, old, new):
    change = detect_change(newer, older)
    assert change is not None and (change.old_value, change.new_value) == (old, new), change


def test_a_title_does_not_replace_a_city():
    # "moved" names a residence only where no other relation's word stands by the value
    assert detect_change("I moved into a Design Lead role in May.", "I live in Lyon.") is None


@pytest.mark.parametrize(("newer", "older", "old", "new"), [
    # the target of a verb of motion, said of the same thing: a word of the old value's frame again ...
    pytest.param("After the audit we moved the billing exports to BigQuery.", "Billing exports land in Snowflake.",
     "Snowflake", "BigQuery", marks=MOTION),
    pytest.param("The Orion review got pushed to March 9.", "The Orion review is due by February 20.", "February 20",
                 "March 9",
                 marks=MOTION),
    pytest.param("The team moved the nightly jobs onto Airflow last sprint.", "Nightly jobs run on Jenkins.", "Jenkins",
     "Airflow", marks=MOTION),
])
def test_the_target_of_a_verb_of_motion_replaces_the_old_value(newer, older, old, new):
    change = detect_change(newer, older)
    assert change is not None and (change.old_value, change.new_value, change.how) == (old, new, "moved"), change


@pytest.mark.parametrize(("newer", "older"), [
    ("Translate 'the meeting moved upstairs' into Polish.", "Please translate the menu into Czech."),  # quoted
    ("My sister moved to Oslo last spring.", "I live in Lyon."),  # someone else's move
    ("Tessa relocated to Athens in May.", "I live in Lyon."),
    ("We moved the exports to BigQuery.", "Code reviews go to Priya."),  # no frame word said again
    ("We moved the exports to BigQuery; Redshift is behind us.", "Billing exports land in Snowflake."),  # left another
])
def test_motion_that_replaces_nothing(newer, older):
    assert detect_change(newer, older) is None


@PAST
def test_a_note_opened_by_an_abbreviation_is_no_speakers_turn():
    # "PS:" is no speaker: the word it leaves is the one the older field states
    change = detect_change("PS: went vegan; was vegetarian before.", "Diet: vegetarian.")
    assert change is not None and change.old_value == "vegetarian", change


def test_a_value_left_by_name_may_be_replaced_by_a_longer_one():
    # a short key's value said as a name alone is a value ("OS: Linux"), and "not Linux" leaves it
    change = detect_change("The OS is Arch Linux these days, not Linux.", "OS: Linux.")
    assert change is not None and (change.old_value, change.new_value) == ("Linux", "Arch Linux"), change
    # ... but not when the departure word stands inside the longer value ("from the Jade API sync")
    assert detect_change("From the Jade API gateway sync, someone owes the slides.", "The API is flaky.") is None


@SWITCHED
def test_a_switch_with_a_comma_before_from():
    change = detect_change("Moved house, from Leeds over to York.", "Leeds is home for now.")
    assert change is not None and (change.old_value, change.new_value) == ("Leeds", "York"), change


@pytest.mark.parametrize(("newer", "older", "old", "new"), [
    # a date that shares its month with the old one is still another date
    ("Launch plan: forget June 20, it's June 27.", "The launch is on June 20.", "June 20", "June 27"),
    # an amount with its currency sign
    pytest.param("The travel budget got bumped from $12k to $15k.",
                 "Finance approved $12k for the travel budget.", "$12k", "$15k",
                 marks=SWITCHED),
    # a system switched off or shut down is left; "goodbye X" leaves X
    pytest.param("Billing reads from Aurora now; Oracle is being decommissioned.",
                 "Billing lives in Oracle.", "Oracle", "Aurora",
                 marks=PAST),
    ("Said goodbye to Leeds, the new flat in York is lovely.", "I live in Leeds.", "Leeds", "York"),
    # "swapped ... over to X" is a verb of motion
    pytest.param("We finally swapped the build queue over to Kafka.", "The build queue runs on RabbitMQ.",
                 "RabbitMQ", "Kafka",
                 marks=MOTION),
])
def test_more_departures_and_motions(newer, older, old, new):
    change = detect_change(newer, older)
    assert change is not None and (change.old_value, change.new_value) == (old, new), change


@pytest.mark.parametrize(("newer", "older", "old", "new"), [
    # words of the old value's frame ("auth service") said again around the target
    pytest.param("We agreed to move the Delta auth service launch to April 13.",
     "Everything for Delta auth service is due by March 2.",
     "March 2", "April 13", marks=MOTION),
    # the old value itself named beside the target
    pytest.param("After years of Zed, one bug too many pushed me over to Helix.",
                 "My whole workflow is built around Zed.",
     "Zed", "Helix", marks=MOTION),
    ("Ownership of the billing app passed from Kamala to Yasmin.", "Kamala owns the billing app.", "Kamala", "Yasmin"),
    # the relation's word a few words before the verb ("title" for "role")
    pytest.param("My title changed to Design Lead last week.", "The user's role is Product Designer.",
                 "Product Designer",
     "Design Lead", marks=MOTION),
])
def test_motion_said_of_the_same_thing(newer, older, old, new):
    change = detect_change(newer, older)
    assert change is not None and (change.old_value, change.new_value) == (old, new), change


def test_one_shared_name_is_not_the_same_thing():
    # "Delta auth service" and "Delta checkout" share a name, not the thing
    assert detect_change("We agreed to move the Delta checkout launch to April 13.",
                         "Everything for Delta auth service is due by March 2.") is None


def test_a_value_put_behind_something_is_still_stated():
    # "behind" leaves a value only as "X is behind me"
    change = detect_change("The team asked us to standardise on Kafka, so the build queue no longer uses RabbitMQ.",
                           "We put RabbitMQ behind the build queue.")
    assert change is not None and (change.old_value, change.new_value) == ("RabbitMQ", "Kafka"), change


@pytest.mark.parametrize(("newer", "older"), [
    # "by now" means "already": the same habit said again, not a change
    ("By now it's second nature for me to stretch after lunch.", "I try to stretch after lunch."),
    # "work" after "of" is a noun: no employer ("a pile of work for X")
    ("Buried in my pile of work for Umbra is a note to move the cron jobs.",
     "Buried in my pile of work for Atlas is a note to review the contract."),
])
def test_idioms_that_mark_no_change(newer, older):
    assert detect_change(newer, older) is None


@pytest.mark.parametrize(("newer", "older"), [
    # "before" leaves a value only at its clause's end ("at Acme before"), not "X before the end"
    ("My manager asked me to renew the TLS certificate for Ion search before the end of the sprint.",
     "The person who owns Ion search is Tara."),
    # a departure word in another clause leaves nothing ("Before I forget, at X ...")
    ("Before I forget, at Juniper, where I work, we have no meetings on Fridays.", "I've been at Juniper for years."),
])
def test_departure_words_outside_the_values_clause(newer, older):
    assert detect_change(newer, older) is None


@PAST
def test_a_value_said_before_at_its_clauses_end_is_left():
    change = detect_change("I was at Globex before, these days it's Initech.", "The user works at Globex.")
    assert change is not None and (change.old_value, change.new_value) == ("Globex", "Initech"), change


@pytest.mark.parametrize(("newer", "older"), [
    # the value left is another thing's ("the Raven queue" / "the Pioneer flow")
    ("We standardised on Kafka, so the Raven queue no longer uses NATS.",
     "Any task the Pioneer flow can't do ends up in NATS."),
    # the move leaves another value the sentence names, not the old one
    ("We moved the Falcon pipelines to CircleCI after Buildkite kept timing out.",
     "Falcon pipelines are built on Jenkins."),
    # a text that leaves a word itself, said again, leaves nothing new
    ("I edit in Helix rather than vim these days.", "I edit in Helix rather than vim these days."),
])
def test_what_is_left_belongs_to_the_old_statement(newer, older):
    assert detect_change(newer, older) is None


def test_the_same_text_twice_is_no_change():
    text = "Officially a manager as of now, tech lead is behind me."
    assert detect_change(text, "officially a manager as of now,  tech lead is behind me.") is None
    assert detect_change("Quick update: I quit Globex and joined Initech.", "Works at Globex.") is not None


@pytest.mark.parametrize(("newer", "older"), [
    # a sentence opening "From X ..." names a source, not a value left
    ("From the Nimbus gateway sync, someone owes: renew the TLS certificate.",
     "Need to label the flaky tests ahead of the Nimbus review."),
    # "last" is no value's head: "that was last Friday" leaves no "Last Saturday"
    ("The refactor got merged; that was last Friday.", "Last Saturday, the release was rolled back."),
    # a name before a holder's verb is its subject, not the relation's new value
    ("Per the team, Valentina joined the mobile team four days ago.",
     "Employed at Nimbus Games, has been for a while."),
    # a name dropped by one thing says nothing of another's
    ("Halo app dropped SQS; jobs go through Redis now.", "Glacier pipeline queues jobs through SQS."),
    # "now" before "instead of" is no value
    ("Note: Zenith builds on Drone now instead of CircleCI.", "Granite CI moved over to CircleCI, off TeamCity."),
])
def test_sources_subjects_and_other_things_replace_nothing(newer, older):
    assert detect_change(newer, older) is None


@RESTATED
def test_the_employer_before_hired_is_the_new_value():
    change = detect_change("Redwood Labs hired me as a data engineer.", "The user works at Northwind Health.")
    assert change is not None and (change.old_value, change.new_value) == ("Northwind Health", "Redwood Labs"), change


@pytest.mark.parametrize(("newer", "older", "old", "new"), [
    # a label with no "I" or "you" after it opens a note or a field, not a turn of another speaker
    pytest.param("Update: not taking the tram anymore, cycling instead.", "Commute: tram.", "tram", "", marks=DROPPED),
    # names that end in "#" or "++"
    ("Writing F# these days rather than C#.", "Their main language is C#.", "C#", "F#"),
    # a property word opening the sentence names no thing the value is said of
    ("Main editor changed from Kate to Geany.", "Enjoys coding in Kate.", "Kate", "Geany"),
    # a verb of removal leaves its object
    ("Wiped Ubuntu off the desktop; it runs Debian now.", "My desktop runs Ubuntu.", "Ubuntu", "Debian"),
    # the value, or the one who held the role, is gone
    pytest.param("Reaching for Rust these days; Perl has lost its charm.", "Writes most tools in Perl.", "Perl", "Rust",
                 marks=PAST),
    pytest.param("The on-call lead is Pedro now (Lucia moved on).", "On-call lead: Lucia.", "Lucia", "Pedro",
                 marks=PAST),
    # ", off X" after a verb of motion
    ("The nightly jobs moved to Airflow, off Jenkins.", "Our nightly jobs run in Jenkins.", "Jenkins", "Airflow"),
    # "goodbye X" in a text that says what changed
    pytest.param("Switched my shell to fish (goodbye zsh).", "Shell: zsh.", "zsh", "", marks=PAST),
    # "from X to Y" in a newer text leaves X; in the older one it states Y
    ("The port of the billing code from Ruby to Go is done.", "The billing code is written in Ruby.", "Ruby", "Go"),
    pytest.param("Using Helix these days; Geany lost its charm.",
                 "Favourite editor changed from Kate to Geany.", "Geany",
     "Helix", marks=PAST),
    ("Globex is so different from Initech, in a good way.", "I work for Initech.", "Initech", "Globex"),
    # a name opening the sentence before a verb a name does; a possessive names its owner
    ("Tomas has taken the billing service over from Priya.", "Priya runs the billing service.", "Priya", "Tomas"),
    ("The billing service changed hands: Tomas owns it now, not Priya.", "The billing service is Priya's project.",
     "Priya", "Tomas"),
    # "calls X home" says where one lives
    ("Settled in Porto after the move.", "Calls Lyon home.", "Lyon", "Porto"),
    # the user's choice of one over the other; a value put in the past by an idiom
    pytest.param("Honestly I'd pick Elm over Haskell these days.",
                 "Haskell is the most fun thing I write.", "Haskell", "Elm",
                 marks=SWITCHED),
    pytest.param("I'm at Globex now, Initech is in the rear-view mirror.", "My job is at Initech.", "Initech", "Globex",
                 marks=PAST),
    # lower-case values: a past habit over a few words, a team one jumps from, a tool uninstalled
    pytest.param("I used to do everything in nano, but these days it's micro.", "Text editor? nano, obviously.",
                 "nano", "",
                 marks=DROPPED),
    pytest.param("Kira jumped from payments over to the search team.", "The payments team has Kira.", "payments",
     "search team", marks=SWITCHED),
    pytest.param("Writing in micro these days, nano is uninstalled.", "Text editor? nano, obviously.", "nano", "",
                 marks=PAST),
])
def test_changes_found_ninth_round(newer, older, old, new):
    change = detect_change(newer, older)
    assert change is not None and (change.old_value, change.new_value) == (old, new), change


@pytest.mark.parametrize(("newer", "older"), [
    # a farewell to the one spoken to leaves nothing
    ("Dana: Bye Lucas! Take care of yourself.", "Dana: Hey Lucas, so good to see you!"),
    # two speakers who say "I": one leaving a word says nothing of the other's
    ("Paula: I don't drink coffee anymore.", "Marco: I drink coffee every day."),
    # "issue#3" is no name ending in "#"
    ("Closed issue#3 and moved on.", "Issue#3 is assigned to Pedro."),
    # a choice asked about is no choice made
    ("Why would anyone pick Elm over Haskell?", "Haskell is the most fun thing I write."),
])
def test_not_changes_ninth_round(newer, older):
    assert detect_change(newer, older) is None


@pytest.mark.parametrize(("newer", "older", "old", "new"), [
    # job titles in lower case, held by the user by the sentence's structure
    pytest.param("I got promoted to engineering manager last month.", "I work as a backend developer.",
     "backend developer", "engineering manager", marks=ROLE),
    pytest.param("My new job title is product manager.", "Title: business analyst.", "business analyst",
                 "product manager",
                 marks=ROLE),
    pytest.param("Not a support technician anymore; I'm a network engineer now.", "They work as a support technician.",
     "support technician", "network engineer", marks=ROLE),
    pytest.param("No longer a freelance translator.", "Works as a freelance translator.", "freelance translator", "",
                 marks=PAST),
    pytest.param("After the merger I was made a data architect; my old systems analyst work went to Ana.",
     "Payroll has me down as a systems analyst.", "systems analyst", "data architect", marks=ROLE),
    pytest.param("I've stepped into the role of release manager.", "The staff list has me as a build engineer.",
     "build engineer", "release manager", marks=ROLE),
    pytest.param("They promoted me to senior data analyst.", "The user's role is data analyst.", "data analyst",
     "senior data analyst", marks=ROLE),  # "the user's" is the user, not someone else
])
def test_role_changes(newer, older, old, new):
    change = detect_change(newer, older)
    assert change is not None and (change.old_value, change.new_value, change.how) == (old, new, "role"), change


@pytest.mark.parametrize(("newer", "older"), [
    ("My sister works as a nurse.", "I work as a data analyst."),  # someone else's title
    ("Kira is a product designer.", "User is a data engineer."),
    ("I'd love to work as a translator someday.", "I work as a data analyst."),  # a wish
    ("We're hiring a data engineer.", "User is a software engineer."),  # a search
    ("I'm a data analyst, and a part-time tutor on weekends.", "I'm a data analyst."),  # the same title
    ("Holds the developer advocate role.", "Works as a developer advocate."),  # one title of two title nouns
    ("In my spare time I'm a freelance photographer.", "I work as a data analyst."),  # a title on the side
    ("I'm a volunteer firefighter on weekends.", "The user's role is data analyst."),
    ("I'm an analyst, so spreadsheets are my life.", "I work as a data analyst."),  # the title, shortened
])
def test_role_not_changes(newer, older):
    assert detect_change(newer, older) is None
