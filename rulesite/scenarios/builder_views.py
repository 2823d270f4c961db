"""The board-state builder (``/scenarios/new/<game>/``)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render

import engine

from .services import scenario_create, scenario_parse


def builder(request: HttpRequest, game: str) -> HttpResponse:
    """Show the JSON builder for ``game``; on POST, resolve and redirect to the permalink."""
    if game not in ("ygo", "mtg", "fow"):
        raise Http404(f"Unknown game {game!r}")
    errors: list[dict] = []
    raw = request.POST.get("scenario", "") if request.method == "POST" else ""
    if request.method == "POST":
        try:
            scenario, _ = scenario_create(scenario=scenario_parse(raw))
        except engine.ScenarioError as exc:
            errors = exc.errors
        else:
            return redirect(scenario)
    return render(request, "scenarios/builder_json.html", {"game": game, "raw": raw, "errors": errors}, status=400 if errors else 200)
