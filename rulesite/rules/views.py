"""Rules pages: documents, contents, sections, search. Views are glue."""

from __future__ import annotations

from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from rulesite.caching import cached_search_page, cached_section_page

from .coverage import document_coverage
from .forms import SearchForm
from .models import Document, Game
from .selectors import document_contents, section_page, section_spelled_as


def document_list(request: HttpRequest) -> HttpResponse:
    documents = Document.objects.order_by("game", "family", "-effective_date")
    games = [(label, [d for d in documents if d.game == value]) for value, label in Game.choices]
    return render(request, "rules/document_list.html", {"games": games})


def document_detail(request: HttpRequest, document: str) -> HttpResponse:
    doc, sections = document_contents(document_slug=document)
    return render(request, "rules/document_detail.html", {"document": doc, "sections": sections})


def coverage(request: HttpRequest, document: str) -> HttpResponse:
    """Render which sections of ``document`` the engine applies, with the demo rulings citing each."""
    return render(request, "rules/coverage.html", {"coverage": document_coverage(document_slug=document)})


def section_detail(request: HttpRequest, document: str, number: str) -> HttpResponse:
    """Render a section page, from the page cache when it holds it (``rulesite.caching``)."""

    def render_page(extra: dict) -> HttpResponse:
        page = section_page(document_slug=document, number=number)
        context = {"page": page, "document": page.document, "section": page.section, **extra}
        return render(request, "rules/section_detail.html", context)

    try:
        return cached_section_page(request, document, render_page)
    except Http404:
        # Judges type 613.8A as often as 613.8a: send them to the number as the document has it.
        spelled = section_spelled_as(document_slug=document, number=number)
        if spelled is None:
            raise
        return redirect("rules:section", document=document, number=spelled)


def search(request: HttpRequest) -> HttpResponse:
    """Render the search page, from the page cache when it holds it (``rulesite.caching``)."""

    def render_page(extra: dict) -> HttpResponse:
        form = SearchForm(request.GET or None)
        context: dict = {"form": form, "page_obj": None, "number_matches": [], **extra}
        if form.is_valid():
            jump = form.section_jump()
            if jump is not None:
                return redirect(jump)
            context["number_matches"] = form.number_matches()
            if not context["number_matches"]:
                # A section number that matched is the answer; its digits as words are noise.
                context["page_obj"] = Paginator(form.results(), 20).get_page(request.GET.get("page"))
        return render(request, "rules/search.html", context)

    return cached_search_page(request, render_page)
