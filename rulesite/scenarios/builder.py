"""Convert Yu-Gi-Oh! scenario documents (format v1) to board-form data and back.

The board-state builder (``/scenarios/new/ygo/``) edits a scenario as rows of plain fields.
This module is the one place that knows how a document maps onto those rows, in both
directions, so that prefilling a form from a permalink and building a document from a
submitted form cannot drift apart:

* :func:`scenario_to_initial` turns a document into :data:`BoardData`;
* :func:`initial_to_scenario` turns :data:`BoardData` (the same shape, e.g. a form's cleaned
  data) into a document.

``initial_to_scenario(scenario_to_initial(s)) == s`` for every document in the documented
shape. A value the form has no field for (a second effect, ``counters``, ``"targets": []``)
is kept in the row's ``extra`` dict and merged back, so nothing is lost on the way; the
fields of the row win over ``extra`` when both give a key.

>>> doc = {"format": "1", "game": "ygo", "ruleset": "arcv", "options": {},
...        "players": [{"id": "p1", "lp": 8000}, {"id": "p2", "lp": 8000}],
...        "turn": {"active": "p1", "phase": "main1", "step": None},
...        "objects": [{"id": "c1", "name": "Kuriboh", "owner": "p1", "zone": "hand",
...                     "kind": "monster", "counters": {"spell": 1}}],
...        "chain": [], "pending": [], "effects": [], "actions": []}
>>> data = scenario_to_initial(doc)
>>> data["cards"][0]["name"], data["cards"][0]["extra"]
('Kuriboh', {'counters': {'spell': 1}})
>>> initial_to_scenario(data) == doc
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.core.schema import Boolean, Choice, Field, Integer, ListOf, MapOf
from engine.ygo.frame import LINGERING_FIELDS as FRAME_LINGERING_FIELDS
from engine.ygo.frame import LINK_FIELDS as FRAME_LINK_FIELDS
from engine.ygo.frame import PENDING_FIELDS as FRAME_PENDING_FIELDS
from engine.ygo.filters import CardFilterField
from engine.ygo.vocabulary import VOCABULARY

from .builders import common
from .builders.ygo_procedures import costs_form, costs_json, material_form, material_json, object_as_is
from .builders.ygo_filters import (  # noqa: F401  (the filter, qualifier and targeting texts of a card row)
    FILTER_KEYS, QUALIFIER_KEYS, filter_form, filter_json, qualifiers_form, qualifiers_json, targeting_form,
    targeting_json,
)

Row = dict[str, Any]
"""One form row: field name to value, with nested ``actions`` rows where the row has them."""

BoardData = dict[str, Any]
"""``{"setup": Row, "cards": [Row], "chain": [Row], "after": [Row]}``."""

# The frame of docs/scenario-format.md §2 (players, the turn, cards and their zones), in the
# order the form lists it; the vocabulary below comes from the engine's registry.
RULESETS = ("arcv", "mr2")
PLAYERS = ("p1", "p2")
PHASES = ("draw", "standby", "main1", "battle", "main2", "end")
STEPS = ("start", "battle", "damage", "end")
ZONES = (
    "hand", "deck", "extra_deck", "graveyard", "banished", "monster_zone",
    "spell_trap_zone", "field_zone", "pendulum_zone", "material",
)
POSITIONS = ("attack", "defense", "face-down defense", "face-up", "face-down")
KINDS = ("monster", "spell", "trap")
SUBTYPES = (
    "normal", "effect", "fusion", "ritual", "synchro", "xyz", "pendulum", "token",
    "quick-play", "continuous", "equip", "field", "counter",
)
STATS = ("atk", "def")
SPELL_SPEEDS = (1, 2, 3)


def key_fields(slot: str, key: str) -> list[Field]:
    """Return the schema of ``key`` in every entry of ``slot`` that has it, in registry order."""
    return [entry.keys[key] for entry in VOCABULARY.entries(slot) if key in entry.keys]


def key_values(slot: str, key: str) -> tuple[str, ...]:
    """Return the values the entries of ``slot`` allow for ``key`` (a choice), in order, each once."""
    return tuple(dict.fromkeys(value for field in key_fields(slot, key) if isinstance(field, Choice)
                               for value in field.values))


def key_labels(slot: str, key: str) -> dict[str, str]:
    """Return the English label of each value of ``key`` in ``slot`` (see :func:`key_values`)."""
    labels: dict[str, str] = {}
    for field in key_fields(slot, key):
        if isinstance(field, Choice):
            for value, label in field.labels.items():
                labels.setdefault(value, label)
    return labels


# The vocabulary, from the registry (engine/ygo/vocabulary.py): a new entry is offered at once.
ACTIONS = tuple(dict.fromkeys((*VOCABULARY.names("instruction"), *VOCABULARY.names("continuous"))))
"""What an effect's action does (``do``): the instructions, then any Continuous Effect verb that is not one."""
EFFECT_CLASSES = tuple(VOCABULARY.names("ability"))
TRIGGER_EVENTS = tuple(VOCABULARY.names("trigger_event"))
TIMINGS = tuple(VOCABULARY.names("timing"))
ONCE_PER_TURN = tuple(VOCABULARY.get("ability", "card").keys["once_per_turn"].values)
"""The same-name restrictions an effect can state (``once_per_turn`` of an activated effect class)."""
UNTIL = tuple(VOCABULARY.names("duration"))
SUMMON_METHODS = tuple(VOCABULARY.names("summon_method"))
NEGATABLE = tuple(VOCABULARY.names("negation_scope"))
COSTS = tuple(VOCABULARY.names("cost"))
COUNTER_KINDS = tuple(VOCABULARY.names("counter"))
AFTER_TYPES = tuple(VOCABULARY.names("action"))
"""Player action types (§2.5)."""
OPTIONS = tuple(VOCABULARY.names("option"))
"""The ``options`` keys (§2.6a), each a setup field of its own."""
PLAYER_REFS = key_values("instruction", "player")
SUMMON_POSITIONS = key_values("instruction", "position")
DECK_PLACES = key_values("instruction", "place")
PHASE_SKIPS = key_values("action", "to")
YES_NO = ("yes", "no")

