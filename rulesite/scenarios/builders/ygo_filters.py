"""The Yu-Gi-Oh! builder's text forms of card filters, trigger qualifiers and trigger targets:
``kind: monster, controller: opponent`` for a FILTER (``event_of``, ``materials_required``),
``from: hand/deck, by: effect`` for a trigger's ``qualifiers``, ``count: 2, kind: monster``
for its ``targeting`` (docs/scenario-format.md §2.3). Each value is typed by its registry
entry (engine/ygo/filters.py, engine/ygo/qualifiers.py); a value the text cannot hold gives
``MISSING`` and stays in the row's JSON.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.schema import Boolean, Integer, ListOf
from engine.ygo.vocabulary import VOCABULARY

from . import common
from .ygo_procedures import material_form, material_json

FILTER_KEYS = tuple(VOCABULARY.names("filter"))
_MISSING = common.MISSING
_INTEGER = common.INTEGER


NESTED = ("summoned_with", "has_material")
"""Filter keys whose value is a filter of its own (a material's), written ``key=value & …``."""


def filter_form(value: Any) -> Any:
    """A FILTER (``{"kind": "monster", "controller": "opponent"}``) as ``kind: monster,
    controller: opponent``; ``"self"`` (a trigger's own event) as ``self``; else ``_MISSING``."""
    if value == "self":
        return value
    if not isinstance(value, Mapping) or not value:
        return _MISSING
    parts = []
    for key, item in value.items():
        item = material_form(item) if key in NESTED else item  # its own filter, as key=value & …
        field = VOCABULARY.get("filter", key).value if key in FILTER_KEYS else None
        boolean = isinstance(field, Boolean)
        if isinstance(field, ListOf) and isinstance(item, list) and item and all(isinstance(i, str) for i in item):
            if any("/" in i for i in item):
                return _MISSING
            item = "/".join(item)
        if key not in FILTER_KEYS or isinstance(item, bool) != boolean or not isinstance(item, (str, int)):
            return _MISSING
        shown = ("true" if item else "false") if boolean else str(item)
        if not shown or shown != shown.strip() or any(mark in shown for mark in ",;:"):
            return _MISSING
        parts.append(f"{key}: {shown}")
    return ", ".join(parts)


def _pairs(text: str, keys: tuple[str, ...]) -> list[tuple[str, str, str]]:
    """Split ``key: value, key: value`` text into ``(part, key, value)``; raise ``ValueError``
    naming a part that is not ``key: value`` of one of ``keys`` or repeats a key."""
    out, seen = [], set()
    for part in text.split(","):
        key, sep, item = (piece.strip() for piece in part.partition(":"))
        if not sep or key not in keys or not item or key in seen:
            raise ValueError(part.strip())
        seen.add(key)
        out.append((part.strip(), key, item))
    return out


def filter_json(value: Any) -> Any:
    """Parse :func:`filter_form` text, each value typed by its filter entry (a Level is a
    number); raise ``ValueError`` naming a part that is not ``key: value`` of a filter key."""
    text = str(value or "").strip()
    if not text:
        return _MISSING
    if text == "self":
        return text
    out: dict[str, Any] = {}
    for part, key, item in _pairs(text, FILTER_KEYS):
        field = VOCABULARY.get("filter", key).value
        if key in NESTED:
            out[key] = material_json(item)
            continue
        if isinstance(field, Boolean):
            if item not in ("true", "false"):
                raise ValueError(part.strip())
            out[key] = item == "true"
            continue
        if isinstance(field, ListOf):
            out[key] = [i.strip() for i in item.split("/")]
            continue
        number = isinstance(field, Integer) and _INTEGER.fullmatch(item)
        out[key] = int(item) if number else item
    return out


def targeting_form(value: Any) -> Any:
    """An effect's ``targeting`` (``{"count": 2, "filter": FILTER}``) as ``count: 2, kind: monster``
    (the filter's text, :func:`filter_form`, after the count if it is given, and ``up_to: true``
    after the count for "up to 2", ``{"count": 2, "up_to": true, …}``); else ``_MISSING``."""
    if not isinstance(value, Mapping) or set(value) - {"count", "up_to", "filter"} or "filter" not in value:
        return _MISSING
    shown = filter_form(value["filter"])
    count = value.get("count")
    if shown is _MISSING or shown == "self" or (count is not None and (isinstance(count, bool) or not isinstance(count, int))):
        return _MISSING
    if "up_to" in value:  # "up to 2": written after the count it qualifies
        if value["up_to"] is not True or count is None:
            return _MISSING
        return f"count: {count}, up_to: true, {shown}"
    return shown if count is None else f"count: {count}, {shown}"


def targeting_json(value: Any) -> Any:
    """Parse :func:`targeting_form` text; raise ``ValueError`` like :func:`filter_json`."""
    text = str(value or "").strip()
    if not text:
        return _MISSING
    head, sep, rest = text.partition(",")
    key, colon, count = (piece.strip() for piece in head.partition(":"))
    if key == "count" and colon:
        if not _INTEGER.fullmatch(count):
            raise ValueError(head.strip())
        up_to = False
        first, comma, after = rest.partition(",")
        if [piece.strip() for piece in first.partition(":")[::2]] == ["up_to", "true"]:
            up_to, rest, sep = True, after, comma
        found = filter_json(rest) if sep else _MISSING
        if found is _MISSING or found == "self":
            raise ValueError(text)
        return {"count": int(count), **({"up_to": True} if up_to else {}), "filter": found}
    found = filter_json(text)
    if found == "self":
        raise ValueError(text)
    return {"filter": found}


QUALIFIER_KEYS = tuple(VOCABULARY.names("trigger_qualifier"))
"""The keys of a trigger's ``qualifiers`` (engine/ygo/qualifiers.py)."""


def qualifiers_form(value: Any) -> Any:
    """A trigger's qualifiers (``{"from": ["hand", "deck"], "by": "effect"}``) as ``from: hand/deck,
    by: effect``; else ``_MISSING``."""
    if not isinstance(value, Mapping) or not value:
        return _MISSING
    parts = []
    for key, item in value.items():
        items = item if isinstance(item, list) else [item]
        if key not in QUALIFIER_KEYS or not items or not all(isinstance(i, str) and i and i.strip() == i
                                                              and not any(m in i for m in ",:/") for i in items):
            return _MISSING
        if isinstance(item, list) != isinstance(VOCABULARY.get("trigger_qualifier", key).value, ListOf):
            return _MISSING
        parts.append(f"{key}: {'/'.join(items)}")
    return ", ".join(parts)


def qualifiers_json(value: Any) -> Any:
    """Parse :func:`qualifiers_form` text; raise ``ValueError`` naming a part that is not
    ``key: value`` of a qualifier key (a list's values separated by ``/``)."""
    text = str(value or "").strip()
    if not text:
        return _MISSING
    out: dict[str, Any] = {}
    for _part, key, item in _pairs(text, QUALIFIER_KEYS):
        is_list = isinstance(VOCABULARY.get("trigger_qualifier", key).value, ListOf)
        out[key] = [i.strip() for i in item.split("/")] if is_list else item
    return out
