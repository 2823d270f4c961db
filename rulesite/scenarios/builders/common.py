"""What the board-state builders of every game share: field specs, rows ⇄ document, the
generic row forms, and engine error paths mapped back to rows and fields.

A game module (:mod:`.fow`, :mod:`.mtg`) declares a :class:`GameSpec`: the setup fields (each
at a path in the document, such as ``("players", "p1", "life")``) and the row sections (each a
top-level list such as ``objects``), every field with its :class:`Spec`. From that one
declaration this module derives

* :func:`scenario_to_initial` / :func:`initial_to_scenario`, inverse of each other for every
  document: a value no field can hold (an unexpected key, a value a field would not give back
  exactly) stays in the row's or the setup's ``extra`` JSON and is merged back;
* the Django forms (:class:`GameBoardForm`), with card pickers fed from the card rows and,
  per row, the fields the chosen "switch" value (an action's ``type``) uses;
* :func:`error_place`, from an engine error path (``objects[3].zone``) to a row and field.

>>> from rulesite.scenarios.builders import fow
>>> doc = {"format": "1", "game": "fow", "ruleset": "wp-2.3", "options": {},
...        "players": [{"id": "p1", "life": 4000}, {"id": "p2", "life": 4000, "mood": 1}],
...        "turn": {"active": "p1", "phase": "main", "step": "main", "number": 3},
...        "objects": [], "chain": [], "pending": [], "effects": [], "actions": []}
>>> data = scenario_to_initial(fow.SPEC, doc)
>>> data["setup"]["p2_life"], data["setup"]["extra"]
(4000, {'players': {'p2': {'mood': 1}}})
>>> initial_to_scenario(fow.SPEC, data) == doc
True
"""

from __future__ import annotations

import copy
import functools
import json
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field as dc_field
from pathlib import Path
from typing import Any

from django.conf import settings
from django.utils.functional import lazy

MISSING: Any = object()
"""A converter's answer for "the form cannot hold this value" / "leave the key out"."""

PLAYERS = ("p1", "p2")
INTEGER = re.compile(r"[+-]?\d{1,9}")
_DEMO_STEM = re.compile(r"[A-Za-z0-9_-]{1,100}")
_PATH_PART = re.compile(r"([^.\[\]]+)|\[(\d+)\]")

Row = dict[str, Any]
BoardData = dict[str, Any]
"""``{"setup": Row, <section prefix>: [Row], …}``."""


# ----------------------------------------------------------------------------- converters
# Each kind of field has a pair: document value → form value (or MISSING), form value →
# document value (or MISSING to leave the key out).


def lazy_percent(message: Any, **values: Any) -> Any:
    """Return ``message % values`` translated when shown, not when the module is imported
    (``gettext_lazy("Player %(n)s name") % {...}`` would fix the English text at import)."""
    return lazy(lambda: str(message) % values, str)()

def same(a: Any, b: Any) -> bool:
    """Return whether two JSON values are equal, telling ``true`` from ``1`` (``MISSING`` equals only itself)."""
    if a is MISSING or b is MISSING:
        return a is b
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def filled(value: Any) -> bool:
    """Return whether a form value is given: not ``None``, ``""``, ``[]``, ``{}`` or ``False`` (``0`` is)."""
    return not (value is None or value is False or value == "" or value == [] or value == {})


def blank_is_missing(value: Any) -> Any:
    """Return ``value``, or ``MISSING`` for ``None``, ``""``, ``[]`` and ``False`` (not ``0``)."""
    return MISSING if value is None or value is False or value == "" or value == [] else value


def text_form(value: Any) -> Any:
    return value if isinstance(value, str) and value and value == value.strip() else MISSING


def integer_form(value: Any) -> Any:
    return value if isinstance(value, int) and not isinstance(value, bool) else MISSING


def flag_form(value: Any) -> Any:
    return True if value is True else MISSING


def yes_no_form(value: Any) -> Any:
    """``true`` → ``"yes"``, ``false`` → ``"no"``; a three-way choice where blank leaves the key out."""
    return ("yes" if value else "no") if isinstance(value, bool) else MISSING


def yes_no_json(value: Any) -> Any:
    return {"yes": True, "no": False}.get(value, MISSING)


def ids_form(value: Any) -> Any:
    if isinstance(value, list) and value and all(text_form(item) is not MISSING for item in value):
        return list(value) if len(set(value)) == len(value) else MISSING  # a picker cannot pick one twice
    return MISSING


def words_form(value: Any) -> Any:
    """``["a", "b c"]`` → ``"a, b c"`` (items without commas)."""
    if isinstance(value, list) and value and all(text_form(v) is not MISSING and "," not in v for v in value):
        return ", ".join(value)
    return MISSING


def words_json(value: Any) -> Any:
    items = [item.strip() for item in str(value or "").split(",") if item.strip()]
    return items or MISSING


def counts_form(value: Any) -> Any:
    """``{"fire": 1, "void": 2}`` → ``"fire: 1, void: 2"`` (non-negative whole counts)."""
    if not isinstance(value, dict) or not value:
        return MISSING
    parts = []
    for name, count in value.items():
        if text_form(name) is MISSING or any(c in name for c in ":,") or integer_form(count) is MISSING or count < 0:
            return MISSING
        parts.append(f"{name}: {count}")
    return ", ".join(parts)


def counts_json(value: Any) -> Any:
    """Parse ``"fire: 1, void: 2"``; raise ``ValueError`` naming the bad part."""
    if not value or not str(value).strip():
        return MISSING
    out: dict[str, int] = {}
    for part in str(value).split(","):
        if not part.strip():
            continue
        name, sep, count = part.rpartition(":")
        if not sep or not name.strip() or not count.strip().isdigit():
            raise ValueError(part.strip())
        out[name.strip()] = int(count)
    return out or MISSING


def json_form(value: Any) -> Any:
    """Any JSON value but ``null`` is shown as JSON text (the form field parses it back)."""
    return MISSING if value is None else value


def index_or_id_form(value: Any) -> Any:
    """An index (``0``) or an id (``"e1"``) as text."""
    if integer_form(value) is not MISSING and value >= 0:
        return str(value)
    if text_form(value) is not MISSING and not value.isdigit():
        return value
    return MISSING


def index_or_id_json(value: Any) -> Any:
    if not value:
        return MISSING
    return int(value) if str(value).isdigit() else value


DYNAMIC_AMOUNTS = ("mana_value_of_affected", "colors_of_affected", "power_of", "counters_of_affected", "lki", "event_amount",
                   "this_way", "life_lost_this_turn", "devotion")
"""Amounts read from the game, written ``name`` (``{name: true}``) or ``name:word`` (``{name: word}``)."""


def amount_form(value: Any) -> Any:
    """An integer, a word (``"x"``, ``"half"``), or a dynamic amount (``power_of:source``), as text."""
    if integer_form(value) is not MISSING:
        return str(value)
    if text_form(value) is not MISSING and not INTEGER.fullmatch(value) and ":" not in value and value not in DYNAMIC_AMOUNTS:
        return value
    if isinstance(value, Mapping) and len(value) == 1:
        (name, arg), = value.items()
        if name in DYNAMIC_AMOUNTS and arg is True:
            return name
        if name in DYNAMIC_AMOUNTS and text_form(arg) is not MISSING and ":" not in arg:
            return f"{name}:{arg}"
    return MISSING


