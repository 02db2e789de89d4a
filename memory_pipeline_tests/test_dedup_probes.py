"""The `dedup` pairs of the development probes, saved through the Python API and consolidated on the real
store (in-sample: the guard's and the flag band's figures were checked on these pairs)."""

from __future__ import annotations

import pytest

from memory_pipeline_tests import probe_dedup

pytestmark = pytest.mark.integration


@pytest.mark.skipif(not probe_dedup.cases(), reason="probes-dev data not found")
def test_details_that_differ_are_never_merged_and_paraphrases_are_caught(service):
    score = probe_dedup.score(service, probe_dedup.cases())
    assert len(score.pairs) == 40
    assert not score.wrong_merges, probe_dedup.report(score)
    assert score.paraphrases_handled >= 0.6, probe_dedup.report(score)
