"""Dagster objects only; the logic they call lives in plain modules outside this folder."""
