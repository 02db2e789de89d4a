import random
from datetime import UTC, datetime, timedelta

import pytest

from memory_pipeline.lib.profile import SECTIONS, Profile, ProfileSource, build_profile

T0 = datetime(2025, 1, 1, 9, 0, tzinfo=UTC)


def src(sid: str, text: str, day: float, outcome: bool | None = None) -> ProfileSource:
    return ProfileSource(sid, text, T0 + timedelta(days=day), outcome)


def test_empty_input_gives_an_empty_profile():
    assert build_profile([]) == Profile("", {}, (), ())


def test_only_superseded_sources_give_an_empty_profile():
    profile = build_profile([src("a", "I live in Paris", 0)], superseded_ids=frozenset({"a"}))
    assert profile == Profile("", {}, (), ())


def test_latest_location_wins_and_reads_in_third_person():
    # the profile states first-person clauses in the third person, one line each, citing the source
    profile = build_profile([src("a", "I live in Paris", 0), src("b", "I moved to Berlin", 150)])
    assert profile.sections["current"] == ("Lives in Berlin \u2014 Moved to Berlin",)
    assert profile.content.startswith("Lives in Berlin")
    assert "Paris" not in profile.content


def test_a_summarys_date_resolutions_are_not_read_as_the_users_words():
    # a summary quotes its sources with resolutions added ("(May 2025, now past)"): the profile reads what
    # the user said, so no line carries a piece of a resolution
    summary = ProfileSource("s1", "We are moving to Porto in May (May 2025, now past), I work at Arup", T0, summary=True)
    profile = build_profile([summary, src("m1", "I play the cello", 10)])
    assert "Works at Arup" in profile.content
    assert "now past" not in profile.content and "2025" not in profile.content, profile.content


def test_superseded_sources_are_left_out():
    sources = [src("a", "I live in Paris", 0), src("b", "I live in Berlin", 10), src("c", "I like tea", 5)]
    profile = build_profile(sources, superseded_ids=frozenset({"b"}))
    assert "Lives in Paris" in profile.sections["current"]
    assert "Berlin" not in profile.content
    assert profile.source_ids == ("a", "c")


def test_source_ids_are_chronological_and_unique():
    sources = [src("b", "I like tea", 2), src("a", "I like coffee", 1), src("b", "I like tea", 2)]
    assert build_profile(sources).source_ids == ("a", "b")


def test_same_profile_for_any_input_order():
    sources = [
        src("a", "My name is Alice. I live in Paris.", 0),
        src("b", "I work at Acme as a data engineer.", 1),
        src("c", "I use vim and tmux.", 2),
        src("d", "I switched from vim to helix.", 3),
        src("e", "I moved to Berlin.", 4),
        src("f", "I'm vegetarian. I'm allergic to peanuts.", 5),
        src("g", "I don't like meetings before 10.", 6),
        src("h", "My favorite color is green.", 7),
        src("i", "I usually go for a run before work.", 8),
        src("j", "Before work, I go for a run.", 9),
        src("k", "Going for a run before work is part of my routine.", 10),
    ]
    expected = build_profile(sources)
    rng = random.Random(5)
    for _ in range(5):
        shuffled = sources[:]
        rng.shuffle(shuffled)
        assert build_profile(shuffled) == expected


