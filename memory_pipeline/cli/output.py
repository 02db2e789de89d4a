"""How every command prints: text for people, one JSON line with --json."""

from __future__ import annotations

import json
import sys
from typing import Any

EXIT_BAD_INPUT = 2


def emit(data: Any, as_json: bool, text: str | None = None) -> None:
    if as_json:
        sys.stdout.write(json.dumps(data, default=str, indent=None) + "\n")
    else:
        sys.stdout.write((text if text is not None else json.dumps(data, default=str, indent=2)) + "\n")
