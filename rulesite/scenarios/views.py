"""Home page, board-state builder and ruling permalinks. Views are glue."""

from __future__ import annotations

from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render

from rulesite.rules.forms import SearchForm
from rulesite.rules.models import Document, Game

from .models import Scenario
from .selectors import permalink_page


def home(request: HttpRequest) -> HttpResponse:
    documents = Document.objects.current().order_by("game", "family")
    return render(
        request,
        "scenarios/home.html",
        {
            "form": SearchForm(),
            "games": [(value, label, [d for d in documents if d.game == value]) for value, label in Game.choices],
            "demos": Scenario.objects.demos()[:30],
            "recent": Scenario.objects.recent()[:10],
        },
    )


def permalink(request: HttpRequest, code: str) -> HttpResponse:
    page = permalink_page(code=code)
    return render(
        request,
        "scenarios/permalink.html",
        {"page": page, "scenario": page.scenario},
        status=410 if page.scenario.withdrawn_at else 200,
    )


def healthz(request: HttpRequest) -> JsonResponse:
    """Return 200 ``{"status": "ok"}`` when the database answers, 503 otherwise."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except Exception as exc:  # any database failure means unhealthy, whatever its class
        return JsonResponse({"status": "error", "database": str(exc.__class__.__name__)}, status=503)
    return JsonResponse({"status": "ok"})
