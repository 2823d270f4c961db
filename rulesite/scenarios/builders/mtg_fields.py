"""The Magic registry's schemas as builder fields (:mod:`.mtg` declares the form from them).

:func:`key_specs` turns one key of an entry (its :class:`~engine.core.schema.Field`) into the
fields that hold it: a plain input for a word, a number or a list; several for the schemas one
input cannot hold (a FILTER's parts, a cost or a condition per entry of its slot, an amount with
its "one for each" filter, a trigger's event and keys, an ``Either``'s alternatives). A list of
instructions, abilities, targets or modes is a list of rows of their own (:func:`rows_of`), not a
field. :func:`tagged_section` makes a row section of a tagged slot's entries: its switch lists
them with their labels and ``uses`` says which fields each entry's keys need; the entries that
share a key share its field (:class:`Fields`). Labels and help are the registry's English,
translated with the ``vocabulary`` context (:func:`.vocab.translated`); the words of the frame
(players, objects, zones, steps) are the builder's.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from django.utils import translation
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from engine.core.schema import Boolean, Choice, Const, Either, Field, Integer, ListOf, MapOf, Record, Ref, Text, Use
from engine.core.vocabulary import KEYED, NAMED, TAGGED, Entry
from engine.mtg.effects import Part as EffectPart
from engine.mtg.vocabulary import VOCABULARY, Deferred, Only

from . import vocab
from .common import PLAYERS, Part, Section, Spec, lazy_percent
from .vocab import translated

# ----------------------------------------------------------------------------- the words of the frame

PLAYER_LABELS = {"p1": _("Player 1"), "p2": _("Player 2"), "p3": _("Player 3"), "p4": _("Player 4"),
                 "p5": _("Player 5"), "p6": _("Player 6")}
STEP_LABELS = {
    "untap": _("Untap"), "upkeep": _("Upkeep"), "draw": _("Draw"), "main1": _("Precombat main phase"),
    "beginning_of_combat": _("Beginning of combat"), "declare_attackers": _("Declare attackers"),
    "declare_blockers": _("Declare blockers"), "combat_damage": _("Combat damage"), "end_of_combat": _("End of combat"),
    "main2": _("Postcombat main phase"), "end": _("End step"), "cleanup": _("Cleanup"),
}
ZONE_LABELS = {
    "library": pgettext_lazy("mtg zone", "Library"), "hand": pgettext_lazy("mtg zone", "Hand"),
    "battlefield": pgettext_lazy("mtg zone", "Battlefield"), "graveyard": pgettext_lazy("mtg zone", "Graveyard"),
    "stack": pgettext_lazy("mtg zone", "Stack"), "exile": pgettext_lazy("mtg zone", "Exile"),
    "command": pgettext_lazy("mtg zone", "Command zone"),
}
"""Magic zones (CR 400.1) in Magic's own words (a Magic hand is not a Yu-Gi-Oh! 手卡)."""
PLAYER_WORDS = {**PLAYER_LABELS, "you": _("You"), "opponent": _("An opponent"), "each": _("Each player"),
                "any": _("Any player"), "event": _("The event's player"), "player": _("A player")}
"""How the format names a player (``you``: the controller of the ability or effect)."""
OBJECT_WORDS = {"self": _("This object"), "event": _("The event's object"), "attached": _("What it is attached to"),
                "attacker": _("The attacking creature"), "equipped": _("The equipped creature"),
                "opponent_controls": _("A source an opponent controls")}
"""How the format names an object by its place in the ability (``self``: its source)."""
FRAME_LABELS = (PLAYER_WORDS, OBJECT_WORDS, ZONE_LABELS, STEP_LABELS)
"""Labels of the frame's words wherever a choice offers only such words."""

