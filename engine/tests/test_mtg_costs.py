"""Costs and casting permissions (CR 601.2f, 118.7-118.9, 107.3a, 107.4e, 601.3): the pure cost
arithmetic and what validation refuses. The boards live in the goldens (fixtures/scenarios/mtg/
601-2f-*, 118-*, 107-4e-*, 601-3*-*, 506-1-*, 113-6d-*)."""

from __future__ import annotations

import itertools

import engine
from engine.mtg.examples import card, scenario, spell
from engine.mtg.mana import hybrid_options, reduce_cost, with_halves, with_x, written


def _reduced(cost, reductions):
    for by in reductions:
        cost = reduce_cost(cost, by)[0]
    return cost


def test_601_2f_several_reductions_give_one_total_in_any_order():
    reductions = ["{1}", "{R}", "{U}", "{2}"]
    totals = {_reduced("{3}{R}{G}", order) for order in itertools.permutations(reductions)}
    assert totals == {"{G}"}


def test_601_2f_the_generic_part_is_never_below_0():
    assert reduce_cost("{1}{W}", "{3}") == ("{W}", True, False)
    assert reduce_cost("{2}", "{2}") == ("{0}", False, False)


def test_118_7c_a_colored_reduction_beyond_its_color_reduces_the_generic_part():
    assert reduce_cost("{1}{R}", "{R}{R}") == ("{0}", False, True)


def test_107_3a_x_is_the_announced_value_and_0_leaves_nothing():
    assert with_x("{X}{X}{R}", 2) == "{2}{2}{R}" and written(["2", "2", "R"]) == "{4}{R}"
    assert with_x("{X}{R}", 0) == "{R}"


def test_107_4e_each_hybrid_symbol_is_paid_with_one_half_phyrexian_is_not_hybrid_here():
    assert hybrid_options("{W/P}{G/U}") == [["G"], ["U"]]
    assert with_halves("{W/P}{G/U}", ["U"]) == "{W/P}{U}"


def _cast_doc(abilities, **turn):
    obj = card("c", "Example", zone="hand", mana_cost="{1}{G}", types=["instant"],
               abilities=[*abilities, spell({"do": "gain_life", "amount": 1})])
    return scenario([obj], [{"type": "cast", "player": "p1", "card": "c"}], **turn)


def test_118_8_an_additional_cost_with_no_way_to_pay_it_is_refused_at_its_path():
    errors = engine.validate(_cast_doc([{"kind": "additional_cost"}]))
    assert any("objects[0].abilities[0]" in str(e) and "reveal, sacrifice, discard, mana or life" in str(e) for e in errors)


def test_118_8_reveal_and_discard_together_are_refused():
    doc = _cast_doc([{"kind": "additional_cost", "reveal": {}, "discard": {}}])
    assert any("objects[0].abilities[0].discard" in str(e) for e in engine.validate(doc))


def test_601_3_a_restriction_needs_during_or_if():
    errors = engine.validate(_cast_doc([{"kind": "cast_restriction"}]))
    assert any("objects[0].abilities[0]" in str(e) and "during" in str(e) for e in errors)
    errors = engine.validate(_cast_doc([{"kind": "cast_restriction", "during": "lunch"}]))
    assert any("objects[0].abilities[0].during" in str(e) for e in errors)


def test_601_3_the_priority_listing_says_the_restricted_card_cannot_be_cast():
    out = engine.resolve(_cast_doc([{"kind": "cast_restriction", "during": "combat"}]))
    may = next(s for s in out["trace"] if s["kind"] == "priority")["may"]
    assert [(m["card"], m["allowed"], m["why"], m["rule"]) for m in may] == [("c", False, "cast_restriction", "601.3")]


def test_601_3b_the_listing_says_a_sorcery_may_be_cast_as_though_it_had_flash():
    leyline = card("ley", "Leyline of Anticipation", types=["enchantment"],
                   abilities=[{"kind": "static", "affected": {}, "effects": [{"do": "cast_as_though_flash"}]}])
    sorcery = card("s", "Divination", zone="hand", mana_cost="{2}{U}", types=["sorcery"],
                   abilities=[spell({"do": "draw", "amount": 2})])
    out = engine.resolve(scenario([leyline, sorcery], [], active="p2", step="end", priority="p1"))
    may = next(s for s in out["trace"] if s["kind"] == "priority" and s["params"]["player"] == "p1")["may"]
    assert [(m["card"], m["allowed"], m["why"], m["rule"]) for m in may] == [("s", True, "as_though_flash", "601.3b")]


def test_113_6_a_cost_increase_for_spells_in_general_does_not_apply_to_its_own_card_from_the_hand():
    sphere = card("sphere", "Example Sphere", zone="hand", mana_cost="{1}", types=["artifact"],
                  abilities=[{"kind": "static", "affected": {}, "effects": [{"do": "cost_increase", "mana": "{1}"}]}])
    doc = scenario([sphere], [{"type": "cast", "player": "p1", "card": "sphere"}])
    doc["players"][0]["mana_pool"] = "{1}"
    out = engine.resolve(doc)
    assert [s["message_id"] for s in out["trace"] if s["message_id"].startswith("mtg.cost.")] == ["mtg.cost.paid"]
    assert next(o for o in out["result"]["objects"] if o["id"] == "sphere")["zone"] == "battlefield"
