"""Rules audit of the Yu-Gi-Oh! engine: each test is a point where the engine contradicted a
rules document (or cited the wrong unit), named after the section that decides it."""

from __future__ import annotations

import engine
from engine.core import Rule, Ruling
from engine.tests.builders import monster, objects, scenario, set_card, steps
from engine.ygo import arcv, mr2
from engine.ygo.rules import R

BATTLE_STEP = {"active": "p1", "phase": "battle", "step": "battle", "number": 3}


def _rule(step: dict) -> str | None:
    return step["rule"]["number"] if step["rule"] else None


def _when_trigger(id: str, owner: str, *, zone: str = "monster_zone", optional: bool = True,
                  timing: str = "when") -> dict:
    card = monster(id, owner, zone=zone)
    card["effects"] = [{"class": "trigger", "trigger": "sent_to_graveyard", "optional": optional, "timing": timing,
                        "actions": [{"do": "gain_lp", "amount": 100}]}]
    return card


# ---------------------------------------------------------------- chain resolution citations


def test_arcv_chain_resolution_cites_mr2_ch4_13_marked_as_the_older_document():
    out = engine.resolve(scenario([set_card("a", "p1", "trap", "normal")], [{"card": "a"}]))
    for step in steps(out, "resolve") + [s for s in steps(out, "end") if s["message_id"] == "ygo.chain.end"]:
        assert (step["rule"]["document"], _rule(step)) == ("ygo-rulebook-mr2", "ch4.13")
        assert step["basis"].startswith("cited from the 2011 rulebook")


def test_arcv_negated_link_does_nothing_cites_the_mr2_ch4_15_chain_example():
    out = engine.resolve(scenario(
        [set_card("s", "p1", "spell", "quick-play", [{"do": "draw"}]),
         set_card("j", "p2", "trap", "counter", [{"do": "negate_activation", "what": "spell_card"}])],
        [{"card": "s"}, {"card": "j"}]))
    [no_effect] = steps(out, "no_effect")
    assert (no_effect["rule"]["document"], _rule(no_effect)) == ("ygo-rulebook-mr2", "ch4.15")


def test_arcv_a_draw_cites_what_a_draw_is_mr2_ch5_30():
    out = engine.resolve(scenario([set_card("s", "p1", "trap", "normal", [{"do": "draw"}]), monster("d", "p1", zone="deck")],
                                  [{"card": "s"}]))
    [draw] = [s for s in steps(out, "move") if s["message_id"] == "ygo.move.draw"]
    assert _rule(draw) == "ch5.30" and draw["basis"].startswith("cited from the 2011 rulebook")


def test_citations_never_name_the_generic_4_1_2_i3_for_a_draw_a_return_an_atk_change_or_lp_gain():
    # 4.1.2.i3 says that an effect's parts resolve in the order written, not what any part does.
    for key in (R.DRAW, R.RETURN, R.STAT_CHANGE, R.GAIN_LP):
        assert arcv.CITATIONS[key] != Rule("ygo-ocg-rules-arcv", "4.1.2.i3")
    assert isinstance(arcv.CITATIONS[R.GAIN_LP], Ruling) and isinstance(mr2.CITATIONS[R.GAIN_LP], Ruling)


# ---------------------------------------------------------------- missing the timing


def test_3_2_2_3_1_i6_a_synchro_material_misses_the_timing_under_the_summon_procedure_item():
    tuner = {**monster("t", "p1"), "level": 3, "tuner": True}
    falcon = {**_when_trigger("f", "p1"), "level": 4}
    synchro = {**monster("s", "p1", zone="extra_deck", subtype="synchro"), "level": 7}
    doc = scenario([tuner, falcon, synchro], [],
                   actions=[{"type": "special_summon", "method": "synchro", "card": "s", "materials": ["t", "f"]}])
    doc["turn"]["number"] = 3
    [missed] = steps(engine.resolve(doc), "missed_timing")
    assert _rule(missed) == "3.2.2.3.1.i6"  # not 3.2.2.1.1.i6, which is about Tribute Summons


def test_4_2_3_2_when_you_can_trigger_misses_the_timing_after_a_cost():
    # A monster Tributed as a cost: its trigger waits for the chain, so a "when … you can" misses
    # the timing (4.2.3.2.i4); it is not a Tribute Summon (3.2.2.1.1.i6).
    ignition = monster("ig", "p1", cls="ignition", actions=[{"do": "gain_lp", "amount": 5}])
    ignition["effects"][0]["cost"] = [{"do": "tribute", "card": "x"}]
    out = engine.resolve(scenario([_when_trigger("x", "p1"), ignition], [{"card": "ig"}]))
    [missed] = steps(out, "missed_timing")
    assert missed["params"]["card"] == "x" and _rule(missed) == "4.2.3.2.i4"
    assert out["result"]["players"][0]["lp"] == 8005