def amount_json(value: Any) -> Any:
    if not value:
        return MISSING
    value = str(value).strip()
    if INTEGER.fullmatch(value):
        return int(value)
    name, colon, arg = value.partition(":")
    if name in DYNAMIC_AMOUNTS:
        return {name: arg.strip() if colon else True}
    return value


def pairs_form(value: Any, keys: Sequence[str]) -> Any:
    """``[{"blocker": "b", "attacker": "a"}]`` with keys ``("blocker", "attacker")`` → ``"b: a"``."""
    if not isinstance(value, list) or not value:
        return MISSING
    parts = []
    for item in value:
        if not isinstance(item, Mapping) or set(item) != set(keys):
            return MISSING
        left, right = item[keys[0]], item[keys[1]]
        if any(text_form(v) is MISSING or ":" in v or "," in v for v in (left, right)):
            return MISSING
        parts.append(f"{left}: {right}")
    return ", ".join(parts)


def pairs_json(value: Any, keys: Sequence[str]) -> Any:
    """Parse ``"b: a, c: a"`` into ``[{keys[0]: "b", keys[1]: "a"}, …]``; raise ``ValueError`` on a bad part."""
    if not value or not str(value).strip():
        return MISSING
    out = []
    for part in str(value).split(","):
        if not part.strip():
            continue
        left, sep, right = part.partition(":")
        if not sep or not left.strip() or not right.strip():
            raise ValueError(part.strip())
        out.append({keys[0]: left.strip(), keys[1]: right.strip()})
    return out or MISSING


def ints_form(value: Any) -> Any:
    """``[0, 1]`` → ``"0, 1"`` (mode indexes, amounts per target)."""
    if isinstance(value, list) and value and all(integer_form(v) is not MISSING for v in value):
        return ", ".join(str(v) for v in value)
    return MISSING


def ints_json(value: Any) -> Any:
    """Parse ``"0, 1"``; raise ``ValueError`` naming the bad part."""
    if not value or not str(value).strip():
        return MISSING
    out = []
    for part in str(value).split(","):
        if part.strip():
            if not INTEGER.fullmatch(part.strip()):
                raise ValueError(part.strip())
            out.append(int(part))
    return out or MISSING


def range_form(value: Any) -> Any:
    """``2`` → ``"2"``, ``[1, 2]`` → ``"1-2"`` (how many modes are chosen)."""
    if integer_form(value) is not MISSING and value >= 0:
        return str(value)
    if isinstance(value, list) and len(value) == 2 and all(integer_form(v) is not MISSING and v >= 0 for v in value):
        return f"{value[0]}-{value[1]}"
    return MISSING


def range_json(value: Any) -> Any:
    text = str(value or "").replace(" ", "")
    if not text:
        return MISSING
    low, dash, high = text.partition("-")
    if not low.isdigit() or (dash and not high.isdigit()):
        raise ValueError(text)
    return [int(low), int(high)] if dash else int(low)


def blank_text_form(value: Any) -> Any:
    """``""`` (given, but empty: a mana cost of nothing, a tracked empty pool) → ``True``."""
    return True if value == "" else MISSING


def blank_text_json(value: Any) -> Any:
    return "" if value is True else MISSING


def empty_object_form(value: Any) -> Any:
    """``{}`` (an object with no condition: "any permanent") → ``True``."""
    return True if isinstance(value, Mapping) and not value else MISSING


def empty_object_json(value: Any) -> Any:
    return {} if value is True else MISSING


def _plain_id(value: Any) -> bool:
    return text_form(value) is not MISSING and not any(c in value for c in ":,; ")


def map_form(value: Any) -> Any:
    """``{"ogre": "jace"}`` → ``"ogre: jace"`` (an attacker and the planeswalker it attacks)."""
    if not isinstance(value, Mapping) or not value or not all(_plain_id(k) and _plain_id(v) for k, v in value.items()):
        return MISSING
    return ", ".join(f"{key}: {item}" for key, item in value.items())


def map_json(value: Any) -> Any:
    """Parse ``"a: b, c: d"``; raise ``ValueError`` naming the bad part."""
    pairs = pairs_json(value, ("k", "v"))
    if pairs is MISSING:
        return MISSING
    out = {pair["k"]: pair["v"] for pair in pairs}
    if len(out) < len(pairs):
        raise ValueError(str(value))
    return out


def map_lists_form(value: Any) -> Any:
    """``{"wurm": ["b1", "b2"], "0": ["x"]}`` → ``"wurm: b1 b2, 0: x"`` (ids per key)."""
    if not isinstance(value, Mapping) or not value:
        return MISSING
    parts = []
    for key, items in value.items():
        if not _plain_id(key) or not isinstance(items, list) or not items or not all(_plain_id(i) for i in items):
            return MISSING
        parts.append(f"{key}: {' '.join(items)}")
    return ", ".join(parts)


def map_lists_json(value: Any) -> Any:
    """Parse ``"wurm: b1 b2, 0: x"``; raise ``ValueError`` naming the bad part."""
    if not value or not str(value).strip():
        return MISSING
    out: dict[str, list[str]] = {}
    for part in str(value).split(","):
        if not part.strip():
            continue
        key, sep, items = part.partition(":")
        if not sep or not key.strip() or not items.split() or key.strip() in out:
            raise ValueError(part.strip())
        out[key.strip()] = items.split()
    return out or MISSING


def groups_form(value: Any) -> Any:
    """``[["fire"], ["fire", "water"]]`` → ``"fire; fire, water"`` (lists of words)."""
    if not isinstance(value, list) or not value:
        return MISSING
    shown = [words_form(group) for group in value]
    return MISSING if any(group is MISSING or ";" in group for group in shown) else "; ".join(shown)


def groups_json(value: Any) -> Any:
    if not value or not str(value).strip():
        return MISSING
    groups = [words_json(part) for part in str(value).split(";") if part.strip()]
    if any(group is MISSING for group in groups):
        raise ValueError(str(value))
    return groups or MISSING


@dataclass(frozen=True)
class Part:
    """One input of a compound field (a FILTER's ``types``, a cascade trigger's ``cast``)."""

    key: str
    kind: str
    """``text``, ``words``, ``int``, ``flag``, ``yesno`` or ``choice``."""
    label: Any
    choices: tuple[Any, ...] = ()
    labels: Mapping[Any, Any] = dc_field(default_factory=dict)
    main: bool = True
    """Shown at once; otherwise folded away unless filled in."""

    def to_form(self, value: Any) -> Any:
        if self.kind == "choice" and text_form(value) is MISSING:
            return MISSING
        to_form, to_json = CONVERTERS[self.kind]
        form_value = to_form(value)
        return form_value if form_value is not MISSING and same(to_json(form_value), value) else MISSING

    def to_json(self, value: Any) -> Any:
        return CONVERTERS[self.kind][1](value)


