"""Layer 3 (text-changing effects, CR 612 and 613.1c), conditional static abilities ("as long
as …", CR 611.3a, 604.3a(5)) and abilities granted by abilities (CR 613.1f, 613.7a, 604.3a(2)).

Both editions word 604.3a, 611.3a, 612.1-612.3 and 613.1 alike; 613.7a gains the Rune of Flight
example in 2022. Each test names the rule it checks and asserts concrete values.
"""

from __future__ import annotations

import pytest

import engine
from engine.mtg.catalogue import cards
from engine.mtg.examples import card, creature, keyword, scenario, spell, static
from engine.mtg.layers import change_text_string, change_words, text_word_kind
from engine.mtg.model import freeze, thaw

EDITIONS = ("cr-2020-06-01", "cr-2022-04-29")


def _out(document):
    return engine.resolve(document)


def _obj(output, oid):
    return next(o for o in output["result"]["objects"] if o["id"] == oid)


def _chars(document, oid):
    return _obj(_out(document), oid)["characteristics"]


def _steps(output, message_id):
    return [s for s in output["trace"] if s["message_id"] == message_id]


def _catalogue(name, oid, **fields):
    entry = next(c for c in cards() if c["name"] == name)
    body = {k: v for k, v in entry.items() if k not in ("evaluable", "unsupported", "faq", "oracle_note")}
    return {**body, **card(oid, name), **fields}


def _sleight(target, old, new, timestamp=10, eid="som"):
    return {"id": eid, "do": "change_text", "from": old, "to": new, "affected": [target], "timestamp": timestamp,
            "duration": "permanent"}


WHITE_ANTHEM = static({"do": "modify_pt", "power": 1, "toughness": 1}, affected={"types": ["creature"], "colors": ["white"]},
                      text="Every creature that is white gets +1/+1.")


# ----------------------------------------------------------------------------- layer 3

@pytest.mark.parametrize("ruleset", EDITIONS)
def test_612_2_change_text_changes_protection_color(ruleset):
    knight = creature("k", "Black Knight", 2, 2, mana_cost="{B}{B}", timestamp=1,
                      abilities=[keyword("protection", **{"from": "white"}), keyword("first_strike")])
    output = _out(scenario([knight], effects=[_sleight("k", "white", "blue")], ruleset=ruleset))
    obj = _obj(output, "k")
    assert obj["characteristics"]["abilities"] == ["protection from blue", "first_strike"]
    row = obj["layers"][0]
    assert (row["layer"], row["rule"], row["layer_rule"]) == (3, "612.2", "613.1c")
    assert row["before"]["abilities"][0] == "protection from white" and row["after"]["abilities"][0] == "protection from blue"


def test_612_2_an_anthem_whose_text_says_blue_pumps_blue_creatures_not_white_ones():
    doc = scenario([card("crusade", "Crusade", types=["enchantment"], mana_cost="{W}{W}", timestamp=1, abilities=[WHITE_ANTHEM]),
                    creature("w", "White Bear", 2, 2, mana_cost="{W}", timestamp=2),
                    creature("u", "Blue Bear", 2, 2, mana_cost="{U}", timestamp=3)],
                   effects=[_sleight("crusade", "white", "blue")])
    output = _out(doc)
    assert _obj(output, "w")["characteristics"]["power"] == 2
    assert _obj(output, "u")["characteristics"]["power"] == 3
    assert _obj(output, "crusade")["characteristics"]["abilities"] == ["Every creature that is blue gets +1/+1."]


def test_612_2_change_text_leaves_the_objects_own_colors():
    doc = scenario([creature("w", "White Bear", 2, 2, mana_cost="{W}", timestamp=1, abilities=[WHITE_ANTHEM])],
                   effects=[_sleight("w", "white", "blue")])
    chars = _chars(doc, "w")
    assert chars["colors"] == ["white"] and chars["power"] == 2  # no longer pumps itself: its text says blue