OMITTABLE = ("options", "chain", "pending", "effects", "actions", "turn.step")
"""Keys the builder always writes; ``setup["omit"]`` names those the source left out."""

_MISSING = common.MISSING
_INTEGER = common.INTEGER
_text = common.text_form
_integer = common.integer_form
_ids = common.ids_form
_amount = common.amount_form
_amount_json = common.amount_json
_flag = common.flag_form
_yes_no = common.yes_no_form
_yes_no_json = common.yes_no_json
_counters = common.counts_form
counters_json = common.counts_json
_blank_is_missing = common.blank_is_missing
_same = common.same
_effect_ref = common.index_or_id_form
_effect_ref_json = common.index_or_id_json


def _id_text(value: Any) -> Any:
    ids = _ids(value)
    return _MISSING if ids is _MISSING or any("," in item for item in ids) else ", ".join(ids)


def _id_text_json(value: Any) -> Any:
    ids = [item.strip() for item in (value or "").split(",") if item.strip()]
    return ids or _MISSING


@dataclass(frozen=True)
class _Field:
    """How one document key maps onto one form field."""

    key: str
    """The key in the document."""
    name: str
    """The form field's name."""
    to_form: Callable[[Any], Any] = _text
    """Document value → form value, or ``_MISSING`` when the form cannot hold it."""
    to_json: Callable[[Any], Any] = _blank_is_missing
    """Form value → document value, or ``_MISSING`` to leave the key out."""
    choices: tuple[Any, ...] = ()
    """The only values the form offers, if it is a choice."""

    def initial(self, value: Any) -> Any:
        """Return the form value for ``value``, or ``_MISSING`` when it would not come back."""
        if self.choices and value not in self.choices and (not isinstance(value, str) or not value.strip()):
            return _MISSING  # a word the form does not list yet (a newer engine's) is still shown and kept
        form_value = self.to_form(value)
        if form_value is _MISSING or not _same(self.to_json(form_value), value):
            return _MISSING
        return form_value


def inputs(slots: Sequence[str], table: Mapping[str, _Field]) -> tuple[_Field, ...]:
    """Return the form inputs of the keys the entries of ``slots`` have, in registry order, each
    once. ``table`` says how each key is typed in the form (one input per key name, shared by
    the entries that have it); a key without an input stays in the row's JSON (the test of the
    builder's vocabulary requires it to be listed in :data:`KEPT_IN_JSON`)."""
    keys = dict.fromkeys(key for slot in slots for entry in VOCABULARY.entries(slot)
                         for key in {**VOCABULARY.slots[slot].common, **entry.keys})
    return tuple(table[key] for key in keys if key in table)


STRUCTURAL_KEYS = {("ability", "cost"): "the row's cost inputs (one cost)", ("ability", "actions"): "the nested action rows",
                   ("action", "actions"): "the nested action rows (Override what it does)"}
"""Keys held by a structure of the row rather than one input."""
KEPT_IN_JSON = {
    ("instruction", "outcomes"): "the actions of each coin or die result are nested action lists: the row's "
                                 "“Other fields (JSON)” keeps them",
    ("continuous", "instead"): "what a destroy-replacement does instead is a nested list of costs: the row's "
                               "“Other fields (JSON)” keeps it",
}
"""``(slot, key)``: keys of the vocabulary that no input holds, and why; the row's JSON keeps them."""


def typed_inputs(slots: Sequence[str], table: Mapping[str, _Field], prefix: str = "") -> dict[str, _Field]:
    """Return ``{key: input}`` for the keys of the entries of ``slots`` that ``table`` does not
    list, made from the key's type: a card filter (``CardFilterField``: ``all``, ``among``,
    ``per``) as ``key: value`` filter text (:func:`filter_form`), a yes/no that defaults to no
    (``Boolean``: ``bind``, ``lock_name``) as a checkbox, one that defaults to yes
    (``flip_effects``, ``damage``) as a blank/yes/no choice; each named ``prefix + key``. A key of
    another type needs its own input in ``table``; a key listed in :data:`KEPT_IN_JSON` or
    :data:`STRUCTURAL_KEYS` gets none. Raises ``ValueError`` if a made name is already a field's."""
    taken = {field.name for field in table.values()}
    out: dict[str, _Field] = {}
    for slot in slots:
        for entry in VOCABULARY.entries(slot):
            for key, schema in {**VOCABULARY.slots[slot].common, **entry.keys}.items():
                if key in table or key in out or (slot, key) in KEPT_IN_JSON or (slot, key) in STRUCTURAL_KEYS:
                    continue
                if isinstance(schema, CardFilterField):
                    field = _Field(key, prefix + key, filter_form, filter_json)
                elif isinstance(schema, Boolean) and schema.default is False:
                    field = _Field(key, prefix + key, _flag)
                elif isinstance(schema, Boolean):  # defaults to yes: blank, yes or no (only "no" changes it)
                    field = _Field(key, prefix + key, _yes_no, _yes_no_json)
                else:
                    continue
                if field.name in taken:
                    raise ValueError(f"{slot}.{key}: the input name {field.name!r} is another key's")
                out[key] = field
    return out