def test_every_statement_is_a_current_line_from_the_clause_reader():
    sources = [
        src("a", "My name is Alice. I live in Paris.", 0),
        src("b", "I'm a data engineer at Acme.", 1),
        src("c", "I use vim and tmux.", 2),
        src("d", "I switched from vim to helix.", 3),
        src("e", "I moved to Berlin.", 4),
        src("f", "I'm vegetarian. I'm allergic to peanuts.", 5),
        src("g", "I hate meetings.", 6),
        src("h", "My favorite color is green.", 7),
        src("i", "I usually go for a run before work.", 8),
        src("j", "Before work, I go for a run.", 9),
        src("k", "Going for a run before work is part of my routine.", 10),
        src("l", "I have a cat named Tom.", 11),
        src("m", "My email is alice@example.com", 12),
    ]
    profile = build_profile(sources)
    assert list(profile.sections) == [s for s in SECTIONS if s in profile.sections]
    assert profile.sections["identity"] == ("can be reached at alice@example.com",)
    # preferences, dislikes, tools and constraints are first-person statements like where the user lives:
    # the newest per attribute, one line per memory, in the third person
    current = profile.sections["current"]
    for line in ("Lives in Berlin \u2014 Moved to Berlin", "Works at Acme \u2014 Is a data engineer at Acme",
                 "Has a cat named Tom", "Switched to helix", "Goes by Alice", "Their favorite color is green",
                 "Hates meetings", "Is vegetarian | Is allergic to peanuts"):
        assert line in current
    assert not [line for line in current if "Paris" in line or "vim" in line]
    assert profile.sections["habits"] == ("go for a run before work",)
    assert profile.patterns == (("go for a run before work", 3, None),)
    assert "The user can be reached at alice@example.com." in profile.content
    assert "Habits: go for a run before work (seen 3 times)." in profile.content


@pytest.mark.parametrize(
    ("first", "second", "shown", "hidden"),
    [
        ("I like coffee", "I don't like coffee", "Doesn't like coffee", "Likes coffee"),
        ("I don't like coffee", "I like coffee", "Likes coffee", "Doesn't like coffee"),
        ("I hate drinking coffee", "I love coffee", "Loves coffee", "Hates drinking coffee"),
        ("I love coffee", "I don't like coffee", "Doesn't like coffee", "Loves coffee"),
    ],
)
def test_later_like_or_dislike_of_the_same_thing_wins(first, second, shown, hidden):
    profile = build_profile([src("a", first, 0), src("b", second, 1)])
    assert profile.sections["current"] == (shown,)
    assert hidden in profile.sections["retired"]


def test_a_dislike_of_an_old_value_does_not_remove_the_current_one():
    sources = [
        src("a", "I love coffee", 0),
        src("b", "I've switched from coffee to tea", 1),
        src("c", "I hate coffee", 2),
    ]
    assert build_profile(sources).sections["current"] == ("Hates coffee", "Has switched to tea")


def test_a_tool_given_up_is_named_as_past_not_avoided():
    # a stopped state is a past fact, not an aversion (issue 30: "I quit nursing" is no "Avoids: nursing")
    profile = build_profile([src("a", "I use Docker", 0), src("b", "I stopped using Docker", 1)])
    assert "tools" not in profile.sections and "avoid" not in profile.sections
    assert "current" not in profile.sections
    assert profile.sections["past"] == ("Stopped using Docker",)
    # the text names it on the line of stopped states, as past, never as a current line
    assert profile.content == "Past: Stopped using Docker [b]", profile.content
    # an end that names nothing but itself ("that's done") is no past fact to tell
    assert build_profile([src("a", "fixing the flaky export", 0), src("b", "That's done", 1)]).content == ""


def test_patterns_need_three_sightings():
    two = [src("a", "I usually go for a run before work.", 0), src("b", "Before work, I go for a run.", 1)]
    assert build_profile(two).patterns == ()
    assert "habits" not in build_profile(two).sections
    assert build_profile(two, min_occurrences=2).patterns == (("go for a run before work", 2, None),)


