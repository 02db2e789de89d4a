"""The everyday commands start light: what a command imports, read from `sys.modules` of a fresh
process that ran it. A structure test rather than a timed one (the machines are too noisy to time);
`bench --only cli` measures the seconds."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

pytestmark = pytest.mark.integration

HEAVY = ("sklearn", "scipy", "torch", "dagster", "pandas", "sentence_transformers", "transformers")
# runs the real command, then reports on stderr the top-level packages it had imported
PROBE = """
import atexit, json, sys
atexit.register(lambda: sys.stderr.write(
    "\\nPROBE " + json.dumps(sorted({m.split(".")[0] for m in sys.modules})) + "\\n"))
from memory_pipeline.cli import main
raise SystemExit(main(sys.argv[1:]))
"""


def imported(*args: str) -> tuple[int, set[str]]:
    r = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True,
                       env=os.environ.copy(), timeout=300)
    probe = [ln for ln in r.stderr.splitlines() if ln.startswith("PROBE ")]
    assert probe, r.stderr
    return r.returncode, set(json.loads(probe[-1][len("PROBE "):]))


@pytest.fixture
def memory_id(service):
    return str(service.remember("cli-light", "I keep my passport in the blue folder").id)


@pytest.mark.parametrize("args", [
    ["stats", "--json"],
    ["explain", "--user", "cli-light", "{id}", "--json"],
    ["context", "--user", "cli-light", "--json"],
    ["suggestions", "list", "--user", "cli-light", "--json"],
])
def test_reading_commands_load_no_model_and_no_heavy_library(memory_id, args):
    code, mods = imported(*(a.replace("{id}", memory_id) for a in args))
    assert code == 0
    assert not mods & set(HEAVY), sorted(mods & set(HEAVY))
    assert "onnxruntime" not in mods  # nothing to embed: the model stays unloaded


@pytest.mark.parametrize("args", [
    ["recall", "--user", "cli-light", "where is my passport?", "--json"],
    ["remember", "--user", "cli-light", "My passport expires in May", "--json"],
])
def test_embedding_commands_use_onnx_runtime_only(memory_id, args):
    code, mods = imported(*args)
    assert code == 0
    assert "onnxruntime" in mods  # the exported model, cached by the session's embedder
    assert not mods & set(HEAVY), sorted(mods & set(HEAVY))


@pytest.mark.parametrize("args", [
    ["recall", "--user", "ok", "x", "--mode", "psychic"],
    ["remember", "--user", "ok", "x", "--created-at", "last tuesday-ish"],
    ["remember", "--user", "bad user!", "hello"],
])
def test_bad_input_answers_without_heavy_libraries(service, args):
    code, mods = imported(*args)
    assert code == 2
    assert not mods & {*HEAVY, "onnxruntime"}, sorted(mods & {*HEAVY, "onnxruntime"})


def test_the_stop_word_copy_is_scikit_learns_list():
    from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS

    from memory_pipeline.lib.vocab.stop_words import ENGLISH_STOP_WORDS as COPY

    assert COPY == ENGLISH_STOP_WORDS
