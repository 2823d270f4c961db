"""The Yu-Gi-Oh! builder and the card library (``fixtures/cards/ygo/``, :mod:`engine.core.cards`).

A card row that names a library card (its English name, or a Chinese name the library attests;
case ignored) and leaves every characteristic and effect box blank gets the library card's
characteristics and effects when the board is posted, so the stored scenario holds the whole
card and its permalink never depends on the library. A row with any of those boxes typed is the
judge's own card and is kept exactly as typed (the Magic builder does the same with its
catalogue, :func:`rulesite.scenarios.builders.mtg.fill_from_catalogue`).

The characteristics go to their boxes; the effects, which the row's effect boxes cannot always
hold (several effects, unsupported costs), go to the row's "Other fields (JSON)" box, with the
row's id where the library writes "this card" (:data:`engine.core.cards.SELF`); a blank id is
given then, the one the builder would give.
"""

from __future__ import annotations

import json
from typing import Any

from engine.core import cards

from . import common

__all__ = ["BOXES", "OWN_CARD_FIELDS", "card_names", "catalogue", "fill_from_library", "library_card"]

BOXES = {"kind": "kind", "subtype": "subtype", "level": "level", "atk": "atk", "def": "defense",
         "attribute": "attribute", "race": "race", "tuner": "tuner", "scale": "scale"}
"""Library object key → the card row's box for it; every other key goes to the row's ``extra``."""

OWN_CARD_FIELDS = ("subtype", "level", "atk", "defense", "attribute", "race", "original_atk", "original_def", "scale",
                   "tuner", "materials_required", "effect_class", "effect_text", "effect_id", "effect_trigger",
                   "effect_timing", "effect_once_per_turn", "effect_event_of", "cost_do", "cost_text", "more_effects", "extra")
"""The row boxes that, typed, make the row the judge's own card (``kind`` is not one: the page
always posts one, the default being Monster)."""


def library_card(name: str) -> cards.LibraryCard | None:
    """Return the library card named ``name`` in any of its languages (case ignored), or ``None``."""
    return cards.by_name("ygo").get(" ".join(str(name).split()).casefold())


def card_names(limit: int = 500) -> list[str]:
    """Return the names for the builder's autocomplete: the library's English names, then those
    of stored Yu-Gi-Oh! rulings."""
    return common.used_card_names("ygo", limit, dict.fromkeys(card.name for card in cards.library("ygo")))


def catalogue() -> list[dict[str, Any]]:
    """Return the library as ``[{name, …object fields, unsupported}]`` for the catalogue endpoint
    (fresh copies: editing one never changes the library)."""
    return [{"name": card.name, **card.to_json()["object"], "unsupported": list(card.unevaluable)}
            for card in cards.library("ygo")]


def _typed(data: Any, key: str) -> bool:
    """Return whether the card row ``key`` has any box of its own card, or an action row, typed."""
    if any(str(data.get(f"{key}-{name}", "")).strip() for name in OWN_CARD_FIELDS):
        return True
    try:
        actions = min(int(data.get(f"{key}-act-TOTAL_FORMS", 0)), 200)
    except (TypeError, ValueError):
        actions = 0
    return any(str(data.get(f"{key}-act-{index}-do", "")).strip() for index in range(actions))


def fill_from_library(data: Any, prefix: str = "cards") -> Any:
    """Return POST ``data`` with each card row that names a library card and types nothing of its
    own filled in from the library (see the module docstring). ``data`` is not changed; a copy is
    returned when anything is filled."""
    ids = common.posted_card_ids(data, prefix)
    if ids is None:
        return data
    filled = None
    for index in range(len(ids)):
        key = f"{prefix}-{index}"
        card = library_card(str(data.get(f"{key}-name", "")))
        if card is None or _typed(data, key):
            continue
        filled = filled if filled is not None else data.copy()
        rest = {}
        for name, value in card.to_json()["object"].items():
            if name in BOXES:
                filled[f"{key}-{BOXES[name]}"] = ("on" if value else "") if isinstance(value, bool) else str(value)
            else:
                rest[name] = value
        if rest:
            if not str(data.get(f"{key}-id", "")).strip() and json.dumps(rest) != json.dumps(cards.with_id(rest, ids[index])):
                filled[f"{key}-id"] = ids[index]
            filled[f"{key}-extra"] = json.dumps(cards.with_id(rest, ids[index]), ensure_ascii=False)
    return filled if filled is not None else data
