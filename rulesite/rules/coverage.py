"""Which sections of a rules document the engine applies, shown through the demo rulings.

A judge asking "does the engine know rule 613.8a?" wants the rule and the rulings that apply
it. The demo rulings (the golden scenarios, stored by ``load_scenarios``) carry their
traces; every rule a step cites, branches included, counts as applied, with the rulings
that cite it as the evidence.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.core.cache import cache
from django.shortcuts import get_object_or_404

from .editions import iter_trace_citations
from .models import Document, Section


@dataclass(frozen=True)
class CitingRuling:
    """A demo ruling that cites a section: its permalink ``code``, ``title`` and how many of
    its trace ``steps`` (branches included) cite the section."""

    code: str
    title: str
    steps: int


@dataclass
class CitedSection:
    """A section the engine applies, with the demo rulings citing it (most steps first)."""

    section: Section
    rulings: list[CitingRuling] = field(default_factory=list)

    @property
    def steps(self) -> int:
        """Return the number of trace steps, over all demo rulings, that cite the section."""
        return sum(ruling.steps for ruling in self.rulings)


@dataclass
class DocumentCoverage:
    """The sections of ``document`` cited by demo rulings (``cited``, in document order) and
    the others (``uncited``), with ``total`` = every section of the document."""

    document: Document
    cited: list[CitedSection]
    uncited: list[Section]

    @property
    def total(self) -> int:
        return len(self.cited) + len(self.uncited)


def _citations_by_section(document_slug: str) -> dict[str, dict[str, tuple[str, int]]]:
    """Return ``{number: {code: (title, steps)}}`` for ``document_slug`` over every demo ruling.

    Kept in the cache under the demo rulings' count and newest id, so loading more demos
    (or a re-import, which moves the rules generation) is seen at once.
    """
    from rulesite.caching import rules_generation
    from rulesite.scenarios.models import Scenario

    demos = Scenario.objects.filter(is_demo=True, withdrawn_at__isnull=True)
    stamp = demos.order_by("-pk").values_list("pk", flat=True).first()
    key = f"rules:coverage:{rules_generation()}:{demos.count()}:{stamp}:{document_slug}"
    found = cache.get(key)
    if found is None:
        counts: dict[str, dict[str, list]] = defaultdict(dict)
        for code, title, trace in demos.values_list("code", "title", "trace").iterator():
            for _, document, number in iter_trace_citations(trace):
                if document == document_slug:
                    entry = counts[number].setdefault(code, [title, 0])
                    entry[1] += 1
        found = {number: {code: (title, steps) for code, (title, steps) in rulings.items()} for number, rulings in counts.items()}
        cache.set(key, found, 3600)
    return found


def document_coverage(*, document_slug: str) -> DocumentCoverage:
    """Return the :class:`DocumentCoverage` of ``document_slug``; raise Http404 when unknown.

    A section counts as applied when at least one step of a stored demo ruling (not
    withdrawn) cites it; rulings are listed most citing steps first, then by title.
    """
    document = get_object_or_404(Document, slug=document_slug)
    cited_numbers = _citations_by_section(document_slug)
    cited: list[CitedSection] = []
    uncited: list[Section] = []
    for section in document.sections.only("number", "title", "kind", "depth", "page", "document_id").order_by("position"):
        section.document = document
        rulings = cited_numbers.get(section.number)
        if rulings:
            listed = sorted((CitingRuling(code, title, steps) for code, (title, steps) in rulings.items()),
                            key=lambda r: (-r.steps, r.title, r.code))
            cited.append(CitedSection(section, listed))
        else:
            uncited.append(section)
    return DocumentCoverage(document, cited, uncited)