def record_form(value: Any, parts: Sequence[Part]) -> Any:
    """Return ``value`` (a non-empty object) when every key of it is a part that can show it, else ``MISSING``."""
    if not isinstance(value, Mapping) or not value:
        return MISSING
    by_key = {part.key: part for part in parts}
    if any(key not in by_key or by_key[key].to_form(item) is MISSING for key, item in value.items()):
        return MISSING
    return dict(value)


def record_values(value: Any, parts: Sequence[Part]) -> list[Any]:
    """Return the part values (form values) of a record, ``None`` for a part it lacks."""
    value = value if isinstance(value, Mapping) else {}
    out = []
    for part in parts:
        shown = part.to_form(value[part.key]) if part.key in value else MISSING
        out.append(None if shown is MISSING else shown)
    return out


def record_json(values: Sequence[Any], parts: Sequence[Part]) -> dict[str, Any]:
    """Return the record the part values give (parts left blank are left out); raise
    ``ValueError(label)`` for a part that cannot be read."""
    out: dict[str, Any] = {}
    for part, value in zip(parts, values):
        try:
            item = part.to_json(value)
        except ValueError:
            raise ValueError(part.label) from None
        if item is not MISSING:
            out[part.key] = item
    return out


def slots_form(value: Any, parts: Sequence[Part], count: int) -> Any:
    """Return ``value`` (a list of at most ``count`` records) when each record fits, else ``MISSING``."""
    if not isinstance(value, list) or not value or len(value) > count:
        return MISSING
    return list(value) if all(record_form(item, parts) is not MISSING for item in value) else MISSING


def _json_value(value: Any) -> Any:
    return MISSING if value is None or value == {} or value == [] or value == "" else value


CONVERTERS: dict[str, tuple[Callable[[Any], Any], Callable[[Any], Any]]] = {
    "text": (text_form, blank_is_missing),
    "longtext": (text_form, blank_is_missing),
    "int": (integer_form, blank_is_missing),
    "choice": (text_form, blank_is_missing),
    "flag": (flag_form, blank_is_missing),
    "yesno": (yes_no_form, yes_no_json),
    "ref": (text_form, blank_is_missing),
    "refs": (ids_form, blank_is_missing),
    "words": (words_form, words_json),
    "counts": (counts_form, counts_json),
    "json": (json_form, lambda value: MISSING if value is None else value),
    "index": (index_or_id_form, index_or_id_json),
    "amount": (amount_form, amount_json),
    "ints": (ints_form, ints_json),
    "range": (range_form, range_json),
    "owner": (text_form, blank_is_missing),
    "blankstr": (blank_text_form, blank_text_json),
    "emptyobj": (empty_object_form, empty_object_json),
    "map": (map_form, map_json),
    "maplists": (map_lists_form, map_lists_json),
    "groups": (groups_form, groups_json),
}
"""Field kind → (document → form, form → document)."""


@dataclass(frozen=True)
class Spec:
    """One form field and the document key it holds."""

    key: str
    """The key in the document item (``outer.inner`` for a key of a nested object; or the
    last part of a setup path)."""
    name: str
    """The form field's name (unique within its row)."""
    kind: str
    """A key of :data:`CONVERTERS`: how the value is shown and typed."""
    label: Any
    choices: tuple[Any, ...] = ()
    """For ``choice``: the values offered."""
    labels: Mapping[Any, Any] = dc_field(default_factory=dict)
    """For ``choice``: value → label."""
    required: bool = False
    help: Any = ""
    main: bool = True
    """Shown in the row's main grid; otherwise folded away unless filled in."""
    blank: Any = "—"
    """For ``choice``: the label of the blank choice (``None``: no blank)."""
    players: bool = False
    """For ``ref``/``refs``: players can be picked too (an attack on a player)."""
    min_value: int | None = None
    max_value: int | None = None
    path: tuple[str, ...] = ()
    """For setup fields: where the value is (``("turn", "phase")``, ``("players", "p1", "life")``)."""
    initial: Any = None
    empty: Any = MISSING
    """The document value of a blank field when the source had the key (``{}`` for a will pool)."""
    allow: str = ""
    """For ``ref``/``refs``: a pattern of other values the picker accepts (``chase:\\d+``)."""
    attrs: Mapping[str, str] = dc_field(default_factory=dict)
    """Extra widget attributes (``{"list": "card-names"}`` for an autocomplete)."""
    parts: tuple[Part, ...] = ()
    """For ``record`` (an object such as a FILTER) and ``slots`` (a short list of them): the inputs."""
    count: int = 0
    """For ``slots``: how many records the field offers."""

    def to_form(self, value: Any) -> Any:
        """Return the form value for ``value``, or ``MISSING`` when it would not come back unchanged."""
        if self.empty is not MISSING and same(value, self.empty):
            return ""
        if self.kind == "record":
            return record_form(value, self.parts)
        if self.kind == "slots":
            return slots_form(value, self.parts, self.count)
        if self.kind == "choice" and value not in self.choices and text_form(value) is MISSING:
            return MISSING  # a word the form does not list yet (a newer engine's) is still shown and kept
        if self.kind == "pairs":
            form_value = pairs_form(value, self.choices)
            return form_value if form_value is not MISSING and same(self.to_json(form_value), value) else MISSING
        to_form, to_json = CONVERTERS[self.kind]
        form_value = to_form(value)
        if form_value is MISSING or not same(to_json(form_value), value):
            return MISSING
        return form_value

    def to_json(self, value: Any) -> Any:
        """Return the document value of form value ``value``, or ``MISSING`` to leave the key out."""
        if self.kind == "pairs":
            return pairs_json(value, self.choices)
        if self.kind in ("record", "slots"):
            return _json_value(value)
        return CONVERTERS[self.kind][1](value)


@dataclass(frozen=True, eq=False)
class Section:
    """A top-level list of the document edited as rows (``objects`` as card rows)."""

    prefix: str
    """The formset prefix (``cards``)."""
    key: str
    """The document key (``objects``)."""
    fields: tuple[Spec, ...]
    title: Any
    intro: Any
    add_label: Any
    row_label: Any
    switch: str = ""
    """The field whose value decides which other fields the row uses (``type``)."""
    uses: Mapping[str, str] = dc_field(default_factory=dict)
    """Switch value → the names of the fields it uses, space-separated."""
    needs: Mapping[str, Mapping[str, Any]] = dc_field(default_factory=dict)
    """Switch value → {field name: error message} for fields that value requires."""
    card_ids: bool = False
    """Rows are the cards: a blank ``id`` gets ``c1``, ``c2``… and names feed the card pickers."""
    extra_rows: int = 1
    """Blank rows offered on an empty board."""
    mark: str = ""
    """For a section of owned rows (its ``key`` is ``""``): what joins a row's owner and its
    index into the row's own path (``#``: ``c1#0`` is card ``c1``'s first ability)."""
    details: Mapping[str, tuple[str, Mapping[str, str]]] = dc_field(default_factory=dict)
    """Switch value → (another field, {its value: the fields it adds}): the fields of the event
    a triggered ability or a replacement names (Magic: from the registry's trigger and replaced
    events)."""
    store: tuple[str, ...] = ()
    """For a section of rows kept in an object of the document (``("options", "choices")``):
    where; each row is one ``"kind:subject": value`` entry of it."""
    players: tuple[str, ...] = PLAYERS
    """The player ids its player pickers offer (Magic: up to six, CR 800.1)."""
    seats: bool = False
    """The rows are the players after ``p1`` and ``p2`` (a multiplayer Magic game): the
    document's ``players`` in seat order, which is the turn order (CR 800.5); the setup field
    ``seat_order`` reorders them."""

    @property
    def owned(self) -> bool:
        """Whether the rows are items of lists inside other rows (abilities of a card…)."""
        return bool(self.mark)