KEY_LABELS = {
    "ability": _("Ability (index)"), "alternative_cost": _("Alternative cost (index)"), "target": _("Target number"),
    "controller_of_target": _("…or the controller of target number"), "card": _("Card"), "source": _("Source"),
    "object": _("Or the object"), "of": _("Copy of"), "new_targets": _("New targets"), "targets": _("Targets"),
    "player": _("Player"), "owner": _("…in the zone of player"), "controller": _("Controller"), "count": _("How many"),
    "mana_value_at_most": _("With mana value at most"), "power": _("Power"), "toughness": _("Toughness"),
    "affected": _("Affects what matches"), "cards": _("Or all cards that match (in a zone)"),
    "choose": _("Chooses one that matches"), "filter": _("Cards that match"), "to_hand": _("Put into the hand those that match"),
    "from": _("From"), "to": _("To"), "if": _("Only if"), "instead_if": _("Replaced (below) if"), "kind": _("Counter kind"),
    "counter": _("Counter kind"), "counters": _("Counter kind"), "id": _("Id"), "timestamp": _("Timestamp"),
    "life": _("Life to pay"), "skip": _("Instead, it is skipped"), "times": _("…times"),
}
"""Labels of keys whose registry label names their type, not their place (the registry calls a
card, a source and a copied object alike "Object"): used where the registry gives that label to
fields of several keys (:data:`GENERIC_LABELS`)."""

ALTERNATIVE_LABELS = {
    "record": _("%(what)s: or what matches"), "words": _("%(what)s: or several (comma-separated)"),
    "refs": _("%(what)s: or these"), "emptyobj": _("%(what)s: or anything (an empty filter)"),
    "choice": _("%(what)s: or only this one"), "flag": _("%(what)s: or any"),
}
"""The label of an ``Either``'s later alternatives, by the kind of their field (``what``: the key's label)."""


def alternative_label(kind: str, what: Any, label: Any) -> Any:
    """Return the label of a later alternative of a key labelled ``what`` (else its own ``label``)."""
    return lazy_percent(ALTERNATIVE_LABELS[kind], what=what) if kind in ALTERNATIVE_LABELS else label


SUFFIX = {"record": "filter", "words": "list", "refs": "ids", "emptyobj": "any", "choice": "word", "flag": "flag",
          "text": "text", "longtext": "text", "int": "number", "yesno": "yesno", "index": "word", "amount": "amount"}
"""The end of the name of an ``Either``'s later alternative, by the kind of its field (``affected_filter``)."""
WORDS_HELP = _("Comma-separated.")
ROW_SLOTS = {"instruction": "instr", "ability": "abilities", "target": "targets"}
"""Slots whose values are rows of their own sections, wherever a list holds them."""
PART_KINDS = ("text", "words", "int", "flag", "yesno", "choice", "ints")
"""The kinds one input of a compound field can be (:class:`~.common.Part`)."""
MANY = 8
"""A filter part with this many choices or more is typed (a keyword), not picked from a list."""


def _generic_labels() -> frozenset[str]:
    """Return the registry labels given to fields of two keys or more (``Object``, ``Index``)."""
    keys: dict[str, set[str]] = {}

    def walk(key: str, field: Field) -> None:
        if field.label:
            keys.setdefault(field.label, set()).add(key)
        for option in getattr(field, "options", ()):
            walk(key, option)
        for sub, item in getattr(field, "fields", {}).items():
            walk(sub, item)

    for entry in VOCABULARY.entries():
        for key, field in {**VOCABULARY.slots[entry.slot].common, **entry.keys}.items():
            walk(key, field)
        if entry.value is not None:
            walk(entry.name, entry.value)
    return frozenset(label for label, where in keys.items() if len(where) > 1)


GENERIC_LABELS = _generic_labels()
"""Registry labels that name a type rather than a place (see :data:`KEY_LABELS`)."""


def words(key: str) -> str:
    """Return a key as words: ``mana_value_at_most`` → ``Mana value at most``."""
    return key.rsplit(".", 1)[-1].replace("_", " ").capitalize()


def label_of(field: Field, key: str) -> Any:
    """Return the label of the field of ``key``: the registry's (translated); for a label the
    registry gives to several keys, the key's own (:data:`KEY_LABELS`), if it has one."""
    last = key.rsplit(".", 1)[-1]
    if (not field.label or field.label in GENERIC_LABELS) and last in KEY_LABELS:
        return KEY_LABELS[last]
    return translated(field.label or words(key))