def test_612_2_change_text_does_not_change_a_card_name():
    named = static({"do": "cant_cast", "name": "Red Elemental Blast"},
                   text="Your opponents can't cast spells named Red Elemental Blast. Red creatures get nothing.")
    doc = scenario([card("ward", "Red Ward", types=["enchantment"], timestamp=1, abilities=[named])],
                   effects=[_sleight("ward", "red", "green")])
    obj = _obj(_out(doc), "ward")
    assert obj["characteristics"]["name"] == "Red Ward"
    assert obj["characteristics"]["abilities"] == [
        "Your opponents can't cast spells named Red Elemental Blast. Green creatures get nothing."]
    changed = change_words(freeze(named), "red", "green", "color", "Red Ward")
    assert thaw(changed)["effects"][0]["name"] == "Red Elemental Blast"


def test_612_1_magical_hack_turns_a_swamp_into_an_island_that_taps_for_blue():
    doc = scenario([card("s", "Swamp", types=["land"], supertypes=["basic"], subtypes=["Swamp"], timestamp=1)],
                   [{"type": "activate", "player": "p1", "source": "s", "ability": 0}],
                   effects=[_sleight("s", "Swamp", "Island", eid="hack")])
    doc["players"][0]["mana_pool"] = ""
    output = _out(doc)
    obj = _obj(output, "s")
    assert obj["characteristics"]["subtypes"] == ["Island"]
    assert obj["layers"][0]["rule"] == "612.1"
    assert output["result"]["players"][0]["mana_pool"] == "{U}"


def test_612_3_an_ability_granted_later_is_not_changed():
    aura = card("aura", "Pro-White Aura", types=["enchantment"], subtypes=["Aura"], attached_to="c", timestamp=2,
                abilities=[static({"do": "add_ability", "abilities": [keyword("protection", **{"from": "white"})]},
                                  affected={"attached": True})])
    doc = scenario([creature("c", "Bear", 2, 2, timestamp=1, abilities=[keyword("protection", **{"from": "white"})]), aura],
                   effects=[_sleight("c", "white", "blue")])
    assert _chars(doc, "c")["abilities"] == ["protection from blue", "protection from white"]


def test_613_8a_a_text_changing_effect_whose_text_is_changed_waits_for_that_change():
    text_aura = static({"do": "change_text", "from": "white", "to": "black"}, affected={"attached": True},
                       text="In the text of the permanent it enchants, the word white is read as black.")
    doc = scenario([creature("k", "Knight", 2, 2, timestamp=1,
                             abilities=[keyword("protection", **{"from": "blue"}), keyword("protection", **{"from": "white"})]),
                    card("aura", "Text Aura", types=["enchantment"], subtypes=["Aura"], attached_to="k", timestamp=2,
                         abilities=[text_aura])],
                   effects=[_sleight("aura", "white", "blue", timestamp=3)])
    output = _out(doc)
    assert _obj(output, "k")["characteristics"]["abilities"] == ["protection from black", "protection from white"]
    deps = _steps(output, "mtg.layer.dependency")
    assert [(d["params"]["effect"], d["params"]["depends_on"], d["rule"]["number"]) for d in deps] == [("aura.0.0", "som", "613.8a")]


def test_612_2_change_text_as_a_resolving_instruction_is_locked_in():
    sleight = card("sleight", "Sleight of Mind", zone="hand", types=["instant"], mana_cost="{U}", abilities=[spell(
        {"do": "change_text", "from": "white", "to": "red", "target": 0, "duration": "permanent"},
        targets=[{"filter": {}}])])
    doc = scenario([creature("k", "Knight", 2, 2, timestamp=1, abilities=[keyword("protection", **{"from": "white"})]), sleight],
                   [{"type": "cast", "player": "p1", "card": "sleight", "targets": ["k"]}])
    output = _out(doc)
    assert _obj(output, "k")["characteristics"]["abilities"] == ["protection from red"]
    created = _steps(output, "mtg.effect.created")
    assert created and created[0]["params"]["do"] == "change_text" and created[0]["params"]["affected"] == ["k"]