@dataclass(frozen=True)
class ChildList:
    """A list inside the items of one section whose items are the rows of another: a card's
    ``abilities``, an ability's ``effects``. A row of ``section`` names its list with its
    ``owner``: the holder's path (``c1``, ``c1#0``) followed by ``tag`` (``.j_ruler``)."""

    holder: str
    """The prefix of the section whose items hold the list."""
    key: tuple[str, ...]
    """Where the list is in a holder item (``("j_ruler", "abilities")``)."""
    section: str
    """The prefix of the owned section whose rows are the list's items."""
    tag: str = ""
    kind: str = ""
    """A ``kind`` the rows show although their items have none (``mode``: the modes of a modal spell)."""
    label: Any = ""
    """How the owner picker names this list (“J-ruler side”)."""


@dataclass(frozen=True, eq=False)
class GameSpec:
    """A game's whole board form."""

    game: str
    title: Any
    setup: tuple[Spec, ...]
    sections: tuple[Section, ...]
    default_ruleset: str
    omittable: tuple[str, ...] = ("options", "chain", "pending", "effects", "actions")
    """Top-level keys always written; ``setup["omit"]`` names those the source left out."""
    children: tuple[ChildList, ...] = ()
    players: tuple[str, ...] = PLAYERS
    """The player ids the setup's player pickers offer."""

    def section(self, prefix: str) -> Section:
        return next(section for section in self.sections if section.prefix == prefix)

    def lists_of(self, holder: str) -> tuple[ChildList, ...]:
        """Return the child lists the items of section ``holder`` may have."""
        return tuple(child for child in self.children if child.holder == holder)


# ----------------------------------------------------------------------------- rows

def _parts(key: str) -> list[str]:
    return key.split(".")


def _holder(item: Any, parts: Sequence[str]) -> Any:
    """Return the object at ``parts`` inside ``item``, or ``None`` when it is not an object there."""
    for part in parts:
        if not isinstance(item, Mapping) or part not in item:
            return None
        item = item[part]
    return item if isinstance(item, Mapping) else None


def _without(item: Mapping[str, Any], parts: Sequence[str]) -> dict[str, Any]:
    """Return a copy of ``item`` without the key at ``parts``; an object left empty by it goes too."""
    out = dict(item)
    if len(parts) == 1:
        out.pop(parts[0], None)
        return out
    inner = _without(out[parts[0]], parts[1:])
    if inner:
        out[parts[0]] = inner
    else:
        del out[parts[0]]
    return out


def put(document: dict[str, Any], parts: Sequence[str], value: Any) -> bool:
    """Set the key at ``parts`` (making the objects on the way); an object value is merged
    with one already there (the keys there win). Return ``False`` when another value is there."""
    holder = document
    for part in parts[:-1]:
        inner = holder.setdefault(part, {})
        if not isinstance(inner, dict):
            return False
        holder = inner
    leaf = parts[-1]
    if leaf not in holder:
        holder[leaf] = value
        return True
    if isinstance(value, dict) and isinstance(holder[leaf], dict):
        holder[leaf] = merge_extra(holder[leaf], value)
        return True
    return False


def fields_to_form(item: Mapping[str, Any], fields: Iterable[Spec]) -> tuple[Row, dict[str, Any]]:
    """Split ``item`` into form values and the keys the fields cannot hold.

    A field's key may be nested (``trigger.filter``); the fields of deeper keys take their part
    first (``cost.rest`` before the will ``cost``), and an object emptied by them goes. A field
    with an ``empty`` value whose key it does not take is named in ``row["absent"]``, so that
    the blank field leaves the key out again.
    """
    row: Row = {}
    rest: dict[str, Any] = dict(item)
    absent = []
    for spec in sorted(fields, key=lambda spec: -spec.key.count(".")):
        parts = _parts(spec.key)
        holder = _holder(rest, parts[:-1])
        value = spec.to_form(holder[parts[-1]]) if holder is not None and parts[-1] in holder else MISSING
        if value is not MISSING:
            row[spec.name] = value
            rest = _without(rest, parts)
        elif spec.empty is not MISSING:
            absent.append(spec.name)
    if absent:
        row["absent"] = " ".join(name for name in (s.name for s in fields) if name in absent)
    return row, rest


def fields_to_json(row: Mapping[str, Any], fields: Iterable[Spec]) -> dict[str, Any]:
    """Return the document keys that ``row``'s filled-in fields give, in field order."""
    out: dict[str, Any] = {}
    absent = set(str(row.get("absent") or "").split())
    for spec in fields:
        value = spec.to_json(row.get(spec.name))
        if value is MISSING and spec.empty is not MISSING and spec.name not in absent:
            value = spec.empty
        if value is not MISSING:
            put(out, _parts(spec.key), value)
    return out


def merge_extra(document: dict[str, Any], extra: Mapping[str, Any] | None) -> dict[str, Any]:
    """Add the keys of ``extra`` that ``document`` does not already give (the fields win;
    objects on both sides are merged key by key)."""
    for key, value in (extra or {}).items():
        if key not in document:
            document[key] = copy.deepcopy(value)
        elif isinstance(document[key], dict) and isinstance(value, Mapping):
            merge_extra(document[key], value)
    return document


def extra_clashes(document: Mapping[str, Any], extra: Mapping[str, Any] | None, path: str = "") -> list[str]:
    """Return the keys (dotted) that both ``document`` and ``extra`` give, other than objects
    merged key by key: :func:`merge_extra` would keep the field's value and drop the other."""
    out = []
    for key, value in (extra or {}).items():
        if key not in document:
            continue
        if isinstance(document[key], dict) and isinstance(value, Mapping):
            out += extra_clashes(document[key], value, f"{path}{key}.")
        else:
            out.append(f"{path}{key}")
    return out


def row_to_form(item: Mapping[str, Any], section: Section) -> Row:
    """Return the row of one list item: its fields, and ``extra`` for the keys they cannot hold.

    An empty list at the key of a list field (``"supertypes": []``) is named in
    ``row["lists"]``, which gives it back.
    """
    row, rest = fields_to_form(item, _used_first(item, section))
    empty = []
    for spec in section.fields:
        parts = _parts(spec.key)
        holder = _holder(rest, parts[:-1])
        if spec.kind in ("words", "refs") and holder is not None and holder.get(parts[-1], None) == []:
            rest = _without(rest, parts)
            empty.append(spec.key)
    row["extra"] = rest or None
    row.setdefault("absent", "")
    row["lists"] = " ".join(empty)
    return row


