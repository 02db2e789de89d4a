import random
from datetime import UTC, datetime, timedelta, timezone

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memory_pipeline.lib.extract import SlotValue, extract_slots, normal_value, slot_states
from memory_pipeline.lib.supersession import MAX_LINKS_PER_MEMORY, MemoryText, detect_supersessions

JAN = datetime(2024, 1, 5, 9, 0, tzinfo=UTC)


def at(days: float) -> datetime:
    return JAN + timedelta(days=days)


def mem(mid: str, text: str, days: float) -> MemoryText:
    return MemoryText(mid, text, at(days))


def pairs(memories) -> list[tuple[str, str]]:
    return [(e.newer_id, e.older_id) for e in detect_supersessions(memories)]


def slots(text: str) -> set[tuple[str, str, bool]]:
    return {(s.slot, s.value, s.negated) for s in extract_slots(text)}


# -- the brief's cases --------------------------------------------------------------------------


def test_moving_city_supersedes_the_old_city_with_a_reason():
    found = detect_supersessions([mem("a", "I live in Paris", 0), mem("b", "I moved to Berlin", 157)])
    assert len(found) == 1
    edge = found[0]
    assert (edge.newer_id, edge.older_id, edge.slot) == ("b", "a", "location")
    assert (edge.old_value, edge.new_value) == ("Paris", "Berlin")
    assert edge.reason == "location changed from 'Paris' to 'Berlin' (2024-01-05 -> 2024-06-10)"
    assert 0.0 < edge.confidence <= 1.0


def test_reversed_timestamps_reverse_the_edge():
    found = detect_supersessions([mem("a", "I live in Paris", 157), mem("b", "I moved to Berlin", 0)])
    assert [(e.newer_id, e.older_id, e.old_value, e.new_value) for e in found] == [
        ("a", "b", "Berlin", "Paris")
    ]


def test_same_value_restated_gives_no_edge():
    memories = [
        mem("a", "I live in Paris", 0),
        mem("b", "Paris is where I live.", 30),
        mem("c", "I live in paris!", 60),
    ]
    assert detect_supersessions(memories) == []


def test_switching_editor_supersedes_the_old_one():
    found = detect_supersessions([mem("a", "I use vim", 0), mem("b", "I switched from vim to helix", 10)])
    assert [(e.newer_id, e.older_id, e.slot, e.old_value, e.new_value) for e in found] == [
        ("b", "a", "editor", "vim", "helix")
    ]


def test_unrelated_memories_give_no_edges():
    memories = [
        mem("a", "I live in Paris", 0),
        mem("b", "I work at Acme", 1),
        mem("c", "I use vim", 2),
        mem("d", "The weather was nice today", 3),
        mem("e", "Can you explain how consistent hashing works?", 4),
    ]
    assert detect_supersessions(memories) == []


@pytest.mark.parametrize(
    ("older", "newer"),
    [
        ("I have 2 cats", "I have 3 dogs"),
        ("I ran 5 km this morning", "I ran 10 km this morning"),
        ("I have 3 meetings today", "I have 5 meetings today"),
        ("PR #482 needs a review", "PR #489 needs a review"),
        ("Invoice 1001 is paid", "Invoice 1002 is paid"),
        ("I slept 6 hours last night", "I slept 8 hours last night"),
    ],
)
def test_look_alikes_with_different_numbers_but_no_shared_slot_give_no_edge(older, newer):
    assert detect_supersessions([mem("a", older, 0), mem("b", newer, 1)]) == []


def test_count_change_of_the_same_possession_is_an_edge():
    found = detect_supersessions([mem("a", "I have 2 cats", 0), mem("b", "We have three cats now", 5)])
    assert [(e.slot, e.old_value, e.new_value) for e in found] == [("count:cats", "2", "3")]


# -- chains, restatements, negations, ties ------------------------------------------------------


