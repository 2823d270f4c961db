"""The bilingual page: a section beside its translation. Views are glue."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from .bilingual import bilingual_page


def bilingual(request: HttpRequest, family: str, edition: str, number: str) -> HttpResponse:
    """Render ``number`` of ``family``'s ``edition`` beside its translation (``?with=<slug>``)."""
    page = bilingual_page(family=family, edition=edition, number=number, other_slug=request.GET.get("with") or None)
    return render(request, "rules/bilingual.html", {"page": page})
