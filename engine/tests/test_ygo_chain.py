"""Yu-Gi-Oh! chain rules, one test per rule, named after its ARC-V section (MR2 where noted)."""

from __future__ import annotations

import pytest

import engine
from engine.tests.builders import monster, objects, scenario, set_card, steps
from engine.ygo.abilities import spell_speed
from engine.ygo.model import Card, CardKind, EffectClass, Zone

NEGATE_ANY = [{"do": "negate_activation", "destroy": True}]


def _card(kind: str, subtype: str) -> Card:
    return Card(id="x", name="x", owner="p1", controller="p1", zone=Zone.HAND, position=None,
                kind=CardKind(kind), subtype=subtype, seq=0)


@pytest.mark.parametrize(("kind", "subtype", "effect_class", "expected"), [
    ("spell", "normal", "card", 1), ("spell", "field", "card", 1), ("spell", "equip", "card", 1),
    ("spell", "continuous", "card", 1), ("spell", "ritual", "card", 1), ("spell", "quick-play", "card", 2),
    ("trap", "normal", "card", 2), ("trap", "continuous", "card", 2), ("trap", "counter", "card", 3),
    ("monster", "effect", "ignition", 1), ("monster", "effect", "trigger", 1), ("monster", "effect", "flip", 1),
    ("monster", "effect", "quick", 2), ("spell", "continuous", "effect", 1), ("trap", "continuous", "effect", 2),
    ("monster", "pendulum", "pendulum", 1),
])
def test_4_2_4_1_spell_speed_of_each_card_kind_and_effect_class(kind, subtype, effect_class, expected):
    assert spell_speed(_card(kind, subtype), EffectClass(effect_class))[0] == expected


def test_4_2_1_continuous_effects_have_no_spell_speed():
    assert spell_speed(_card("monster", "effect"), EffectClass.CONTINUOUS) is None


def test_4_2_4_1_1_spell_speed_1_cannot_respond():
    out = engine.resolve(scenario(
        [set_card("a", "p1", "trap", "normal"), monster("m", "p2", cls="ignition")],
        [{"card": "a"}, {"card": "m"}]))
    [illegal] = steps(out, "illegal")
    assert illegal["rule"]["number"] == "4.2.4.1.1.i1"
    assert illegal["message_id"] == "ygo.illegal.spell_speed_1_response"
    assert len(steps(out, "resolve")) == 1


def test_4_2_4_1_2_spell_speed_2_cannot_answer_a_counter_trap():
    out = engine.resolve(scenario(
        [set_card("a", "p1", "trap", "normal"), set_card("b", "p2", "trap", "counter", NEGATE_ANY),
         monster("q", "p1", cls="quick")],
        [{"card": "a"}, {"card": "b"}, {"card": "q"}]))
    [illegal] = steps(out, "illegal")
    assert illegal["rule"]["number"] == "4.2.4.1.2.i1"
    assert illegal["params"] == {"card": "q", "card_name": "q", "spell_speed": 2, "answers_link": 2}


def test_4_2_4_1_3_counter_trap_only_answered_by_spell_speed_3():
    out = engine.resolve(scenario(
        [set_card("a", "p1", "trap", "normal"), set_card("b", "p2", "trap", "counter", NEGATE_ANY),
         set_card("c", "p1", "trap", "counter", NEGATE_ANY)],
        [{"card": "a"}, {"card": "b"}, {"card": "c"}]))
    assert steps(out, "illegal") == []
    assert [s["params"]["link"] for s in steps(out, "resolve")] == [3, 2, 1]


def test_4_2_4_2_chain_resolves_last_in_first_out():
    out = engine.resolve(scenario(
        [set_card("a", "p1", "trap", "normal", [{"do": "damage", "player": "opponent", "amount": 100}]),
         set_card("b", "p2", "trap", "normal", [{"do": "damage", "player": "opponent", "amount": 200}]),
         set_card("c", "p1", "trap", "normal", [{"do": "damage", "player": "opponent", "amount": 300}])],
        [{"card": "a"}, {"card": "b"}, {"card": "c"}]))
    assert [s["params"]["amount"] for s in steps(out, "damage")] == [300, 200, 100]
    # The ARC-V text lost its resolution section: the 2011 rulebook's ch4.13 is cited, marked as older.
    resolve = steps(out, "resolve")[0]
    assert (resolve["rule"]["document"], resolve["rule"]["number"]) == ("ygo-rulebook-mr2", "ch4.13")
    assert resolve["basis"].startswith("cited from the 2011 rulebook")


def test_mr2_ch4_13_chain_resolution_is_cited_from_the_rulebook():
    out = engine.resolve(scenario([set_card("a", "p1", "trap", "normal")], [{"card": "a"}], ruleset="mr2"))
    assert steps(out, "resolve")[0]["rule"]["number"] == "ch4.13"


