"""One module per consolidation phase. Each exposes `NAME`, `ASSET` (the asset its results are
reported under) and `run(ctx, writer, engine, found) -> PhaseResult`; `consolidation/run.py` orders them."""