def test_3_2_7_3_i4_a_mandatory_trigger_of_a_cost_activates_after_the_chain():
    spell = set_card("sp", "p1", "spell", "normal", [{"do": "draw"}], zone="hand", cost=[{"do": "discard", "card": "x"}])
    out = engine.resolve(scenario([_when_trigger("x", "p1", zone="hand", optional=False), spell,
                                   monster("d", "p1", zone="deck")], [{"card": "sp"}]))
    kinds = [(s["kind"], s["params"].get("card")) for s in out["trace"] if s["kind"] in ("end", "trigger")]
    assert kinds[:2] == [("end", None), ("trigger", "x")]
    assert out["result"]["players"][0]["lp"] == 8100


# ---------------------------------------------------------------- summons


def _negated_pendulum(summon: str, **where: str) -> dict:
    """Summon a Pendulum Monster (``summon`` or ``flip_summon``) and negate it with a Counter Trap."""
    pendulum = {**monster("pm", "p1", subtype="pendulum", **where), "scale": 5}
    solemn = set_card("sol", "p2", "trap", "counter", [{"do": "negate_summon"}])
    return engine.resolve(scenario([pendulum, solemn], [], actions=[
        {"type": summon, "card": "pm"}, {"type": "activate", "card": "sol", "controller": "p2"}]))


def test_3_2_1_9_i8_a_pendulum_whose_normal_summon_is_negated_goes_to_the_graveyard():
    out = _negated_pendulum("summon", zone="hand")
    assert objects(out)["pm"]["zone"] == "graveyard"
    [moved] = [s for s in steps(out, "move") if s["params"]["card"] == "pm" and s["params"]["reason"] == "negated_summon"]
    assert _rule(moved) == "3.2.1.9.i8"


def test_2_1_6_1_a_pendulum_flip_summoned_then_negated_was_on_the_field_and_goes_to_the_extra_deck():
    out = _negated_pendulum("flip_summon", position="face-down defense")
    assert objects(out)["pm"]["zone"] == "extra_deck"


def test_3_2_7_1_i2_a_continuous_effect_applies_to_a_monster_that_arrives_later():
    source = monster("src", "p1")
    source["effects"] = [{"class": "continuous", "actions": [{"do": "change_atk", "targets": ["m2"], "amount": 400}]}]
    out = engine.resolve(scenario([source, monster("m2", "p1", zone="hand", atk=1300)], [],
                                  actions=[{"type": "summon", "card": "m2"}]))
    assert objects(out)["m2"]["atk"] == 1700


# ---------------------------------------------------------------- positions


def test_3_2_5_i4_a_monster_that_declared_an_attack_cannot_change_position():
    doc = scenario([monster("a", "p1", atk=2000), monster("t", "p2", atk=500)], [], actions=[
        {"type": "attack", "attacker": "a", "target": "t"}, {"type": "end_phase"}, {"type": "end_phase"},
        {"type": "change_position", "card": "a"}])
    doc["turn"] = dict(BATTLE_STEP)
    [illegal] = steps(engine.resolve(doc), "illegal")
    assert _rule(illegal) == "3.2.5.i4"


# ---------------------------------------------------------------- replay (MR2 ch3.13)


def _replay(actions: list[dict], *, extra: list[dict] | None = None, ruleset: str = "arcv") -> dict:
    trap = set_card("tr", "p2", "trap", "normal", [{"do": "banish", "target": "t1"}])
    doc = scenario([monster("a", "p1", atk=2000), monster("b", "p1", atk=1500), monster("t1", "p2", atk=500),
                    monster("t2", "p2", atk=100), trap] + (extra or []), [], ruleset=ruleset,
                   actions=[{"type": "attack", "attacker": "a", "target": "t1"},
                            {"type": "activate", "card": "tr", "controller": "p2"}] + actions)
    doc["turn"] = dict(BATTLE_STEP)
    return engine.resolve(doc)


def test_mr2_ch3_13_after_a_replay_the_attacker_may_choose_a_new_target():
    out = _replay([{"type": "attack", "attacker": "a", "target": "t2"}])
    assert steps(out, "illegal") == [] and objects(out)["t2"]["zone"] == "graveyard"


def test_mr2_ch3_13_a_replayed_attack_not_retargeted_is_cancelled_and_cannot_attack_again():
    out = _replay([{"type": "attack", "attacker": "b", "target": "t2"}, {"type": "attack", "attacker": "a"}])
    [illegal] = steps(out, "illegal")
    assert illegal["params"]["card"] == "a" and illegal["message_id"] == "ygo.illegal.already_attacked"
    assert out["result"]["players"][1]["lp"] == 8000 - 1400