def test_3_4_3_3_negating_an_activation_must_chain_directly_to_it():
    negate_link_1 = [{"do": "negate_activation", "link": 1}]
    out = engine.resolve(scenario(
        [set_card("a", "p1", "trap", "normal"), set_card("b", "p2", "trap", "normal"),
         set_card("c", "p1", "trap", "counter", negate_link_1)],
        [{"card": "a"}, {"card": "b"}, {"card": "c"}]))
    [illegal] = steps(out, "illegal")
    assert illegal["rule"]["number"] == "3.4.3.3.i4"
    assert illegal["params"]["negates_link"] == 1


def test_4_2_2_cost_is_paid_on_activation_and_not_refunded():
    out = engine.resolve(scenario(
        [set_card("a", "p1", "trap", "normal", cost=[{"do": "pay_lp", "amount": 1500}]),
         set_card("b", "p2", "trap", "counter", NEGATE_ANY)],
        [{"card": "a"}, {"card": "b"}]))
    assert out["result"]["players"][0]["lp"] == 6500
    assert steps(out, "cost")[0]["rule"]["number"] == "4.2.2.i2"


def test_4_1_4_halving_lp_rounds_half_up():
    out = engine.resolve(scenario(
        [set_card("a", "p1", "trap", "counter", cost=[{"do": "pay_lp", "amount": "half"}])],
        [{"card": "a"}], lp=(525, 8000)))
    assert out["result"]["players"][0]["lp"] == 263


def test_4_2_3_3_a_target_that_moved_is_not_affected():
    out = engine.resolve(scenario(
        [set_card("a", "p1", "trap", "normal", [{"do": "destroy", "targets": ["m", "n"]}]),
         set_card("b", "p2", "trap", "normal", [{"do": "return_to_hand", "target": "m"}]),
         monster("m", "p2"), monster("n", "p2")],
        [{"card": "a", "targets": ["m", "n"]}, {"card": "b", "targets": ["m"]}]))
    gone = [s for s in steps(out, "no_effect") if s["message_id"] == "ygo.no_effect.target_gone"]
    assert [s["params"]["target"] for s in gone] == ["m"]
    assert objects(out)["m"]["zone"] == "hand" and objects(out)["n"]["zone"] == "graveyard"


def test_3_4_1_negated_trap_goes_to_the_graveyard_and_does_nothing():
    out = engine.resolve(scenario(
        [set_card("a", "p1", "trap", "normal", [{"do": "damage", "player": "opponent", "amount": 1000}]),
         set_card("b", "p2", "trap", "counter", [{"do": "negate_activation"}])],
        [{"card": "a"}, {"card": "b"}]))
    assert steps(out, "damage") == []
    moves = [s for s in steps(out, "move") if s["params"]["card"] == "a"]
    assert moves[0]["rule"]["number"] == "3.4.1.i7"


def test_negating_the_effect_leaves_a_continuous_trap_on_the_field():
    out = engine.resolve(scenario(
        [set_card("a", "p1", "trap", "continuous", [{"do": "damage", "player": "opponent", "amount": 1000}]),
         set_card("b", "p2", "trap", "counter", [{"do": "negate_effect"}])],
        [{"card": "a"}, {"card": "b"}]))
    assert steps(out, "damage") == []
    assert objects(out)["a"]["zone"] == "spell_trap_zone"


def test_4_2_1_1_card_activation_negation_cannot_hit_an_effect_activation():
    spell = set_card("g", "p1", "spell", "continuous", position="face-up", cls="effect")
    out = engine.resolve(scenario(
        [spell, set_card("j", "p2", "trap", "counter", [{"do": "negate_activation", "what": "spell_card"}])],
        [{"card": "g"}, {"card": "j"}]))
    assert steps(out, "illegal")[0]["rule"]["number"] == "4.2.1.1.i3"


def test_1_4_1_a_player_at_0_lp_loses_in_the_middle_of_the_chain():
    out = engine.resolve(scenario(
        [set_card("a", "p1", "trap", "normal", [{"do": "damage", "player": "opponent", "amount": 100}]),
         set_card("b", "p2", "trap", "normal", [{"do": "damage", "player": "opponent", "amount": 100}])],
        [{"card": "a"}, {"card": "b"}], lp=(100, 100)))
    assert out["result"]["winner"] == "p2"
    assert len(steps(out, "resolve")) == 1
    assert steps(out, "end")[-1]["rule"]["number"] == "1.4.1.i6"


def test_an_unknown_verb_is_refused_with_the_nearest_name():
    errors = engine.validate(scenario(
        [set_card("a", "p1", "trap", "normal", [{"do": "destory", "target": "a"}])], [{"card": "a"}]))
    assert errors == [{"path": "objects[0].effects[0].actions[0].do",
                       "message": errors[0]["message"]}]
    assert errors[0]["message"].startswith('unknown instruction "destory" (did you mean "destroy"?); expected one of:')


def test_unsupported_card_text_is_reported_not_guessed():
    out = engine.resolve(scenario(
        [set_card("a", "p1", "trap", "normal", [{"do": "unsupported", "text": "Shuffle the universe."}])],
        [{"card": "a"}]))
    [step] = steps(out, "cannot_evaluate")
    assert step["message_id"] == "ygo.cannot_evaluate" and "Shuffle the universe." in step["params"]["detail"]
    assert out["result"]["complete"] is False


