"""The Alara Reborn release FAQ cards the engine can evaluate, encoded by hand as data.

Each card is an object of docs/scenario-format.md §8.2 without ``id``/``owner``/``zone``
(the builder adds them), plus ``evaluable`` (labels of the abilities the engine evaluates),
``unsupported`` (rules text it reports as "cannot evaluate") and ``faq`` (the FAQ entry's
section id in ``mtg-arb-faq-2009``). Text follows current Oracle wording where the FAQ's
2009 wording differs (noted in ``oracle_note``).
"""

from __future__ import annotations

import copy
from typing import Any

def faq_slug(name: str) -> str:
    """The FAQ's slug of an English card name (as ``mtg_release_faq.slugify``): apostrophes are
    dropped, every other run of non-alphanumerics is one ``-``: ``Mayael's Aria`` → ``mayaels-aria``."""
    kept = "".join(ch for ch in name.lower() if ch not in "'’")
    return "-".join("".join(ch if ch.isalnum() else " " for ch in kept).split())


KW = lambda word, **more: {"kind": "keyword", "keyword": word, **more}  # noqa: E731


def _c(name: str, cost: str, types: list[str], subtypes: list[str] | None = None, pt: tuple[int, int] | None = None,
       abilities: list[dict[str, Any]] | None = None, unsupported: list[str] | None = None,
       supertypes: list[str] | None = None, note: str = "") -> dict[str, Any]:
    abilities = list(abilities or [])
    for text in unsupported or []:
        # A part the engine meets only when the ability is used ("resolving it is a cannot-evaluate
        # step") is reported then; any other unsupported text is reported as soon as the card is
        # on the battlefield or the stack, and whenever it gets there later (engine/mtg/unevaluated.py).
        abilities.append({"kind": "unsupported", "text": text, **({"when_used": True} if "cannot-evaluate step" in text else {})})
    out: dict[str, Any] = {"name": name, "mana_cost": cost, "types": types, "subtypes": subtypes or [],
                           "supertypes": supertypes or [], "abilities": abilities}
    if pt:
        out["power"], out["toughness"] = pt
    out["evaluable"] = [a.get("keyword") or a.get("text") or a["kind"] for a in abilities if a["kind"] != "unsupported"]
    out["unsupported"] = list(unsupported or [])
    out["faq"] = "card-" + faq_slug(name)
    if note:
        out["oracle_note"] = note
    return out


