"""Per-user consolidation as an ordered list of phases (run.py) over one run context and one writer;
one transaction per user."""
