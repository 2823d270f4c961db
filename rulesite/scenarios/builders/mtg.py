"""The Magic board form (``/scenarios/new/mtg/``): docs/scenario-format.md §8 as field specs,
and the card catalogue (``engine.mtg.catalogue``) that fills in a card's characteristics by name.

Abilities are rules text as data (§8.3): a JSON field of the card row, filled in from the
catalogue when the name is a catalogue card's.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from typing import Any

from django.utils.translation import gettext_lazy as _

from engine.mtg import catalogue
from engine.mtg.scenario import ACTION_TYPES, DURATIONS, OBJECT_KEYS, STEPS, ZONES

from . import common
from .common import MISSING, GameSpec, Section, Spec, counts_form, ids_form, text_form, words_form

RULESETS = ("cr-2022-04-29", "cr-2020-06-01")
PLAYER_LABELS = {"p1": _("Player 1"), "p2": _("Player 2")}
STEP_LABELS = {
    "untap": _("Untap"), "upkeep": _("Upkeep"), "draw": _("Draw"), "main1": _("Precombat main phase"),
    "beginning_of_combat": _("Beginning of combat"), "declare_attackers": _("Declare attackers"),
    "declare_blockers": _("Declare blockers"), "combat_damage": _("Combat damage"), "end_of_combat": _("End of combat"),
    "main2": _("Postcombat main phase"), "end": _("End step"), "cleanup": _("Cleanup"),
}
ZONE_LABELS = {
    "library": _("Library"), "hand": _("Hand"), "battlefield": _("Battlefield"), "graveyard": _("Graveyard"),
    "stack": _("Stack"), "exile": _("Exile"), "command": _("Command zone"),
}
ACTION_LABELS = {
    "cast": _("Cast a spell"), "activate": _("Activate an ability"), "play_land": _("Play a land"),
    "pass": _("Pass priority"), "resolve": _("Both pass once"), "declare_attackers": _("Declare attackers"),
    "declare_blockers": _("Declare blockers"), "next_step": _("Go to a step"),
}
EFFECT_DOS = (
    "copy", "change_control", "set_type", "add_type", "remove_type", "set_color", "add_color", "add_ability",
    "remove_abilities", "remove_ability", "set_pt", "modify_pt", "switch_pt", "indestructible", "prevent_damage",
    "cant_attack", "cant_block", "cant_cast", "replacement",
)
EFFECT_LABELS = {
    "copy": _("Copy (layer 1a)"), "change_control": _("Change control (layer 2)"), "set_type": _("Set types (layer 4)"),
    "add_type": _("Add types (layer 4)"), "remove_type": _("Remove types (layer 4)"), "set_color": _("Set colors (layer 5)"),
    "add_color": _("Add colors (layer 5)"), "add_ability": _("Add abilities (layer 6)"),
    "remove_abilities": _("Lose all abilities (layer 6)"), "remove_ability": _("Lose keywords (layer 6)"),
    "set_pt": _("Set power/toughness (layer 7a/7b)"), "modify_pt": _("Modify power/toughness (layer 7c)"),
    "switch_pt": _("Switch power/toughness (layer 7d)"), "indestructible": _("Indestructible (rules effect)"),
    "prevent_damage": _("Prevent damage (rules effect)"), "cant_attack": _("Can't attack"), "cant_block": _("Can't block"),
    "cant_cast": _("Can't cast (by name)"), "replacement": _("Replacement effect (614)"),
}
EFFECT_USES = {
    "copy": "of", "change_control": "to", "set_type": "types subtypes supertypes land_type", "add_type": "types subtypes supertypes",
    "remove_type": "types subtypes supertypes", "set_color": "colors", "add_color": "colors", "add_ability": "abilities",
    "remove_abilities": "", "remove_ability": "keywords", "set_pt": "power toughness cda", "modify_pt": "power toughness",
    "switch_pt": "", "indestructible": "", "prevent_damage": "", "cant_attack": "", "cant_block": "", "cant_cast": "name",
    "replacement": "event player instead text",
}
"""The fields each continuous effect uses (§8.4)."""
REPLACED_EVENTS = ("damage", "destroy", "zone_change", "draw", "draw_step")
REPLACED_EVENT_LABELS = {
    "damage": _("Damage"), "destroy": _("Destruction"), "zone_change": _("A zone change"), "draw": _("A draw"),
    "draw_step": _("The draw step"),
}
DURATION_LABELS = {"end_of_turn": _("Until end of turn"), "permanent": _("Permanent"), "static": _("While its source is there")}
WORDS = _("Comma-separated.")

SETUP = (
    Spec("ruleset", "ruleset", "choice", _("Rules"), choices=RULESETS,
         labels={"cr-2022-04-29": _("Comprehensive Rules 2022-04-29"), "cr-2020-06-01": _("Comprehensive Rules 2020-06-01")},
         path=("ruleset",), required=True, blank=None),
    Spec("active", "active", "choice", _("Active player"), choices=("p1", "p2"), labels=PLAYER_LABELS, path=("turn", "active"),
         required=True, blank=None),
    Spec("step", "step", "choice", _("Step"), choices=STEPS, labels=STEP_LABELS, path=("turn", "step"), required=True,
         blank=None, initial="main1"),
    Spec("priority", "priority", "choice", _("Priority"), choices=("p1", "p2"), labels=PLAYER_LABELS,
         path=("turn", "priority"), blank=_("The active player")),
    Spec("combat_number", "combat_number", "int", _("Combat number"), min_value=1, max_value=99,
         path=("turn", "combat_number"), main=False),
    Spec("choices", "choices", "json", _("Choices made (JSON)"), path=("options", "choices"), main=False,
         help=_("{\"legend:p1:Name\": id, \"replace:draw:p1\": [effect ids], …} (§8.10); blank: every choice is shown.")),
    *(
        spec
        for pid in ("p1", "p2")
        for spec in (
            Spec("name", f"{pid}_name", "text", _("Player %(n)s name") % {"n": pid[1]}, path=("players", pid, "name")),
            Spec("life", f"{pid}_life", "int", _("Player %(n)s life") % {"n": pid[1]}, min_value=-999_999,
                 max_value=999_999, path=("players", pid, "life"), initial=20),
            Spec("mana_pool", f"{pid}_mana_pool", "text", _("Player %(n)s mana pool") % {"n": pid[1]},
                 path=("players", pid, "mana_pool"), help=_("e.g. {R}{G}{1}; blank: mana is not tracked.")),
            Spec("poison", f"{pid}_poison", "int", _("Player %(n)s poison counters") % {"n": pid[1]}, min_value=0,
                 max_value=99, path=("players", pid, "poison"), main=False),
            Spec("lands_played", f"{pid}_lands_played", "int", _("Player %(n)s lands played this turn") % {"n": pid[1]},
                 min_value=0, max_value=99, path=("players", pid, "lands_played"), main=False),
            Spec("spells_cast", f"{pid}_spells_cast", "int", _("Player %(n)s spells cast this turn") % {"n": pid[1]},
                 min_value=0, max_value=999, path=("players", pid, "spells_cast"), main=False),
        )
    ),
)

_YES_NO = {"yes": _("Yes"), "no": _("No")}

CARDS = Section(
    "cards", "objects",
    (
        Spec("id", "id", "text", _("Id"), help=_("Blank: c1, c2…")),
        Spec("name", "name", "text", _("Name"), required=True, attrs={"list": "card-names", "autocomplete": "off"},
             help=_("A catalogue card fills in the rest when they are left blank.")),
        Spec("owner", "owner", "choice", _("Owner"), choices=("p1", "p2"), labels=PLAYER_LABELS, required=True, blank=None),
        Spec("controller", "controller", "choice", _("Controller"), choices=("p1", "p2"), labels=PLAYER_LABELS,
             blank=_("Same as owner")),
        Spec("zone", "zone", "choice", _("Zone"), choices=ZONES, labels=ZONE_LABELS, required=True, blank=None,
             initial="battlefield"),
        Spec("mana_cost", "mana_cost", "text", _("Mana cost"), help=_("e.g. {2}{W/B}")),
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
        Spec("attacking", "attacking", "choice", _("Attacking player"), choices=("p1", "p2"), labels=PLAYER_LABELS, main=False),
        Spec("blocking", "blocking", "refs", _("Blocking"), main=False),
        Spec("x", "x", "int", _("X (on the stack)"), min_value=0, max_value=999, main=False),
        Spec("abilities", "abilities", "json", _("Abilities (JSON)"), main=False,
             help=_("A list, e.g. [{\"kind\": \"keyword\", \"keyword\": \"flying\"}] (format §8.3).")),
        Spec("text", "text", "longtext", _("Rules text (shown only)"), main=False),
    ),
    _("Cards"), _("Permanents and every other card that matters, with its zone. A library is listed top card first."),
    _("Add a card"), _("Card"), card_ids=True, extra_rows=3,
)

STACK = Section(
    "chain", "chain",
    (
        Spec("kind", "kind", "choice", _("Item"), choices=("activated", "triggered"),
             labels={"activated": _("An activated ability"), "triggered": _("A triggered ability")}, blank=_("A spell")),
        Spec("card", "card", "ref", _("Spell (a card in the stack zone)")),
        Spec("source", "source", "ref", _("Source of the ability")),
        Spec("ability", "ability", "int", _("Ability (index)"), min_value=0, max_value=99),
        Spec("controller", "controller", "choice", _("Controller"), choices=("p1", "p2"), labels=PLAYER_LABELS),
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
        Spec("controller", "controller", "choice", _("Controller"), choices=("p1", "p2"), labels=PLAYER_LABELS),
        Spec("targets", "targets", "refs", _("Targets"), players=True),
    ),
    _("Triggered abilities waiting"), _("Abilities that have triggered and wait to be put on the stack."),
    _("Add a triggered ability"), _("Trigger"), extra_rows=0,
)

EFFECTS = Section(
    "effects", "effects",
    (
        Spec("do", "do", "choice", _("Effect"), choices=EFFECT_DOS, labels=EFFECT_LABELS, required=True, blank=_("— choose —")),
        Spec("id", "id", "text", _("Id")),
        Spec("affected", "affected", "refs", _("Affects (locked in)"), help=_("The objects it applies to (611.2c).")),
        Spec("affected", "affected_filter", "json", _("…or affects what matches (JSON filter)"),
             help=_("Re-evaluated, e.g. {\"types\": [\"creature\"], \"controller\": \"p1\"} (§8.3 FILTER).")),
        Spec("power", "power", "int", _("Power"), min_value=-999_999, max_value=999_999),
        Spec("toughness", "toughness", "int", _("Toughness"), min_value=-999_999, max_value=999_999),
        Spec("types", "types", "words", _("Types"), help=WORDS),
        Spec("subtypes", "subtypes", "words", _("Subtypes"), help=WORDS),
        Spec("supertypes", "supertypes", "words", _("Supertypes"), help=WORDS),
        Spec("colors", "colors", "words", _("Colors"), help=WORDS),
        Spec("keywords", "keywords", "words", _("Keywords"), help=WORDS),
        Spec("abilities", "abilities", "json", _("Abilities (JSON)")),
        Spec("of", "of", "ref", _("Copy of")),
        Spec("to", "to", "choice", _("Control goes to"), choices=("you", "p1", "p2"),
             labels={"you": _("The effect's controller"), **PLAYER_LABELS}),
        Spec("name", "name", "text", _("Card name")),
        Spec("event", "event", "choice", _("Replaces the event"), choices=REPLACED_EVENTS, labels=REPLACED_EVENT_LABELS),
        Spec("player", "player", "choice", _("Of the player"), choices=("you", "opponent", "any", "each"),
             labels={"you": _("You"), "opponent": _("An opponent"), "any": _("Any player"), "each": _("Each player")}),
        Spec("instead", "instead", "json", _("Instead (JSON)"), help=_("e.g. [{\"do\": \"gain_life\", \"amount\": 5}] (§8.10)")),
        Spec("text", "text", "longtext", _("Its text (shown only)")),
        Spec("cda", "cda", "flag", _("Characteristic-defining (7a)")),
        Spec("land_type", "land_type", "flag", _("Sets a basic land type")),
        Spec("duration", "duration", "choice", _("Lasts"), choices=DURATIONS, labels=DURATION_LABELS),
        Spec("source", "source", "ref", _("Source")),
        Spec("controller", "controller", "choice", _("Controller"), choices=("p1", "p2"), labels=PLAYER_LABELS),
        Spec("timestamp", "timestamp", "int", _("Timestamp"), min_value=0, max_value=999_999,
             help=_("Blank: after every object.")),
    ),
    _("Continuous effects"), _("Effects from resolved spells and abilities, with their layer and duration (CR 613)."),
    _("Add an effect"), _("Effect"), switch="do",
    uses={key: value + " id affected affected_filter duration source controller timestamp" for key, value in EFFECT_USES.items()},
    extra_rows=0,
)

ACTION_USES = {
    "cast": "player card targets x modes alternative_cost additional_costs cascade trigger_order",
    "activate": "player source ability targets x chosen trigger_order", "play_land": "player card", "pass": "player",
    "resolve": "", "declare_attackers": "attackers trigger_order", "declare_blockers": "blockers trigger_order",
    "next_step": "step trigger_order",
}
"""The fields each action ``type`` uses (§8.6)."""

ACTIONS_SECTION = Section(
    "after", "actions",
    (
        Spec("type", "type", "choice", _("Then"), choices=ACTION_TYPES, labels=ACTION_LABELS, required=True, blank=None),
        Spec("player", "player", "choice", _("Player"), choices=("p1", "p2"), labels=PLAYER_LABELS),
        Spec("card", "card", "ref", _("Card")),
        Spec("source", "source", "ref", _("Source")),
        Spec("ability", "ability", "int", _("Ability (index)"), min_value=0, max_value=99),
        Spec("targets", "targets", "refs", _("Targets"), players=True),
        Spec("x", "x", "int", _("X"), min_value=0, max_value=999),
        Spec("modes", "modes", "json", _("Modes chosen (JSON)"), help=_("Mode indexes, e.g. [0, 1]")),
        Spec("attackers", "attackers", "refs", _("Attackers")),
        Spec("blockers", "blockers", "pairs", _("Blocks"), choices=("blocker", "attacker"),
             help=_("“blocker: attacker” card ids, e.g. “wall: ogre, elf: ogre”")),
        Spec("step", "step", "choice", _("Until the step"), choices=STEPS, labels=STEP_LABELS),
        Spec("alternative_cost", "alternative_cost", "int", _("Alternative cost (index)"), min_value=0, max_value=9),
        Spec("additional_costs", "additional_costs", "json", _("Additional costs (JSON)"),
             help=_("[{\"do\": \"sacrifice\", \"object\": id}]")),
        Spec("cascade", "cascade", "json", _("Cascade choices (JSON)"), help=_("[{\"cast\": true, \"targets\": []}]")),
        Spec("chosen", "chosen", "json", _("Choices (JSON)")),
        Spec("trigger_order", "trigger_order", "json", _("Trigger order (JSON)"), help=_("{\"p1\": [source ids]}, first = bottom")),
    ),
    _("Then"), _("What the players do next, in order. At the end both players pass until the stack is empty."),
    _("Add a step"), _("Step"), switch="type", uses=ACTION_USES,
    needs={
        "cast": {"player": _("Pick who casts."), "card": _("Pick the spell cast.")},
        "activate": {"player": _("Pick who activates."), "source": _("Pick the source of the ability.")},
        "play_land": {"player": _("Pick who plays the land."), "card": _("Pick the land.")},
        "pass": {"player": _("Pick who passes.")}, "declare_attackers": {"attackers": _("Pick the attackers.")},
        "declare_blockers": {"blockers": _("Give the blocks.")}, "next_step": {"step": _("Pick the step.")},
    },
)

SPEC = GameSpec(
    game="mtg", title=_("New Magic ruling"), setup=SETUP, sections=(CARDS, STACK, PENDING, EFFECTS, ACTIONS_SECTION),
    default_ruleset=RULESETS[0],
)


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


def catalogue_card(name: str) -> dict[str, Any] | None:
    """Return the catalogue card named ``name`` (case and spaces ignored), or ``None``."""
    wanted = " ".join(str(name).split()).casefold()
    return next((dict(card) for card in _catalogue() if card["name"].casefold() == wanted), None)


def card_names(limit: int = 500) -> list[str]:
    """Return the names for the name autocomplete: the catalogue's, then those of stored Magic rulings."""
    return common.used_card_names("mtg", limit, dict.fromkeys(card["name"] for card in _catalogue()))
    return list(names)


