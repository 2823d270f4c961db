"""Rules audit of the Magic engine: each test is a small board checked against the rule it is
named after (CR 2020-06-01 and 2022-04-29 word these rules the same unless a test says so).

Neither edition prints an example under 613.8; the dependency direction of the classic pairs
(Urborg on Blood Moon, Opalescence on Enchanted Evening, Ensoul Artifact on Mycosynth
Lattice) follows from the definition in 613.8a itself.
"""

from __future__ import annotations

import pytest

import engine
from engine.mtg.examples import card, creature, keyword, scenario, spell, static

EDITIONS = ("cr-2020-06-01", "cr-2022-04-29")


def _result(document):
    return engine.resolve(document)["result"]


def _obj(document, oid):
    return next(o for o in _result(document)["objects"] if o["id"] == oid)


def _chars(document, oid):
    return _obj(document, oid)["characteristics"]


# ----------------------------------------------------------------------------- boards

HUMILITY = static({"do": "remove_abilities"}, {"do": "set_pt", "power": 1, "toughness": 1},
                  affected={"types": ["creature"]}, text="Every creature is stripped of its abilities and its base size is set to 1/1.")
OPALESCENCE = static({"do": "add_type", "types": ["creature"]},
                     {"do": "set_pt", "power": {"mana_value_of_affected": True}, "toughness": {"mana_value_of_affected": True}},
                     affected={"types": ["enchantment"], "not_subtypes": ["Aura"], "other": True},
                     text="Each other non-Aura enchantment is a creature ... equal to its mana value.")
URBORG = static({"do": "add_type", "subtypes": ["Swamp"]}, affected={"types": ["land"]},
                text="All lands have the land type Swamp on top of the types they already have.")
BLOOD_MOON = static({"do": "set_type", "land_type": True, "subtypes": ["Mountain"]},
                    affected={"types": ["land"], "not_supertypes": ["basic"]},
                    text="Every land that isn't basic has the land type Mountain and no other.")
CONSPIRACY_ELF = static({"do": "set_type", "subtypes": ["Elf"]}, affected={"types": ["creature"], "controller": "you"},
                        text="Creatures you control are the chosen type (Elf).")
LIFE_AND_LIMB = static({"do": "add_type", "types": ["creature", "land"], "subtypes": ["Saproling", "Forest"]},
                       {"do": "set_color", "colors": ["green"]}, {"do": "set_pt", "power": 1, "toughness": 1},
                       affected={"subtypes": ["Forest", "Saproling"]},
                       text="Each Forest and each Saproling is both a 1/1 green Saproling creature and a Forest land, keeping its other types.")
ANTHEM = static({"do": "modify_pt", "power": 1, "toughness": 1}, affected={"types": ["creature"], "controller": "you"},
                text="Each creature on its controller's side is one bigger in both stats.")


def _humility_opalescence(humility_ts, opalescence_ts, ruleset):
    return scenario([
        card("hum", "Humility", types=["enchantment"], mana_cost="{2}{W}{W}", timestamp=humility_ts, abilities=[HUMILITY]),
        card("opal", "Opalescence", types=["enchantment"], mana_cost="{2}{W}{W}", timestamp=opalescence_ts,
             abilities=[OPALESCENCE]),
        creature("bears", "Grizzly Bears", 2, 2, mana_cost="{1}{G}", timestamp=5, abilities=[keyword("trample")])],
        ruleset=ruleset)


# ----------------------------------------------------------------------------- 613.6, 613.7, 613.8

@pytest.mark.parametrize("ruleset", EDITIONS)
def test_613_6_humility_first_then_opalescence_makes_humility_4_4(ruleset):
    doc = _humility_opalescence(1, 2, ruleset)
    assert (_chars(doc, "hum")["power"], _chars(doc, "hum")["toughness"]) == (4, 4)
    assert _chars(doc, "hum")["abilities"] == []
    assert (_chars(doc, "bears")["power"], _chars(doc, "bears")["abilities"]) == (1, [])
    assert _chars(doc, "opal")["types"] == ["enchantment"]


@pytest.mark.parametrize("ruleset", EDITIONS)
def test_613_7_opalescence_first_then_humility_makes_every_creature_1_1(ruleset):
    doc = _humility_opalescence(2, 1, ruleset)
    assert (_chars(doc, "hum")["power"], _chars(doc, "hum")["toughness"]) == (1, 1)
    assert _chars(doc, "bears")["power"] == 1


