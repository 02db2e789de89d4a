"""Consolidation assets, checks and the job schedules and sensors launch."""
