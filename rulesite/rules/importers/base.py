"""Shared shapes and text helpers for the rules-document importers.

Every importer is a pure function ``parse(text: str, *, edition: str | None = None,
language: str | None = None) -> ParsedDocument``. It never touches the database: the
``import_rules`` command hands the result to ``rulesite.rules.services.document_import``,
which writes it in one transaction.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

# CJK ideographs, CJK punctuation and full-width forms: a space between two of these is a
# transcription artefact (the PDF extractor put one after every character).
_CJK = r"\u2E80-\u2FFF\u3000-\u303F\u3040-\u30FF\u3400-\u4DBF\u4E00-\u9FFF\uF900-\uFAFF\uFF00-\uFFEF"
_CJK_SPACE_RE = re.compile(rf"(?<=[{_CJK}])[ \u3000]+(?=[{_CJK}])")
CJK_CHAR_RE = re.compile(rf"[{_CJK}]")


class ImportFormatError(ValueError):
    """Raised when a file does not have the layout its format expects.

    The message names what was expected and where (line or section), so that the
    ``import_rules`` command can report it plainly.
    """


@dataclass
class ParsedSection:
    """One addressable unit of a rules document: it gets its own permalink.

    ``number`` is the document's own identifier (``6.1``, ``613.8a``, ``4.2.3.i2``,
    ``ch3.2``, ``card-bloodbraid-elf``, ``card-bloodbraid-elf.r1``, ``glossary/mana``),
    unique within the document. ``parent`` is the ``number`` of the enclosing unit or
    ``None`` for a top-level unit; parents always come before their children in
    ``ParsedDocument.sections`` (document order).
    """

    number: str
    title: str
    text: str
    """Display text: transcription artefacts removed (no spaces between CJK characters,
    no page numbers or running heads). May be empty for a pure heading."""
    raw_text: str = ""
    """The text exactly as the source has it, for citation. Defaults to ``text``."""
    parent: str | None = None
    kind: str = "section"
    """One of: chapter, section, subsection, rule, subrule, item, example, topic, card,
    ruling, glossary."""
    page: str = ""
    """Printed page for citation (``p.42``) where the document has page numbers."""
    reconstructed: bool = False
    """True when the number or heading was lost in the transcription and rebuilt."""
    data: dict = field(default_factory=dict)
    """Format-specific structured fields (e.g. a card's cost, type line, P/T)."""

    def __post_init__(self) -> None:
        if not self.raw_text:
            self.raw_text = self.text


@dataclass
class ParsedDocument:
    """A whole parsed document: metadata plus its sections in document order.

    ``slug`` is ``<family>-<edition>`` as in DESIGN.md; ``language`` is ``en``,
    ``zh-Hans`` or ``zh-Hant``; ``effective_date`` is ISO ``YYYY-MM-DD`` or ``""``.
    """

    family: str
    edition: str
    language: str
    game: str
    title: str
    sections: list[ParsedSection]
    effective_date: str = ""
    notes: list[str] = field(default_factory=list)
    """What the importer reconciled and the reader should know (a contents list that disagrees
    with the body …), printed by ``import_rules``; not stored."""

    @property
    def slug(self) -> str:
        return f"{self.family}-{self.edition}"


def strip_cjk_spaces(text: str) -> str:
    """Return ``text`` with the spaces between two CJK characters removed.

    ``"遊 戲 動 作 ( 附 加 牌 )"`` becomes ``"遊戲動作 ( 附加牌 )"``: spaces next to Latin
    letters, digits and ASCII punctuation are kept.
    """
    return _CJK_SPACE_RE.sub("", text)


def normalize_whitespace(text: str) -> str:
    """Collapse runs of whitespace to one space and strip the ends."""
    return re.sub(r"\s+", " ", text).strip()
