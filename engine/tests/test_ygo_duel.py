"""Yu-Gi-Oh! Duel rules of issue 3 (turns, summons, battle, SEGOC), named after their sections."""

from __future__ import annotations

import sys
from pathlib import Path

import engine
from engine.tests.builders import monster, objects, scenario, steps
from engine.ygo import arcv, mr2

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))


def _trigger(id: str, owner: str, *, optional: bool = False) -> dict:
    card = monster(id, owner, zone="graveyard")
    card["effects"] = [{"class": "trigger", "trigger": "sent_to_graveyard", "optional": optional,
                        "actions": [{"do": "gain_lp", "amount": 1}]}]
    return card


def test_rule_version_differences_are_flags():
    assert (arcv.ArcV.first_turn_draw, mr2.MasterRule2.first_turn_draw) == (False, True)
    assert (arcv.ArcV.segoc_tiers, mr2.MasterRule2.segoc_tiers) == (True, False)


def test_4_2_4_2_1_turn_player_mandatory_triggers_first():
    doc = scenario([_trigger("a", "p2"), _trigger("b", "p1", optional=True), _trigger("c", "p1")], [])
    doc["pending"] = [{"card": "a"}, {"card": "b"}, {"card": "c"}]
    order = [s["params"]["card"] for s in steps(engine.resolve(doc), "trigger")]
    assert order == ["c", "a", "b"]


def test_mr2_ch5_5_turn_player_triggers_then_opponent():
    doc = scenario([_trigger("a", "p2"), _trigger("b", "p1", optional=True), _trigger("c", "p1")], [], ruleset="mr2")
    doc["pending"] = [{"card": "a"}, {"card": "b", "order": 0}, {"card": "c", "order": 1}]
    order = [s["params"]["card"] for s in steps(engine.resolve(doc), "trigger")]
    assert order == ["b", "c", "a"]


def test_3_2_2_1_1_level_5_needs_one_tribute():
    doc = scenario([monster("t", "p1"), {**monster("m", "p1", zone="hand"), "level": 5}], [],
                   actions=[{"type": "summon", "card": "m"}])
    [illegal] = steps(engine.resolve(doc), "illegal")
    assert illegal["rule"]["number"] == "3.2.2.1.1.i2" and illegal["params"]["needed"] == 1


def test_mr2_ch4_7_battle_damage_is_the_difference():
    doc = scenario([monster("a", "p1", atk=2000), monster("b", "p2", atk=1200)], [], ruleset="mr2",
                   actions=[{"type": "attack", "attacker": "a", "target": "b"}])
    doc["turn"] = {"active": "p1", "phase": "battle", "step": "battle", "number": 2}
    out = engine.resolve(doc)
    assert out["result"]["players"][1]["lp"] == 7200 and objects(out)["b"]["zone"] == "graveyard"


def test_arcv_battle_steps_cite_the_older_rulebook_and_say_so():
    doc = scenario([monster("a", "p1", atk=2000)], [], actions=[{"type": "attack", "attacker": "a"}])
    doc["turn"] = {"active": "p1", "phase": "battle", "step": "battle", "number": 2}
    older = [s for s in engine.resolve(doc)["trace"] if s["rule"] and s["rule"]["document"] == "ygo-rulebook-mr2"]
    assert older and all(s["basis"].startswith("cited from the 2011 rulebook") for s in older)


def test_synthetic_1000_link_chain_with_100_triggers_resolves():
    from ygo_synthetic import build_large_chain

    out = engine.resolve(build_large_chain())
    assert max(s["params"].get("link", 0) for s in out["trace"]) == 1000
    assert out["result"]["complete"] is True
