"""Protections as Continuous Effects (engine/ygo/protection.py): what a document may say, and
the refusals a golden file cannot show."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import engine

GOLDEN = Path(__file__).resolve().parents[2] / "fixtures" / "scenarios" / "ygo"


def _unaffected_board() -> dict:
    return copy.deepcopy(json.loads((GOLDEN / "arcv-unaffected-by-spells-ignores-the-spell.json").read_text("utf-8"))["scenario"])


def _part(scenario: dict) -> dict:
    return scenario["objects"][0]["effects"][0]["actions"][0]


def _paths(scenario: dict) -> list[str]:
    return [error["path"] for error in engine.validate(scenario)]


def test_a_protection_must_name_at_least_one_card():
    scenario = _unaffected_board()
    _part(scenario)["targets"] = []
    assert _paths(scenario) == ["objects[0].effects[0].actions[0].targets"]
    del _part(scenario)["targets"]
    assert _paths(scenario) == ["objects[0].effects[0].actions[0].targets"]


def test_a_card_named_twice_is_refused():
    scenario = _unaffected_board()
    _part(scenario)["targets"] = ["u", "u"]
    assert _paths(scenario) == ["objects[0].effects[0].actions[0].targets"]


def test_whose_effects_takes_only_the_values_of_its_verb():
    scenario = _unaffected_board()
    _part(scenario)["by"] = "any"  # "any" is cannot_be_targeted's, not unaffected's
    assert _paths(scenario) == ["objects[0].effects[0].actions[0].by"]
    _part(scenario)["by"] = "opponent"
    assert _paths(scenario) == []


def test_players_is_refused_on_a_protection_of_cards():
    scenario = _unaffected_board()
    _part(scenario)["players"] = "both"
    assert _paths(scenario) == ["objects[0].effects[0].actions[0].players"]


def test_a_face_down_source_protects_nothing():
    scenario = _unaffected_board()
    scenario["objects"][0]["position"] = "face-down defense"
    result = engine.resolve(scenario)
    assert not [step for step in result["trace"] if step["message_id"] == "ygo.no_effect.unaffected"]
    assert {o["id"]: o["zone"] for o in result["result"]["objects"]}["u"] == "hand"
