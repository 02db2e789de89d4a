"""Plain algorithms over plain data: no Dagster, no SQL."""
