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

def same(a: Any, b: Any) -> bool:
    """Return whether two JSON values are equal, telling ``true`` from ``1`` (``MISSING`` equals only itself)."""
    if a is MISSING or b is MISSING:
        return a is b
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


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


def amount_form(value: Any) -> Any:
    """An integer, or a word (``"x"``, ``"half"``), as text."""
    if integer_form(value) is not MISSING:
        return str(value)
    if text_form(value) is not MISSING and not INTEGER.fullmatch(value):
        return value
    return MISSING


def amount_json(value: Any) -> Any:
    if not value:
        return MISSING
    return int(value) if INTEGER.fullmatch(value) else value


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

    def to_form(self, value: Any) -> Any:
        """Return the form value for ``value``, or ``MISSING`` when it would not come back unchanged."""
        if self.empty is not MISSING and same(value, self.empty):
            return ""
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

    def section(self, prefix: str) -> Section:
        return next(section for section in self.sections if section.prefix == prefix)


# ----------------------------------------------------------------------------- rows

def fields_to_form(item: Mapping[str, Any], fields: Iterable[Spec]) -> tuple[Row, dict[str, Any]]:
    """Split ``item`` into form values and the keys the fields cannot hold.

    A field with an ``empty`` value whose key ``item`` lacks is named in ``row["absent"]``,
    so that the blank field leaves the key out again.
    """
    row: Row = {}
    rest = dict(item)
    absent = []
    for spec in fields:
        outer, dot, inner = spec.key.partition(".")
        if dot:  # a key of a nested object (``j_ruler.atk``); the rest of it stays for a later field
            holder = rest.get(outer)
            if isinstance(holder, Mapping) and inner in holder:
                value = spec.to_form(holder[inner])
                if value is not MISSING:
                    row[spec.name] = value
                    rest[outer] = {key: val for key, val in holder.items() if key != inner}
            continue
        if spec.key in rest:
            value = spec.to_form(rest[spec.key])
            if value is not MISSING:
                row[spec.name] = value
                del rest[spec.key]
        elif spec.empty is not MISSING:
            absent.append(spec.name)
    if absent:
        row["absent"] = " ".join(absent)
    return row, rest


def fields_to_json(row: Mapping[str, Any], fields: Iterable[Spec]) -> dict[str, Any]:
    """Return the document keys that ``row``'s filled-in fields give, in field order."""
    out: dict[str, Any] = {}
    absent = set(str(row.get("absent") or "").split())
    for spec in fields:
        value = spec.to_json(row.get(spec.name))
        if value is MISSING and spec.empty is not MISSING and spec.name not in absent:
            value = spec.empty
        if value is MISSING:
            continue
        outer, dot, inner = spec.key.partition(".")
        if dot:
            holder = out.setdefault(outer, {})
            if isinstance(holder, dict):
                holder[inner] = value
        elif isinstance(value, dict) and isinstance(out.get(spec.key), dict):
            out[spec.key] = value | out[spec.key]  # the nested fields given before win
        else:
            out[spec.key] = value
    return out


def merge_extra(document: dict[str, Any], extra: Mapping[str, Any] | None) -> dict[str, Any]:
    """Add the keys of ``extra`` that ``document`` does not already give (the fields win)."""
    for key, value in (extra or {}).items():
        document.setdefault(key, value)
    return document


def row_to_form(item: Mapping[str, Any], section: Section) -> Row:
    """Return the row of one list item: its fields, and ``extra`` for the keys they cannot hold."""
    row, rest = fields_to_form(item, section.fields)
    row["extra"] = rest or None
    row.setdefault("absent", "")
    return row


def row_to_json(row: Mapping[str, Any], section: Section, card_id: str | None = None) -> dict[str, Any]:
    """Return the list item a row describes (``card_id`` fills a blank ``id`` of a card row)."""
    item = fields_to_json(row, section.fields)
    if card_id is not None:
        item = {"id": card_id} | {k: v for k, v in item.items() if k != "id"}
    return merge_extra(item, row.get("extra"))


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
    """Remove the value at a setup path from ``document`` (a deep copy)."""
    holder: Any = document
    for depth, part in enumerate(path[:-1]):
        if depth == 1 and path[0] == "players":
            holder = holder[_player_index(holder, part)]
        else:
            holder = holder[part]
    del holder[path[-1]]


