"""The board-state builder (``/scenarios/new/<game>/``).

Yu-Gi-Oh! has a form (:class:`~rulesite.scenarios.forms.BoardForm`); every game also has
the JSON textarea (``?mode=json``, and the only builder for ``mtg`` and ``fow`` until their
engines exist).
"""

from __future__ import annotations

import json
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse

import engine

from . import builder as conversion
from .forms import ACTION_FIELDS_USED, AFTER_FIELDS_USED, BoardForm
from .services import scenario_create, scenario_parse

GAMES = ("ygo", "mtg", "fow")
FORM_GAMES = ("ygo",)


def builder(request: HttpRequest, game: str) -> HttpResponse:
    """Show the builder for ``game``; on POST, resolve and redirect to the permalink ``/r/<code>/``.

    GET ``?from=<code>`` prefills the form from a stored ruling, ``?demo=<stem>`` from
    ``fixtures/scenarios/ygo/<stem>.json``; ``?mode=json`` shows the JSON textarea. A POST
    with ``show_json`` re-renders with the built document shown, ``download`` returns it as
    a file. An invalid board re-renders with status 400 and every value as typed.
    """
    if game not in GAMES:
        raise Http404(f"Unknown game {game!r}")
    if game not in FORM_GAMES or request.GET.get("mode") == "json":
        return _json_builder(request, game)
    if request.method != "POST":
        return _render_board(request, BoardForm(initial=_prefill(request)))
    board = BoardForm(request.POST)
    if not board.is_valid():
        return _render_board(request, board, status=400)
    scenario = board.to_scenario()
    if "show_json" in request.POST:
        return _render_board(request, board, shown_json=_pretty(scenario))
    if "download" in request.POST:
        response = HttpResponse(_pretty(scenario), content_type="application/json; charset=utf-8")
        response["Content-Disposition"] = 'attachment; filename="scenario.json"'
        return response
    try:
        stored, _created = scenario_create(scenario=scenario)
    except engine.ScenarioError as exc:
        board.add_engine_errors(exc.errors)
        return _render_board(request, board, status=400)
    return redirect(stored)


def _prefill(request: HttpRequest) -> conversion.BoardData | None:
    """Return form data from ``?from=<code>`` or ``?demo=<stem>``; raise Http404 if not found."""
    code, demo = request.GET.get("from"), request.GET.get("demo")
    if not code and not demo:
        return None
    if demo and demo.startswith("ygo/"):
        demo = demo[4:]
    scenario = conversion.stored_scenario(code) if code else conversion.demo_scenario(demo or "")
    if scenario is None or scenario.get("game") != "ygo":
        raise Http404("No such Yu-Gi-Oh! scenario")
    return conversion.scenario_to_initial(scenario)


def _pretty(scenario: dict[str, Any]) -> str:
    return json.dumps(scenario, ensure_ascii=False, indent=2)


def _render_board(request: HttpRequest, board: BoardForm, *, status: int = 200, shown_json: str = "") -> HttpResponse:
    return render(
        request,
        "scenarios/builder.html",
        {
            "board": board,
            "game": "ygo",
            "shown_json": shown_json,
            "field_maps_json": json.dumps({"action": ACTION_FIELDS_USED, "after": AFTER_FIELDS_USED}),
            "json_url": reverse("scenarios:builder", args=["ygo"]) + "?mode=json",
            "builder_url": reverse("scenarios:builder", args=["ygo"]),
        },
        status=status,
    )


def _json_builder(request: HttpRequest, game: str) -> HttpResponse:
    """Show the JSON textarea builder; on POST resolve it, or (``to_form``) open it in the form."""
    errors: list[dict[str, str]] = []
    raw = request.POST.get("scenario", "") if request.method == "POST" else ""
    if request.method == "POST":
        try:
            scenario = scenario_parse(raw)
            if "to_form" in request.POST and game in FORM_GAMES and scenario.get("game") == game:
                return _render_board(request, BoardForm(initial=conversion.scenario_to_initial(scenario)))
            stored, _created = scenario_create(scenario=scenario)
        except engine.ScenarioError as exc:
            errors = exc.errors
        else:
            return redirect(stored)
    return render(
        request,
        "scenarios/builder_json.html",
        {"game": game, "raw": raw, "errors": errors, "has_form": game in FORM_GAMES},
        status=400 if errors else 200,
    )
