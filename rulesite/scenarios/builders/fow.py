"""The Force of Will board form (``/scenarios/new/fow/``): docs/scenario-format.md §7 as field
specs.

The frame — players, the turn, the cards with their zones and printed information, the chase
and the waiting triggers — is declared here. Every vocabulary value comes from the engine's
registry (:data:`engine.fow.vocabulary.VOCABULARY`, docs/engine-vocabulary.md): which ability
kinds, instructions, effects in force, player actions, filter keys, continuous-effect changes,
costs, durations, trigger events, Chant-Standby conditions, non-card targets and options there
are, their labels (translated through :func:`.vocab.translated`) and the keys each takes. A
section's switch lists a slot's entries and ``uses`` says, per entry, the fields of its keys;
:func:`key_specs` turns one key's schema into its fields. So a new entry is in the form, the
docs and the vocabulary page at once, and ``rulesite/scenarios/tests/test_builder_fow.py``
checks that every entry of every slot shown has a field for each of its keys.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from django.utils import translation
from django.utils.translation import gettext_lazy as _

from engine.core.schema import Choice, Either, Field, ListOf, MapOf, Record, Ref, Use
from engine.core.vocabulary import Entry
from engine.fow.choices import ChoiceValue
from engine.fow.effects import REPLACEMENTS, EffectSpec
from engine.fow.model import ADDITION_SUBTYPES, SPELL_SUBTYPES, TYPES, WILL_KINDS, ZONES
from engine.fow.scenario import PHASE_STEPS
from engine.fow.vocabulary import APPLIES_TO, PLAYERS, VOCABULARY, CostOf, Reference, SlotSubset, TargetValue

from . import vocab
from .common import ChildList, GameSpec, Section, Spec, lazy_percent


def translated(text: str) -> Any:
    """Return a Force of Will registry text translated when shown, in Force of Will's own terms
    where a text several games share reads differently here (:func:`.vocab.translated`)."""
    return vocab.translated(text, VOCABULARY.game)

# ----------------------------------------------------------------------------- the frame

PLAYER_LABELS = {"p1": _("Player 1"), "p2": _("Player 2")}
PHASE_LABELS = {"draw": _("Draw phase"), "recovery": _("Recovery phase"), "main": _("Main phase"), "end": _("End phase")}
STEPS = tuple(dict.fromkeys(step for steps in PHASE_STEPS.values() for step in steps))
STEP_LABELS = {
    "start": _("Beginning (start)"), "draw": _("Draw"), "recover": _("Recover"), "main": _("Main (no battle)"),
    "beginning_of_battle": _("Battle: beginning of battle"), "declare_attack": _("Battle: declare attack"),
    "declare_block": _("Battle: declare block"), "block_declared": _("Battle: block declared"),
    "first_strike": _("Battle: first strike damage"), "normal_damage": _("Battle: normal damage"),
    "end_of_battle": _("Battle: end of battle"), "end_of_turn": _("End of turn"), "final": _("Final step"),
}
ZONE_LABELS = {
    "main_deck": _("Main deck"), "stone_deck": _("Magic stone deck"), "hand": _("Hand"), "field": _("Field"),
    "stone_area": _("Magic stone area"), "ruler_area": _("Ruler area"), "graveyard": _("Graveyard"),
    "lifebreak": _("Lifebreak area (Valhalla)"), "standby": _("Standby area"), "removed": _("Removed area"),
    "chase": _("On the chase"), "battle_area": _("Battle area"),
}
TYPE_LABELS = {
    "ruler": _("Ruler"), "j_ruler": _("J-ruler"), "resonator": _("Resonator"), "spell": _("Spell"),
    "addition": _("Addition"), "regalia": _("Regalia"), "magic_stone": _("Magic stone"),
}
SUBTYPE_LABELS = {
    "chant": _("Chant"), "chant_instant": _("Chant-Instant"), "chant_standby": _("Chant-Standby"),
    "field": _("Addition: Field"), "resonator": _("Addition: Resonator"), "ruler": _("Addition: Ruler"),
    "j_ruler": _("Addition: J-ruler"), "resonator_j_ruler": _("Addition: Resonator/J-ruler"),
    "ruler_j_ruler": _("Addition: Ruler/J-ruler"),
}
SUBTYPES = tuple(dict.fromkeys(SPELL_SUBTYPES + ADDITION_SUBTYPES))
CHASE_KIND_LABELS = {"card": _("A card (spell or summon)"), "ability": _("An ability"), "judgment": _("Judgment")}
WILL_HELP = lazy_percent(_("e.g. “fire: 1, void: 2” (%(kinds)s)"), kinds=", ".join(WILL_KINDS))
FRAME_LABELS = (PLAYER_LABELS, ZONE_LABELS)
"""Labels of the frame's words wherever a vocabulary choice offers them (players, zones)."""


