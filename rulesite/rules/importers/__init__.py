"""Importers: one parser module per rules-document format.

``FORMATS`` maps a format name (the ``--format`` of ``import_rules``) to its module; each
module has ``parse(text, *, edition=None, language=None) -> ParsedDocument``.
``BUNDLED`` lists the documents shipped in ``fixtures/documents/``.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from .base import ImportFormatError, ParsedDocument, ParsedSection

FORMATS: dict[str, str] = {
    "fow-whitepaper": "rulesite.rules.importers.fow_whitepaper",
    "ygo-ocg-rules": "rulesite.rules.importers.ygo_ocg_rules",
    "ygo-rulebook": "rulesite.rules.importers.ygo_rulebook",
    "mtg-release-faq": "rulesite.rules.importers.mtg_release_faq",
    "mtg-cr": "rulesite.rules.importers.mtg_cr",
    "fow-cr": "rulesite.rules.importers.fow_cr",
}

# (file name under fixtures/documents/, format)
BUNDLED: list[tuple[str, str]] = [
    ("fow-whitepaper-2.3.txt", "fow-whitepaper"),
    ("ygo-rulebook-mr2.txt", "ygo-rulebook"),
    ("ygo-ocg-rules-arcv.txt", "ygo-ocg-rules"),
    ("mtg-arb-faq-2009.txt", "mtg-release-faq"),
]

# Magic Comprehensive Rules editions read from the shared corpora folder when present.
CORPORA_GLOB = "MagicCompRules-*.txt"

# Every rules document read from the corpora folder when present: (file name pattern, format,
# language or None for the format's default). Patterns do not recurse: the English glob never
# picks up a translation kept in its language's folder (zh-Hans/MagicCompRules-20220429.txt).
CORPORA: list[tuple[str, str, str | None]] = [
    (CORPORA_GLOB, "mtg-cr", None),
    ("zh-Hans/" + CORPORA_GLOB, "mtg-cr", "zh-Hans"),
    ("FoW-CR-*.txt", "fow-cr", None),
]


def parser_for(fmt: str) -> ModuleType:
    """Return the parser module for format ``fmt``.

    Raises ``ImportFormatError`` naming the known formats when ``fmt`` is unknown.
    """
    try:
        return importlib.import_module(FORMATS[fmt])
    except KeyError:
        raise ImportFormatError(f"unknown format {fmt!r}; known formats: {', '.join(sorted(FORMATS))}") from None


__all__ = ["BUNDLED", "CORPORA", "CORPORA_GLOB", "FORMATS", "ImportFormatError", "ParsedDocument", "ParsedSection", "parser_for"]
