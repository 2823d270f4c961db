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
    if optional:  # a mandatory trigger is activated anyway: naming it in activate_triggers is refused
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


# ---------------------------------------------------------------- who may act, and with what (4.2.4.1)

def _attack_board() -> dict:
    trap = set_card("mf", "p2", "trap", "normal", [{"do": "destroy", "targets": ["a"]}])
    fresh = {**set_card("st", "p2", "trap", "normal", [{"do": "destroy", "targets": ["a"]}]), "set_this_turn": True}
    counter = set_card("ct", "p2", "trap", "counter", [{"do": "negate_activation"}])
    hand = set_card("qp", "p2", "spell", "quick-play", [{"do": "gain_lp", "amount": 100}], zone="hand", position=None)
    boost = set_card("rush", "p1", "spell", "quick-play", [{"do": "change_atk", "target": "a", "amount": 500}])
    doc = scenario([monster("a", "p1", atk=2000), monster("b", "p2"), trap, fresh, counter, hand, boost], [],
                   actions=[{"type": "attack", "attacker": "a", "target": "b"}])
    doc["turn"] = {"active": "p1", "phase": "battle", "step": "battle", "number": 3}
    return doc


def test_4_2_4_1_priority_steps_list_what_the_player_may_activate():
    out = engine.resolve(_attack_board())
    after_attack, damage_step = steps(out, "priority")
    # Set this turn (3.4.1.i4), a Counter Trap with nothing to negate (4.2.3.i2) and a Quick-Play
    # Spell in the hand in the opponent's turn (3.3.3.6.i4) are left out.
    assert after_attack["params"]["may_activate"] == [{"card": "mf", "effect": 0, "spell_speed": 2}]
    assert damage_step["params"]["window"] == "damage_step"
    assert damage_step["params"]["may_activate"] == [{"card": "rush", "effect": 0, "spell_speed": 2}]


def test_4_2_4_1_1_i1_after_a_spell_speed_3_link_only_counter_traps_are_listed():
    jammer = set_card("j", "p1", "trap", "counter", [{"do": "negate_activation"}])
    quick = monster("q", "p2", cls="quick", zone="graveyard")
    counter = set_card("c", "p2", "trap", "counter", [{"do": "negate_activation"}])
    doc = scenario([jammer, quick, counter, set_card("t", "p2", "trap", "normal", [])],
                   [{"card": "t"}, {"card": "j"}])
    listed = steps(engine.resolve(doc), "priority")[1]["params"]["may_activate"]
    assert listed == [{"card": "c", "effect": 0, "spell_speed": 3}]


def test_legal_activations_is_lazy_and_bounded():
    from engine.ygo import arcv, scenario as fmt
    from engine.core import TraceRecorder
    from engine.ygo.activation import MAX_LISTED, LegalActivations
    from engine.ygo.duel import Duel

    quicks = [monster(f"q{i}", "p2", cls="quick", zone="graveyard") for i in range(MAX_LISTED + 3)]
    doc = scenario([set_card("t", "p1", "trap", "normal", []), *quicks], [{"card": "t"}])
    state = fmt.parse_state(doc)
    duel = Duel(arcv.ArcV(), TraceRecorder(), cards=state.cards)
    listing = LegalActivations(duel, state, "p2")
    assert bool(listing) and len(listing) == MAX_LISTED + 3 and len(listing.first(2)) == 2
    params = steps(engine.resolve(doc), "priority")[0]["params"]
    assert len(params["may_activate"]) == MAX_LISTED and params["may_activate_more"] is True


# ---------------------------------------------------------------- Fusion Materials, Pendulum placement, other cards' events, hand limit

def _fusion(attribute: str) -> dict:
    magician = {**monster("dm", "p1", zone="hand"), "name": "Dark Magician"}
    other = {**monster("o", "p1"), "attribute": attribute}
    fusion = {**monster("f", "p1", zone="extra_deck", subtype="fusion"),
              "materials_required": ["Dark Magician", {"kind": "monster", "attribute": "DARK"}]}
    poly = set_card("poly", "p1", "spell", "normal", [{"do": "fusion_summon", "target": "f", "materials": ["dm", "o"]}],
                    zone="hand", position=None)
    return scenario([poly, magician, other, fusion], [], actions=[{"type": "activate", "card": "poly"}])