# ----------------------------------------------------------------------------- from a key's schema to its fields

TARGET_HELP = _("0 = the first target; this, you, opponent, attached, attacker; chase:1")
"""How an instruction's target is written (§7.4): the forms of :class:`~engine.fow.vocabulary.Reference`."""
TEXT_LIKE = frozenset({"index", "choice", "text"})
"""Field kinds one text input can stand for (an index field also takes ``you`` or a card id)."""


def _frame_labels(choices: Iterable[Any]) -> Mapping[Any, Any]:
    """Return the frame's labels of ``choices`` when they are players or zones, else ``{}``."""
    values = set(choices)
    return next((labels for labels in FRAME_LABELS if values and values <= set(labels)), {})


def _label(field: Field, key: str) -> Any:
    """Return the translated label of ``field`` (its schema's, else its key's words)."""
    return translated(field.label or key.rsplit(".", 1)[-1].replace("_", " ").capitalize())


def _choice_spec(key: str, name: str, field: Field, label: Any) -> Spec:
    """Return a choice of ``field``'s values (a ``Choice``'s, a named slot's entries), labelled."""
    values, labels = vocab.choices_of(field, VOCABULARY.game)
    return Spec(key, name, "choice", label, choices=values, labels={**_frame_labels(values), **labels},
                help=translated(field.help))


def cost_specs(key: str, cost: CostOf, name: str) -> list[Spec]:
    """Return the fields of a cost in one context: one per part the context pays
    (:class:`~engine.fow.vocabulary.CostOf`): the will kinds together (``fire: 1, void: 2``), the
    [rest] symbol or the cards to rest, life, a discard (FoW 2.3, 9.3, 8.2)."""
    specs = []
    for part in cost.allowed:
        if part in WILL_KINDS:
            continue
        entry = VOCABULARY.get("cost", part)
        label = lazy_percent(_("%(what)s: %(part)s"), what=translated(cost.label), part=translated(entry.label))
        if part == "rest" and cost.rest_record:
            specs += [Spec(f"{key}.rest.filter", f"{name}_rest_filter", "record", label, parts=FILTER),
                      Spec(f"{key}.rest.count", f"{name}_rest_count", "int", _("…how many"), min_value=1, max_value=100)]
        elif part == "rest":
            specs.append(Spec(f"{key}.rest", f"{name}_rest", "flag", label))
        else:
            value = entry.value
            specs.append(Spec(f"{key}.{part}", f"{name}_{part}", "int", label, min_value=value.low, max_value=value.high))
    if any(part in WILL_KINDS for part in cost.allowed):
        specs.append(Spec(key, name, "counts", translated(cost.label), help=WILL_HELP))
    return specs


def change_specs(prefix: str, name: str) -> list[Spec]:
    """Return one field per continuous-effect change (the ``change`` slot, FoW 9.9), its key
    ``prefix`` + the change's name."""
    out = []
    for entry in VOCABULARY.entries("change"):
        spec = vocab.field_spec(VOCABULARY, prefix + entry.name, entry.value, name=name + entry.name)
        help_ = KEYWORD_HELP if entry.name in ("gain", "lose") else spec.help
        out.append(replace(spec, label=translated(entry.label), help=help_))
    return out


def trigger_specs(key: str, name: str, slot: str) -> list[Spec]:
    """Return the fields of a triggered ability's event (``slot`` ``trigger``, FoW 9.6) or a
    Chant-Standby's condition (``standby_condition``, 7.9): the event, a choice of the slot's
    entries, and every key they take."""
    declared = VOCABULARY.slots[slot]
    entries = VOCABULARY.entries(slot)
    specs = [Spec(f"{key}.{declared.tag}", f"{name}_{declared.tag}", "choice", translated(declared.label),
                  choices=tuple(e.name for e in entries), labels=vocab.entry_labels(VOCABULARY, slot))]
    for entry in entries:
        for sub, field in {**declared.common, **entry.keys}.items():
            specs += key_specs(f"{key}.{sub}", field, f"{name}_{sub}")
    return specs


