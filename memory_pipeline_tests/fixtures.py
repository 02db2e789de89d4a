"""Small hand-written memory sets used by several tests."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

T0 = datetime(2025, 1, 6, 9, 0, tzinfo=UTC)


def alice_memories() -> list[dict]:
    """Paraphrase groups, a move (Paris -> Berlin), preferences and habits, a relative date."""
    rows = [
        ("I live in Paris.", 0),
        ("My apartment is in Paris, near the canal.", 2),
        ("I really love working in Python for data work.", 3),
        ("Python is my favourite language for data work.", 5),
        ("For data work I always reach for Python.", 8),
        ("I prefer dark roast coffee in the morning.", 9),
        ("Every morning I drink a dark roast coffee.", 12),
        ("Dark roast coffee is what I drink each morning.", 15),
        ("I usually run before work.", 16),
        ("I usually run before work, about 5 km.", 20),
        ("I usually go for a run before work.", 25),
        ("I don't use Windows at all.", 26),
        ("The quarterly report is due at the end of March.", 30),
        ("Yesterday I signed the lease for a new flat.", 40),
        ("I moved to Berlin last month.", 60),
        ("My email is alice@example.com", 61),
    ]
    return [
        {"user_id": "alice", "content": text, "external_id": f"a{i}",
         "created_at": (T0 + timedelta(days=d)).isoformat()}
        for i, (text, d) in enumerate(rows)
    ]