def test_chain_links_each_value_to_the_next_only():
    memories = [
        mem("a", "I live in Paris", 0),
        mem("b", "I moved to Berlin", 10),
        mem("c", "I relocated to Lisbon", 20),
    ]
    assert pairs(memories) == [("b", "a"), ("c", "b")]


def test_restatements_of_the_new_value_also_replace_every_statement_of_the_old_one():
    memories = [
        mem("a1", "I live in Paris", 0),
        mem("a2", "My flat is in Paris.", 1),
        mem("b1", "I moved to Berlin", 10),
        mem("b2", "Berlin is where I live.", 11),
        mem("c1", "I just moved to Lisbon", 20),
    ]
    assert pairs(memories) == [
        ("b1", "a1"),
        ("b1", "a2"),
        ("b2", "a1"),
        ("b2", "a2"),
        ("c1", "b1"),
        ("c1", "b2"),
    ]


def test_negation_flip_and_flip_back():
    memories = [
        mem("a", "I use Docker", 0),
        mem("b", "I don't use Docker anymore", 10),
        mem("c", "I use Docker again", 20),
    ]
    found = detect_supersessions(memories)
    assert [(e.newer_id, e.older_id, e.old_value, e.new_value) for e in found] == [
        ("b", "a", "Docker", "not Docker"),
        ("c", "b", "not Docker", "Docker"),
    ]
    assert "no longer holds" in found[0].reason
    assert "holds again" in found[1].reason


def test_a_negation_of_another_value_agrees_with_the_current_one():
    memories = [mem("a", "I live in Berlin", 0), mem("b", "I no longer live in Paris", 5)]
    assert detect_supersessions(memories) == []
    memories = [mem("a", "I no longer live in Paris", 0), mem("b", "I live in Berlin", 5)]
    assert detect_supersessions(memories) == []


def test_tools_used_side_by_side_do_not_replace_each_other():
    memories = [mem("a", "I use Docker", 0), mem("b", "I use Terraform", 5), mem("c", "I use Python", 6)]
    assert detect_supersessions(memories) == []


def test_equal_timestamps_never_supersede_each_other():
    memories = [mem("a", "I live in Paris", 0), mem("b", "I live in Berlin", 0)]
    assert detect_supersessions(memories) == []


def test_naive_timestamps_count_as_utc_and_mix_with_aware_ones():
    older = MemoryText("a", "I live in Paris", datetime(2024, 1, 1, 12, 0))
    newer = MemoryText(
        "b", "I moved to Berlin", datetime(2024, 1, 1, 13, 0, tzinfo=timezone(timedelta(hours=-2)))
    )
    assert pairs([older, newer]) == [("b", "a")]  # 15:00 UTC is after 12:00 UTC


def test_a_pair_linked_through_two_slots_gets_one_edge():
    memories = [
        mem("a", "I live in Paris and I work at Acme.", 0),
        mem("b", "I moved to Berlin and I joined Globex.", 10),
    ]
    found = detect_supersessions(memories)
    assert len(found) == 1
    assert found[0].slot == "employer"  # alphabetically first
    assert "employer changed" in found[0].reason and "location changed" in found[0].reason


def test_links_per_memory_are_capped():
    n = MAX_LINKS_PER_MEMORY + 20
    memories = [mem(f"a{i:03d}", "I live in Paris", i) for i in range(n)] + [
        mem("z", "I moved to Berlin", n + 1)
    ]
    found = detect_supersessions(memories)
    assert len(found) == MAX_LINKS_PER_MEMORY
    assert {e.older_id for e in found} == {f"a{i:03d}" for i in range(n - MAX_LINKS_PER_MEMORY, n)}


def test_change_cues_raise_confidence():
    plain = detect_supersessions([mem("a", "I live in Paris", 0), mem("b", "I live in Berlin", 5)])
    announced = detect_supersessions([mem("a", "I live in Paris", 0), mem("b", "I moved to Berlin", 5)])
    assert plain[0].confidence < announced[0].confidence <= 0.95


