"""The Magic board form (``/scenarios/new/mtg/``): docs/scenario-format.md §8 as field specs,
and the card catalogue (``engine.mtg.catalogue``) that fills in a card's characteristics by name.

The frame — the rules, players, the turn, the cards with their zones and printed
characteristics, the stack and the waiting triggers — is declared here, in Magic's words. Every
vocabulary value comes from the engine's registry (:data:`engine.mtg.vocabulary.VOCABULARY`,
docs/engine-vocabulary.md) through :mod:`.mtg_fields`: the ability kinds and the keys of each,
the instructions and continuous effects, the effects a document may hold, player actions,
trigger events, replaced events, conditions, amounts, costs, filter parts, targets, durations,
zones, counter kinds, keywords and the choices given in advance, with their labels (the
registry's English, translated with the ``vocabulary`` context). A section's switch lists a
slot's entries and ``uses`` names, per entry, the fields of its keys; so a new entry is in the
form, the docs and the vocabulary page at once, and
``rulesite/scenarios/tests/test_builder_mtg_vocabulary.py`` checks that every entry is offered
with a field for each of its keys.

Abilities are rules text as data (§8.3): rows of their own (abilities, their targets, what they
do) that belong to a card, filled in from the catalogue when the name is a catalogue card's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import cache
from typing import Any

from django.utils.translation import gettext_lazy as _

from engine.core.schema import Boolean, Choice, Field, Integer, ListOf, Text
from engine.core.vocabulary import Entry
from engine.mtg import catalogue
from engine.mtg.effects import DOCUMENT_EFFECTS
from engine.mtg.layers import same_name
from engine.mtg.scenario import ABILITY_KINDS, ACTION_TYPES, EFFECT_FRAME, OBJECT_KEYS, STEPS, ZONES
from engine.mtg.vocabulary import FILTER as FILTER_FIELD
from engine.mtg.model import PLAYERS
from engine.mtg.vocabulary import RULESETS, VOCABULARY

from . import common
from .common import (
    MISSING, ChildList, GameSpec, Section, Spec, counts_form, ids_form, lazy_percent, text_form, words_form,
)
from .mtg_fields import (
    FILTER, PLAYER_LABELS, STEP_LABELS, WORDS_HELP, ZONE_LABELS, key_specs, switch_spec, tagged_section,
)
from .vocab import translated

__all__ = ["FILTER", "PLAYER_LABELS", "SPEC", "STEP_LABELS", "ZONE_LABELS", "catalogue_card", "catalogue_cards",
           "catalogue_rows", "catalogue_with_rows", "card_names", "fill_from_catalogue", "unsupported_texts"]

WORDS = WORDS_HELP
MTG_PLAYERS = PLAYERS
"""A Magic game's players: ``p1`` and ``p2``, and up to four more in a multiplayer game (CR 800.1)."""

# ----------------------------------------------------------------------------- the frame

