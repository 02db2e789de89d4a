"""`bench --probes`: the scoring rules on constructed outcomes, and a few cases of every category end to
end through the real store (save, consolidation, recall, session block)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from memory_pipeline.bench import probes, real
from memory_pipeline.bench import probes_score as ps


def test_supersession_needs_the_old_memory_replaced_by_the_new_one():
    contents = {1: "I live in Bristol", 2: "my brother lives in Ohio", 3: "moved to Edinburgh, not Bristol any more"}
    assert ps.supersession_outcome(contents, {1: 3, 2: None, 3: None}, "Bristol", "Edinburgh")["passed"]
    assert not ps.supersession_outcome(contents, {1: None, 2: None, 3: None}, "Bristol", "Edinburgh")["passed"]
    noisy = ps.supersession_outcome(contents, {1: 3, 2: 3, 3: None}, "Bristol", "Edinburgh")
    assert noisy["superseded"] and noisy["noise_superseded"] == 1 and not noisy["passed"]
    # superseded by something that does not hold the new value is no pass
    assert not ps.supersession_outcome(contents, {1: 2, 2: None, 3: None}, "Bristol", "Edinburgh")["passed"]


def test_answer_gives_the_new_value_before_the_old_one_as_current():
    new = {"delivered": "moved to Edinburgh last weekend", "current": True}
    old = {"delivered": "I'm based in Bristol", "current": True}
    old_past = {"delivered": "I'm based in Bristol", "current": False}
    both = {"delivered": "not Bristol any more: Edinburgh", "current": True}
    assert ps.answer_outcome([new, old], "Edinburgh", "Bristol")["passed"]
    assert not ps.answer_outcome([old, new], "Edinburgh", "Bristol")["passed"]
    assert ps.answer_outcome([old_past, new], "Edinburgh", "Bristol")["passed"]  # shown as superseded
    assert ps.answer_outcome([both, old], "Edinburgh", "Bristol")["passed"]
    assert not ps.answer_outcome([], "Edinburgh", "Bristol")["passed"]


def test_temporal_exact_day_month_and_weekend():
    res = [{"text": "last weekend", "date": "2025-06-07", "end": "2025-06-08"}]
    assert ps.temporal_outcome(res, "last weekend", "2025-06-07")["passed"]
    assert not ps.temporal_outcome(res, "last weekend", "2025-06-14")["passed"]
    assert ps.temporal_outcome([{"text": "in March", "date": "2026-03-01", "end": "2026-03-31"}],
                               "in March", "2026-03")["passed"]
    assert not ps.temporal_outcome([{"text": "on Friday", "date": "2025-06-20", "end": None}],
                                   "on Friday", "2025-06-13")["passed"]
    assert not ps.temporal_outcome([], "on Friday", "2025-06-13")["passed"]


def test_profile_judge_counts_current_and_past_lines():
    block = ("### Profile\nThe user works at Wise as a staff engineer. Has two cats, Mango and Kiwi.\n"
             "The user used to work at Monzo.\n**Note - superseded information:**\n"
             "- ~~lives in Peckham~~ → Sevenoaks\n")
    got = ps.profile_outcome(block, ["works at Wise", "2 cats, Mango and Kiwi", "lives in Sevenoaks"],
                             ["works at Monzo", "lives in Peckham", "vegan"])
    assert got["current_stated"] == 2 and got["missing"] == ["lives in Sevenoaks"]
    assert got["stale_leaked"] == 0 and not got["passed"]
    assert ps.profile_outcome("Constraints: vegan.", [], ["vegan"])["leaked"] == ["vegan"]


def test_profile_judge_reads_a_name_with_a_number_word_and_a_present_stop():
    # "Capture One" is a product, not one dog; "I stop the app" says the app use ended (non-native present)
    assert ps.stated("has only one dog", "Switching to Capture One. Has a dog, Fritz") == (False, False)
    assert ps.stated("edits in Capture One", "Edits everything in Capture One now") == (True, True)
    assert ps.stated("has one dog", "Has one dog, Fritz") == (True, True)
    assert ps.stated("learns Dutch with an app", "I stop the Dutch app.") == (True, False)


def test_profile_judge_reads_a_joined_line_clause_by_clause():
    # a profile line joins the clauses of one memory with " | ": what an item says of its name must be said in
    # a clause naming it, not through a word of the other clause
    line = "Their brother is Oskar | Works in Bergen \u2014 Took a job at the harbour office in Bergen [m4]"
    assert ps.stated("Oskar works nights", line) == (False, False)
    assert ps.stated("works in Bergen", line) == (True, True)
    assert ps.stated("brother Oskar in Bergen", line) == (True, True)  # each key may sit in its own clause
    # without a key word too: the words an item needs sit in one clause
    assert ps.stated("drives a red van", "Drives a blue car | Has a red kite") == (False, False)
    assert ps.stated("drives a red van", "Drives a red car | Has a kite") == (True, True)


def test_profile_judge_reads_a_hyphenated_compound_as_one_word():
    assert ps.stated("pre-launch", "We shipped the launch build.") == (False, False)
    assert ps.stated("works full-time", "Works full-time at the bakery") == (True, True)
    assert ps.stated("full-time", "Works part-time, most of the time") == (False, False)


def test_edges_in_a_long_history_are_read_against_its_hand_labels():
    labels = {"positive": {(3, 0), (5, 2)}, "skip": {(4, 1)}}
    got = ps.edges_outcome({(3, 0), (4, 1), (6, 2)}, labels)
    assert got == {"edges": 3, "edges_right": 1, "edges_two_ways": 1, "edges_wrong": 1, "labelled": 2}
    assert ps.edges_outcome(set(), labels)["edges_wrong"] == 0
    # the shipped labels load as index pairs, newer after older
    loaded = ps.profile_labels()
    assert loaded and all(n > o for lab in loaded.values() for n, o in lab["positive"] | lab["skip"])


@pytest.mark.skipif(not real.locomo_path().exists(), reason="LoCoMo dev is not present")
def test_locomo_hand_labels_name_one_speakers_turns_newer_after_older():
    turns = {conv["sample_id"]: {t["external_id"]: t for t in real.turns(conv)}
             for conv in json.loads(real.locomo_path().read_text())}
    labels = real.locomo_labels()
    assert set(labels) == set(turns) and all(lab["positive"] for lab in labels.values())
    for conv, lab in labels.items():
        assert not lab["positive"] & lab["skip"]
        for new, old in lab["positive"] | lab["skip"]:
            n, o = turns[conv][new], turns[conv][old]
            assert n["role"] == o["role"] and n["created_at"] > o["created_at"], (conv, new, old)
    # an edge between turns is read against them as a long history's edges are
    got = ps.edges_outcome({("D9:1", "D2:4"), ("D3:3", "D1:1")}, {"positive": {("D9:1", "D2:4")}, "skip": set()})
    assert (got["edges_right"], got["edges_wrong"]) == (1, 1)


def test_dedup_outcome():
    assert not ps.dedup_outcome(merged=True, flagged=False, must_not_merge=True)["passed"]
    assert ps.dedup_outcome(merged=False, flagged=True, must_not_merge=False)["passed"]
    assert not ps.dedup_outcome(merged=False, flagged=False, must_not_merge=False)["passed"]


@pytest.mark.skipif(not probes.probes_path().exists(), reason="probes-dev data not present")
def test_a_few_cases_of_every_category_end_to_end(service):
    cases = probes.load_cases()
    got = probes.score_probes(service, cases, limit=1, prefix="t-")
    assert set(got["figures"]) == set(probes.CATEGORIES)
    assert all(len(v) == 1 for v in got["cases"].values())
    change = got["cases"]["change"][0]
    # what the scorer says agrees with the store
    rows = service.get_memories("t-dev-chg-01", [int(r[0]) for r in service.conn.execute(
        "SELECT id FROM memories WHERE user_id = 't-dev-chg-01'").fetchall()])
    olds = [r for r in rows if cases["change"][0]["old_value"].lower() in r["content"].lower()
            and cases["change"][0]["new_value"].lower() not in r["content"].lower()]
    assert change["supersession"] == (olds[0]["superseded_by"] is not None and change["noise_superseded"] == 0)
    assert got["figures"]["temporal"]["cases"] == 1 and got["figures"]["profile"]["current_recall"] is not None
    with pytest.raises(Exception, match="already has memories"):
        probes.score_probes(service, cases, ["dedup"], limit=1, prefix="t-")


def test_cli_rejects_an_unknown_category(service):
    r = subprocess.run([sys.executable, "-m", "memory_pipeline.cli", "bench", "--probes", "--only", "nope"],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and "unknown probe categories nope" in r.stderr


def test_strict_answer_allows_no_old_value_as_current():
    new = {"delivered": "moved to Edinburgh last weekend", "current": True}
    old = {"delivered": "I'm based in Bristol", "current": True}
    assert not ps.answer_outcome([new, old], "Edinburgh", "Bristol")["strict"]
    assert ps.answer_outcome([new, {**old, "current": False}], "Edinburgh", "Bristol")["strict"]


def test_reasoned_answer_needs_the_new_value():
    assert ps.reasoned_outcome("I moved to Edinburgh", "Edinburgh", "Bristol")
    assert not ps.reasoned_outcome("I'm based in Bristol", "Edinburgh", "Bristol")


def test_figures_against_issue_targets():
    from memory_pipeline.bench.targets import targets

    doc = {"measures": {"probes": {"figures": {"control": {"cases": 30, "false_supersession_rate": 0.067},
                                               "dedup": {"cases": 40, "wrong_merge_rate": 0.0,
                                                         "paraphrases_merged_or_flagged": 0.25}}}}}
    rows = {r[0]: r[4] for r in targets(doc)}
    assert rows == {"probes: control: false supersession": False, "probes: dedup: one-detail pairs merged": True,
                    "probes: dedup: paraphrases merged or flagged": False}


def test_the_stored_current_fact_is_the_profiles_current_lines():
    block = ("<memory_consolidated_summaries>\n### Profile\n\nLives in Porto [m3]\nUses Linear, not Jira [m2]\n"
             "Past: Quit the Lisbon choir [m1]\n\n### Default (2025)\n\nwe live in Lisbon\n"
             "</memory_consolidated_summaries>")
    assert ps.stored_lines(block) == ["Lives in Porto [m3]", "Uses Linear, not Jira [m2]"]
    assert ps.stored_current_outcome(block, "Porto", "Lisbon")  # past lines and summaries are not the profile
    assert ps.stored_current_outcome(block, "Linear", "Jira")  # a line naming both states the change
    assert not ps.stored_current_outcome(block, "Bristol", "Porto")  # the new value is not stated
    two = block.replace("Uses Linear", "Lives in Lisbon too [m4]\nUses Linear")
    assert not ps.stored_current_outcome(two, "Porto", "Lisbon")  # the old one still stated as current
    assert not ps.stored_current_outcome("no profile here", "Porto", "Lisbon")