def _used_first(item: Mapping[str, Any], section: Section) -> list[Spec]:
    """Return the section's fields, those the item's switch value (and its event, ``details``)
    uses first: of two fields of one key (a control change's player, a text change's word), the
    item's own takes its value."""
    switch = next((spec for spec in section.fields if spec.name == section.switch), None) if section.switch else None
    if switch is None:
        return list(section.fields)
    value = str(item.get(switch.key, ""))
    used = set(section.uses.get(value, "").split())
    if value in section.details:  # and those of its event (a trigger's, a replacement's)
        other, adds = section.details[value]
        key = next((spec.key for spec in section.fields if spec.name == other), "")
        event = _holder(item, _parts(key)[:-1]) if key else None
        used |= set(adds.get(str((event or {}).get(_parts(key)[-1], "")), "").split())
    return sorted(section.fields, key=lambda spec: spec.name not in used)


def row_to_json(row: Mapping[str, Any], section: Section, card_id: str | None = None) -> dict[str, Any]:
    """Return the list item a row describes (``card_id`` fills a blank ``id`` of a card row)."""
    item = fields_to_json(row, section.fields)
    if card_id is not None:
        item = {"id": card_id} | {k: v for k, v in item.items() if k != "id"}
    return merge_extra(item, row.get("extra"))


def posted_total(data: Mapping[str, Any], prefix: str) -> int:
    """Return a formset's posted ``TOTAL_FORMS`` (0 when missing or not a number, at most 2,000)."""
    try:
        return max(0, min(int(data.get(f"{prefix}-TOTAL_FORMS", 0)), 2_000))
    except (TypeError, ValueError):
        return 0


def posted_card_ids(data: Mapping[str, Any], prefix: str = "cards") -> list[str] | None:
    """Return the id of each posted card row (a blank id given as the builder would,
    :func:`assign_card_ids`), or ``None`` when the row count is not a number."""
    try:
        total = min(int(data.get(f"{prefix}-TOTAL_FORMS", 0)), 2_000)
    except (TypeError, ValueError):
        return None
    return assign_card_ids([str(data.get(f"{prefix}-{index}-id", "")).strip() for index in range(total)])


ACTING_CARD_FIELDS = ("card", "source")
"""The fields of a "Then" step that name the card acting (a spell cast or played, an ability's source)."""
PRIORITY_ONLY_STEPS = frozenset({"pass"})
"""The "Then" steps taken by whoever holds priority, not by a card's controller."""
OTHER_PLAYER = {"p1": "p2", "p2": "p1"}
"""Who gets priority after a two-player pass; with more seats a pass's player must be picked."""


def default_step_players(data: Any, *, actor_keeps_priority: bool = True, steps: str = "after", cards: str = "cards") -> Any:
    """Return POST ``data`` with the blank player of each "Then" step given as a judge means it.

    A step that names a card (``card`` or ``source``: a spell cast or played, an ability's source)
    is taken by that card's controller (its owner when no controller is given): a spell is cast by
    the player who controls it (CR 601.2, FoW 7.3). A pass is made by the player who holds
    priority: with ``actor_keeps_priority`` (Magic) the player of the step before it, who
    receives priority again after casting or activating (CR 117.3c); without it (Force of Will)
    that player's opponent, who receives priority once a card or ability is played (FoW 6.4); the
    other player after a pass (CR 117.3d, FoW 6.4); the turn player for the first step (CR 117.3a,
    FoW 6.1). A step whose card names no card
    row, or whose type is not chosen, is left as posted (its "Pick who …" error stays). ``data``
    is not changed; a copy is returned when anything is given."""
    total = posted_total(data, steps)
    ids = posted_card_ids(data, cards)
    if not total or ids is None:
        return data
    controllers = {}
    for index, card_id in enumerate(ids):
        key = f"{cards}-{index}"
        if str(data.get(f"{key}-name", "")).strip():
            controllers[card_id] = str(data.get(f"{key}-controller") or data.get(f"{key}-owner") or "").strip()
    filled = None
    previous = str(data.get("setup-active", "") or "").strip()
    for index in range(total):
        key = f"{steps}-{index}"
        player = str(data.get(f"{key}-player", "") or "").strip()
        kind = str(data.get(f"{key}-type", "") or "").strip()
        if not player and kind:
            if kind in PRIORITY_ONLY_STEPS:
                player = previous
            else:
                acting = next((str(data.get(f"{key}-{name}", "") or "").strip() for name in ACTING_CARD_FIELDS
                               if str(data.get(f"{key}-{name}", "") or "").strip()), "")
                player = controllers.get(re.split(r"[#.@/]", acting)[0], "") if acting else ""
            if player:
                filled = filled if filled is not None else data.copy()
                filled[f"{key}-player"] = player
        # After a pass the other player holds priority (CR 117.3d, FoW 6.4); after anything else the
        # same one in Magic (CR 117.3c), the opponent in Force of Will (FoW 6.4).
        passes = kind in PRIORITY_ONLY_STEPS or not actor_keeps_priority
        previous = (OTHER_PLAYER.get(player, "") if passes else player) or previous
    return filled if filled is not None else data


def add_owned_rows(filled: Any, rows: Mapping[str, Sequence[Mapping[str, Any]]], card_id: str, placeholder: str) -> None:
    """Append ``rows`` (``{section prefix: [{field: posted value}]}``, owned by ``placeholder``) to
    POST ``filled`` after the rows already posted, with ``card_id`` in the placeholder's place."""
    for section_prefix, section_rows in rows.items():
        start = posted_total(filled, section_prefix)
        for offset, row in enumerate(section_rows):
            for name, value in row.items():
                field = f"{section_prefix}-{start + offset}-{name}"
                values = [str(v).replace(placeholder, card_id) for v in (value if isinstance(value, list) else [value])]
                if hasattr(filled, "setlist"):
                    filled.setlist(field, values)
                else:
                    filled[field] = values if isinstance(value, list) else values[0]
        filled[f"{section_prefix}-TOTAL_FORMS"] = str(start + len(section_rows))
        filled.setdefault(f"{section_prefix}-INITIAL_FORMS", "0")


def assign_card_ids(ids: Sequence[str]) -> list[str]:
    """Return ``ids`` with each blank one replaced by the next free ``c1``, ``c2``, …

    >>> assign_card_ids(["", "c1", "x", ""])
    ['c2', 'c1', 'x', 'c3']
    """
    taken = {card_id for card_id in ids if card_id}
    counter = 0
    out = []
    for card_id in ids:
        if not card_id:
            counter += 1
            while f"c{counter}" in taken:
                counter += 1
            card_id = f"c{counter}"
            taken.add(card_id)
        out.append(card_id)
    return out


# ----------------------------------------------------------------------------- setup paths

def _player_index(players: Any, player_id: str) -> int | None:
    for index, player in enumerate(players if isinstance(players, list) else ()):
        if isinstance(player, Mapping) and player.get("id") == player_id:
            return index
    return None


def _get(document: Mapping[str, Any], path: Sequence[str]) -> Any:
    """Return the value at a setup path, or ``MISSING``."""
    value: Any = document
    for depth, part in enumerate(path):
        if depth == 1 and path[0] == "players":
            index = _player_index(value, part)
            if index is None:
                return MISSING
            value = value[index]
            continue
        if not isinstance(value, Mapping) or part not in value:
            return MISSING
        value = value[part]
    return value