def test_an_open_choice_branches_once_per_option():
    out = engine.resolve(scenario(
        [set_card("a", "p1", "spell", "normal", [{"do": "destroy", "choose": 1, "from": ["m", "n"]}], zone="hand"),
         monster("m", "p2"), monster("n", "p2")],
        [{"card": "a"}]))
    [choice] = steps(out, "choice")
    assert [b["choice"] for b in choice["branches"]] == [["m"], ["n"]]
    destroyed = [{o["id"]: o["zone"] for o in b["result"]["objects"]} for b in choice["branches"]]
    assert destroyed[0]["m"] == "graveyard" and destroyed[0]["n"] == "monster_zone"


def test_more_than_24_options_ask_for_the_choice():
    mons = [monster(f"m{i}", "p2") for i in range(5)] + [monster(f"n{i}", "p1") for i in range(5)]
    out = engine.resolve(scenario(
        [set_card("a", "p1", "spell", "normal", [{"do": "destroy", "choose": 3, "from": [m["id"] for m in mons]}],
                  zone="hand"), *mons],
        [{"card": "a"}]))
    [choice] = steps(out, "choice")
    assert choice["message_id"] == "ygo.choice.too_many" and "branches" not in choice


def test_actions_pass_and_resolve_then_start_a_new_chain():
    out = engine.resolve(scenario(
        [set_card("a", "p1", "trap", "normal"), set_card("b", "p2", "trap", "normal")],
        [{"card": "a"}], actions=[{"type": "pass", "player": "p2"}, {"type": "resolve"},
                                  {"type": "pass", "player": "p1"}, {"type": "activate", "card": "b"}]))
    assert [s["kind"] for s in out["trace"] if s["kind"] in ("activate", "end")] == ["activate", "end", "activate", "end"]


# ---------------------------------------------------------------- both players pass (ARC-V 4.2.4.2.i3)

def _two_chains(actions: list[dict]) -> dict:
    spell = set_card("s", "p1", "spell", "normal", [{"do": "damage", "player": "opponent", "amount": 500}], zone="hand",
                     position=None)
    trap = set_card("t", "p2", "trap", "normal", [{"do": "damage", "player": "opponent", "amount": 300}])
    return scenario([spell, trap], [{"card": "s"}], actions=actions)


def _activations(out) -> list[tuple[str, int]]:
    return [(s["params"]["card"], s["params"]["link"]) for s in out["trace"] if s["kind"] in ("activate", "respond")]


def test_4_2_4_2_i3_both_players_passing_in_succession_resolve_the_chain():
    # After the chain resolves the turn player (p1) has priority first again (MR2 ch4.16): p1 passes.
    out = engine.resolve(_two_chains([{"type": "pass", "player": "p2"}, {"type": "pass", "player": "p1"},
                                      {"type": "pass", "player": "p1"}, {"type": "activate", "card": "t"}]))
    assert _activations(out) == [("s", 1), ("t", 1)]
    kinds = [s["kind"] for s in out["trace"]]
    assert kinds.index("resolve") < [i for i, s in enumerate(out["trace"]) if s["params"].get("card") == "t"][0]


def test_4_2_4_2_i3_one_pass_gives_priority_and_the_chain_stays_open():
    out = engine.resolve(_two_chains([{"type": "pass", "player": "p2"}, {"type": "activate", "card": "t"}]))
    assert _activations(out) == [("s", 1), ("t", 2)]


def test_passes_count_only_in_succession():
    out = engine.resolve(_two_chains([{"type": "pass", "player": "p2"}, {"type": "activate", "card": "t"},
                                      {"type": "pass", "player": "p1"}]))
    # p2's pass, then p2 activates: p1's later pass is the first of a new succession, so nothing resolves early.
    assert _activations(out) == [("s", 1), ("t", 2)]
    assert [s["params"]["link"] for s in steps(out, "resolve")] == [2, 1]


# ---------------------------------------------------------------- Fusion Materials by controller

def test_a_materials_requirement_reads_controller_from_the_summoning_players_side():
    fusion = monster("f", "p1", zone="extra_deck", subtype="fusion")
    fusion["materials_required"] = [{"controller": "self"}, {"controller": "opponent"}]
    poly = set_card("p", "p1", "spell", "normal", [{"do": "fusion_summon", "target": "f", "materials": ["a", "b"]}],
                    zone="hand", position=None)
    out = engine.resolve(scenario([monster("a", "p1"), monster("b", "p1", zone="hand"), fusion, poly], [{"card": "p"}]))
    [cannot] = [s for s in out["trace"] if s["message_id"] == "ygo.summon.cannot"]
    assert "do not fit" in cannot["params"]["reason"] and objects(out)["f"]["zone"] == "extra_deck"
    fusion["materials_required"] = [{"controller": "self"}, {"controller": "self"}]
    out = engine.resolve(scenario([monster("a", "p1"), monster("b", "p1", zone="hand"), fusion, poly], [{"card": "p"}]))
    assert objects(out)["f"]["zone"] == "monster_zone"