def scenario_to_initial(spec: GameSpec, scenario: Mapping[str, Any]) -> BoardData:
    """Return the board form's data for ``scenario``; the inverse of :func:`initial_to_scenario`.

    Shape: ``{"setup": {field name: value, "extra": {...} | None, "omit": "key key"},
    <section prefix>: [row], …}`` where each row is ``{field name: value, "extra": {...} |
    None}``. ``setup["extra"]`` holds what the setup fields and sections cannot: other
    top-level keys, ``turn``/``options`` keys without a field, and the other keys of each
    player as ``{"players": {"p1": {...}}}``.
    """
    rest: dict[str, Any] = copy.deepcopy(dict(scenario))
    setup: Row = {}
    absent = []
    for field_spec in spec.setup:
        value = _get(scenario, field_spec.path)
        if value is MISSING:
            if field_spec.empty is not MISSING:
                absent.append(field_spec.name)
            continue
        form_value = field_spec.to_form(value)
        if form_value is not MISSING:
            setup[field_spec.name] = form_value
            _pop(rest, field_spec.path)
    data: BoardData = {}
    for section in spec.sections:
        items = scenario.get(section.key)
        if isinstance(items, list) and all(isinstance(item, Mapping) for item in items):
            data[section.prefix] = [row_to_form(item, section) for item in items]
            rest.pop(section.key, None)
        else:
            data[section.prefix] = []
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


def initial_to_scenario(spec: GameSpec, data: BoardData) -> dict[str, Any]:
    """Return the scenario document (format 1) that board-form ``data`` describes.

    ``data`` has the shape :func:`scenario_to_initial` returns (the forms' cleaned data fits
    it). Blank card ids become ``c1``, ``c2``… in row order. The document is not validated
    here: the engine does that.
    """
    setup = data.get("setup") or {}
    extra = dict(setup.get("extra") or {})
    omit = set((setup.get("omit") or "").split())
    scenario: dict[str, Any] = {"format": "1", "game": spec.game, "ruleset": spec.default_ruleset, "options": {}}
    player_rows: dict[str, dict[str, Any]] = {pid: {"id": pid} for pid in PLAYERS}
    scenario["players"] = list(player_rows.values())
    scenario["turn"] = {}
    for section in spec.sections:
        rows = data.get(section.prefix) or []
        ids = assign_card_ids([str(row.get("id") or "") for row in rows]) if section.card_ids else [None] * len(rows)
        scenario[section.key] = [row_to_json(row, section, card_id) for row, card_id in zip(rows, ids)]
    absent = set(str(setup.get("absent") or "").split())
    for field_spec in spec.setup:
        value = field_spec.to_json(setup.get(field_spec.name))
        if value is MISSING and field_spec.empty is not MISSING and field_spec.name not in absent:
            value = field_spec.empty
        if value is MISSING:
            continue
        path = field_spec.path
        if path[0] == "players":
            player_rows[path[1]][path[2]] = value
        elif len(path) == 1:
            scenario[path[0]] = value
        else:
            scenario.setdefault(path[0], {})[path[1]] = value
    extra_players = extra.pop("players", None)
    if isinstance(extra_players, Mapping):
        for pid, keys in extra_players.items():
            if pid in player_rows and isinstance(keys, Mapping):
                merge_extra(player_rows[pid], keys)
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
    return scenario


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


def error_place(spec: GameSpec, path: str) -> ErrorPlace:
    """Return where the error at engine ``path`` goes on ``spec``'s form.

    ``players[i].x``, ``turn.x``, ``options.x``, ``ruleset`` go to the setup field at that
    path (else the setup's ``extra``); ``<section key>[i].x…`` to row ``i`` and the field of
    key ``x`` (a deeper path such as ``objects[0].abilities[1].cost`` goes to the field that
    holds ``abilities``); anything else to the top.
    """
    parts = split_path(path)
    if not parts:
        return ErrorPlace("")
    head, rest = parts[0], parts[1:]
    if head in ("players", "turn", "options", "ruleset"):
        wanted: tuple[str, ...]
        if head == "players" and rest and isinstance(rest[0], int) and rest[0] < len(PLAYERS):
            wanted = ("players", PLAYERS[rest[0]], str(rest[1])) if len(rest) > 1 else ()
        else:
            wanted = (str(head),) + ((str(rest[0]),) if rest and head != "ruleset" else ())
        for field_spec in spec.setup:
            if wanted and field_spec.path == wanted:
                return ErrorPlace("setup", field=field_spec.name, key=wanted[-1])
        return ErrorPlace("setup", field="extra", key=str(head))
    section = next((s for s in spec.sections if s.key == head), None)
    if section is None or not rest or not isinstance(rest[0], int):
        return ErrorPlace("")
    row, rest = rest[0], rest[1:]
    if not rest or not isinstance(rest[0], str):
        return ErrorPlace(section.prefix, row)
    key = rest[0]
    nested = f"{key}.{rest[1]}" if len(rest) > 1 and isinstance(rest[1], str) else None
    name = next((f.name for f in section.fields if f.key == nested), None) or next(
        (f.name for f in section.fields if f.key == key), None)
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