def _pop(document: dict[str, Any], path: Sequence[str]) -> None:
    """Remove the value at a setup path from ``document`` (a deep copy); an object it leaves
    empty below the top level (``turn.battle``) goes too."""
    holders: list[Any] = [document]
    for depth, part in enumerate(path[:-1]):
        holder = holders[-1]
        holders.append(holder[_player_index(holder, part)] if depth == 1 and path[0] == "players" else holder[part])
    del holders[-1][path[-1]]
    if path[0] == "players":
        return
    for depth in range(len(path) - 1, 1, -1):
        if holders[depth] == {}:
            del holders[depth - 1][path[depth - 1]]


# ----------------------------------------------------------------------------- owned rows

def row_paths(spec: GameSpec, data: Mapping[str, Sequence[Mapping[str, Any]]]) -> dict[str, list[str]]:
    """Return the path of every row: a card's id (blank ids filled in), ``effects:2`` for
    another top-level row (numbered from 1), and for an owned row its owner, the section's
    mark and its index among the rows of that owner (``c1#0``, ``c1#0/1``)."""
    paths: dict[str, list[str]] = {}
    for section in spec.sections:
        rows = data.get(section.prefix) or []
        if section.card_ids:
            paths[section.prefix] = assign_card_ids([str(row.get("id") or "") for row in rows])
        elif section.owned:
            counts: dict[str, int] = {}
            out = []
            for row in rows:
                owner = str(row.get("owner") or "")
                out.append(f"{owner}{section.mark}{counts.get(owner, 0)}")
                counts[owner] = counts.get(owner, 0) + 1
            paths[section.prefix] = out
        else:
            paths[section.prefix] = [f"{section.prefix}:{index + 1}" for index in range(len(rows))]
    return paths


def owners(spec: GameSpec, paths: Mapping[str, Sequence[str]]) -> dict[tuple[str, str], tuple[str, str, ChildList]]:
    """Return ``{(owner, owned section prefix): (holder section prefix, holder path, child list)}``."""
    out = {}
    for prefix, holder_paths in paths.items():
        for child in spec.lists_of(prefix):
            for path in holder_paths:
                out.setdefault((path + child.tag, child.section), (prefix, path, child))
    return out


def _split(spec: GameSpec, prefix: str, item: Mapping[str, Any], path: str, out: dict[str, list[Any]]) -> tuple[dict[str, Any], str]:
    """Return ``item`` without the child lists its section's rows own (their items become rows
    of ``out``, in order) and the keys of the empty ones among them (``"abilities"``)."""
    rest = dict(item)
    empty = []
    for child in spec.lists_of(prefix):
        holder = _holder(rest, child.key[:-1])
        items = holder.get(child.key[-1], MISSING) if holder is not None else MISSING
        if not isinstance(items, list) or not all(isinstance(sub, Mapping) for sub in items):
            continue
        if child.kind and any("kind" in sub for sub in items):
            continue
        rest = _without(rest, child.key)
        if not items:
            empty.append(".".join(child.key))
        section = spec.section(child.section)
        owner = path + child.tag
        for index, sub in enumerate(items):
            place = len(out[section.prefix])
            out[section.prefix].append(None)  # the row's place, before the rows of its own lists
            sub_rest, sub_empty = _split(spec, section.prefix, sub, f"{owner}{section.mark}{index}", out)
            row = row_to_form(sub_rest, section)
            if child.kind:
                row["kind"] = child.kind
            row["owner"] = owner
            row["lists"] = " ".join(filter(None, (row["lists"], sub_empty)))
            out[section.prefix][place] = row
    return rest, " ".join(empty)


def _store_rows(section: Section, value: Any) -> list[Row] | None:
    """Return the rows of a ``store`` object (``{"legend:p1:Name": "t1"}``), or ``None``."""
    if not isinstance(value, Mapping) or not value:
        return None
    rows = []
    kinds = dict(section.uses)
    for key, item in value.items():
        kind, colon, subject = str(key).partition(":")
        row = {"kind": kind, "subject": subject if colon else "", "colon": "yes" if colon else "", "extra": None}
        shown = Spec("value", "value", kinds[kind], "").to_form(item) if kind in kinds else MISSING
        if shown is MISSING:
            row["extra"] = {"value": item}
        else:
            row["value"] = shown
        rows.append(row)
    return rows


def store_entry(section: Section, row: Mapping[str, Any]) -> tuple[str, Any]:
    """Return the ``(key, value)`` of one ``store`` row; raise ``ValueError`` for a value its kind cannot read."""
    kind, subject = str(row.get("kind") or ""), str(row.get("subject") or "")
    key = f"{kind}:{subject}" if subject or row.get("colon") else kind
    converter = dict(section.uses).get(kind)
    value = Spec("value", "value", converter, "").to_json(row.get("value")) if converter else MISSING
    if converter == "int" and isinstance(value, str) and value.strip().lstrip("-").isdigit():
        value = int(value)  # the row's value box is text: a number choice (a split card's half) is read as one
    if value is MISSING:
        value = (row.get("extra") or {}).get("value", MISSING)
    return key, value


def scenario_to_initial(spec: GameSpec, scenario: Mapping[str, Any]) -> BoardData:
    """Return the board form's data for ``scenario``; the inverse of :func:`initial_to_scenario`.

    Shape: ``{"setup": {field name: value, "extra": {...} | None, "omit": "key key"},
    <section prefix>: [row], …}`` where each row is ``{field name: value, "extra": {...} |
    None}``. ``setup["extra"]`` holds what the setup fields and sections cannot: other
    top-level keys, ``turn``/``options`` keys without a field, and the other keys of each
    player as ``{"players": {"p1": {...}}}``. The items of the lists the spec's
    :class:`ChildList` name (a card's abilities, their effects) are rows of their own
    sections, each naming its ``owner``; ``lists`` names the empty lists of a row.
    """
    scenario, seat_order = _seated(spec, scenario)
    rest: dict[str, Any] = copy.deepcopy(dict(scenario))
    setup: Row = {"seat_order": seat_order} if seat_order else {}
    absent = []
    for field_spec in spec.setup:
        if not field_spec.path:
            continue  # a field of the form alone (the seat order), set above
        value = _get(scenario, field_spec.path)
        form_value = field_spec.to_form(value) if value is not MISSING else MISSING
        if form_value is not MISSING:
            setup[field_spec.name] = form_value
            _pop(rest, field_spec.path)
        elif field_spec.empty is not MISSING:
            absent.append(field_spec.name)
    data: BoardData = {section.prefix: [] for section in spec.sections}
    for section in spec.sections:
        if section.store:
            rows = _store_rows(section, _get(scenario, section.store))
            if rows is not None:
                data[section.prefix] = rows
                _pop(rest, section.store)
            continue
        items = scenario.get(section.key) if section.key else None
        if not isinstance(items, list) or not all(isinstance(item, Mapping) for item in items):
            continue
        ids = assign_card_ids([str(item.get("id") or "") for item in items]) if section.card_ids else [None] * len(items)
        for index, (item, card_id) in enumerate(zip(items, ids)):
            item_rest, empty = _split(spec, section.prefix, item, card_id or f"{section.prefix}:{index + 1}", data)
            row = row_to_form(item_rest, section)
            row["lists"] = " ".join(filter(None, (row["lists"], empty)))
            data[section.prefix].append(row)
        rest.pop(section.key, None)
    for key in ("format", "game"):
        rest.pop(key, None)
    for key in ("turn", "options"):
        if rest.get(key) == {} and key in scenario:
            del rest[key]
    players = rest.pop("players", None)
    if isinstance(players, list) and [p.get("id") for p in players if isinstance(p, Mapping)] == list(PLAYERS) and len(players) == 2:
        leftover = {p["id"]: {k: v for k, v in p.items() if k != "id"} for p in players}
        leftover = {pid: keys for pid, keys in leftover.items() if keys}
        if leftover:
            rest["players"] = leftover
    elif players is not None:
        rest["players_list"] = players
    setup["extra"] = rest or None
    setup["absent"] = " ".join(absent)
    omitted = [key for key in spec.omittable if key not in scenario]
    if "turn" not in scenario:
        omitted.append("turn")
    setup["omit"] = " ".join(omitted)
    return {"setup": setup} | data


