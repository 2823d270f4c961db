"""Activation conditions (engine/ygo/conditions.py) and a Battle Phase given in the board: what a
document may say, and what a golden file cannot show (the priority listing, the window's end)."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import engine

GOLDEN = Path(__file__).resolve().parents[2] / "fixtures" / "scenarios" / "ygo"


def _board(stem: str) -> dict:
    return copy.deepcopy(json.loads((GOLDEN / f"{stem}.json").read_text("utf-8"))["scenario"])


def _paths(scenario: dict) -> list[str]:
    return [error["path"] for error in engine.validate(scenario)]


def _steps(scenario: dict, message_id: str) -> list[dict]:
    return [step for step in engine.resolve(scenario)["trace"] if step["message_id"] == message_id]


def test_an_unknown_condition_key_or_value_is_an_error_at_its_path():
    scenario = _board("arcv-condition-opponent-normal-summons-met")
    condition = scenario["objects"][1]["effects"][0]["condition"]
    condition["summoned"] = "synchro"
    assert _paths(scenario) == ["objects[1].effects[0].condition.summoned"]
    condition["summoned"] = "normal"
    condition["while"] = "battle"
    assert _paths(scenario) == ["objects[1].effects[0].condition.while"]


def test_whose_event_goes_with_an_event_key_only():
    scenario = _board("arcv-condition-during-the-battle-phase-not-in-main-phase")
    scenario["objects"][1]["effects"][0]["condition"]["by"] = "opponent"
    assert _paths(scenario) == ["objects[1].effects[0].condition.by"]
    scenario["objects"][1]["effects"][0]["condition"] = {"activated": "spell", "card_only": "yes"}
    assert _paths(scenario) == ["objects[1].effects[0].condition.card_only"]


def test_a_trigger_states_no_activation_condition():
    scenario = _board("arcv-condition-opponent-normal-summons-met")
    effect = scenario["objects"][1]["effects"][0]
    scenario["objects"][1].update(kind="monster", subtype="effect", zone="monster_zone", position="attack",
                                  controller="p2", level=4, atk=1000)
    effect.update({"class": "trigger", "trigger": "summoned"})
    assert "objects[1].effects[0].condition" in _paths(scenario)


def test_the_priority_listing_leaves_out_an_effect_whose_condition_is_not_met():
    scenario = _board("arcv-condition-during-the-battle-phase-not-in-main-phase")
    scenario["actions"] = [{"type": "end_phase"}]
    offered = _steps(scenario, "ygo.priority.pass_to")[0]["params"]["may_activate"]
    assert offered == []
    scenario["objects"][1]["effects"][0]["condition"] = {"phase": "main"}
    offered = _steps(scenario, "ygo.priority.pass_to")[0]["params"]["may_activate"]
    assert [item["card"] for item in offered] == ["t"]


def test_the_summon_window_lasts_while_the_trap_is_chained_to_its_triggers():
    scenario = _board("arcv-condition-opponent-normal-summons-met")
    summoned = scenario["objects"][0]
    summoned.update(subtype="effect", effects=[{"class": "trigger", "trigger": "summoned",
                                                "actions": [{"do": "gain_lp", "amount": 500}]}])
    result = engine.resolve(scenario)
    kinds = [step["message_id"] for step in result["trace"]]
    assert "ygo.chain.respond" in kinds and "ygo.illegal.condition_not_met" not in kinds
    assert {o["id"]: o["zone"] for o in result["result"]["objects"]}["a"] == "graveyard"


def test_an_attack_in_progress_needs_the_battle_or_damage_step_and_a_real_attacker():
    scenario = _board("arcv-battle-in-progress-given-in-the-board")
    assert _paths(scenario) == []
    scenario["turn"]["step"] = "start"
    assert _paths(scenario) == ["turn.attacker"]
    scenario["turn"]["step"] = "battle"
    scenario["turn"]["attacker"] = "b"  # the opponent's monster
    assert "turn.attacker" in _paths(scenario)
    scenario["turn"]["attacker"] = "a"
    scenario["turn"]["attack_target"] = "t"  # a Set Trap
    assert _paths(scenario) == ["turn.attack_target"]
    del scenario["turn"]["attacker"]
    scenario["turn"]["attack_target"] = "b"
    assert _paths(scenario) == ["turn.attack_target"]


def test_an_attack_in_progress_in_the_damage_step_cannot_be_answered_as_just_declared():
    scenario = _board("arcv-battle-in-progress-given-in-the-board")
    scenario["turn"]["step"] = "damage"
    refused = _steps(scenario, "ygo.illegal.damage_step")
    assert refused and refused[0]["params"]["card"] == "t"


def test_cancel_attack_without_a_replay_is_illegal():
    scenario = _board("arcv-replay-cancel-the-attack")
    scenario["actions"] = [{"type": "attack", "attacker": "a", "target": "b"}, {"type": "cancel_attack"}]
    refused = _steps(scenario, "ygo.illegal.no_replay")
    assert [step["params"]["player"] for step in refused] == ["p1"]


def test_without_cancel_attack_the_replayed_monster_attacks_again():
    scenario = _board("arcv-replay-cancel-the-attack")
    del scenario["actions"][2]
    assert _steps(scenario, "ygo.illegal.already_attacked") == []
    assert [step["params"]["attacker"] for step in _steps(scenario, "ygo.battle.attack_direct")] == ["a"]


def test_exactly_one_monster_is_met_by_a_single_summon():
    scenario = _board("arcv-condition-exactly-one-summoned-not-two-at-once")
    for part in scenario["objects"][2]["effects"][0]["actions"]:
        part["targets"] = ["a"]
    scenario["actions"][0]["targets"] = ["a"]
    result = engine.resolve(scenario)
    assert [step["params"]["card"] for step in result["trace"] if step["message_id"] == "ygo.condition.met"] == ["t"]
    assert {o["id"]: o["zone"] for o in result["result"]["objects"]}["a"] == "graveyard"


def test_what_the_summoned_monster_must_be_goes_with_summoned_and_is_a_filter():
    # issue 13 (gaps): Trap Hole's "a monster with 1000 or more ATK".
    scenario = _board("arcv-trap-hole-cannot-answer-a-monster-with-less-than-1000-atk")
    condition = scenario["objects"][1]["effects"][0]["condition"]
    condition["monster"] = {"atk_min": 1000, "atk_max": 500}
    assert _paths(scenario) == ["objects[1].effects[0].condition.monster.atk_max"]
    condition["monster"] = {"atk": 1000}
    assert _paths(scenario) == ["objects[1].effects[0].condition.monster.atk"]
    del condition["summoned"]
    condition["monster"] = {"atk_min": 1000}
    errors = [e["message"] for e in engine.validate(scenario) if e["path"] == "objects[1].effects[0].condition"]
    assert errors and "monster" in errors[0], errors


def test_the_summoned_monster_filter_reads_the_atk_it_has_now():
    # Raised to 1000 by a continuous effect before Trap Hole is activated, the 900 ATK monster fits.
    scenario = _board("arcv-trap-hole-cannot-answer-a-monster-with-less-than-1000-atk")
    assert _steps(scenario, "ygo.illegal.condition_not_met")
    scenario["objects"].append({"id": "f", "name": "Booster", "owner": "p1", "zone": "spell_trap_zone", "kind": "spell",
                                "subtype": "continuous", "position": "face-up",
                                "effects": [{"class": "continuous",
                                             "actions": [{"do": "change_atk", "targets": ["a"], "amount": 100}]}]})
    assert not _steps(scenario, "ygo.illegal.condition_not_met")
    assert [s["params"]["now"] for s in _steps(scenario, "ygo.condition.met")] == [
        "summoned of 1 monster(s) by p1; fitting the filter: a"]