SETUP = (
    Spec("ruleset", "ruleset", "choice", _("Rules"), choices=RULESETS,
         labels={"cr-2022-04-29": _("Comprehensive Rules 2022-04-29"), "cr-2020-06-01": _("Comprehensive Rules 2020-06-01")},
         path=("ruleset",), required=True, blank=None),
    Spec("active", "active", "choice", _("Active player"), choices=MTG_PLAYERS, labels=PLAYER_LABELS, path=("turn", "active"),
         required=True, blank=None),
    Spec("step", "step", "choice", _("Step"), choices=STEPS, labels=STEP_LABELS, path=("turn", "step"), required=True,
         blank=None, initial="main1"),
    Spec("priority", "priority", "choice", _("Priority"), choices=MTG_PLAYERS, labels=PLAYER_LABELS,
         path=("turn", "priority"), blank=_("The active player")),
    Spec("combat_number", "combat_number", "int", _("Combat number"), min_value=1, max_value=99,
         path=("turn", "combat_number"), main=False),
    Spec("seat_order", "seat_order", "text", _("Seat order (turn order)"), path=(), main=False,
         help=_("With more than two players: their ids in turn order, e.g. p1, p3, p2, p4. Blank: p1, p2, then the "
                "players below in their order.")),
    *(
        spec
        for pid in ("p1", "p2")
        for spec in (
            Spec("name", f"{pid}_name", "text", lazy_percent(_("Player %(n)s name"), n=pid[1]), path=("players", pid, "name")),
            Spec("life", f"{pid}_life", "int", lazy_percent(_("Player %(n)s life"), n=pid[1]), min_value=-999_999,
                 max_value=999_999, path=("players", pid, "life"), initial=20),
            Spec("mana_pool", f"{pid}_mana_pool", "text", lazy_percent(_("Player %(n)s mana pool"), n=pid[1]),
                 path=("players", pid, "mana_pool"), help=_("e.g. {R}{G}{1}; blank: mana is not tracked.")),
            Spec("mana_pool", f"{pid}_pool_empty", "blankstr", lazy_percent(_("Player %(n)s mana pool: tracked, empty"), n=pid[1]),
                 path=("players", pid, "mana_pool"), main=False),
            Spec("poison", f"{pid}_poison", "int", lazy_percent(_("Player %(n)s poison counters"), n=pid[1]), min_value=0,
                 max_value=99, path=("players", pid, "poison"), main=False),
            Spec("lands_played", f"{pid}_lands_played", "int", lazy_percent(_("Player %(n)s lands played this turn"), n=pid[1]),
                 min_value=0, max_value=99, path=("players", pid, "lands_played"), main=False),
            Spec("spells_cast", f"{pid}_spells_cast", "int", lazy_percent(_("Player %(n)s spells cast this turn"), n=pid[1]),
                 min_value=0, max_value=999, path=("players", pid, "spells_cast"), main=False),
        )
    ),
)

CARDS = Section(
    "cards", "objects",
    (
        Spec("id", "id", "text", _("Id"), help=_("Blank: c1, c2…")),
        Spec("name", "name", "text", _("Name"), required=True, attrs={"list": "card-names", "autocomplete": "off"},
             help=_("A catalogue card fills in the rest when they are left blank.")),
        Spec("owner", "owner", "choice", _("Owner"), choices=MTG_PLAYERS, labels=PLAYER_LABELS, required=True, blank=None),
        Spec("controller", "controller", "choice", _("Controller"), choices=MTG_PLAYERS, labels=PLAYER_LABELS,
             blank=_("Same as owner")),
        Spec("zone", "zone", "choice", _("Zone"), choices=ZONES, labels=ZONE_LABELS, required=True, blank=None,
             initial="battlefield"),
        Spec("mana_cost", "mana_cost", "text", _("Mana cost"), help=_("e.g. {2}{W/B}")),
        Spec("mana_cost", "no_mana_cost", "blankstr", _("No mana cost (given as empty)"), main=False),
        Spec("types", "types", "words", _("Card types"), help=_("e.g. artifact, creature")),
        Spec("subtypes", "subtypes", "words", _("Subtypes"), help=WORDS),
        Spec("power", "power", "int", _("Power"), min_value=-999_999, max_value=999_999),
        Spec("toughness", "toughness", "int", _("Toughness"), min_value=-999_999, max_value=999_999),
        Spec("tapped", "tapped", "yesno", _("Tapped"), labels={"yes": _("Tapped"), "no": _("Untapped")}),
        Spec("counters", "counters", "counts", _("Counters"), help=_("e.g. “+1/+1: 2”")),
        Spec("attached_to", "attached_to", "ref", _("Attached to")),
        Spec("timestamp", "timestamp", "int", _("Timestamp"), min_value=0, max_value=999_999,
             help=_("Blank: the order of the rows.")),
        Spec("supertypes", "supertypes", "words", _("Supertypes"), main=False, help=_("basic, legendary, snow, world")),
        Spec("colors", "colors", "words", _("Colors"), main=False, help=_("Blank: from the mana cost.")),
        Spec("loyalty", "loyalty", "int", _("Loyalty"), min_value=0, max_value=999, main=False),
        Spec("damage", "damage", "int", _("Damage marked"), min_value=0, max_value=999_999, main=False),
        Spec("sick", "sick", "yesno", _("Summoning sick"), main=False),
        Spec("token", "token", "yesno", _("Token"), main=False),
        Spec("face_down", "face_down", "yesno", _("Face down"), main=False),
        Spec("attacking", "attacking", "choice", _("Attacking player"), choices=MTG_PLAYERS, labels=PLAYER_LABELS, main=False),
        Spec("blocking", "blocking", "refs", _("Blocking"), main=False),
        Spec("x", "x", "int", _("X (on the stack)"), min_value=0, max_value=999, main=False),
        Spec("attacking", "attacking_object", "text", _("Attacking (planeswalker id)"), main=False),
        Spec("blocked", "blocked", "yesno", _("Blocked"), main=False),
        Spec("damage_order", "damage_order", "words", _("Damage assignment order (blocker ids)"), main=False),
        Spec("loyalty_activated", "loyalty_activated", "yesno", _("Loyalty ability activated this turn"), main=False),
        Spec("chosen", "chosen", "text", _("Name chosen as it entered"), main=False),
        Spec("text", "text", "longtext", _("Rules text (shown only)"), main=False),
    ),
    _("Cards"), _("Permanents and every other card that matters, with its zone. A library is listed top card first."),
    _("Add a card"), _("Card"), card_ids=True, extra_rows=3,
)

