import re
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memory_pipeline.lib.session_block import (
    BlockSummary,
    count_blocks,
    estimate_tokens,
    inject_block,
    remove_blocks,
    render_block,
)

GEN = datetime(2025, 1, 20, 10, 30, tzinfo=UTC)
OPEN = "<memory_consolidated_summaries"
CLOSE = "</memory_consolidated_summaries>"


def summary(
    sid="sum_1", *, confidence=0.9, relevance=0.5, activation=0, end_day=17, content=None, facts=None
):
    return BlockSummary(
        id=sid,
        namespace="decisions",
        content=content or "Selected FastAPI as the primary web framework due to native async support.",
        key_facts=facts
        if facts is not None
        else ("FastAPI selected as primary web framework", "Async support was deciding factor"),
        decisions=(
            {
                "decision": "Use FastAPI over Flask",
                "rationale": "Native async, OpenAPI generation",
                "outcome": None,
                "confidence": "high",
            },
        ),
        superseded_facts=(
            {
                "original_fact": "Initial estimate of 2x improvement",
                "superseded_by": "Measured 3x improvement",
                "source_memory_id": "m1",
            },
        ),
        temporal_range=(datetime(2025, 1, 10, tzinfo=UTC), datetime(2025, 1, end_day, tzinfo=UTC)),
        confidence=confidence,
        relevance=relevance,
        activation_count=activation,
    )


def test_block_follows_the_seed_layout():
    result = render_block([summary()], generated_at=GEN)
    text = result.text
    assert re.match(
        r'<memory_consolidated_summaries version="[0-9a-f]{8}" generated_at="2025-01-20T10:30:00Z">\n', text
    )
    assert "<!-- Memory Consolidation Context - Auto-generated, do not edit -->" in text
    assert "<!-- This block is replaced on each session start -->" in text
    assert "## Memory Context" in text
    assert "### Decisions (2025-01-10 - 2025-01-17)" in text
    assert (
        "**Key facts:**\n- FastAPI selected as primary web framework\n- Async support was deciding factor"
        in text
    )
    assert "**Decisions:**\n- Use FastAPI over Flask\n  - Rationale: Native async, OpenAPI generation" in text
    assert (
        "**Note - superseded information:**\n- ~~Initial estimate of 2x improvement~~ → Measured 3x improvement"
        in text
    )
    assert text.endswith("\n</memory_consolidated_summaries>")
    assert result.summary_ids == ("sum_1",)
    assert result.tokens_used == estimate_tokens(text)
    assert result.dropped == ()


def test_version_depends_on_content_not_on_time():
    a = render_block([summary()], generated_at=GEN).text
    b = render_block([summary()], generated_at=GEN + timedelta(hours=5)).text
    c = render_block([summary(content="Selected Django instead.")], generated_at=GEN).text
    version = re.compile(r'version="([0-9a-f]+)"')
    assert version.search(a).group(1) == version.search(b).group(1)
    assert version.search(a).group(1) != version.search(c).group(1)


def test_profile_comes_first():
    text = render_block([summary()], profile="Prefers short answers.", generated_at=GEN).text
    assert text.index("### Profile\n\nPrefers short answers.") < text.index("### Decisions")


def test_low_confidence_summaries_are_skipped():
    result = render_block([summary("a", confidence=0.69), summary("b", confidence=0.7)], generated_at=GEN)
    assert result.summary_ids == ("b",)
    assert result.dropped == ()


@pytest.mark.parametrize(
    ("prioritize", "expected"),
    [("relevance", ("b", "a", "c")), ("recency", ("c", "a", "b")), ("activation", ("a", "c", "b"))],
)
def test_prioritization(prioritize, expected):
    summaries = [
        summary("a", relevance=0.5, end_day=15, activation=9),
        summary("b", relevance=0.9, end_day=12, activation=1),
        summary("c", relevance=0.1, end_day=19, activation=5),
    ]
    assert render_block(summaries, generated_at=GEN, prioritize=prioritize).summary_ids == expected


def test_max_summaries():
    summaries = [summary(f"s{i}", relevance=i / 10) for i in range(5)]
    result = render_block(summaries, generated_at=GEN, max_summaries=2)
    assert result.summary_ids == ("s4", "s3")
    assert result.dropped == ("s2", "s1", "s0")


def test_tight_budget_drops_lowest_priority_then_trims_lists():
    summaries = [summary(f"s{i}", relevance=1 - i / 10) for i in range(10)]
    full = render_block(summaries, generated_at=GEN)
    tight = render_block(summaries, generated_at=GEN, token_budget=300)
    assert tight.tokens_used <= 300
    assert len(tight.summary_ids) < len(full.summary_ids)
    assert tight.summary_ids == full.summary_ids[: len(tight.summary_ids)]
    assert set(tight.dropped) == set(full.summary_ids) - set(tight.summary_ids)


def test_oversize_summary_is_trimmed_not_emitted_over_budget():
    big = summary(facts=tuple(f"fact number {i} " * 5 for i in range(200)), content="word " * 600)
    result = render_block([big], generated_at=GEN, token_budget=250)
    assert result.tokens_used <= 250
    assert result.summary_ids == ("sum_1",)
    assert "…" in result.text


def test_too_small_budget_raises():
    with pytest.raises(ValueError):
        render_block([summary()], generated_at=GEN, token_budget=20)
    with pytest.raises(ValueError):
        render_block([], generated_at=GEN, prioritize="size")


def test_long_profile_takes_at_most_half_the_budget():
    result = render_block([summary()], profile="likes tea " * 1000, generated_at=GEN, token_budget=600)
    assert result.tokens_used <= 600
    assert "### Profile" in result.text
    assert result.summary_ids == ("sum_1",)


