"""Checks across fields (engine/mtg/coherence.py): what a scenario carries is applied or refused at
its path, never accepted and ignored (issue 14)."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import engine

GOLDENS = Path(__file__).resolve().parents[2] / "fixtures" / "scenarios" / "mtg"


def _bolt_golden() -> dict:
    path = GOLDENS / "117-instant-in-response-resolves-first.json"
    return json.loads(path.read_text(encoding="utf-8"))["scenario"]


def _errors(doc: dict) -> dict[str, str]:
    return {e["path"]: e["message"] for e in engine.validate(doc)}


class TargetIndexTests:
    def test_115_1_an_effects_target_index_past_its_abilitys_targets_is_refused(self):
        doc = _bolt_golden()
        doc["objects"][1]["abilities"][0]["effects"][0]["target"] = 5
        assert "names no target" in _errors(doc)["objects[1].abilities[0].effects[0].target"]

    def test_115_1_a_target_index_of_an_ability_with_no_targets_is_refused(self):
        doc = _bolt_golden()
        del doc["objects"][1]["abilities"][0]["targets"]
        doc["actions"][0]["targets"] = []
        assert "has no targets" in _errors(doc)["objects[1].abilities[0].effects[0].target"]

    def test_the_golden_itself_is_valid(self):
        assert _errors(_bolt_golden()) == {}


class CastAnnouncementTests:
    def test_107_3a_x_for_a_spell_without_x_in_its_costs_is_refused(self):
        doc = _bolt_golden()
        doc["actions"][0]["x"] = 4
        assert "no {X}" in _errors(doc)["actions[0].x"]

    def test_107_3a_x_for_a_spell_with_x_in_its_mana_cost_is_accepted(self):
        doc = _bolt_golden()
        doc["objects"][1]["mana_cost"] = "{X}{R}"
        doc["actions"][0]["x"] = 4
        assert _errors(doc) == {}

    def test_700_2a_modes_for_a_spell_without_modes_are_refused(self):
        doc = _bolt_golden()
        doc["actions"][0]["modes"] = [0]
        assert "has no modes" in _errors(doc)["actions[0].modes"]

    def test_601_2d_a_division_for_a_spell_that_divides_nothing_is_refused(self):
        doc = _bolt_golden()
        doc["actions"][0]["divide"] = [3]
        assert "divided damage" in _errors(doc)["actions[0].divide"]

    def test_601_2d_a_division_for_divided_damage_is_accepted(self):
        doc = _bolt_golden()
        doc["objects"][1]["abilities"][0]["effects"][0]["divided"] = True
        doc["actions"][0]["divide"] = [3]
        assert _errors(doc) == {}

    def test_707_10c_new_targets_where_nothing_copies_a_spell_are_refused(self):
        doc = _bolt_golden()
        doc["actions"][0]["new_targets"] = ["p2"]
        assert "copy_spell" in _errors(doc)["actions[0].new_targets"]


class StatusOutsideTheBattlefieldTests:
    def test_110_5_a_tapped_card_in_the_hand_is_refused(self):
        doc = _bolt_golden()
        doc["objects"][1]["tapped"] = True
        assert "CR 110.5" in _errors(doc)["objects[1].tapped"]

    def test_122_counters_on_a_card_in_the_hand_are_refused(self):
        doc = _bolt_golden()
        doc["objects"][1]["counters"] = {"+1/+1": 2}
        assert "CR 122.1" in _errors(doc)["objects[1].counters"]

    def test_702_62a_counters_on_a_card_in_exile_are_accepted(self):
        doc = _bolt_golden()
        doc["objects"][1]["zone"] = "exile"
        doc["objects"][1]["counters"] = {"time": 2}
        doc["actions"] = []
        assert "objects[1].counters" not in _errors(doc)

    def test_120_3_damage_in_the_graveyard_is_refused(self):
        doc = _bolt_golden()
        doc["objects"][0]["zone"] = "graveyard"
        doc["objects"][0]["damage"] = 1
        assert "objects[0].damage" in _errors(doc)

    def test_a_false_status_is_the_default_and_accepted(self):
        doc = _bolt_golden()
        doc["objects"][1].update({"tapped": False, "counters": {}, "damage": 0})
        assert _errors(doc) == {}


class CombatOnlyKeyTests:
    def test_506_1_combat_number_before_any_combat_is_refused(self):
        doc = _bolt_golden()
        doc["turn"]["combat_number"] = 2
        assert "none has" in _errors(doc)["turn.combat_number"]

    def test_506_1_combat_number_after_a_second_combat_is_accepted(self):
        doc = _bolt_golden()
        doc["turn"].update({"step": "main2", "combat_number": 2})
        assert "turn.combat_number" not in _errors(doc)

    def test_506_1_combat_number_in_combat_is_accepted(self):
        doc = _bolt_golden()
        doc["turn"].update({"step": "beginning_of_combat", "combat_number": 2})
        assert "turn.combat_number" not in _errors(doc)

    def test_508_1_an_attacking_creature_in_a_main_phase_is_refused(self):
        doc = _bolt_golden()
        doc["objects"][0]["attacking"] = "p1"
        assert "declare attackers step" in _errors(doc)["objects[0].attacking"]

    def test_506_4_blocking_from_the_hand_is_refused(self):
        doc = _bolt_golden()
        doc["turn"]["step"] = "declare_blockers"
        doc["objects"][1]["blocking"] = ["bears"]
        doc["actions"] = []
        assert "not in the hand" in _errors(doc)["objects[1].blocking"]


class RepeatedKeyTests:
    def test_a_key_given_twice_is_refused_at_its_path(self):
        from engine.core.validation import loads_document

        text = '{"players": [{"id": "p1", "life": 20, "life": 5}], "ruleset": "a", "ruleset": "b"}'
        try:
            loads_document(text)
        except engine.ScenarioError as exc:
            assert [e["path"] for e in exc.errors] == ["ruleset", "players[0].life"]
        else:
            raise AssertionError("a repeated key was accepted")

    def test_a_document_without_repeated_keys_is_parsed_as_json(self):
        from engine.core.validation import loads_document

        assert loads_document('{"a": [{"b": 1}], "c": {"d": {}}}') == {"a": [{"b": 1}], "c": {"d": {}}}


class NotResolvedTests:
    def test_608_2b_a_spell_whose_targets_are_all_illegal_is_removed_not_resolved(self):
        golden = json.loads((GOLDENS / "608-2b-target-gone-does-not-resolve.json").read_text(encoding="utf-8"))
        moves = [s for s in engine.resolve(golden["scenario"])["trace"]
                 if s["kind"] == "move" and s["params"].get("card") == "doom" and s["params"].get("from") == "stack"]
        assert [(s["message_id"], s["rule"]["number"], s["params"]["reason"]) for s in moves] == [
            ("mtg.move.not_resolved", "608.2b", "not_resolved")]
        assert "resolved)" not in moves[0]["text"] and "does not resolve" in moves[0]["text"]


class UntapStepTests:
    def _upkeep_golden(self) -> dict:
        path = GOLDENS / "603-3b-apnap-order.json"
        return json.loads(path.read_text(encoding="utf-8"))["scenario"]

    def test_502_4_no_player_receives_priority_in_the_untap_step(self):
        trace = engine.resolve(self._upkeep_golden())["trace"]
        assert (trace[0]["message_id"], trace[0]["rule"]["number"]) == ("mtg.step.no_priority", "502.4")
        assert not any(s["kind"] == "priority" and s["params"].get("step") == "untap" for s in trace)

    def test_503_1a_without_actions_it_moves_on_to_the_upkeep_where_the_triggers_wait(self):
        doc = self._upkeep_golden()
        doc["actions"] = []
        out = engine.resolve(doc)
        rules = [s["rule"]["number"] for s in out["trace"] if s["rule"]]
        assert rules[:3] == ["502.4", "503.1", "603.2"] and "503.1a" in rules
        assert out["result"]["turn"]["step"] == "upkeep"
        assert [s["params"]["step"] for s in out["trace"] if s["kind"] == "priority" and "step" in s["params"]][0] == "upkeep"