_SHOW = {"types": words_form, "subtypes": words_form, "supertypes": words_form, "colors": words_form,
         "mana_cost": text_form, "counters": counts_form, "blocking": ids_form}


def fill_from_catalogue(data: Any, prefix: str = "cards") -> Any:
    """Return POST ``data`` with the characteristics of each card row whose name is a catalogue
    card filled in, when the row leaves all of them blank (a row with any of them typed is the
    judge's own card and is kept as typed). ``data`` is not changed; a copy is returned."""
    try:
        total = min(int(data.get(f"{prefix}-TOTAL_FORMS", 0)), 2_000)
    except (TypeError, ValueError):
        return data
    filled = None
    for index in range(total):
        key = f"{prefix}-{index}"
        card = catalogue_card(str(data.get(f"{key}-name", "")))
        if card is None or any(str(data.get(f"{key}-{name}", "")).strip() for name in CHARACTERISTICS):
            continue
        filled = filled if filled is not None else data.copy()
        for name in CHARACTERISTICS:
            if name not in card:
                continue
            value = card[name]
            if name == "abilities":
                shown: Any = json.dumps(value, ensure_ascii=False)
            elif name in ("power", "toughness", "loyalty"):
                shown = str(value)
            else:
                shown = _SHOW[name](value)
                if shown is MISSING:
                    continue
            filled[f"{key}-{name}"] = shown
    return filled if filled is not None else data