SEATS = Section(
    "seats", "seats",
    (
        Spec("id", "id", "choice", _("Player"), choices=MTG_PLAYERS[2:], labels=PLAYER_LABELS, required=True, blank=None),
        Spec("name", "name", "text", _("Name")),
        Spec("life", "life", "int", _("Life"), min_value=-999_999, max_value=999_999, initial=20),
        Spec("mana_pool", "mana_pool", "text", _("Mana pool"), help=_("e.g. {R}{G}{1}; blank: mana is not tracked.")),
        Spec("poison", "poison", "int", _("Poison counters"), min_value=0, max_value=99, main=False),
        Spec("lands_played", "lands_played", "int", _("Lands played this turn"), min_value=0, max_value=99, main=False),
        Spec("spells_cast", "spells_cast", "int", _("Spells cast this turn"), min_value=0, max_value=999, main=False),
    ),
    _("More players"), _("A multiplayer game (CR 800): players 3 to 6, each once. The seats are the turn order: p1, p2, "
                        "then these rows in order, unless the seat order above says otherwise."),
    _("Add a player"), _("Player"), extra_rows=0, players=MTG_PLAYERS, seats=True,
)

STACK = Section(
    "chain", "chain",
    (
        Spec("kind", "kind", "choice", _("Item"), choices=("activated", "triggered"),
             labels={"activated": _("An activated ability"), "triggered": _("A triggered ability")}, blank=_("A spell")),
        Spec("card", "card", "ref", _("Spell (a card in the stack zone)")),
        Spec("source", "source", "ref", _("Source of the ability")),
        Spec("ability", "ability", "int", _("Ability (index)"), min_value=0, max_value=99),
        Spec("controller", "controller", "choice", _("Controller"), choices=MTG_PLAYERS, labels=PLAYER_LABELS),
        Spec("targets", "targets", "refs", _("Targets"), players=True),
        Spec("x", "x", "int", _("X"), min_value=0, max_value=999),
    ),
    _("The stack"), _("Spells and abilities on the stack, the bottom one first."), _("Add a stack item"), _("Stack item"),
    switch="kind", uses={"": "card controller targets x", "activated": "source ability controller targets",
                         "triggered": "source ability controller targets"}, extra_rows=0,
)