@pytest.mark.parametrize(
    ("outcomes", "kept", "rate"),
    [
        ((True, True, False), True, 0.667),
        ((True, False, False), False, None),
        ((True, True, None), True, 1.0),  # unrecorded outcomes do not count either way
        ((None, None, None), True, None),
        ((True, True, True, False, False), False, None),  # exactly 0.6 is not above 0.6
    ],
)
def test_patterns_need_a_success_rate_above_the_threshold_where_recorded(outcomes, kept, rate):
    texts = [
        "I usually go for a run before work.",
        "Before work, I go for a run.",
        "I always go for a run before work.",
        "Most days I go for a run before work.",
        "My habit is to go for a run before work.",
    ]
    sources = [src(f"s{i}", texts[i], i, outcome) for i, outcome in enumerate(outcomes)]
    patterns = build_profile(sources).patterns
    if kept:
        assert patterns == (("go for a run before work", len(outcomes), rate),)
    else:
        assert patterns == ()


def test_success_threshold_and_minimum_are_configurable():
    sources = [src(f"s{i}", "I always stretch between meetings.", i, i < 2) for i in range(3)]
    assert build_profile(sources).patterns == (("stretch between meetings", 3, 0.667),)
    assert build_profile(sources, min_success_rate=0.7).patterns == ()
    assert build_profile(sources, min_occurrences=4).patterns == ()


def test_a_tool_is_a_statement_not_a_pattern():
    # seed 001's patterns are habits; a tool the user names is what their newest statement says
    sources = [src(f"s{i}", "I use Python for scripts. I use Python at work.", i) for i in range(3)]
    profile = build_profile(sources)
    assert profile.patterns == ()
    assert profile.sections["current"] == ("Uses Python for scripts | Uses Python at work",)


def test_a_summary_quoting_a_memory_does_not_count_it_again():
    memories = [
        src("m1", "I always stretch between meetings.", 0),
        src("m2", "I usually stretch between meetings.", 1),
    ]
    summary = src("s1", "The week was busy. I always stretch between meetings. I like tea.", 2)
    assert build_profile([*memories, summary]).patterns == ()
    third = src("m3", "Most days I stretch between meetings.", 3)
    assert build_profile([*memories, summary, third]).patterns == (("stretch between meetings", 3, None),)


def test_projects_and_other_people_stay_out_of_the_user_profile():
    sources = [
        src("a", "Alice lives in Berlin.", 0),
        src("b", "We decided to use Postgres for the Atlas billing database.", 1),
        src("c", "I live in Paris.", 2),
    ]
    # Alice's city is hers; a "we" clause is the user's household or team (probes-dev counts "we started
    # using Gong" as the user's tool), so the team's decision is stated as the team's
    current = build_profile(sources).sections["current"]
    assert "Lives in Paris" in current and not any("Alice" in line for line in current)
    assert "We decided to use Postgres for the Atlas billing database" in current


def test_identity_details():
    sources = [
        src("a", "I grew up in Porto. My birthday is on March 5.", 0),
        src("b", "My email is ann@example.com", 1),
        src("c", "I have two dogs and my partner's name is Sam.", 2),
        src("d", "My favourite programming language is Rust.", 3),
    ]
    profile = build_profile(sources)
    assert profile.sections["identity"] == ("can be reached at ann@example.com",)
    # family, pets, origin and favourites come from the clause reader, as the user said them
    assert profile.sections["current"] == ("Their favourite programming language is Rust",
                                           "Has two dogs | Their partner's name is Sam",
                                           "Grew up in Porto | Their birthday is on March 5")


def test_someone_elses_email_is_not_the_users():
    profile = build_profile([src("a", "Bob's email is bob@example.com, he asked me to pass it on", 0)])
    assert "identity" not in profile.sections


CATEGORIES = [
    "color",
    "band",
    "movie",
    "book",
    "song",
    "city",
    "season",
    "fruit",
    "flower",
    "game",
    "sport",
    "artist",
    "poet",
    "painter",
    "dish",
    "snack",
    "podcast",
    "author",
    "museum",
    "park",
]


def test_most_recent_items_come_first():
    sources = [src(f"s{i:02d}", f"My favorite {c} is pick {c}.", i) for i, c in enumerate(CATEGORIES)]
    current = build_profile(sources).sections["current"]
    assert current[0] == "Their favorite park is pick park"
    assert len(current) == len(CATEGORIES) == 20


