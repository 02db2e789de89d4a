"""Many users in one run: one transaction each (a failed user rolls back alone), then what is cheaper
done once for the whole run (profile vectors in one encoder call, HNSW indexes for heavy users)."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from memory_pipeline.consolidation.config import ConsolidationConfig
from memory_pipeline.consolidation.context import Embed
from memory_pipeline.consolidation.phases.base import PhaseResult
from memory_pipeline.consolidation.run import UserOutcome, consolidate_user
from memory_pipeline.engines.base import Engine
from memory_pipeline.store import consolidation as store
from memory_pipeline.store.indexes import HNSW_MIN_ROWS, ensure_user_index

log = logging.getLogger(__name__)


@dataclass
class BatchOutcome:
    outcomes: list[UserOutcome] = field(default_factory=list)
    failed: dict[str, str] = field(default_factory=dict)  # user -> error
    users_with_hnsw: int = 0

    def by_asset(self) -> dict[str, PhaseResult]:
        """Every user's phase results summed per asset (what each asset's metadata reports)."""
        out: dict[str, PhaseResult] = {}
        for o in self.outcomes:
            for p in o.phases:
                out.setdefault(p.asset, PhaseResult(p.asset, p.asset)).merge(p)
        return out

    def compression(self) -> dict[str, float]:
        active = sum(o.compression.get("active_memories", 0) for o in self.outcomes)
        after = sum(o.compression.get("units_after", 0) for o in self.outcomes)
        return {"active_memories": active, "units_after": after,
                "ratio": round(active / after, 3) if after else 0.0}


def consolidate_users(conn, users: Sequence[str], *, engine: Engine, embed: Embed, database_url: str,
                      run_id: str | None = None, mode: str = "apply", dry_run: bool = False,
                      config: ConsolidationConfig | None = None,
                      on_user: Callable[[UserOutcome], None] | None = None) -> BatchOutcome:
    batch = BatchOutcome()
    for user in users:
        try:
            out = consolidate_user(conn, user, engine=engine, run_id=run_id, mode=mode, dry_run=dry_run,
                                   config=config)
        except Exception as e:  # one user's failure rolls back that user only
            log.error("consolidation of %s failed: %s", user, e)
            batch.failed[user] = f"{type(e).__name__}: {e}"
            continue
        batch.outcomes.append(out)
        heavy = out.compression.get("active_memories", 0) >= HNSW_MIN_ROWS
        if heavy and not dry_run and ensure_user_index(database_url, user):
            batch.users_with_hnsw += 1
        if on_user:
            on_user(out)
    # one encoder call for the run's new profiles: one per user would cost more than the rest
    to_embed = [(o.user_id, *o.profile_to_embed) for o in batch.outcomes if o.profile_to_embed]
    if to_embed and not dry_run:
        vectors = embed([text for _, _, text in to_embed])
        store.set_profile_embeddings(conn, [(u, pid, v) for (u, pid, _), v in zip(to_embed, vectors, strict=True)])
    return batch