PENDING = Section(
    "pending", "pending",
    (
        Spec("source", "source", "ref", _("Source"), required=True),
        Spec("ability", "ability", "int", _("Ability (index)"), min_value=0, max_value=99),
        Spec("controller", "controller", "choice", _("Controller"), choices=MTG_PLAYERS, labels=PLAYER_LABELS),
        Spec("targets", "targets", "refs", _("Targets"), players=True),
    ),
    _("Triggered abilities waiting"), _("Abilities that have triggered and wait to be put on the stack."),
    _("Add a triggered ability"), _("Trigger"), extra_rows=0,
)


# ----------------------------------------------------------------------------- the sections of the tagged slots

MODES = VOCABULARY.get("ability", "spell").keys["modes"].item  # type: ignore[attr-defined]
MODE = Entry(slot="ability", name="mode", label=MODES.label, doc=MODES.help, rule=("mode",), keys=dict(MODES.fields))
"""A mode of a modal spell or ability (CR 700.2): not an ability kind but a row of the abilities
section (:data:`CHILDREN`), its keys the registry's ``modes`` item's."""

ABILITY_ENTRIES = [VOCABULARY.get("ability", kind) for kind in ABILITY_KINDS]
ABILITIES = tagged_section(
    "abilities", "", [(entry, {**entry.keys, **VOCABULARY.slots["ability"].common}) for entry in ABILITY_ENTRIES]
    + [(MODE, MODE.keys)],
    switch_spec("kind", translated(VOCABULARY.slots["ability"].label), [*ABILITY_ENTRIES, MODE]),
    _("Abilities"), _("Each card's abilities, in printed order. What they do goes in “Ability effects” below; what they "
                      "target in “Targets”."),
    _("Add an ability"), _("Ability"), mark="#", extra_rows=0,
)
"""The ``ability`` slot (CR 113), in the order of ``engine.mtg.scenario.ABILITY_KINDS``, and the modes."""


def _instruction_entries() -> list[tuple[Entry, dict[str, Field]]]:
    """Return the rows of "Ability effects": every instruction (what a spell or ability does as it
    resolves, CR 608.2c) and every continuous effect (a part of a static or characteristic-defining
    ability, with its own ``affected``, CR 611.3): an entry of both slots takes the keys of both."""
    out = []
    for entry in VOCABULARY.entries("instruction"):
        keys = dict(entry.keys)
        if VOCABULARY.has("effect", entry.name):
            keys |= {k: f for k, f in VOCABULARY.get("effect", entry.name).keys.items() if k not in keys}
            keys.setdefault("affected", FILTER_FIELD)
        out.append((entry, keys))
    for entry in VOCABULARY.entries("effect"):
        if not VOCABULARY.has("instruction", entry.name):
            out.append((entry, {**entry.keys, "affected": FILTER_FIELD}))
    return out


INSTRUCTION_ENTRIES = _instruction_entries()
INSTRUCTION_SECTION = tagged_section(
    "instr", "", INSTRUCTION_ENTRIES, switch_spec("do", _("Does"), [entry for entry, _keys in INSTRUCTION_ENTRIES]),
    _("Ability effects"),
    _("What each ability does, in order: its instructions, or a static ability's continuous effects. “Belongs to” names "
      "the ability (c1#0 is card c1's first ability)."),
    _("Add an ability effect"), _("Effect"), mark="/", extra_rows=0,
)
"""The ``instruction`` slot and the ``effect`` slot's entries that are no instruction."""