def key_schema(slots: Sequence[str], key: str) -> Field:
    """Return the type of ``key`` in the first entry of ``slots`` that has it (its label, help and
    kind, as the registry gives them); raise ``KeyError`` when no entry has it."""
    for slot in slots:
        for entry in VOCABULARY.entries(slot):
            found = {**VOCABULARY.slots[slot].common, **entry.keys}.get(key)
            if found is not None:
                return found
    raise KeyError(key)


CONDITION_KEYS = tuple(VOCABULARY.names("activation_condition"))
"""The keys of an activation condition (``condition`` of an activated effect, §2.3.4)."""


def _condition_field(key: str) -> Field | None:
    """Return the field that types ``key`` of a condition: an entry's value or a companion key."""
    if VOCABULARY.has("activation_condition", key):
        return VOCABULARY.get("activation_condition", key).value
    return next((entry.keys[key] for entry in VOCABULARY.entries("activation_condition") if key in entry.keys), None)


def condition_form(value: Any) -> Any:
    """An activation condition (``{"summoned": "normal", "by": "opponent"}``) as ``summoned:
    normal, by: opponent`` (a flag as ``true``/``false``); else ``_MISSING``."""
    if not isinstance(value, Mapping) or not value:
        return _MISSING
    parts = []
    for key, item in value.items():
        if isinstance(_condition_field(key), CardFilterField):  # what the monster Summoned must be
            item = material_form(item)  # its filter as key=value & …
        if _condition_field(key) is None or not isinstance(item, (str, int)):
            return _MISSING
        shown = ("true" if item else "false") if isinstance(item, bool) else str(item)
        if not shown or shown != shown.strip() or any(mark in shown for mark in ",;:"):
            return _MISSING
        parts.append(f"{key}: {shown}")
    return ", ".join(parts)


def condition_json(value: Any) -> Any:
    """Parse :func:`condition_form` text, each value typed by its entry (an LP number, a flag);
    raise ``ValueError`` naming a part that is not ``key: value`` of a condition key."""
    text = str(value or "").strip()
    if not text:
        return _MISSING
    out: dict[str, Any] = {}
    for part in text.split(","):
        key, sep, item = (piece.strip() for piece in part.partition(":"))
        field = _condition_field(key)
        if not sep or field is None or not item or key in out:
            raise ValueError(part.strip())
        if isinstance(field, CardFilterField):
            out[key] = material_json(item)
        elif isinstance(field, Integer) and _INTEGER.fullmatch(item):
            out[key] = int(item)
        elif isinstance(field, Boolean) and item in ("true", "false"):
            out[key] = item == "true"
        else:
            out[key] = item
    return out


def requirements_form(value: Any) -> Any:
    """Fusion Material requirements (a card name, or a FILTER, each) as ``name; filter; …``."""
    if not isinstance(value, list) or not value:
        return _MISSING
    parts = []
    for item in value:
        shown = item if isinstance(item, str) and not any(mark in item for mark in ",;:") else filter_form(item)
        if shown is _MISSING or shown == "self" or not str(shown).strip() or shown != str(shown).strip():
            return _MISSING
        parts.append(shown)
    return "; ".join(parts)


def requirements_json(value: Any) -> Any:
    """Parse :func:`requirements_form` text; raise ``ValueError`` for a part no filter reads."""
    parts = [part.strip() for part in str(value or "").split(";") if part.strip()]
    return [filter_json(part) if ":" in part else part for part in parts] or _MISSING


CARD_FIELDS = (
    _Field("id", "id"),
    _Field("name", "name"),
    _Field("owner", "owner", choices=PLAYERS),
    _Field("controller", "controller", choices=PLAYERS),
    _Field("zone", "zone", choices=ZONES),
    _Field("position", "position", choices=POSITIONS),
    _Field("kind", "kind", choices=KINDS),
    _Field("subtype", "subtype", choices=SUBTYPES),
    _Field("level", "level", _integer),
    _Field("atk", "atk", _integer),
    _Field("def", "defense", _integer),
    _Field("attribute", "attribute"),
    _Field("race", "race"),
    _Field("equipped_to", "equipped_to"),
    _Field("materials", "materials", _id_text, _id_text_json),
    _Field("set_this_turn", "set_this_turn", _flag),
    _Field("original_atk", "original_atk", _integer),
    _Field("original_def", "original_def", _integer),
    _Field("scale", "scale", _integer),
    _Field("tuner", "tuner", _flag),
    _Field("summoned_this_turn", "summoned_this_turn", _flag),
    _Field("attacked", "attacked", _flag),
    _Field("position_changed", "position_changed", _flag),
    _Field("sent_to_graveyard_this_turn", "sent_to_graveyard_this_turn", _flag),
    _Field("counters", "counters", _counters, counters_json),
    _Field("materials_required", "materials_required", requirements_form, requirements_json),
    _Field("summon_procedure", "summon_procedure", object_as_is, object_as_is),
    _Field("synchro_materials", "synchro_materials", object_as_is, object_as_is),
    _Field("xyz_materials", "xyz_materials", object_as_is, object_as_is),
    _Field("summoned_with", "summoned_with", _id_text, _id_text_json),
)
"""Card row fields; ``def`` is ``defense`` in the form (``def`` is a Python keyword)."""

