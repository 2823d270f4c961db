"""Targets (CR 115) and what reads them: abilities on the stack, players with hexproof or shroud,
the FILTER keys that read a resolving item's targets, changeling in every zone.

Each test is named after the rule it checks; the goldens under fixtures/scenarios/mtg/ (113-*,
115-*, 702-11c-*, 702-18a-*, 702-73a-*) replay the full traces.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import engine

GOLDENS = Path(__file__).resolve().parents[2] / "fixtures" / "scenarios" / "mtg"


def _scenario(name: str) -> dict:
    return json.loads((GOLDENS / f"{name}.json").read_text(encoding="utf-8"))["scenario"]


def _steps(out: dict, message_id: str) -> list[dict]:
    return [step for step in out["trace"] if step["message_id"] == message_id]


def test_115_10a_not_target_is_refused_where_no_spell_is_resolving():
    doc = _scenario("115-10a-each-other-creature-spares-only-the-target")
    doc["objects"][0]["abilities"] = [{"kind": "static", "affected": {"types": ["creature"], "not_target": 0},
                                       "effects": [{"do": "modify_pt", "power": 1, "toughness": 1}]}]
    errors = engine.validate(doc)
    assert [e["path"] for e in errors] == ["objects[0].abilities[0].affected.not_target"]
    assert "reads the targets of a resolving spell or ability" in errors[0]["message"]


def test_115_10a_target_player_controls_is_refused_in_an_effect_read_later():
    doc = _scenario("115-10a-radiating-lightning-damages-the-target-players-creatures")
    doc["objects"][2]["abilities"][0]["effects"][1] = {"do": "cant_attack", "duration": "end_of_turn",
                                                        "affected": {"target_player_controls": 0}}
    assert [e["path"] for e in engine.validate(doc)] == [
        "objects[2].abilities[0].effects[1].affected.target_player_controls"]


def test_702_18a_a_player_with_shroud_from_a_document_effect_cant_be_targeted():
    doc = _scenario("115-10a-radiating-lightning-damages-the-target-players-creatures")
    doc["effects"] = [{"do": "player_keyword", "keyword": "shroud", "controller": "p2", "duration": "end_of_turn"}]
    out = engine.resolve(doc)
    assert _steps(out, "mtg.illegal.target")[0]["params"]["why"] == "shroud"
    assert next(o for o in out["result"]["objects"] if o["id"] == "theirs")["zone"] == "battlefield"


def test_113_9_an_ability_is_no_target_for_what_counters_only_spells():
    out = engine.resolve(_scenario("113-9-counterspell-cannot-target-an-activated-ability"))
    [illegal] = _steps(out, "mtg.illegal.target")
    assert illegal["rule"]["number"] == "113.9" and illegal["params"]["why"] == "not_an_ability"


def test_113_1c_a_stack_id_that_is_not_on_the_stack_is_not_a_legal_target():
    doc = _scenario("113-1c-stifle-counters-an-activated-ability-on-the-stack")
    doc["actions"][0]["targets"] = ["s7"]
    out = engine.resolve(doc)
    assert _steps(out, "mtg.illegal.target")[0]["params"]["target"] == "s7"
    assert next(p for p in out["result"]["players"] if p["id"] == "p1")["life"] == 19


def test_113_1c_an_unknown_target_id_is_refused_naming_its_path():
    doc = _scenario("113-1c-stifle-counters-an-activated-ability-on-the-stack")
    doc["actions"][0]["targets"] = ["nothing"]
    assert [e["path"] for e in engine.validate(doc)] == ["actions[0].targets[0]"]


def test_702_11c_hexproof_of_a_player_only_stops_opponents():
    doc = _scenario("702-11c-a-player-with-hexproof-can-target-themself")
    assert _steps(engine.resolve(doc), "mtg.illegal.target") == []
    shroud = copy.deepcopy(doc)
    shroud["objects"][0]["abilities"][0]["effects"][0]["keyword"] = "shroud"
    assert [s["rule"]["number"] for s in _steps(engine.resolve(shroud), "mtg.illegal.target")] == ["702.18a"]


def test_702_73a_changeling_in_a_hand_is_every_creature_type_and_a_set_type_replaces_it():
    doc = _scenario("702-73a-changeling-gets-the-elf-lords-bonus")
    woodland = next(o for o in doc["objects"] if o["id"] == "woodland")
    doc["effects"] = [{"do": "set_type", "affected": ["woodland"], "subtypes": ["Goblin"]}]
    out = engine.resolve(doc)
    chars = next(o for o in out["result"]["objects"] if o["id"] == "woodland")["characteristics"]
    assert chars["subtypes"] == ["Goblin"] and "every_creature_type" not in chars and chars["power"] == 2
    assert woodland["abilities"] == [{"kind": "keyword", "keyword": "changeling"}]


def test_702_73a_changeling_cites_its_own_number_in_each_edition():
    for name, number in (("702-73a-changeling-under-humility-is-still-an-elf", "702.73a"),
                         ("702-72a-changeling-under-humility-is-still-an-elf-2020", "702.72a")):
        out = engine.resolve(_scenario(name))
        rows = [s for s in _steps(out, "mtg.layer.apply") if s["params"]["layer"] == 4]
        assert [s["rule"]["number"] for s in rows] == [number], name