def effect_spec_specs(key: str, field: EffectSpec, name: str) -> list[Spec]:
    """Return the fields of an effect in force's ``spec``: what created it (``do``, one of the
    instructions it may be the body of) and the keys of those instructions but its target and
    duration, which the effect itself holds (FoW 9.8–9.10)."""
    labels = {do: translated(VOCABULARY.get("instruction", do).label) for do in field.instructions}
    specs = [Spec(f"{key}.do", f"{name}_do", "choice", translated(field.label), choices=field.instructions, labels=labels,
                  blank=translated(VOCABULARY.get("instruction", field.instructions[0]).label) if field.do_optional else "—")]
    for do in field.instructions:
        entry = VOCABULARY.get("instruction", do)
        for sub, item in entry.keys.items():
            if sub not in ("target", "duration"):
                specs += key_specs(f"{key}.{sub}", item, f"{name}_{sub}")
        item = _applies_to_schema(do)
        if item is not None:
            specs += key_specs(f"{key}.applies_to", item, f"{name}_applies_to")
    return specs


def _applies_to_schema(do: str) -> Field | None:
    """Return the schema of an effect spec's ``applies_to`` for the instruction ``do``, as the
    engine checks it (:class:`~engine.fow.effects.EffectSpec`), or ``None`` when it takes none."""
    if do in REPLACEMENTS:
        return None
    return APPLIES_TO if do == "modify" else VOCABULARY.use("filter")


def key_specs(key: str, field: Field, name: str, label: Any = None) -> list[Spec]:
    """Return the fields that hold one key of an entry (``key`` is its path in the item,
    ``name`` the base of the field names): by the key's schema, a plain input (:func:`.vocab.field_spec`),
    or for the schemas one input cannot hold, several: a target (an index, a word or an id, or
    a filter), a cost (a part each), a filter (its parts), a record (a field per key), a choice
    or a filter, the changes of a continuous effect, a trigger, an effect's body."""
    label = label or _label(field, key)
    if isinstance(field, Reference):
        specs = [Spec(key, name, "index", label, help=TARGET_HELP)]
        if field.filter:
            specs.append(Spec(key, f"{name}_filter", "record", _("…or every card that matches"), parts=FILTER, main=False))
        return specs
    if isinstance(field, ListOf) and isinstance(field.item, TargetValue):
        return [Spec(key, name, "refs", label, players=True, allow=r"chase:\d{1,4}", help=translated(field.help))]
    if isinstance(field, ListOf) and isinstance(field.item, Ref):
        return [Spec(key, name, "refs", label, players="player" in field.item.spaces, help=translated(field.help))]
    if isinstance(field, ChoiceValue):
        return [Spec(key, name, "text", label, help=_("One of the options of the open choice step, e.g. “a1#0”.")),
                Spec(key, f"{name}_list", "words", _("…or several (ids, in order)"), help=_("Comma-separated."))]
    if isinstance(field, CostOf):
        return cost_specs(key, field, name)
    if isinstance(field, SlotSubset):
        change = VOCABULARY.get("change", key.rsplit(".", 1)[-1])
        return [replace(spec, key=key, name=name) for spec in change_specs("", "") if spec.key == change.name]
    if isinstance(field, Use) and field.slot == "change":
        applies = VOCABULARY.get("change", "atk").keys["applies_to"]
        return key_specs(f"{key}.applies_to", applies, f"{name}_applies_to") + change_specs(f"{key}.", f"{name}_")
    if isinstance(field, Use) and field.slot in ("trigger", "standby_condition"):
        return trigger_specs(key, name, field.slot)
    if isinstance(field, EffectSpec):
        return effect_spec_specs(key, field, name)
    if isinstance(field, Record):
        return [spec for sub, item in field.fields.items() for spec in key_specs(f"{key}.{sub}", item, f"{name}_{sub}")]
    if isinstance(field, Use) and field.slot == "filter":
        return [Spec(key, name, "record", label, parts=FILTER, help=translated(field.help))]
    if isinstance(field, Either):
        choice = next((o for o in field.options if isinstance(o, Choice)), None)
        keyed = next((o for o in field.options if vocab.spec_kind(o) == "record"), None)
        if choice is not None and keyed is not None:
            return [replace(_choice_spec(key, name, choice, label), help=translated(field.help)),
                    Spec(key, f"{name}_filter", "record", _("…or every card that matches"), parts=FILTER, main=False)]
    spec = vocab.field_spec(VOCABULARY, key, field, name=name)
    if spec.kind == "choice":
        return [_choice_spec(key, name, field, label)]
    if spec.kind == "counts" and isinstance(field, MapOf) and set(vocab.choices_of(field.key, VOCABULARY.game)[0]) <= set(WILL_KINDS):
        return [replace(spec, label=label, help=WILL_HELP)]  # will by kind: the short example, not the schema's paragraph
    return [replace(spec, label=label)]


