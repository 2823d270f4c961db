"""The lookup key of a card name in any language."""

from __future__ import annotations

from rulesite.rules.textnorm import fold


def name_key(name: str) -> str:
    """Return the comparable form of a card name: spaces collapsed, Traditional Chinese folded to
    Simplified (OpenCC, as the rules search does), case-folded; at most 200 characters.

    >>> name_key("  Dark   MAGICIAN ") == name_key("dark magician")
    True
    >>> name_key("黑魔導") == name_key("黑魔导")
    True
    """
    return fold(" ".join(str(name).split()))[:200]
