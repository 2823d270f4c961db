"""Summon procedures' conditions, costs and materials (engine/ygo/requirements.py): what a
document may say, and the refusals a golden file does not show."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import engine

GOLDEN = Path(__file__).resolve().parents[2] / "fixtures" / "scenarios" / "ygo"


def _golden(stem: str) -> dict:
    return copy.deepcopy(json.loads((GOLDEN / f"{stem}.json").read_text("utf-8"))["scenario"])


def _paths(scenario: dict) -> list[str]:
    return [error["path"] for error in engine.validate(scenario)]


def _steps(scenario: dict) -> list[dict]:
    return engine.resolve(scenario)["trace"]


def test_a_summon_condition_cannot_say_whose_monsters_it_reads():
    scenario = _golden("arcv-inherent-summon-condition-met")
    scenario["objects"][0]["summon_procedure"]["condition"]["opponent_controls"]["controller"] = "self"
    assert _paths(scenario) == ["objects[0].summon_procedure.condition.opponent_controls.controller"]


def test_an_unknown_summon_condition_is_refused_at_its_path():
    scenario = _golden("arcv-inherent-summon-condition-met")
    scenario["objects"][0]["summon_procedure"]["condition"]["opponent_control"] = {"kind": "monster"}
    assert _paths(scenario) == ["objects[0].summon_procedure.condition.opponent_control"]


def test_only_a_fusion_monster_has_a_procedure_from_the_extra_deck():
    scenario = _golden("arcv-contact-fusion-is-not-a-fusion-summon")
    scenario["objects"][0]["subtype"] = "synchro"
    assert _paths(scenario) == ["objects[0].summon_procedure.from"]
    scenario = _golden("arcv-inherent-summon-condition-met")
    scenario["objects"][0]["summon_procedure"]["from"] = "extra_deck"
    assert _paths(scenario) == ["objects[0].summon_procedure.from"]


def test_a_procedure_states_a_condition_or_a_cost():
    scenario = _golden("arcv-inherent-summon-condition-met")
    scenario["objects"][0]["summon_procedure"] = {"from": "hand"}
    assert _paths(scenario) == ["objects[0].summon_procedure"]


def test_a_spell_has_no_summon_procedure_and_a_fusion_monster_no_synchro_materials():
    scenario = _golden("arcv-contact-fusion-can-be-negated-by-solemn-judgment")
    scenario["objects"][4]["summon_procedure"] = {"condition": {"you_control_none": {"kind": "monster"}}}
    scenario["objects"][0]["synchro_materials"] = {"non_tuner": {"attribute": "LIGHT"}}
    assert sorted(_paths(scenario)) == ["objects[0].synchro_materials", "objects[4].summon_procedure"]


def test_a_cost_is_read_only_for_an_inherent_special_summon():
    scenario = _golden("arcv-synchro-summon-keeps-its-materials")
    scenario["actions"][0]["cost"] = [{"do": "banish", "card": "t"}]
    assert _paths(scenario) == ["actions[0].cost"]


def test_material_filters_cannot_name_a_controller():
    scenario = _golden("arcv-xyz-material-must-fit")
    scenario["objects"][0]["xyz_materials"]["each"]["controller"] = "opponent"
    assert _paths(scenario) == ["objects[0].xyz_materials.each.controller"]


def test_summoned_with_names_cards_that_can_have_been_materials():
    scenario = _golden("arcv-synchro-summon-keeps-its-materials")
    scenario["objects"][0]["zone"] = "monster_zone"
    scenario["objects"][0]["position"] = "attack"
    scenario["objects"][0]["summoned_with"] = ["t"]
    assert _paths(scenario) == ["objects[0].summoned_with[0]"]  # t is still on the field
    scenario["objects"][1]["zone"] = "graveyard"
    del scenario["objects"][1]["position"]
    assert _paths(scenario) == []


def test_materials_given_in_the_document_are_lost_when_the_monster_leaves_the_field():
    scenario = _golden("arcv-trigger-reads-a-water-synchro-material")
    scenario["objects"][0].update(zone="monster_zone", position="attack", summoned_with=["t", "w"], effects=[])
    for index in (1, 2):
        scenario["objects"][index]["zone"] = "graveyard"
        del scenario["objects"][index]["position"]
    scenario["objects"].append({
        "id": "raigeki", "name": "Raigeki", "owner": "p1", "zone": "hand", "kind": "spell", "subtype": "normal",
        "effects": [{"class": "card", "actions": [{"do": "destroy", "target": "s"}]}]})
    scenario["actions"] = [{"type": "activate", "card": "raigeki"}]
    assert _paths(scenario) == []
    out = engine.resolve(scenario)
    assert out["board"]["objects"]["s"]["summoned_with"] == ["t", "w"]
    lost = [step for step in out["trace"] if step["message_id"] == "ygo.summon.materials_lost"]
    assert [step["params"]["card"] for step in lost] == ["s"]
    assert lost[0]["rule"]["number"] == "3.2.2.3.1.1.3.1.i7"
    synchro = next(o for o in out["result"]["objects"] if o["id"] == "s")
    assert synchro["zone"] == "graveyard" and synchro["summoned_with"] == []


def test_too_many_costs_and_the_wrong_cost_verb_are_refused():
    scenario = _golden("arcv-inherent-summon-banishes-its-cost-from-the-graveyard")
    scenario["actions"][0]["cost"].append({"do": "banish", "card": "ga"})
    assert [s["message_id"] for s in _steps(scenario)] == ["ygo.illegal.summon_cost"]
    scenario = _golden("arcv-inherent-summon-banishes-its-cost-from-the-graveyard")
    scenario["actions"][0]["cost"][0]["do"] = "discard"
    steps = _steps(scenario)
    assert [s["message_id"] for s in steps] == ["ygo.illegal.summon_cost"]
    assert "not discard" in steps[0]["params"]["reason"]


def test_a_cost_is_taken_from_where_its_verb_takes_it():
    scenario = _golden("arcv-inherent-summon-cost-trigger-misses-the-timing")
    scenario["objects"][0]["summon_procedure"]["cost"][0]["from"] = "graveyard"
    assert _paths(scenario) == ["objects[0].summon_procedure.cost[0].from"]


def test_a_face_down_monster_fits_a_condition_only_when_it_names_no_characteristic():
    scenario = _golden("mr2-inherent-summon-condition-met")
    scenario["objects"][1]["position"] = "face-down defense"
    assert _steps(scenario)[0]["message_id"] == "ygo.summon.procedure"  # the opponent controls a monster
    scenario["objects"][0]["summon_procedure"]["condition"]["opponent_controls"] = {"attribute": "DARK"}
    steps = _steps(scenario)
    assert [s["message_id"] for s in steps] == ["ygo.illegal.summon_condition"]
    scenario["objects"][1]["position"] = "attack"
    assert _steps(scenario)[0]["message_id"] == "ygo.summon.procedure"