EFFECT_INPUTS = {field.key: field for field in (
    _Field("id", "effect_id"),
    _Field("text", "effect_text"),
    _Field("trigger", "effect_trigger", choices=TRIGGER_EVENTS),
    _Field("timing", "effect_timing", choices=TIMINGS),
    _Field("optional", "effect_optional", _yes_no, _yes_no_json),
    _Field("event_of", "effect_event_of", filter_form, filter_json),
    _Field("qualifiers", "effect_qualifiers", qualifiers_form, qualifiers_json),
    _Field("targeting", "effect_targeting", targeting_form, targeting_json),
    _Field("once_per_turn", "effect_once_per_turn", choices=ONCE_PER_TURN),
    _Field("condition", "effect_condition", condition_form, condition_json),
)}
"""How each key of an effect class (the ``ability`` slot) is typed in a card row; ``cost`` and
``actions`` are the row's cost inputs and its nested action rows."""
EFFECT_FIELDS = (_Field("class", "effect_class", choices=EFFECT_CLASSES), *inputs(("ability",), EFFECT_INPUTS))
COST_INPUTS = {field.key: field for field in (
    _Field("amount", "cost_amount", _amount, _amount_json),
    _Field("card", "cost_card"),
    _Field("materials", "cost_materials", _id_text, _id_text_json),
    _Field("counter", "cost_counter", choices=COUNTER_KINDS),
    _Field("text", "cost_text"),
)}
COST_TYPED = typed_inputs(("cost",), COST_INPUTS, prefix="cost_")
"""The cost inputs made from their key's type (``among``: the card that fits, as filter text)."""
COST_FIELDS = (_Field("do", "cost_do", choices=COSTS), *inputs(("cost",), {**COST_INPUTS, **COST_TYPED}))
ACTION_INPUTS = {field.key: field for field in (
    _Field("targets", "targets", _ids),
    _Field("amount", "amount", _amount, _amount_json),
    _Field("set", "set", _integer),
    _Field("player", "player", choices=PLAYER_REFS),
    _Field("what", "what", choices=NEGATABLE),
    _Field("destroy", "destroy", _flag),
    _Field("link", "link", _integer),
    _Field("position", "position", choices=SUMMON_POSITIONS),
    _Field("half", "half", _flag),
    _Field("until", "until", choices=UNTIL),
    _Field("materials", "materials", _ids),
    _Field("level", "level", _integer),
    _Field("at_least", "at_least", _flag),
    _Field("face_down", "face_down", _flag),
    _Field("place", "place", choices=DECK_PLACES),
    _Field("result", "result", choices=key_values("instruction", "result")),
    _Field("face_up_monsters", "face_up_monsters", choices=key_values("instruction", "face_up_monsters")),
    _Field("by", "by", choices=key_values("continuous", "by")),
    _Field("effects", "effects", choices=key_values("continuous", "effects")),
    _Field("players", "players", choices=key_values("continuous", "players")),
    _Field("choose", "choose", _integer),
    _Field("from", "choose_from", _ids),
    _Field("chosen", "chosen", _ids),
    _Field("text", "text"),
    _Field("cards", "set_cards", choices=key_values("continuous", "cards")),
    _Field("becomes", "becomes"),
    _Field("card", "equip_card"),
    _Field("equipped", "equipped", _flag),
    _Field("equal_to", "equal_to", choices=key_values("instruction", "equal_to")),
    _Field("of", "amount_of"),
    _Field("max_level", "max_level", _integer),
    _Field("negate_effects", "negate_effects", _flag),
    _Field("cannot_attack", "cannot_attack", _flag),
    _Field("from_top", "from_top", _integer),
    _Field("when", "replace_when", choices=key_values("continuous", "when")),
    _Field("to", "replace_to", choices=key_values("continuous", "to")),
    _Field("destruction", "destruction", choices=key_values("continuous", "destruction")),
    _Field("use", "use", _yes_no, _yes_no_json),
)}
"""How each key of an instruction or Continuous Effect is typed in an action row; a single
``target`` is shown in ``targets`` (:func:`action_to_form`)."""
ACTION_TYPED = typed_inputs(("instruction", "continuous"), ACTION_INPUTS)
"""The action inputs made from their key's type: the selectors ``all`` and ``among`` and ``per``
as filter text, ``bind`` and ``lock_name`` as checkboxes (:func:`typed_inputs`)."""
ACTION_FIELDS = (_Field("do", "do", choices=ACTIONS),
                 *inputs(("instruction", "continuous"), {**ACTION_INPUTS, **ACTION_TYPED}))
