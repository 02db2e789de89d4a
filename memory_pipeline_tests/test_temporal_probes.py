"""The date figures as regression floors: probes-dev `temporal` (40 cases, in-sample: the rules were
written while reading them) and LoCoMo dev's dated temporal answers (held out), both through the function
the save path stores dates with. Runs in seconds; skipped where the development data is not present."""

import json

import pytest

from memory_pipeline.bench.real import locomo_path
from memory_pipeline.bench.temporal_score import cases_path, load_cases, score, score_locomo


@pytest.mark.skipif(not cases_path().exists(), reason="probes-dev is not present")
def test_probes_dev_temporal_floor():
    got = score(load_cases())
    assert got["cases"] == 40
    # achieved 1.0 / 1.0 (before: past 0.75, future 0.40)
    assert (got["past"], got["future"]) == (1.0, 1.0), got["misses"]


@pytest.mark.skipif(not locomo_path().exists(), reason="LoCoMo dev is not present")
def test_locomo_dev_dated_answers_floor():
    got = score_locomo(json.loads(locomo_path().read_text(encoding="utf-8")))
    # 37 of the 51 answers: the 14 others have no date expression in their evidence turn (the answer is
    # the session's date) or disagree with it by a day; unchanged from before.
    assert got["questions"] == 51
    assert got["accuracy"] >= 0.725