class Fields:
    """The fields of one row section, one per document key and kind: the entries of a slot that
    share a key share its field (their choices together, the widest range), so that each value of
    a document has exactly one field that takes it."""

    def __init__(self) -> None:
        self.specs: list[Spec] = []

    def add(self, spec: Spec) -> str:
        """Add ``spec`` (or merge it into the field already holding its key); return the field's name."""
        for i, old in enumerate(self.specs):
            if old.key != spec.key:
                continue
            kinds = {old.kind, spec.kind}
            if old.kind == spec.kind or kinds <= TEXT_LIKE or kinds == {"int", "amount"}:
                self.specs[i] = _merged(old, spec)
                return old.name
        names = {s.name for s in self.specs}
        name = spec.name
        while name in names:
            name += "_"
        self.specs.append(replace(spec, name=name))
        return name


def _merged(old: Spec, new: Spec) -> Spec:
    """Return one field for the values of ``old`` and ``new`` (same key): their choices together,
    the widest range; an index field takes a choice's words, an amount an integer's."""
    kinds = {old.kind, new.kind}
    kind = old.kind if old.kind == new.kind else "index" if "index" in kinds else "amount" if "amount" in kinds else "text"
    choices = old.choices + tuple(c for c in new.choices if c not in old.choices) if kind == "choice" else ()
    low = [v for v in (old.min_value, new.min_value) if v is not None]
    high = [v for v in (old.max_value, new.max_value) if v is not None]
    # A help text that is not the same for every entry sharing the field would be wrong for some: none then.
    with translation.override(None):  # the engine's English, compared without loading a catalogue
        same_help = str(old.help) == str(new.help)
    return replace(old, kind=kind, choices=choices, labels={**new.labels, **old.labels} if kind == "choice" else {},
                   players=old.players or new.players, main=old.main or new.main, help=old.help if same_help else "",
                   min_value=min(low) if low else None, max_value=max(high) if high else None)


def _main(entry: Entry, key: str) -> bool:
    """Return whether the key's fields are shown at once for ``entry`` (its builder row, §7)."""
    return key in entry.row.main or key not in entry.row.extra


def slot_section(slot: str, prefix: str, key: str, title: Any, intro: Any, add_label: Any, row_label: Any, *,
                 children: Sequence[str] = (), needs: Mapping[tuple[str, str], Any] | None = None,
                 **options: Any) -> Section:
    """Return the row section of a tagged slot: its tag is the switch (the entries, with their
    labels), and each entry uses the fields of its keys (:func:`key_specs`); keys in
    ``children`` (paths, ``spec.effect``) are lists of rows of their own (:data:`CHILDREN`). A required key is needed
    (``needs``: a message for ``(entry, key)``, else "Give …")."""
    declared = VOCABULARY.slots[slot]
    first = options.pop("first_entries", ())
    entries = sorted(VOCABULARY.entries(slot), key=lambda e: first.index(e.name) if e.name in first else len(first))
    switch = Spec(declared.tag, declared.tag, "choice", translated(declared.label), choices=tuple(e.name for e in entries),
                  labels=vocab.entry_labels(VOCABULARY, slot), required=True, blank=options.pop("blank", _("— choose —")))
    fields = Fields()
    uses: dict[str, str] = {}
    needed: dict[str, dict[str, Any]] = {}
    places: dict[str, list[float]] = {}
    for entry in entries:
        names: list[str] = []
        keys = {**entry.keys, **declared.common}  # the shared keys (text) last
        for position, (item_key, field) in enumerate(keys.items()):
            places.setdefault(item_key, []).append(position / len(keys))
            if item_key in children:
                continue
            shown = _main(entry, item_key)
            specs = [spec for spec in key_specs(item_key, field, item_key) if spec.key not in children]
            given = [fields.add(replace(spec, main=spec.main and shown)) for spec in specs]
            names += given
            # A required key held by fields of its own is needed in the row; one spread over the fields of
            # its parts (an effect's spec) is left to the engine's error, which names the part.
            if item_key in entry.required and item_key != declared.tag and all(spec.key == item_key for spec in specs):
                message = (needs or {}).get((entry.name, item_key))
                needed.setdefault(entry.name, {})[given[0]] = message or lazy_percent(
                    _("Give “%(field)s”: %(entry)s needs it."), field=_label(field, item_key), entry=translated(entry.label))
        uses[entry.name] = " ".join(dict.fromkeys(names))
    # A row shows its fields in the section's order: each key where it comes on average in the entries
    # that take it (an action's player, then its card, its targets, what pays), a key's fields together.
    top = {spec.name: spec.key.split(".")[0] for spec in fields.specs}
    ordered = sorted(fields.specs, key=lambda spec: sum(places[top[spec.name]]) / len(places[top[spec.name]]))
    return Section(prefix, key, (switch, *ordered), title, intro, add_label, row_label, switch=declared.tag,
                   uses=uses, needs=needed, **options)


# ----------------------------------------------------------------------------- the keyed and named slots