AFTER_INPUTS = {field.key: field for field in (
    _Field("card", "card"),
    _Field("effect", "effect", _effect_ref, _effect_ref_json),
    _Field("controller", "controller", choices=PLAYERS),
    _Field("spell_speed", "spell_speed", _integer, choices=SPELL_SPEEDS),
    _Field("targets", "targets", _ids),
    _Field("player", "player", choices=key_values("action", "player")),
    _Field("tributes", "tributes", _ids),
    _Field("method", "method", choices=SUMMON_METHODS),
    _Field("cards", "cards", _ids),
    _Field("materials", "materials", _ids),
    _Field("position", "position", choices=key_values("action", "position")),
    _Field("attacker", "attacker"),
    _Field("target", "attack_target"),
    _Field("to", "to", choices=PHASE_SKIPS),
    _Field("discard", "discard", _ids),
    _Field("cost", "paid_cost", costs_form, costs_json),
)}
"""How each key of a player action is typed in a step row; an ``activate`` step's ``actions``
are its nested action rows."""
LINK_FIELDS = tuple(AFTER_INPUTS[key] for key in FRAME_LINK_FIELDS if key in AFTER_INPUTS and key != "cost")
"""A chain link (§2.4): the frame's link fields, typed as in a step row."""
AFTER_FIELDS = (_Field("type", "type", choices=AFTER_TYPES), *inputs(("action",), AFTER_INPUTS))
PENDING_INPUTS = {field.key: field for field in (
    _Field("card", "card"),
    _Field("effect", "effect", _effect_ref, _effect_ref_json),
    _Field("controller", "controller", choices=PLAYERS),
    _Field("order", "order", _integer),
    _Field("activate", "activate", _yes_no, _yes_no_json),
    _Field("last", "last", _yes_no, _yes_no_json),
    _Field("targets", "targets", _ids),
)}
PENDING_FIELDS = tuple(PENDING_INPUTS[key] for key in FRAME_PENDING_FIELDS if key in PENDING_INPUTS)
"""A trigger waiting to go on the chain (§2.8): the frame's pending fields."""
LINGER_INPUTS = {field.key: field for field in (
    _Field("source", "source"),
    _Field("target", "target"),
    _Field("stat", "stat", choices=STATS),
    _Field("amount", "amount", _integer),
    _Field("set", "set", _integer),
    _Field("until", "until", choices=UNTIL),
)}
LINGER_FIELDS = tuple(LINGER_INPUTS[key] for key in FRAME_LINGERING_FIELDS if key in LINGER_INPUTS)
"""A lingering ATK/DEF effect (§2.9): the frame's lingering-effect fields."""


def _fields_to_form(document: Mapping[str, Any], fields: Iterable[_Field]) -> tuple[Row, dict[str, Any]]:
    """Split ``document`` into form values and the keys the fields cannot hold."""
    row: Row = {}
    rest = dict(document)
    for field in fields:
        if field.key in rest:
            value = field.initial(rest[field.key])
            if value is not _MISSING:
                row[field.name] = value
                del rest[field.key]
    return row, rest


def _fields_to_json(row: Mapping[str, Any], fields: Iterable[_Field]) -> dict[str, Any]:
    """Return the document keys that ``row``'s filled-in fields give."""
    out: dict[str, Any] = {}
    for field in fields:
        value = field.to_json(row.get(field.name))
        if value is not _MISSING:
            out[field.key] = value
    return out


def _merge_extra(document: dict[str, Any], extra: Mapping[str, Any] | None) -> dict[str, Any]:
    """Add the keys of ``extra`` that ``document`` does not already give."""
    for key, value in (extra or {}).items():
        document.setdefault(key, value)
    return document


def _rows(value: Any, to_form: Callable[[Mapping[str, Any]], Row | None]) -> list[Row] | None:
    """Return a non-empty list of dicts as rows, or ``None`` when any item cannot be a row."""
    if not isinstance(value, list) or not value:
        return None
    rows = [to_form(item) if isinstance(item, Mapping) else None for item in value]
    return None if any(row is None for row in rows) else rows  # type: ignore[return-value]


def action_to_form(action: Mapping[str, Any]) -> Row | None:
    """Return the form row of one effect action (§2.4.3), or ``None`` without a known ``do``.

    A single ``target`` is shown in the ``targets`` field and ``single`` remembers to write
    it back as ``target``; keys without a field (``choose``, ``from``…) go to ``extra``.
    """
    source = dict(action)
    single = False
    if "target" in source and "targets" not in source and _text(source["target"]) is not _MISSING:
        source["targets"] = [source.pop("target")]
        single = True
    row, rest = _fields_to_form(source, ACTION_FIELDS)
    if "do" not in row:
        return None
    if single and "targets" not in row:  # pragma: no cover - a text target always fits
        return None
    row["single"] = single
    row["extra"] = rest or None
    return row


def action_to_json(row: Mapping[str, Any]) -> dict[str, Any]:
    """Return the action (§2.4.3) that a form row describes."""
    action = _fields_to_json(row, ACTION_FIELDS)
    targets = action.get("targets")
    if row.get("single") and targets and len(targets) == 1:
        action["target"] = action.pop("targets")[0]
    return _merge_extra(action, row.get("extra"))


def _effect_to_form(effects: Any) -> Row | None:
    """Return the card-row fields of a one-effect ``effects`` list, or ``None``."""
    if not isinstance(effects, list) or len(effects) != 1 or not isinstance(effects[0], Mapping):
        return None
    row, rest = _fields_to_form(effects[0], EFFECT_FIELDS)
    if "cost" in rest:
        cost = rest.pop("cost")
        if not isinstance(cost, list) or len(cost) != 1 or not isinstance(cost[0], Mapping):
            return None
        cost_row, cost_rest = _fields_to_form(cost[0], COST_FIELDS)
        if cost_rest or "cost_do" not in cost_row:
            return None
        row.update(cost_row)
    if rest.get("actions") == []:
        del rest["actions"]
        row["no_actions"] = True  # the link gives the actions: keep the explicit empty list
    elif "actions" in rest:
        actions = _rows(rest.pop("actions"), action_to_form)
        if actions is None:
            return None
        row["actions"] = actions
    if rest or not row:
        return None
    return row


def _effect_to_json(row: Mapping[str, Any]) -> dict[str, Any] | None:
    effect = _fields_to_json(row, EFFECT_FIELDS)
    cost = _fields_to_json(row, COST_FIELDS)
    if cost:
        effect["cost"] = [cost]
    actions = [action_to_json(action) for action in row.get("actions") or ()]
    if actions or (row.get("no_actions") and effect):
        effect["actions"] = actions
    return effect or None


