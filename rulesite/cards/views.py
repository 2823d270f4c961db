"""The imported-card lookup the builders' text panel asks (``/cards/<game>/lookup.json?name=``)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, JsonResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import get_language
from django.views.decorators.http import require_GET

from .builder import card_panel, imported_card
from .models import ImportedCard

GAMES = ("mtg", "ygo")


@require_GET
def lookup(request: HttpRequest, game: str) -> JsonResponse:
    """Return ``{"card": panel}`` for the imported card named ``?name=`` (no library card of that
    name), or ``{"card": null}``; ``?prefix=`` returns ``{"names": [...]}`` for an autocomplete."""
    if game not in GAMES:
        raise Http404(f"No imported cards for {game!r}")
    if "prefix" in request.GET:
        return JsonResponse({"names": ImportedCard.objects.for_autocomplete(game, request.GET["prefix"][:200])})
    card = imported_card(game, request.GET.get("name", "")[:200])
    return JsonResponse({"card": card_panel(card, get_language() or "en") if card else None})


@require_GET
def detail(request: HttpRequest, game: str, source: str, external_id: str) -> JsonResponse:
    """Return one imported card as JSON."""
    card = get_object_or_404(ImportedCard, game=game, source=source, external_id=external_id)
    return JsonResponse({"card": card_panel(card, get_language() or "en"), "external_id": card.external_id})
