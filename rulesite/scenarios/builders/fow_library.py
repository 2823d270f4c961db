"""The Force of Will builder and the card library (``fixtures/cards/fow/``, :mod:`engine.fow.catalogue`).

A card row that names a library card (its English name; case and spaces ignored) and leaves every
printed-information box blank gets the library card's information and abilities when the board is
posted, so the stored scenario holds the whole card and its permalink never depends on the library.
A row with any of those boxes typed is the judge's own card and is kept exactly as typed (the Magic
builder does the same with its catalogue, :func:`rulesite.scenarios.builders.mtg.fill_from_catalogue`).

The card's information goes to the row's boxes (``fields``: what a browser would post), its
abilities — its own, its J-ruler side's and its Awakening text's — to ability rows the card owns
(``rows``, as the catalogue endpoint gives them to ``static/js/builder.js``).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.core.cards import LibraryCard, library
from engine.fow import catalogue as fow_catalogue

from . import common
from .fow import CARDS, SPEC

__all__ = ["CHARACTERISTICS", "card_fields", "card_names", "card_rows", "catalogue", "fill_from_library"]

CARD_PLACEHOLDER = "__card__"
"""The card id in :func:`card_rows`, replaced by the row's id (as in the Magic catalogue)."""

FRAME_FIELDS = frozenset({"id", "name", "owner", "controller", "zone", "rested", "damage", "counters", "attached_to",
                          "entered_this_turn", "on_field_since_turn_start", "placed_this_turn", "timestamp", "lists",
                          "DELETE"})
"""Card-row fields that hold the card's state on this board, not its printed information."""

CHARACTERISTICS = (*(spec.name for spec in CARDS.fields if spec.name not in FRAME_FIELDS and spec.name != "type"), "extra")
"""The card-row boxes of printed information: any of them typed makes the row the judge's own card.
(``type`` is not one: the form always posts one, the default being Resonator.)"""


def _split(card: LibraryCard) -> tuple[dict[str, Any], dict[str, list[dict[str, Any]]]]:
    """Return the card row's values and its owned rows (``{section prefix: [row]}``) of ``card``."""
    from .forms import post_values  # the specs above need no forms

    rows: dict[str, list[Any]] = {section.prefix: [] for section in SPEC.sections}
    obj = card.as_object(CARD_PLACEHOLDER, "p1", fow_catalogue.home(card))
    rest, empty = common._split(SPEC, "cards", obj, CARD_PLACEHOLDER, rows)
    row = common.row_to_form(rest, CARDS)
    row["lists"] = empty
    fields = {name: value for name, value in post_values(CARDS, row).items() if name not in FRAME_FIELDS}
    owned = {section.prefix: [post_values(section, r) for r in rows[section.prefix]]
             for section in SPEC.sections if section.owned and rows[section.prefix]}
    return fields, owned


@cache
def _entries() -> tuple[tuple[str, dict[str, Any], dict[str, list[dict[str, Any]]]], ...]:
    return tuple((card.name, *_split(card)) for card in library("fow"))


def card_fields(name: str) -> dict[str, Any] | None:
    """Return the card-row boxes a library card fills (``{field: posted value}``), or ``None``."""
    found = fow_catalogue.card(name)
    return next((dict(fields) for n, fields, _rows in _entries() if found and n == found.name), None)


def card_rows(name: str) -> dict[str, list[dict[str, Any]]]:
    """Return the ability rows a library card owns (``{section prefix: [row]}``, owner ``__card__``)."""
    found = fow_catalogue.card(name)
    return next(({k: [dict(r) for r in v] for k, v in rows.items()} for n, _f, rows in _entries() if found and n == found.name), {})


def card_names(limit: int = 500) -> list[str]:
    """Return the names for the builder's autocomplete: the library's English names, then those
    of stored Force of Will rulings."""
    return common.used_card_names("fow", limit, dict.fromkeys(card.name for card in library("fow")))


def catalogue() -> list[dict[str, Any]]:
    """Return the library for the catalogue endpoint: ``[{name, …object fields, evaluable,
    unsupported, summary, source, type, fields, rows, home}]`` (fresh copies; ``home``: :func:`home`)."""
    by_name = {name: (fields, rows) for name, fields, rows in _entries()}
    return [dict(entry, fields=dict(by_name[entry["name"]][0]), rows=card_rows(entry["name"]), home=home(entry))
            for entry in fow_catalogue.cards()]


def home(entry: dict[str, Any]) -> dict[str, str]:
    """Return where the page puts a library card whose row still has its default zone (the field):
    a spell in the hand (a chant is played from there, FoW 7.3, and is never on the field), a magic
    stone in the magic stone area and a ruler in the ruler area (FoW 3.15); ``{}`` for the others."""
    if entry.get("type") == "spell":
        return {"zone": "hand"}
    zone = fow_catalogue.HOMES.get(str(entry.get("type")))
    return {"zone": zone} if zone else {}


def _owned_by(data: Any, card_id: str) -> bool:
    """Return whether any posted row already names ``card_id`` as its owner."""
    return any(key.endswith("-owner") and str(value).split("#")[0].split(".")[0] == card_id
               for key, value in data.items())


def fill_from_library(data: Any, prefix: str = "cards") -> Any:
    """Return POST ``data`` with each card row that names a library card and types none of its
    printed-information boxes filled in from the library (see the module docstring). ``data`` is
    not changed; a copy is returned when anything is filled."""
    ids = common.posted_card_ids(data, prefix)
    if ids is None:
        return data
    filled = None
    for index, card_id in enumerate(ids):
        key = f"{prefix}-{index}"
        fields = card_fields(str(data.get(f"{key}-name", "")))
        if fields is None or any(str(data.get(f"{key}-{name}", "")).strip() for name in CHARACTERISTICS):
            continue
        filled = filled if filled is not None else data.copy()
        filled[f"{key}-id"] = card_id
        for name, value in fields.items():
            if hasattr(filled, "setlist") and isinstance(value, list):
                filled.setlist(f"{key}-{name}", value)
            else:
                filled[f"{key}-{name}"] = value
        if not _owned_by(filled, card_id):
            common.add_owned_rows(filled, card_rows(str(data.get(f"{key}-name", ""))), card_id, CARD_PLACEHOLDER)
    return filled if filled is not None else data
