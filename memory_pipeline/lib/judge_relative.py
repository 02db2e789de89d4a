"""Relative evidence among one newer memory's candidates, for the supersession judge.

A pair's own cosine and frame overlap say little on real text: a long turn and the short fact it
replaces score low, and unrelated turns of one conversation score high. What a replaced fact has is
that it is closer to the newer text than the newer text's other candidates are. So each pair gets the
margin of its cosine and of its masked-frame Jaccard over the best of the same newer text's *other*
candidates; a newer text with one candidate gets 0 (no evidence either way: "is the nearest candidate"
as a flag was always true in a case of two memories and put control pairs above the threshold).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

RELATIVE_FEATURES: dict[str, str] = {
    "cosine_margin": "the pair's cosine less the best cosine of the newer text's other candidates (0: none)",
    "frame_margin": "the pair's masked-frame Jaccard less the best of the newer text's other candidates (0: none)",
}
RELATIVE_NAMES = tuple(RELATIVE_FEATURES)


def margins(newer_keys: Sequence[Hashable], columns: Sequence[Sequence[float]]) -> list[list[float]]:
    """Per pair, for each column (one score per pair), its score less the best score of the other pairs
    with the same newer key; 0 for a newer key with a single pair."""
    out = [[0.0] * len(columns) for _ in newer_keys]
    groups: dict[Hashable, list[int]] = {}
    for i, key in enumerate(newer_keys):
        groups.setdefault(key, []).append(i)
    for idx in groups.values():
        if len(idx) < 2:
            continue
        for c, col in enumerate(columns):
            ranked = sorted(idx, key=lambda i, col=col: -col[i])
            best, second = col[ranked[0]], col[ranked[1]]
            for i in idx:
                out[i][c] = col[i] - (second if i == ranked[0] else best)
    return out
