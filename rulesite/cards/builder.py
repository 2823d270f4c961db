"""Imported cards in the builders: fill a card row by name, and the card's text beside the form.

The builders look a posted row's name up in the card library first (Magic: the catalogue,
:func:`rulesite.scenarios.builders.mtg.fill_from_catalogue`; Yu-Gi-Oh!:
:func:`rulesite.scenarios.builders.ygo_library.fill_from_library`): a library card wins, with
its abilities. A row whose name is no library card but an imported card's (any language, case,
spacing and Chinese script ignored) and that types none of its characteristic boxes gets the
imported characteristics (Magic also its text, in the row's "Rules text (shown only)" box). An
imported card has no abilities: its own text is shown beside the row (:func:`card_panel`,
``templates/cards/_imported_texts.html``) for the judge to write as ability rows.
"""

from __future__ import annotations

from typing import Any

from rulesite.scenarios.builders import common, mtg, ygo_library

from .models import ImportedCard

MTG_BOXES = {"mana_cost": "mana_cost", "colors": "colors", "supertypes": "supertypes", "types": "types",
             "subtypes": "subtypes", "power": "power", "toughness": "toughness", "loyalty": "loyalty"}
YGO_BOXES = {"kind": "kind", "subtype": "subtype", "level": "level", "atk": "atk", "def": "defense",
             "attribute": "attribute", "race": "race", "tuner": "tuner", "scale": "scale"}
"""Object key → the card row's box for it, per game (the Yu-Gi-Oh! row's as
:data:`rulesite.scenarios.builders.ygo_library.BOXES`)."""
TYPED = {"mtg": (*MTG_BOXES.values(), "text"),
         "ygo": ("subtype", "level", "atk", "defense", "attribute", "race", "scale", "tuner", "original_atk", "original_def")}
"""The boxes that, typed, make the row's characteristics the judge's own (Yu-Gi-Oh!'s ``kind``
is not one: the page always posts one)."""


def imported_card(game: str, name: str) -> ImportedCard | None:
    """Return the imported card of ``game`` (``mtg`` or ``ygo``) named ``name`` that no library
    card takes (the library wins, with its abilities), or ``None``."""
    if _library_has(game, name):
        return None
    return ImportedCard.objects.named(game, name).first()


def _library_has(game: str, name: str) -> bool:
    if game == "mtg":
        return mtg.catalogue_card(name) is not None
    return ygo_library.library_card(name) is not None


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else ""
    if isinstance(value, list):
        return ", ".join(str(item) for item in value)
    return str(value)


def row_fields(card: ImportedCard) -> dict[str, str]:
    """Return the card-row boxes ``card`` fills, as a browser would post them (``{box: value}``;
    Magic: its text too, in the row's "Rules text (shown only)" box)."""
    boxes = {"mtg": MTG_BOXES, "ygo": YGO_BOXES}[card.game]
    fields = {boxes[key]: _shown(value) for key, value in card.characteristics.items() if key in boxes}
    if card.game == "mtg" and card.text("en")[1]:
        fields["text"] = card.text("en")[1]
    return fields


def fill_from_imported(game: str, data: Any, prefix: str = "cards") -> Any:
    """Return POST ``data`` with each card row that names an imported card (and no library card)
    and types none of its characteristic boxes (:data:`TYPED`) filled in from it
    (:func:`row_fields`). ``data`` is not changed; a copy is returned when anything is filled; a
    game without imports is returned as is."""
    ids = common.posted_card_ids(data, prefix) if game in TYPED else None
    if not ids or not ImportedCard.objects.filter(game=game).exists():
        return data
    filled = None
    for index in range(len(ids)):
        key = f"{prefix}-{index}"
        name = str(data.get(f"{key}-name", "")).strip()
        if not name or any(str(data.get(f"{key}-{box}", "")).strip() for box in TYPED[game]):
            continue
        card = imported_card(game, name)
        if card is None:
            continue
        filled = filled if filled is not None else data.copy()
        for box, value in row_fields(card).items():
            filled[f"{key}-{box}"] = value
    return filled if filled is not None else data


def card_panel(card: ImportedCard, language: str = "en") -> dict[str, Any]:
    """Return what the panel beside a row shows of ``card``: ``{name, names, language, text,
    unmapped, source, characteristics, fields, typed}`` (the text in ``language`` when the file
    has it, else English; ``fields`` the boxes it fills, :func:`row_fields`, when none of the
    ``typed`` boxes is typed)."""
    text_language, text = card.text(language)
    return {"name": card.name, "names": dict(card.names), "language": text_language, "text": text,
            "unmapped": list(card.unmapped), "source": card.source, "characteristics": dict(card.characteristics),
            "fields": row_fields(card), "typed": list(TYPED[card.game])}


def posted_panels(game: str, data: Any, language: str = "en", prefix: str = "cards") -> list[dict[str, Any]]:
    """Return the panel (:func:`card_panel`) of each posted card row naming an imported card,
    with its ``row`` number (1 for the first row), for the page that shows the form again."""
    ids = common.posted_card_ids(data, prefix) if data is not None else None
    if not ids or not ImportedCard.objects.filter(game=game).exists():
        return []
    panels = []
    for index in range(len(ids)):
        card = imported_card(game, str(data.get(f"{prefix}-{index}-name", "")))
        if card is not None:
            panels.append({"row": index + 1, **card_panel(card, language)})
    return panels


def imported_context(game: str, data: Any, language: str = "en") -> dict[str, Any]:
    """Return the builder page's context for ``templates/cards/_imported_texts.html``:
    ``imported_lookup_url`` (empty for a game without imports) and ``imported_panels``."""
    from django.urls import reverse

    if game not in ("mtg", "ygo"):
        return {"imported_lookup_url": "", "imported_panels": []}
    return {"imported_lookup_url": reverse("cards:lookup", args=[game]), "imported_panels": posted_panels(game, data, language)}
