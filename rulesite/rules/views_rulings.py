"""Views of the FAQ rulings database (reads in ``rulesite.rules.rulings``)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from .rulings import changed_rulings


def faq_changed(request: HttpRequest, document: str) -> HttpResponse:
    """List the rulings of ``document`` that the current rules answer differently."""
    page = changed_rulings(document_slug=document)
    return render(request, "rules/faq_changed.html", {"page": page, "document": page.document})
