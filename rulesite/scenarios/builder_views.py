"""The board-state builder (``/scenarios/new/<game>/``) and its card catalogue endpoint.

Every game has a board form: Yu-Gi-Oh! its own (:class:`~rulesite.scenarios.forms.BoardForm`,
nested effect rows), Force of Will and Magic one built from their field specs
(:class:`~rulesite.scenarios.builders.forms.GameBoardForm`). ``?mode=json`` shows the JSON
textarea for any game.
"""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import get_language, gettext as _
from django.views.decorators.http import require_GET

import engine
from rulesite.cards.builder import fill_from_imported, imported_context

from . import builder as conversion
from . import vocabulary
from .builders import common, fow, fow_library, mtg, ygo_library
from .builders.forms import AMOUNT_CHOICES, AMOUNT_LIST, GameBoardForm, record_templates, shared_lists, uses_of
from .forms import ACTION_FIELDS_USED, AFTER_FIELDS_USED, EFFECT_FIELDS_USED, BoardForm
from .services import scenario_create, scenario_parse

GAMES = ("ygo", "mtg", "fow")
SPECS: dict[str, common.GameSpec] = {"fow": fow.SPEC, "mtg": mtg.SPEC}
FORM_GAMES = ("ygo", *SPECS)

Board = BoardForm | GameBoardForm


def builder(request: HttpRequest, game: str) -> HttpResponse:
    """Show the builder for ``game``; on POST, resolve and redirect to the permalink ``/r/<code>/``.

    GET ``?from=<code>`` prefills the form from a stored ruling ("edit a copy"),
    ``?demo=<game>/<stem>`` (or ``?demo=<stem>``) from ``fixtures/scenarios/<game>/<stem>.json``;
    ``?mode=json`` shows the JSON textarea. A POST with ``show_json`` re-renders with the built
    document shown, ``download`` returns it as a file. An invalid board re-renders with status
    400, every value as typed and each error next to its field.
    """
    if game not in GAMES:
        raise Http404(f"Unknown game {game!r}")
    if request.method == "POST":
        refusal = _refuse_oversized_post(request)
        if refusal:
            return render(
                request, "scenarios/builder_json.html",
                {"game": game, "raw": "", "errors": [{"path": "", "message": refusal}], "has_form": game in FORM_GAMES},
                status=400,
            )
    if game not in FORM_GAMES or request.GET.get("mode") == "json":
        return _json_builder(request, game)
    if request.method != "POST":
        return _render_board(request, game, _board(game, initial=_prefill(request, game)))
    board = _board(game, data=request.POST)
    if not board.is_valid():
        return _render_board(request, game, board, status=400)
    scenario = board.to_scenario()
    if "show_json" in request.POST:
        return _render_board(request, game, board, shown_json=_pretty(scenario))
    if "download" in request.POST:
        response = HttpResponse(_pretty(scenario), content_type="application/json; charset=utf-8")
        response["Content-Disposition"] = 'attachment; filename="scenario.json"'
        return response
    try:
        stored, _created = scenario_create(scenario=scenario, title=_given_title(request))
    except engine.ScenarioError as exc:
        if exc.too_complex:
            # Nothing is wrong with any field: say so above the form, with what grew.
            return _render_board(request, game, board, status=400, too_complex=too_complex_text(exc))
        board.add_engine_errors(exc.errors)
        return _render_board(request, game, board, status=400)
    return redirect(stored)


def too_complex_text(exc: engine.ScenarioError) -> str:
    """Return the engine's "too complex to resolve within N s" message(s) of ``exc``."""
    return "; ".join(error["message"] for error in exc.errors)