EFFECT_FRAME_MORE = ("id", "timestamp", "cda", "if")
"""Keys of a document effect's frame behind "More" (layout only)."""
EFFECT_ENTRIES = [entry for entry in VOCABULARY.entries("effect") if entry.name in DOCUMENT_EFFECTS]
EFFECTS = tagged_section(
    "effects", "effects", [(entry, {**entry.keys, **EFFECT_FRAME}) for entry in EFFECT_ENTRIES],
    switch_spec("do", translated(VOCABULARY.slots["effect"].label), EFFECT_ENTRIES),
    _("Continuous effects"), _("Effects from resolved spells and abilities, with their layer and duration (CR 613)."),
    _("Add an effect"), _("Effect"), extra_rows=0, more=EFFECT_FRAME_MORE,
)
"""The effects in force a document may hold (``engine.mtg.effects.DOCUMENT_EFFECTS``) with their frame (``EFFECT_FRAME``)."""

NEEDS = {
    ("cast", "player"): _("Pick who casts."), ("cast", "card"): _("Pick the spell cast."),
    ("activate", "player"): _("Pick who activates."), ("activate", "source"): _("Pick the source of the ability."),
    ("play_land", "player"): _("Pick who plays the land."), ("play_land", "card"): _("Pick the land."),
    ("pass", "player"): _("Pick who passes."), ("next_step", "step"): _("Pick the step."),
}
"""What a row of an action says when a key its entry requires is blank (the others: “Give …”)."""
ACTION_ENTRIES = [VOCABULARY.get("action", name) for name in ACTION_TYPES]
ACTIONS_SECTION = tagged_section(
    "after", "actions", [(entry, {**entry.keys, **VOCABULARY.slots["action"].common}) for entry in ACTION_ENTRIES],
    switch_spec("type", _("Then"), ACTION_ENTRIES, blank=None),
    _("Then"), _("What the players do next, in order. At the end all players pass, in turn order, until the stack is empty."),
    _("Add a step"), _("Step"), needs=NEEDS, first=("player",), more=("trigger_order",),
)
"""The ``action`` slot (§8.6), in the order of ``engine.mtg.scenario.ACTION_TYPES``."""

# ----------------------------------------------------------------------------- the keyed slots

TARGETS = Section(
    "targets", "",
    tuple(spec for entry in VOCABULARY.entries("target")
          for spec in key_specs(entry.name, entry.value, entry.name, label=translated(entry.label))),  # type: ignore[arg-type]
    _("Targets"), _("What each ability (or mode) targets, in order: target 0, target 1… The instructions name them by number."),
    _("Add a target"), _("Target"), mark="@", extra_rows=0,
)
"""The ``target`` slot (CR 115.1): a field for each of its keys; a blank row is any permanent."""


def _store_kind(field: Field) -> str:
    """Return the field kind of a choice's value in the "Choices made" rows: ids, numbers, yes/no, a word."""
    if isinstance(field, ListOf):
        return "ints" if isinstance(field.item, Integer) else "words"
    if isinstance(field, Boolean):
        return "yesno"
    if isinstance(field, Integer):
        return "int"  # a number (the half of a split card cast, 0 or 1)
    return "text" if isinstance(field, (Text, Choice)) else "json"


def _subject(entry: Entry) -> str:
    """Return how a choice's key names what it is about: ``legend:<player>:<name>``."""
    return entry.name + "".join(f"[:{part[:-1]}]" if part.endswith("?") else f":{part}" for part in entry.key_parts)


CHOICE_ENTRIES = VOCABULARY.entries("choice")
CHOICES = Section(
    "choices", "",
    (
        switch_spec("kind", translated(VOCABULARY.slots["choice"].label), CHOICE_ENTRIES),
        Spec("subject", "subject", "text", _("About"), help=lazy_percent(
            _("What the choice is about, after its kind: %(keys)s."), keys=" · ".join(_subject(e) for e in CHOICE_ENTRIES))),
        Spec("value", "value", "text", _("Chosen"), help=_("Ids or numbers, comma-separated; yes/no for “unless” and “may”.")),
    ),
    _("Choices made"), _("Decisions given in advance (§8.10); a decision left out is shown as a choice with every branch."),
    _("Add a choice"), _("Choice"), store=("options", "choices"), extra_rows=0,
    uses={entry.name: _store_kind(entry.value) for entry in CHOICE_ENTRIES},  # type: ignore[arg-type]
)
"""The ``choice`` slot (``options.choices``, the ``option`` slot's one entry): a row per decision."""

