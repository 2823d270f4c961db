"""Continuous Effects of engine/ygo/continuous.py (negating face-up monsters; Level, Type and
Attribute changes) and cannot_set: what a document may say, and what a golden file cannot show."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import engine

GOLDEN = Path(__file__).resolve().parents[2] / "fixtures" / "scenarios" / "ygo"


def _board(stem: str) -> dict:
    return copy.deepcopy(json.loads((GOLDEN / f"{stem}.json").read_text("utf-8"))["scenario"])


def _part(scenario: dict) -> dict:
    return scenario["objects"][0]["effects"][-1]["actions"][0]


def _paths(scenario: dict) -> list[str]:
    return [error["path"] for error in engine.validate(scenario)]


def _objects(result: dict) -> dict[str, dict]:
    return {o["id"]: o for o in result["result"]["objects"]}


def test_negate_effects_on_the_field_must_say_whose_monsters():
    scenario = _board("arcv-continuous-negation-makes-a-monster-effect-resolve-without-effect")
    del _part(scenario)["face_up_monsters"]
    assert _paths(scenario) == ["objects[0].effects[0].actions[0].face_up_monsters"]
    _part(scenario)["face_up_monsters"] = "everyone"
    assert _paths(scenario) == ["objects[0].effects[0].actions[0].face_up_monsters"]


def test_negate_effects_on_the_field_names_no_cards():
    scenario = _board("arcv-continuous-negation-makes-a-monster-effect-resolve-without-effect")
    _part(scenario)["targets"] = ["q"]  # a card's own negation is the instruction, not this Continuous Effect
    assert _paths(scenario) == ["objects[0].effects[0].actions[0].targets"]


def test_negation_by_the_opponents_card_spares_its_controllers_monsters():
    scenario = _board("arcv-continuous-negation-makes-a-monster-effect-resolve-without-effect")
    _part(scenario)["face_up_monsters"] = "self"  # Bob's card: only Bob's monsters
    result = engine.resolve(scenario)
    assert _objects(result)["b"]["zone"] == "graveyard"
    _part(scenario)["face_up_monsters"] = "opponent"
    assert _objects(engine.resolve(scenario))["b"]["zone"] == "monster_zone"


def test_cannot_set_takes_only_its_kinds():
    scenario = _board("arcv-cannot-set-spells-and-traps-refuses-a-trap-but-not-a-monster")
    _part(scenario)["cards"] = "trap"
    assert _paths(scenario) == ["objects[0].effects[0].actions[0].cards"]


def test_cannot_set_monsters_refuses_a_monster_set_but_not_a_trap():
    scenario = _board("arcv-cannot-set-spells-and-traps-refuses-a-trap-but-not-a-monster")
    _part(scenario)["cards"] = "monster"
    result = engine.resolve(scenario)
    assert [s["params"]["card"] for s in result["trace"] if s["message_id"] == "ygo.illegal.cannot_set"] == ["m"]
    assert _objects(result)["t"]["zone"] == "spell_trap_zone" and _objects(result)["m"]["zone"] == "hand"


def test_a_level_change_gives_exactly_one_of_amount_and_set():
    scenario = _board("arcv-level-raised-by-a-continuous-effect-counts-for-a-synchro-summon")
    _part(scenario)["set"] = 3
    assert _paths(scenario) == ["objects[0].effects[0].actions[0].amount"]
    del _part(scenario)["amount"], _part(scenario)["set"]
    assert _paths(scenario) == ["objects[0].effects[0].actions[0].amount"]


def test_a_type_change_says_what_it_becomes():
    scenario = _board("arcv-type-change-ends-when-its-card-leaves-the-field")
    del _part(scenario)["becomes"]
    assert _paths(scenario) == ["objects[0].effects[0].actions[0].becomes"]


def test_a_level_never_goes_below_one_and_the_board_shows_it():
    scenario = _board("arcv-level-raised-by-a-continuous-effect-counts-for-a-synchro-summon")
    _part(scenario)["amount"] = -5
    scenario["actions"] = []
    result = engine.resolve(scenario)
    assert _objects(result)["t"]["level"] == 1
    assert result["board"]["objects"]["t"].get("level") is None  # the printed Level: nothing changed yet
    changed = [s for s in result["trace"] if s["message_id"] == "ygo.modify.level"]
    assert [(s["params"]["before"], s["params"]["after"]) for s in changed] == [(2, 1)]
    assert {"op": "add", "path": "/objects/t/level", "value": 1} in changed[0]["board"]


def test_a_face_down_monster_keeps_its_level():
    scenario = _board("arcv-level-raised-by-a-continuous-effect-counts-for-a-synchro-summon")
    scenario["objects"][1]["position"] = "face-down defense"
    scenario["actions"] = []
    result = engine.resolve(scenario)
    assert _objects(result)["t"]["level"] == 2
    assert not [s for s in result["trace"] if s["message_id"] == "ygo.modify.level"]


# ---------------------------------------------------------------- issue 13 (gaps): Spell/Trap effects on the field

def test_a_spell_trap_negation_names_face_up_monsters_or_cards_once():
    scenario = _board("arcv-jinzo-stops-a-continuous-traps-effect")
    negation = scenario["objects"][0]["effects"][0]["actions"][1]
    negation["face_up_monsters"] = "all"
    assert _paths(scenario) == ["objects[0].effects[0].actions[1].face_up_monsters"]
    del negation["face_up_monsters"], negation["cards"]
    assert _paths(scenario) == ["objects[0].effects[0].actions[1].face_up_monsters"]
    negation["cards"] = "monster"
    assert _paths(scenario) == ["objects[0].effects[0].actions[1].cards"]


def test_the_continuous_traps_effect_applies_again_when_jinzo_leaves():
    scenario = _board("arcv-jinzo-stops-a-continuous-traps-effect")
    scenario["objects"].append({"id": "bolt", "name": "Bolt", "owner": "p1", "zone": "hand", "kind": "spell",
                                "subtype": "normal",
                                "effects": [{"class": "card", "actions": [{"do": "destroy", "target": "j"}]}]})
    scenario["actions"].append({"type": "activate", "card": "bolt"})
    out = engine.resolve(scenario)
    assert "ygo.negate.continuous_ends" in [s["message_id"] for s in out["trace"]], [s["message_id"] for s in out["trace"]]
    assert _objects(out)["b"]["atk"] == 2000


def test_a_spell_negation_leaves_traps_alone():
    scenario = _board("arcv-jinzo-stops-a-continuous-traps-effect")
    scenario["objects"][0]["effects"][0]["actions"][1]["cards"] = "spell"
    assert _objects(engine.resolve(scenario))["b"]["atk"] == 2000