def test_sources_without_facts_still_count_as_sources_but_give_no_content():
    profile = build_profile([src("a", "The weather is nice.", 0)])
    assert profile.content == ""
    assert profile.sections == {}
    assert profile.source_ids == ("a",)


def test_each_item_cites_the_sources_that_state_it():
    sources = [src("a", "I live in Paris", 0), src("b", "I moved to Berlin", 150), src("c", "I like tea", 5),
               src("d", "I live in Berlin and I like tea", 160)]
    profile = build_profile(sources)
    # an item cites its newest source: the statement that makes it current
    berlin = [text for text in profile.fact_sources if "Berlin" in text]
    assert berlin and all(profile.fact_sources[text] == ("d",) for text in berlin)
    # not current: nothing to cite, but the clause it retired, with the source that said it
    assert not [text for text in profile.fact_sources if "Paris" in text and text not in profile.sections["retired"]]
    assert profile.fact_sources["Lives in Paris"] == ("a",)
    assert all(text in profile.content or text in str(profile.sections) for text in profile.fact_sources)


@pytest.mark.parametrize("text", [
    "I grew up in Worth remembering. Sofia",  # a value never runs into the next sentence
    "I love how art lets us get our emotions out.",  # a clause, not a noun phrase
    "I'm a big fan of how it's both a creative outlet and a way to relax.",
])
def test_values_are_noun_phrases_the_user_stated(text):
    # values the rules take apart (identity, preferences) are noun phrases; a clause line restates the
    # user's own clause whole, so it is not checked here
    profile = build_profile([src("a", text, 0)])
    values = " ".join(item for name, items in profile.sections.items() if name not in ("current", "past")
                      for item in items)
    assert "lives in Go" not in values and "Lives in Go \u2014" not in profile.content
    assert "remembering" not in values
    assert "how " not in values and "it's" not in values


def test_an_acronym_keeps_its_case():
    profile = build_profile([src("a", "I work as a SRE.", 0)])
    assert profile.sections["current"] == ("Works as a SRE",)


def test_a_superseded_source_is_read_where_it_was_said():
    # the shared-house memory was superseded (wrongly, by an unrelated one): what it states is still newer
    # than the older home, so it replaces it
    sources = [src("a", "staying with my aunt in Norwich until the job hunt is over", 0),
               ProfileSource("b", "found a room in a shared house in Derby near the station", T0 + timedelta(days=60),
                             successor="c"),
               src("c", "started going to a climbing wall on Thursdays with people from the office", 90)]
    profile = build_profile(sources, superseded_ids=frozenset({"b"}))
    assert "Derby" in profile.content and "Norwich" not in profile.content, profile.content


def test_a_clause_a_memory_says_again_is_not_retired_by_it():
    # a summary quoting a memory is read as of its oldest source, the memory after it: the memory says the
    # same again, which retires nothing, even once the note is too old to count as current
    sources = [ProfileSource("s", "we closed the deal with Orbis. £40k, signed by Hal", T0, summary=True),
               src("a", "we closed the deal with Orbis. £40k, signed by Hal", 1),
               src("b", "I drive a Volvo now", 200)]
    profile = build_profile(sources)
    assert "Orbis" not in profile.content and not profile.sections.get("retired"), profile.sections
    # a newer statement replacing it still retires it
    profile = build_profile([*sources[:2], src("c", "we're 5 people now", 2), src("d", "we're 8 people now", 3)])
    assert profile.sections["retired"] == ("We're 5 people now",), profile.sections