CHILDREN = (
    ChildList("cards", ("abilities",), "abilities", label=_("its abilities")),
    ChildList("abilities", ("modes",), "abilities", kind="mode", label=_("its modes")),
    ChildList("abilities", ("targets",), "targets", label=_("its targets")),
    ChildList("abilities", ("effects",), "instr", label=_("what it does")),
    ChildList("abilities", ("instead",), "instr", tag=".instead", label=_("what happens instead")),
    ChildList("instr", ("effects",), "instr", label=_("its instructions")),
    ChildList("instr", ("instead",), "instr", tag=".instead", label=_("what happens instead")),
    ChildList("instr", ("abilities",), "abilities", label=_("the abilities it gives")),
    ChildList("instr", ("won",), "instr", tag=".won", label=_("if the flip is won")),
    ChildList("instr", ("lost",), "instr", tag=".lost", label=_("if the flip is lost")),
    ChildList("instr", ("token", "abilities"), "abilities", tag=".token", label=_("the token's abilities")),
    ChildList("effects", ("abilities",), "abilities", label=_("the abilities it gives")),
    ChildList("effects", ("instead",), "instr", tag=".instead", label=_("what happens instead")),
)
"""Which lists of which rows are rows of their own (§8.3–§8.5): the keys :func:`.mtg_fields.rows_of` finds."""

SLOT_SECTIONS = {"ability": ABILITIES, "instruction": INSTRUCTION_SECTION, "effect": EFFECTS, "action": ACTIONS_SECTION}
"""The row section whose switch lists each tagged slot's entries (the ``effect`` slot's also in "Ability effects")."""

SPEC = GameSpec(
    game="mtg", title=_("New Magic ruling"), setup=SETUP,
    sections=tuple(replace(section, players=MTG_PLAYERS) for section in (
        SEATS, CARDS, ABILITIES, TARGETS, INSTRUCTION_SECTION, STACK, PENDING, EFFECTS, ACTIONS_SECTION, CHOICES)),
    default_ruleset=RULESETS[0], children=CHILDREN, players=MTG_PLAYERS,
)
(SEATS, CARDS, ABILITIES, TARGETS, INSTRUCTION_SECTION, STACK, PENDING, EFFECTS, ACTIONS_SECTION,
 CHOICES) = SPEC.sections  # the spec's own sections, whose pickers offer the six players


# ----------------------------------------------------------------------------- catalogue

CHARACTERISTICS = ("mana_cost", "colors", "supertypes", "types", "subtypes", "power", "toughness", "loyalty", "abilities")
"""The object keys a catalogue card gives (§8.2)."""


@cache
def _catalogue() -> tuple[dict[str, Any], ...]:
    return tuple(
        {"name": card["name"]} | {key: card[key] for key in CHARACTERISTICS if key in card and key in OBJECT_KEYS}
        for card in catalogue.cards()
    )


def catalogue_cards() -> list[dict[str, Any]]:
    """Return the catalogue cards as ``[{name, mana_cost, types, …}]`` (object fields of §8.2 only)."""
    return [dict(card) for card in _catalogue()]


@cache
def catalogue_with_rows() -> tuple[dict[str, Any], ...]:
    """Return the catalogue cards with their ``rows`` (:func:`catalogue_rows`), ``unsupported``
    texts and ``home`` (:func:`home`)."""
    return tuple(dict(card, rows=catalogue_rows(card), unsupported=unsupported_texts(card), home=home(card))
                 for card in _catalogue())


SPELL_TYPES = frozenset({"instant", "sorcery"})
"""Card types that are never on the battlefield (CR 304.4, 307.4): such a card starts in the hand."""


