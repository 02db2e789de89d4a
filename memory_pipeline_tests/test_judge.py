"""The supersession judge: its generic features read structure, its JSON model is the fitted one, and
every supersession edge a consolidation writes carries its probability and deciding features."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import numpy as np
import pytest

from memory_pipeline.bench import judge_pairs, train_judge
from memory_pipeline.bench import probes_score as ps
from memory_pipeline.lib.judge import FEATURE_NAMES, features, judge_candidates, load
from memory_pipeline.lib.judge_features import NAMES, pair_features
from memory_pipeline.lib.judge_reading import read
from memory_pipeline.lib.judge_relative import RELATIVE_NAMES, margins
from memory_pipeline.lib.judge_rules import RULE_NAMES
from memory_pipeline.lib.judge_sentence import SENTENCE_NAMES, sentence_features, value_voice
from memory_pipeline.lib.judge_statements import STATEMENT_NAMES, statement_features

T0 = datetime(2025, 6, 1, 9, tzinfo=UTC)


def feats(newer: str, older: str, cosine: float = 0.5, days: float = 30) -> dict[str, float]:
    return dict(zip(NAMES, pair_features(newer, older, cosine, T0 + timedelta(days=days), T0), strict=True))


def test_values_are_read_by_shape_and_masked_in_the_frame():
    r = read("We moved to Porto in March, 3 of us, flat number 12 at 9:30 on Monday")
    kinds = {v.key: v.kind for v in r.values}
    assert kinds["porto"] == "name" and kinds["march"] == "date" and kinds["monday"] == "date"
    assert kinds["3"] == "number" and kinds["9:30"] == "time"
    assert "porto" not in r.frame and "<name>" in r.frame


def test_numbers_swap_only_when_they_count_the_same_thing():
    # a class "two evenings a week" replaces no "one son"; "3 cats" does replace "2 cats"
    assert feats("now I go to a pottery class two evenings a week", "I have one son, Rafi")["swap_number"] == 0.0
    assert feats("we have 3 cats since the kitten arrived", "we have 2 cats at home")["swap_number"] == 1.0
    # a day beside a month is a day of a date: it swaps with another day, not with a count of steps
    assert feats("the launch is now on 5 April", "the launch is on 15 March")["swap_number"] == 1.0
    assert feats("we promised the export for September 20", "the guide has 9 steps")["swap_number"] == 0.0
    # a bare number counts what the word before it says: it swaps with a number after the same word
    assert feats("we're 12 now", "we're 9 people in the team")["swap_number"] == 1.0
    assert feats("the dog is 9 and sleeps all day", "I work 12 hour shifts")["swap_number"] == 0.0
    assert feats("got a 3 in the exam", "I am at 40 percent")["swap_number"] == 0.0
    # a form of "be" stands for all of them: what the subject is ("we're 12" / "the team is 9 people")
    assert feats("turns out we're 12, I missed the interns", "the team is 9 people")["swap_number"] == 1.0
    # ... but a number said of one named one (or "she") is not a number said of another
    assert feats("our kitten Mochi is 12 weeks old", "we have a dog, Bruno, he's 5")["swap_number"] == 0.0
    assert feats("Rosa is 9 now, where did the time go", "Rosa is 8 and mad about horses")["swap_number"] == 1.0
    # ... nor one of the person a sentence opens with of another's ("my niece ..." / "my nephew ...")
    assert feats("my niece is in grade 4 now", "my nephew is in grade 2 at Elmwood")["swap_number"] == 0.0
    assert feats("my nephew is in grade 3 now", "my nephew is in grade 2 at Elmwood")["swap_number"] == 1.0
    # a bare hour after "at" is one event's: it swaps with one said of the same thing only
    assert feats("choir practice is Tuesdays at 6 now", "my spin class is Fridays at 8")["swap_number"] == 0.0
    assert feats("the retro is now at 11", "our retro is at 10 on Fridays")["swap_number"] == 1.0
    # a hyphen joins a number to what it counts ("a 2-bed place" counts beds, not weeks); a range is an
    # estimate, no one value ("probably 5 weeks" against "the rewrite is 7-9 weeks of work")
    assert feats("can you make me a 10 week plan", "we rent a 2-bed place in Leith")["swap_number"] == 0.0
    assert feats("we moved to a 3-bed house", "we had a 2-bed cottage")["swap_number"] == 1.0
    assert feats("probably 5 weeks, it frees two teams", "the rewrite is 7-9 weeks of work")["swap_number"] == 0.0


def test_a_value_made_more_specific_is_read_as_extended():
    # a title or a name made more specific; the same value, another value or a shorter one is not
    assert feats("I was made Lead Data Engineer in May", "I am a Data Engineer at Acme")["value_extended"] == 1.0
    assert feats("I am still a Data Engineer at Acme", "I am a Data Engineer at Acme")["value_extended"] == 0.0
    assert feats("I moved to Globex as a Product Owner", "I am a Data Engineer at Acme")["value_extended"] == 0.0
    assert feats("Acme is fine", "I am at Acme Robotics")["value_extended"] == 0.0
    # one word is too often a place inside a larger name (a time zone holds its city)
    assert feats("my time zone is America/Denver", "I live in Denver, USA")["value_extended"] == 0.0
    # a name's head is its last word: words after it name another thing ("the Peak District Visitor
    # Centre" is not the Peak District), words before it make the same thing more specific
    assert feats("booked the Peak District Visitor Centre", "we hike in the Peak District")["value_extended"] == 0.0
    assert feats("my son joined the Derby County Academy", "I follow Derby County")["value_extended"] == 0.0
    assert feats("now a Principal Data Engineer", "I am a Data Engineer at Acme")["value_extended"] == 1.0


def test_another_persons_value_is_theirs_and_the_users_is_the_users():
    older = "I live in Porto near the market"
    assert feats("my cousin has just moved to Lisbon for a job", older)["other_holder_new"] == 1.0
    assert feats("Tessa moved to Lisbon last week", older)["other_holder_new"] == 1.0
    assert feats("we finally moved to Lisbon last week", older)["other_holder_new"] == 0.0


def test_a_value_in_another_persons_clause_or_another_time_is_not_the_users_new_fact():
    assert value_voice("my cousin just moved to Galway for a new job and she loves it", "Galway") == "other"
    assert value_voice("back when I lived in Leeds I cycled everywhere", "Leeds") == "subordinate"
    assert value_voice("when I worked at Initech we had free lunch. now I bring sandwiches", "Initech") == "subordinate"
    # the user's own move, also in a subordinate clause when a change cue is in it, is the user's
    assert value_voice("my partner and I moved to Galway in May", "Galway") is None
    assert value_voice("since my brother's wedding I moved to Galway", "Galway") is None
    assert value_voice("when I joined Initech last spring the team was tiny", "Initech") is None
    assert value_voice("I live in Leeds", "Paris") is None  # a value the text does not name


def test_modality_and_cues_are_closed_classes():
    older = "I work at Acme as an analyst"
    asked = feats("should I apply to Globex?", older)
    assert asked["question_new"] == 1.0 and asked["cue_new"] == 0.0
    assert feats("I might apply to Globex next year", older)["plan_new"] == 1.0
    moved = feats("I no longer work at Acme, I joined Globex", older)
    assert moved["cue_new"] > 0 and moved["old_in_new"] == 1.0 and moved["old_as_past"] == 1.0
    assert moved["past_with_value"] == 1.0 and feats("I joined Globex", older)["swap_name"] == 1.0


def sfeats(newer: str, older: str) -> dict[str, float]:
    return dict(zip(SENTENCE_NAMES, sentence_features(newer, older), strict=True))


def test_sentence_features_read_the_sentence_holding_the_value_not_the_whole_message():
    # the change is one sentence among chatter: the best-matching sentence pair carries the swap, its
    # frame position, the user's assertive voice and the cue, whatever surrounds it
    older = "My dentist appointment is on 3 May. I keep forgetting it, so remind me"
    chatty = "Busy week here, the kids are ill. The clinic moved my dentist appointment to 9 May. Off to bed now"
    f = sfeats(chatty, older)
    assert f["sent_swap"] == 1.0 and f["sent_cue"] == 1.0 and f["sent_swap_cue"] == 1.0
    assert f["sent_jaccard"] > feats(chatty, older)["frame_jaccard"]
    plan = sfeats("Busy week. I might move my dentist appointment to 9 May?", older)
    assert plan["sent_own_assertive"] == 0.0 and plan["sent_swap_own"] == 0.0
    own = sfeats("Busy week. I moved my dentist appointment to 9 May.", older)
    assert own["sent_own_assertive"] == 1.0 and own["sent_swap_own"] == 1.0
    assert sfeats("I moved it to 9 May.", "My appointment is at 10:30.")["sent_slot_agree"] == 0.0
    assert sfeats("The meeting is in Leeds now.", "The meeting is in York.")["sent_slot_agree"] == 1.0
    other = sfeats("Busy week. my sister moved her dentist appointment to 9 May.", older)
    assert other["sent_own_assertive"] == 0.0


def stfeats(newer: str, older: str) -> dict[str, float]:
    return dict(zip(STATEMENT_NAMES, statement_features(newer, older), strict=True))


def test_statement_features_read_a_relation_restated_with_another_value_and_an_ended_state():
    moved = stfeats("User: we moved up to Leeds last weekend, boxes everywhere", "I live in Ghent with two cats")
    assert moved == {"stmt_changed": 1.0, "stmt_ends_old": 0.0, "stmt_new": 1.0, "stmt_old": 1.0}
    assert stfeats("I live in Ghent, still", "I live in Ghent with two cats")["stmt_changed"] == 0.0
    stopped = stfeats("I've stopped tennis, my knee can't take it", "I play tennis at the Riverside club on Sundays")
    assert stopped["stmt_ends_old"] == 1.0 and stopped["stmt_changed"] == 0.0
    # another person's move and a plan are no statements of the user's
    assert stfeats("my cousin moved to Leeds", "I live in Ghent")["stmt_changed"] == 0.0
    assert stfeats("I might move to Leeds next year", "I live in Ghent")["stmt_changed"] == 0.0


def jfeats(newer: str, older: str) -> dict[str, float]:
    return dict(zip(FEATURE_NAMES, features(newer, older, 0.3, T0 + timedelta(days=40), T0), strict=True))


def test_the_user_named_in_the_third_person_is_the_users_own_voice():
    # agent-written stores say "The user lives in X": the judge reads it as the user's first person, so
    # the holder and statement features treat it as the user's fact (a speaker label "User:" is no subject)
    older = "The user lives in Seattle, USA."
    assert jfeats("User: I live in Toronto now.", older)["stmt_old"] == 1.0
    assert jfeats("User: I live in Toronto now.", older)["stmt_changed"] == 1.0
    assert jfeats("User: I live in Toronto now.", "my sister lives in Seattle")["stmt_changed"] == 0.0


def test_a_long_message_is_not_punished_for_the_talk_around_its_change():
    # the newer text's length and sentence count are capped: more chatter around the same change sentence
    # leaves them as they are
    older = "I live in Seattle."
    short = jfeats("Timeline is tight this quarter for the whole team. I live in Toronto now.", older)
    chatty = jfeats("Timeline is tight this quarter for the whole team. I live in Toronto now."
                    " The rebuild is eight weeks of work. The team"
                    " is small. We should cut scope. Let me know what you think about the charts.", older)
    assert (chatty["sent_count"], chatty["log_len_new"]) == (short["sent_count"], short["log_len_new"])


def test_a_pair_is_weighed_against_the_other_candidates_of_its_newer_memory():
    # each pair's score less the best of its newer memory's other candidates; alone, no evidence (0)
    got = margins(["a", "a", "a", "b"], [[0.2, 0.5, 0.1, 0.9]])
    assert [round(g[0], 6) for g in got] == [-0.3, 0.3, -0.4, 0.0]
    assert margins(["a", "a"], [[0.4, 0.4]]) == [[0.0], [0.0]]  # a tie is no margin


def test_the_candidate_closest_to_the_newer_memory_scores_above_the_same_pair_judged_alone():
    older = "I work at Initech as a data analyst"
    newer = "first week at Globex done, the new team is lovely"
    other = "we had pizza for lunch at the park"
    at = (T0 + timedelta(days=40), T0)
    alone = judge_candidates([("n", newer, older, 0.3, *at)])[0]
    nearest = judge_candidates([("n", newer, older, 0.3, *at), ("n", newer, other, 0.05, *at)])[0]
    assert dict(zip(FEATURE_NAMES, features(newer, older, 0.3, *at), strict=True))["cosine_margin"] == 0.0
    assert nearest.probability > alone.probability


def test_shipped_model_matches_the_features_and_reads_as_probabilities():
    m = load()
    assert m.names == FEATURE_NAMES == NAMES + SENTENCE_NAMES + STATEMENT_NAMES + RULE_NAMES + RELATIVE_NAMES
    assert len(m.weights) == len(FEATURE_NAMES) and 0 < m.threshold <= 1


def test_folded_weights_give_the_pipelines_probabilities():
    # the JSON model is the fitted scaler + regression as one dot product: same probabilities
    rng = np.random.default_rng(0)
    x = rng.normal(size=(200, 4)) * [1, 5, 0.1, 2] + [0, 3, 1, -1]
    y = (x[:, 0] + x[:, 1] / 5 + rng.normal(size=200) > 0.5).astype(int)
    pipe = train_judge._model().fit(x, y)
    w, b = train_judge.fold_in(pipe)
    p = 1 / (1 + np.exp(-(x @ np.array(w) + b)))
    assert np.allclose(p, pipe.predict_proba(x)[:, 1], atol=1e-4)


def test_threshold_is_the_lowest_cut_holding_the_precision():
    p = np.array([0.99, 0.9, 0.8, 0.7, 0.6, 0.5])
    y = np.array([1, 1, 1, 0, 1, 0])
    assert train_judge.threshold_for(p, y, 0.95) == 0.8
    assert train_judge.threshold_for(p, y, 0.75) == 0.6
    assert train_judge.threshold_for(np.array([0.9]), np.array([0]), 0.95) == 1.0


@pytest.mark.integration
def test_memories_said_at_the_same_moment_replace_nothing(service):
    # an imported profile writes its statements with one timestamp: neither is newer, so no edge, though
    # the same pair a day apart is a change
    for user, gap in (("ivo", timedelta(0)), ("una", timedelta(days=1))):
        service.remember_many([
            {"user_id": user, "content": "I work at Acme as a data engineer", "created_at": T0.isoformat()},
            {"user_id": user, "content": "I left Acme, I'm at Globex now", "created_at": (T0 + gap).isoformat()},
        ])
        assert service.consolidate(user)["status"] == "SUCCESS"
    edges = dict(service.conn.execute("SELECT user_id, count(*) FROM edges WHERE edge_type = 'supersedes'"
                                      " GROUP BY user_id").fetchall())
    assert edges.get("ivo", 0) == 0 and edges.get("una") == 1, edges


@pytest.mark.integration
def test_every_supersession_edge_records_the_judges_probability_and_features(service):
    from memory_pipeline.explain import explain

    service.remember_many([
        {"user_id": "jess", "content": "I live in Bristol and work from home", "created_at": T0.isoformat()},
        {"user_id": "jess", "content": "Update: we moved to Edinburgh last weekend, I live in Edinburgh now",
         "created_at": (T0 + timedelta(days=90)).isoformat()},
    ])
    assert service.consolidate("jess")["status"] == "SUCCESS"
    rows = service.conn.execute("SELECT id, weight, reason FROM edges WHERE user_id = 'jess'"
                                " AND edge_type = 'supersedes'").fetchall()
    assert rows, "the move supersedes the old city"
    for eid, weight, reason in rows:
        assert 0.0 <= weight <= 1.0 and f"judge p={weight:.2f}" in reason
        assert any(name in reason for name in NAMES)
        shown = explain(service.conn, eid, user_id="jess", ui_url="http://ui")
        assert f"judge p={weight:.2f}" in shown["row"]["reason"]


@pytest.mark.integration
def test_another_persons_move_leaves_the_users_city_current(service):
    service.remember_many([
        {"user_id": "ana", "content": "I live in Bergen, close to the harbour", "created_at": T0.isoformat()},
        {"user_id": "ana", "content": "my brother moved to Oslo last month, new job and all",
         "created_at": (T0 + timedelta(days=40)).isoformat()},
    ])
    assert service.consolidate("ana")["status"] == "SUCCESS"
    assert service.conn.execute("SELECT count(*) FROM edges WHERE user_id = 'ana'"
                                " AND edge_type = 'supersedes'").fetchone()[0] == 0


@pytest.mark.integration
def test_an_unrelated_remark_far_in_embedding_space_leaves_a_fact_current(service):
    # the judge weighs pairs at any cosine; the structural rules only the neighbour pairs they were
    # tuned on, so a remark about a format cannot retire an employer
    service.remember_many([
        {"user_id": "kai", "content": "The user works at Initech.", "created_at": T0.isoformat()},
        {"user_id": "kai", "content": "User: the table formatting isn't really working for me anymore."
         " When I read your quarterly forecast reviews I'd rather have prose.",
         "created_at": (T0 + timedelta(days=30)).isoformat()},
    ])
    assert service.consolidate("kai")["status"] == "SUCCESS"
    assert service.conn.execute("SELECT count(*) FROM edges WHERE user_id = 'kai'"
                                " AND edge_type = 'supersedes'").fetchone()[0] == 0


@pytest.mark.integration
@pytest.mark.xfail(strict=True, reason="judge-6 (the departure reading as a feature) scores this 0.20, under its"
                   " 0.233 threshold; judge-5 wrote it: the sentence features lost weight to the departure one")
def test_a_change_said_in_one_sentence_of_a_chatty_message_supersedes_the_old_fact(service):
    # no rule reads this change; the judge finds it on the sentence holding the new value
    service.remember_many([
        {"user_id": "rui", "content": "our book club meets at the Crown on Thursdays, it's the highlight of my week",
         "created_at": T0.isoformat()},
        {"user_id": "rui", "content": "long day. fyi the book club now meets at the Anchor instead, the Crown closed"
         " down. anyway, what should we read next?", "created_at": (T0 + timedelta(days=60)).isoformat()},
    ])
    assert service.consolidate("rui")["status"] == "SUCCESS"
    rows = service.conn.execute(
        "SELECT reason FROM edges WHERE user_id = 'rui' AND edge_type = 'supersedes'").fetchall()
    assert len(rows) == 1 and "(judge;" in rows[0][0], rows


@pytest.mark.integration
@pytest.mark.parametrize("newer", [
    "back when I lived in Leeds I cycled everywhere. these days I mostly walk",
    "my cousin just moved to Leeds for a new job and she loves it",
])
def test_a_city_of_the_past_or_of_another_person_leaves_the_users_city_current(service, newer):
    # the structural rules read both as a new city of the user's; their edge is written only when the
    # new value is the user's own, in a clause of the present
    service.remember_many([
        {"user_id": "oli", "content": "I live in Ghent with two cats", "created_at": T0.isoformat()},
        {"user_id": "oli", "content": newer, "created_at": (T0 + timedelta(days=50)).isoformat()},
    ])
    assert service.consolidate("oli")["status"] == "SUCCESS"
    assert service.conn.execute("SELECT count(*) FROM edges WHERE user_id = 'oli'"
                                " AND edge_type = 'supersedes'").fetchone()[0] == 0


@pytest.mark.integration
def test_a_correction_of_where_the_user_studies_supersedes_the_old_statement(service):
    # no rule reads it; judge-3 does: the clause reader states the same relation ("at X") with another
    # value, and the old one comes back only negated (judge-9 to judge-11 scored it just under their
    # thresholds; it scores just above judge-12's and judge-13's, 0.3469 and 0.342)
    service.remember_many([
        {"user_id": "bo", "content": "I'm a second-year at the University of Bristol studying drama",
         "created_at": T0.isoformat()},
        {"user_id": "bo", "content": "I'm at Bristol Old Vic Theatre School, not the University of Bristol, everyone"
         " confuses them", "created_at": (T0 + timedelta(days=3)).isoformat()},
    ])
    assert service.consolidate("bo")["status"] == "SUCCESS"
    rows = service.conn.execute("SELECT reason FROM edges WHERE user_id = 'bo' AND edge_type = 'supersedes'").fetchall()
    assert len(rows) == 1 and "(judge;" in rows[0][0] and "stmt_" in rows[0][0], rows


@pytest.mark.integration
def test_an_agent_written_fact_replaced_in_one_sentence_of_a_long_turn_is_the_judges_own_verdict(service):
    # the structural rules link this pair; the judge's probability is the edge's weight, and judge-3 put
    # it at 0.03 (the third-person statement read as another holder, the long turn punished for its
    # length): its verdict now agrees with the rules'
    service.remember_many([
        {"user_id": "tam", "content": "The user lives in Seattle, USA.", "created_at": T0.isoformat()},
        {"user_id": "tam", "content": "User: Timeline is the big one. I live in Toronto now. Anyway, the dashboard"
         " rebuild is probably 8-10 weeks of eng time.", "created_at": (T0 + timedelta(days=40)).isoformat()},
    ])
    assert service.consolidate("tam")["status"] == "SUCCESS"
    rows = service.conn.execute("SELECT weight, reason FROM edges WHERE user_id = 'tam'"
                                " AND edge_type = 'supersedes'").fetchall()
    assert len(rows) == 1 and rows[0][0] >= load().threshold, rows


@pytest.mark.integration
def test_a_change_nearer_the_new_memory_than_its_other_candidates_supersedes_the_old_fact(service):
    # no rule reads "picked up X, the Civic is sold" as a new car; judge-4 scored the pair 0.13 on its
    # own; judge-5 weighs it against the new memory's other candidate (an unrelated remark), which is
    # much farther, and writes the edge
    service.remember_many([
        {"user_id": "lea", "content": "I drive a 2015 Honda Civic to work", "created_at": T0.isoformat()},
        {"user_id": "lea", "content": "my daughter starts school in September",
         "created_at": (T0 + timedelta(days=10)).isoformat()},
        {"user_id": "lea", "content": "picked up the new Tesla Model 3 yesterday, the Civic is sold",
         "created_at": (T0 + timedelta(days=40)).isoformat()},
    ])
    assert service.consolidate("lea")["status"] == "SUCCESS"
    rows = service.conn.execute(
        "SELECT n.content, o.content, e.reason FROM edges e JOIN memories n ON n.id = e.source_id::bigint"
        " JOIN memories o ON o.id = e.target_id::bigint WHERE e.user_id = 'lea' AND e.edge_type = 'supersedes'"
    ).fetchall()
    assert [(n[:9], o[:9]) for n, o, _ in rows] == [("picked up", "I drive a")], rows
    assert "(judge;" in rows[0][2] and "cosine_margin" in rows[0][2], rows


def test_the_hand_labels_of_long_histories_fit_their_cases():
    # every probes-dev profile case is labelled; a labelled pair is (newer, older) of that case, and a pair
    # is either positive or left out, never both
    path = judge_pairs.data_dir() / "probes-dev" / "cases.json"
    if not path.exists():
        pytest.skip(f"{path} not found")
    cases = {c["user"]: c for c in json.loads(path.read_text())["profile"]}
    labels = ps.profile_labels()
    assert set(labels) == set(cases)
    for user, lab in labels.items():
        n = len(cases[user]["memories"])
        pos, skip = lab["positive"], lab["skip"]
        assert pos and not pos & skip, user
        assert all(0 <= old < new < n for new, old in pos | skip), user
    pairs = [p for p in judge_pairs.probes() if p.source == "probes-profile"]
    assert sum(p.label for p in pairs) == sum(len(lab["positive"]) for lab in labels.values())
    assert len(pairs) == sum(len(c["memories"]) * (len(c["memories"]) - 1) // 2 - len(labels[u]["skip"])
                             for u, c in cases.items())



def test_a_reason_never_quotes_an_empty_value():
    # the judge may supersede a statement without naming either value: the reason says so in words
    from memory_pipeline.engines.local import _because

    assert _because("Lyon", "Nantes") == "'Lyon' replaced by 'Nantes'"
    assert _because("Lyon", "") == "'Lyon' no longer holds"
    assert _because("", "Nantes") == "replaced by a newer statement naming 'Nantes'"
    assert "''" not in _because("", "")


def test_relative_time_counts_and_identifiers_are_no_swappable_numbers():
    # "in nine days" / "3 weeks ago" point at a time from when they were said: no value of an attribute
    assert [v.kind for v in read("In nine days I'm collecting the kayak").values] == []
    assert [v.kind for v in read("I renewed my passport 4 days ago").values] == []
    # a count is still a number: "we're 4 people", "vegan for 4 years"
    assert [(v.key, v.kind) for v in read("we're 4 people now").values] == [("4", "number")]
    assert [v.kind for v in read("vegan for 4 years").values] == ["number"]
    # a number that names a thing ("Invoice 3318", "order #5521") is an identifier, not a count
    assert [(v.key, v.kind) for v in read("Invoice 3318 is paid").values][0] == ("invoice 3318", "name")
    assert [v.kind for v in read("my order #5521 shipped").values] == ["name"]


def test_a_word_of_a_longer_name_is_not_the_same_word_in_lower_case():
    from memory_pipeline.lib.judge_statements import STATEMENT_NAMES, statement_features

    ends = STATEMENT_NAMES.index("stmt_ends_old")
    # "Lotus Notes is gone" ends the tool, not the notes the user takes
    assert statement_features("so Lotus Notes is gone", "I take the notes for the design team")[ends] == 0
    # the name said again, shorter, is still the name: "sold the Passat" ends "a Volkswagen Passat"
    assert statement_features("sold the Passat yesterday", "we've got a Volkswagen Passat")[ends] == 1
    # a negated state held only at some hours restricts the older one; said without them it ends it
    assert statement_features("I don't drink tea after 6pm", "I drink tea all day, about six cups")[ends] == 0
    assert statement_features("I don't drink tea anymore", "I drink tea all day, about six cups")[ends] == 1


def test_two_texts_naming_one_identifier_read_as_news_of_one_thing():
    # an identifier is a name holding a digit; both texts naming it is the shared_identifier feature
    at = datetime(2026, 3, 2, tzinfo=UTC)
    i = FEATURE_NAMES.index("shared_identifier")
    assert features("REQ-118 got approved this morning", "REQ-118 is waiting on legal", 0.6, at, at)[i] == 1.0
    assert features("parcel #40917 arrived", "parcel #40917 left the depot", 0.7, at, at)[i] == 1.0
    assert features("REQ-120 got approved", "REQ-118 is waiting on legal", 0.6, at, at)[i] == 0.0
    # a participle after a present "be" is a state ("I'm based there"), not news of the thing named
    assert features("the Oslo team wants it by end of Q3, Oslo is where I'm based",
                    "help me plan our Q3 priorities", 0.6, at, at)[i] == 0.0
    assert features("the Q3 plan got signed off", "help me plan our Q3 priorities", 0.6, at, at)[i] == 1.0


def test_an_identifier_named_again_without_news_of_it_replaces_nothing():
    # the feature reads an event reported of the tracked thing: the same identifier in the present tense,
    # or with something added to it, is more about one thing (its weight alone would supersede)
    from memory_pipeline.lib.judge import judge

    at = datetime(2026, 3, 2, tzinfo=UTC)
    i = FEATURE_NAMES.index("shared_identifier")
    compatible = [
        ("Suite 604 has a balcony over the harbour", "we're staying in Suite 604 at the Marlow for the summit"),
        ("claim #7390: the assessor wants the receipts too", "opened claim #7390 after the hail damaged the roof"),
        ("on KL 1021 my seat is 14A, window at least", "booked KL 1021 to Amsterdam for the 20th"),
        ("for parcel #40917 I also asked for a signature on delivery", "parcel #40917 is a new kettle, due Friday"),
    ]
    for newer, older in compatible:
        assert features(newer, older, 0.6, at + timedelta(days=3), at)[i] == 0.0, newer
        assert not judge(newer, older, 0.6, at + timedelta(days=3), at).supersedes, newer
    news = [("ticket DEV-553 was closed as fixed this morning", "ticket DEV-553 is open and assigned to Omar"),
            ("parcel #40917 got delivered to the neighbour", "parcel #40917 is a new kettle, due Friday")]
    for newer, older in news:
        assert features(newer, older, 0.6, at + timedelta(days=3), at)[i] == 1.0, newer
        assert judge(newer, older, 0.6, at + timedelta(days=3), at).supersedes, newer
    assert features("we moved in 2019", "we bought it in 2019", 0.6, at, at)[i] == 0.0  # a year is a date


@pytest.mark.integration
def test_one_speakers_turn_replaces_nothing_another_speaker_said(service):
    # a transcript's turns carry their speaker: the same change said by the other speaker is theirs
    def edges(user: str, newer: str) -> int:
        service.remember_many([
            {"user_id": user, "content": "Ana: my flat is in Braga, right by the river", "created_at": T0.isoformat()},
            {"user_id": user, "content": newer, "created_at": (T0 + timedelta(days=40)).isoformat()},
        ])
        assert service.consolidate(user)["status"] == "SUCCESS"
        return service.conn.execute("SELECT count(*) FROM edges WHERE user_id = %s AND edge_type = 'supersedes'",
                                    (user,)).fetchone()[0]

    assert edges("talk-same", "Ana: I moved to Coimbra last month, I live in Coimbra now") == 1
    assert edges("talk-other", "Ben: I moved to Coimbra last month, I live in Coimbra now") == 0


def test_leaving_a_place_at_a_clock_time_is_a_trip_not_a_move():
    # the departure reading weighs heavily: "left Cardiff at 6am" leaves no home behind
    from memory_pipeline.lib.judge import judge

    at = datetime(2026, 3, 2, tzinfo=UTC)
    assert not judge("left Cardiff at 6am, landing in Oslo for the fair", "I live in Cardiff with my wife",
                     0.5, at + timedelta(days=9), at).supersedes
    assert not judge("left the climbing wall early, finger was sore", "I go to the climbing wall on Thursdays",
                     0.6, at + timedelta(days=9), at).supersedes
    assert judge("after 6 years I left Initech, now at Hooli", "I work at Initech in the data team",
                 0.6, at + timedelta(days=9), at).supersedes



def test_the_teams_own_pairs_stay_where_judge_13_left_them():
    # benchmarks/invented-pairs: the team's own compatible facts and changes, each pair judged alone (its
    # real cosine, 30 days apart). In-sample: written while the narrow readings were built. 19 of 119
    # compatible pairs were superseded by judge-12; a reading that lets more through, or finds fewer of the
    # changes, has to say why (docs/BENCHMARKS.md, seventh session)
    from pathlib import Path

    from memory_pipeline.embedding import get_embedder
    from memory_pipeline.lib.judge import judge

    rows = [line.split("\t") for line in
            (Path(__file__).parents[1] / "benchmarks" / "invented-pairs" / "pairs.tsv").read_text().splitlines()[1:]]
    vectors = get_embedder().encode([t for newer, older, _ in rows for t in (newer, older)])
    at = datetime(2026, 3, 1, tzinfo=UTC)
    said = [judge(newer, older, float(np.dot(vectors[2 * i], vectors[2 * i + 1])), at + timedelta(days=30), at)
            .supersedes for i, (newer, older, _) in enumerate(rows)]
    compatible = [s for s, (*_, label) in zip(said, rows, strict=True) if label == "0"]
    changes = [s for s, (*_, label) in zip(said, rows, strict=True) if label == "1"]
    assert (len(compatible), len(changes)) == (119, 15)
    assert sum(compatible) == 0, sum(compatible)
    assert sum(changes) >= 12, sum(changes)
