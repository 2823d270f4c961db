"""Replacement effects from card text (engine/ygo/replacement.py), issue 13: what a document may
say, and the cases a golden file does not show."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import engine

GOLDEN = Path(__file__).resolve().parents[2] / "fixtures" / "scenarios" / "ygo"


def _board(name: str) -> dict:
    return copy.deepcopy(json.loads((GOLDEN / f"{name}.json").read_text("utf-8"))["scenario"])


def _part(scenario: dict, index: int = 0) -> dict:
    return scenario["objects"][index]["effects"][0]["actions"][0]


def _paths(scenario: dict) -> list[str]:
    return [error["path"] for error in engine.validate(scenario)]


def _zones(result: dict) -> dict[str, str]:
    return {o["id"]: o["zone"] for o in result["result"]["objects"]}


def _ids(result: dict) -> list[str]:
    return [step["message_id"] for step in result["trace"]]


MACRO = "arcv-banished-instead-is-not-sent-to-the-graveyard"
XYZ = "arcv-destroy-instead-detach-a-material"


def test_a_replacement_names_its_cards_one_way_only():
    scenario = _board(MACRO)
    _part(scenario)["targets"] = ["b1"]
    assert _paths(scenario) == ["objects[0].effects[0].actions[0].cards"]
    del _part(scenario)["targets"], _part(scenario)["cards"]
    assert _paths(scenario) == ["objects[0].effects[0].actions[0].cards"]


def test_whose_cards_goes_only_with_cards_and_destinations_are_a_list():
    scenario = _board(MACRO)
    _part(scenario)["players"] = "opponent"
    assert _paths(scenario) == []
    del _part(scenario)["cards"]
    _part(scenario)["targets"] = ["b1"]
    assert _paths(scenario) == ["objects[0].effects[0].actions[0].players"]
    scenario = _board(MACRO)
    _part(scenario)["to"] = "graveyard"
    assert _paths(scenario) == ["objects[0].effects[0].actions[0].to"]


def test_whose_cards_is_read_from_the_owner():
    scenario = _board(MACRO)
    _part(scenario)["players"] = "self"  # Macro Cosmos is Bob's; the destroyed monster is Bob's too
    assert _zones(engine.resolve(scenario))["b1"] == "banished"
    _part(scenario)["players"] = "opponent"
    result = engine.resolve(scenario)
    assert _zones(result)["b1"] == "graveyard" and "ygo.replace.destination" not in _ids(result)[:5]


def test_a_face_down_source_replaces_nothing():
    scenario = _board(MACRO)
    scenario["objects"][0]["position"] = "face-down"
    assert _zones(engine.resolve(scenario))["b1"] == "graveyard"


def test_two_replacements_to_different_places_are_not_guessed():
    scenario = _board(MACRO)
    scenario["objects"][1]["effects"] = [{"class": "continuous", "text": "If this card would be sent to the GY, "
                                              "return it to the hand instead.", "actions": [
                                                  {"do": "replace_destination", "target": "b1", "to": "hand"}]}]
    result = engine.resolve(scenario)
    assert "ygo.cannot_evaluate.replacements" in _ids(result) and _zones(result)["b1"] == "graveyard"
    assert result["result"]["complete"] is False


def test_a_destroy_replacement_names_the_cards_it_keeps_and_what_it_does():
    scenario = _board(XYZ)
    del _part(scenario)["target"]
    assert _paths(scenario) == ["objects[0].effects[0].actions[0].targets"]
    scenario = _board(XYZ)
    _part(scenario)["instead"] = []
    assert _paths(scenario) == ["objects[0].effects[0].actions[0].instead"]
    _part(scenario)["instead"] = [{"do": "detach_material", "materials": ["a1"], "colour": "red"}]
    assert _paths(scenario) == ["objects[0].effects[0].actions[0].instead[0].colour"]


def test_a_replacement_of_destruction_by_effects_does_not_cover_battle_and_the_reverse():
    scenario = _board(XYZ)
    _part(scenario)["destruction"] = "battle"
    result = engine.resolve(scenario)
    assert _zones(result)["x"] == "graveyard" and "ygo.replace.destruction" not in _ids(result)
    _part(scenario)["destruction"] = "effect"
    assert _zones(engine.resolve(scenario))["x"] == "monster_zone"


def test_sending_a_card_is_not_destroying_it():
    scenario = _board(XYZ)
    scenario["objects"][2]["effects"][0]["actions"] = [{"do": "send_to_graveyard", "target": "x"}]
    result = engine.resolve(scenario)
    assert _zones(result)["x"] == "graveyard" and "ygo.replace.destruction" not in _ids(result)


def test_an_lp_payment_instead_needs_the_lp():
    scenario = _board("mr2-destroy-by-battle-instead-pay-lp")
    scenario["players"][1]["lp"] = 1500  # 1000 battle damage leaves 500: 1000 LP cannot be paid
    result = engine.resolve(scenario)
    assert "ygo.replace.impossible" in _ids(result) and _zones(result)["bm"] == "graveyard"


def test_a_banishing_monster_destroyed_in_battle_with_its_opponent_is_not_guessed():
    scenario = _board("arcv-destroy-by-battle-instead-pay-lp")
    shield = scenario["objects"][1]
    shield["atk"] = 2000  # equal ATK: both monsters are destroyed by the one battle
    shield["effects"] = [{"class": "continuous", "text": "While it applies, cards that would go to the Graveyard are banished in its place.",
                          "actions": [{"do": "replace_destination", "cards": "all"}]}]
    result = engine.resolve(scenario)
    assert "ygo.cannot_evaluate.replaced_together" in _ids(result)
    assert result["result"]["complete"] is False


def test_a_card_that_replaces_only_its_own_move_is_not_flagged_when_it_leaves_with_others():
    scenario = _board("arcv-macro-cosmos-destroyed-with-other-cards-is-not-guessed")
    _part(scenario).pop("cards")
    _part(scenario)["target"] = "mc"
    result = engine.resolve(scenario)
    assert "ygo.cannot_evaluate.replaced_together" not in _ids(result)
    assert _zones(result) == {"mc": "banished", "b1": "graveyard", "hs": "graveyard"}


def test_two_destroy_replacements_that_could_both_apply_are_not_guessed():
    scenario = _board(XYZ)
    scenario["objects"][0]["effects"].append({"class": "continuous", "text": "If this card would be destroyed, you can "
                                              "pay 1000 LP instead.", "actions": [
                                                  {"do": "destroy_instead", "target": "x",
                                                   "instead": [{"do": "pay_lp", "amount": 1000}], "use": True}]})
    result = engine.resolve(scenario)
    assert "ygo.cannot_evaluate.destroy_replacements" in _ids(result) and result["result"]["complete"] is False
    _part(scenario)["use"] = False  # one declined: the other applies
    result = engine.resolve(scenario)
    assert _zones(result)["x"] == "monster_zone" and "ygo.replace.declined" in _ids(result)
    assert [p["lp"] for p in result["result"]["players"] if p["id"] == "p2"] == [7000]