def card_to_form(obj: Mapping[str, Any]) -> Row:
    """Return the card row of one object (§2.3): its fields, first effect and ``extra``.

    When the card's first effect fits the row's fields (one cost at most, actions with a
    known ``do``), it gets the effect fields and one action row per action, and any further
    effects go to ``more_effects`` (a JSON list); otherwise the ``effects`` list is kept whole
    in ``extra``.
    """
    row, rest = _fields_to_form(obj, CARD_FIELDS)
    effects = rest.get("effects")
    if isinstance(effects, list) and effects:
        effect = _effect_to_form(effects[:1])
        if effect is not None:
            row.update(effect)
            del rest["effects"]
            if len(effects) > 1:
                row["more_effects"] = effects[1:]
    row.setdefault("actions", [])
    row["extra"] = rest or None
    return row


def card_to_json(row: Mapping[str, Any], card_id: str) -> dict[str, Any]:
    """Return the object (§2.3) a card row describes, with id ``card_id``."""
    obj = _fields_to_json(row, CARD_FIELDS)
    obj["id"] = card_id
    effect = _effect_to_json(row)
    more = row.get("more_effects")
    if effect is not None or more:
        obj["effects"] = ([effect] if effect is not None else []) + (list(more) if isinstance(more, list) else [])
    return _merge_extra(obj, row.get("extra"))


def link_to_form(link: Mapping[str, Any], fields: Sequence[_Field] = LINK_FIELDS) -> Row:
    """Return the row of a chain link (§2.4) or, with ``AFTER_FIELDS``, of an action (§2.5).

    Overriding ``actions`` become action rows when each has a known ``do``; otherwise (and
    for ``cost``, or ``"targets": []``) they stay in ``extra``.
    """
    row, rest = _fields_to_form(link, fields)
    row["actions"] = []
    if "actions" in rest:
        actions = _rows(rest["actions"], action_to_form)
        if actions is not None:
            row["actions"] = actions
            del rest["actions"]
    row["extra"] = rest or None
    return row


def link_to_json(row: Mapping[str, Any], fields: Sequence[_Field] = LINK_FIELDS) -> dict[str, Any]:
    """Return the chain link (or, with ``AFTER_FIELDS``, the action) of a row."""
    link = _fields_to_json(row, fields)
    actions = [action_to_json(action) for action in row.get("actions") or ()]
    if actions:
        link["actions"] = actions
    return _merge_extra(link, row.get("extra"))


def _player(players: Any, player_id: str) -> Mapping[str, Any]:
    for player in players if isinstance(players, list) else ():
        if isinstance(player, Mapping) and player.get("id") == player_id:
            return player
    return {}


SETUP_KEYS = ("format", "game", "ruleset", "players", "turn", "objects", "chain", "pending", "effects", "actions")
"""Top-level keys the setup and the row sections hold; others go to ``setup["extra"]``."""

TURN_FIELDS = (
    _Field("number", "number", _integer),
    _Field("normal_summon_used", "normal_summon_used", _yes_no, _yes_no_json),
    _Field("pendulum_summon_used", "pendulum_summon_used", _yes_no, _yes_no_json),
    _Field("attacker", "attacker"),
    _Field("attack_target", "attack_target"),
)
"""Turn keys beyond active/phase/step (§2.6a)."""
def _id_map_text(value: Any) -> Any:
    """``{"k": ["l1", "l2"], "m": ["x"]}`` (card → card ids) as ``k: l1, l2; m: x``; else ``_MISSING``."""
    if not isinstance(value, Mapping) or not value:
        return _MISSING
    parts = []
    for key, ids in value.items():
        shown = _id_text(ids)
        if shown is _MISSING or not isinstance(key, str) or not key or any(mark in key for mark in ",;:"):
            return _MISSING
        if any(mark in item for item in ids for mark in ";:"):
            return _MISSING
        parts.append(f"{key}: {shown}")
    return "; ".join(parts)


def _id_map_json(value: Any) -> Any:
    out: dict[str, Any] = {}
    for part in (value or "").split(";"):
        key, sep, ids = (piece.strip() for piece in part.partition(":"))
        if key or ids:
            out[key] = _id_text_json(ids) if sep else []
    return out or _MISSING


OPTION_FIELDS = tuple(
    _Field(name, name, _id_text, _id_text_json) if isinstance(VOCABULARY.get("option", name).value, ListOf)
    else _Field(name, name, _id_map_text, _id_map_json)
    for name in OPTIONS if isinstance(VOCABULARY.get("option", name).value, (ListOf, MapOf)))
"""``options`` keys (§2.6a): each entry of the ``option`` slot whose value is a list of card
ids is a setup field of its own, the ids comma-separated; one whose value maps a card to card
ids (``trigger_targets``) is written ``card: id, id; card: id``."""
OPTION_MAP_FORM = _id_map_text
"""How a setup field of a card → card ids option is shown (the form reads it to pick its help)."""