@pytest.mark.parametrize("urborg_ts,moon_ts", [(1, 2), (2, 1)])
def test_613_8a_urborg_depends_on_blood_moon_in_either_order(urborg_ts, moon_ts):
    doc = scenario([
        card("urborg", "Urborg, Tomb of Yawgmoth", types=["land"], supertypes=["legendary"], timestamp=urborg_ts,
             abilities=[URBORG]),
        card("moon", "Blood Moon", "p2", types=["enchantment"], mana_cost="{2}{R}", timestamp=moon_ts, abilities=[BLOOD_MOON]),
        card("forest", "Forest", types=["land"], supertypes=["basic"], subtypes=["Forest"], timestamp=3)])
    out = engine.resolve(doc)
    chars = {o["id"]: o.get("characteristics") for o in out["result"]["objects"]}
    assert chars["urborg"]["subtypes"] == ["Mountain"]
    assert chars["forest"]["subtypes"] == ["Forest"]
    dependencies = [s["params"] for s in out["trace"] if s["message_id"] == "mtg.layer.dependency"]
    assert {"effect": "urborg.0.0", "depends_on": "moon.0.0"}.items() <= dependencies[0].items()
    assert not any(d["effect"] == "moon.0.0" and d["depends_on"] == "urborg.0.0" for d in dependencies)


@pytest.mark.parametrize("opal_ts,evening_ts", [(1, 2), (2, 1)])
def test_613_8a_opalescence_depends_on_enchanted_evening(opal_ts, evening_ts):
    doc = scenario([
        card("opal", "Opalescence", types=["enchantment"], mana_cost="{2}{W}{W}", timestamp=opal_ts, abilities=[OPALESCENCE]),
        card("ee", "Enchanted Evening", types=["enchantment"], mana_cost="{3}{W/U}{W/U}", timestamp=evening_ts,
             abilities=[static({"do": "add_type", "types": ["enchantment"]}, affected={}, text="All permanents are enchantments.")]),
        card("rock", "Mind Stone", types=["artifact"], mana_cost="{2}", timestamp=5),
        card("plains", "Plains", types=["land"], supertypes=["basic"], subtypes=["Plains"], timestamp=6)])
    objects = {o["id"]: o for o in _result(doc)["objects"]}
    assert objects["rock"]["characteristics"]["types"] == ["artifact", "creature", "enchantment"]
    assert (objects["rock"]["characteristics"]["power"], objects["ee"]["characteristics"]["power"]) == (2, 5)
    assert objects["plains"]["zone"] == "graveyard"  # a 0/0 creature (704.5f)
    assert "creature" not in objects["opal"]["characteristics"]["types"]


@pytest.mark.parametrize("ensoul_ts,lattice_ts", [(1, 2), (2, 1)])
def test_613_8a_ensoul_artifact_depends_on_mycosynth_lattice(ensoul_ts, lattice_ts):
    doc = scenario([
        card("ensoul", "Ensoul Artifact", types=["enchantment"], subtypes=["Aura"], timestamp=ensoul_ts, attached_to="plains",
             abilities=[static({"do": "add_type", "types": ["creature"]}, {"do": "set_pt", "power": 5, "toughness": 5},
                               affected={"attached": True, "types": ["artifact"]})]),
        card("lattice", "Mycosynth Lattice", types=["artifact"], mana_cost="{6}", timestamp=lattice_ts,
             abilities=[static({"do": "add_type", "types": ["artifact"]}, affected={})]),
        card("plains", "Plains", types=["land"], supertypes=["basic"], subtypes=["Plains"], timestamp=3)])
    plains = _chars(doc, "plains")
    assert plains["types"] == ["artifact", "creature", "land"] and (plains["power"], plains["toughness"]) == (5, 5)


def _conspiracy_life_and_limb(conspiracy_ts, life_ts):
    return scenario([
        card("cons", "Conspiracy", types=["enchantment"], timestamp=conspiracy_ts, abilities=[CONSPIRACY_ELF]),
        card("ll", "Life and Limb", types=["enchantment"], timestamp=life_ts, abilities=[LIFE_AND_LIMB]),
        card("forest", "Forest", types=["land"], supertypes=["basic"], subtypes=["Forest"], timestamp=5),
        creature("sap", "Saproling", 1, 1, token=True, subtypes=["Saproling"], colors=["green"], timestamp=6)])


def test_205_1a_setting_a_creature_type_keeps_the_land_types():
    """Conspiracy makes a Forest Saproling creature land an Elf: it stays a Forest (205.1a: only
    subtypes of the same set are replaced)."""
    doc = _conspiracy_life_and_limb(2, 1)
    assert _chars(doc, "forest")["subtypes"] == ["Elf", "Forest"]
    assert _chars(doc, "sap")["subtypes"] == ["Elf", "Forest"]


