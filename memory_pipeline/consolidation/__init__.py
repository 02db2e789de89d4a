"""Per-user consolidation: SUPERSESSION, CLUSTER, SUMMARIZE, decisions, TIER, PROFILE, context; one transaction."""