def test_a_superseded_employer_stays_when_its_successor_names_no_employer():
    # the judge linked a promotion to the older job memory: a new title names no organisation, so the
    # employer the older memory names still holds beside it (as it would had no supersession been written)
    sources = [ProfileSource("a", "I do product design at Figma, based in Denver", T0, successor="b"),
               src("b", "promoted to principal designer!! I'm leading 4 people now", 40)]
    profile = build_profile(sources, superseded_ids=frozenset({"a"}))
    work = [line for line in profile.sections["current"] if "Figma" in line]
    assert len(work) == 1 and "principal designer" in work[0], profile.sections
    # a successor naming another employer (or speaking to the old one) still replaces it
    for newer in ("joined Canva as a principal designer", "left Figma, I'm a principal designer now"):
        sources = [ProfileSource("a", "I do product design at Figma, based in Denver", T0, successor="b"),
                   src("b", newer, 40)]
        assert "Works at Figma" not in build_profile(sources, superseded_ids=frozenset({"a"})).content, newer


def test_news_of_a_person_does_not_retire_the_users_relation_to_them():
    # the judge linked a son's news to the memory naming him: the user still has a son called Tomas
    sources = [ProfileSource("a", "I have one son, Tomas, he is 7 and obsessed with trains", T0, successor="b"),
               src("b", "Tomas joined the chess club at his new school, he loves it", 40)]
    profile = build_profile(sources, superseded_ids=frozenset({"a"}))
    assert any("son" in line and "Tomas" in line for line in profile.sections["current"]), profile.sections


def test_news_of_the_person_the_user_is_married_to_is_theirs_and_shown():
    # "married to Ana" names her without a value: she is still one of the user's people, so her news shows
    sources = [src("a", "hi, I'm Ned, a welder in Hull, married to Ana, two dogs", 0),
               src("b", "Ana's pregnant again!! we're over the moon", 30)]
    profile = build_profile(sources)
    assert any(line.startswith("Ana's pregnant") for line in profile.sections["current"]), profile.sections


def test_progress_on_a_thing_does_not_retire_the_statement_of_doing_it():
    # the judge linked "passed part 2" to the memory that began the course: the successor names one word
    # of what the older statement says, so the course itself is still current
    sources = [ProfileSource("a", "learning garden design on an evening diploma course, part 1 is soils", T0,
                             successor="b"),
               src("b", "passed part 2 of the diploma, three to go", 200)]
    profile = build_profile(sources, superseded_ids=frozenset({"a"}))
    assert any("garden design" in line for line in profile.sections["current"]), profile.sections


def test_the_same_value_said_again_keeps_what_the_older_statement_says():
    profile = build_profile([src("a", "I work at Monzo as a staff engineer", 0),
                             src("b", "I'm working at Monzo on the payments team now", 30)])
    work = [line for line in profile.sections["current"] if "Monzo" in line]
    assert len(work) == 1 and "staff engineer" in work[0] and "payments" in work[0], profile.sections
    assert profile.fact_sources[work[0]] == ("b",)


def test_a_choice_between_named_alternatives_is_settled_by_naming_one():
    profile = build_profile([src("a", "now I'm torn between Lisbon and Porto for the offsite", 0),
                             src("b", "committed to Porto! flights are booked", 10)])
    assert "Porto" in profile.content and "Lisbon" not in profile.content, profile.content


def test_what_one_memory_states_reads_as_one_line_citing_it():
    profile = build_profile([src("a", "I drive a Volvo estate, and I volunteer at the food bank on Fridays", 0)])
    assert profile.content.count("[a]") == 1, profile.content


def test_retired_clauses_are_kept_apart_with_the_source_that_said_them():
    profile = build_profile([src("a", "studying for the GMAT, test date is in May", 0), src("b", "GMAT done, 710!", 60)])
    assert profile.content.endswith("\nPast: GMAT done, 710 [b]")  # named once, as past
    assert profile.content.count("GMAT") == 1, profile.content
    assert "Studying for the GMAT" in profile.sections["retired"]
    assert profile.fact_sources["Studying for the GMAT"] == ("a",)