@require_GET
def catalogue(request: HttpRequest, game: str) -> JsonResponse:
    """Return ``{"cards": [{name, …characteristics}]}``, the cards the builder can fill in by name.

    Magic: the engine's catalogue (``engine.mtg.catalogue.cards()``) with the object fields of
    §8.2 only. Yu-Gi-Oh!: the card library (``fixtures/cards/ygo/``) with the object fields of
    §2.3. Force of Will: the card library (``fixtures/cards/fow/``, ``engine.fow.catalogue``) with
    the object fields of §7.3, the card row's boxes (``fields``) and its ability rows (``rows``).
    """
    if game not in GAMES:
        raise Http404(f"Unknown game {game!r}")
    cards = (list(mtg.catalogue_with_rows()) if game == "mtg" else ygo_library.catalogue() if game == "ygo"
             else fow_library.catalogue())
    response = JsonResponse({"cards": cards})
    response["Cache-Control"] = "public, max-age=3600"
    return response


def _board(game: str, *, data: Any = None, initial: common.BoardData | None = None) -> Board:
    if game == "ygo":
        return BoardForm(fill_from_imported(game, ygo_library.fill_from_library(data)) if data is not None else None,
                         initial=initial)
    if data is not None and game == "mtg":
        data = common.default_step_players(fill_from_imported(game, mtg.fill_from_catalogue(data)))
    if data is not None and game == "fow":
        data = common.default_step_players(fow_library.fill_from_library(data), actor_keeps_priority=False)
    return GameBoardForm(SPECS[game], data, initial=initial)


def _prefill(request: HttpRequest, game: str) -> common.BoardData | None:
    """Return form data from ``?from=<code>`` or ``?demo=[<game>/]<stem>``; raise Http404 if not found."""
    code, demo = request.GET.get("from"), request.GET.get("demo")
    if not code and not demo:
        return None
    if code:
        scenario = common.stored_scenario(code)
    else:
        demo_game, _slash, stem = (demo or "").rpartition("/")
        scenario = common.demo_scenario(demo_game or game, stem)
    if scenario is None or scenario.get("game") != game:
        raise Http404("No such scenario for this game")
    if game == "ygo":
        return conversion.scenario_to_initial(scenario)
    return common.scenario_to_initial(SPECS[game], scenario)


def _pretty(scenario: dict[str, Any]) -> str:
    return json.dumps(scenario, ensure_ascii=False, indent=2)


def _render_board(request: HttpRequest, game: str, board: Board, *, status: int = 200, shown_json: str = "",
                  too_complex: str = "") -> HttpResponse:
    url = reverse("scenarios:builder", args=[game])
    context: dict[str, Any] = {
        "board": board,
        "game": game,
        "too_complex": too_complex,
        "vocabulary_url": vocabulary_url(game),
        "shown_json": shown_json,
        "json_url": url + "?mode=json",
        "builder_url": url,
        "demos": [("", "—")] + common.demo_list(game) if request.GET.get("demos") else [],
        "current_demo": (request.GET.get("demo") or "").rpartition("/")[2],
        "current_from": (request.GET.get("from") or "")[:32],
        "start_open": bool(request.GET.get("demo") or request.GET.get("from") or request.GET.get("demos")),
        **imported_context(game, request.POST if request.method == "POST" else None, get_language() or "en"),
    }
    if game == "ygo":
        context["card_names"] = ygo_library.card_names()
        context["catalogue_url"] = reverse("scenarios:catalogue", args=[game])
        context["field_maps_json"] = json.dumps({"action": ACTION_FIELDS_USED, "after": AFTER_FIELDS_USED, "effect": EFFECT_FIELDS_USED})
        return render(request, "scenarios/builder.html", context, status=status)
    spec = SPECS[game]
    context["spec"] = spec
    context["field_maps_json"] = json.dumps({s.prefix: uses_of(s) for s in spec.sections if s.switch})
    context["detail_maps_json"] = json.dumps({s.prefix: s.details for s in spec.sections if s.details})
    context["owners_json"] = json.dumps(_owners_config(spec), ensure_ascii=False)
    context["shared_lists"] = shared_lists(spec)
    if game == "mtg":
        context["amount_list"], context["amount_choices"] = AMOUNT_LIST, AMOUNT_CHOICES
    context["record_templates"] = record_templates(spec)
    if game == "mtg":
        context["catalogue_url"] = reverse("scenarios:catalogue", args=[game])
        context["card_names"] = mtg.card_names()
    elif game == "fow":
        context["catalogue_url"] = reverse("scenarios:catalogue", args=[game])
        context["card_names"] = fow_library.card_names()
    else:
        context["card_names"] = common.used_card_names(game)
    return render(request, "scenarios/builder_game.html", context, status=status)