def word_labels(values: Iterable[Any]) -> dict[Any, Any]:
    """Return labels of a choice's values: the frame's words when all of them are (players,
    objects, zones, steps); a slot's entry labels when they are that slot's entries (replaced
    events); else each value as words."""
    values = tuple(values)
    for labels in FRAME_LABELS:
        if values and set(values) <= set(labels):
            return {value: labels[value] for value in values}
    for name, declared in VOCABULARY.slots.items():
        if declared.style != KEYED and values and set(values) == set(VOCABULARY.names(name)):
            return dict(vocab.entry_labels(VOCABULARY, name))
    return {value: str(value).replace("_", " ") for value in values}


def allowed(field: Use) -> list[Entry]:
    """Return the entries a ``Use`` of a slot takes (an ``Only``'s names, in the slot's order)."""
    names = set(field.names) if isinstance(field, Only) else None
    return [entry for entry in VOCABULARY.entries(field.slot) if names is None or entry.name in names]


def rows_of(field: Field) -> str:
    """Return the prefix of the section whose rows hold the items of a list key (instructions,
    abilities, targets, the parts of a static ability, the modes of a modal one), or ``""``."""
    if not isinstance(field, ListOf):
        return ""
    item = field.item
    if isinstance(item, EffectPart):
        return "instr"
    if isinstance(item, Use) and item.slot in ROW_SLOTS:
        return ROW_SLOTS[item.slot]
    if isinstance(item, Record) and "effects" in item.fields:
        return "abilities"
    return ""


def _slot_of(field: Field, style: str) -> str:
    """Return the slot a ``Use`` field names when it has ``style``, else ``""``."""
    if isinstance(field, Use) and field.slot in VOCABULARY.slots and VOCABULARY.slots[field.slot].style == style:
        return field.slot
    return ""


# ----------------------------------------------------------------------------- filters

FILTER_MAIN = ("self", "other", "attached", "types", "subtypes", "colors", "token", "tapped", "controller")
"""The filter parts shown at once (the others are behind "More" until used): layout only, every
entry of the ``filter`` slot is a part (:data:`FILTER`)."""


def _filter_part(part: Part) -> Part:
    """Return a part of :data:`FILTER`: labelled as its entry (``types``: "Has all these card
    types", not the value's "Card types", which ``any_types`` shares)."""
    if VOCABULARY.has("filter", part.key):
        part = replace(part, label=translated(VOCABULARY.get("filter", part.key).label))
    if part.kind == "choice" and len(part.choices) >= MANY:
        part = replace(part, kind="text", choices=(), labels={})  # a keyword: typed, not one of 153 options
    elif part.kind == "choice":
        part = replace(part, labels={**word_labels(part.choices), **part.labels})  # the registry's labels, if any, win
    return replace(part, main=part.key in FILTER_MAIN)


FILTER = tuple(_filter_part(part) for part in vocab.keyed_parts(VOCABULARY, "filter"))
"""The parts of a FILTER (the ``filter`` slot, §8.3): every part given must hold."""


# ----------------------------------------------------------------------------- from a key's schema to its fields

