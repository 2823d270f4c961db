"""The verbs of engine/ygo/equip.py, engine/ygo/amounts.py and the Tribute, Special Summon
conditions and top-of-the-Deck keys of engine/ygo/effects.py: what a document may say, and the
refusals and unevaluated cases a golden file does not show."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import engine

GOLDEN = Path(__file__).resolve().parents[2] / "fixtures" / "scenarios" / "ygo"


def _board(name: str) -> dict:
    return copy.deepcopy(json.loads((GOLDEN / f"{name}.json").read_text("utf-8"))["scenario"])


def _paths(scenario: dict) -> list[str]:
    return [error["path"] for error in engine.validate(scenario)]


def _steps(scenario: dict, message_id: str) -> list[dict]:
    return [step for step in engine.resolve(scenario)["trace"] if step["message_id"] == message_id]


def _zones(scenario: dict) -> dict[str, str]:
    return {o["id"]: o["zone"] for o in engine.resolve(scenario)["result"]["objects"]}


EQUIP = "arcv-equip-spell-resolves-equipped-to-its-target"
RING = "arcv-damage-equal-to-a-destroyed-monsters-atk-reads-its-last-atk-on-the-field"
MILL = "arcv-send-the-top-cards-of-the-deck-is-not-a-search"
TRIBUTE = "arcv-tribute-by-an-effect-is-not-destruction"
SUMMON = "arcv-special-summon-with-its-effects-negated-applies-no-continuous-effect"


def test_an_equip_names_exactly_one_monster_and_never_its_own_card():
    scenario = _board(EQUIP)
    part = scenario["objects"][1]["effects"][0]["actions"][0]
    path = "objects[1].effects[0].actions[0]"
    part["targets"] = ["m1", "e1"]
    del part["target"]
    assert f"{path}.targets" in _paths(scenario)
    del part["targets"]
    assert _paths(scenario) == [f"{path}.target"]
    part["target"], part["card"] = "m1", "m1"
    assert _paths(scenario) == [f"{path}.card"]


def test_equipped_and_targets_are_not_both_given():
    scenario = _board(EQUIP)
    scenario["objects"][1]["effects"][1]["actions"][0]["targets"] = ["m1"]
    assert _paths(scenario) == ["objects[1].effects[1].actions[0].equipped"]


def test_an_equip_card_with_the_spell_trap_zone_full_is_not_equipped():
    scenario = _board("arcv-monster-equipped-by-an-effect-is-an-equip-card")
    for i in range(4):  # with the resolving Spell, all five Spell & Trap Zones are in use
        scenario["objects"].append({"id": f"f{i}", "name": "Filler", "owner": "p1", "zone": "spell_trap_zone",
                                    "kind": "trap", "subtype": "normal", "position": "face-down"})
    assert _steps(scenario, "ygo.no_effect.zone_full")
    assert _zones(scenario)["g1"] == "graveyard"


def test_a_damage_amount_is_given_once():
    scenario = _board(RING)
    part = scenario["objects"][2]["effects"][0]["actions"][1]
    path = "objects[2].effects[0].actions[1]"
    part["amount"] = 100
    assert _paths(scenario) == [f"{path}.amount"]
    del part["amount"], part["of"]
    assert _paths(scenario) == [f"{path}.of"]
    del part["equal_to"]
    assert _paths(scenario) == [f"{path}.amount"]
    part["equal_to"], part["of"] = "attack", "m2"
    assert _paths(scenario) == [f"{path}.equal_to"]


def test_the_atk_of_a_monster_that_left_the_field_face_down_is_not_guessed():
    scenario = _board(RING)
    scenario["objects"][0]["position"] = "face-down defense"
    scenario["chain"] = [{"card": "s1"}]
    result = engine.resolve(scenario)
    assert [step["kind"] for step in result["trace"] if step["kind"] == "cannot_evaluate"] == ["cannot_evaluate"]
    assert result["result"]["complete"] is False
    assert {p["id"]: p["lp"] for p in result["result"]["players"]} == {"p1": 8000, "p2": 8000}


def test_a_card_never_on_the_field_is_read_where_it_is():
    scenario = _board(RING)
    scenario["objects"][0].update(zone="graveyard", position=None)
    del scenario["objects"][0]["position"], scenario["objects"][0]["controller"]
    scenario["objects"][2]["effects"][0]["actions"] = [{"do": "damage", "player": "opponent", "equal_to": "atk", "of": "m2"}]
    scenario["chain"] = [{"card": "s1"}]
    read = _steps(scenario, "ygo.amount.read")
    assert [(step["params"]["amount"], step["params"]["zone"]) for step in read] == [(2400, "graveyard")]


def test_from_top_takes_no_named_cards_and_player_needs_it():
    scenario = _board(MILL)
    part = scenario["objects"][4]["effects"][0]["actions"][0]
    path = "objects[4].effects[0].actions[0]"
    part["target"] = "d1"
    assert _paths(scenario) == [f"{path}.from_top"]
    del part["target"], part["from_top"]
    part["player"], part["target"] = "opponent", "d1"
    assert _paths(scenario) == [f"{path}.player"]


def test_from_top_of_a_short_or_shuffled_deck_is_not_evaluated():
    scenario = _board(MILL)
    scenario["objects"][4]["effects"][0]["actions"][0]["from_top"] = 5
    assert _steps(scenario, "ygo.cannot_evaluate.mill_short")
    assert [_zones(scenario)[card] for card in ("d1", "d2")] == ["hand", "deck"]  # nothing sent; then the draw
    scenario = _board(MILL)
    scenario["objects"][4]["effects"][0]["actions"].insert(0, {"do": "shuffle"})
    assert _steps(scenario, "ygo.cannot_evaluate.shuffled_mill")


def test_a_tribute_by_an_effect_takes_only_the_controllers_monsters():
    scenario = _board(TRIBUTE)
    scenario["objects"][0].update(owner="p2", controller="p2")
    assert _steps(scenario, "ygo.no_effect.not_applicable")
    assert _zones(scenario)["m1"] == "monster_zone"


def test_a_monster_above_the_level_is_not_summoned():
    scenario = _board(SUMMON)
    scenario["objects"][2]["effects"][0]["actions"][0]["max_level"] = 3
    assert [step["params"]["level"] for step in _steps(scenario, "ygo.no_effect.summon_level")] == [4]
    assert _zones(scenario)["g1"] == "graveyard"
    scenario["objects"][2]["effects"][0]["actions"][0]["max_level"] = 14
    assert _paths(scenario) == ["objects[2].effects[0].actions[0].max_level"]


def test_cannot_attack_ends_with_the_turn():
    scenario = _board("arcv-special-summoned-monster-that-cannot-attack-this-turn-cannot-declare-an-attack")
    for owner, card in (("p1", "k1"), ("p2", "k2")):
        scenario["objects"].append({"id": card, "name": "Deck card", "owner": owner, "zone": "deck", "kind": "monster",
                                    "subtype": "normal", "level": 1, "atk": 0, "def": 0})
    step = {"type": "end_phase"}
    # This turn's Battle Phase to the opponent's Main Phase 1, their End Phase, then back to Battle.
    scenario["actions"] = [step] * 6 + [{"type": "end_phase", "to": "end"}] + [step] * 4 + [
        {"type": "attack", "attacker": "g1", "target": "b"}]
    trace = engine.resolve(scenario)["trace"]
    assert not [s for s in trace if s["message_id"] == "ygo.illegal.cannot_attack_this_turn"]
    assert [s["params"]["attacker"] for s in trace if s["message_id"] == "ygo.battle.attack"] == ["g1"]


def test_a_choice_on_resolution_is_made_among_the_monsters_of_the_level():
    scenario = _board(SUMMON)
    scenario["objects"].append({"id": "g7", "name": "Seven", "owner": "p1", "zone": "graveyard", "kind": "monster",
                                "subtype": "normal", "level": 7, "atk": 2500, "def": 2000})
    part = scenario["objects"][2]["effects"][0]["actions"][0]
    del part["target"]
    part.update(choose=1, **{"from": ["g1", "g7"]}, chosen=["g7"], max_level=4)
    scenario["chain"] = [{"card": "s1"}]
    result = engine.resolve(scenario)
    illegal = [s for s in result["trace"] if s["message_id"] == "ygo.illegal.choice"]
    assert [s["params"]["options"] for s in illegal] == [["g1"]]
    assert [b["choice"] for b in result["trace"][-1]["branches"]] == [["g1"]]
    part["chosen"] = ["g1"]
    assert _zones(scenario)["g1"] == "monster_zone"
