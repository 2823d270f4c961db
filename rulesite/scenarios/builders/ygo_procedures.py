"""The Yu-Gi-Oh! builder's text forms for summon procedures (docs/scenario-format.md §2.5.1):
the ``summoned_with`` filter inside a filter's text, a Summon's own costs paid with cards, and
the JSON objects of a card's own procedure and material requirements."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.schema import Integer
from engine.ygo.vocabulary import VOCABULARY

from .common import INTEGER, MISSING

FILTER_KEYS = tuple(VOCABULARY.names("filter"))
COSTS = tuple(VOCABULARY.names("cost"))


def material_form(value: Any) -> Any:
    """The filter of ``summoned_with`` inside a filter's text: ``attribute=WATER & level=4``."""
    if not isinstance(value, Mapping) or not value:
        return MISSING
    parts = []
    for key, item in value.items():
        shown = str(item)
        if (key not in FILTER_KEYS or key in ("summoned_with", "has_material") or isinstance(item, bool) or not isinstance(item, (str, int))
                or not shown or shown != shown.strip() or any(mark in shown for mark in ",;:=&")):
            return MISSING
        parts.append(f"{key}={shown}")
    return " & ".join(parts)


def material_json(text: str) -> dict[str, Any]:
    """Parse :func:`material_form` text; raise ``ValueError`` for a part that is not ``key=value``."""
    out: dict[str, Any] = {}
    for part in text.split("&"):
        key, sep, item = (piece.strip() for piece in part.partition("="))
        if not sep or key not in FILTER_KEYS or key in ("summoned_with", "has_material") or not item or key in out:
            raise ValueError(part.strip())
        number = isinstance(VOCABULARY.get("filter", key).value, Integer) and INTEGER.fullmatch(item)
        out[key] = int(item) if number else item
    return out


def object_as_is(value: Any) -> Any:
    """A JSON object kept as itself in a JSON field of the row (``summon_procedure``)."""
    return value if isinstance(value, Mapping) and value else MISSING


def costs_form(value: Any) -> Any:
    """A Summon's or link's own costs paid with cards (``[{"do": "banish", "card": "g1"}, …]``) as
    ``banish: g1; banish: g2``; other costs stay in the row's JSON."""
    if not isinstance(value, list) or not value:
        return MISSING
    parts = []
    for item in value:
        if (not isinstance(item, Mapping) or set(item) != {"do", "card"} or not isinstance(item["card"], str)
                or not item["card"] or any(mark in item["card"] for mark in ",;: ")):
            return MISSING
        parts.append(f"{item['do']}: {item['card']}")
    return "; ".join(parts)


def costs_json(value: Any) -> Any:
    """Parse :func:`costs_form` text; raise ``ValueError`` for a part that is not ``cost: card``."""
    out = []
    for part in (piece.strip() for piece in str(value or "").split(";")):
        if not part:
            continue
        do, sep, card = (piece.strip() for piece in part.partition(":"))
        if not sep or not card or do not in COSTS or "card" not in VOCABULARY.get("cost", do).keys:
            raise ValueError(part)
        out.append({"do": do, "card": card})
    return out or MISSING
