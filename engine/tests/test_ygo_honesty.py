"""Yu-Gi-Oh! honesty (issue 12): nothing accepted and ignored, what cannot be evaluated is
shown where and when it matters, a choice answered with something that is not an option is an
illegal step, positions follow the rules, and a resolution has a deadline."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

import engine
from engine import ScenarioError
from engine.tests.builders import monster, objects, scenario, set_card, steps

ROOT = Path(__file__).resolve().parents[2]
UNSUPPORTED = {"class": "continuous", "actions": [{"do": "unsupported", "text": "Trap Cards cannot be activated."}]}


def _errors(doc) -> dict[str, str]:
    return {e["path"]: e["message"] for e in engine.validate(doc)}


def _jinzo(**where) -> dict:
    card = monster("j", "p1", **where)
    card["effects"] = [UNSUPPORTED]
    return card


# ---------------------------------------------------------------- nothing accepted and ignored

@pytest.mark.parametrize(("part", "path", "fragment"), [
    ({"do": "destory", "target": "m"}, "do", 'did you mean "destroy"'),
    ({"do": "destroy", "target": "m", "amount": 3}, "amount", "unknown field 'amount'"),
    ({"do": "destroy", "target": "m", "targets": ["m"]}, "targets", "not both"),
    ({"do": "destroy", "choose": 1}, "from", "choose needs from"),
    ({"do": "destroy", "target": "m", "chosen": ["m"]}, "chosen", "give choose and from"),
    ({"do": "change_atk", "target": "m", "amount": 100, "set": 0}, "amount", "exactly one of amount, set and half"),
    ({"do": "negate_summon", "what": "spell_card"}, "what", "unknown field 'what'"),
    ({"do": "special_summon", "target": "m", "player": "both"}, "player", "unknown player"),
    ({"do": "unsupported"}, "text", "text is required"),
])
def test_an_instruction_takes_only_the_keys_of_its_verb(part, path, fragment):
    doc = scenario([set_card("a", "p1", "trap", "normal", [part]), monster("m", "p2")], [])
    errors = _errors(doc)
    where = f"objects[0].effects[0].actions[0].{path}"
    assert where in errors and fragment in errors[where], errors


NAMES_CARDS = ("destroy", "banish", "tribute", "return_to_hand", "return_to_deck", "send_to_graveyard", "special_summon",
               "change_control", "add_to_hand", "discard", "change_position", "reveal")


@pytest.mark.parametrize("verb", NAMES_CARDS)
def test_an_instruction_that_names_no_card_is_refused(verb):
    # Issue 13: {"do": "destroy"} used to be accepted and resolve doing nothing.
    doc = scenario([set_card("a", "p1", "trap", "normal", [{"do": verb}]), monster("m", "p2")], [])
    errors = _errors(doc)
    assert "name the cards it applies to" in errors.get("objects[0].effects[0].actions[0].target", ""), errors


@pytest.mark.parametrize(("part", "path"), [
    ({"do": "change_atk", "amount": -500}, "target"),
    ({"do": "change_def", "set": 0}, "target"),
    ({"do": "change_original_atk", "half": True}, "target"),
    ({"do": "destroy", "targets": []}, "targets"),
    ({"do": "discard", "choose": 1, "from": []}, "from"),
])
def test_a_stat_change_or_an_empty_list_names_no_card(part, path):
    doc = scenario([set_card("a", "p1", "trap", "normal", [part]), monster("m", "p2")], [])
    assert f"objects[0].effects[0].actions[0].{path}" in _errors(doc)


def test_an_action_of_a_chain_link_must_name_its_cards_too():
    doc = scenario([set_card("a", "p1", "trap", "normal", [{"do": "destroy", "target": "m"}], position="face-up"),
                    monster("m", "p2")],
                   [{"card": "a", "controller": "p1", "targets": ["m"], "actions": [{"do": "destroy"}]}])
    assert "chain[0].actions[0].target" in _errors(doc)


def test_an_action_of_a_targeting_trigger_may_name_no_card():
    card = monster("k", "p1", cls="trigger", actions=[{"do": "destroy"}])
    card["effects"][0].update({"trigger": "summoned", "targeting": {"filter": {"controller": "opponent"}}})
    assert _errors(scenario([card, monster("m", "p2")], [])) == {}
    del card["effects"][0]["targeting"]
    assert "objects[0].effects[0].actions[0].target" in _errors(scenario([card, monster("m", "p2")], []))


def test_a_continuous_stat_change_names_its_monsters():
    card = monster("j", "p1")
    card["effects"] = [{"class": "continuous", "actions": [{"do": "change_atk", "amount": 500}]}]
    assert "name the monsters it changes" in _errors(scenario([card], []))["objects[0].effects[0].actions[0].targets"]
    card["effects"][0]["actions"][0]["equipped"] = True
    assert "objects[0].effects[0].actions[0].targets" not in _errors(scenario([card], []))


def test_a_continuous_effect_takes_only_what_it_can_apply():
    card = monster("j", "p1")
    card["effects"] = [{"class": "continuous", "actions": [{"do": "destroy", "target": "j"}]}]
    errors = _errors(scenario([card], []))
    assert errors["objects[0].effects[0].actions[0].do"].startswith('unknown continuous effect "destroy"')
    card["effects"] = [{"class": "continuous", "cost": [], "actions": []}]
    assert "objects[0].effects[0].cost" in _errors(scenario([card], []))


def test_trigger_keys_belong_to_trigger_effects_only():
    card = monster("q", "p1", cls="quick")
    card["effects"][0]["optional"] = True
    assert "unknown field 'optional'" in _errors(scenario([card], []))["objects[0].effects[0].optional"]


def test_an_inherent_special_summon_refuses_materials():
    doc = scenario([monster("c", "p1", zone="hand"), monster("m", "p1")], [],
                   actions=[{"type": "special_summon", "method": "inherent", "card": "c", "materials": ["m"]}])
    assert _errors(doc)["actions[0].materials"].startswith("materials is read only for a synchro or xyz Summon")


def test_cards_is_for_a_pendulum_summon_only():
    doc = scenario([monster("s", "p1", zone="extra_deck", subtype="synchro")], [],
                   actions=[{"type": "special_summon", "method": "synchro", "cards": ["s"]}])
    assert "Pendulum Summon" in _errors(doc)["actions[0].cards"]


def test_a_spell_is_set_without_tributes_or_position():
    doc = scenario([set_card("s", "p1", "spell", "normal", zone="hand", position=None), monster("m", "p1")], [],
                   actions=[{"type": "set", "card": "s", "tributes": ["m"], "position": "defense"}])
    errors = _errors(doc)
    assert "only for a monster" in errors["actions[0].tributes"] and "only for a monster" in errors["actions[0].position"]


def test_an_option_for_a_card_without_that_trigger_is_refused():
    doc = scenario([monster("m", "p1")], [])
    doc["options"] = {"activate_triggers": ["m"], "trigger_order": ["m"]}
    errors = _errors(doc)
    assert "has no optional trigger" in errors["options.activate_triggers[0]"]
    assert "has no trigger" in errors["options.trigger_order[0]"]


def test_monster_fields_on_a_spell_or_trap_are_refused():
    spell = {**set_card("s", "p1", "spell", "normal"), "atk": 1000, "tuner": True}
    monster_card = {**monster("m", "p1"), "scale": 4}
    errors = _errors(scenario([spell, monster_card], []))
    assert errors["objects[0].atk"] == "a spell has no atk: only a monster does"
    assert "objects[0].tuner" in errors and errors["objects[1].scale"] == "only a Pendulum Monster has a Pendulum Scale"


def test_a_mandatory_pending_trigger_cannot_be_declined():
    trigger = monster("t", "p1", zone="graveyard")
    trigger["effects"] = [{"class": "trigger", "actions": [{"do": "draw"}]}]
    doc = scenario([trigger], [])
    doc["pending"] = [{"card": "t", "activate": False}]
    assert "always activated" in _errors(doc)["pending[0].activate"]
    doc["pending"] = [{"card": "t", "activate": True}]
    assert _errors(doc) == {}


def test_pendulum_vocabulary_does_not_exist_under_mr2():
    doc = scenario([monster("m", "p1", zone="hand")], [], ruleset="mr2",
                   actions=[{"type": "place_pendulum", "card": "m"}])
    assert "does not exist under the ruleset mr2" in _errors(doc)["actions[0].type"]
    doc["actions"] = []
    doc["turn"]["pendulum_summon_used"] = False
    assert "do not exist" in _errors(doc)["turn.pendulum_summon_used"]


# ---------------------------------------------------------------- positions (ARC-V 3.2.2.1.i5, 3.2.2.3.i5, 3.2.2.4.i1)

def _summon(kind: str, asked: str, ruleset: str = "arcv", **card) -> dict:
    doc = scenario([monster("m", "p1", **card)], [], ruleset=ruleset,
                   actions=[{"type": kind, "card": "m", "position": asked}])
    doc["turn"]["number"] = 3
    return engine.resolve(doc)


@pytest.mark.parametrize(("ruleset", "rule"), [("arcv", "3.2.2.1.i5"), ("mr2", "ch2.16")])
def test_a_normal_summon_in_defense_position_is_illegal(ruleset, rule):
    out = _summon("summon", "defense", ruleset, zone="hand")
    [illegal] = steps(out, "illegal")
    assert illegal["message_id"] == "ygo.illegal.position" and illegal["rule"]["number"] == rule
    assert illegal["params"]["allowed"] == "attack" and objects(out)["m"]["zone"] == "hand"


def test_a_normal_summon_asked_in_attack_position_is_made():
    assert objects(_summon("summon", "attack", zone="hand"))["m"]["position"] == "attack"


def test_a_set_is_face_down_defense_and_never_attack():
    assert objects(_summon("set", "defense", zone="hand"))["m"]["position"] == "face-down defense"
    [illegal] = steps(_summon("set", "attack", zone="hand"), "illegal")
    assert illegal["rule"]["number"] == "3.2.2.2.i1" and illegal["params"]["allowed"] == "defense"


def test_a_flip_summon_is_to_face_up_attack_position():
    [illegal] = steps(_summon("flip_summon", "defense", position="face-down defense"), "illegal")
    assert illegal["rule"]["number"] == "3.2.2.4.i1"
    assert objects(_summon("flip_summon", "attack", position="face-down defense"))["m"]["position"] == "attack"


def test_a_position_change_must_be_to_the_other_position():
    [illegal] = steps(_summon("change_position", "attack"), "illegal")
    assert illegal["rule"]["number"] == "3.2.5.i1" and illegal["params"]["allowed"] == "defense"
    assert objects(_summon("change_position", "defense"))["m"]["position"] == "defense"


def test_a_special_summon_by_procedure_takes_the_position_asked_for():
    doc = scenario([monster("c", "p1", zone="hand")], [],
                   actions=[{"type": "special_summon", "method": "inherent", "card": "c", "position": "defense"}])
    assert objects(engine.resolve(doc))["c"]["position"] == "defense"


# ---------------------------------------------------------------- choices answered with what is not an option

def _choice(chosen: list[str] | None, choose: int = 1) -> dict:
    part = {"do": "destroy", "choose": choose, "from": ["m", "n"]}
    if chosen is not None:
        part["chosen"] = chosen
    return scenario([set_card("a", "p1", "spell", "normal", [part], zone="hand", position=None),
                     monster("m", "p2"), monster("n", "p2"), monster("o", "p2")], [{"card": "a"}])


@pytest.mark.parametrize("chosen", [["o"], ["m", "n"], ["m", "m"]], ids=["not-an-option", "too-many", "twice"])
def test_4_2_3_3_1_a_choice_that_is_not_an_option_is_an_illegal_step_listing_the_options(chosen):
    out = engine.resolve(_choice(chosen))
    [illegal] = steps(out, "illegal")
    assert illegal["message_id"] == "ygo.illegal.choice" and illegal["rule"]["number"] == "4.2.3.3.1.i1"
    assert illegal["params"]["options"] == ["m", "n"] and illegal["params"]["given"] == chosen
    [choice] = steps(out, "choice")
    assert [b["choice"] for b in choice["branches"]] == [["m"], ["n"]]
    assert all(steps({"trace": b["trace"]}, "illegal") == [] for b in choice["branches"])
    assert objects(out)["o"]["zone"] == "monster_zone" and out["result"]["complete"] is False


def test_a_valid_answer_is_used_without_a_choice_step():
    out = engine.resolve(_choice(["n"]))
    assert steps(out, "choice") == [] and objects(out)["n"]["zone"] == "graveyard"


def test_an_open_choice_in_a_pending_trigger_branches_without_recursion():
    trigger = monster("t", "p1", zone="graveyard")
    trigger["effects"] = [{"class": "trigger", "trigger": "sent_to_graveyard",
                           "actions": [{"do": "destroy", "choose": 1, "from": ["m", "n"]}]}]
    doc = scenario([trigger, monster("m", "p2"), monster("n", "p2")], [])
    doc["pending"] = [{"card": "t"}]
    [choice] = steps(engine.resolve(doc), "choice")
    assert [objects(b)["m"]["zone"] for b in ({"result": b["result"]} for b in choice["branches"])] == \
        ["graveyard", "monster_zone"]


def _hand_limit(discard: list[str], cards: int = 7, phase: str = "end") -> dict:
    hand = [{"id": f"h{i}", "name": f"h{i}", "owner": "p1", "zone": "hand", "kind": "spell", "subtype": "normal"}
            for i in range(cards)]
    doc = scenario([*hand, monster("x", "p2", zone="hand")], [], actions=[{"type": "end_phase", "discard": discard}])
    doc["turn"] = {"active": "p1", "phase": phase, "step": None, "number": 2}
    return engine.resolve(doc)


def test_2_2_i4_discarding_a_card_not_in_the_hand_is_illegal_and_the_discard_is_chosen_again():
    out = _hand_limit(["x"])
    [illegal] = steps(out, "illegal")
    assert illegal["message_id"] == "ygo.illegal.discard" and illegal["params"]["count"] == 1
    assert illegal["params"]["options"] == [f"h{i}" for i in range(7)]
    [choice] = steps(out, "choice")
    assert choice["message_id"] == "ygo.choice.hand_limit" and len(choice["branches"]) == 7
    assert all(steps({"trace": b["trace"]}, "illegal") == [] for b in choice["branches"])


def test_a_partial_discard_is_kept_in_every_branch():
    [choice] = steps(_hand_limit(["h0"], cards=8), "choice")
    assert all(objects({"result": b["result"]})["h0"]["zone"] == "graveyard" for b in choice["branches"])


def test_discarding_when_the_hand_is_within_the_limit_is_illegal():
    out = _hand_limit(["h0"], cards=5)
    [illegal] = steps(out, "illegal")
    assert illegal["params"]["count"] == 0 and objects(out)["h0"]["zone"] == "hand"


def test_end_phase_keys_given_where_they_cannot_apply_are_illegal():
    [illegal] = steps(_hand_limit(["h0"], phase="main1"), "illegal")
    assert illegal["message_id"] == "ygo.illegal.discard_not_end"
    doc = scenario([monster("a", "p1")], [], actions=[{"type": "end_phase", "to": "end"}])
    doc["turn"] = {"active": "p1", "phase": "battle", "step": "battle", "number": 2}
    [illegal] = steps(engine.resolve(doc), "illegal")
    assert illegal["message_id"] == "ygo.illegal.skip_to_end" and illegal["rule"]["number"] == "ch3.4"


# ---------------------------------------------------------------- what cannot be evaluated, wherever and whenever

def _unevaluated(out) -> list[str]:
    return [s["params"].get("card") for s in steps(out, "cannot_evaluate")]


def test_unsupported_continuous_text_of_a_face_up_card_is_reported_at_the_start():
    out = engine.resolve(scenario([_jinzo(), set_card("t", "p2", "trap", "normal", [])], [{"card": "t"}]))
    assert out["trace"][0]["kind"] == "cannot_evaluate"
    assert out["trace"][0]["message_id"] == "ygo.cannot_evaluate.continuous"
    assert out["trace"][0]["params"]["text"] == "Trap Cards cannot be activated."
    assert out["result"]["complete"] is False


def test_unsupported_continuous_text_is_reported_when_its_card_is_summoned_later():
    doc = scenario([_jinzo(zone="hand")], [], actions=[{"type": "summon", "card": "j"}])
    out = engine.resolve(doc)
    kinds = [s["kind"] for s in out["trace"]]
    assert kinds.index("summon") < kinds.index("cannot_evaluate") and _unevaluated(out) == ["j"]
    assert out["result"]["complete"] is False


def test_unsupported_continuous_text_is_reported_when_its_card_is_flipped():
    doc = scenario([_jinzo(position="face-down defense")], [], actions=[{"type": "flip_summon", "card": "j"}])
    doc["turn"]["number"] = 3
    assert _unevaluated(engine.resolve(doc)) == ["j"]


def test_unsupported_continuous_text_is_reported_when_its_card_is_special_summoned_by_an_effect():
    doc = scenario([set_card("r", "p1", "spell", "normal", [{"do": "special_summon", "target": "j"}], zone="hand",
                             position=None), _jinzo(zone="graveyard")], [{"card": "r"}])
    assert _unevaluated(engine.resolve(doc)) == ["j"]


def test_a_continuous_spells_text_applies_once_its_activation_resolves_and_not_if_negated():
    spell = set_card("s", "p1", "spell", "continuous", [], zone="hand", position=None)
    spell["effects"].append(UNSUPPORTED)
    out = engine.resolve(scenario([spell], [{"card": "s"}]))
    kinds = [s["kind"] for s in out["trace"]]
    assert kinds.index("resolve") < kinds.index("cannot_evaluate")
    jammer = set_card("mj", "p2", "trap", "counter", [{"do": "negate_activation", "destroy": True}])
    out = engine.resolve(scenario([spell, jammer], [{"card": "s"}, {"card": "mj"}]))
    assert _unevaluated(out) == [] and out["result"]["complete"] is True


def test_a_card_that_never_comes_face_up_is_not_reported():
    out = engine.resolve(scenario([_jinzo(zone="hand"), set_card("t", "p2", "trap", "normal", [])], [{"card": "t"}]))
    assert _unevaluated(out) == [] and out["result"]["complete"] is True


def test_an_unsupported_cost_is_reported_when_paid():
    trap = set_card("t", "p1", "trap", "normal", [], cost=[{"do": "unsupported", "text": "Reveal a Dragon."}])
    out = engine.resolve(scenario([trap], [{"card": "t"}]))
    [step] = steps(out, "cannot_evaluate")
    assert "Reveal a Dragon." in step["params"]["detail"] and out["result"]["complete"] is False


# ---------------------------------------------------------------- the deadline

def _benchmark(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_big_board_past_a_tiny_deadline_is_too_complex_naming_what_grew():
    board = _benchmark("ygo_synthetic").build_large_chain()
    with pytest.raises(ScenarioError) as caught:
        engine.resolve(board, deadline_s=0.01)
    assert caught.value.too_complex is True
    message = caught.value.errors[0]["message"]
    assert message.startswith("the board is too complex to resolve within 0.01 s: it stopped while ")
    assert "900 actions" in message or "chain of" in message or "triggers" in message or "activate" in message


def test_many_simultaneous_triggers_past_a_tiny_deadline_name_the_triggers():
    graveyard = []
    for i in range(1_500):
        card = monster(f"t{i}", "p1", zone="graveyard")
        card["effects"] = [{"class": "trigger", "trigger": "sent_to_graveyard",
                            "actions": [{"do": "gain_lp", "amount": 1}]}]
        graveyard.append(card)
    doc = scenario(graveyard, [])
    doc["pending"] = [{"card": f"t{i}", "order": i} for i in range(1_000)]
    with pytest.raises(ScenarioError) as caught:
        engine.resolve(doc, deadline_s=0.01)
    assert caught.value.too_complex and "it stopped while" in caught.value.errors[0]["message"]


# ---------------------------------------------------------------- an effect given only as text (no actions)

TEXT_ONLY = {"class": "continuous", "text": "Trap Cards cannot be activated."}


def _text_only_jinzo(**where) -> dict:
    card = monster("j", "p1", **where)
    card["effects"] = [dict(TEXT_ONLY)]
    return card


def test_a_text_only_continuous_effect_in_force_at_the_start_cannot_be_evaluated():
    out = engine.resolve(scenario([_text_only_jinzo(), set_card("t", "p2", "trap", "normal", [])], [{"card": "t"}]))
    first = out["trace"][0]
    assert (first["kind"], first["message_id"]) == ("cannot_evaluate", "ygo.cannot_evaluate.continuous")
    assert first["params"]["card"] == "j" and first["params"]["text"] == "Trap Cards cannot be activated."
    assert out["result"]["complete"] is False


def test_a_text_only_continuous_effect_is_reported_when_its_card_comes_face_up_later():
    summoned = engine.resolve(scenario([_text_only_jinzo(zone="hand")], [], actions=[{"type": "summon", "card": "j"}]))
    kinds = [s["kind"] for s in summoned["trace"]]
    assert kinds.index("summon") < kinds.index("cannot_evaluate") and summoned["result"]["complete"] is False
    doc = scenario([_text_only_jinzo(position="face-down defense")], [], actions=[{"type": "flip_summon", "card": "j"}])
    doc["turn"]["number"] = 3
    out = engine.resolve(doc)
    assert steps(out, "cannot_evaluate")[0]["params"]["card"] == "j"
    assert [s["kind"] for s in out["trace"]].index("cannot_evaluate") > 0  # not at the start: it was face-down


def test_a_text_only_continuous_effect_that_never_comes_face_up_is_not_reported():
    out = engine.resolve(scenario([_text_only_jinzo(zone="hand"), set_card("t", "p2", "trap", "normal", [])],
                                  [{"card": "t"}]))
    assert steps(out, "cannot_evaluate") == [] and out["result"]["complete"] is True


def test_a_text_only_continuous_spell_is_reported_once_its_activation_resolves():
    spell = set_card("s", "p1", "spell", "continuous", [], zone="hand", position=None)
    spell["effects"].append(dict(TEXT_ONLY))
    out = engine.resolve(scenario([spell], [{"card": "s"}]))
    kinds = [s["kind"] for s in out["trace"]]
    assert kinds.index("resolve") < kinds.index("cannot_evaluate") and out["result"]["complete"] is False


def test_a_text_only_activated_effect_cannot_be_evaluated_when_it_resolves():
    trap = set_card("t", "p1", "trap", "normal", [])
    trap["effects"][0]["text"] = "For the rest of the turn, every other Trap effect on the field is negated."
    out = engine.resolve(scenario([trap], [{"card": "t"}]))
    [step] = steps(out, "cannot_evaluate")
    assert step["message_id"] == "ygo.cannot_evaluate" and step["params"]["link"] == 1
    assert step["params"]["detail"].endswith("For the rest of the turn, every other Trap effect on the field is negated.")
    assert step["rule"]["number"] == "4.1.2.i1" and out["result"]["complete"] is False
    kinds = [s["kind"] for s in out["trace"]]
    assert kinds.index("resolve") < kinds.index("cannot_evaluate")


def test_a_negated_text_only_effect_does_nothing_and_is_not_reported():
    trap = set_card("t", "p1", "trap", "normal", [])
    trap["effects"][0]["text"] = "For the rest of the turn, every other Trap effect on the field is negated."
    jammer = set_card("mj", "p2", "trap", "counter", [{"do": "negate_activation", "destroy": True}])
    out = engine.resolve(scenario([trap, jammer], [{"card": "t"}, {"card": "mj"}]))
    assert steps(out, "cannot_evaluate") == [] and out["result"]["complete"] is True


def test_a_text_only_trigger_cannot_be_evaluated_when_it_resolves():
    trigger = monster("t", "p1", zone="graveyard")
    trigger["effects"] = [{"class": "trigger", "trigger": "sent_to_graveyard", "text": "Add 1 card from your Deck."}]
    doc = scenario([trigger], [])
    doc["pending"] = [{"card": "t"}]
    out = engine.resolve(doc)
    [step] = steps(out, "cannot_evaluate")
    assert step["params"]["card"] == "t" and "Add 1 card from your Deck." in step["params"]["detail"]
    assert out["result"]["complete"] is False


def test_text_beside_actions_is_a_note_for_the_judge():
    spell = set_card("s", "p1", "spell", "normal", [{"do": "draw", "amount": 1}], zone="hand", position=None)
    spell["effects"][0]["text"] = "Draw 1 card."
    deck = {"id": "d", "name": "d", "owner": "p1", "zone": "deck", "kind": "spell", "subtype": "normal"}
    out = engine.resolve(scenario([spell, deck], [{"card": "s"}]))
    assert steps(out, "cannot_evaluate") == [] and out["result"]["complete"] is True
    assert objects(out)["d"]["zone"] == "hand"


def _ygo_golden(name: str) -> dict:
    import json

    path = Path(__file__).resolve().parents[2] / "fixtures" / "scenarios" / "ygo" / f"{name}.json"
    return json.loads(path.read_text(encoding="utf-8"))["scenario"]


def test_only_an_xyz_monster_has_xyz_materials():
    doc = _ygo_golden("arcv-cost-detach-xyz-material")
    assert _errors(doc) == {}
    [i] = [i for i, o in enumerate(doc["objects"]) if o.get("materials")]
    doc["objects"][i]["subtype"] = "effect"
    errors = _errors(doc)
    assert "only an Xyz Monster has Xyz Materials" in errors[f"objects[{i}].materials"]


def test_a_value_a_later_check_cannot_read_is_named_once_at_its_path_without_python_text():
    doc = _ygo_golden("arcv-coin-toss-result-given")

    def find(value, path=()):
        if isinstance(value, dict):
            if "outcomes" in value:
                return value
            for k, v in value.items():
                hit = find(v)
                if hit is not None:
                    return hit
        if isinstance(value, list):
            for v in value:
                hit = find(v)
                if hit is not None:
                    return hit
        return None

    find(doc)["outcomes"] = [1]
    errors = engine.validate(doc)
    assert errors and all("Error" not in e["message"] and e["path"] for e in errors), errors


def test_excavating_more_cards_than_the_deck_holds_is_not_guessed():
    doc = _ygo_golden("arcv-excavated-cards-are-taken-without-a-shuffle")

    def instructions(value):
        if isinstance(value, dict):
            if value.get("do") == "excavate":
                yield value
            for v in value.values():
                yield from instructions(v)
        elif isinstance(value, list):
            for v in value:
                yield from instructions(v)

    [excavate] = list(instructions(doc))
    assert "ygo.cannot_evaluate.excavate_short" not in [s["message_id"] for s in engine.resolve(doc)["trace"]]
    excavate["amount"] = 999
    out = engine.resolve(doc)
    [step] = [s for s in out["trace"] if s["message_id"] == "ygo.cannot_evaluate.excavate_short"]
    assert step["kind"] == "cannot_evaluate" and step["params"]["amount"] == 999 and out["result"]["complete"] is False


def test_a_chain_link_of_a_targeting_effect_applies_its_actions_to_the_links_targets():
    # issue 13 (gaps): {"do": "destroy"} of a trigger with targeting, put on the chain by the document.
    card = monster("k", "p1", cls="trigger", actions=[{"do": "destroy"}])
    card["effects"][0].update({"trigger": "summoned", "targeting": {"filter": {"controller": "opponent"}}})
    doc = scenario([card, monster("m", "p2")], [{"card": "k", "targets": ["m"]}])
    moves = [s["params"] for s in engine.resolve(doc)["trace"] if s["message_id"] == "ygo.move"]
    assert [(p["card"], p["to"]) for p in moves] == [("m", "graveyard")]
    doc["chain"] = [{"card": "k"}]
    assert "chain[0].targets" in _errors(doc)