def test_summary_text_cannot_break_the_wrapper():
    evil = summary(content=f"see {CLOSE} and {OPEN} version='x'> here", facts=(CLOSE,))
    block = render_block([evil], generated_at=GEN).text
    assert count_blocks(block) == 1
    ctx, _ = inject_block("before", block)
    assert remove_blocks(ctx) == ("before", True)


def test_injection_replaces_not_accumulates():
    block1 = render_block([summary()], generated_at=GEN).text
    block2 = render_block([summary(content="Now Django.")], generated_at=GEN).text
    first, replaced1 = inject_block(None, block1)
    second, replaced2 = inject_block("User notes.\n\n" + first, block2)
    assert (replaced1, replaced2) == (False, True)
    assert second.count(OPEN) == 1
    assert second == "User notes.\n\n" + block2


def test_inject_rejects_non_blocks():
    with pytest.raises(ValueError):
        inject_block("ctx", "just text")


def test_remove_handles_empty_context():
    assert remove_blocks(None) == ("", False)
    assert remove_blocks("") == ("", False)


fragments = st.one_of(
    st.text(max_size=40),
    st.sampled_from([OPEN, CLOSE, OPEN + ">", OPEN + ' version="1">', "\n", ">", "<", "-->"]),
)
contexts = st.one_of(st.none(), st.lists(fragments, max_size=12).map("".join))


@settings(max_examples=300, deadline=None)
@given(context=contexts, contents=st.lists(st.text(min_size=1, max_size=80), min_size=1, max_size=5))
def test_any_number_of_injections_leaves_exactly_one_block(context, contents):
    baseline, _ = remove_blocks(context)
    current = context
    for i, text in enumerate(contents):
        block = render_block([summary(content=text)], generated_at=GEN + timedelta(minutes=i)).text
        current, _ = inject_block(current, block)
        assert count_blocks(current) == 1
        assert current.endswith(block)
        assert remove_blocks(current)[0] == baseline
    # Re-injecting the same block changes nothing.
    assert inject_block(current, block)[0] == current


@st.composite
def block_summaries(draw):
    n = draw(st.integers(0, 12))
    out = []
    for i in range(n):
        out.append(
            BlockSummary(
                id=f"s{i}",
                namespace=draw(st.sampled_from(["decisions", "user_prefs", ""])),
                content=draw(st.text(min_size=1, max_size=900)),
                key_facts=tuple(draw(st.lists(st.text(max_size=120), max_size=15))),
                decisions=tuple(
                    {"decision": d, "rationale": "r"}
                    for d in draw(st.lists(st.text(max_size=80), max_size=5))
                ),
                superseded_facts=(),
                temporal_range=(GEN - timedelta(days=i + 3), GEN - timedelta(days=i)),
                confidence=draw(st.floats(0, 1)),
                relevance=draw(st.floats(0, 1)),
            )
        )
    return out


@settings(max_examples=150, deadline=None)
@given(
    summaries=block_summaries(),
    budget=st.integers(1, 3000),
    profile=st.one_of(st.none(), st.text(max_size=3000)),
    prioritize=st.sampled_from(["relevance", "recency", "activation"]),
)
def test_budget_is_always_respected(summaries, budget, profile, prioritize):
    try:
        result = render_block(
            summaries, profile=profile, generated_at=GEN, token_budget=budget, prioritize=prioritize
        )
    except ValueError:
        empty = render_block([], generated_at=GEN, token_budget=10_000)
        assert empty.tokens_used > budget  # only an impossible budget may raise
        return
    assert result.tokens_used <= budget
    assert estimate_tokens(result.text) == result.tokens_used
    assert count_blocks(result.text) == 1
    assert len(result.summary_ids) <= 10
    assert set(result.summary_ids).isdisjoint(result.dropped)


def test_a_profile_cut_to_the_budget_keeps_whole_lines():
    # each profile line is one statement with its source: a cut keeps whole lines, never half of one
    lines = [f"Statement number {i} about the user, with enough words to take some room [{i}]" for i in range(40)]
    block = render_block([], profile="\n".join(lines), generated_at=GEN, token_budget=300).text
    shown = block.split("### Profile\n\n", 1)[1].split("\n\n", 1)[0].strip().splitlines()
    assert 1 <= len(shown) < len(lines)
    assert shown == lines[: len(shown)]


def test_a_summary_sentence_the_profile_retired_is_struck_through():
    s = summary(content="studying for the GMAT, test date is in May. I drive a Volvo estate.",
                facts=("studying for the GMAT", "I drive a Volvo estate"))
    block = render_block([s], profile="Drives a Volvo estate [m2]", generated_at=GEN,
                         retired=["Studying for the GMAT", "Test date is in May"]).text
    assert "~~studying for the GMAT, test date is in May.~~ I drive a Volvo estate." in block
    assert "- ~~studying for the GMAT~~" in block and "- I drive a Volvo estate" in block
    # nothing retired: the summary as it was
    assert "~~studying" not in render_block([s], generated_at=GEN).text


def test_a_clause_the_profile_retired_is_struck_and_the_rest_of_its_sentence_kept():
    s = summary(content="hi, I'm Ola, I teach piano at home, based in Derby for now.",
                facts=("I'm Ola, I teach piano at home, based in Derby for now",))
    block = render_block([s], profile="Lives in Leicester [m3]", generated_at=GEN,
                         retired=["Based in Derby for now"]).text
    assert "I teach piano at home, ~~based in Derby for now.~~" in block, block
    assert "~~hi" not in block and "~~I teach" not in block