def test_output_is_deterministic_whatever_the_input_order():
    memories = [
        mem("a", "I live in Paris", 0),
        mem("b", "I use vim", 1),
        mem("c", "I moved to Berlin", 2),
        mem("d", "I switched from vim to helix", 3),
        mem("e", "I have 2 cats", 4),
        mem("f", "I have 3 cats", 5),
        mem("g", "I relocated to Lisbon", 6),
    ]
    expected = detect_supersessions(memories)
    rng = random.Random(7)
    for _ in range(5):
        shuffled = memories[:]
        rng.shuffle(shuffled)
        assert detect_supersessions(shuffled) == expected
    times = [next(m.created_at for m in memories if m.id == e.newer_id) for e in expected]
    assert times == sorted(times)


def test_empty_input():
    assert detect_supersessions([]) == []


# -- slot extraction ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I live in Paris", {("location", "Paris", False)}),
        ("I'm based in New York.", {("location", "New York", False)}),
        ("Berlin is where I live.", {("location", "Berlin", False)}),
        ("I call Cape Town home.", {("location", "Cape Town", False)}),
        ("My apartment is in Reykjavik.", {("location", "Reykjavik", False)}),
        ("Living in Sydney these days.", {("location", "Sydney", False)}),
        ("I'm in Tokyo, so keep my time zone in mind.", {("location", "Tokyo", False)}),
        ("I no longer live in Paris", {("location", "Paris", True)}),
        ("We moved from Paris to Berlin.", {("location", "Paris", True), ("location", "Berlin", False)}),
        (
            "I left Taipei and now live in Denver.",
            {("location", "Taipei", True), ("location", "Denver", False)},
        ),
        (
            "My new home is Rome, not Milan anymore.",
            {("location", "Rome", False), ("location", "Milan", True)},
        ),
        ("I work at Google", {("employer", "Google", False)}),
        ("I've been working for Acme Corp for years.", {("employer", "Acme Corp", False)}),
        ("Globex is the company I work for.", {("employer", "Globex", False)}),
        # the rule matches inside a relative clause: the copula is not part of the value
        ("The company I work for is Helix Payments, if it matters.", {("employer", "Helix Payments", False)}),
        ("I joined Initech last week", {("employer", "Initech", False)}),
        ("I left Google to join Meta", {("employer", "Google", True), ("employer", "Meta", False)}),
        (
            "I'm now working at Umbrella instead of Globex.",
            {("employer", "Umbrella", False), ("employer", "Globex", True)},
        ),
        ("Work-wise, I'm at Upland Foods.", {("employer", "Upland Foods", False)}),
        ("I'm a senior software engineer.", {("role", "senior software engineer", False)}),
        ("I got promoted to staff engineer.", {("role", "staff engineer", False)}),
        ("I'm no longer a data engineer.", {("role", "data engineer", True)}),
        ("My name is Alice", {("name", "Alice", False)}),
        ("My partner's name is Sam.", {("partner", "Sam", False)}),
        ("I'm married to Kim.", {("partner", "Kim", False)}),
        ("My dog's name is Rex.", {("pet:dog", "Rex", False)}),
        ("My favorite color is blue.", {("favorite:color", "blue", False)}),
        ("I have no cats", {("count:cats", "0", False)}),
        ("I've got two dogs", {("count:dogs", "2", False)}),
        ("I have a cat", {("count:cats", "1", False)}),
        ("I have 2 older brothers", {("count:older brothers", "2", False)}),
        ("I don't have any pets", {("count:pets", "0", False)}),
    ],
)
def test_phrase_slots(text, expected):
    assert slots(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Vim is my main editor.", {("editor", "vim", False)}),
        ("I write all my code in VS Code.", {("editor", "VS Code", False)}),
        ("I gave up on vim; I'm using helix now.", {("editor", "vim", True), ("editor", "helix", False)}),
        ("Tried Zed and I'm not going back to emacs.", {("editor", "Zed", False), ("editor", "emacs", True)}),
        ("Goodbye emacs, my editor is neovim now.", {("editor", "emacs", True), ("editor", "neovim", False)}),
        ("I'm on Linux.", {("os", "Linux", False)}),
        ("I finally installed NixOS and wiped Windows.", {("os", "NixOS", False), ("os", "Windows", True)}),
        ("My favourite programming language is Rust.", {("language", "Rust", False)}),
        ("These days I prefer Go over Java.", {("language", "Go", False), ("language", "Java", True)}),
        (
            "I used to swear by Ruby, but Kotlin is my favourite now.",
            {("language", "Ruby", True), ("language", "Kotlin", False)},
        ),
        ("I'm off coffee and onto tea.", {("drink", "coffee", True), ("drink", "tea", False)}),
        ("I can't start the day without green tea.", {("drink", "green tea", False)}),
        (
            "I've gone vegan; I used to be vegetarian.",
            {("diet", "vegan", False), ("diet", "vegetarian", True)},
        ),
    ],
)
def test_vocabulary_slots(text, expected):
    assert expected <= slots(text)