def key_specs(key: str, field: Field, name: str, label: Any = None, help: Any = None) -> list[Spec]:
    """Return the fields that hold one key of an entry (``key`` is its path in the item, ``name``
    the base of the field names), by the key's schema; ``[]`` for a list of rows of their own
    (:func:`rows_of`) and for a key whose schema depends on another key (:class:`Deferred`)."""
    given, label = label, label_of(field, key) if label is None else label
    help = translated(field.help) if help is None else help
    spec = lambda kind, **kw: Spec(key, name, kind, label, help=help, **kw)  # noqa: E731
    if isinstance(field, Deferred) or rows_of(field):
        return []
    if isinstance(field, Const):
        if field.value is True:
            return [spec("flag")]
        if isinstance(field.value, str):
            return [spec("choice", choices=(field.value,), labels=word_labels((field.value,)))]
        return []
    if isinstance(field, Boolean):
        return [spec("flag" if field.default is False else "yesno")]
    if isinstance(field, Text):
        return [spec("longtext" if field.max_length >= 1000 else "text")]
    if isinstance(field, Integer):
        return [spec("int", min_value=field.low, max_value=field.high)]
    if isinstance(field, Choice):
        return [spec("choice", choices=field.values,
                     labels={**word_labels(field.values), **{v: translated(t) for v, t in field.labels.items()}})]
    if isinstance(field, Ref):
        return [spec("ref", players="player" in field.spaces)]
    if _slot_of(field, NAMED):
        names = tuple(entry.name for entry in allowed(field))  # type: ignore[arg-type]
        return [spec("choice", choices=names, labels=word_labels(names))]
    if isinstance(field, Use) and field.slot == "filter":
        return [spec("record", parts=FILTER)]
    if _slot_of(field, KEYED):
        return _keyed_specs(key, field, name)  # type: ignore[arg-type]
    if _slot_of(field, TAGGED):
        return _tagged_specs(key, field, name)  # type: ignore[arg-type]
    if isinstance(field, ListOf):
        return _list_specs(key, field, name, label, help)
    if isinstance(field, MapOf):
        return _map_specs(key, field, name, label, help)
    if isinstance(field, Record):  # a field per key, "Token: power" when the object has a label
        what = given if given is not None else translated(field.label) if field.label else None
        return [replace(s, label=lazy_percent(_("%(what)s: %(part)s"), what=what, part=s.label)) if what is not None else s
                for sub, item in field.fields.items() for s in key_specs(f"{key}.{sub}", item, f"{name}_{sub}")]
    if isinstance(field, Either):
        return _either_specs(key, field, name, label, help)
    return [spec("json")]


def _keyed_specs(key: str, field: Use, name: str) -> list[Spec]:
    """A keyed slot's value (a cost, a condition): one field per entry it may hold (its label the
    entry's), and one per companion key (a condition's ``at_least``)."""
    specs: list[Spec] = []
    for entry in allowed(field):
        specs += key_specs(f"{key}.{entry.name}", entry.value, f"{name}_{entry.name}", label=translated(entry.label),  # type: ignore[arg-type]
                           help=translated(entry.value.help))  # type: ignore[union-attr]
        for sub, companion in entry.keys.items():
            specs += key_specs(f"{key}.{sub}", companion, f"{name}_{sub}")
    return _collected(specs)


def _tagged_specs(key: str, field: Use, name: str) -> list[Spec]:
    """A tagged slot's value inside an entry (a triggered ability's trigger): its tag, a choice of
    the slot's entries, and every key they take (a key the entries give different schemas gets a
    field per entry: ``trigger_to__damage``)."""
    declared = VOCABULARY.slots[field.slot]
    entries = allowed(field)
    fields = Fields()
    fields.add(Spec(f"{key}.{declared.tag}", f"{name}_{declared.tag}", "choice", translated(declared.label),
                    choices=tuple(e.name for e in entries), labels=vocab.entry_labels(VOCABULARY, field.slot)), "")
    for entry in entries:
        for sub, item in {**declared.common, **entry.keys}.items():
            for spec in key_specs(f"{key}.{sub}", item, f"{name}_{sub}"):
                fields.add(spec, entry.name)
    return fields.specs


def _list_specs(key: str, field: ListOf, name: str, label: Any, help: Any) -> list[Spec]:
    item = field.item
    if isinstance(item, Ref) and "player" in item.spaces and not field.unique:  # targets: one may be chosen twice (CR 115.3)
        # An ability on the stack is targeted by its stack id (s1, s2 …, CR 113.1c): the picker accepts those too.
        allow = r"s\d+" if "stack_item" in item.spaces else ""
        return [Spec(key, name, "refs", label, help=help, players=True, allow=allow),
                Spec(key, f"{name}_list", "words", _("…or as ids (one may repeat)"), main=False)]
    if isinstance(item, Ref):
        return [Spec(key, name, "refs", label, help=help, players="player" in item.spaces)]
    if isinstance(item, (Choice, Text)) or _slot_of(item, NAMED):
        return [Spec(key, name, "words", label, help=help or WORDS_HELP)]
    if isinstance(item, Integer):
        return [Spec(key, name, "ints", label, help=help)]
    if isinstance(item, Record) and len(item.fields) == 2 and all(isinstance(f, Ref) for f in item.fields.values()):
        return [Spec(key, name, "pairs", label, help=help, choices=tuple(item.fields))]
    slot = _slot_of(item, TAGGED)
    if slot:  # an additional cost: what is done, to which object
        declared = VOCABULARY.slots[slot]
        keys = {k for entry in VOCABULARY.entries(slot) for k in entry.keys}
        if len(keys) == 1:
            shown = ", ".join(VOCABULARY.names(slot))
            return [Spec(key, name, "pairs", label, choices=(declared.tag, *keys),
                         help=lazy_percent(_("“what: card id”, comma-separated (what: %(names)s)."), names=shown))]
    if isinstance(item, Record):  # a few decisions of the same shape (cascade): a group of inputs each
        parts = []
        for sub, part_field in item.fields.items():
            inner = key_specs(sub, part_field, sub)
            if len(inner) == 1 and inner[0].kind in PART_KINDS:
                parts.append(Part(sub, inner[0].kind, inner[0].label, choices=inner[0].choices, labels=inner[0].labels))
        return [Spec(key, name, "slots", label, help=help, parts=tuple(parts), count=min(field.max_items, 2))]
    return [Spec(key, name, "json", label, help=help)]