def _seated(spec: GameSpec, scenario: Mapping[str, Any]) -> tuple[Mapping[str, Any], str]:
    """``scenario`` with the players after ``p1`` and ``p2`` moved to the rows of the spec's
    ``seats`` section, and the seat order when it is not p1, p2 then the rows (``""``)."""
    seats = next((section for section in spec.sections if section.seats), None)
    players = scenario.get("players")
    if seats is None or not isinstance(players, list) or len(players) <= 2 \
            or not all(isinstance(p, Mapping) and isinstance(p.get("id"), str) for p in players):
        return scenario, ""
    ids = [p["id"] for p in players]
    if len(set(ids)) != len(ids) or not set(PLAYERS) <= set(ids):
        return scenario, ""
    first = [p for p in players if p["id"] in PLAYERS]
    first.sort(key=lambda p: PLAYERS.index(p["id"]))
    others = [p for p in players if p["id"] not in PLAYERS]
    default = [*PLAYERS, *(p["id"] for p in others)]
    return {**scenario, "players": first, seats.key: others}, (", ".join(ids) if ids != default else "")


def _seat_players(players: list[Any], order: Any) -> list[Any]:
    """``players`` in the seat order given (``"p1, p3, p2"``: ids; those not named keep their place after)."""
    wanted = [pid for pid in re.split(r"[,\s]+", str(order or "")) if pid]
    rank = {pid: i for i, pid in enumerate(wanted)}
    if len(players) <= 2:
        return players
    return sorted(players, key=lambda p: (rank.get(p.get("id") if isinstance(p, Mapping) else None, len(rank)),
                                          players.index(p)))


def initial_to_scenario(spec: GameSpec, data: BoardData) -> dict[str, Any]:
    """Return the scenario document (format 1) that board-form ``data`` describes.

    ``data`` has the shape :func:`scenario_to_initial` returns (the forms' cleaned data fits
    it). Blank card ids become ``c1``, ``c2``… in row order; an owned row goes at the end of
    its owner's list (a row whose owner is not on the board is left out: the form says so).
    The document is not validated here: the engine does that.
    """
    return build(spec, data)[0]


def build(spec: GameSpec, data: BoardData) -> tuple[dict[str, Any], dict[str, tuple[str, int]]]:
    """Return the document of :func:`initial_to_scenario` and where each row went:
    ``{"objects[0].abilities[1]": (section prefix, row index)}``."""
    setup = data.get("setup") or {}
    extra = dict(setup.get("extra") or {})
    omit = set((setup.get("omit") or "").split())
    scenario: dict[str, Any] = {"format": "1", "game": spec.game, "ruleset": spec.default_ruleset, "options": {}}
    player_rows: dict[str, dict[str, Any]] = {pid: {"id": pid} for pid in PLAYERS}
    scenario["players"] = list(player_rows.values())
    scenario["turn"] = {}
    paths = row_paths(spec, data)
    holders: dict[str, tuple[str, dict[str, Any], Mapping[str, Any]]] = {}
    places: dict[str, tuple[str, int]] = {}
    where: dict[str, str] = {}
    owned = []
    for section in spec.sections:
        rows = data.get(section.prefix) or []
        if section.store:
            entries = dict(store_entry(section, row) for row in rows)
            if rows:
                put(scenario, list(section.store), {key: value for key, value in entries.items() if value is not MISSING})
            continue
        items = [row_to_json(row, section, card_id if section.card_ids else None) for row, card_id in zip(rows, paths[section.prefix])]
        for index, (row, item, path) in enumerate(zip(rows, items, paths[section.prefix])):
            holders[path] = (section.prefix, item, row)
            if section.owned:
                owned.append((section, index, str(row.get("owner") or ""), path, item))
            else:
                where[path] = f"{section.key}[{index}]"
                places[where[path]] = (section.prefix, index)
        if not section.owned:
            scenario[section.key] = items
    owner_of = owners(spec, paths)
    parent: dict[str, tuple[str, str, int]] = {}
    for section, index, owner, path, item in owned:
        found = owner_of.get((owner, section.prefix))
        if found is None:
            continue
        _prefix, holder_path, child = found
        if child.kind and item.get("kind") == child.kind:
            del item["kind"]
        holder = holders[holder_path][1]
        if not put(holder, list(child.key), [item]):
            target = _holder(holder, child.key[:-1])
            if target is None or not isinstance(target.get(child.key[-1]), list):
                continue
            target[child.key[-1]].append(item)
        listed = _holder(holder, child.key[:-1])
        parent[path] = (holder_path, ".".join(child.key), len(listed[child.key[-1]]) - 1 if listed is not None else 0)
    for path, (prefix, item, row) in holders.items():
        for key in str(row.get("lists") or "").split():
            put(item, _parts(key), [])

    def doc_path(path: str) -> str | None:
        if path not in where and path in parent:
            holder_path, key, index = parent[path]
            above = doc_path(holder_path)
            where[path] = f"{above}.{key}[{index}]" if above else ""
        return where.get(path) or None

    for section, index, _owner, path, _item in owned:
        doc = doc_path(path) if path in parent else None
        if doc:
            places[doc] = (section.prefix, index)

    absent = set(str(setup.get("absent") or "").split())
    for field_spec in spec.setup:
        value = field_spec.to_json(setup.get(field_spec.name))
        if value is MISSING and field_spec.empty is not MISSING and field_spec.name not in absent:
            value = field_spec.empty
        if value is MISSING or not field_spec.path:
            continue
        path = field_spec.path
        holder = player_rows[path[1]] if path[0] == "players" else scenario
        keys = list(path[2:] if path[0] == "players" else path)
        if len(keys) == 1:
            holder[keys[0]] = value
        else:
            put(holder, keys, value)
    extra_players = extra.pop("players", None)
    if isinstance(extra_players, Mapping):
        for pid, keys in extra_players.items():
            if pid in player_rows and isinstance(keys, Mapping):
                merge_extra(player_rows[pid], keys)
    seats = next((section for section in spec.sections if section.seats), None)
    if seats is not None:
        rows = scenario.pop(seats.key, [])
        scenario["players"] = _seat_players(scenario["players"] + rows, setup.get("seat_order"))
        for index, player in enumerate(scenario["players"]):
            if any(player is row for row in rows):  # an error at players[i] goes to its row of More players
                places[f"players[{index}]"] = (seats.prefix, next(j for j, row in enumerate(rows) if row is player))
    if "players_list" in extra:
        scenario["players"] = extra.pop("players_list")
    for key, value in extra.items():
        if isinstance(value, Mapping) and isinstance(scenario.get(key), dict):
            merge_extra(scenario[key], value)
        else:
            scenario[key] = value
    for key in omit:
        if key in scenario and not scenario[key]:
            del scenario[key]
    return scenario, places