def _etb(effects: list[dict[str, Any]], text: str, targets: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return {"kind": "triggered", "trigger": {"event": "enters", "self": True}, "targets": targets or [],
            "effects": effects, "text": text}


CREATURE = {"filter": {"types": ["creature"]}}
ZOMBIE = {"name": "Zombie Token", "types": ["creature"], "subtypes": ["Zombie"], "colors": ["black"], "power": 2, "toughness": 2}
PERMANENT_TYPES = ["artifact", "creature", "enchantment", "land", "planeswalker"]


def UNEARTH(cost: str) -> dict[str, Any]:  # noqa: N802
    """Unearth [cost] (CR 702.84a): return it from your graveyard to the battlefield, it gains haste,
    exile it at the beginning of the next end step, and if it would leave the battlefield, exile it
    instead of putting it anywhere else; only as a sorcery."""
    return {"kind": "activated", "zone": "graveyard", "timing": "sorcery", "unearth": True, "cost": {"mana": cost},
            "effects": [{"do": "return_to_battlefield", "object": "self", "zone": "graveyard", "unearth": True},
                        {"do": "add_ability", "abilities": [KW("haste")], "object": "self", "duration": "permanent"},
                        {"do": "delayed_trigger", "when": "end_step", "object": "self",
                         "effects": [{"do": "exile", "object": "event"}]},
                        {"do": "replacement", "object": "self", "event": "zone_change", "from": "battlefield",
                         "to": ["hand", "library", "graveyard"], "instead": {"to": "exile"}, "duration": "permanent",
                         "text": "If it would leave the battlefield, exile it instead."}],
            "text": f"Unearth {cost}"}
ANY_TARGET = {"filter": {"any_types": ["creature", "planeswalker"]}, "player": True}

_CARDS = [
    _c("Bloodbraid Elf", "{2}{R}{G}", ["creature"], ["Elf", "Berserker"], (3, 2), [KW("haste"), KW("cascade")]),
    _c("Bituminous Blast", "{3}{B}{R}", ["instant"], [], None, [KW("cascade"), {"kind": "spell", "targets": [CREATURE],
       "effects": [{"do": "deal_damage", "amount": 4, "target": 0}], "text": "Bituminous Blast deals 4 damage to target creature."}]),
    _c("Enigma Sphinx", "{4}{W}{U}{B}", ["artifact", "creature"], ["Sphinx"], (5, 4), [KW("flying"),
       {"kind": "triggered", "trigger": {"event": "leaves", "self": True, "to": "graveyard", "owner": "you"},
        "effects": [{"do": "put_on_library", "object": "event", "zone": "graveyard", "position": 3}],
        "text": "When Enigma Sphinx is put into your graveyard from the battlefield, put it into your library third from the top."},
       KW("cascade")]),
    _c("Igneous Pouncer", "{4}{B}{R}", ["creature"], ["Elemental"], (5, 1),
       [KW("haste"), KW("typecycling", type="Swamp", cost="{2}"), KW("typecycling", type="Mountain", cost="{2}")]),
    _c("Jund Sojourners", "{B}{R}{G}", ["creature"], ["Viashino", "Shaman"], (3, 2), [
        {"kind": "triggered", "trigger": {"event": "cycle"}, "targets": [ANY_TARGET], "effects": [{"do": "deal_damage", "amount": 1, "target": 0}],
         "text": "When you cycle Jund Sojourners, it deals 1 damage to any target."},
        {"kind": "triggered", "trigger": {"event": "dies", "self": True}, "targets": [ANY_TARGET], "effects": [{"do": "deal_damage", "amount": 1, "target": 0}],
         "text": "When Jund Sojourners dies, it deals 1 damage to any target."},
        KW("cycling", cost="{2}{R}")]),
    _c("Esper Stormblade", "{W/B}{U}", ["artifact", "creature"], ["Vedalken", "Wizard"], (2, 1), [
        {"kind": "static", "if": {"controls": {"multicolored": True, "other": True}}, "affected": {"self": True},
         "effects": [{"do": "modify_pt", "power": 1, "toughness": 1}, {"do": "add_ability", "abilities": [KW("flying")]}],
         "text": "As long as you control another multicolored permanent, Esper Stormblade gets +1/+1 and has flying."}]),
    _c("Fieldmist Borderpost", "{1}{W}{U}", ["artifact"], [], None, [
        {"kind": "alternative_cost", "mana": "{1}", "text": "You may pay {1} and return a basic land you control to its owner's hand rather than pay this spell's mana cost."},
        {"kind": "replacement", "replace": "enters_tapped", "text": "Fieldmist Borderpost enters the battlefield tapped."},
        {"kind": "activated", "mana_ability": True, "cost": {"tap": True}, "effects": [{"do": "add_mana", "mana": "{W}"}], "text": "{T}: Add {W}."},
        {"kind": "activated", "mana_ability": True, "cost": {"tap": True}, "effects": [{"do": "add_mana", "mana": "{U}"}], "text": "{T}: Add {U}."}]),
    _c("Aven Mimeomancer", "{1}{W}{U}", ["creature"], ["Bird", "Wizard"], (3, 1), [KW("flying"),
       {"kind": "triggered", "trigger": {"event": "upkeep", "player": "you"}, "optional": True, "targets": [CREATURE],
        "effects": [{"do": "add_counters", "kind": "feather", "count": 1, "target": 0},
                    {"do": "set_pt", "power": 3, "toughness": 1, "target": 0, "duration": "while_counter", "counter": "feather"},
                    {"do": "add_ability", "abilities": [KW("flying")], "target": 0, "with_previous": True,
                     "duration": "while_counter", "counter": "feather"}],
        "text": "At the beginning of your upkeep, you may put a feather counter on target creature. If you do, that creature has base power and toughness 3/1 and has flying for as long as it has a feather counter on it."}],
       note="Oracle: 'has base power and toughness 3/1' (2009: 'is 3/1'): layer 7b and layer 6, ending when no feather counter is left (611.2b)."),
    _c("Ethersworn Shieldmage", "{1}{W}{U}", ["artifact", "creature"], ["Vedalken", "Wizard"], (2, 2), [KW("flash"),
       _etb([{"do": "prevent_damage", "affected": {"types": ["artifact", "creature"]}, "duration": "end_of_turn"}],
            "When Ethersworn Shieldmage enters, prevent all damage that would be dealt to artifact creatures this turn.")]),
    _c("Filigree Angel", "{5}{W}{W}{U}", ["artifact", "creature"], ["Angel"], (4, 4), [KW("flying"),
       _etb([{"do": "gain_life", "amount": {"count": {"types": ["artifact"], "controller": "you"}, "times": 3}}],
            "When Filigree Angel enters, you gain 3 life for each artifact you control.")]),
    _c("Illusory Demon", "{1}{U}{B}", ["creature"], ["Demon", "Illusion"], (4, 3), [KW("flying"),
       {"kind": "triggered", "trigger": {"event": "cast"}, "effects": [{"do": "sacrifice", "object": "self"}],
        "text": "When you cast a spell, sacrifice Illusory Demon."}]),
    _c("Offering to Asha", "{2}{W}{U}", ["instant"], [], None, [{"kind": "spell", "targets": [{"zone": "stack"}],
       "effects": [{"do": "unless_pays", "player": {"controller_of_target": 0}, "mana": "{4}",
                    "effects": [{"do": "counter", "target": 0}]}, {"do": "gain_life", "amount": 4}],
       "text": "Counter target spell unless its controller pays {4}. You gain 4 life."}]),
    _c("Double Negative", "{U}{U}{R}", ["instant"], [], None, [{"kind": "spell",
       "targets": [{"zone": "stack", "optional": True}, {"zone": "stack", "optional": True}],
       "effects": [{"do": "counter", "target": 0}, {"do": "counter", "target": 1}], "text": "Counter up to two target spells."}]),
    _c("Vithian Renegades", "{1}{R}{G}", ["creature"], ["Human", "Shaman"], (3, 2), [
        _etb([{"do": "destroy", "target": 0}], "When Vithian Renegades enters, destroy target artifact.", [{"filter": {"types": ["artifact"]}}])]),
    _c("Deadshot Minotaur", "{3}{R}{G}", ["creature"], ["Minotaur"], (3, 4), [
        _etb([{"do": "deal_damage", "amount": 3, "target": 0}], "When Deadshot Minotaur enters, it deals 3 damage to target creature with flying.",
             [{"filter": {"types": ["creature"], "has_keyword": "flying"}}]), KW("cycling", cost="{R/G}")]),
    _c("Spellbreaker Behemoth", "{1}{R}{G}{G}", ["creature"], ["Beast"], (5, 5),
       [{"kind": "static", "cant_be_countered": True, "effects": [], "text": "This spell can't be countered."},
        {"kind": "static", "affected": {"types": ["creature"], "controller": "you", "min_power": 5},
         "effects": [{"do": "cant_be_countered"}],
         "text": "Creature spells you control with power 5 or greater can't be countered."}]),
    _c("Behemoth Sledge", "{1}{G}{W}", ["artifact"], ["Equipment"], None, [
        {"kind": "static", "affected": {"attached": True}, "text": "Equipped creature gets +2/+2 and has lifelink and trample.",
         "effects": [{"do": "modify_pt", "power": 2, "toughness": 2},
                     {"do": "add_ability", "abilities": [KW("lifelink"), KW("trample")]}]}, KW("equip", cost="{3}")],
       note="Lifelink is static today (702.15); the 2009 FAQ treats it as a trigger."),
    _c("Dauntless Escort", "{1}{G}{W}", ["creature"], ["Rhino", "Soldier"], (3, 3), [
        {"kind": "activated", "cost": {"sacrifice_self": True}, "text": "Sacrifice Dauntless Escort: Creatures you control gain indestructible until end of turn.",
         "effects": [{"do": "add_ability", "abilities": [KW("indestructible")], "affected": {"types": ["creature"], "controller": "you"}, "duration": "end_of_turn"}]}],
       note="Oracle 'gain indestructible' is locked in (611.2c); the 2009 wording was not (use a rules effect 'indestructible')."),
    _c("Knight of New Alara", "{2}{G}{W}", ["creature"], ["Human", "Knight"], (2, 2), [
        {"kind": "static", "affected": {"types": ["creature"], "multicolored": True, "controller": "you", "other": True},
         "text": "Each other multicolored creature you control gets +1/+1 for each of its colors.",
         "effects": [{"do": "modify_pt", "power": {"colors_of_affected": True}, "toughness": {"colors_of_affected": True}}]}]),
    _c("Leonin Armorguard", "{2}{G}{W}", ["creature"], ["Cat", "Soldier"], (3, 3), [
        _etb([{"do": "modify_pt", "power": 1, "toughness": 1, "affected": {"types": ["creature"], "controller": "you"}, "duration": "end_of_turn"}],
             "When Leonin Armorguard enters, creatures you control get +1/+1 until end of turn.")]),
    _c("Mycoid Shepherd", "{1}{G}{G}{W}", ["creature"], ["Fungus"], (5, 4), [
        {"kind": "triggered", "trigger": {"event": "dies", "filter": {"controller": "you", "min_power": 5}},
         "effects": [{"do": "gain_life", "amount": 5}], "optional": True,
         "text": "Whenever Mycoid Shepherd or another creature you control with power 5 or greater dies, you may gain 5 life."}]),
    _c("Sigil Captain", "{1}{G}{W}{W}", ["creature"], ["Rhino", "Soldier"], (3, 3), [
        {"kind": "triggered", "trigger": {"event": "enters", "filter": {"types": ["creature"], "controller": "you"}}, "if": {"pt": [1, 1]},
         "effects": [{"do": "add_counters", "kind": "+1/+1", "count": 2, "object": "event"}],
         "text": "Whenever a creature enters under your control, if that creature is 1/1, put two +1/+1 counters on it."}]),
    _c("Sigil of the Nayan Gods", "{1}{G}{W}", ["enchantment"], ["Aura"], None, [
        {"kind": "static", "affected": {"attached": True}, "text": "Enchanted creature gets +1/+1 for each creature you control.",
         "effects": [{"do": "modify_pt", "power": {"count": {"types": ["creature"], "controller": "you"}}, "toughness": {"count": {"types": ["creature"], "controller": "you"}}}]},
        KW("cycling", cost="{G/W}")]),
    _c("Glory of Warfare", "{2}{R}{W}", ["enchantment"], [], None, [
        {"kind": "static", "if": {"your_turn": True}, "affected": {"types": ["creature"], "controller": "you"},
         "effects": [{"do": "modify_pt", "power": 2, "toughness": 0}], "text": "As long as it's your turn, creatures you control get +2/+0."},
        {"kind": "static", "if": {"your_turn": False}, "affected": {"types": ["creature"], "controller": "you"},
         "effects": [{"do": "modify_pt", "power": 0, "toughness": 2}], "text": "As long as it's not your turn, creatures you control get +0/+2."}]),
    _c("Madrush Cyclops", "{1}{B}{R}{G}", ["creature"], ["Cyclops", "Warrior"], (3, 4), [
        {"kind": "static", "affected": {"types": ["creature"], "controller": "you"}, "text": "Creatures you control have haste.",
         "effects": [{"do": "add_ability", "abilities": [KW("haste")]}]}]),
    _c("Lavalanche", "{X}{B}{R}{G}", ["sorcery"], [], None, [{"kind": "spell", "targets": [{"player": True}],
       "effects": [{"do": "deal_damage", "amount": "x", "player": 0},
                   {"do": "deal_damage", "amount": "x", "affected": {"types": ["creature"], "controller": "opponent"}}],
       "text": "Lavalanche deals X damage to target player or planeswalker and each creature that player or that planeswalker's controller controls."}],
       note="The engine models the target player as an opponent of the caster."),
    _c("Maelstrom Pulse", "{1}{B}{G}", ["sorcery"], [], None, [{"kind": "spell", "targets": [{"filter": {"not_types": ["land"]}}],
       "effects": [{"do": "destroy", "target": 0},
                   {"do": "unsupported", "text": "…and all other permanents with the same name as that permanent."}],
       "text": "Destroy target nonland permanent and all other permanents with the same name as that permanent."}],
       ["…and all other permanents with the same name as that permanent: resolving it is a cannot-evaluate step."]),
    _c("Slave of Bolas", "{3}{U/R}{B}", ["sorcery"], [], None, [{"kind": "spell", "targets": [CREATURE], "effects": [
        {"do": "change_control", "target": 0}, {"do": "untap", "target": 0},
        {"do": "add_ability", "abilities": [KW("haste")], "target": 0, "duration": "end_of_turn"},
        {"do": "delayed_trigger", "when": "end_step", "target": 0, "effects": [{"do": "sacrifice", "object": "event"}]}],
        "text": "Gain control of target creature. Untap that creature. It gains haste until end of turn. Sacrifice it at the beginning of the next end step."}]),
    _c("Crystallization", "{G/U}{W}", ["enchantment"], ["Aura"], None, [
        {"kind": "static", "affected": {"attached": True}, "text": "Enchanted creature has base power and toughness 0/4.",
         "effects": [{"do": "set_pt", "power": 0, "toughness": 4}]},
        {"kind": "triggered", "trigger": {"event": "becomes_target", "filter": {"attached": True}}, "effects": [{"do": "exile", "object": "attached"}],
         "text": "When enchanted creature becomes the target of a spell or ability, exile that creature."}],
       note="Oracle: 'has base power and toughness 0/4' (2009: 'can't attack or block')."),
    _c("Thopter Foundry", "{W/B}{U}", ["artifact"], [], None, [
        {"kind": "activated", "cost": {"mana": "{1}"}, "text": "{1}, Sacrifice a nontoken artifact: Create a 1/1 blue Thopter artifact creature token with flying. You gain 1 life.",
         "effects": [{"do": "create_token", "token": {"name": "Thopter Token", "types": ["artifact", "creature"], "subtypes": ["Thopter"], "colors": ["blue"],
                                                       "power": 1, "toughness": 1, "abilities": [KW("flying")]}}, {"do": "gain_life", "amount": 1}]}]),
    _c("Cloven Casting", "{5}{U}{R}", ["enchantment"], [], None, [
        {"kind": "triggered", "trigger": {"event": "cast", "filter": {"multicolored": True, "any_types": ["instant", "sorcery"]}},
         "effects": [{"do": "copy_spell", "object": "event"}],
         "text": "Whenever you cast a multicolored instant or sorcery spell, you may pay {1}. If you do, copy that spell."}],
       note="The optional {1} payment is not tracked."),
    _c("Sovereigns of Lost Alara", "{4}{W}{U}", ["creature"], ["Spirit"], (4, 5), [KW("exalted")],
       ["Whenever a creature you control attacks alone, you may search your library for an Aura card that could enchant that creature…"]),
    _c("Finest Hour", "{2}{G}{W}{U}", ["enchantment"], [], None, [KW("exalted")],
       ["Whenever a creature you control attacks alone, if it's the first combat phase of the turn, untap that creature. After this phase, there is an additional combat phase."]),
    _c("Maelstrom Nexus", "{W}{U}{B}{R}{G}", ["enchantment"], [], None, unsupported=["The first spell you cast each turn has cascade."]),
    # Added with modes (700.2), "unless" (118.12a), turns (502-504, 514) and the blocks/attacks triggers.
    _c("Soul Manipulation", "{1}{U}{B}", ["instant"], [], None, [{"kind": "spell", "choose": [1, 2], "modes": [
        {"text": "Counter target creature spell.", "targets": [{"zone": "stack", "filter": {"types": ["creature"]}}],
         "effects": [{"do": "counter", "target": 0}]},
        {"text": "Return target creature card from your graveyard to your hand.",
         "targets": [{"zone": "graveyard", "filter": {"types": ["creature"], "controller": "you"}}],
         "effects": [{"do": "return_to_hand", "target": 0, "zone": "graveyard"}]}],
        "text": "Choose one or both — • Counter target creature spell. • Return target creature card from your graveyard to your hand."}]),
    _c("Etherwrought Page", "{1}{W}{U}{B}", ["artifact"], [], None, [
        {"kind": "triggered", "trigger": {"event": "upkeep", "player": "you"}, "choose": 1, "modes": [
            {"text": "You gain 2 life.", "effects": [{"do": "gain_life", "amount": 2}]},
            {"text": "Look at the top card of your library. You may put that card into your graveyard.",
             "effects": [{"do": "unsupported", "text": "Look at the top card of your library. You may put that card into your graveyard."}]},
            {"text": "Each opponent loses 1 life.", "effects": [{"do": "lose_life", "amount": 1, "player": "opponent"}]}],
         "text": "At the beginning of your upkeep, choose one — • You gain 2 life. • Look at the top card … • Each opponent loses 1 life."}],
       ["The second mode (look at the top card of your library; you may put it into your graveyard): choosing it is a cannot-evaluate step."]),
    _c("Shield of the Righteous", "{W}{U}", ["artifact"], ["Equipment"], None, [
        {"kind": "static", "affected": {"attached": True}, "text": "Equipped creature gets +0/+2 and has vigilance.",
         "effects": [{"do": "modify_pt", "power": 0, "toughness": 2}, {"do": "add_ability", "abilities": [KW("vigilance")]}]},
        {"kind": "triggered", "trigger": {"event": "blocks", "filter": {"attached": True}},
         "effects": [{"do": "doesnt_untap", "object": "attacker", "duration": "next_untap"}],
         "text": "Whenever equipped creature blocks a creature, that creature doesn't untap during its controller's next untap step."},
        KW("equip", cost="{2}")]),
    _c("Dragon Broodmother", "{2}{R}{R}{R}{G}", ["creature"], ["Dragon"], (4, 4), [KW("flying"),
       {"kind": "triggered", "trigger": {"event": "upkeep", "player": "each"},
        "effects": [{"do": "create_token", "token": {"name": "Dragon Token", "types": ["creature"], "subtypes": ["Dragon"],
                                                      "colors": ["red", "green"], "power": 1, "toughness": 1,
                                                      "abilities": [KW("flying"), KW("devour", n=2)]}}],
        "text": "At the beginning of each upkeep, create a 1/1 red and green Dragon creature token with flying and devour 2."}]),
    _c("Nemesis of Reason", "{3}{U}{B}", ["creature"], ["Leviathan", "Horror"], (3, 7), [
        {"kind": "triggered", "trigger": {"event": "attacks", "self": True}, "effects": [{"do": "mill", "amount": 10, "player": "opponent"}],
         "text": "Whenever Nemesis of Reason attacks, defending player mills ten cards."}]),
    _c("Lorescale Coatl", "{1}{G}{U}", ["creature"], ["Snake"], (2, 2), [
        {"kind": "triggered", "trigger": {"event": "draw", "player": "you"}, "effects": [{"do": "add_counters", "kind": "+1/+1", "count": 1, "object": "self"}],
         "optional": True, "text": "Whenever you draw a card, you may put a +1/+1 counter on Lorescale Coatl."}]),
    _c("Vedalken Heretic", "{G}{U}", ["creature"], ["Vedalken", "Rogue"], (1, 1), [
        {"kind": "triggered", "trigger": {"event": "damage", "source": "self", "to": "opponent"}, "effects": [{"do": "draw", "amount": 1}],
         "optional": True, "text": "Whenever Vedalken Heretic deals damage to an opponent, you may draw a card."}]),
    _c("Kathari Bomber", "{1}{B}{R}", ["creature"], ["Bird", "Shaman"], (2, 2), [KW("flying"),
       {"kind": "triggered", "trigger": {"event": "damage", "source": "self", "to": "player", "combat": True},
        "effects": [{"do": "create_token", "count": 2, "token": {"name": "Goblin Token", "types": ["creature"], "subtypes": ["Goblin"],
                                                                  "colors": ["red"], "power": 1, "toughness": 1}},
                    {"do": "sacrifice", "object": "self"}],
        "text": "When Kathari Bomber deals combat damage to a player, create two 1/1 red Goblin creature tokens and sacrifice Kathari Bomber."},
       UNEARTH("{3}{B}{R}")]),
    _c("Flurry of Wings", "{G}{W}{U}", ["instant"], [], None, [{"kind": "spell", "effects": [
        {"do": "create_token", "count": {"count": {"types": ["creature"], "attacking": True}},
         "token": {"name": "Bird Soldier Token", "types": ["creature"], "subtypes": ["Bird", "Soldier"], "colors": ["white"],
                   "power": 1, "toughness": 1, "abilities": [KW("flying")]}}],
        "text": "Create X 1/1 white Bird Soldier creature tokens with flying, where X is the number of attacking creatures."}]),
    _c("Intimidation Bolt", "{1}{R}{W}", ["instant"], [], None, [{"kind": "spell", "targets": [CREATURE], "effects": [
        {"do": "deal_damage", "amount": 3, "target": 0},
        {"do": "unsupported", "text": "Other creatures can't attack this turn."}],
        "text": "Intimidation Bolt deals 3 damage to target creature. Other creatures can't attack this turn."}],
       ["Other creatures can't attack this turn: resolving it is a cannot-evaluate step."]),
    _c("Brainbite", "{2}{U}{B}", ["sorcery"], [], None, [{"kind": "spell", "targets": [{"player": "opponent"}], "effects": [
        {"do": "unsupported", "text": "Target opponent reveals their hand. You choose a card from it. That player discards that card."},
        {"do": "draw", "amount": 1}], "text": "Target opponent reveals their hand. You choose a card from it. That player discards that card. Draw a card."}],
       ["The revealed-hand discard: resolving it is a cannot-evaluate step (the draw is evaluated)."]),
    _c("Drastic Revelation", "{2}{U}{B}{R}", ["sorcery"], [], None, [{"kind": "spell", "effects": [
        {"do": "discard_hand"}, {"do": "draw", "amount": 7},
        {"do": "unsupported", "text": "Then discard three cards at random."}],
        "text": "Discard your hand. Draw seven cards, then discard three cards at random."}],
       ["Discard three cards at random: a cannot-evaluate step."]),
    _c("Mage Slayer", "{1}{R}{G}", ["artifact"], ["Equipment"], None, [
        {"kind": "triggered", "trigger": {"event": "attacks", "filter": {"attached": True}},
         "effects": [{"do": "deal_damage", "source": "attached", "amount": {"power_of": "attached"}, "player": "opponent"}],
         "text": "Whenever equipped creature attacks, it deals damage equal to its power to the player or planeswalker it's attacking."},
        KW("equip", cost="{3}")],
       note="The damage goes to the defending player (an attacked planeswalker is not modelled for this trigger)."),
    _c("Demonspine Whip", "{B}{R}", ["artifact"], ["Equipment"], None, [
        {"kind": "activated", "cost": {"mana": "{X}"}, "effects": [{"do": "modify_pt", "power": "x", "toughness": 0, "object": "attached",
                                                                   "duration": "end_of_turn"}],
         "text": "{X}: Equipped creature gets +X/+0 until end of turn."}, KW("equip", cost="{1}")]),
    _c("Lich Lord of Unx", "{1}{U}{B}", ["creature"], ["Zombie", "Wizard"], (2, 2), [
        {"kind": "activated", "cost": {"mana": "{U}{B}", "tap": True},
         "effects": [{"do": "create_token", "token": {"name": "Zombie Wizard Token", "types": ["creature"], "subtypes": ["Zombie", "Wizard"],
                                                       "colors": ["blue", "black"], "power": 1, "toughness": 1}}],
         "text": "{U}{B}, {T}: Create a 1/1 blue and black Zombie Wizard creature token."},
        {"kind": "activated", "cost": {"mana": "{U}{U}{B}{B}"}, "targets": [{"player": True}],
         "effects": [{"do": "lose_life", "player": 0, "amount": {"count": {"subtypes": ["Zombie"], "controller": "you"}}},
                     {"do": "mill", "player": 0, "amount": {"count": {"subtypes": ["Zombie"], "controller": "you"}}}],
         "text": "{U}{U}{B}{B}: Target player loses X life and mills X cards, where X is the number of Zombies you control."}]),
    _c("Deathbringer Thoctar", "{4}{B}{R}", ["creature"], ["Zombie", "Beast"], (3, 3), [
        {"kind": "triggered", "trigger": {"event": "dies", "filter": {"types": ["creature"], "other": True}},
         "effects": [{"do": "add_counters", "kind": "+1/+1", "count": 1, "object": "self"}],
         "optional": True, "text": "Whenever another creature dies, you may put a +1/+1 counter on Deathbringer Thoctar."},
        {"kind": "activated", "cost": {"remove_counters": {"kind": "+1/+1", "count": 1}}, "targets": [ANY_TARGET],
         "effects": [{"do": "deal_damage", "amount": 1, "target": 0}],
         "text": "Remove a +1/+1 counter from Deathbringer Thoctar: It deals 1 damage to any target."}]),
    _c("Karrthus, Tyrant of Jund", "{4}{B}{R}{G}", ["creature"], ["Dragon"], (7, 7), [KW("flying"), KW("haste"),
       _etb([{"do": "change_control", "to": "you", "affected": {"subtypes": ["Dragon"]}},
             {"do": "untap", "affected": {"subtypes": ["Dragon"]}}],
            "When Karrthus, Tyrant of Jund enters, gain control of all Dragons, then untap all Dragons."),
       {"kind": "static", "affected": {"subtypes": ["Dragon"], "types": ["creature"], "controller": "you", "other": True},
        "effects": [{"do": "add_ability", "abilities": [KW("haste")]}], "text": "Other Dragon creatures you control have haste."}],
       supertypes=["legendary"]),
    _c("Blitz Hellion", "{3}{R}{G}", ["creature"], ["Hellion"], (7, 7), [KW("trample"), KW("haste"),
       {"kind": "triggered", "trigger": {"event": "end_step", "player": "each"},
        "effects": [{"do": "shuffle_into_library", "object": "self"}],
        "text": "At the beginning of the end step, Blitz Hellion's owner shuffles it into their library."}]),
    _c("Grixis Sojourners", "{1}{U}{B}{R}", ["creature"], ["Zombie", "Ogre"], (4, 3), [
        {"kind": "triggered", "trigger": {"event": "cycle"}, "targets": [{"zone": "graveyard"}],
         "effects": [{"do": "exile", "target": 0, "zone": "graveyard"}],
         "optional": True, "text": "When you cycle Grixis Sojourners, you may exile target card from a graveyard."},
        {"kind": "triggered", "trigger": {"event": "dies", "self": True}, "targets": [{"zone": "graveyard"}],
         "effects": [{"do": "exile", "target": 0, "zone": "graveyard"}],
         "optional": True, "text": "When Grixis Sojourners dies, you may exile target card from a graveyard."},
        KW("cycling", cost="{2}{B}")]),
    _c("Thraximundar", "{4}{U}{B}{R}", ["creature"], ["Zombie", "Assassin"], (6, 6), [KW("haste"),
       {"kind": "triggered", "trigger": {"event": "sacrifice", "filter": {"types": ["creature"]}},
        "effects": [{"do": "add_counters", "kind": "+1/+1", "count": 1, "object": "self"}], "optional": True,
        "text": "Whenever a player sacrifices a creature, you may put a +1/+1 counter on Thraximundar."},
       {"kind": "triggered", "trigger": {"event": "attacks", "self": True},
        "effects": [{"do": "sacrifice", "player": "opponent", "choose": {"types": ["creature"]}}],
        "text": "Whenever Thraximundar attacks, defending player sacrifices a creature."}],
       supertypes=["legendary"], note="Defending player is the opponent (two-player game)."),
    _c("Unscythe, Killer of Kings", "{U}{B}{B}{R}", ["artifact"], ["Equipment"], None, [
        {"kind": "static", "affected": {"attached": True}, "text": "Equipped creature gets +3/+3 and has first strike.",
         "effects": [{"do": "modify_pt", "power": 3, "toughness": 3}, {"do": "add_ability", "abilities": [KW("first_strike")]}]},
        {"kind": "triggered", "trigger": {"event": "dies", "filter": {"types": ["creature"]}, "damaged_by": "equipped"},
         "effects": [{"do": "exile", "object": "event", "zone": "graveyard", "optional": True},
                     {"do": "create_token", "if": {"did": True}, "token": ZOMBIE}],
         "text": "Whenever a creature dealt damage by equipped creature this turn dies, you may exile that card. If you do, create a 2/2 black Zombie creature token."},
        KW("equip", cost="{2}")],
       supertypes=["legendary"]),
    _c("Mask of Riddles", "{U}{B}", ["artifact"], ["Equipment"], None, [
        {"kind": "static", "affected": {"attached": True}, "effects": [{"do": "add_ability", "abilities": [KW("fear")]}],
         "text": "Equipped creature has fear."},
        {"kind": "triggered", "trigger": {"event": "damage", "source": "equipped", "to": "player", "combat": True},
         "effects": [{"do": "draw", "amount": 1}], "optional": True,
         "text": "Whenever equipped creature deals combat damage to a player, you may draw a card."},
        KW("equip", cost="{2}")]),
    _c("Dragon Appeasement", "{3}{B}{R}{G}", ["enchantment"], [], None, [
        {"kind": "replacement", "event": "draw_step", "player": "you", "skip": True, "text": "Skip your draw step."},
        {"kind": "triggered", "trigger": {"event": "sacrifice", "filter": {"types": ["creature"], "controller": "you"}},
         "effects": [{"do": "draw", "amount": 1}], "optional": True, "text": "Whenever you sacrifice a creature, you may draw a card."}]),
    _c("Gloryscale Viashino", "{1}{R}{G}{W}", ["creature"], ["Viashino", "Soldier"], (3, 3), [
        {"kind": "triggered", "trigger": {"event": "cast", "filter": {"multicolored": True}},
         "effects": [{"do": "modify_pt", "power": 3, "toughness": 3, "object": "self", "duration": "end_of_turn"}],
         "text": "Whenever you cast a multicolored spell, Gloryscale Viashino gets +3/+3 until end of turn."}]),
    _c("Knotvine Paladin", "{G}{W}", ["creature"], ["Human", "Knight"], (2, 2), [
        {"kind": "triggered", "trigger": {"event": "attacks", "self": True},
         "effects": [{"do": "modify_pt", "power": {"count": {"types": ["creature"], "controller": "you", "tapped": False}},
                      "toughness": {"count": {"types": ["creature"], "controller": "you", "tapped": False}},
                      "object": "self", "duration": "end_of_turn"}],
         "text": "Whenever Knotvine Paladin attacks, it gets +1/+1 until end of turn for each untapped creature you control."}]),
    _c("Defiler of Souls", "{3}{B}{B}{R}", ["creature"], ["Demon"], (5, 5), [KW("flying"),
       {"kind": "triggered", "trigger": {"event": "upkeep", "player": "each"},
        "effects": [{"do": "sacrifice", "player": "event", "choose": {"types": ["creature"], "monocolored": True}}],
        "text": "At the beginning of each player's upkeep, that player sacrifices a monocolored creature."}]),
    _c("Necromancer's Covenant", "{3}{W}{B}{B}", ["enchantment"], [], None, [
        {"kind": "static", "affected": {"subtypes": ["Zombie"], "controller": "you"}, "effects": [{"do": "add_ability", "abilities": [KW("lifelink")]}],
         "text": "Zombies you control have lifelink."},
        _etb([{"do": "exile", "cards": {"types": ["creature"]}, "zone": "graveyard", "owner": 0},
              {"do": "create_token", "count": {"this_way": "count"}, "token": ZOMBIE}],
             "When Necromancer's Covenant enters, exile all creature cards from target player's graveyard, then create a 2/2 black Zombie creature token for each card exiled this way.",
             [{"player": True}])]),
    _c("Giant Ambush Beetle", "{3}{B/G}{R}", ["creature"], ["Insect"], (4, 3), [KW("haste"),
       {**_etb([{"do": "must_block", "target": 0, "attacker": "self", "duration": "end_of_turn"}],
               "When Giant Ambush Beetle enters, you may have target creature block it this turn if able.", [CREATURE]),
        "optional": True}],
       note="A blocking requirement (CR 509.1c) on the target creature, chosen on resolution (603.5)."),
    # The eighteen FAQ cards added with triggers (603), "you may" (603.5) and choices made on resolution.
    _c("Meddling Mage", "{W}{U}", ["creature"], ["Human", "Wizard"], (2, 2), [
        {"kind": "replacement", "as_enters": "choose_name", "filter": {"not_types": ["land"]},
         "text": "As Meddling Mage enters, choose a nonland card name."},
        {"kind": "static", "effects": [{"do": "cant_cast", "name": {"chosen": True}}], "text": "Spells with the chosen name can't be cast."}],
       note="The names offered are those of the nonland cards in the scenario (naming any other card changes nothing in it)."),
    _c("Mind Funeral", "{1}{U}{B}", ["sorcery"], [], None, [{"kind": "spell", "targets": [{"player": "opponent"}],
       "effects": [{"do": "mill_until", "player": 0, "filter": {"types": ["land"]}, "count": 4}],
       "text": "Target opponent reveals cards from the top of their library until four land cards are revealed. That player puts all cards revealed this way into their graveyard."}]),
    _c("Time Sieve", "{U}{B}", ["artifact"], [], None, [], [
        "{T}, Sacrifice five artifacts: Take an extra turn after this one (the engine takes no extra turns, CR 500.7)."]),
    _c("Thought Hemorrhage", "{2}{B}{R}", ["sorcery"], [], None, [{"kind": "spell", "targets": [{"player": True}], "effects": [
        {"do": "unsupported", "text": "Choose a card name, reveal, 3 damage per card with that name, search and exile them."}],
        "text": "Choose a nonland card name. Target player reveals their hand. Thought Hemorrhage deals 3 damage to that player for each card with the chosen name revealed this way. Search that player's graveyard, hand, and library for all cards with that name and exile them. That player shuffles."}], [
        "The whole spell (a name chosen on resolution, a revealed hand, searches of hidden zones): resolving it is a cannot-evaluate step."]),
    _c("Predatory Advantage", "{3}{R}{G}", ["enchantment"], [], None, [
        {"kind": "triggered", "trigger": {"event": "end_step", "player": "opponent"},
         "if": {"creature_spells_cast": {"player": "event", "at_most": 0}},
         "effects": [{"do": "create_token", "token": {"name": "Lizard Token", "types": ["creature"], "subtypes": ["Lizard"],
                                                       "colors": ["green"], "power": 2, "toughness": 2}}],
         "text": "At the beginning of each opponent's end step, if that player didn't cast a creature spell this turn, create a 2/2 green Lizard creature token."}]),
    _c("Vengeful Rebirth", "{4}{R}{G}", ["sorcery"], [], None, [{"kind": "spell",
       "targets": [{"zone": "graveyard", "filter": {"controller": "you"}}, ANY_TARGET],
       "effects": [{"do": "return_to_hand", "target": 0, "zone": "graveyard"},
                   {"do": "deal_damage", "target": 1, "amount": {"this_way": "mana_value"}, "if": {"did": {"not_types": ["land"]}}},
                   {"do": "exile", "object": "self", "zone": "stack"}],
       "text": "Return target card from your graveyard to your hand. If you return a nonland card to your hand this way, Vengeful Rebirth deals damage equal to that card's mana value to any target. Exile Vengeful Rebirth."}]),
    _c("Tainted Sigil", "{1}{W}{B}", ["artifact"], [], None, [
        {"kind": "activated", "cost": {"tap": True, "sacrifice_self": True},
         "effects": [{"do": "gain_life", "amount": {"life_lost_this_turn": "all"}}],
         "text": "{T}, Sacrifice Tainted Sigil: You gain life equal to the total life lost by all players this turn."}],
       note="Life lost before the scenario starts is players[].life_lost."),
    _c("Skyclaw Thrash", "{3}{U}{R}", ["artifact", "creature"], ["Viashino", "Warrior"], (4, 4), [
        {"kind": "triggered", "trigger": {"event": "attacks", "self": True},
         "effects": [{"do": "flip_coin", "won": [
             {"do": "modify_pt", "power": 1, "toughness": 1, "object": "self", "duration": "end_of_turn"},
             {"do": "add_ability", "abilities": [KW("flying")], "object": "self", "duration": "end_of_turn", "with_previous": True}]}],
         "text": "Whenever Skyclaw Thrash attacks, flip a coin. If you win the flip, Skyclaw Thrash gets +1/+1 and gains flying until end of turn."}]),
    _c("Spellbound Dragon", "{3}{U}{R}", ["creature"], ["Dragon"], (3, 5), [KW("flying"),
       {"kind": "triggered", "trigger": {"event": "attacks", "self": True},
        "effects": [{"do": "draw", "amount": 1}, {"do": "discard", "amount": 1},
                    {"do": "modify_pt", "power": {"this_way": "mana_value"}, "toughness": 0, "object": "self", "duration": "end_of_turn"}],
        "text": "Whenever Spellbound Dragon attacks, draw a card, then discard a card. Spellbound Dragon gets +X/+0 until end of turn, where X is the discarded card's mana value."}]),
    _c("Morbid Bloom", "{4}{B}{G}", ["sorcery"], [], None, [{"kind": "spell",
       "targets": [{"zone": "graveyard", "filter": {"types": ["creature"]}}],
       "effects": [{"do": "exile", "target": 0, "zone": "graveyard"},
                   {"do": "create_token", "count": {"this_way": "toughness"},
                    "token": {"name": "Saproling Token", "types": ["creature"], "subtypes": ["Saproling"], "colors": ["green"],
                              "power": 1, "toughness": 1}}],
       "text": "Exile target creature card from a graveyard, then create X 1/1 green Saproling creature tokens, where X is the exiled card's toughness."}]),
    _c("Fight to the Death", "{R}{W}", ["instant"], [], None, [{"kind": "spell",
       "effects": [{"do": "destroy", "combat": ["blocking", "blocked"]}],
       "text": "Destroy all blocking creatures and all blocked creatures."}]),
    _c("Nulltread Gargantuan", "{1}{G}{U}", ["creature"], ["Beast"], (5, 6), [
        _etb([{"do": "put_on_library", "choose": {"types": ["creature"], "controller": "you"}, "position": 1}],
             "When Nulltread Gargantuan enters, put a creature you control on top of its owner's library.")]),
    _c("Sages of the Anima", "{3}{G}{U}", ["creature"], ["Elf", "Wizard"], (3, 4), [
        {"kind": "replacement", "event": "draw", "player": "you",
         "instead": [{"do": "reveal_top", "count": 3, "to_hand": {"types": ["creature"]}, "rest": "bottom"}],
         "text": "If you would draw a card, instead reveal the top three cards of your library. Put all creature cards revealed this way into your hand and the rest on the bottom of your library in any order."}]),
    _c("Sen Triplets", "{2}{W}{U}{B}", ["artifact", "creature"], ["Human", "Wizard"], (3, 3), [], [
        "At the beginning of your upkeep, choose target opponent. This turn, that player can't cast spells or activate abilities and plays with their hand revealed. You may play lands and cast spells from that player's hand this turn."],
       supertypes=["legendary"]),
    _c("Mayael's Aria", "{R}{G}{W}", ["enchantment"], [], None, [
        {"kind": "triggered", "trigger": {"event": "upkeep", "player": "you"}, "effects": [
            {"do": "add_counters", "kind": "+1/+1", "count": 1, "affected": {"types": ["creature"], "controller": "you"},
             "if": {"controls": {"types": ["creature"], "controller": "you", "min_power": 5}}},
            {"do": "gain_life", "amount": 10, "if": {"controls": {"types": ["creature"], "controller": "you", "min_power": 10}}},
            {"do": "win_game", "if": {"controls": {"types": ["creature"], "controller": "you", "min_power": 20}}}],
         "text": "At the beginning of your upkeep, put a +1/+1 counter on each creature you control if you control a creature with power 5 or greater. Then you gain 10 life if you control a creature with power 10 or greater. Then you win the game if you control a creature with power 20 or greater."}]),
    _c("Retaliator Griffin", "{1}{R}{G}{W}", ["creature"], ["Griffin"], (2, 2), [KW("flying"),
       {"kind": "triggered", "trigger": {"event": "damage", "source": "opponent_controls", "to": "you"}, "optional": True,
        "effects": [{"do": "add_counters", "kind": "+1/+1", "count": {"event_amount": True}, "object": "self"}],
        "text": "Whenever a source an opponent controls deals damage to you, you may put that many +1/+1 counters on Retaliator Griffin."}]),
    _c("Wargate", "{X}{G}{W}{U}", ["sorcery"], [], None, [{"kind": "spell", "effects": [
        {"do": "search", "filter": {"any_types": PERMANENT_TYPES}, "mana_value_at_most": "x", "to": "battlefield",
         "choose": True, "shuffle": True}],
        "text": "Search your library for a permanent card with mana value X or less, put it onto the battlefield, then shuffle."}]),
    _c("Arsenal Thresher", "{2}{W/B}{U}", ["artifact", "creature"], ["Construct"], (2, 2), [
        {"kind": "replacement", "as_enters": "reveal", "filter": {"types": ["artifact"]}, "counters": "+1/+1",
         "text": "As Arsenal Thresher enters, you may reveal any number of other artifact cards from your hand. Arsenal Thresher enters with a +1/+1 counter on it for each card revealed this way."}]),
]


def cards() -> list[dict[str, Any]]:
    """Return the catalogue as plain dicts (fresh copies, sorted by name)."""
    return sorted(copy.deepcopy(_CARDS), key=lambda c: c["name"])