def _map_specs(key: str, field: MapOf, name: str, label: Any, help: Any) -> list[Spec]:
    if isinstance(field.key, Choice) and set(field.key.values) <= set(PLAYER_LABELS):  # per player (a trigger order)
        return [spec for player in field.key.values
                for spec in key_specs(f"{key}.{player}", field.value, f"{name}_{player}",
                                      label=lazy_percent(_("%(what)s: %(player)s"), what=label, player=PLAYER_LABELS[player]),
                                      help=help)]
    value = field.value
    if isinstance(value, Ref):
        return [Spec(key, name, "map", label, help=help)]
    if isinstance(value, ListOf) and isinstance(value.item, (Ref, Text)):
        return [Spec(key, name, "maplists", label, help=help)]
    if isinstance(value, Integer):
        return [Spec(key, name, "counts", label, help=help)]
    return [Spec(key, name, "json", label, help=help)]


def _either_specs(key: str, field: Either, name: str, label: Any, help: Any) -> list[Spec]:
    """The alternatives of an ``Either``: one text input for a number or a word (an amount, a
    position, a player), ``1-2`` for a number or a range; else each alternative's fields, the
    later ones named and labelled by their kind (``affected`` or ``affected_filter``)."""
    options = [o for o in field.options if not (isinstance(o, Const) and o.value is None)]  # a nullable key: its value
    if len(options) == 1:
        return key_specs(key, options[0], name, label, help)
    numbers = [o for o in options if isinstance(o, Integer)]
    amounts = [o for o in options if isinstance(o, Use) and o.slot == "amount"]
    wordy = [o for o in options if isinstance(o, Choice) or isinstance(o, Const) and isinstance(o.value, str)]
    if numbers and amounts:
        specs = [Spec(key, name, "amount", label, help=help)]
        for entry in allowed(amounts[0]):
            if isinstance(entry.value, Use) and entry.value.slot == "filter":
                specs.append(Spec(f"{key}.{entry.name}", f"{name}_{entry.name}", "record",
                                  lazy_percent(_("…or %(what)s that match"), what=translated(entry.label).lower()),
                                  parts=FILTER, main=False))
            for sub, companion in entry.keys.items():
                specs += [replace(s, main=False) for s in key_specs(f"{key}.{sub}", companion, f"{name}_{sub}")]
        return _collected(specs)
    rest = [o for o in options if o not in numbers and o not in wordy]
    if numbers and wordy and all(isinstance(o, Record) for o in rest):  # a number or a word (+ {"controller_of_target": i})
        specs = [Spec(key, name, "index", label, help=help)]
        for option in rest:
            specs += key_specs(key, option, name)
        return specs
    if numbers and len(options) == 2 and isinstance(options[1], ListOf) and isinstance(options[1].item, Integer):
        return [Spec(key, name, "range", label, help=help)]
    specs = []
    for index, option in enumerate(options):
        inner = key_specs(key, option, name, label if index == 0 else None, help if index == 0 else None)
        if index:
            inner = [replace(s, name=f"{name}_{SUFFIX.get(s.kind, s.kind)}", main=False,
                             label=alternative_label(s.kind, label, s.label)) if s.key == key else s for s in inner]
        specs += inner
    return specs


