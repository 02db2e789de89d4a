"""Regenerate the committed sample, ``memory_pipeline/data/sample.jsonl`` (deterministic).

The README's first command ingests and consolidates it, so user u000 carries a scripted story:
lives in Paris, later moves to Berlin; switches from vim to helix; vegetarian. The seed was chosen
so the three users also show habits, relative dates, paraphrase groups and every distractor kind.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from memory_pipeline.bench.workload import GroundTruth, WorkloadSpec, generate, write_jsonl

SAMPLE_PATH = Path(__file__).resolve().parent.parent / "data" / "sample.jsonl"

SAMPLE_SPEC = WorkloadSpec(
    n_users=3,
    memories_per_user=65,
    seed=47,
    count_sigma=0.25,
    pinned=(
        (0, "location", ("Paris", "Berlin")),
        (0, "editor", ("vim", "helix")),
        (0, "diet", ("vegetarian",)),
    ),
)


def describe(truth: GroundTruth) -> str:
    """What the sample's ground truth holds, for the person regenerating it."""
    lines = [
        f"paraphrase groups: {len(truth.paraphrase_groups)}",
        f"supersessions: {len(truth.supersessions)}",
        f"relative dates: {len(truth.temporal)}",
        f"distractor pairs: {len(truth.distractor_pairs)}",
        f"questions: {len(truth.questions)}",
    ]
    lines += [f"profile {user}: {profile}" for user, profile in truth.profiles.items()]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=SAMPLE_PATH, help="where to write the JSONL")
    args = parser.parse_args(argv)
    workload = generate(SAMPLE_SPEC)
    n = write_jsonl(workload.iter_memories(), args.out)
    print(f"wrote {n} memories to {args.out}")
    print(describe(workload.truth))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
