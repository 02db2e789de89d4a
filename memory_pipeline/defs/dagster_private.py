"""The only module importing Dagster's private modules, so a Dagster upgrade that moves them breaks
in one place.

- Partition-range tags: the public way to request a run over a range of partitions
  (single-run backfill semantics) from a schedule, a sensor or `materialize` is these tags; Dagster
  exports no public constant for them.
- `ConfigurableClassData`: how instance storage tells run workers and the daemon to rebuild it;
  a custom storage class must return it.
"""

from dagster._core.storage.tags import (  # noqa: F401
    ASSET_PARTITION_RANGE_END_TAG,
    ASSET_PARTITION_RANGE_START_TAG,
)
from dagster._serdes import ConfigurableClassData  # noqa: F401


def range_tags(first: str, last: str) -> dict[str, str]:
    """Tags that make one run cover the partitions first..last."""
    return {ASSET_PARTITION_RANGE_START_TAG: first, ASSET_PARTITION_RANGE_END_TAG: last}