def test_a_relative_clauses_negation_does_not_negate_the_users_value():
    # "anything that isn't vim" says vim is the user's editor
    assert slots("I struggle in anything that isn't vim, it's the editor I live in.") == {("editor", "vim", False)}
    assert slots("I don't use vim anymore.") == {("editor", "vim", True)}


VOCABULARY = {"editor", "os", "language", "drink", "diet"}
PERSONAL = {"employer", "location", "role"}


@pytest.mark.parametrize(
    ("text", "forbidden"),
    [
        ("I met Alice for coffee yesterday.", VOCABULARY),
        ("Lunch with Bob at the vegan deli is confirmed.", VOCABULARY),
        ("I grabbed lunch at the vegan deli.", VOCABULARY),
        ("I work at Helix Payments.", VOCABULARY),
        ("Reach me at julia.smith@example.com, I prefer email.", VOCABULARY),
        ("I go to the gym after work.", VOCABULARY),
        ("I opened the windows because it was hot.", VOCABULARY),
        ("What's the difference between Docker and Podman?", VOCABULARY | PERSONAL),
        ("I'm a morning person", PERSONAL),
        ("I joined a gym", PERSONAL),
        ("I quit smoking", PERSONAL),
        ("I'm in London this week for a conference.", PERSONAL),
        ("I was in Paris last week for a conference.", PERSONAL),
        ("I used to live in Rome.", PERSONAL),
        ("I worked at Google for five years.", PERSONAL),
    ],
)
def test_look_alike_mentions_are_not_slots(text, forbidden):
    assert not {s.slot for s in extract_slots(text)} & forbidden


def test_project_decisions_are_slots_of_the_project():
    assert slots("We decided to use Postgres for the Atlas billing database.") == {
        ("database@atlas billing", "Postgres", False)
    }
    assert slots("We're migrating Atlas billing from Postgres to MySQL.") == {
        ("database@atlas billing", "Postgres", True),
        ("database@atlas billing", "MySQL", False),
    }
    # "from" names the source here, not an old choice
    assert slots("Atlas billing gets its queue from Kafka.") == {("queue@atlas billing", "Kafka", False)}
    assert slots("The Ion API gateway job queue runs on Postgres.") == {("queue@ion api", "Postgres", False)}
    assert slots("We host Atlas billing on Fly.io.") == {("cloud@atlas billing", "Fly.io", False)}
    assert slots("Atlas billing is written in Rust.") == {("language@atlas billing", "Rust", False)}
    assert slots("Atlas billing now has $250k instead of $220k.") == {
        ("budget@atlas billing", "$250k", False),
        ("budget@atlas billing", "$220k", True),
    }
    assert slots("The Atlas billing deadline slipped to April 10.") == {
        ("deadline@atlas billing", "April 10", False)
    }


def test_project_owners():
    assert slots("Tessa owns Wisp dashboard.") == {("owner@wisp dashboard", "Tessa", False)}
    assert slots("Hiro handed Cascade auth service over to Will.") == {
        ("owner@cascade auth", "Hiro", True),
        ("owner@cascade auth", "Will", False),
    }