def _collected(specs: Sequence[Spec]) -> list[Spec]:
    """Return ``specs`` with the fields of the same key and kind made one."""
    fields = Fields()
    for spec in specs:
        fields.add(spec, "")
    return fields.specs


# ----------------------------------------------------------------------------- one field per key and kind

RESERVED = {"owner": "owner_is", "extra": "extra_key", "absent": "absent_key", "lists": "lists_key", "colon": "colon_key"}
"""Field names a row has for itself (what an owned row belongs to, its JSON …) → the name of a key's field called so."""


class Fields:
    """The fields of one row section (or of one compound key): the entries that share a key
    share its field when its values fit (their choices together, the widest range), so that each
    value of a document has one field that takes it; a key the entries give different schemas
    has a field per schema, named after the entry that brings it (``to__change_text``)."""

    def __init__(self) -> None:
        self.specs: list[Spec] = []

    def add(self, spec: Spec, entry: str) -> str:
        """Add ``spec`` (or merge it into the field that already holds its key); return the field's name."""
        for index, old in enumerate(self.specs):
            if old.key == spec.key and _fits(old, spec):
                self.specs[index] = _merged(old, spec)
                return old.name
        names = {s.name for s in self.specs}
        name = RESERVED.get(spec.name, spec.name)
        if name in names:
            name = f"{name}__{entry}" if entry else name
            while name in names:
                name += "_"
        self.specs.append(replace(spec, name=name))
        return name


def _fits(old: Spec, new: Spec) -> bool:
    """Return whether one field can hold the values of both ``old`` and ``new`` (same key)."""
    if old.kind != new.kind:
        return False
    if old.kind == "choice":
        return bool(set(old.choices) & set(new.choices))
    if old.kind in ("record", "slots", "pairs"):
        return [p.key for p in old.parts] == [p.key for p in new.parts] and old.choices == new.choices
    return True


def _merged(old: Spec, new: Spec) -> Spec:
    """Return one field for the values of ``old`` and ``new``: their choices together, the widest range."""
    low = [v for v in (old.min_value, new.min_value) if v is not None]
    high = [v for v in (old.max_value, new.max_value) if v is not None]
    # A help text that is not the same for every entry sharing the field would be wrong for some: none then.
    with translation.override(None):  # the engine's English, compared without loading a catalogue
        same_help = str(old.help) == str(new.help)
    choices = old.choices + tuple(c for c in new.choices if c not in old.choices) if old.kind == "choice" else old.choices
    return replace(old, choices=choices, labels={**new.labels, **old.labels}, players=old.players or new.players,
                   main=old.main or new.main, help=old.help if same_help else "",
                   min_value=min(low) if low else None, max_value=max(high) if high else None)


def _main(entry: Entry, key: str) -> bool:
    """Return whether the key's fields are shown at once for ``entry`` (its builder row)."""
    return key in entry.row.main or key not in entry.row.extra


def event_specs(key: str, field: Field, name: str) -> tuple[list[Spec], str, dict[str, list[Spec]]] | None:
    """Return, for a key whose fields depend on an event, ``(fields of its own, the key that names
    the event, {event: its fields})``, else ``None``: a triggered ability's ``trigger`` (a tagged
    slot's value: its tag, then each trigger event's keys, CR 603.1) or a replacement's key whose
    schema is the replaced event's (a ``Deferred`` key: that key of each ``replacement`` entry,
    CR 614.1; a FILTER there may be empty, ``{}``: any object)."""
    if isinstance(field, Deferred):
        by_event = {}
        for entry in VOCABULARY.entries("replacement"):
            if key in entry.keys:
                item = entry.keys[key]
                specs = key_specs(key, item, name)
                if isinstance(item, Use) and item.slot == "filter":
                    specs.append(Spec(key, f"{name}_any", "emptyobj", alternative_label("emptyobj", specs[0].label, ""), main=False))
                by_event[entry.name] = specs
        return [], "event", by_event
    slot = _slot_of(field, TAGGED)
    if not slot:
        return None
    declared = VOCABULARY.slots[slot]
    entries = allowed(field)  # type: ignore[arg-type]
    tag = Spec(f"{key}.{declared.tag}", f"{name}_{declared.tag}", "choice", translated(declared.label),
               choices=tuple(e.name for e in entries), labels=vocab.entry_labels(VOCABULARY, slot))
    return [tag], tag.key, {entry.name: [spec for sub, item in {**declared.common, **entry.keys}.items()
                                         for spec in key_specs(f"{key}.{sub}", item, f"{name}_{sub}")] for entry in entries}