def test_612_2_validation_names_the_bad_field():
    doc = scenario([creature("k", "Knight", 2, 2)],
                   effects=[{"do": "change_text", "from": "purple", "to": "blue", "affected": ["k"]},
                            {"do": "change_text", "from": "red", "to": "Island", "affected": ["k"]}])
    paths = [e["path"] for e in engine.validate(doc)]
    assert paths == ["effects[0].from", "effects[1].to"]


def test_612_2_words_of_each_kind_and_how_text_follows_them():
    assert [text_word_kind(w) for w in ("red", "Swamp", "Gate", "Goblin", "Assembly-Worker", "Red", "Creature", "Aura", "purple")] == [
        "color", "land_type", "land_type", "creature_type", "creature_type", None, None, None, None]
    assert change_text_string("Swampwalk. Swamps you control; swampcycling {2}", "Swamp", "Island", "land_type") == \
        "Islandwalk. Islands you control; islandcycling {2}"
    assert change_text_string("Red creatures and red spells", "red", "blue", "color") == "Blue creatures and blue spells"


def test_612_2a_a_tokens_creature_type_name_changes_a_filter_name_does_not():
    ability = freeze({"kind": "activated", "effects": [{"do": "create_token", "token": {"name": "Goblin", "subtypes": ["Goblin"]}},
                                                       {"do": "destroy", "affected": {"name": "Goblin"}}]})
    changed = thaw(change_words(ability, "Goblin", "Elf", "creature_type"))
    assert changed["effects"][0]["token"] == {"name": "Elf", "subtypes": ["Elf"]}
    assert changed["effects"][1]["affected"] == {"name": "Goblin"}


# ----------------------------------------------------------------------------- conditions

@pytest.mark.parametrize("ruleset", EDITIONS)
def test_611_3a_esper_stormblade_with_another_multicolored_permanent(ruleset):
    doc = scenario([_catalogue("Esper Stormblade", "sb", owner="p1", zone="battlefield"),
                    creature("gold", "Gold Bear", 2, 2, mana_cost="{R}{G}")], ruleset=ruleset)
    chars = _chars(doc, "sb")
    assert (chars["power"], chars["toughness"], "flying" in chars["abilities"]) == (3, 2, True)


def test_611_3a_esper_stormblade_alone_shows_why_it_does_not_apply():
    doc = scenario([_catalogue("Esper Stormblade", "sb", owner="p1", zone="battlefield"),
                    creature("mono", "Red Bear", 2, 2, mana_cost="{R}"),
                    creature("theirs", "Their Gold Bear", 2, 2, owner="p2", mana_cost="{R}{G}")])
    output = _out(doc)
    obj = _obj(output, "sb")
    assert (obj["characteristics"]["power"], "flying" in obj["characteristics"]["abilities"]) == (2, False)
    rows = [(r["layer"], r["reason"], r["rule"]) for r in obj["layers"]]
    assert rows == [(6, "condition_false", "611.3a"), (7, "condition_false", "611.3a")]
    steps = _steps(output, "mtg.layer.condition_false")
    assert len(steps) == 2 and steps[0]["params"]["card"] == "sb"


def test_611_3a_the_condition_reads_colors_as_layer_5_left_them():
    doc = scenario([_catalogue("Esper Stormblade", "sb", owner="p1", zone="battlefield", timestamp=1),
                    creature("mono", "Red Bear", 2, 2, mana_cost="{R}", timestamp=2)],
                   effects=[{"id": "paint", "do": "add_color", "colors": ["green"], "affected": ["mono"], "timestamp": 3}])
    assert _chars(doc, "sb")["power"] == 3


