"""Reads for translations: one edition of a family in two languages, aligned by number.

An English and a Chinese edition of the Comprehensive Rules with the same effective date
(``mtg-cr-2022-04-29`` and ``mtg-cr-2022-04-29-zh``) number their rules alike, so a rule's
translation is the section with the same number in the other-language document of the same
family and effective date. The bilingual page is ``/rules/<family>/bilingual/<edition>/<number>/``:
the section of edition ``edition`` and its descendants on the left, the translation on the
right (``?with=<slug>`` picks one when several languages exist).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Prefetch
from django.http import Http404

from .models import Document, Reference, Section

BILINGUAL_ROWS_LIMIT = 300
"""A bilingual page shows the section and at most this many of its descendants."""

LANGUAGE_NAMES = {"en": "English", "zh-Hans": "简体中文", "zh-Hant": "繁體中文"}
"""Each language in its own script, as a link to it is labelled."""


def language_name(code: str) -> str:
    """Return the autonym of language ``code`` (``zh-Hans`` → ``简体中文``), else the code."""
    return LANGUAGE_NAMES.get(code, code)


def translations_of(*, document: Document, number: str) -> list[Document]:
    """Return the documents of ``document``'s family and effective date in another language
    that have section ``number``, in language order."""
    candidates = Document.objects.filter(
        family=document.family, effective_date=document.effective_date, sections__number=number
    ).exclude(language=document.language)
    return list(candidates.order_by("language", "slug"))


@dataclass
class BilingualRow:
    """One number of the bilingual page: the section in each language (None when missing)."""

    number: str
    depth: int
    """Depth below the page's section (0 for the section itself)."""
    left: Section | None
    right: Section | None


@dataclass
class BilingualPage:
    """A section and its descendants in two languages, aligned by number."""

    family: str
    number: str
    left: Document
    right: Document
    rows: list[BilingualRow]
    translations: list[Document]
    """Every document of the same edition in another language (``right`` is one of them)."""
    truncated: bool

    @property
    def title(self) -> str:
        """Return the heading: the number and the left section's title."""
        first = self.rows[0].left
        return f"{self.number} {first.title}".strip() if first else self.number


def _subtree(document: Document, number: str) -> tuple[list[Section], bool]:
    """Return section ``number`` of ``document`` and its descendants in document order (an
    empty list when the document has no such number), and whether the list was cut."""
    root = Section.objects.filter(document=document, number=number).only("position", "depth").first()
    if root is None:
        return [], False
    end = (
        Section.objects.filter(document=document, position__gt=root.position, depth__lte=root.depth)
        .order_by("position")
        .values_list("position", flat=True)
        .first()
    )
    sections = Section.objects.filter(document=document, position__gte=root.position)
    if end is not None:
        sections = sections.filter(position__lt=end)
    rows = list(
        sections.select_related("document")
        .prefetch_related(Prefetch("outgoing", queryset=Reference.objects.select_related("target")))
        .order_by("position")[: BILINGUAL_ROWS_LIMIT + 1]
    )
    return rows[:BILINGUAL_ROWS_LIMIT], len(rows) > BILINGUAL_ROWS_LIMIT


def _align(left: list[Section], right: list[Section]) -> list[BilingualRow]:
    """Pair ``left`` and ``right`` by number in ``left``'s order; a number only on the right
    goes after the row of the number that precedes it on the right."""
    base = left[0].depth if left else right[0].depth
    right_by_number = {s.number: s for s in right}
    rows = [BilingualRow(s.number, s.depth - base, s, right_by_number.get(s.number)) for s in left]
    placed = {row.number for row in rows}
    anchor = 0
    for s in right:
        if s.number in placed:
            anchor = next(i for i, row in enumerate(rows) if row.number == s.number) + 1
            continue
        rows.insert(anchor, BilingualRow(s.number, s.depth - base, None, s))
        placed.add(s.number)
        anchor += 1
    return rows


def bilingual_page(*, family: str, edition: str, number: str, other_slug: str | None = None) -> BilingualPage:
    """Return the :class:`BilingualPage` of ``number`` in ``family``'s edition ``edition``.

    The right column is ``other_slug`` when given, else the first translation (by language).
    Raise Http404 when the edition or the number does not exist, when the edition has no
    document in another language, or when ``other_slug`` is not one of those.
    """
    left = Document.objects.filter(family=family, edition=edition).first()
    if left is None:
        raise Http404(f"No edition {edition!r} of {family!r}")
    translations = list(
        Document.objects.filter(family=family, effective_date=left.effective_date)
        .exclude(language=left.language)
        .order_by("language", "slug")
    )
    if not translations:
        raise Http404(f"{left.slug} has no edition in another language")
    if other_slug:
        right = next((d for d in translations if d.slug == other_slug), None)
        if right is None:
            raise Http404(f"{other_slug!r} is not a translation of {left.slug}")
    else:
        right = translations[0]
    left_sections, left_cut = _subtree(left, number)
    if not left_sections:
        raise Http404(f"No section {number!r} in {left.slug}")
    right_sections, right_cut = _subtree(right, number)
    return BilingualPage(
        family=family,
        number=number,
        left=left,
        right=right,
        rows=_align(left_sections, right_sections),
        translations=translations,
        truncated=left_cut or right_cut,
    )