def _setup_extra(scenario: Mapping[str, Any], turn_rest: Mapping[str, Any], options_rest: Mapping[str, Any]) -> dict[str, Any]:
    """Return what the setup fields and row sections cannot hold, to be merged back on the way out.

    Shape: top-level keys other than :data:`SETUP_KEYS` and ``options``, ``options`` and
    ``turn`` keys without a field, and per player id the keys other than id/name/lp:
    ``{"turn": {"x": 1}, "options": {...}, "players": {"p1": {...}}}``. ``pending`` or
    ``effects`` that are not lists of objects are kept whole.
    """
    extra: dict[str, Any] = {
        key: value for key, value in scenario.items() if key not in SETUP_KEYS and key != "options"
    }
    for key in ("pending", "effects"):
        value = scenario.get(key)
        if key in scenario and not (isinstance(value, list) and all(isinstance(item, Mapping) for item in value)):
            extra[key] = value
    if options_rest:
        extra["options"] = dict(options_rest)
    if turn_rest:
        extra["turn"] = dict(turn_rest)
    players_rest = {}
    for player_id in PLAYERS:
        rest = {key: value for key, value in _player(scenario.get("players"), player_id).items() if key not in ("id", "name", "lp")}
        if rest:
            players_rest[player_id] = rest
    if players_rest:
        extra["players"] = players_rest
    return extra


def scenario_to_initial(scenario: Mapping[str, Any]) -> BoardData:
    """Return the board form's data for a ygo ``scenario`` (§2), the inverse of
    :func:`initial_to_scenario`.

    Shape: ``{"setup": {ruleset, active, phase, step, number, normal_summon_used,
    pendulum_summon_used, trigger_order, p1_name, p1_lp, p2_name, p2_lp, extra, omit},
    "cards": [card row], "chain": [link row], "pending": [trigger row], "effects":
    [lingering effect row], "after": [action row]}``. The document is assumed to be a ``ygo``
    scenario; values the fields cannot hold are kept in each row's ``extra``.
    """
    turn = scenario.get("turn") if isinstance(scenario.get("turn"), Mapping) else {}
    setup: Row = {
        "ruleset": scenario.get("ruleset", ""),
        "active": turn.get("active", ""),
        "phase": turn.get("phase", ""),
        "step": turn.get("step") or "",
    }
    turn_row, turn_rest = _fields_to_form({k: v for k, v in turn.items() if k not in ("active", "phase", "step")}, TURN_FIELDS)
    options = scenario.get("options") if isinstance(scenario.get("options"), Mapping) else {}
    options_row, options_rest = _fields_to_form(options, OPTION_FIELDS)
    setup.update(turn_row)
    setup.update(options_row)
    for player_id in PLAYERS:
        player = _player(scenario.get("players"), player_id)
        setup[f"{player_id}_name"] = player.get("name", "")
        setup[f"{player_id}_lp"] = player.get("lp")
    setup["extra"] = _setup_extra(scenario, turn_rest, options_rest) or None
    omitted = [key for key in OMITTABLE if "." not in key and key not in scenario]
    if "step" not in turn:
        omitted.append("turn.step")
    setup["omit"] = " ".join(omitted)

    def rows(key: str, to_form: Callable[[Mapping[str, Any]], Row]) -> list[Row]:
        items = scenario.get(key)
        if not isinstance(items, list) or not all(isinstance(item, Mapping) for item in items):
            return []
        return [to_form(item) for item in items]

    return {
        "setup": setup,
        "cards": rows("objects", card_to_form),
        "chain": rows("chain", link_to_form),
        "pending": rows("pending", lambda item: plain_to_form(item, PENDING_FIELDS)),
        "effects": rows("effects", lambda item: plain_to_form(item, LINGER_FIELDS)),
        "after": rows("actions", lambda action: link_to_form(action, AFTER_FIELDS)),
    }


def plain_to_form(item: Mapping[str, Any], fields: Sequence[_Field]) -> Row:
    """Return the row of an item without nested rows (a pending trigger, a lingering effect)."""
    row, rest = _fields_to_form(item, fields)
    row["extra"] = rest or None
    return row


def plain_to_json(row: Mapping[str, Any], fields: Sequence[_Field]) -> dict[str, Any]:
    """Return the item a row of :func:`plain_to_form` describes."""
    return _merge_extra(_fields_to_json(row, fields), row.get("extra"))


assign_card_ids = common.assign_card_ids


def initial_to_scenario(data: BoardData) -> dict[str, Any]:
    """Return the ygo scenario document (format v1) that board-form ``data`` describes.

    ``data`` has the shape :func:`scenario_to_initial` returns (the forms' cleaned data
    fits it). Blank card ids get ``c1``, ``c2``… in row order (:func:`assign_card_ids`).
    The document is not validated here: the engine does that.
    """
    setup = data["setup"]
    omit = set((setup.get("omit") or "").split())
    extra = dict(setup.get("extra") or {})
    extra_players = extra.pop("players", None)
    players = []
    for player_id in PLAYERS:
        player: dict[str, Any] = {"id": player_id}
        if setup.get(f"{player_id}_name"):
            player["name"] = setup[f"{player_id}_name"]
        player["lp"] = setup.get(f"{player_id}_lp")
        if isinstance(extra_players, Mapping) and isinstance(extra_players.get(player_id), Mapping):
            _merge_extra(player, extra_players[player_id])
        players.append(player)
    turn: dict[str, Any] = {"active": setup.get("active"), "phase": setup.get("phase"), "step": setup.get("step") or None}
    if turn["step"] is None and "turn.step" in omit:
        del turn["step"]
    turn.update(_fields_to_json(setup, TURN_FIELDS))
    extra_turn = extra.pop("turn", None)
    _merge_extra(turn, extra_turn if isinstance(extra_turn, Mapping) else None)
    options = _fields_to_json(setup, OPTION_FIELDS)
    extra_options = extra.pop("options", None)
    _merge_extra(options, extra_options if isinstance(extra_options, Mapping) else None)
    cards = data.get("cards") or []
    ids = assign_card_ids([card.get("id") or "" for card in cards])
    scenario: dict[str, Any] = {
        "format": "1",
        "game": "ygo",
        "ruleset": setup.get("ruleset"),
        "options": options,
        "players": players,
        "turn": turn,
        "objects": [card_to_json(card, card_id) for card, card_id in zip(cards, ids)],
        "chain": [link_to_json(link) for link in data.get("chain") or ()],
        "pending": [plain_to_json(row, PENDING_FIELDS) for row in data.get("pending") or ()],
        "effects": [plain_to_json(row, LINGER_FIELDS) for row in data.get("effects") or ()],
        "actions": [link_to_json(action, AFTER_FIELDS) for action in data.get("after") or ()],
    }
    for key, value in extra.items():
        if key not in ("format", "game", "ruleset", "players", "turn", "objects", "chain", "actions"):
            scenario[key] = value
    for key in omit:
        if key in scenario and not scenario[key]:
            del scenario[key]
    return scenario


