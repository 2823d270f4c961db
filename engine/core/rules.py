"""Rule references: where in which rules document a step is grounded.

The engine knows a rule only as ``(document slug, section)``; the site resolves the link and
shows the reference plainly when that document is absent (DESIGN.md, "Engine").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

DocumentSlug = str
"""A document slug as in DESIGN.md: ``<family>-<edition>``."""

SectionNumber = str
"""A section identifier exactly as the document numbers it, e.g. ``4.2.4.1.i3`` or ``613.8a``."""

RULING_BASIS = "official ruling, not in this document"
"""The ``basis`` of a trace step whose rules document is silent."""

NOT_COVERED = "not covered by this document"
"""Prefix of the ``source`` of a step on which the rules document is silent and no ruling
decides: the engine says so rather than guess (DESIGN.md, Trace)."""


@dataclass(frozen=True, slots=True)
class Rule:
    """A section of a rules document that a trace step applies."""

    document: DocumentSlug
    """The document slug (``<family>-<edition>``)."""
    number: SectionNumber
    """The section number as the document has it (reconstructed numbers included)."""

    @property
    def url(self) -> str:
        """Return the site path of the section (``/rules/<document>/<section>/``)."""
        return f"/rules/{self.document}/{self.number}/"

    def to_dict(self) -> dict[str, str]:
        """Return ``{document, number, url}`` for the trace."""
        return {"document": self.document, "number": self.number, "url": self.url}

    def __str__(self) -> str:
        return f"{self.document} {self.number}"


@dataclass(frozen=True, slots=True)
class Ruling:
    """A step that rests on an official ruling the chosen document does not contain."""

    source: str
    """A short description of where the ruling comes from, in English; a leading "official
    ruling, not in this document: " is dropped, since the trace says so itself."""
    see_also: tuple[Rule, ...] = ()
    """Rules of another document on the same topic, shown for reference (``see_also`` in the
    trace): the step does not apply them (a newer rules document beside the one applied)."""

    def __post_init__(self) -> None:
        prefix = RULING_BASIS + ": "
        if self.source.startswith(prefix):
            object.__setattr__(self, "source", self.source[len(prefix):])

    def __str__(self) -> str:
        return f"ruling: {self.source}"


Citation = Union[Rule, Ruling]
"""What every trace step carries: a section of the document, or a ruling outside it."""