def test_613_8b_conspiracy_and_life_and_limb_form_a_loop_applied_in_timestamp_order():
    """Each depends on the other (613.8a): Life and Limb makes the Forest a creature for
    Conspiracy; Conspiracy makes the Saproling an Elf, no longer a Saproling for Life and
    Limb. The loop is applied in timestamp order (613.8b)."""
    doc = _conspiracy_life_and_limb(1, 2)
    assert _chars(doc, "sap")["subtypes"] == ["Elf"] and _chars(doc, "sap")["types"] == ["creature"]
    forest = _chars(doc, "forest")
    assert forest["subtypes"] == ["Forest", "Saproling"] and forest["types"] == ["creature", "land"]
    out = engine.resolve(doc)
    assert any(s["message_id"] == "mtg.layer.loop" for s in out["trace"])


def test_613_1b_static_you_is_the_controller_after_layer_2():
    """An opponent who gains control of Glorious Anthem gets its bonus (613.1b is applied
    before layer 7; "you" is the source's controller, 109.5)."""
    doc = scenario([
        card("anthem", "Glorious Anthem", "p1", types=["enchantment"], timestamp=1, abilities=[ANTHEM]),
        creature("mine", "Bear", 2, 2, "p1", timestamp=2), creature("theirs", "Bear", 2, 2, "p2", timestamp=3)],
        effects=[{"id": "steal", "do": "change_control", "to": "p2", "controller": "p2", "affected": ["anthem"], "timestamp": 5}])
    assert _chars(doc, "anthem")["controller"] == "p2"
    assert (_chars(doc, "mine")["power"], _chars(doc, "theirs")["power"]) == (2, 3)


def test_613_7c_a_new_counter_retimestamps_only_counters_of_its_kind():
    """A +1/+1 counter put on later does not give the flying counter a new timestamp: the
    earlier flying counter still loses to a later "loses flying" effect (613.7c, 122.1b)."""
    pump = card("pump", "Counter Spell", "p1", "hand", types=["instant"],
                abilities=[spell({"do": "add_counters", "kind": "+1/+1", "count": 1, "target": 0},
                                 targets=[{"filter": {"types": ["creature"]}}])])
    doc = scenario([creature("c", "Bird", 2, 2, timestamp=1, counters={"flying": 1}), pump],
                   [{"type": "cast", "player": "p1", "card": "pump", "targets": ["c"]}],
                   effects=[{"id": "ground", "do": "remove_ability", "keywords": ["flying"], "affected": ["c"], "timestamp": 3}])
    chars = _chars(doc, "c")
    assert chars["power"] == 3
    assert "flying" not in chars["abilities"]


def test_613_7c_a_new_counter_of_the_same_kind_retimestamps_that_kind():
    give = card("give", "Give Flying Counter", "p1", "hand", types=["instant"],
                abilities=[spell({"do": "add_counters", "kind": "flying", "count": 1, "target": 0},
                                 targets=[{"filter": {"types": ["creature"]}}])])
    doc = scenario([creature("c", "Bird", 2, 2, timestamp=1, counters={"flying": 1}), give],
                   [{"type": "cast", "player": "p1", "card": "give", "targets": ["c"]}],
                   effects=[{"id": "ground", "do": "remove_ability", "keywords": ["flying"], "affected": ["c"], "timestamp": 3}])
    assert "flying" in _chars(doc, "c")["abilities"]


def test_613_8a_copy_of_a_copy_waits_for_the_other_copy_effect():
    """Clone B copies Clone A, which copies Grizzly Bears: B's copy effect depends on A's
    (applying A's changes what B's does), whatever the timestamps (613.8a, 707.2)."""
    doc = scenario([creature("bear", "Grizzly Bears", 2, 2, timestamp=1), creature("a", "Clone A", 0, 0, timestamp=3),
                    creature("b", "Clone B", 0, 0, timestamp=4)],
                   effects=[{"id": "copy-b", "do": "copy", "of": "a", "affected": ["b"], "timestamp": 5, "duration": "permanent"},
                            {"id": "copy-a", "do": "copy", "of": "bear", "affected": ["a"], "timestamp": 6, "duration": "permanent"}])
    objects = {o["id"]: o for o in _result(doc)["objects"]}
    assert objects["b"]["zone"] == "battlefield"
    assert (objects["b"]["characteristics"]["name"], objects["b"]["characteristics"]["power"]) == ("Grizzly Bears", 2)