def test_mr2_ch3_13_a_new_opponent_monster_means_a_replay_even_if_the_count_is_unchanged():
    trap = set_card("tr2", "p2", "trap", "normal", [{"do": "banish", "target": "t2"}, {"do": "special_summon", "target": "t3"}])
    doc = scenario([monster("a", "p1", atk=2000), monster("t1", "p2", atk=500), monster("t2", "p2", atk=100),
                    monster("t3", "p2", zone="graveyard"), trap], [], ruleset="mr2",
                   actions=[{"type": "attack", "attacker": "a", "target": "t1"},
                            {"type": "activate", "card": "tr2", "controller": "p2"}])
    doc["turn"] = dict(BATTLE_STEP)
    out = engine.resolve(doc)
    assert [_rule(s) for s in steps(out, "battle")] == ["ch3.13"]
    assert objects(out)["t1"]["zone"] == "monster_zone"


def test_an_attack_whose_attacker_left_the_field_stops_on_a_ruling_not_the_replay_section():
    trap = set_card("tr", "p2", "trap", "normal", [{"do": "destroy", "target": "a"}])
    doc = scenario([monster("a", "p1", atk=2000), monster("t1", "p2", atk=500), trap], [],
                   actions=[{"type": "attack", "attacker": "a", "target": "t1"},
                            {"type": "activate", "card": "tr", "controller": "p2"}])
    doc["turn"] = dict(BATTLE_STEP)
    [stopped] = [s for s in engine.resolve(doc)["trace"] if s["message_id"] == "ygo.battle.attack_stopped"]
    assert stopped["rule"] is None and stopped["source"]


# ---------------------------------------------------------------- Damage Step


def _damage_step(ruleset: str) -> dict:
    quick = monster("q", "p2", cls="quick", actions=[{"do": "negate_activation"}])
    boost = set_card("qp", "p1", "spell", "quick-play", [{"do": "change_atk", "target": "a", "amount": 1000}], zone="hand")
    doc = scenario([monster("a", "p1", atk=2000), monster("t1", "p2", atk=500), quick, boost], [], ruleset=ruleset,
                   actions=[{"type": "attack", "attacker": "a", "target": "t1"}, {"type": "damage_step"},
                            {"type": "activate", "card": "qp"}, {"type": "activate", "card": "q", "controller": "p2"}])
    doc["turn"] = dict(BATTLE_STEP)
    return engine.resolve(doc)


def test_3_2_7_4_i6_a_quick_effect_that_negates_an_activation_can_be_activated_in_the_damage_step():
    out = _damage_step("arcv")
    assert steps(out, "illegal") == []
    assert out["result"]["players"][1]["lp"] == 8000 - 1500  # the ATK boost was negated


def test_mr2_ch4_4_only_atk_def_changes_and_counter_traps_in_the_damage_step():
    [illegal] = steps(_damage_step("mr2"), "illegal")
    assert illegal["params"]["card"] == "q" and _rule(illegal) == "ch4.4"


def test_arcv_a_normal_trap_in_the_damage_step_cites_mr2_ch4_4_not_the_quick_effect_item():
    trap = set_card("tr", "p2", "trap", "normal", [{"do": "destroy", "target": "a"}])
    doc = scenario([monster("a", "p1", atk=2000), monster("t1", "p2", atk=500), trap], [],
                   actions=[{"type": "attack", "attacker": "a", "target": "t1"}, {"type": "damage_step"},
                            {"type": "pass", "player": "p1"}, {"type": "activate", "card": "tr", "controller": "p2"}])
    doc["turn"] = dict(BATTLE_STEP)
    [illegal] = steps(engine.resolve(doc), "illegal")
    assert _rule(illegal) == "ch4.4" and illegal["basis"].startswith("cited from the 2011 rulebook")


def test_3_2_4_1_a_trap_declared_as_an_attacker_is_refused_as_an_attack():
    """Only a monster in its controller's Monster Zone can attack; the step says so (not "cannot be activated")."""
    import engine

    scenario = {
        "format": "1", "game": "ygo", "ruleset": "arcv",
        "players": [{"id": "p1", "lp": 8000}, {"id": "p2", "lp": 8000}],
        "turn": {"active": "p1", "phase": "battle", "step": "battle", "number": 2},
        "objects": [
            {"id": "t", "name": "Mirror Force", "owner": "p1", "zone": "spell_trap_zone", "position": "face-down",
             "kind": "trap", "subtype": "normal"},
        ],
        "chain": [], "actions": [{"type": "attack", "attacker": "t"}],
    }
    steps = [s for s in engine.resolve(scenario)["trace"] if s["kind"] == "illegal"]
    assert steps and steps[0]["message_id"] == "ygo.illegal.attacker_not_available"
    assert "cannot attack" in steps[0]["text"]