@pytest.mark.parametrize(("active", "pt"), [("p1", [4, 2]), ("p2", [2, 4])])
def test_611_3a_glory_of_warfare_depends_on_whose_turn_it_is(active, pt):
    doc = scenario([_catalogue("Glory of Warfare", "glory", owner="p1", zone="battlefield"), creature("c", "Bear", 2, 2)],
                   active=active)
    output = _out(doc)
    chars = _obj(output, "c")["characteristics"]
    assert [chars["power"], chars["toughness"]] == pt
    false = [r for r in _obj(output, "c")["layers"] if r["reason"] == "condition_false"]
    assert len(false) == 1 and false[0]["condition"] == {"your_turn": active == "p2"}


def test_611_3a_a_document_effect_with_a_condition():
    effects = [{"id": "low", "do": "modify_pt", "power": 3, "toughness": 0, "affected": ["c"], "if": {"life_at_most": 10}}]
    assert _chars(scenario([creature("c", "Bear", 2, 2)], effects=effects), "c")["power"] == 2
    assert _chars(scenario([creature("c", "Bear", 2, 2)], effects=effects, life=(7, 20)), "c")["power"] == 5


def test_611_3a_a_conditional_rules_effect_applies_only_while_its_condition_holds():
    brave = static({"do": "indestructible"}, affected={"self": True})
    brave["if"] = {"life_at_most": 10}
    for life, zone in ((20, "graveyard"), (5, "battlefield")):
        doc = scenario([creature("c", "Bear", 2, 2, damage=3, abilities=[brave])], life=(life, 20))
        assert _obj(_out(doc), "c")["zone"] == zone


def test_604_3a_5_a_cda_with_a_condition_is_not_a_cda():
    cda = {"kind": "cda", "if": {"your_turn": True}, "affected": {"self": True}, "effects": [{"do": "set_pt", "power": 5, "toughness": 5}]}
    doc = scenario([creature("c", "Shifter", 1, 1, timestamp=1, abilities=[cda])],
                   effects=[{"id": "small", "do": "set_pt", "power": 0, "toughness": 1, "affected": ["c"], "timestamp": 0}])
    obj = _obj(_out(doc), "c")
    assert [obj["characteristics"]["power"], obj["characteristics"]["toughness"]] == [5, 5]
    assert [(r["effect"], r["reason"], r["rule"]) for r in obj["layers"]] == [("small", "timestamp", "613.4b"), ("c.0.0", "timestamp", "604.3a")]


def test_611_3a_validation_names_an_unknown_condition():
    bad = static({"do": "modify_pt", "power": 1, "toughness": 1})
    bad["if"] = {"moon_phase": "full"}
    doc = scenario([creature("c", "Bear", 2, 2, abilities=[bad])], effects=[{"do": "modify_pt", "power": 1, "affected": ["c"], "if": {"your_turn": "yes"}}])
    paths = [e["path"] for e in engine.validate(doc)]
    assert "objects[0].abilities[0].if.moon_phase" in paths and "effects[0].if.your_turn" in paths


# ----------------------------------------------------------------------------- granted abilities

def _nested(levels: int) -> dict:
    """A static ability granting, ``levels`` deep, "creatures you control get +1/+1"."""
    spec = static({"do": "modify_pt", "power": 1, "toughness": 1}, affected={"types": ["creature"], "controller": "you"},
                  text="Each creature on its controller's side is one bigger in both stats.")
    for level in range(levels - 1):
        spec = static({"do": "add_ability", "abilities": [spec]}, affected={"self": True}, text=f"level {level + 2}")
    return spec


def _aura_granting(spec, timestamp=3, oid="aura"):
    return card(oid, "Granting Aura", types=["enchantment"], subtypes=["Aura"], attached_to="x", timestamp=timestamp,
                abilities=[static({"do": "add_ability", "abilities": [spec]}, affected={"attached": True})])


def test_613_1f_an_aura_granting_an_anthem_ability_pumps_every_creature():
    doc = scenario([creature("x", "X", 1, 1, timestamp=1), creature("y", "Y", 1, 1, timestamp=2), _aura_granting(_nested(1))])
    output = _out(doc)
    assert [_obj(output, o)["characteristics"]["power"] for o in ("x", "y")] == [2, 2]


