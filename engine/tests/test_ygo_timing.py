"""Yu-Gi-Oh! timing points left open by earlier passes, named after their sections or rulings:
Spells and Traps leaving after the chain, triggers in the Damage Step, declining optional
triggers, the legal-activation listing, Fusion Materials by name, Pendulum placement,
triggers on other cards' events and the hand limit."""

from __future__ import annotations

import engine
from engine.tests.builders import monster, objects, scenario, set_card, steps


def _kinds(output: dict) -> list[tuple[str, str]]:
    return [(s["kind"], s["message_id"]) for s in output["trace"]]


# ---------------------------------------------------------------- resolved Spells/Traps after the chain

def test_ruling_resolved_quick_play_stays_on_field_until_chain_ends():
    storm = set_card("hs", "p1", "spell", "normal", [{"do": "destroy", "targets": ["qp"]}], zone="hand", position=None)
    quick = set_card("qp", "p2", "spell", "quick-play", [{"do": "gain_lp", "amount": 500}])
    doc = scenario([storm, quick], [], actions=[{"type": "activate", "card": "hs"},
                                                {"type": "activate", "card": "qp", "controller": "p2"}])
    out = engine.resolve(doc)
    moves = [(s["params"]["card"], s["params"]["reason"], s["rule"]) for s in steps(out, "move")]
    assert moves[0][:2] == ("qp", "destroy")
    assert moves[1][:2] == ("hs", "resolved") and moves[1][2] is None
    resolved_at = next(s["index"] for s in steps(out, "move") if s["params"]["reason"] == "resolved")
    assert _kinds(out).index(("end", "ygo.chain.end")) < resolved_at


def test_3_3_3_1_i2_one_link_normal_spell_cites_the_document():
    pot = set_card("pot", "p1", "spell", "normal", [{"do": "draw", "amount": 1}], zone="hand", position=None)
    doc = scenario([pot, {**monster("d", "p1", zone="deck")}], [], actions=[{"type": "activate", "card": "pot"}])
    [move] = [s for s in steps(engine.resolve(doc), "move") if s["params"].get("reason") == "resolved"]
    assert move["rule"]["number"] == "3.3.3.1.i2"


# ---------------------------------------------------------------- triggers in the Damage Step (ARC-V 3.2.7.3.i6)

def _battle(trigger: str, *, optional: bool, ruleset: str = "arcv") -> dict:
    defender = monster("b", "p2", atk=1000)
    defender["effects"] = [{"class": "trigger", "trigger": trigger, "optional": optional, "timing": "when",
                            "actions": [{"do": "damage", "player": "opponent", "amount": 300}]}]
    doc = scenario([monster("a", "p1", atk=2000), defender], [], ruleset=ruleset,
                   actions=[{"type": "attack", "attacker": "a", "target": "b"}])
    doc["turn"] = {"active": "p1", "phase": "battle", "step": "battle", "number": 2}
    doc["options"] = {"activate_triggers": ["b"]}
    return doc


def test_3_2_7_3_i6_optional_sent_to_graveyard_trigger_not_in_damage_step():
    out = engine.resolve(_battle("sent_to_graveyard", optional=True))
    [missed] = steps(out, "missed_timing")
    assert missed["message_id"] == "ygo.trigger.damage_step" and missed["rule"]["number"] == "3.2.7.3.i6"
    assert out["result"]["players"][0]["lp"] == 8000


def test_3_2_7_3_i6_own_destruction_and_mandatory_triggers_resolve_before_damage_step_ends():
    for trigger, optional in (("destroyed_by_battle", True), ("destroyed", True), ("sent_to_graveyard", False)):
        out = engine.resolve(_battle(trigger, optional=optional))
        kinds = _kinds(out)
        assert kinds.index(("damage", "ygo.damage")) < kinds.index(("battle", "ygo.battle.end_damage_step"))
        assert out["result"]["players"][0]["lp"] == 7700


def test_mr2_damage_step_trigger_limits_rest_on_a_ruling():
    out = engine.resolve(_battle("sent_to_graveyard", optional=True, ruleset="mr2"))
    [missed] = steps(out, "missed_timing")
    assert missed["rule"] is None and missed["message_id"] == "ygo.trigger.damage_step"


# ---------------------------------------------------------------- declining optional triggers (ARC-V 4.2.3.1.i1)

def _revival(count: int, options: dict | None = None) -> dict:
    mons = []
    for i in range(count):
        card = monster(f"m{i}", "p1", zone="graveyard")
        card["effects"] = [{"class": "trigger", "trigger": "special_summoned", "optional": True,
                            "actions": [{"do": "damage", "player": "opponent", "amount": 100}]}]
        mons.append(card)
    spell = set_card("s", "p1", "spell", "normal", [{"do": "special_summon", "targets": [m["id"] for m in mons]}],
                     zone="hand", position=None)
    doc = scenario([spell, *mons], [], actions=[{"type": "activate", "card": "s"}])
    doc["options"] = options or {}
    return doc


def test_4_2_3_1_i1_open_optional_trigger_branches_activate_and_decline():
    out = engine.resolve(_revival(1))
    [choice] = steps(out, "choice")
    assert choice["message_id"] == "ygo.choice.optional_trigger"
    assert [b["choice"] for b in choice["branches"]] == [["activate"], ["decline"]]
    assert [b["result"]["players"][1]["lp"] for b in choice["branches"]] == [7900, 8000]
    assert out["result"]["complete"] is False


def test_4_2_3_1_i1_combined_open_triggers_multiply_and_ask_over_24():
    [two] = steps(engine.resolve(_revival(2)), "choice")
    assert two["params"]["count"] == 4 and len(two["branches"]) == 4
    [five] = steps(engine.resolve(_revival(5)), "choice")
    assert five["message_id"] == "ygo.choice.optional_trigger_too_many" and "branches" not in five


def test_4_2_3_1_i1_options_decline_and_activate_triggers():
    out = engine.resolve(_revival(2, {"decline_triggers": ["m0"], "activate_triggers": ["m1"]}))
    assert [s["params"]["card"] for s in steps(out, "trigger")] == ["m0", "m1"]
    assert steps(out, "trigger")[0]["message_id"] == "ygo.trigger.declined"
    assert out["result"]["players"][1]["lp"] == 7900 and out["result"]["complete"] is True
