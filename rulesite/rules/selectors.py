"""Reads for the rules pages that combine several queries (one call per view)."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Prefetch, QuerySet
from django.http import Http404

from engine.fow import rules as fow_rules

from .models import Document, Reference, Section
from .rulings import RulingsPanel, rulings_panel

# Units listed in a document's table of contents; finer ones are reached from their parent.
TOC_KINDS = {"chapter", "section", "subsection", "topic", "card", "glossary"}
# A parent page shows its children's full text inline up to this many children.
INLINE_CHILDREN_LIMIT = 300


@dataclass
class SectionPage:
    """Everything the section page shows: the unit, its place and its links."""

    document: Document
    section: Section
    ancestors: list[Section]
    children: list[Section]
    previous: Section | None
    next: Section | None
    referenced_by: list[Reference]
    editions: list[Document]
    rulings: RulingsPanel | None = None
    """A FAQ card's or topic's rulings with their CR links (``rulesite.rules.rulings``)."""
    other_document: list[Section] = field(default_factory=list)
    """Another document's rules on the same topic, for reference (the FoW whitepaper's sections
    → the FoW Comprehensive Rules, ``engine.fow.rules.CR_ON_SECTION``); only those imported."""

    @property
    def same_language_editions(self) -> list[Document]:
        """Return the editions in the page's language: a translation is linked as such, not as
        another edition of the rule."""
        return [d for d in self.editions if d.language == self.document.language]

    @property
    def text_repeats_items(self) -> bool:
        """True when the section's text is the sum of its ● items, shown one by one below."""
        items = [child for child in self.children if child.kind == "item"]
        # ARC-V's sections are the block of their ● items; a FoW CR subrule (903.2h) has text of
        # its own before its items (903.2h-1 …).
        return bool(items) and all(item.text[:80] in self.section.text for item in items[:3])


def section_page(*, document_slug: str, number: str) -> SectionPage:
    """Return the :class:`SectionPage` of ``number`` in ``document_slug``; raise Http404."""
    document = Document.objects.filter(slug=document_slug).first()
    if document is None:
        raise Http404(f"No document {document_slug!r}")
    section = (
        Section.objects.filter(document=document, number=number)
        .select_related("document")
        .prefetch_related(Prefetch("outgoing", queryset=Reference.objects.select_related("target")))
        .first()
    )
    if section is None:
        raise Http404(f"No section {number!r} in {document_slug}")
    # One small query per level: documents are at most a handful of levels deep.
    ancestors = []
    parent_id = section.parent_id
    while parent_id is not None:
        parent = Section.objects.select_related("document").only("pk", "number", "title", "parent_id", "document__slug").get(pk=parent_id)
        ancestors.append(parent)
        parent_id = parent.parent_id
    ancestors.reverse()
    children = list(
        section.children.select_related("document").order_by("position").prefetch_related(
            Prefetch("outgoing", queryset=Reference.objects.select_related("target"))
        )[:INLINE_CHILDREN_LIMIT]
    )
    siblings = Section.objects.filter(document=document).select_related("document").only(
        "pk", "number", "title", "position", "document__slug"
    )
    previous = siblings.filter(position__lt=section.position).order_by("-position").first()
    following = siblings.filter(position__gt=section.position).order_by("position").first()
    referenced_by = list(
        section.incoming.select_related("source", "source__document").order_by("source__position")
    )
    editions = list(
        Document.objects.filter(family=document.family, sections__number=number).order_by("-effective_date")
    )
    rulings = rulings_panel(section=section, children=children)
    return SectionPage(document, section, ancestors, children, previous, following, referenced_by, editions, rulings,
                       other_document=other_document_rules(document_slug=document.slug, number=number))


# A document → (another document on the same topics, its rules by this document's section).
OTHER_DOCUMENT_RULES: dict[str, tuple[str, dict[str, tuple[str, ...]]]] = {
    fow_rules.DOCUMENT: (fow_rules.CR_DOCUMENT, fow_rules.CR_ON_SECTION),
}


def other_document_rules(*, document_slug: str, number: str) -> list[Section]:
    """Return the sections of another document on the topic of ``number`` (``OTHER_DOCUMENT_RULES``),
    in that document's order; those not imported are left out."""
    other, table = OTHER_DOCUMENT_RULES.get(document_slug, ("", {}))
    numbers = table.get(number, ())
    if not numbers:
        return []
    return list(Section.objects.filter(document__slug=other, number__in=numbers).select_related("document")
                .order_by("position"))


def document_contents(*, document_slug: str) -> tuple[Document, QuerySet[Section]]:
    """Return a document and the sections of its table of contents; raise Http404."""
    document = Document.objects.filter(slug=document_slug).first()
    if document is None:
        raise Http404(f"No document {document_slug!r}")
    sections = document.sections.filter(kind__in=TOC_KINDS).only(
        "number", "title", "depth", "kind", "page", "reconstructed", "document_id"
    )
    return document, sections


def family_language(*, family: str) -> str | None:
    """Return the language of ``family``'s original editions (``DocumentQuerySet.original_language``)."""
    return Document.objects.original_language(family)


def current_document(*, family: str, language: str | None = None) -> Document:
    """Return the current (newest) edition of ``family`` in ``language`` (default: the family's
    original language, :func:`family_language`); raise Http404 when none."""
    documents = Document.objects.for_family(family).filter(language=language or family_language(family=family))
    document = documents.first()
    if document is None:
        raise Http404(f"No document family {family!r}")
    return document


def section_spelled_as(*, document_slug: str, number: str) -> str | None:
    """Return the stored spelling of ``number`` when it differs only in case, else None."""
    stored = (
        Section.objects.filter(document__slug=document_slug, number__iexact=number)
        .values_list("number", flat=True)
        .first()
    )
    return stored if stored is not None and stored != number else None