def _owners_config(spec: common.GameSpec) -> dict[str, Any]:
    """What builder.js needs to number owned rows (``c1#0``) and fill their "Belongs to" pickers."""
    holders = {child.holder for child in spec.children}
    return {
        "cards": next((s.prefix for s in spec.sections if s.card_ids), ""),
        "marks": {s.prefix: s.mark for s in spec.sections if s.owned},
        "top": {s.prefix: str(s.row_label) for s in spec.sections if s.prefix in holders and not s.owned and not s.card_ids},
        "children": [[c.holder, c.tag, c.section, str(c.label), bool(c.tag or c.kind)] for c in spec.children],
    }


MAX_FORM_ROWS = 2_000
"""Rows one formset may claim (DESIGN.md: at most 2,000 objects); more is refused at once."""


def _refuse_oversized_post(request: HttpRequest) -> str:
    """Return why a POST is refused before any form is built, or ``""`` to go on.

    A body over ``DATA_UPLOAD_MAX_MEMORY_SIZE`` cannot be read at all, and a formset's
    ``TOTAL_FORMS`` of 100,000 would make Django build that many forms: both are answered
    with a message at once instead of after seconds of work.
    """
    try:
        post = request.POST
    except RequestDataTooBig:
        return _("The form is too large: over %(size)s MB, more than any scenario can be (1 MB of JSON).") % {
            "size": settings.DATA_UPLOAD_MAX_MEMORY_SIZE // 1_000_000
        }
    for key, value in post.items():
        if key.endswith("-TOTAL_FORMS"):
            try:
                rows = int(value)
            except ValueError:
                return _("%(field)s must be a whole number.") % {"field": key}
            if rows > MAX_FORM_ROWS or rows < 0:
                return _("%(field)s asks for %(rows)s rows; a board has at most %(max)s.") % {
                    "field": key, "rows": rows, "max": MAX_FORM_ROWS
                }
    return ""


def _given_title(request: HttpRequest) -> str:
    """The judge's title for the ruling (``ruling_title``, at most 200 characters, spaces
    collapsed), or ``""`` to have one made from the board."""
    return " ".join(str(request.POST.get("ruling_title", "")).split())[:200]


def _json_builder(request: HttpRequest, game: str) -> HttpResponse:
    """Show the JSON textarea builder; on POST resolve it, or (``to_form``) open it in the form."""
    errors: list[dict[str, str]] = []
    raw = request.POST.get("scenario", "") if request.method == "POST" else ""
    if request.method == "POST":
        try:
            scenario = scenario_parse(raw)
            if "to_form" in request.POST and game in FORM_GAMES and scenario.get("game") == game:
                initial = conversion.scenario_to_initial(scenario) if game == "ygo" else common.scenario_to_initial(SPECS[game], scenario)
                return _render_board(request, game, _board(game, initial=initial))
            stored, _created = scenario_create(scenario=scenario, title=_given_title(request))
        except engine.ScenarioError as exc:
            errors = exc.errors
        else:
            return redirect(stored)
    return render(
        request,
        "scenarios/builder_json.html",
        {"game": game, "raw": raw, "errors": errors, "has_form": game in FORM_GAMES, "vocabulary_url": vocabulary_url(game)},
        status=400 if errors else 200,
    )


def vocabulary_url(game: str) -> str:
    """Return the address of ``game``'s vocabulary page, or ``""`` while its engine has no registry."""
    return reverse("scenarios:vocabulary", args=[game]) if vocabulary.registered(game) is not None else ""
