"""Reads for the ``check_references`` report: per document, how many cross-references its
sections link and which number-like text (``613.8a``, ``4.2.3``) was left unlinked."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from .models import Document, Reference, Section
from .references import iter_unlinked

CONTEXT_CHARS = 24
"""Characters of text kept on each side of an unlinked number."""


@dataclass
class Unlinked:
    """A number-like piece of a section's text that links nowhere."""

    section: str
    text: str
    context: str


@dataclass
class DocumentReferences:
    """One document's line of the report."""

    slug: str
    links: int
    unlinked: list[Unlinked] = field(default_factory=list)


def references_check(*, documents: list[str] | None = None) -> list[DocumentReferences]:
    """Return, for each document (all, or the slugs in ``documents``, in slug order), its
    number of stored references and the number-like text its sections leave unlinked.

    A number counts as linked where :func:`~rulesite.rules.references.iter_references`
    finds it and the section stores a reference to that number or is that number. Raise ``ValueError`` naming
    the slugs of ``documents`` that are not imported.
    """
    found = Document.objects.order_by("slug")
    if documents:
        found = found.filter(slug__in=documents)
        unknown = sorted(set(documents) - set(found.values_list("slug", flat=True)))
        if unknown:
            raise ValueError(f"no such document: {', '.join(unknown)}")
    result = []
    for document in found:
        labels: dict[int, set[str]] = defaultdict(set)
        for source_id, label in Reference.objects.filter(source__document=document).values_list("source_id", "label"):
            labels[source_id].add(label)
        line = DocumentReferences(document.slug, sum(len(v) for v in labels.values()))
        sections = Section.objects.filter(document=document).order_by("position").values_list("pk", "number", "text")
        for pk, number, text in sections.iterator():
            # A section citing itself is no missing link ("参见规则202.3c" in 202.3c).
            for start, end, piece in iter_unlinked(text, labels.get(pk, set()) | {number}):
                context = text[max(0, start - CONTEXT_CHARS) : end + CONTEXT_CHARS].replace("\n", " ")
                line.unlinked.append(Unlinked(number, piece, context))
        result.append(line)
    return result