# ----------------------------------------------------------------------------- errors

@dataclass(frozen=True)
class ErrorPlace:
    """Where on a board form an engine error belongs."""

    section: str
    """``setup``, a section prefix, or ``""`` (the top of the form)."""
    row: int | None = None
    field: str | None = None
    """The form field name, or ``None`` for the row as a whole (or its ``extra``)."""
    key: str | None = None
    """The document key the error is about."""


def split_path(path: str) -> list[str | int]:
    """Return an engine error path as parts: ``chain[1].targets[0]`` → ``['chain', 1, 'targets', 0]``."""
    return [int(index) if index else name for name, index in _PATH_PART.findall(path)]


def _field_of(section: Section, rest: Sequence[str | int]) -> tuple[str | None, str | None]:
    """Return the field holding the key at ``rest`` (the deepest field key that starts it) and the key."""
    words: list[str] = []
    for part in rest:
        if not isinstance(part, str):
            break
        words.append(part)
    for depth in range(len(words), 0, -1):
        key = ".".join(words[:depth])
        name = next((f.name for f in section.fields if f.key == key), None)
        if name is not None:
            return name, words[0]
    return None, (words[0] if words else None)


def error_place(spec: GameSpec, path: str, places: Mapping[str, tuple[str, int]] | None = None) -> ErrorPlace:
    """Return where the error at engine ``path`` goes on ``spec``'s form.

    ``players[i].x``, ``turn.x``, ``options.x``, ``ruleset`` go to the setup field at that
    path (else the setup's ``extra``); ``<section key>[i].x…`` to row ``i`` and the field of
    key ``x`` (the deepest field key: ``trigger.filter``); a path inside an owned row
    (``objects[0].abilities[1].cost``, with ``places`` from :func:`build`) to that row;
    anything else to the top.
    """
    parts = split_path(path)
    if not parts:
        return ErrorPlace("")
    for doc in sorted(places or {}, key=len, reverse=True):
        if path == doc or path.startswith(doc + ".") or path.startswith(doc + "["):
            prefix, row = (places or {})[doc]
            section = spec.section(prefix)
            rest = split_path(path[len(doc):])
            if not rest:
                return ErrorPlace(prefix, row)
            name, key = _field_of(section, rest)
            return ErrorPlace(prefix, row, field=name, key=key)
    head, rest = parts[0], parts[1:]
    if head in ("players", "turn", "options", "ruleset"):
        wanted: tuple[str, ...]
        if head == "players" and rest and isinstance(rest[0], int) and rest[0] < len(PLAYERS):
            wanted = ("players", PLAYERS[rest[0]], str(rest[1])) if len(rest) > 1 else ()
        else:
            wanted = (str(head),) + ((str(rest[0]),) if rest and head != "ruleset" else ())
        for field_spec in spec.setup:
            if wanted and field_spec.path[:len(wanted)] == wanted:
                return ErrorPlace("setup", field=field_spec.name, key=wanted[-1])
        for section in spec.sections:
            if section.store and wanted and section.store[:len(wanted)] == wanted:
                return ErrorPlace(section.prefix)
        return ErrorPlace("setup", field="extra", key=str(head))
    section = next((s for s in spec.sections if s.key == head and s.key), None)
    if section is None or not rest or not isinstance(rest[0], int):
        return ErrorPlace("")
    row, rest = rest[0], rest[1:]
    if not rest or not isinstance(rest[0], str):
        return ErrorPlace(section.prefix, row)
    name, key = _field_of(section, rest)
    return ErrorPlace(section.prefix, row, field=name, key=key)


# ----------------------------------------------------------------------------- demos and permalinks

def golden_dir(game: str) -> Path:
    """Return the folder of a game's golden files, ``fixtures/scenarios/<game>/``."""
    return Path(settings.BASE_DIR) / "fixtures" / "scenarios" / game


def demo_scenario(game: str, stem: str) -> dict[str, Any] | None:
    """Return the scenario of golden file ``fixtures/scenarios/<game>/<stem>.json``, or ``None``.

    ``stem`` is checked to be a plain file name (letters, digits, ``-``, ``_``), so no other
    file can be read. A bare scenario file is accepted as well as a golden file.
    """
    if not _DEMO_STEM.fullmatch(stem or "") or not _DEMO_STEM.fullmatch(game or ""):
        return None
    try:
        data = json.loads((golden_dir(game) / f"{stem}.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if isinstance(data, dict) and isinstance(data.get("scenario"), dict):
        data = data["scenario"]
    return data if isinstance(data, dict) else None


def demo_list(game: str) -> list[tuple[str, str]]:
    """Return ``[(stem, title)]`` of a game's golden files, by stem (read again when the folder changes)."""
    folder = golden_dir(game)
    try:
        stamp = folder.stat().st_mtime_ns
    except OSError:
        return []
    return list(_demo_list(game, stamp))


@functools.lru_cache(maxsize=8)
def _demo_list(game: str, _stamp: int) -> tuple[tuple[str, str], ...]:
    out = []
    for path in sorted(golden_dir(game).glob("*.json")):
        try:
            title = json.loads(path.read_text(encoding="utf-8")).get("title") or path.stem
        except (OSError, ValueError, AttributeError):
            title = path.stem
        out.append((path.stem, str(title)))
    return tuple(out)


def stored_scenario(code: str) -> dict[str, Any] | None:
    """Return the document of the visible stored ruling ``code``, or ``None``."""
    from ..models import Scenario  # the conversions above need no database

    stored = Scenario.objects.visible().filter(code=code[:32]).only("canonical").first()
    return json.loads(stored.canonical) if stored is not None else None


def used_card_names(game: str, limit: int = 500, names: dict[str, None] | None = None) -> list[str]:
    """Return card names for a builder's autocomplete: ``names`` first, then those of stored rulings.

    Reads the 200 newest visible rulings of ``game``; at most ``limit`` names, each at most
    200 characters, in first-seen order.
    """
    from ..models import Scenario  # the specs above need no database

    found: dict[str, None] = dict(names or {})
    for canonical in Scenario.objects.visible().filter(game=game).order_by("-pk").values_list("canonical", flat=True)[:200]:
        try:
            objects = json.loads(canonical).get("objects") or []
        except (ValueError, AttributeError):
            continue
        for obj in objects:
            if isinstance(obj, Mapping) and isinstance(obj.get("name"), str) and obj["name"].strip():
                found.setdefault(obj["name"].strip()[:200])
            if len(found) >= limit:
                return list(found)
    return list(found)