def home(card: Mapping[str, Any]) -> dict[str, str]:
    """Return where the builder puts a catalogue card whose row still has its default zone:
    ``{"zone": "hand"}`` for an instant or sorcery (it cannot be on the battlefield, CR 304.4,
    307.4), else ``{}`` (the row's default, the battlefield)."""
    return {"zone": "hand"} if SPELL_TYPES & set(card.get("types") or ()) else {}


def catalogue_card(name: str) -> dict[str, Any] | None:
    """Return the catalogue card named ``name`` (case and spaces ignored), or ``None``."""
    return next((dict(card) for card in _catalogue() if same_name(card["name"], str(name))), None)


def card_names(limit: int = 500) -> list[str]:
    """Return the names for the name autocomplete: the catalogue's only, since choosing a name
    fills the row from its card (a name met only in stored rulings would fill nothing)."""
    return list(dict.fromkeys(card["name"] for card in _catalogue()))[:limit]


_SHOW = {"types": words_form, "subtypes": words_form, "supertypes": words_form, "colors": words_form,
         "mana_cost": text_form, "counters": counts_form, "blocking": ids_form}
CARD_PLACEHOLDER = "__card__"
"""The card id in the rows of :func:`catalogue_rows`, replaced by the row's id."""


def catalogue_rows(card: Mapping[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """Return the ability, target and effect rows of a catalogue card, as a browser would post
    them (``{section prefix: [{field: value}]}``), owned by card ``__card__``."""
    from .forms import post_values  # the specs above need no forms

    rows: dict[str, list[Any]] = {section.prefix: [] for section in SPEC.sections}
    common._split(SPEC, "cards", {"abilities": list(card.get("abilities") or [])}, CARD_PLACEHOLDER, rows)
    return {section.prefix: [post_values(section, row) for row in rows[section.prefix]]
            for section in SPEC.sections if section.owned and rows[section.prefix]}


def unsupported_texts(card: Mapping[str, Any]) -> list[str]:
    """Return the text of each ability of ``card`` the engine reports as "cannot evaluate"."""
    out = []
    for ability in card.get("abilities") or []:
        instructions = [i for i in ability.get("effects") or [] if isinstance(i, Mapping)]
        if ability.get("kind") == "unsupported" or any(i.get("do") == "unsupported" for i in instructions):
            out.append(str(ability.get("text") or ability.get("kind")))
    return out


def _owned_by(data: Any, card_id: str) -> bool:
    """Return whether a posted owned row belongs to card ``card_id`` (then its abilities are the judge's)."""
    return any(str(data.get(f"{section.prefix}-{i}-owner", "")).split("#")[0].split(".")[0] == card_id
               for section in SPEC.sections if section.owned for i in range(common.posted_total(data, section.prefix)))


def fill_from_catalogue(data: Any, prefix: str = "cards") -> Any:
    """Return POST ``data`` with the characteristics of each card row whose name is a catalogue
    card filled in, when the row leaves all of them blank (a row with any of them typed is the
    judge's own card and is kept as typed), and its abilities added as ability, target and
    effect rows when no row belongs to the card yet. ``data`` is not changed; a copy is returned."""
    ids = common.posted_card_ids(data, prefix)
    if ids is None:
        return data
    filled = None
    for index in range(len(ids)):
        key = f"{prefix}-{index}"
        card = catalogue_card(str(data.get(f"{key}-name", "")))
        if card is None or any(str(data.get(f"{key}-{name}", "")).strip() for name in CHARACTERISTICS):
            continue
        filled = filled if filled is not None else data.copy()
        for name in CHARACTERISTICS:
            if name not in card or name == "abilities":
                continue
            value = card[name]
            shown = str(value) if name in ("power", "toughness", "loyalty") else _SHOW[name](value)
            if shown is not MISSING:
                filled[f"{key}-{name}"] = shown
        if _owned_by(filled, ids[index]):
            continue
        common.add_owned_rows(filled, catalogue_rows(card), ids[index], CARD_PLACEHOLDER)
    return filled if filled is not None else data