def tagged_section(prefix: str, key: str, entries: Sequence[tuple[Entry, Mapping[str, Field]]], switch: Spec,
                   title: Any, intro: Any, add_label: Any, row_label: Any, *, first: Sequence[str] = (),
                   more: Sequence[str] = (), needs: Mapping[tuple[str, str], Any] | None = None,
                   **options: Any) -> Section:
    """Return the row section of a tagged slot's entries, each with the keys it takes
    (``entries``: ``(entry, keys)``): the switch lists them, each entry uses the fields of its
    keys (:func:`key_specs`), and the fields of a key that depend on an event (:func:`event_specs`)
    follow the event chosen (the section's ``details``). A required key held by one field is needed
    in the row (``needs``: a message for ``(entry, key)``, else "Give …"). Keys in ``first`` come
    first in the row, the others where they come on average in the entries that take them; keys in
    ``more`` are behind "More" whatever the entry's builder row says."""
    fields = Fields()
    uses: dict[str, str] = {}
    needed: dict[str, dict[str, Any]] = {}
    places: dict[str, list[float]] = {}
    details: dict[str, tuple[str, dict[str, str]]] = {}
    for entry, keys in entries:
        names: list[str] = []
        events: dict[str, list[str]] = {}
        event_key = ""
        for position, (item_key, field) in enumerate(keys.items()):
            places.setdefault(item_key, []).append(position / len(keys))
            shown = _main(entry, item_key) and item_key not in more
            split = event_specs(item_key, field, item_key)
            if split is not None:
                own, event_key, by_event = split
                names += [fields.add(replace(spec, main=spec.main and shown), entry.name) for spec in own]
                for event, specs in by_event.items():
                    events.setdefault(event, []).extend(fields.add(replace(spec, main=spec.main and shown), event) for spec in specs)
                continue
            specs = key_specs(item_key, field, item_key)
            given = [fields.add(replace(spec, main=spec.main and shown), entry.name) for spec in specs]
            names += given
            if item_key in entry.required and specs and all(spec.key == item_key for spec in specs):
                message = (needs or {}).get((entry.name, item_key))
                needed.setdefault(entry.name, {})[given[0]] = message or lazy_percent(
                    _("Give “%(field)s”: %(entry)s needs it."), field=specs[0].label, entry=translated(entry.label))
        uses[entry.name] = " ".join(dict.fromkeys(names))
        if events:
            event_field = next(spec.name for spec in fields.specs if spec.key == event_key and spec.name in names)
            details[entry.name] = (event_field, {event: " ".join(dict.fromkeys(given)) for event, given in events.items() if given})
    top = {spec.name: spec.key.split(".")[0] for spec in fields.specs}

    def place(spec: Spec) -> tuple[int, float]:
        key_of = top[spec.name]
        if key_of in first:
            return (0, first.index(key_of))
        return (1, sum(places[key_of]) / len(places[key_of]))

    ordered = sorted(fields.specs, key=place)
    return Section(prefix, key, (switch, *ordered), title, intro, add_label, row_label, switch=switch.name,
                   uses=uses, needs=needed, details=details, **options)


def switch_spec(name: str, label: Any, entries: Iterable[Entry], labels: Mapping[str, Any] | None = None, **options: Any) -> Spec:
    """Return a section's switch: a choice of ``entries`` (their labels the registry's, or ``labels``)."""
    entries = list(entries)
    shown = {e.name: translated(e.label) for e in entries} | dict(labels or {})
    return Spec(name, name, "choice", label, choices=tuple(e.name for e in entries), labels=shown, required=True,
                **({"blank": _("— choose —")} | options))
