"""Store metrics in the Prometheus text format (for node_exporter's textfile collector or a scrape job)."""

from __future__ import annotations

from typing import Any


def prometheus_text(stats: dict[str, Any]) -> str:
    lines: list[str] = []

    def gauge(name: str, help_: str, samples: list[tuple[dict[str, str], float]]) -> None:
        lines.append(f"# HELP memory_pipeline_{name} {help_}")
        lines.append(f"# TYPE memory_pipeline_{name} gauge")
        for labels, value in samples:
            lab = ",".join(f'{k}="{v}"' for k, v in sorted(labels.items()))
            lines.append(f"memory_pipeline_{name}{{{lab}}} {value}" if lab else f"memory_pipeline_{name} {value}")

    gauge("memories", "Raw memories, duplicates included.", [({}, stats["memories"])])
    gauge("active_memories", "Raw memories neither duplicate nor superseded.", [({}, stats["active_memories"])])
    gauge("memories_by_tier", "Non-duplicate raw memories per tier.",
          [({"tier": t}, n) for t, n in sorted(stats["tiers"].items())])
    gauge("summaries", "Summaries (cluster, episode, merge).", [({}, stats["summaries"])])
    gauge("profiles", "Procedural profiles.", [({}, stats["profiles"])])
    gauge("edges", "Edges by type.", [({"type": t}, n) for t, n in sorted(stats["edges"].items())])
    gauge("actions", "Logged decisions by action.", [({"action": a}, n) for a, n in sorted(stats["actions"].items())])
    gauge("pending_suggestions", "Review-mode suggestions waiting for a decision.",
          [({}, stats["pending_suggestions"])])
    if stats.get("compression_ratio") is not None:
        gauge("compression_ratio", "Active raw rows per unit a standard recall searches.",
              [({}, stats["compression_ratio"])])
    return "\n".join(lines) + "\n"
