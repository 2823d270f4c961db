"""Home page, ruling permalinks, judges' annotations, re-checks, imports and the engine's
vocabulary pages. Views are glue."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_POST

import engine
from rulesite.rules.forms import SearchForm
from rulesite.rules.models import Document, Game

from . import vocabulary
from .models import Annotation, Scenario
from .permalink_forms import AnnotationForm, ImportForm, ReviewForm
from .selectors import permalink_export, permalink_page, permalink_recheck, qr_svg
from .services import annotation_mark_reviewed, annotation_save, can_review, scenario_import

def home(request: HttpRequest) -> HttpResponse:
    documents = Document.objects.current().order_by("game", "family")
    return render(
        request,
        "scenarios/home.html",
        {
            "form": SearchForm(),
            "games": [(value, label, [d for d in documents if d.game == value]) for value, label in Game.choices],
            # A few demos of each game, so no game's long list crowds out the others.
            "demos": [s for game, _ in Game.choices for s in Scenario.objects.demos().filter(game=game)[:8]],
            # Never everyone's newest codes: what a reviewer has marked reviewed, and the
            # signed-in judge's own (the rulings they annotated).
            "reviewed": Scenario.objects.reviewed()[:10],
            "own": Scenario.objects.annotated_by(request.user)[:10] if request.user.is_authenticated else [],
        },
    )


def permalink(request: HttpRequest, code: str) -> HttpResponse:
    page = permalink_page(code=code, user=request.user)
    form = AnnotationForm(instance=page.own_annotation, can_review=can_review(request.user)) if request.user.is_authenticated else None
    return render(
        request,
        "scenarios/permalink.html",
        {"page": page, "scenario": page.scenario, "form": form},
        status=410 if page.scenario.withdrawn_at else 200,
    )


@login_required
@require_POST
def annotate(request: HttpRequest, code: str) -> HttpResponse:
    """Save the signed-in judge's own annotation; answer htmx with the annotations block."""
    scenario = get_object_or_404(Scenario.objects.visible(), code=code)
    form = AnnotationForm(request.POST, can_review=can_review(request.user))
    saved = form.is_valid()
    if saved:
        annotation_save(scenario=scenario, author=request.user, **form.cleaned_data)
    if not request.htmx and saved:
        return redirect(scenario)
    page = permalink_page(code=code, user=request.user)
    template = "scenarios/_annotations.html" if request.htmx else "scenarios/permalink.html"
    return render(request, template, {"page": page, "scenario": scenario, "form": form, "saved": saved}, status=200 if saved else 400)


@require_GET
def recheck(request: HttpRequest, code: str) -> HttpResponse:
    page = permalink_recheck(code=code)
    return render(request, "scenarios/recheck.html", {"page": page, "scenario": page.scenario})


@require_GET
def export(request: HttpRequest, code: str) -> JsonResponse:
    response = JsonResponse(permalink_export(code=code), json_dumps_params={"ensure_ascii": False, "indent": 2})
    response["Content-Disposition"] = f'attachment; filename="ruling-{code}.json"'
    return response


@require_GET
def qr(request: HttpRequest, code: str) -> HttpResponse:
    scenario = get_object_or_404(Scenario.objects.visible(), code=code)
    response = HttpResponse(qr_svg(request.build_absolute_uri(scenario.get_absolute_url())), content_type="image/svg+xml")
    response["Cache-Control"] = "public, max-age=86400"
    return response


def import_permalink(request: HttpRequest) -> HttpResponse:
    form = ImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        try:
            outcome = scenario_import(document=form.cleaned_data["document"])
        except engine.ScenarioError as exc:
            return render(request, "scenarios/import.html", {"form": form, "errors": exc.errors}, status=400)
        return render(request, "scenarios/import_done.html", {"outcome": outcome, "scenario": outcome.scenario})
    return render(request, "scenarios/import.html", {"form": form}, status=400 if form.errors else 200)


@login_required
def my_rulings(request: HttpRequest) -> HttpResponse:
    return render(request, "accounts/rulings.html", {"annotations": Annotation.objects.by(request.user),
                                                     "can_review": can_review(request.user)})


@login_required
@require_POST
def review(request: HttpRequest, pk: int) -> HttpResponse:
    """Set the review mark of one of the judge's own annotations; another judge's is a 404, and
    marking one reviewed without the reviewers' permission a 403 saying so."""
    annotation = get_object_or_404(Annotation.objects.by(request.user), pk=pk)
    form = ReviewForm(request.POST, can_review=can_review(request.user))
    if not form.is_valid():
        raise PermissionDenied(" ".join(form.errors["reviewed"]))
    annotation_mark_reviewed(annotation=annotation, reviewed=form.cleaned_data["reviewed"])
    return redirect("scenarios:my_rulings")


@require_GET
def vocabulary_index(request: HttpRequest) -> HttpResponse:
    return render(request, "scenarios/vocabulary_index.html", {"games": vocabulary.vocabulary_index()})


@require_GET
def vocabulary_detail(request: HttpRequest, game: str) -> HttpResponse:
    """Show one game's vocabulary registry; 404 for a game without one."""
    page = vocabulary.vocabulary_page(game)
    if page is None:
        raise Http404(f"No vocabulary is registered for {game!r}")
    return render(request, "scenarios/vocabulary.html", {"page": page})
