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

__all__ = ["BOXES", "OWN_CARD_FIELDS", "card_names", "catalogue", "fill_from_library", "home", "library_card", "row_values"]

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
    """Return the library as ``[{name, names, …object fields, unsupported, fields, home}]`` for the
    catalogue endpoint (fresh copies: editing one never changes the library). ``names`` are the
    card's names in every language the library attests; ``fields`` the card row's boxes as
    :func:`row_values` fills them (``__card__`` where the row's id goes); ``home`` where the page
    puts the card while its row keeps the default zone (:func:`home`)."""
    return [{"name": card.name, "names": list(dict.fromkeys(card.names.values())), **card.to_json()["object"],
             "unsupported": list(card.unevaluable), "fields": row_values(card, CARD_PLACEHOLDER), "home": home(card)}
            for card in cards.library("ygo")]


CARD_PLACEHOLDER = "__card__"
"""The card id in the catalogue's ``fields``, replaced by the row's id on the page (as in the Magic catalogue)."""


def home(card: cards.LibraryCard) -> dict[str, str]:
    """Return where the builder puts a library card whose row still has its default zone (a Monster
    Zone): a Spell in the hand (it is activated from there, ARC-V 4.1.1), a Trap Set face-down in a
    Spell & Trap Zone (it must be Set before it is activated, ARC-V 4.1.2); ``{}`` for a monster."""
    kind = card.to_json()["object"].get("kind")
    if kind == "spell":
        return {"zone": "hand"}
    if kind == "trap":
        return {"zone": "spell_trap_zone", "position": "face-down"}
    return {}


def row_values(card: cards.LibraryCard, card_id: str) -> dict[str, str]:
    """Return the card row's boxes for ``card`` (``{box: posted value}``): its characteristics in
    their boxes (:data:`BOXES`), every other object key in the row's "Other fields (JSON)" box,
    with ``card_id`` where the library writes "this card" (:data:`engine.core.cards.SELF`)."""
    values: dict[str, str] = {}
    rest = {}
    for name, value in card.to_json()["object"].items():
        if name in BOXES:
            values[BOXES[name]] = ("on" if value else "") if isinstance(value, bool) else str(value)
        else:
            rest[name] = value
    if rest:
        values["extra"] = json.dumps(cards.with_id(rest, card_id), ensure_ascii=False)
    return values


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
        values = row_values(card, ids[index])
        if "extra" in values and not str(data.get(f"{key}-id", "")).strip() and values != row_values(card, CARD_PLACEHOLDER):
            filled[f"{key}-id"] = ids[index]
        for name, value in values.items():
            filled[f"{key}-{name}"] = value
    return filled if filled is not None else data