KEYWORD_HELP = lazy_percent(_("Keywords, comma-separated: %(names)s."), names=", ".join(VOCABULARY.names("keyword")))
"""The ``keyword`` slot's entries (FoW 11, 12.3 and card text treated as keywords)."""
FILTER = tuple(replace(part, labels={**_frame_labels(part.choices), **part.labels}) if part.kind == "choice" else part
               for part in vocab.keyed_parts(VOCABULARY, "filter"))
"""The parts of a filter (the ``filter`` slot, §7.4.5): a card target, ``applies_to``, an instruction's ``target``."""
TARGET_ZONES = {entry.name: translated(entry.label) for entry in VOCABULARY.entries("target")}
"""Target specifications that are not cards (the ``target`` slot, §7.4.6): their ``zone``."""


def _option(entry: Entry) -> Spec:
    """Return the select of one option flag (an ``option`` entry); its blank choice is the documented default."""
    field = entry.value
    question = lazy_percent(_("%(label)s (%(rules)s)"), label=translated(entry.label), rules=", ".join(entry.rule))
    if vocab.spec_kind(field) in ("flag", "yesno"):
        return Spec(entry.name, f"opt_{entry.name}", "yesno", question, path=("options", entry.name), main=False,
                    help=translated(entry.doc),
                    blank=_("Default (%(value)s)") % {"value": _("Yes") if field.default else _("No")})
    values, labels = vocab.choices_of(field, VOCABULARY.game)
    return Spec(entry.name, f"opt_{entry.name}", "choice", question, choices=values, labels=labels,
                path=("options", entry.name), main=False,
                blank=lazy_percent(_("Default (%(value)s)"), value=labels.get(field.default, field.default)))


def _player_fields(pid: str) -> tuple[Spec, ...]:
    n = pid[1]
    return (
        Spec("name", f"{pid}_name", "text", lazy_percent(_("Player %(n)s name"), n=n), path=("players", pid, "name")),
        Spec("life", f"{pid}_life", "int", lazy_percent(_("Player %(n)s life"), n=n), min_value=-1_000_000, max_value=1_000_000,
             path=("players", pid, "life"), help=_("Blank: 4000."), initial=4000),
        Spec("will", f"{pid}_will", "counts", lazy_percent(_("Player %(n)s will pool"), n=n), help=WILL_HELP, path=("players", pid, "will"), empty={}),
        Spec("called_stone", f"{pid}_called_stone", "yesno", lazy_percent(_("Player %(n)s called a stone this turn"), n=n),
             path=("players", pid, "called_stone"), main=False),
        Spec("judged", f"{pid}_judged", "yesno", lazy_percent(_("Player %(n)s performed Judgment this turn"), n=n),
             path=("players", pid, "judged"), main=False),
        Spec("first_turn", f"{pid}_first_turn", "yesno", lazy_percent(_("Player %(n)s is in their first turn"), n=n),
             path=("players", pid, "first_turn"), main=False),
        Spec("may_battle", f"{pid}_may_battle", "yesno", lazy_percent(_("Player %(n)s may initiate a battle"), n=n),
             path=("players", pid, "may_battle"), main=False),
        Spec("hand_limit", f"{pid}_hand_limit", "int", lazy_percent(_("Player %(n)s hand limit"), n=n), min_value=0, max_value=99,
             path=("players", pid, "hand_limit"), main=False),
        Spec("lifebreak_limit", f"{pid}_lifebreak_limit", "int", lazy_percent(_("Player %(n)s lifebreak limit"), n=n),
             min_value=0, max_value=99, path=("players", pid, "lifebreak_limit"), main=False),
    )