def test_a_lone_statement_its_successor_says_in_other_words_is_replaced():
    # "a flat in Porto" shares no word with "weekdays I'm mostly in Lisbon" but was judged to replace it:
    # a memory of one statement naming no value has nothing else the successor could have replaced
    sources = [ProfileSource("a", "Weekdays I'm mostly in Lisbon.", T0, successor="b"),
               src("b", "We bought a flat in Porto.", 40)]
    profile = build_profile(sources, superseded_ids=frozenset({"a"}))
    assert "Porto" in profile.content and "Lisbon" not in profile.content, profile.content
    # a statement naming a value stays unless a value of its kind replaces it (the home is still Leeds)
    sources = [ProfileSource("a", "live w/ my sister in leeds", T0, successor="b"),
               src("b", "sis moved out, got the place to myself now", 40)]
    assert "leeds" in build_profile(sources, superseded_ids=frozenset({"a"})).content.lower()


def test_news_of_a_child_or_pet_the_user_named_is_stated_with_whom_it_tells_of():
    # "a daughter, Ines" and "a dog, Pepper" name the user's own: their news is the user's context, and
    # a newcomer told of in the same memory ("Tilly, a spaniel pup") reads beside it
    profile = build_profile([src("a", "we have a daughter, Ines, who is 6 and draws all day", 0),
                             src("b", "we have a dog, Pepper, a collie with too much energy", 5),
                             src("c", "Ines joined the junior choir at her school, very proud", 50),
                             src("d", "Pepper got a playmate on Saturday: Tilly, a spaniel pup, 8 weeks old", 60)])
    lines = profile.sections["current"]
    assert any(line.startswith("Ines joined the junior choir") for line in lines), lines
    assert any("Pepper got a playmate" in line and "Tilly" in line for line in lines), lines


def test_news_of_someone_the_user_never_named_stays_out():
    profile = build_profile([src("a", "I work at Ferro as a welder", 0),
                             src("b", "Ignacio joined the choir at the town hall, what a voice", 5)])
    assert "Ignacio" not in profile.content, profile.content


def test_an_old_note_stays_while_its_memory_states_a_current_relation():
    # after NOTE_DAYS a note counts as old talk, unless its own memory still states something current:
    # "ran 38 races over the years" is said with the goal that still holds
    profile = build_profile([src("a", "I ran 38 races over the years, my goal now is 30 more", 0),
                             src("b", "the quarterly numbers are 14 percent up", 0.5),
                             src("c", "I live in Tromso now, it's dark all day", 200)])
    assert "38 races" in profile.content and "30 more" in profile.content, profile.content
    assert "quarterly" not in profile.content, profile.content  # a note alone in its memory is forgotten
    # ... for up to twice the window: then the note is old talk even beside a current statement
    later = build_profile([src("a", "I ran 38 races over the years, my goal now is 30 more", 0),
                           src("c", "I live in Tromso now, it's dark all day", 300)])
    assert "38 races" not in later.content and "30 more" in later.content, later.content


def test_a_completed_process_ends_what_said_it_was_under_way():
    profile = build_profile([src("a", "porting the billing service to Rust, slow going", 0),
                             src("b", "billing port is complete, no incidents, feeling great", 40)])
    assert not any("Porting" in line for line in profile.sections.get("current", ())), profile.sections
    assert "Past: Billing port is complete" in profile.content, profile.content


def test_a_superseded_memorys_old_notes_are_forgotten_though_it_states_more():
    # the judge linked the new deadline to the memory naming the old one: that memory still states
    # something of the user's (where they work), but its note of the old date is no longer news
    sources = [ProfileSource("a", "I work at Halden Logistics, my audit pack is due 9 June", T0,
                             successor="b"),
               src("b", "good news, the deadline moved, now due 30 June, so a week off first", 40)]
    profile = build_profile(sources, superseded_ids=frozenset({"a"}))
    assert "9 June" not in profile.content, profile.content
