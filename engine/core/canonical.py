"""Canonical JSON and permalink codes (DESIGN.md, "Scenario documents").

The same board always gets the same code, and a stored code never changes, so neither
function may change its output for a given input.
"""

from __future__ import annotations

import base64
import hashlib
import json
from typing import Any

CODE_LENGTH = 12
"""Characters in a scenario code: 60 bits of the SHA-256, lower-case base32."""


def canonical_json(scenario: Any) -> str:
    """Return ``scenario`` as JSON with sorted keys, no insignificant whitespace, UTF-8 text.

    >>> canonical_json({"b": 1, "a": ["é", 2]})
    '{"a":["é",2],"b":1}'
    """
    return json.dumps(scenario, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def scenario_code(scenario: Any) -> str:
    """Return the short URL-safe permalink code of ``scenario``.

    It is the first 12 characters of the lower-case base32 SHA-256 of the canonical JSON.

    >>> scenario_code({"a": 1}) == scenario_code({"a": 1})
    True
    >>> len(scenario_code({"a": 1}))
    12
    """
    digest = hashlib.sha256(canonical_json(scenario).encode("utf-8")).digest()
    return base64.b32encode(digest).decode("ascii").lower()[:CODE_LENGTH]
