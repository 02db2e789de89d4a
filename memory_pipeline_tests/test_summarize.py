from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memory_pipeline.lib.summarize import (
    SourceItem,
    default_budget,
    extractive_summary,
    map_reduce_summary,
    merge_text,
    split_sentences,
    truncate_text,
)

T0 = datetime(2025, 3, 1, 9, 0, tzinfo=UTC)

DB_CLUSTER = [
    "We decided to use PostgreSQL with pgvector because it keeps vectors next to the rows.",
    "The database is PostgreSQL; pgvector stores the embeddings.",
    "Postgres with pgvector was picked for the memory store. Backups run nightly at 02:00.",
    "I prefer dark mode in the editor.",
    "Going with HNSW indexes since recall latency matters.",
    "pgvector HNSW indexes keep PostgreSQL recall fast.",
]


def items_from(texts, **kw):
    return [SourceItem(f"m{i}", t, T0 + timedelta(hours=i), **kw) for i, t in enumerate(texts)]


def test_tight_budget_keeps_the_most_central_sentence():
    draft = extractive_summary(items_from(DB_CLUSTER), budget_chars=60)
    assert draft.content == "pgvector HNSW indexes keep PostgreSQL recall fast."


def test_summary_is_shorter_and_links_its_sources():
    items = items_from(DB_CLUSTER)
    draft = extractive_summary(items)
    assert "pgvector" in draft.content
    assert len(draft.content) <= default_budget([len(t) for t in DB_CLUSTER])
    assert len(draft.content) < sum(len(t) for t in DB_CLUSTER)
    assert draft.source_ids == tuple(f"m{i}" for i in range(6))
    assert draft.temporal_range == (T0, T0 + timedelta(hours=5))
    assert draft.method == "extractive"
    assert 0.0 < draft.confidence <= 1.0


def test_decisions_are_detected_with_rationale():
    draft = extractive_summary(items_from(DB_CLUSTER))
    by_text = {d["decision"]: d for d in draft.decisions}
    assert set(by_text) == {DB_CLUSTER[0], DB_CLUSTER[4]}
    assert by_text[DB_CLUSTER[0]]["rationale"] == "it keeps vectors next to the rows"
    assert by_text[DB_CLUSTER[4]]["rationale"] == "recall latency matters"
    assert all(set(d) == {"decision", "rationale", "outcome", "confidence"} for d in draft.decisions)


@pytest.mark.parametrize(
    ("sentence", "decision"),
    [
        # the future tense points the weekday forward, so the decision carries its date
        ("We will ship on Friday.", "We will ship on Friday (7 March 2025)."),
        ("The team switched to Rust.", "The team switched to Rust."),
        ("They settled on weekly releases.", "They settled on weekly releases."),
        ("She chose Vim.", "She chose Vim."),
    ],
)
def test_decision_phrases(sentence, decision):
    draft = extractive_summary([SourceItem("a", sentence, T0)])
    assert [d["decision"] for d in draft.decisions] == [decision]


def test_no_decision_without_a_decision_phrase():
    assert extractive_summary([SourceItem("a", "The sky was grey over Berlin.", T0)]).decisions == ()


def test_superseded_source_text_is_never_chosen():
    texts = [
        "The team uses MySQL for the memory store.",
        "The memory store runs on PostgreSQL with pgvector.",
        "PostgreSQL with pgvector holds the memory store and embeddings.",
    ]
    items = items_from(texts)
    sup = [("m0", texts[0], texts[1])]
    draft = extractive_summary(items, superseded=sup)
    assert "MySQL" not in draft.content
    assert draft.superseded_facts == (
        {"original_fact": texts[0], "superseded_by": texts[1], "source_memory_id": "m0"},
    )
    assert "m0" in draft.source_ids  # the old memory is still linked


def test_superseded_text_repeated_elsewhere_is_still_excluded():
    old = "The deploy target is Heroku."
    items = items_from([old, old + " Deploys run from CI.", "The deploy target is Fly.io now."])
    draft = extractive_summary(items, superseded=[("m0", old, "The deploy target is Fly.io now.")])
    assert "Heroku" not in draft.content