def test_a_technology_named_in_passing_is_not_a_decision():
    assert slots("Alice said the Kafka cluster is flaky again.") == set()
    assert slots("Can you summarize the Postgres docs for me?") == set()


def test_a_project_date_about_something_else_is_not_its_deadline():
    assert slots("The Atlas billing status report is due on May 3.") == set()


def test_project_sentences_about_the_user_stay_personal():
    assert slots("I love writing Rust for Atlas billing.") == {("language", "Rust", False)}


def test_named_people_get_their_own_slots():
    assert slots("Alice lives in Berlin.") == {("location@alice", "Berlin", False)}
    assert slots("Alice relocated from Berlin to Oslo.") == {
        ("location@alice", "Berlin", True),
        ("location@alice", "Oslo", False),
    }
    assert slots("Bob is on the platform team.") == {("team@bob", "platform", False)}
    assert slots("He moved to Rome.") == set()


def test_named_person_and_user_do_not_supersede_each_other():
    memories = [mem("a", "I live in Paris", 0), mem("b", "Alice lives in Berlin.", 5)]
    assert detect_supersessions(memories) == []


def test_project_chain_end_to_end():
    memories = [
        mem("a", "We decided to use ClickHouse for the Harbor search database.", 0),
        mem("b", "We dropped ClickHouse for Harbor search and switched to Postgres.", 10),
        mem("c", "Decision for Harbor search: the data lives in Postgres.", 12),
        mem("d", "We decided to use Kafka for the Harbor search queue.", 13),
    ]
    assert pairs(memories) == [("b", "a"), ("c", "a")]


def test_slot_states_pick_the_current_value():
    assert slot_states("I switched from vim to helix") == {"editor": SlotValue("editor", "helix", False)}
    assert slot_states("I no longer live in Paris") == {"location": SlotValue("location", "Paris", True)}
    assert slot_states("I live in Paris and I live in Rome") == {}  # two current values: unusable
    assert slot_states("nothing to see here") == {}


def test_normal_value():
    assert normal_value(" The Netherlands. ") == "netherlands"
    assert normal_value("New  York") == "new york"


# -- properties and scale -----------------------------------------------------------------------

CITIES = ["Paris", "Berlin", "Lisbon", "Rome", "Oslo", "Madrid"]


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(CITIES), st.integers(min_value=0, max_value=10_000)), max_size=25))
def test_location_edges_follow_the_version_rule(statements):
    memories = [mem(f"m{i:02d}", f"I live in {city}", t) for i, (city, t) in enumerate(statements)]
    found = detect_supersessions(memories)
    by_id = {m.id: m for m in memories}
    # every edge goes from strictly newer to older and from one city to another
    for e in found:
        assert by_id[e.newer_id].created_at > by_id[e.older_id].created_at
        assert e.old_value != e.new_value
        assert e.slot == "location"
    # the latest statement is never superseded; nothing is linked twice
    latest = max(memories, key=lambda m: (m.created_at, m.id), default=None)
    assert latest is None or all(e.older_id != latest.id for e in found)
    assert len({(e.newer_id, e.older_id) for e in found}) == len(found)


def test_scales_linearly_to_many_memories():
    rng = random.Random(3)
    filler = [
        "Can you explain how consistent hashing works?",
        "Thanks, that fixed the issue with the build.",
        "What should I pack for a weekend in Rome?",
        "The meeting moved upstairs.",
    ]
    memories = []
    for i in range(20_000):
        if i % 10 == 0:
            text = f"I live in {rng.choice(CITIES)}."
        elif i % 10 == 1:
            text = f"I have {rng.randint(1, 5)} cats."
        else:
            text = rng.choice(filler)
        memories.append(MemoryText(f"m{i:05d}", text, at(i / 100)))
    found = detect_supersessions(memories)
    assert found
    assert all(f.slot in ("location", "count:cats") for f in found)
