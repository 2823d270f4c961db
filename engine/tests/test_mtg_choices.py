"""Open choices, replacement effects (614, 616), combat damage order and planeswalkers; each
test is named after the rule it checks (goldens replay the same boards in test_golden)."""

from __future__ import annotations

import json
from pathlib import Path

import engine

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "scenarios" / "mtg"


def _golden(name):
    return json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))["scenario"]


def _choice(output):
    step = output["trace"][-1]
    assert step["kind"] == "choice"
    return step


def test_616_1_affected_player_orders_replacements():
    step = _choice(engine.resolve(_golden("616-1-affected-player-orders-damage-replacements")))
    assert step["params"]["player"] == "p2" and step["rule"]["number"] == "616.1"
    lives = {tuple(b["choice"]): b["result"]["players"][1]["life"] for b in step["branches"]}
    assert lives == {("furnace.0", "torbran.0"): 12, ("torbran.0", "furnace.0"): 10}
    assert all(b["result"]["complete"] for b in step["branches"])


def test_616_1f_an_effect_that_no_longer_applies_is_not_applied():
    step = _choice(engine.resolve(_golden("616-1-progenitus-and-rest-in-peace-owner-chooses")))
    zones = {tuple(b["choice"]): next(o["zone"] for o in b["result"]["objects"] if o["id"] == "prog") for b in step["branches"]}
    assert zones == {("prog.0", "rip.0"): "library", ("rip.0", "prog.0"): "exile"}


def test_614_5_each_replacement_effect_applies_once_per_event():
    out = engine.resolve(_golden("616-1-order-given-plus-two-then-double"))
    applied = [s["params"]["effect"] for s in out["trace"] if s["message_id"] == "mtg.replace.apply"]
    assert applied == ["torbran.0", "furnace.0"]


def test_704_5j_the_player_chooses_which_legend_to_keep():
    step = _choice(engine.resolve(_golden("704-5j-legend-rule-player-chooses-open-branches")))
    assert step["options"] == ["t1", "t2"] and len(step["branches"]) == 2
    for branch in step["branches"]:
        kept = [o["id"] for o in branch["result"]["objects"] if o["zone"] == "battlefield"]
        assert kept == [branch["choice"]]


def test_603_3d_trigger_targets_are_a_choice_not_the_first_legal_one():
    step = _choice(engine.resolve(_golden("603-3d-trigger-target-is-a-choice-with-branches")))
    assert step["options"] == [["a1"], ["a2"]]
    for branch in step["branches"]:
        destroyed = [o["id"] for o in branch["result"]["objects"] if o["zone"] == "graveyard"]
        assert destroyed == branch["choice"]


def test_509_2_damage_assignment_order_branches_on_each_order():
    step = _choice(engine.resolve(_golden("509-2-damage-assignment-order-is-announced-open")))
    dead = {tuple(b["choice"]): sorted(o["id"] for o in b["result"]["objects"] if o["zone"] == "graveyard") for b in step["branches"]}
    assert dead == {("x", "y"): ["wurm", "x"], ("y", "x"): ["wurm", "y"]}


def test_510_4_double_strike_deals_damage_twice():
    out = engine.resolve(_golden("510-4-double-strike-deals-damage-in-both-steps"))
    assert [s["params"]["amount"] for s in out["trace"] if s["message_id"] == "mtg.damage.player"] == [2, 2]


def test_606_loyalty_rules_cite_each_editions_number():
    for name, number in (("606-5-negative-loyalty-cost-needs-that-many-counters", "606.5"),
                         ("606-6-negative-loyalty-cost-needs-that-many-counters", "606.6")):
        out = engine.resolve(_golden(name))
        assert [s["rule"]["number"] for s in out["trace"] if s["message_id"] == "mtg.illegal.loyalty"] == [number]


def test_305_6_intrinsic_mana_ability_cites_305_6():
    out = engine.resolve(_golden("305-6-a-basic-land-has-its-intrinsic-mana-ability"))
    assert any(s["message_id"] == "mtg.activate.mana" and s["rule"]["number"] == "305.6" for s in out["trace"])


def test_602_2_activation_is_recorded_before_its_costs():
    trace = engine.resolve(_golden("602-2-ability-goes-on-the-stack-before-its-sacrifice-cost-is-paid"))["trace"]
    ids = [s["message_id"] for s in trace]
    assert ids.index("mtg.activate") < ids.index("mtg.move")


def test_options_choices_must_be_a_mapping_of_json_values():
    document = _golden("704-5j-legend-rule-keeps-the-older-when-chosen")
    document["options"] = {"choices": {"legend:p1:Thraximundar": {"bad": 1}}}
    assert engine.validate(document)