def test_all_sources_superseded_falls_back_to_replacements():
    items = items_from(["I live in Paris.", "My home is Paris."])
    sup = [("m0", "I live in Paris.", "I live in Lisbon."), ("m1", "My home is Paris.", "I live in Lisbon.")]
    draft = extractive_summary(items, superseded=sup)
    assert draft.content == "I live in Lisbon."


def test_key_facts_are_distinct_given_facts_in_time_order():
    items = [
        SourceItem("b", "Email me at a@x.io.", T0 + timedelta(1), facts=("email: a@x.io", "likes tea")),
        SourceItem("a", "I like tea.", T0, facts=("likes tea",)),
    ]
    draft = extractive_summary(items)
    assert draft.key_facts == ("likes tea", "email: a@x.io")


def test_key_facts_default_to_chosen_sentences():
    draft = extractive_summary(items_from(DB_CLUSTER))
    assert draft.key_facts
    assert all(f in draft.content for f in draft.key_facts)


def test_resolved_dates_are_kept():
    items = [
        SourceItem("a", "I met Ana yesterday.", T0, resolved_dates=(("yesterday", "2025-02-28"),)),
        SourceItem(
            "b", "Ana called yesterday.", T0 + timedelta(1), resolved_dates=(("yesterday", "2025-03-01"),)
        ),
    ]
    assert extractive_summary(items).resolved_dates == (
        ("yesterday", "2025-02-28"),
        ("yesterday", "2025-03-01"),
    )


@pytest.mark.parametrize("order", [(0, 1), (1, 0)])
def test_newer_sentence_wins_a_tie(order):
    texts = ["Standup is at 9am.", "Standup is at 8am."]
    items = [SourceItem(f"m{i}", texts[i], T0 + timedelta(hours=rank)) for rank, i in enumerate(order)]
    newest = texts[order[-1]]
    assert extractive_summary(items, budget_chars=20).content == newest


def test_details_beat_restatements():
    texts = [
        "My cat Tom is orange.",
        "Tom the cat loves tuna.",
        "I have a cat called Tom.",
        "My cat Tom is orange!",
        "My cat Tom is 3 years old.",
    ]
    content = extractive_summary(items_from(texts), budget_chars=70).content
    assert "tuna" in content
    assert "3 years" in content
    assert "called" not in content


def test_number_words_are_content():
    items = items_from(["I have two cats.", "I have three cats."])
    assert extractive_summary(items, budget_chars=40).content == "I have two cats.\nI have three cats."


def test_budget_is_respected_even_when_every_sentence_is_longer():
    long = "word " * 100
    draft = extractive_summary(items_from([long, long + "extra", "other " * 80]), budget_chars=50)
    assert 0 < len(draft.content) <= 50


def test_text_keeps_at_most_a_quarter_of_larger_groups():
    texts = [
        f"Sprint {i} retro: the team shipped feature {i} and fixed the login bug in service {i}."
        for i in range(40)
    ]
    draft = extractive_summary(items_from(texts))
    total = sum(len(t) for t in texts)
    assert total / len(draft.content) >= 4


def test_bad_input():
    with pytest.raises(ValueError):
        extractive_summary([])
    with pytest.raises(ValueError):
        extractive_summary([SourceItem("a", "x", T0), SourceItem("a", "y", T0)])
    with pytest.raises(ValueError):
        extractive_summary([SourceItem("a", "x", T0)], budget_chars=0)


def test_map_reduce_links_every_source_and_respects_budget():
    texts = [
        f"Note {i}: the user practised piano scale {i % 7} for {10 + i % 5} minutes." for i in range(230)
    ]
    items = items_from(texts)
    draft = map_reduce_summary(items, chunk_size=20)
    assert draft.source_ids == tuple(sorted(it.id for it in items))
    assert len(draft.content) <= default_budget([len(t) for t in texts])
    assert draft.temporal_range == (items[0].created_at, items[-1].created_at)
    assert "piano" in draft.content


def test_map_reduce_equals_single_pass_for_small_inputs():
    items = items_from(DB_CLUSTER)
    assert map_reduce_summary(items, chunk_size=50) == extractive_summary(items)