def test_707_2_a_copied_static_ability_generates_its_effect():
    """A Clone copying a lord has the lord's static ability, and it applies (707.2, 611.3a)."""
    lord = static({"do": "modify_pt", "power": 1, "toughness": 1}, affected={"types": ["creature"], "controller": "you", "other": True},
                  text="Other creatures you control get +1/+1.")
    doc = scenario([creature("lord", "Lord", 2, 2, timestamp=1, abilities=[lord]), creature("clone", "Clone", 0, 0, timestamp=2),
                    creature("v", "Vanilla", 1, 1, timestamp=3)],
                   effects=[{"id": "cp", "do": "copy", "of": "lord", "affected": ["clone"], "timestamp": 4, "duration": "permanent"}])
    assert (_chars(doc, "lord")["power"], _chars(doc, "clone")["power"], _chars(doc, "v")["power"]) == (3, 3, 3)


def test_707_2_a_permanent_copying_something_else_loses_its_own_static_ability():
    lord = static({"do": "modify_pt", "power": 1, "toughness": 1}, affected={"types": ["creature"], "other": True})
    doc = scenario([creature("lord", "Lord", 2, 2, timestamp=1, abilities=[lord]),
                    creature("bear", "Bear", 2, 2, timestamp=2, abilities=[keyword("trample")])],
                   effects=[{"id": "cp", "do": "copy", "of": "bear", "affected": ["lord"], "timestamp": 4, "duration": "permanent"}])
    assert _chars(doc, "bear")["power"] == 2


@pytest.mark.parametrize("ruleset", EDITIONS)
def test_613_7a_rune_of_flight_granted_ability_uses_the_later_timestamp(ruleset):
    """CR 2022 613.7a example: Rune of Flight grants Colossus Hammer "Equipped creature has
    flying"; that ability has Rune of Flight's (later) timestamp, so it beats the Hammer's own
    "loses flying" and the creature flies. (2020's 613.7a has the same rule without the example.)"""
    hammer = card("hammer", "Colossus Hammer", types=["artifact"], subtypes=["Equipment"], timestamp=2, attached_to="c",
                  abilities=[static({"do": "modify_pt", "power": 10, "toughness": 10}, {"do": "remove_ability", "keywords": ["flying"]},
                                    affected={"attached": True}, text="The creature carrying it is ten bigger in both stats and has no flying.")])
    rune = card("rune", "Rune of Flight", types=["enchantment"], subtypes=["Aura", "Rune"], timestamp=3, attached_to="hammer",
                abilities=[static({"do": "add_ability", "abilities": [
                    {"kind": "static", "affected": {"attached": True}, "text": "The creature carrying it flies.",
                     "effects": [{"do": "add_ability", "abilities": [{"kind": "keyword", "keyword": "flying"}]}]}]},
                    affected={"attached": True, "subtypes": ["Equipment"]})])
    doc = scenario([creature("c", "Bear", 2, 2, timestamp=1), hammer, rune], ruleset=ruleset)
    chars = _chars(doc, "c")
    assert chars["power"] == 12
    assert "flying" in chars["abilities"]


def test_613_4a_cda_lines_of_the_walk_cite_613_4a():
    goyf = {"kind": "cda", "affected": {"self": True},
            "effects": [{"do": "set_pt", "power": {"count": {"types": ["creature"]}}, "toughness": {"count": {"types": ["creature"]}}}]}
    doc = scenario([creature("goyf", "Lhurgoyf", None, None, timestamp=1, abilities=[goyf]), creature("o", "Ogre", 2, 2)])
    walk = _obj(doc, "goyf")["layers"]
    assert walk[0]["reason"] == "cda" and walk[0]["rule"] == "613.4a"


def test_613_6_noncreature_artifacts_become_2_2_artifact_creatures_in_both_layers():
    """CR 613.6 example: the 7b part applies to the artifacts the 4 part began with, though
    they are no longer noncreature artifacts by then."""
    affected = {"types": ["artifact"], "not_types": ["creature"]}
    sorcery = card("s", "Animate", "p1", "hand", types=["sorcery"], abilities=[spell(
        {"do": "add_type", "types": ["artifact", "creature"], "affected": affected, "duration": "end_of_turn"},
        {"do": "set_pt", "power": 2, "toughness": 2, "affected": affected, "duration": "end_of_turn"})])
    doc = scenario([card("rock", "Mind Stone", types=["artifact"], mana_cost="{2}"), sorcery],
                   [{"type": "cast", "player": "p1", "card": "s"}])
    rock = _obj(doc, "rock")
    assert rock["zone"] == "battlefield"
    assert (rock["characteristics"]["power"], rock["characteristics"]["toughness"]) == (2, 2)