SETUP = (
    Spec("ruleset", "ruleset", "choice", _("Rules"), choices=VOCABULARY.rulesets, labels={"wp-2.3": _("Whitepaper 2.3")},
         path=("ruleset",), required=True, blank=None),
    Spec("active", "active", "choice", _("Turn player"), choices=PLAYERS, labels=PLAYER_LABELS, path=("turn", "active"),
         required=True, blank=None),
    Spec("phase", "phase", "choice", _("Phase"), choices=tuple(PHASE_STEPS), labels=PHASE_LABELS, path=("turn", "phase"),
         required=True, blank=None, initial="main"),
    Spec("step", "step", "choice", _("Step"), choices=STEPS, labels=STEP_LABELS, path=("turn", "step"), initial="main"),
    Spec("number", "number", "int", _("Turn number"), min_value=1, max_value=9_999, path=("turn", "number"),
         help=_("Turn 1: the first player skips the draw.")),
    Spec("priority", "priority", "choice", _("Priority now"), choices=PLAYERS, labels=PLAYER_LABELS,
         path=("turn", "priority"), blank=_("The turn player")),
    Spec("passes", "passes", "int", _("Passes so far"), min_value=0, max_value=1, path=("turn", "passes"), main=False),
    Spec("attacker", "battle_attacker", "ref", _("Battle: the attacker"), path=("turn", "battle", "attacker"), main=False),
    Spec("target", "battle_target", "ref", _("Battle: what it attacks"), players=True, path=("turn", "battle", "target"), main=False),
    Spec("blocker", "battle_blocker", "ref", _("Battle: the blocker"), path=("turn", "battle", "blocker"), main=False),
    Spec("first_strike_dealt", "battle_first_strike_dealt", "yesno", _("Battle: first strike damage dealt"),
         path=("turn", "battle", "first_strike_dealt"), main=False),
    Spec("opponent_played", "battle_opponent_played", "yesno", _("Battle: the opponent played something"),
         path=("turn", "battle", "opponent_played"), main=False),
    Spec("effect_order", "effect_order", "words", _("Tie order of continuous effects"), path=("turn", "effect_order"),
         main=False, help=_("Effect keys, comma-separated (FoW 9.9).")),
    *_player_fields("p1"),
    *_player_fields("p2"),
    *(_option(entry) for entry in VOCABULARY.entries("option")),
)

CARDS = Section(
    "cards", "objects",
    (
        Spec("id", "id", "text", _("Id"), help=_("Blank: c1, c2…")),
        Spec("name", "name", "text", _("Name"), required=True, attrs={"list": "card-names", "autocomplete": "off"}),
        Spec("owner", "owner", "choice", _("Owner"), choices=PLAYERS, labels=PLAYER_LABELS, required=True, blank=None),
        Spec("controller", "controller", "choice", _("Controller"), choices=PLAYERS, labels=PLAYER_LABELS,
             blank=_("Same as owner")),
        # A card on the chase is a chase item (FoW 3.13): it is entered under "The chase", with the
        # zone it was played from here.
        Spec("zone", "zone", "choice", _("Zone"), choices=tuple(z for z in ZONES if z != "chase"), labels=ZONE_LABELS,
             required=True, blank=None, initial="field"),
        Spec("type", "type", "choice", _("Card type"), choices=TYPES, labels=TYPE_LABELS, required=True, blank=None,
             initial="resonator"),
        Spec("subtype", "subtype", "choice", _("Subtype"), choices=SUBTYPES, labels=SUBTYPE_LABELS),
        Spec("rested", "rested", "yesno", _("Rested or recovered"), labels={"yes": _("Rested"), "no": _("Recovered")}),
        Spec("atk", "atk", "int", _("ATK"), min_value=0, max_value=999_999),
        Spec("def", "defense", "int", _("DEF"), min_value=0, max_value=999_999),
        Spec("damage", "damage", "int", _("Damage marked"), min_value=0, max_value=999_999),
        Spec("cost", "cost", "counts", _("Cost"), help=WILL_HELP, empty={}),
        Spec("side", "side", "choice", _("Side up (ruler card)"), choices=("ruler", "j_ruler"),
             labels={"ruler": _("Ruler"), "j_ruler": _("J-ruler")}, main=False),
        Spec("keywords", "keywords", "words", _("Keywords"), main=False, help=KEYWORD_HELP),
        Spec("races", "races", "words", _("Races"), main=False),
        Spec("attributes", "attributes", "words", _("Attributes"), main=False),
        Spec("counters", "counters", "counts", _("Counters"), main=False, help=_("e.g. “+100/+100: 2”")),
        Spec("attached_to", "attached_to", "ref", _("Attached to"), main=False),
        Spec("entered_this_turn", "entered_this_turn", "yesno", _("Entered the battle area this turn"), main=False),
        Spec("on_field_since_turn_start", "on_field_since_turn_start", "yesno", _("J-ruler on the field since the turn began"),
             main=False),
        Spec("placed_this_turn", "placed_this_turn", "yesno", _("Put into standby this turn"), main=False),
        Spec("timestamp", "timestamp", "int", _("Timestamp"), min_value=0, max_value=1_000_000, main=False),
        Spec("j_ruler.name", "j_name", "text", _("J-ruler side: name"), main=False),
        Spec("j_ruler.atk", "j_atk", "int", _("J-ruler side: ATK"), min_value=0, max_value=999_999, main=False),
        Spec("j_ruler.def", "j_def", "int", _("J-ruler side: DEF"), min_value=0, max_value=999_999, main=False),
        Spec("j_ruler.keywords", "j_keywords", "words", _("J-ruler side: keywords"), main=False, help=KEYWORD_HELP),
        Spec("j_ruler.races", "j_races", "words", _("J-ruler side: races"), main=False),
        Spec("awakening.cost", "awakening_cost", "counts", _("Awakening cost"), main=False, help=WILL_HELP),
        Spec("incarnation", "incarnation", "groups", _("Incarnation (attributes per resonator)"), main=False,
             help=_("e.g. “fire; fire, water”")),
        Spec("used_this_turn", "used_this_turn", "ints", _("Abilities with a use limit played this turn"), main=False,
             help=_("Their indexes, e.g. “0” (FoW 9.1).")),
    ),
    _("Cards"), _("Every card that matters, with its zone. Ordered zones (decks, graveyard) top card first."),
    _("Add a card"), _("Card"), card_ids=True, extra_rows=3,
)