def test_map_reduce_keeps_decisions_and_superseded_facts():
    texts = ["We decided to use Redis for caching."] + [f"Cache hit rate was {50 + i}%." for i in range(30)]
    items = items_from(texts)
    sup = [("m5", texts[5], "Cache hit rate was 99%.")]
    draft = map_reduce_summary(items, chunk_size=8, superseded=sup)
    assert [d["decision"] for d in draft.decisions] == [texts[0]]
    assert draft.superseded_facts[0]["source_memory_id"] == "m5"
    assert texts[5] not in draft.content


def test_split_sentences():
    assert split_sentences("One. Two!  Three?\nFour") == ["One.", "Two!", "Three?", "Four"]


def test_truncate_text_cuts_at_word_boundary():
    assert truncate_text("alpha beta gamma", 12) == "alpha beta…"
    assert truncate_text("alpha beta gamma", 16) == "alpha beta gamma"
    assert len(truncate_text("x" * 50, 10)) == 10


def test_merge_text_prefers_the_most_informative_and_never_grows():
    texts = ["I use vim", "I use vim daily for Python editing", "vim user"]
    assert merge_text(texts) == "I use vim daily for Python editing"
    assert merge_text(["same words here", "here same words"]) == "same words here"  # tie: first
    assert len(merge_text(texts, limit=15)) <= 15
    with pytest.raises(ValueError):
        merge_text([])


VOCAB = "the user likes green tea and black coffee at 9am on mondays postgres vim rust deploy friday"
words = st.sampled_from(VOCAB.split())
sentence = st.lists(words, min_size=1, max_size=12).map(lambda ws: " ".join(ws).capitalize() + ".")
content = st.lists(sentence, min_size=1, max_size=4).map(" ".join)


@st.composite
def source_items(draw, min_size=1, max_size=25):
    texts = draw(st.lists(content, min_size=min_size, max_size=max_size))
    offsets = draw(st.lists(st.integers(0, 10_000), min_size=len(texts), max_size=len(texts)))
    return [
        SourceItem(f"id{i}", t, T0 + timedelta(minutes=o))
        for i, (t, o) in enumerate(zip(texts, offsets, strict=True))
    ]


@settings(max_examples=120, deadline=None)
@given(items=source_items(), budget=st.one_of(st.none(), st.integers(1, 400)), seed=st.randoms())
def test_summary_properties(items, budget, seed):
    draft = extractive_summary(items, budget_chars=budget)
    assert set(draft.source_ids) == {it.id for it in items}
    limit = budget if budget is not None else default_budget([len(it.content) for it in items])
    assert len(draft.content) <= limit
    if budget is None and len(items) >= 3:
        assert len(draft.content) < sum(len(it.content) for it in items)
    assert 0.0 <= draft.confidence <= 1.0
    shuffled = list(items)
    seed.shuffle(shuffled)
    assert extractive_summary(shuffled, budget_chars=budget) == draft


@settings(max_examples=40, deadline=None)
@given(items=source_items(min_size=5, max_size=40), chunk=st.integers(2, 6), seed=st.randoms())
def test_map_reduce_properties(items, chunk, seed):
    draft = map_reduce_summary(items, chunk_size=chunk)
    assert set(draft.source_ids) == {it.id for it in items}
    assert len(draft.content) <= default_budget([len(it.content) for it in items])
    shuffled = list(items)
    seed.shuffle(shuffled)
    assert map_reduce_summary(shuffled, chunk_size=chunk) == draft


@settings(max_examples=200, deadline=None)
@given(
    texts=st.lists(st.text(max_size=200), min_size=1, max_size=6),
    limit=st.one_of(st.none(), st.integers(0, 300)),
)
def test_merge_text_never_longer_than_longest_source(texts, limit):
    merged = merge_text(texts, limit=limit)
    assert len(merged) <= max(len(t) for t in texts)
    if limit is not None:
        assert len(merged) <= limit


def test_near_identical_sentences_count_once_the_newer_kept():
    texts = ["We adopted a puppy named Coco last week.", "Big news: we adopted a puppy named Coco last week!",
             "The shelter is in Leeds."]
    draft = extractive_summary(items_from(texts), budget_chars=500)
    assert draft.content.count("Coco") == 1
    assert "Big news" in draft.content and "Leeds" in draft.content