@pytest.mark.parametrize("lord_ts,humility_ts", [(1, 5), (5, 1)])
def test_613_8a_an_ability_granting_effect_depends_on_humility_removing_it(lord_ts, humility_ts):
    fly = static({"do": "add_ability", "abilities": [keyword("flying")]}, affected={"types": ["creature"], "controller": "you"})
    doc = scenario([creature("x", "Lord of the Air", 2, 2, timestamp=lord_ts, abilities=[fly]),
                    card("hum", "Humility", types=["enchantment"], timestamp=humility_ts, abilities=[HUMILITY]),
                    creature("y", "Bear", 2, 2, timestamp=7)])
    assert _chars(doc, "x")["abilities"] == [] and _chars(doc, "y")["abilities"] == []


# ----------------------------------------------------------------------------- 104, 117, 602

def _priority_rules(document):
    return [(s["params"]["player"], s["rule"]["number"]) for s in engine.resolve(document)["trace"]
            if s["message_id"] == "mtg.priority.gets"]


def test_117_3_each_priority_step_cites_why_that_player_receives_it():
    """117.3a at the start, 117.3c after casting (the caster), 117.3b after resolving (the active
    player, even when the other player cast the spell)."""
    shock = card("shock", "Shock", "p2", "hand", types=["instant"],
                 abilities=[spell({"do": "deal_damage", "amount": 2, "target": 0}, targets=[{"player": True}])])
    doc = scenario([shock], [{"type": "pass", "player": "p1"}, {"type": "cast", "player": "p2", "card": "shock", "targets": ["p1"]}])
    assert _priority_rules(doc) == [("p1", "117.3a"), ("p2", "117.3c"), ("p1", "117.3b")]


def test_104_4a_both_players_losing_at_once_is_a_draw():
    drain = card("drain", "Drain", "p1", "hand", types=["sorcery"],
                 abilities=[spell({"do": "lose_life", "amount": 1, "player": "each"})])
    out = engine.resolve(scenario([drain], [{"type": "cast", "player": "p1", "card": "drain"}], life=(1, 1)))
    assert out["result"]["winner"] == "draw"
    end = next(s for s in out["trace"] if s["message_id"] == "mtg.end.game")
    assert end["rule"]["number"] == "104.4a"


@pytest.mark.parametrize("ruleset", EDITIONS)
def test_602_5d_equip_on_the_opponents_turn_is_an_illegal_sorcery_speed_activation(ruleset):
    equipment = card("eq", "Bonesplitter", "p2", types=["artifact"], subtypes=["Equipment"], abilities=[keyword("equip", cost="{1}")])
    doc = scenario([equipment, creature("b", "Bear", 2, 2, "p2")],
                   [{"type": "pass", "player": "p1"}, {"type": "activate", "player": "p2", "source": "eq", "ability": 0, "targets": ["b"]}],
                   ruleset=ruleset)
    illegal = next(s for s in engine.resolve(doc)["trace"] if s["kind"] == "illegal")
    assert (illegal["message_id"], illegal["rule"]["number"]) == ("mtg.illegal.timing", "602.5d")


def test_702_15f_two_instances_of_lifelink_gain_life_once():
    """Alara Reborn FAQ, Behemoth Sledge b1 (2009: each instance triggered); lifelink is static
    today and extra instances are redundant (702.15f)."""
    lifelinker = creature("ll", "Lifelinker", 3, 3, timestamp=1, abilities=[keyword("lifelink"), keyword("lifelink")])
    doc = scenario([lifelinker], [{"type": "declare_attackers", "attackers": ["ll"]}, {"type": "next_step", "step": "end_of_combat"}])
    assert [p["life"] for p in _result(doc)["players"]] == [23, 17]


def test_catalogue_spells_report_the_part_they_cannot_evaluate():
    """A catalogue spell's unsupported clause is a visible step, never silently skipped."""
    from engine.mtg import catalogue

    for card in catalogue.cards():
        if set(card.get("types", ())) & {"instant", "sorcery"} and card["unsupported"]:
            effects = [effect for ability in card["abilities"] if ability["kind"] == "spell" for effect in ability["effects"]]
            assert any(effect.get("do") == "unsupported" for effect in effects), card["name"]
