"""The Magic board form (``/scenarios/new/mtg/``): docs/scenario-format.md §8 as field specs,
and the card catalogue (``engine.mtg.catalogue``) that fills in a card's characteristics by name.

Abilities are rules text as data (§8.3): a JSON field of the card row, filled in from the
catalogue when the name is a catalogue card's.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from engine.mtg import catalogue
from engine.mtg.layers import same_name
from engine.mtg.scenario import ABILITY_KINDS, ACTION_TYPES, DURATIONS, OBJECT_KEYS, STEPS, ZONES

from . import common
from .common import (
    MISSING, ChildList, GameSpec, Part, Section, Spec, counts_form, ids_form, lazy_percent, text_form, words_form,
)

RULESETS = ("cr-2022-04-29", "cr-2020-06-01")
PLAYER_LABELS = {"p1": _("Player 1"), "p2": _("Player 2")}
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
ACTION_LABELS = {
    "cast": _("Cast a spell"), "activate": _("Activate an ability"), "play_land": _("Play a land"),
    "pass": _("Pass priority"), "resolve": _("Both pass once"), "declare_attackers": _("Declare attackers"),
    "declare_blockers": _("Declare blockers"), "next_step": _("Go to a step"),
}
EFFECT_DOS = (
    "copy", "change_control", "change_text", "set_type", "add_type", "remove_type", "set_color", "add_color", "add_ability",
    "remove_abilities", "remove_ability", "set_pt", "modify_pt", "switch_pt", "indestructible", "prevent_damage",
    "cant_attack", "cant_block", "cant_cast", "replacement",
)
EFFECT_LABELS = {
    "copy": _("Copy (layer 1a)"), "change_control": _("Change control (layer 2)"), "change_text": _("Change a word (layer 3)"), "set_type": _("Set types (layer 4)"),
    "add_type": _("Add types (layer 4)"), "remove_type": _("Remove types (layer 4)"), "set_color": _("Set colors (layer 5)"),
    "add_color": _("Add colors (layer 5)"), "add_ability": _("Add abilities (layer 6)"),
    "remove_abilities": _("Lose all abilities (layer 6)"), "remove_ability": _("Lose keywords (layer 6)"),
    "set_pt": _("Set power/toughness (layer 7a/7b)"), "modify_pt": _("Modify power/toughness (layer 7c)"),
    "switch_pt": _("Switch power/toughness (layer 7d)"), "indestructible": _("Indestructible (rules effect)"),
    "prevent_damage": _("Prevent damage (rules effect)"), "cant_attack": _("Can't attack"), "cant_block": _("Can't block"),
    "cant_cast": _("Can't cast (by name)"), "replacement": _("Replacement effect (614)"),
}
EFFECT_USES = {
    "copy": "of", "change_control": "to", "change_text": "from to", "set_type": "types subtypes supertypes land_type", "add_type": "types subtypes supertypes",
    "remove_type": "types subtypes supertypes", "set_color": "colors", "add_color": "colors", "add_ability": "",
    "remove_abilities": "", "remove_ability": "keywords", "set_pt": "power toughness cda", "modify_pt": "power toughness",
    "switch_pt": "", "indestructible": "", "prevent_damage": "", "cant_attack": "", "cant_block": "", "cant_cast": "name",
    "replacement": "event player text",
}
"""The fields each continuous effect uses (§8.4)."""
REPLACED_EVENTS = ("damage", "destroy", "zone_change", "draw", "draw_step")
REPLACED_EVENT_LABELS = {
    "damage": _("Damage"), "destroy": _("Destruction"), "zone_change": _("A zone change"), "draw": _("A draw"),
    "draw_step": _("The draw step"),
}
DURATION_LABELS = {"end_of_turn": _("Until end of turn"), "permanent": _("Permanent"), "static": _("While its source is there")}
WORDS = _("Comma-separated.")
_YES_NO_LABELS = {"yes": _("Yes"), "no": _("No")}
FILTER = (
    Part("types", "words", _("Card types (all of)")),
    Part("subtypes", "words", _("Subtypes (any of)")),
    Part("colors", "words", _("Colors (any of)")),
    Part("controller", "choice", _("Controller"), choices=("you", "opponent", "p1", "p2"),
         labels={"you": _("You"), "opponent": _("An opponent"), "p1": _("Player 1"), "p2": _("Player 2")}),
    Part("self", "flag", _("This object")),
    Part("other", "flag", _("Another object")),
    Part("attached", "flag", _("What it is attached to")),
    Part("token", "yesno", _("Token")),
    Part("tapped", "yesno", _("Tapped")),
    Part("name", "text", _("Name"), main=False),
    Part("any_types", "words", _("Card types (any of)"), main=False),
    Part("not_types", "words", _("Not these card types"), main=False),
    Part("not_subtypes", "words", _("Not these subtypes"), main=False),
    Part("supertypes", "words", _("Supertypes"), main=False),
    Part("not_supertypes", "words", _("Not these supertypes"), main=False),
    Part("multicolored", "flag", _("Multicolored"), main=False),
    Part("monocolored", "flag", _("Monocolored"), main=False),
    Part("has_keyword", "text", _("Has the keyword"), main=False),
    Part("min_power", "int", _("Power at least"), main=False),
    Part("attacking", "yesno", _("Attacking"), main=False),
    Part("ids", "words", _("Only these ids"), main=False),
)
"""A FILTER (§8.3): every part given must hold."""
KEYWORDS = (
    "flying", "haste", "vigilance", "trample", "lifelink", "first_strike", "double_strike", "deathtouch", "reach",
    "defender", "indestructible", "shroud", "hexproof", "flash", "split_second", "cascade", "exalted", "menace",
    "protection", "cycling", "typecycling", "equip",
)
ABILITY_KIND_LABELS = {
    "keyword": _("Keyword"), "static": _("Static ability"), "cda": _("Characteristic-defining ability"),
    "activated": _("Activated ability"), "triggered": _("Triggered ability"), "spell": _("Spell (what it does)"),
    "replacement": _("Replacement effect"), "alternative_cost": _("Alternative cost"),
    "unsupported": _("Text the engine cannot evaluate"), "mode": _("A mode of the ability it belongs to"),
}
TRIGGER_EVENTS = ("enters", "leaves", "dies", "sacrifice", "cast", "attacks", "blocks", "upkeep", "end_step", "draw",
                  "damage", "becomes_target", "cycle", "ability_triggers")
TRIGGER_LABELS = {
    "enters": _("Enters the battlefield"), "leaves": _("Leaves the battlefield"), "dies": _("Dies"),
    "sacrifice": _("Is sacrificed"), "cast": _("A spell is cast"), "attacks": _("Attacks"), "blocks": _("Blocks"),
    "upkeep": _("Beginning of upkeep"), "end_step": _("Beginning of the end step"), "draw": _("Beginning of the draw step"),
    "damage": _("Deals damage"), "becomes_target": _("Becomes the target"), "cycle": _("A card is cycled"),
    "ability_triggers": _("Another ability triggers"),
}
INSTRUCTIONS = (
    "destroy", "exile", "return_to_hand", "sacrifice", "counter", "deal_damage", "unless_pays", "draw", "gain_life",
    "lose_life", "mill", "discard_hand", "create_token", "add_counters", "remove_counters", "tap", "untap", "add_mana",
    "copy_spell", "search", "attach", "delayed_trigger", "doesnt_untap", "remove_damage", "flip_coin", "mill_until", "reveal_top",
    "discard", "put_on_library", "shuffle_into_library", "return_to_battlefield", "win_game", "must_block", "max_counters",
    "unsupported",
)
INSTRUCTION_LABELS = {
    "destroy": _("Destroy"), "exile": _("Exile"), "return_to_hand": _("Return to its owner's hand"), "sacrifice": _("Sacrifice"),
    "counter": _("Counter (a spell or ability)"), "deal_damage": _("Deal damage"), "unless_pays": _("…unless a player pays"),
    "draw": _("Draw cards"), "gain_life": _("Gain life"), "lose_life": _("Lose life"), "mill": _("Mill"),
    "discard_hand": _("Discard the hand"), "create_token": _("Create tokens"), "add_counters": _("Put counters"),
    "remove_counters": _("Remove counters"), "tap": _("Tap"), "untap": _("Untap"), "add_mana": _("Add mana"),
    "copy_spell": _("Copy a spell"), "search": _("Search the library"), "attach": _("Attach (equip)"),
    "delayed_trigger": _("Delayed triggered ability"), "doesnt_untap": _("Doesn't untap"), "remove_damage": _("Remove damage"),
    "flip_coin": _("Flip a coin"), "mill_until": _("Mill until"), "reveal_top": _("Reveal the top cards"), "discard": _("Discard"),
    "put_on_library": _("Put into the library"), "shuffle_into_library": _("Shuffle into the library"),
    "return_to_battlefield": _("Return to the battlefield"), "win_game": _("Win the game"),
    "must_block": _("Must block (509.1c)"), "max_counters": _("Can't have more than n counters"),
    "unsupported": _("Text the engine cannot evaluate"),
}
PLAYER_WORDS = _("you, opponent, each, event, or a target number (0 = the first)")
INSTEAD_PARTS = (
    Spec("instead.to", "instead_to", "text", _("Instead, it goes to (zone)")),
    Spec("instead.amount_times", "instead_times", "int", _("Instead, the damage is multiplied by"), min_value=0, max_value=99),
    Spec("instead.amount_plus", "instead_plus", "int", _("Instead, the damage is increased by"), min_value=0, max_value=999),
    Spec("instead.amount_minus", "instead_minus", "int", _("Instead, the damage is reduced by"), min_value=0, max_value=999),
    Spec("skip", "skip", "flag", _("Instead, it is skipped")),
)
"""What a replacement effect does instead, when it is not a list of instructions (§8.10)."""
REPLACEMENT_FIELDS = (
    Spec("replace", "replace", "choice", _("Replaces"), choices=("enters_tapped",), labels={"enters_tapped": _("It enters tapped")}),
    Spec("event", "event", "choice", _("Replaces the event"), choices=REPLACED_EVENTS, labels=REPLACED_EVENT_LABELS),
    Spec("from", "from_zone", "text", _("From zone"), help=_("e.g. battlefield")),
    Spec("from", "from_filter", "record", _("…or from a source that matches"), parts=FILTER),
    Spec("to", "to_zone", "text", _("To zone / player"), help=_("e.g. graveyard")),
    Spec("to", "to_zones", "words", _("…or to one of the zones"), help=WORDS),
    Spec("to", "to_filter", "record", _("…or to a permanent that matches"), parts=FILTER),
    Spec("to", "to_any", "emptyobj", _("…or to any permanent")),
    Spec("combat", "combat", "flag", _("Combat damage only")),
    Spec("owner", "owner_is", "choice", _("Owned by"), choices=("you", "opponent"), labels={"you": _("You"), "opponent": _("An opponent")}),
    *INSTEAD_PARTS,
)

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
        Spec("attacking", "attacking", "choice", _("Attacking player"), choices=("p1", "p2"), labels=PLAYER_LABELS, main=False),
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

IF_STATIC = (
    Spec("if.controls", "if_controls", "record", _("Only while you control"), parts=FILTER, main=False),
    Spec("if.at_least", "if_at_least", "int", _("…at least this many"), min_value=0, max_value=99, main=False),
    Spec("if.your_turn", "if_your_turn", "yesno", _("Only during your turn"), main=False),
    Spec("if.life_at_most", "if_life_at_most", "int", _("Only if your life is at most"), min_value=-999, max_value=999, main=False),
)
"""A static CONDITION ("as long as …", §8.3)."""
_IF_NAMES = " ".join(spec.name for spec in IF_STATIC)

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
        Spec("affected", "affected_filter", "record", _("…or affects what matches"), parts=FILTER,
             help=_("Re-evaluated as the game goes on (§8.3 FILTER).")),
        Spec("power", "power", "int", _("Power"), min_value=-999_999, max_value=999_999),
        Spec("toughness", "toughness", "int", _("Toughness"), min_value=-999_999, max_value=999_999),
        Spec("types", "types", "words", _("Types"), help=WORDS),
        Spec("subtypes", "subtypes", "words", _("Subtypes"), help=WORDS),
        Spec("supertypes", "supertypes", "words", _("Supertypes"), help=WORDS),
        Spec("colors", "colors", "words", _("Colors"), help=WORDS),
        Spec("keywords", "keywords", "words", _("Keywords"), help=WORDS),
        Spec("of", "of", "ref", _("Copy of")),
        Spec("from", "from", "text", _("Protection from"), help=_("A color, a type…")),
        Spec("to", "to", "choice", _("Control goes to"), choices=("you", "p1", "p2"),
             labels={"you": _("The effect's controller"), **PLAYER_LABELS}),
        Spec("to", "to_word", "text", _("…or the word it becomes"), help=_("change text: a color, land type or creature type")),
        Spec("name", "name", "text", _("Card name")),
        Spec("event", "event", "choice", _("Replaces the event"), choices=REPLACED_EVENTS, labels=REPLACED_EVENT_LABELS),
        Spec("player", "player", "choice", _("Of the player"), choices=("you", "opponent", "any", "each"),
             labels={"you": _("You"), "opponent": _("An opponent"), "any": _("Any player"), "each": _("Each player")}),
        Spec("text", "text", "longtext", _("Its text (shown only)")),
        Spec("cda", "cda", "flag", _("Characteristic-defining (7a)")),
        Spec("land_type", "land_type", "flag", _("Sets a basic land type")),
        Spec("duration", "duration", "choice", _("Lasts"), choices=DURATIONS, labels=DURATION_LABELS),
        Spec("source", "source", "ref", _("Source")),
        Spec("controller", "controller", "choice", _("Controller"), choices=("p1", "p2"), labels=PLAYER_LABELS),
        Spec("timestamp", "timestamp", "int", _("Timestamp"), min_value=0, max_value=999_999,
             help=_("Blank: after every object.")),
        *IF_STATIC,
    ),
    _("Continuous effects"), _("Effects from resolved spells and abilities, with their layer and duration (CR 613)."),
    _("Add an effect"), _("Effect"), switch="do",
    uses={key: value + " id affected affected_filter duration source controller timestamp " + _IF_NAMES
          for key, value in EFFECT_USES.items()} | {"change_text": "from to to_word id affected affected_filter duration source "
                                                     "controller timestamp " + _IF_NAMES},
    extra_rows=0,
)

_ORDER = " trigger_order_p1 trigger_order_p2"
ACTION_USES = {
    "cast": "player card targets targets_list x modes targets_by_mode divide alternative_cost additional_costs cascade" + _ORDER,
    "activate": "player source ability targets x chosen" + _ORDER, "play_land": "player card", "pass": "player",
    "resolve": "", "declare_attackers": "attackers attacking" + _ORDER, "declare_blockers": "blockers damage_order" + _ORDER,
    "next_step": "step" + _ORDER,
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
        Spec("targets", "targets_list", "words", _("…or targets as ids (one may repeat)"), main=False),
        Spec("x", "x", "int", _("X"), min_value=0, max_value=999),
        Spec("modes", "modes", "ints", _("Modes chosen"), help=_("Mode numbers from 0, e.g. “0, 1”.")),
        Spec("divide", "divide", "ints", _("Damage divided"), help=_("An amount per target, in the order of the targets, e.g. “2, 1”.")),
        Spec("attackers", "attackers", "refs", _("Attackers")),
        Spec("attacking", "attacking", "map", _("Attacking a planeswalker"), help=_("“attacker: planeswalker”, e.g. “ogre: jace”"),
             main=False),
        Spec("blockers", "blockers", "pairs", _("Blocks"), choices=("blocker", "attacker"),
             help=_("“blocker: attacker” card ids, e.g. “wall: ogre, elf: ogre”; blank: no creature blocks.")),
        Spec("damage_order", "damage_order", "maplists", _("Damage assignment order"),
             help=_("“attacker: blocker blocker”, e.g. “wurm: wall elf”"), main=False),
        Spec("targets_by_mode", "targets_by_mode", "maplists", _("Targets of each mode"),
             help=_("“mode: id id”, e.g. “0: bear, 1: ogre”"), main=False),
        Spec("step", "step", "choice", _("Until the step"), choices=STEPS, labels=STEP_LABELS),
        Spec("alternative_cost", "alternative_cost", "int", _("Alternative cost (index)"), min_value=0, max_value=9),
        Spec("additional_costs", "additional_costs", "pairs", _("Additional costs"), choices=("do", "object"),
             help=_("“what: card id”, e.g. “sacrifice: c4” (sacrifice, return_to_hand, discard).")),
        Spec("cascade", "cascade", "slots", _("Cascade"), count=2, parts=(
            Part("cast", "yesno", _("Cast the card found")), Part("targets", "words", _("Its targets (ids)")),
            Part("modes", "ints", _("Its modes"), main=False), Part("divide", "ints", _("Its damage division"), main=False),
        ), help=_("One group per cascade trigger, the first to resolve first."), main=False),
        Spec("chosen", "chosen", "refs", _("Cards chosen (search)")),
        Spec("trigger_order.p1", "trigger_order_p1", "refs", _("Player 1's triggers, in order"),
             help=_("Their sources; the first goes on the stack first (bottom)."), main=False),
        Spec("trigger_order.p2", "trigger_order_p2", "refs", _("Player 2's triggers, in order"), main=False),
    ),
    _("Then"), _("What the players do next, in order. At the end both players pass until the stack is empty."),
    _("Add a step"), _("Step"), switch="type", uses=ACTION_USES,
    needs={
        "cast": {"player": _("Pick who casts."), "card": _("Pick the spell cast.")},
        "activate": {"player": _("Pick who activates."), "source": _("Pick the source of the ability.")},
        "play_land": {"player": _("Pick who plays the land."), "card": _("Pick the land.")},
        "pass": {"player": _("Pick who passes.")}, "declare_attackers": {"attackers": _("Pick the attackers.")},
        "next_step": {"step": _("Pick the step.")},
    },
)

_REPLACEMENT_USES = "replace event affected from_zone from_filter to_zone to_zones to_filter to_any player combat owner_is " \
    "instead_to instead_times instead_plus instead_minus skip as_enters filter counters"
ABILITIES = Section(
    "abilities", "",
    (
        Spec("kind", "kind", "choice", _("Kind"), choices=(*ABILITY_KINDS, "mode"), labels=ABILITY_KIND_LABELS, required=True,
             blank=_("— choose —")),
        Spec("keyword", "keyword", "choice", _("Keyword"), choices=KEYWORDS, labels={k: k.replace("_", " ") for k in KEYWORDS}),
        Spec("from", "protection_from", "text", _("Protection from"), help=_("A color, e.g. red")),
        Spec("type", "type", "text", _("Land type found (typecycling)")),
        Spec("cost", "keyword_cost", "text", _("Keyword cost"), help=_("e.g. {2} (cycling, equip)")),
        Spec("n", "devour_n", "int", _("Devour N"), min_value=0, max_value=99),
        Spec("cost.mana", "cost_mana", "text", _("Cost: mana"), help=_("e.g. {1}{G}")),
        Spec("cost.tap", "cost_tap", "flag", _("Cost: {T}")),
        Spec("cost.sacrifice_self", "cost_sacrifice", "flag", _("Cost: sacrifice it")),
        Spec("cost.loyalty", "cost_loyalty", "int", _("Loyalty cost (±)"), min_value=-99, max_value=99),
        Spec("cost.remove_counters.kind", "cost_counter_kind", "text", _("Cost: remove counters of kind")),
        Spec("cost.remove_counters.count", "cost_counter_count", "int", _("…how many"), min_value=0, max_value=99),
        Spec("timing", "timing", "choice", _("Timing"), choices=("sorcery", "instant"),
             labels={"sorcery": _("Only as a sorcery"), "instant": _("Any time (instant)")}),
        Spec("mana_ability", "mana_ability", "flag", _("Mana ability")),
        Spec("zone", "zone", "choice", _("Activated from"), choices=ZONES, labels=ZONE_LABELS),
        Spec("unearth", "unearth", "flag", _("Unearth (702.84a)")),
        Spec("trigger.event", "trigger_event", "choice", _("Triggers on"), choices=TRIGGER_EVENTS, labels=TRIGGER_LABELS),
        Spec("trigger.self", "trigger_self", "flag", _("…of this object")),
        Spec("trigger.filter", "trigger_filter", "record", _("…of an object that matches"), parts=FILTER),
        Spec("trigger.player", "trigger_player", "choice", _("Whose turn / who"), choices=("you", "opponent", "each"),
             labels={"you": _("You"), "opponent": _("An opponent"), "each": _("Each player")}),
        Spec("trigger.source", "trigger_source", "choice", _("Damage from"), choices=("self", "equipped", "attached", "opponent_controls"),
             labels={"self": _("This object"), "equipped": _("The equipped creature"), "attached": _("What it is attached to"),
                     "opponent_controls": _("A source an opponent controls")}),
        Spec("trigger.to", "trigger_to", "text", _("…to / into"), help=_("opponent, you, player; a zone for leaves/dies")),
        Spec("trigger.owner", "trigger_owner", "choice", _("Its owner"), choices=("you", "opponent"),
             labels={"you": _("You"), "opponent": _("An opponent")}),
        Spec("trigger.combat", "trigger_combat", "flag", _("Combat damage only")),
        Spec("trigger.alone", "trigger_alone", "flag", _("Attacks alone")),
        Spec("trigger.damaged_by", "trigger_damaged_by", "choice", _("Dealt damage this turn by"), choices=("equipped",),
             labels={"equipped": _("The equipped creature")}),
        Spec("optional", "optional", "flag", _("Optional (“you may”)")),
        Spec("if.controls", "if_controls", "record", _("Only if you control"), parts=FILTER),
        Spec("if.at_least", "if_at_least", "int", _("…at least this many"), min_value=0, max_value=99),
        Spec("if.pt", "if_pt", "ints", _("Only if its power/toughness is"), help=_("e.g. “1, 1”")),
        Spec("if.first_combat", "if_first_combat", "flag", _("Only in the first combat")),
        Spec("if.life_at_most", "if_life_at_most", "int", _("Only if your life is at most"), min_value=-999, max_value=999),
        Spec("if.your_turn", "if_your_turn", "yesno", _("Only during your turn")),
        Spec("if.opponent_cast_spells", "if_opponent_spells", "int", _("Only if opponents cast this many spells"), min_value=0, max_value=99),
        Spec("if.creature_spells_cast.player", "if_creature_spells_player", "choice", _("Only if creature spells cast this turn by"),
             choices=("event", "you", "opponent"), labels={"event": _("The event's player"), "you": _("You"), "opponent": _("An opponent")}),
        Spec("if.creature_spells_cast.at_most", "if_creature_spells_at_most", "int", _("…number at most"), min_value=0, max_value=99),
        Spec("choose", "choose", "range", _("Modes to choose"), help=_("A number, or “1-2”.")),
        Spec("repeat_modes", "repeat_modes", "flag", _("A mode may be chosen twice")),
        Spec("affected", "affected", "record", _("Affects what matches"), parts=FILTER),
        Spec("player", "player", "choice", _("Of the player"), choices=("you", "opponent", "any", "each"),
             labels={"you": _("You"), "opponent": _("An opponent"), "any": _("Any player"), "each": _("Each player")}),
        *REPLACEMENT_FIELDS,
        Spec("as_enters", "as_enters", "choice", _("As it enters"), choices=("choose_name", "reveal"),
             labels={"choose_name": _("Choose a card name"), "reveal": _("Reveal cards from the hand")}),
        Spec("filter", "filter", "record", _("…cards that match"), parts=FILTER),
        Spec("counters", "counters", "text", _("…one counter of this kind each"), help=_("e.g. +1/+1")),
        Spec("mana", "mana", "text", _("Mana cost instead"), help=_("e.g. {1}")),
        Spec("cant_be_countered", "cant_be_countered", "flag", _("Can't be countered")),
        Spec("when_used", "when_used", "flag", _("The engine says so only when it is used")),
        Spec("text", "text", "longtext", _("Its text")),
    ),
    _("Abilities"), _("Each card's abilities, in printed order. What they do goes in “Ability effects” below; what they target in “Targets”."),
    _("Add an ability"), _("Ability"), switch="kind", mark="#", extra_rows=0,
    details={"keyword": ("keyword", {"protection": "protection_from", "cycling": "keyword_cost", "equip": "keyword_cost",
                                     "typecycling": "type keyword_cost", "devour": "devour_n"})},
    uses={
        "keyword": "keyword",
        "static": "affected cant_be_countered if_controls if_at_least if_your_turn if_life_at_most if_first_combat text",
        "cda": "affected if_controls if_at_least if_your_turn text",
        "activated": "cost_mana cost_tap cost_sacrifice cost_loyalty cost_counter_kind cost_counter_count timing mana_ability zone "
                     "unearth text",
        "triggered": "trigger_event trigger_self trigger_filter trigger_player trigger_source trigger_to trigger_owner trigger_combat "
                     "trigger_alone trigger_damaged_by optional if_controls if_at_least if_pt if_first_combat if_your_turn "
                     "if_life_at_most if_opponent_spells if_creature_spells_player if_creature_spells_at_most choose text",
        "spell": "choose repeat_modes text", "mode": "text", "replacement": _REPLACEMENT_USES + " text",
        "alternative_cost": "mana text", "unsupported": "text when_used",
    },
)

TARGETS = Section(
    "targets", "",
    (
        Spec("filter", "filter", "record", _("A target that matches"), parts=FILTER),
        Spec("zone", "zone", "choice", _("In the zone"), choices=("battlefield", "stack", "graveyard"), labels=ZONE_LABELS,
             blank=_("Battlefield")),
        Spec("player", "player_any", "flag", _("…or a player")),
        Spec("player", "player_only", "choice", _("…or only this player"), choices=("opponent",), labels={"opponent": _("An opponent")}),
        Spec("optional", "optional", "flag", _("Optional (“up to one”)")),
    ),
    _("Targets"), _("What each ability (or mode) targets, in order: target 0, target 1… The instructions name them by number."),
    _("Add a target"), _("Target"), mark="@", extra_rows=0,
)

INSTRUCTION_USES = {
    "destroy": "target object affected combat", "exile": "target object affected zone cards cards_owner", "return_to_hand": "target object affected zone",
    "sacrifice": "target object affected player choose combat", "counter": "target", "deal_damage": "target object affected player amount divided source",
    "unless_pays": "player player_of_target mana life", "draw": "player amount", "gain_life": "player amount", "lose_life": "player amount",
    "mill": "player amount", "discard_hand": "player", "create_token": "count token_name token_types token_subtypes token_colors "
    "token_power token_toughness", "add_counters": "target object kind count", "remove_counters": "target object kind count",
    "tap": "target object affected", "untap": "target object affected", "add_mana": "mana", "copy_spell": "object target new_targets",
    "search": "filter player zone to_zones mana_value_at_most choose_any shuffle", "attach": "target object",
    "delayed_trigger": "when target object", "doesnt_untap": "target object affected duration", "remove_damage": "target object",
    "flip_coin": "", "mill_until": "player filter count", "reveal_top": "player count to_hand rest", "discard": "player amount",
    "put_on_library": "target object choose position", "shuffle_into_library": "target object",
    "return_to_battlefield": "target object unearth", "win_game": "player",
    "must_block": "target object attacker duration", "max_counters": "kind max", "unsupported": "text",
    **{do: "target object affected duration with_previous not_locked " + uses for do, uses in EFFECT_USES.items()},
}
"""The fields each instruction or effect part uses (§8.4, §8.5)."""
_INSTRUCTION_TAIL = " optional if_controls if_did if_did_filter instead_if_controls instead_if_at_least"
"""What any instruction may carry (§8.5, §8.10), folded away unless given."""
_PT_COUNTS = " power_count power_times toughness_count toughness_times"

INSTRUCTION_SECTION = Section(
    "instr", "",
    (
        Spec("do", "do", "choice", _("Does"), choices=INSTRUCTIONS + EFFECT_DOS, labels=INSTRUCTION_LABELS | EFFECT_LABELS,
             required=True, blank=_("— choose —")),
        Spec("target", "target", "int", _("Target number"), min_value=0, max_value=9, help=_("0 = the first target.")),
        Spec("object", "object", "choice", _("Or the object"), choices=("self", "event", "attached", "attacker"),
             labels={"self": _("This object"), "event": _("The event's object"), "attached": _("What it is attached to"),
                     "attacker": _("The attacking creature")}),
        Spec("affected", "affected", "record", _("Or every object that matches"), parts=FILTER),
        Spec("player", "player", "index", _("Player"), help=PLAYER_WORDS),
        Spec("player.controller_of_target", "player_of_target", "int", _("…or the controller of target number"), min_value=0,
             max_value=9),
        Spec("cards", "cards", "record", _("Or all cards that match (in a zone)"), parts=FILTER),
        Spec("owner", "cards_owner", "index", _("…in the zone of player"), help=PLAYER_WORDS),
        Spec("combat", "combat", "words", _("Or the creatures in combat with it"), help=_("blocking, blocked")),
        Spec("amount", "amount", "amount", _("Amount"), help=_("A number, x, or power_of:source, mana_value_of_affected…")),
        Spec("amount.count", "amount_count", "record", _("…or one for each object that matches"), parts=FILTER),
        Spec("amount.times", "amount_times", "int", _("…times"), min_value=0, max_value=99),
        Spec("power", "power", "amount", _("Power")),
        Spec("power.count", "power_count", "record", _("…or power: one for each object that matches"), parts=FILTER),
        Spec("power.times", "power_times", "int", _("…times"), min_value=0, max_value=99),
        Spec("toughness", "toughness", "amount", _("Toughness")),
        Spec("toughness.count", "toughness_count", "record", _("…or toughness: one for each object that matches"), parts=FILTER),
        Spec("toughness.times", "toughness_times", "int", _("…times"), min_value=0, max_value=99),
        Spec("count", "count", "amount", _("How many")),
        Spec("count.count", "count_count", "record", _("…or one for each object that matches"), parts=FILTER),
        Spec("max", "max", "int", _("At most"), min_value=0, max_value=999),
        Spec("kind", "kind", "text", _("Counter kind"), help=_("e.g. +1/+1")),
        Spec("mana", "mana", "text", _("Mana"), help=_("e.g. {R}{G}")),
        Spec("life", "life", "int", _("Life to pay"), min_value=0, max_value=999),
        Spec("zone", "zone", "choice", _("From the zone"), choices=ZONES, labels=ZONE_LABELS),
        Spec("filter", "filter", "record", _("Finds a card that matches"), parts=FILTER),
        Spec("mana_value_at_most", "mana_value_at_most", "amount", _("…with mana value at most")),
        Spec("choose", "choose_any", "flag", _("Chosen on resolution (or none)")),
        Spec("choose", "choose", "record", _("Chooses (no target) one that matches"), parts=FILTER),
        Spec("shuffle", "shuffle", "flag", _("Then shuffle")),
        Spec("position", "position", "index", _("Position in the library"), help=_("1 = top, 2 = second…, or bottom")),
        Spec("to_hand", "to_hand", "record", _("Put into the hand those that match"), parts=FILTER),
        Spec("rest", "rest", "choice", _("The rest go"), choices=("bottom",), labels={"bottom": _("On the bottom")}),
        Spec("unearth", "unearth", "flag", _("Unearth (exiled if it would leave)")),
        Spec("divided", "divided", "flag", _("Divided among the targets")),
        Spec("if.controls", "if_controls", "record", _("Only if you control"), parts=FILTER),
        Spec("if.did", "if_did", "flag", _("Only if the previous instruction moved an object"), main=False),
        Spec("if.did", "if_did_filter", "record", _("…an object that matches"), parts=FILTER, main=False),
        Spec("instead_if.controls", "instead_if_controls", "record", _("Replaced (below) if you control"), parts=FILTER, main=False),
        Spec("instead_if.at_least", "instead_if_at_least", "int", _("…at least this many"), min_value=0, max_value=99, main=False),
        Spec("from", "from", "text", _("From"), help=_("A color or a zone")),
        Spec("attacker", "attacker", "text", _("Attacker"), help=_("self, event…")),
        Spec("counter", "counter", "text", _("Counter kind (a kind of counter)")),
        Spec("to", "to_zones", "words", _("…or to one of the zones"), help=WORDS),
        Spec("optional", "optional", "flag", _("Optional (“you may”)")),
        Spec("source", "source", "text", _("Damage source"), help=_("self, attached…")),
        Spec("new_targets", "new_targets", "refs", _("New targets of the copy"), players=True),
        Spec("when", "when", "choice", _("When"), choices=("end_step", "next_upkeep"),
             labels={"end_step": _("At the beginning of the next end step"), "next_upkeep": _("At the next upkeep")}),
        Spec("token.name", "token_name", "text", _("Token name")),
        Spec("token.types", "token_types", "words", _("Token card types")),
        Spec("token.subtypes", "token_subtypes", "words", _("Token subtypes")),
        Spec("token.colors", "token_colors", "words", _("Token colors")),
        Spec("token.power", "token_power", "int", _("Token power"), min_value=0, max_value=999),
        Spec("token.toughness", "token_toughness", "int", _("Token toughness"), min_value=0, max_value=999),
        Spec("types", "types", "words", _("Types"), help=WORDS),
        Spec("subtypes", "subtypes", "words", _("Subtypes"), help=WORDS),
        Spec("supertypes", "supertypes", "words", _("Supertypes"), help=WORDS),
        Spec("colors", "colors", "words", _("Colors"), help=WORDS),
        Spec("keywords", "keywords", "words", _("Keywords"), help=WORDS),
        Spec("of", "of", "ref", _("Copy of")),
        Spec("to", "to", "text", _("To"), help=_("you, p1, p2 (control); a zone")),
        Spec("name", "name", "text", _("Card name")),
        Spec("name.chosen", "name_chosen", "flag", _("…the name chosen as it entered")),
        Spec("cda", "cda", "flag", _("Characteristic-defining (7a)")),
        Spec("land_type", "land_type", "flag", _("Sets a basic land type")),
        Spec("with_previous", "with_previous", "flag", _("Part of the previous effect")),
        Spec("not_locked", "not_locked", "flag", _("Not locked in (re-evaluated)")),
        Spec("duration", "duration", "choice", _("Lasts"), choices=DURATIONS, labels=DURATION_LABELS),
        Spec("event", "event", "choice", _("Replaces the event"), choices=REPLACED_EVENTS, labels=REPLACED_EVENT_LABELS),
        *INSTEAD_PARTS,
        Spec("text", "text", "longtext", _("Its text")),
    ),
    _("Ability effects"),
    _("What each ability does, in order: its instructions, or a static ability's continuous effects. “Belongs to” names "
      "the ability (c1#0 is card c1's first ability)."),
    _("Add an ability effect"), _("Effect"), switch="do", mark="/", extra_rows=0,
    uses={do: uses + _INSTRUCTION_TAIL for do, uses in INSTRUCTION_USES.items()} | {
        "replacement": "event player target object affected duration instead_to instead_times instead_plus instead_minus skip text",
        "set_pt": INSTRUCTION_USES["set_pt"] + _PT_COUNTS + _INSTRUCTION_TAIL,
        "modify_pt": INSTRUCTION_USES["modify_pt"] + _PT_COUNTS + _INSTRUCTION_TAIL,
        "create_token": INSTRUCTION_USES["create_token"] + " count_count" + _INSTRUCTION_TAIL},
)

CHOICE_KINDS = ("legend", "targets", "replace", "damage_order", "assign", "modes", "divide", "unless", "discard", "may", "search",
                "name", "sacrifice", "devour", "order", "bottom", "reveal", "coin", "choose")
CHOICES = Section(
    "choices", "",
    (
        Spec("kind", "kind", "choice", _("Choice"), choices=CHOICE_KINDS, required=True, blank=_("— choose —"), labels={
            "legend": _("Legend rule: the one kept"), "targets": _("Targets of a trigger"),
            "replace": _("Replacement effects, in order"), "damage_order": _("Damage assignment order"),
            "assign": _("Combat damage assigned"), "modes": _("Modes chosen"), "divide": _("Damage divided"),
            "unless": _("Pays (“unless”)"), "discard": _("Cards discarded in cleanup"), "may": _("Uses a “may” ability"),
            "search": _("Card found by a search"), "name": _("Name chosen"), "sacrifice": _("Permanent sacrificed"),
            "devour": _("Creatures devoured"), "order": _("Order chosen"), "bottom": _("Cards put on the bottom"),
            "reveal": _("Cards revealed"), "coin": _("Coin flip (won or lost)"), "choose": _("Permanent chosen on resolution")}),
        Spec("subject", "subject", "text", _("About"), help=_("legend: p1:Name · targets: source:ability · replace: draw:p1 · "
                                                              "assign/damage_order: attacker · modes/divide/unless: card · discard: p1")),
        Spec("value", "value", "text", _("Chosen"), help=_("Ids or numbers, comma-separated; yes/no for “unless”.")),
    ),
    _("Choices made"), _("Decisions given in advance (§8.10); a decision left out is shown as a choice with every branch."),
    _("Add a choice"), _("Choice"), store=("options", "choices"), extra_rows=0,
    uses={"legend": "text", "targets": "words", "replace": "words", "damage_order": "words", "assign": "ints",
          "modes": "ints", "divide": "ints", "unless": "yesno", "discard": "words", "may": "yesno", "search": "text",
          "name": "text", "sacrifice": "text", "devour": "words", "order": "words", "bottom": "words", "reveal": "words",
          "coin": "text", "choose": "text"},
)

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
"""Which lists of which rows are rows of their own (§8.3–§8.5)."""

SPEC = GameSpec(
    game="mtg", title=_("New Magic ruling"), setup=SETUP,
    sections=(CARDS, ABILITIES, TARGETS, INSTRUCTION_SECTION, STACK, PENDING, EFFECTS, ACTIONS_SECTION, CHOICES),
    default_ruleset=RULESETS[0], children=CHILDREN,
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


@cache
def catalogue_with_rows() -> tuple[dict[str, Any], ...]:
    """Return the catalogue cards with their ``rows`` (:func:`catalogue_rows`) and ``unsupported`` texts."""
    return tuple(dict(card, rows=catalogue_rows(card), unsupported=unsupported_texts(card)) for card in _catalogue())


def catalogue_card(name: str) -> dict[str, Any] | None:
    """Return the catalogue card named ``name`` (case and spaces ignored), or ``None``."""
    return next((dict(card) for card in _catalogue() if same_name(card["name"], str(name))), None)


def card_names(limit: int = 500) -> list[str]:
    """Return the names for the name autocomplete: the catalogue's, then those of stored Magic rulings."""
    return common.used_card_names("mtg", limit, dict.fromkeys(card["name"] for card in _catalogue()))
    return list(names)


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
    try:
        total = min(int(data.get(f"{prefix}-TOTAL_FORMS", 0)), 2_000)
    except (TypeError, ValueError):
        return data
    ids = common.assign_card_ids([str(data.get(f"{prefix}-{index}-id", "")).strip() for index in range(total)])
    filled = None
    for index in range(total):
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
        for section_prefix, rows in catalogue_rows(card).items():
            start = common.posted_total(filled, section_prefix)
            for offset, row in enumerate(rows):
                for name, value in row.items():
                    field = f"{section_prefix}-{start + offset}-{name}"
                    values = value if isinstance(value, list) else [value]
                    values = [str(v).replace(CARD_PLACEHOLDER, ids[index]) for v in values]
                    if hasattr(filled, "setlist"):
                        filled.setlist(field, values)
                    else:
                        filled[field] = values if isinstance(value, list) else values[0]
            filled[f"{section_prefix}-TOTAL_FORMS"] = str(start + len(rows))
            filled.setdefault(f"{section_prefix}-INITIAL_FORMS", "0")
    return filled if filled is not None else data