CHASE = Section(
    "chain", "chain",
    (
        Spec("kind", "kind", "choice", _("Item"), choices=("card", "ability", "judgment"), labels=CHASE_KIND_LABELS,
             required=True, blank=None),
        Spec("source", "source", "ref", _("Card"), required=True),
        Spec("controller", "controller", "choice", _("Controller"), choices=PLAYERS, labels=PLAYER_LABELS),
        Spec("ability", "ability", "int", _("Ability (index)"), min_value=0, max_value=99),
        Spec("targets", "targets", "refs", _("Targets"), players=True, allow=r"chase:\d{1,4}"),
        Spec("from_hand", "from_hand", "yesno", _("Played from the hand")),
        Spec("awakened", "awakened", "yesno", _("Awakened")),
        Spec("modes", "modes", "ints", _("Modes chosen"), help=_("A modal card or ability: the indexes of its chosen modes (FoW 9.3).")),
    ),
    _("The chase"), _("Items on the chase, the bottom one first. Enter each card under “Cards” with the zone it was "
                      "played from (usually the hand); a spell that targets a chase item names it chase:1, chase:2… "
                      "from the bottom."), _("Add a chase item"), _("Chase item"),
    switch="kind", uses={"card": "source controller targets from_hand awakened modes", "ability": "source controller ability targets modes",
                         "judgment": "source controller"}, extra_rows=0,
)

PENDING = Section(
    "pending", "pending",
    (
        Spec("source", "source", "ref", _("Card"), required=True),
        Spec("ability", "ability", "int", _("Ability (index)"), min_value=0, max_value=99),
        Spec("controller", "controller", "choice", _("Controller"), choices=PLAYERS, labels=PLAYER_LABELS),
        Spec("count", "count", "int", _("Times triggered"), min_value=1, max_value=999),
    ),
    _("Triggered abilities waiting"), _("Abilities that have triggered and wait for priority processing."),
    _("Add a triggered ability"), _("Trigger"), extra_rows=0,
)

# ----------------------------------------------------------------------------- the sections of the tagged slots

EFFECTS = slot_section(
    "effect", "effects", "effects", _("Effects in force"),
    _("Effects of abilities that resolved earlier: continuous, replacement, delayed."), _("Add an effect"), _("Effect"),
    children=("spec.effect",), blank=None, extra_rows=0,
)

_ABILITY_ROWS = slot_section(
    "ability", "abilities", "", _("Abilities"),
    _("Each card's abilities, in printed order (format §7.4). What they do goes in “Ability effects”; what they target in "
      "“Targets”; the modes of a modal ability are rows of kind “Mode” that belong to it."), _("Add an ability"),
    _("Ability"), children=("targets", "effect", "modes.options"), mark="#", extra_rows=0,
)
MODE_LABEL = Spec("label", "mode_label", "text", _("Mode: what it does"), help=_("A few words (FoW 9.3)."))
ABILITIES = replace(
    _ABILITY_ROWS,
    fields=(replace(_ABILITY_ROWS.fields[0], choices=(*_ABILITY_ROWS.fields[0].choices, "mode"),
                    labels={**_ABILITY_ROWS.fields[0].labels, "mode": _("Mode of a modal ability (choose n)")}),
            *_ABILITY_ROWS.fields[1:], MODE_LABEL),
    uses={**_ABILITY_ROWS.uses, "mode": "mode_label"},
)
"""The ``ability`` slot's rows, and the modes of a modal ability (FoW 9.3): not an ability kind but a
row of this section owned by its ability (``modes.options``, :data:`CHILDREN`), with its own targets
and instructions."""

def _target_keys() -> tuple[Spec, ...]:
    """Return a select for each key of a non-card target (the ``target`` slot) that a filter does
    not have: a chase target's ``item`` (spell, ability, or either; FoW 3.13, 7.5)."""
    keys = {part.key for part in FILTER}
    specs = []
    for entry in VOCABULARY.entries("target"):
        for key, field in entry.keys.items():
            if key not in keys:
                keys.add(key)
                specs.append(replace(_choice_spec(key, key, field, _label(field, key)), main=False))
    return tuple(specs)