@pytest.mark.parametrize("levels", [2, 8])
def test_613_1f_abilities_granted_by_granted_abilities_apply_to_any_depth(levels):
    doc = scenario([creature("x", "X", 1, 1, timestamp=1), creature("y", "Y", 1, 1, timestamp=2), _aura_granting(_nested(levels))])
    output = _out(doc)
    assert [_obj(output, o)["characteristics"]["power"] for o in ("x", "y")] == [2, 2]
    assert output["result"]["complete"] is True


def test_613_1f_beyond_eight_levels_is_a_cannot_evaluate_step():
    doc = scenario([creature("x", "X", 1, 1, timestamp=1), _aura_granting(_nested(9))])
    output = _out(doc)
    assert _obj(output, "x")["characteristics"]["power"] == 1
    steps = _steps(output, "mtg.layer.grant_depth")
    assert len(steps) == 1 and steps[0]["kind"] == "cannot_evaluate" and steps[0]["rule"]["number"] == "613.1f"
    assert output["result"]["complete"] is False


@pytest.mark.parametrize(("lose_ts", "flies"), [(2, True), (4, False)])
def test_613_7a_an_ability_granted_two_levels_deep_has_the_later_timestamp(lose_ts, flies):
    """X (timestamp 1) gets from the Aura (timestamp 3) "creatures you control have flying": that
    ability's effect has timestamp 3, so it beats a "loses flying" of timestamp 2, not one of 4."""
    flying = static({"do": "add_ability", "abilities": [keyword("flying")]}, affected={"types": ["creature"], "controller": "you"})
    doc = scenario([creature("x", "X", 1, 1, timestamp=1), _aura_granting(flying)],
                   effects=[{"id": "ground", "do": "remove_ability", "keywords": ["flying"], "affected": ["x"], "timestamp": lose_ts}])
    output = _out(doc)
    assert ("flying" in _obj(output, "x")["characteristics"]["abilities"]) is flies
    granted = next(r for r in _obj(output, "x")["layers"] if r["effect"].startswith("x.granted-"))
    assert granted["timestamp"] == 3


def test_604_3a_2_a_granted_cda_applies_in_7b_by_timestamp():
    cda = {"kind": "cda", "affected": {"self": True}, "text": "Its power and toughness are each the number of creatures.",
           "effects": [{"do": "set_pt", "power": {"count": {"types": ["creature"]}}, "toughness": {"count": {"types": ["creature"]}}}]}
    doc = scenario([creature("x", "X", 1, 1, timestamp=1), creature("y", "Y", 1, 1, timestamp=2), _aura_granting(cda, timestamp=4)],
                   effects=[{"id": "shrink", "do": "set_pt", "power": 0, "toughness": 1, "affected": ["x"], "timestamp": 3}])
    obj = _obj(_out(doc), "x")
    assert [obj["characteristics"]["power"], obj["characteristics"]["toughness"]] == [2, 2]
    rows = [(r["layer"], r["sublayer"], r["effect"], r["rule"]) for r in obj["layers"] if r["layer"] == 7]
    assert rows == [(7, "b", "shrink", "613.4b"), (7, "b", "x.granted-aura.0.0-0.0", "604.3a")]


def test_613_1_an_ability_gained_in_layer_6_with_a_layer_5_effect_is_not_guessed():
    blue = static({"do": "set_color", "colors": ["blue"]}, affected={"self": True}, text="Its color is blue.")
    doc = scenario([creature("x", "X", 1, 1, mana_cost="{R}", timestamp=1), _aura_granting(blue)])
    output = _out(doc)
    assert _obj(output, "x")["characteristics"]["colors"] == ["red"]
    steps = _steps(output, "mtg.layer.granted_earlier_layer")
    assert len(steps) == 1 and steps[0]["params"]["layer"] == "5" and steps[0]["rule"]["number"] == "613.1"
    assert output["result"]["complete"] is False