FIELD_OF_KEY = {
    "objects": {field.key: field.name for field in CARD_FIELDS} | {"effects": "effect_class"},
    "effect": {field.key: field.name for field in EFFECT_FIELDS},
    "cost": {field.key: field.name for field in COST_FIELDS},
    "action": {field.key: field.name for field in ACTION_FIELDS} | {"target": "targets"},
    "chain": {field.key: field.name for field in LINK_FIELDS},
    "pending": {field.key: field.name for field in PENDING_FIELDS},
    "effects": {field.key: field.name for field in LINGER_FIELDS},
    "actions": {field.key: field.name for field in AFTER_FIELDS},
}
SECTION_OF_KEY = {"objects": "cards", "chain": "chain", "pending": "pending", "effects": "effects", "actions": "after"}
"""The form section (formset prefix) of each top-level list."""


@dataclass(frozen=True)
class ErrorPlace:
    """Where on the board form an engine error belongs."""

    section: str
    """``setup``, ``cards``, ``chain``, ``after`` or ``""`` (the top of the form)."""
    row: int | None = None
    """The index of the card, link or action in the document."""
    action: int | None = None
    """The index of the nested action row, for errors inside an effect's actions."""
    field: str | None = None
    """The form field name, or ``None`` for the row as a whole."""
    key: str | None = None
    """The document key the error is about, when no field holds it."""


split_path = common.split_path


def error_place(path: str) -> ErrorPlace:
    """Return where the error at engine ``path`` (``objects[2].zone``) goes on the form.

    Paths into ``players``, ``turn`` and ``ruleset`` go to the setup fields; ``objects[i]``,
    ``chain[i]`` and ``actions[i]`` to that row (``effects[0].actions[j]`` and a link's
    ``actions[j]`` to the nested action row); anything else to the top (section ``""``).
    """
    parts = split_path(path)
    if not parts:
        return ErrorPlace("")
    head, rest = parts[0], parts[1:]
    if head == "ruleset":
        return ErrorPlace("setup", field="ruleset")
    if head == "turn":
        turn_fields = {"active": "active", "phase": "phase", "step": "step"} | {f.key: f.name for f in TURN_FIELDS}
        return ErrorPlace("setup", field=turn_fields.get(rest[0], "extra") if rest and isinstance(rest[0], str) else "phase")
    if head == "options":
        options = {field.key: field.name for field in OPTION_FIELDS}
        return ErrorPlace("setup", field=options.get(rest[0], "extra") if rest and isinstance(rest[0], str) else "extra")
    if head == "players":
        if len(rest) >= 2 and rest[0] in (0, 1) and rest[1] in ("name", "lp"):
            return ErrorPlace("setup", field=f"p{rest[0] + 1}_{rest[1]}")
        return ErrorPlace("setup")
    if head not in SECTION_OF_KEY or not rest or not isinstance(rest[0], int):
        return ErrorPlace("")
    section = SECTION_OF_KEY[head]
    row, rest = rest[0], rest[1:]
    if not rest or not isinstance(rest[0], str):
        return ErrorPlace(section, row)
    key = rest[0]
    if head == "objects" and key == "effects" and rest[1:2] == [0] and len(rest) > 2:
        sub = rest[2]
        if sub == "cost":
            cost_key = rest[4] if len(rest) > 4 else "do"
            return ErrorPlace(section, row, field=FIELD_OF_KEY["cost"].get(cost_key, "cost_do"))
        if sub == "actions" and len(rest) > 3 and isinstance(rest[3], int):
            return _action_place(section, row, rest[3], rest[4:])
        return ErrorPlace(section, row, field=FIELD_OF_KEY["effect"].get(sub) if isinstance(sub, str) else None, key=key)
    if head in ("chain", "actions") and key == "actions" and len(rest) > 1 and isinstance(rest[1], int):
        return _action_place(section, row, rest[1], rest[2:])
    return ErrorPlace(section, row, field=FIELD_OF_KEY[head].get(key), key=key)


def _action_place(section: str, row: int, action: int, rest: list[str | int]) -> ErrorPlace:
    key = rest[0] if rest and isinstance(rest[0], str) else None
    return ErrorPlace(section, row, action, FIELD_OF_KEY["action"].get(key) if key else None, key)


def golden_dir() -> Path:
    """Return the folder of the ygo golden files, ``fixtures/scenarios/ygo/``."""
    return common.golden_dir("ygo")


def demo_scenario(stem: str) -> dict[str, Any] | None:
    """Return the scenario of golden file ``fixtures/scenarios/ygo/<stem>.json``, or ``None`` (:func:`common.demo_scenario`)."""
    return common.demo_scenario("ygo", stem)


stored_scenario = common.stored_scenario
