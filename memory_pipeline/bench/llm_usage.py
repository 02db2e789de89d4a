"""What a model cost and how often its answers held, per workload and over all of them (`bench --engine llm`):
calls and tokens per 1,000 memories, seconds per memory, and per task the answers valid as given,
valid after one repair request, and the batches the rules judged (over the run's budget among them)."""

from __future__ import annotations

from memory_pipeline.engines.base import fallback_reasons

RATES = ("calls_per_1000_memories", "tokens_per_1000_memories", "tokens_per_memory", "seconds_per_memory")
FIGURES = ("calls", "valid", "repaired", "fallbacks", "over_budget", "seconds")


def figures(engine, used, memories: int) -> dict:
    """One workload's figures from an engine's usage span (`Usage.since`)."""
    return _rated({"engine": engine.name, "model": engine.model, "memories": memories, **used.as_counts()})


def _rated(v: dict) -> dict:
    per = 1000 / max(1, v["memories"])
    tokens = v.get("llm_prompt_tokens", 0) + v.get("llm_completion_tokens", 0)
    seconds = sum(n for k, n in v.items() if k.startswith("llm_seconds_"))
    return {**v, "calls_per_1000_memories": round(v.get("llm_calls", 0) * per, 1),
            "tokens_per_1000_memories": round(tokens * per),
            "tokens_per_memory": round(tokens / max(1, v["memories"]), 1),
            "seconds_per_memory": round(seconds / max(1, v["memories"]), 3)}


def total(by_workload: dict[str, dict]) -> dict:
    """Every workload's counts added up, rates computed again from the sums."""
    rows = list(by_workload.values())
    out: dict = {"engine": rows[0]["engine"], "model": rows[0]["model"]}
    for row in rows:
        for k, n in row.items():
            if (k == "memories" or k.startswith("llm_")) and isinstance(n, int | float):
                out[k] = round(out.get(k, 0) + n, 4)
    return _rated(out)


def tasks(v: dict) -> dict[str, dict]:
    """Per task: calls, valid, repaired, fallbacks, over_budget, seconds per call, why the rules judged."""
    names = sorted({k[len(f"llm_{f}_"):] for k in v for f in FIGURES if k.startswith(f"llm_{f}_")})
    out = {}
    for task in names:
        row = {f: v.get(f"llm_{f}_{task}", 0) for f in FIGURES}
        seconds = row.pop("seconds")
        # 4 places: a local stand-in answers in about a millisecond, which 2 places showed as 0
        row["seconds_per_call"] = round(seconds / row["calls"], 4) if row["calls"] else None
        # of the batches the model was asked (over the budget it was not asked)
        asked = row["valid"] + row["repaired"] + row["fallbacks"] - row["over_budget"]
        row["valid_rate"] = round((row["valid"] + row["repaired"]) / asked, 3) if asked else None
        row["fallback_reasons"] = fallback_reasons(v, task)
        out[task] = row
    return out


def render(v: dict) -> str:
    lines = [f"== LLM use ({v['engine']}, {v['model']}, {v['memories']} memories consolidated)",
             f"calls per 1,000 memories {v['calls_per_1000_memories']}, tokens per memory {v['tokens_per_memory']}"
             f" ({v.get('llm_prompt_tokens', 0)} prompt + {v.get('llm_completion_tokens', 0)} completion),"
             f" seconds per memory {v.get('seconds_per_memory', 0)}; retries {v.get('llm_retries', 0)},"
             f" fallbacks {v.get('llm_fallbacks', 0)}; calls on save {v.get('save_path_calls', 0)}"]
    for task, row in tasks(v).items():
        lines.append(f"  {task:<13} calls {row['calls']:>4}  valid {row['valid']:>4}  repaired {row['repaired']:>3}"
                     f"  rules {row['fallbacks']:>4} (over budget {row['over_budget']})"
                     f"  valid rate {_num(row['valid_rate'])}"
                     f"  s/call {_seconds(row['seconds_per_call'])}")
    return "\n".join(lines) + "\n"


def _num(x: float | None) -> str:
    return "-" if x is None else f"{x:.2f}"


def _seconds(x: float | None) -> str:
    return "-" if x is None else f"{x:.3g}"
