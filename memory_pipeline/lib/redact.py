"""Previews without memory text: what a decision was (action, ids, reason), with the values a reason
quotes from the memories masked."""

from __future__ import annotations

import re

# a reason quotes the values it compares ("city changed from 'Paris' to 'Berlin'"): those are memory text
_QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"|\u2018[^\u2019]*\u2019|\u201c[^\u201d]*\u201d")
MASK = "'…'"


def mask_quotes(text: str | None) -> str:
    return _QUOTED.sub(MASK, text or "")


def action_line(action: dict, max_ids: int = 5) -> str:
    """One redacted preview line of a logged action: its type, target, memory ids and masked reason."""
    ids = [str(i) for i in action.get("memory_ids", ())]
    shown = ", ".join(ids[:max_ids]) + (f" (+{len(ids) - max_ids})" if len(ids) > max_ids else "")
    target = f" -> {action['target_id']}" if action.get("target_id") else ""
    reason = mask_quotes(action.get("reason"))
    return f"{action['action']}{target} [{shown}]" + (f": {reason[:160]}" if reason else "")
