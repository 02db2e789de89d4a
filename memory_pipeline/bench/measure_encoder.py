"""Encoder throughput (ONNX Runtime vs sentence-transformers in the same run) and bulk ingest against
the raw throughput of the encoder the service uses, on the same texts."""

from __future__ import annotations

import statistics
import time

import numpy as np

from memory_pipeline.bench.workload import WorkloadSpec, generate

ENCODER_SEED = 99
QUALITY_SEED = 7


def sentences(n: int, seed: int = ENCODER_SEED) -> list[str]:
    """`n` distinct workload sentences in generation order (a realistic mix of lengths)."""
    spec = WorkloadSpec.for_total(max(4 * n, 400), max(4, n // 50), seed=seed, user_prefix="enc")
    seen: dict[str, None] = {}
    for m in generate(spec).iter_memories():
        seen.setdefault(m.content)
        if len(seen) == n:
            break
    return list(seen)


def _time(fn) -> float:
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


def encoder(bench) -> dict:
    from memory_pipeline.embedding import get_embedder

    s, plan = bench.settings, bench.plan
    texts = sentences(plan.encoder_sentences)
    try:  # the torch model's loading bar would land in the middle of the tables
        from transformers.utils import logging as hf_logging

        hf_logging.disable_progress_bar()
    except ImportError:
        pass
    onnx = get_embedder(s.embedding_model, "onnx", s.cache_dir)
    torch_emb = get_embedder(s.embedding_model, "torch", s.cache_dir)
    for emb in (onnx, torch_emb):  # first calls allocate; not part of the steady state
        emb.encode(texts[:64], batch_size=64)
    times: dict[str, list[float]] = {"onnx": [], "torch": []}
    vecs = {}
    for _ in range(plan.encoder_reps):  # interleaved, so drift on a noisy machine hits both alike
        for name, emb in (("onnx", onnx), ("torch", torch_emb)):
            t0 = time.perf_counter()
            vecs[name] = emb.encode(texts, batch_size=64)
            times[name].append(time.perf_counter() - t0)
    cos = np.sum(vecs["onnx"] * vecs["torch"], axis=1)
    rate = {k: len(texts) / statistics.median(v) for k, v in times.items()}
    import torch

    return {
        "encoder": {
            "model": s.embedding_model,
            "sentences": len(texts),
            "batch_size": 64,
            "reps": plan.encoder_reps,
            "mean_words": round(float(np.mean([len(t.split()) for t in texts])), 1),
            "onnx_per_s": round(rate["onnx"], 1),
            "torch_per_s": round(rate["torch"], 1),
            "ratio": round(rate["onnx"] / rate["torch"], 3),
            "cosine_min": round(float(cos.min()), 7),
            "cosine_mean": round(float(cos.mean()), 7),
            "torch_threads": torch.get_num_threads(),
            "onnx_threads": onnx.session.get_session_options().intra_op_num_threads,
            "target": "ratio >= 1.2 at cosine_min >= 0.999",
            "met": bool(rate["onnx"] / rate["torch"] >= 1.2 and cos.min() >= 0.999),
        }
    }


def quality_spec(plan) -> WorkloadSpec:
    return WorkloadSpec.for_total(plan.quality_total, plan.quality_users, seed=QUALITY_SEED, user_prefix="q")


def ingest_and_quality(bench) -> dict:
    """Ingest the quality workload through MemoryService.remember_many (timed), then its quality figures."""
    from memory_pipeline.bench import measure_quality, measure_scale

    svc = bench.service
    spec = quality_spec(bench.plan)
    wl = generate(spec)
    mems = list(wl.iter_memories())
    truth = wl.truth
    texts = [m.content for m in mems]
    emb = bench.embedder
    emb.encode(texts[:64], batch_size=64)
    raw_before = len(texts) / _time(lambda: emb.encode(texts, batch_size=64))
    measure_scale.reset_store(svc)
    records = [m.to_json() for m in mems]
    t0 = time.perf_counter()
    rep = svc.remember_many(records)
    seconds = time.perf_counter() - t0
    raw_after = len(texts) / _time(lambda: emb.encode(texts, batch_size=64))
    raw = (raw_before + raw_after) / 2
    counts = rep.to_dict()
    stored = svc.stats()["memories"]
    out = {
        "ingest": {
            "records": len(records),
            "users": spec.n_users,
            "backend": emb.backend,
            "seconds": round(seconds, 2),
            "ingest_per_s": round(len(records) / seconds, 1),
            "encoder_per_s": round(raw, 1),
            "encoder_per_s_before": round(raw_before, 1),
            "encoder_per_s_after": round(raw_after, 1),
            "ratio": round(len(records) / seconds / raw, 3),
            "stored": stored,
            "counts": {k: counts[k] for k in ("inserted", "deduplicated", "flagged", "existing")},
            "counts_add_up": sum(counts[k] for k in ("inserted", "deduplicated", "flagged", "existing"))
            == len(records)
            == stored,
            "method": "MemoryService.remember_many on the generated workload (validation, embedding, quick check,"
            " COPY); the encoder alone timed on the same texts before and after, batch 64",
            "target": "ratio >= 0.85",
            "met": bool(len(records) / seconds / raw >= 0.85),
        }
    }
    if "quality" in bench.selected:
        out["quality"] = measure_quality.evaluate(bench, spec, truth)
    return out