def test_3_2_2_3_1_1_2_i3_fusion_materials_must_fit_the_listed_requirements():
    assert objects(engine.resolve(_fusion("DARK")))["f"]["zone"] == "monster_zone"
    out = engine.resolve(_fusion("LIGHT"))
    assert objects(out)["f"]["zone"] == "extra_deck" and steps(out, "no_effect")[0]["message_id"] == "ygo.summon.cannot"


def test_materials_required_only_on_fusion_monsters():
    doc = _fusion("DARK")
    doc["objects"][1]["materials_required"] = ["x"]
    assert any("materials_required" in e["path"] for e in engine.validate(doc))


def _pendulum(*cards: str, extra: list | None = None) -> dict:
    objs = [{**monster(c, "p1", zone="hand", subtype="pendulum"), "scale": min(1 + 7 * i, 13)} for i, c in enumerate(cards)]
    return scenario(objs + (extra or []), [], actions=[{"type": "place_pendulum", "card": c} for c in cards])


def test_3_2_1_9_i5_pendulum_placed_as_a_spell_card_chain_link():
    out = engine.resolve(_pendulum("s1", "s8"))
    assert [s["rule"]["number"] for s in steps(out, "activate")] == ["3.2.1.9.i5", "3.2.1.9.i5"]
    assert {objects(out)[c]["zone"] for c in ("s1", "s8")} == {"pendulum_zone"}


def test_2_1_7_i2_two_pendulum_zones_per_player():
    [illegal] = steps(engine.resolve(_pendulum("s1", "s8", "s3")), "illegal")
    assert illegal["rule"]["number"] == "2.1.7.i2" and illegal["params"]["card"] == "s3"


def test_3_2_1_9_i6_negated_pendulum_activation_goes_to_the_graveyard():
    jammer = set_card("mj", "p2", "trap", "counter", [{"do": "negate_activation", "what": "spell_card"}])
    doc = _pendulum("s1", extra=[jammer])
    doc["actions"].append({"type": "activate", "card": "mj", "controller": "p2"})
    out = engine.resolve(doc)
    assert objects(out)["s1"]["zone"] == "graveyard"
    assert any(s["rule"] and s["rule"]["number"] == "3.2.1.9.i6" for s in steps(out, "move"))


def test_3_2_7_3_i1_trigger_on_another_cards_event_filters_by_controller():
    watcher = monster("w", "p1")
    watcher["effects"] = [{"class": "trigger", "trigger": "destroyed", "event_of": {"controller": "opponent"},
                           "actions": [{"do": "damage", "player": "opponent", "amount": 500}]}]
    hole = set_card("hole", "p1", "spell", "normal", [{"do": "destroy", "targets": ["v", "x"]}], zone="hand", position=None)
    doc = scenario([hole, monster("v", "p2"), watcher, monster("x", "p1")], [], actions=[{"type": "activate", "card": "hole"}])
    out = engine.resolve(doc)
    assert [s["params"]["card"] for s in steps(out, "trigger")] == ["w"]
    assert out["result"]["players"][1]["lp"] == 7500


def test_2_2_i4_hand_limit_without_discards_branches_per_card():
    objs = [monster(f"h{i}", "p1", zone="hand") for i in range(7)] + [monster("d", "p2", zone="deck")]
    doc = scenario(objs, [], actions=[{"type": "end_phase"}])
    doc["turn"] = {"active": "p1", "phase": "end", "step": None, "number": 3}
    [choice] = steps(engine.resolve(doc), "choice")
    assert len(choice["branches"]) == 7 and choice["branches"][0]["choice"] == ["h0"]
    assert objects({"result": choice["branches"][0]["result"]})["h0"]["zone"] == "graveyard"


def test_mr2_ch4_9_direct_attack_has_its_own_message():
    doc = scenario([monster("a", "p1", atk=1800)], [], ruleset="mr2", actions=[{"type": "attack", "attacker": "a"}])
    doc["turn"] = {"active": "p1", "phase": "battle", "step": "battle", "number": 3}
    [attack] = steps(engine.resolve(doc), "attack")
    assert attack["message_id"] == "ygo.battle.attack_direct" and "None" not in attack["text"]