TARGETS = Section(
    "targets", "",
    tuple(Spec(part.key, part.key, part.kind, part.label,
               choices=part.choices + tuple(z for z in TARGET_ZONES if z not in part.choices) * (part.key == "zone"),
               labels={**part.labels, **(TARGET_ZONES if part.key == "zone" else {})}, main=part.main) for part in FILTER)
    + _target_keys(),
    _("Targets"), _("What each ability targets, in order: target 0, target 1… The instructions name them by number."),
    _("Add a target"), _("Target"), mark="@", extra_rows=0,
)

INSTRUCTION_SECTION = slot_section(
    "instruction", "instr", "", _("Ability effects"),
    _("What each ability does, in order. “Belongs to” names the ability (c1#0 is card c1's first ability)."),
    _("Add an ability effect"), _("Effect"), children=("effect",), mark="/", extra_rows=0,
)

NEEDS = {
    ("play", "card"): _("Pick the card played."), ("activate", "card"): _("Pick the card whose ability is played."),
    ("will", "card"): _("Pick the will source."), ("play_standby", "card"): _("Pick the Chant-Standby."),
    ("standby", "card"): _("Pick the card put into the standby area."), ("attack", "attacker"): _("Pick the attacker."),
    ("attack", "target"): _("Pick what it attacks."), ("block", "blocker"): _("Pick the blocker."),
    ("choose", "choice"): _("Give the option chosen."),
}
"""What a row of an action says when a key its entry requires is blank (the others: “Give …”)."""

ACTIONS_SECTION = slot_section(
    "action", "after", "actions", _("Then"),
    _("What the players do next, in order. An action at the wrong moment is an illegal step and is skipped."),
    _("Add a step"), _("Step"), children=("actions",), needs=NEEDS, blank=None,
    first_entries=("play", "pass"),  # what most steps are: a new row starts as a play (FoW 7), then a pass (FoW 6.4)
)

LOOP_SECTION = Section(
    "loop", "", ACTIONS_SECTION.fields, _("Loop iterations"),
    _("The actions of one iteration of a loop (FoW 14.1); “Belongs to” names the loop step."),
    _("Add a loop action"), _("Loop action"), switch="type", uses=ACTIONS_SECTION.uses, needs=ACTIONS_SECTION.needs,
    mark="~", extra_rows=0,
)

CHILDREN = (
    ChildList("cards", ("abilities",), "abilities", label=_("its abilities")),
    ChildList("cards", ("j_ruler", "abilities"), "abilities", tag=".j_ruler", label=_("its J-ruler side's abilities")),
    ChildList("cards", ("awakening", "abilities"), "abilities", tag=".awakening", label=_("its Awakening abilities")),
    ChildList("abilities", ("modes", "options"), "abilities", kind="mode", label=_("its modes")),
    ChildList("abilities", ("targets",), "targets", label=_("its targets")),
    ChildList("abilities", ("effect",), "instr", label=_("what it does")),
    ChildList("instr", ("effect",), "instr", label=_("what it does")),
    ChildList("chain", ("effect",), "instr", label=_("what it does instead of its card's text")),
    ChildList("effects", ("spec", "effect"), "instr", label=_("what the delayed ability does")),
    ChildList("after", ("actions",), "loop", label=_("the actions of one iteration")),
)
"""Which lists of which rows are rows of their own (§7.4, §7.5)."""

SLOT_SECTIONS = {"ability": ABILITIES, "instruction": INSTRUCTION_SECTION, "effect": EFFECTS, "action": ACTIONS_SECTION}
"""The row section whose switch lists each tagged slot of the vocabulary (the loop's rows are actions too)."""
CHILD_KEYS = {"ability": ("targets", "effect", "modes.options"), "instruction": ("effect",), "action": ("actions",), "effect": ("spec.effect",)}
"""The keys of each slot's entries whose items are rows of their own sections (:data:`CHILDREN`)."""
KEPT_IN_JSON: dict[str, str] = {}
"""``slot:key`` → why no field holds that key of the slot's entries and the row's JSON keeps it.
None today: every key of every entry has a field (``test_builder_fow.py`` checks it)."""

SPEC = GameSpec(
    game="fow", title=_("New Force of Will ruling"), setup=SETUP,
    sections=(CARDS, ABILITIES, TARGETS, INSTRUCTION_SECTION, CHASE, PENDING, EFFECTS, ACTIONS_SECTION, LOOP_SECTION),
    default_ruleset="wp-2.3", children=CHILDREN,
)
