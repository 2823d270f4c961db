"""Keywords applied, not just named (CR 702.14, 702.21, 702.79, 702.86, 702.93), and the judge's
set-up actions (create_effect, end_effect, put_counters, move_card): what the goldens cannot say,
refusals at a path and triggers that must not happen."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import engine

GOLDENS = Path(__file__).resolve().parents[2] / "fixtures" / "scenarios" / "mtg"


def _golden(name: str) -> dict:
    return copy.deepcopy(json.loads((GOLDENS / f"{name}.json").read_text(encoding="utf-8"))["scenario"])


def _paths(scenario: dict) -> dict[str, str]:
    return {e["path"]: e["message"] for e in engine.validate(scenario)}


def test_702_21_ward_is_refused_under_2020_which_has_no_ward():
    board = _golden("702-21a-ward-counters-the-spell-unless-its-controller-pays")
    assert engine.validate(board) == []
    board["ruleset"] = "cr-2020-06-01"
    errors = _paths(board)
    assert list(errors) == ["objects[0].abilities[1].keyword"]
    assert "does not exist under the ruleset cr-2020-06-01" in errors["objects[0].abilities[1].keyword"]


def test_702_21_the_ward_instruction_is_refused_under_2020():
    board = _golden("702-21a-ward-counters-the-spell-unless-its-controller-pays")
    board["ruleset"] = "cr-2020-06-01"
    board["objects"][0]["abilities"][1] = {"kind": "triggered", "trigger": {"event": "becomes_target", "self": True},
                                           "effects": [{"do": "ward", "mana": "{3}"}]}
    assert list(_paths(board)) == ["objects[0].abilities[1].effects[0].do"]


def test_702_21a_ward_does_not_trigger_for_a_spell_its_controller_controls():
    board = _golden("702-21a-ward-counters-the-spell-unless-its-controller-pays")
    board["objects"][1]["owner"] = "p1"
    board["actions"] = [{"type": "cast", "player": "p1", "card": "murder", "targets": ["it"]}]
    board["options"] = {}
    out = engine.resolve(board)
    assert [s for s in out["trace"] if s["kind"] == "trigger"] == []
    assert {o["id"]: o["zone"] for o in out["result"]["objects"]}["it"] == "graveyard"


def test_702_21a_ward_needs_exactly_one_cost():
    board = _golden("702-21a-ward-counters-the-spell-unless-its-controller-pays")
    board["objects"][0]["abilities"][1]["life"] = 2
    assert list(_paths(board)) == ["objects[0].abilities[1].cost"]


def test_702_14a_landwalk_names_a_land_type_or_supertype():
    board = _golden("702-14c-swampwalk-can-be-blocked-without-a-swamp")
    del board["objects"][0]["abilities"][0]["type"]
    assert list(_paths(board)) == ["objects[0].abilities[0].type"]
    board["objects"][0]["abilities"][0]["supertype"] = "basic"
    assert "objects[0].abilities[0].supertype" in _paths(board)


def test_702_86a_annihilator_needs_its_n():
    board = _golden("702-86a-annihilator-with-fewer-permanents-sacrifices-them-all")
    del board["objects"][0]["abilities"][0]["n"]
    assert list(_paths(board)) == ["objects[0].abilities[0].n"]


def test_702_79a_persist_returns_a_card_only_from_the_graveyard():
    # Murder, then in response to persist the judge exiles the card: it does not return.
    board = _golden("702-79a-persist-returns-with-a-minus-counter")
    board["actions"] += [{"type": "resolve"}, {"type": "move_card", "card": "it", "to": "exile"}]
    out = engine.resolve(board)
    assert [s["params"]["zone"] for s in out["trace"] if s["message_id"] == "mtg.resolve.not_returned"] == ["exile"]
    assert {o["id"]: o["zone"] for o in out["result"]["objects"]}["it"] == "exile"


def test_613_7b_an_effect_created_by_an_action_gets_its_timestamp_then():
    board = _golden("613-7b-an-effect-created-at-an-action-has-the-later-timestamp")
    board["actions"][0]["effect"]["timestamp"] = 1
    assert list(_paths(board)) == ["actions[0].effect.timestamp"]
    board["actions"][0]["effect"] = {"do": "set_pt", "power": 1, "toughness": 1, "affected": ["bears"], "bogus": True}
    assert list(_paths(board)) == ["actions[0].effect.bogus"]


def test_400_7_moving_a_spell_on_the_stack_or_to_where_it_is_is_illegal():
    board = _golden("603-6a-a-card-put-onto-the-battlefield-by-a-judge-triggers-entering")
    board["actions"] = [{"type": "move_card", "card": "ev", "to": "hand"}]
    out = engine.resolve(board)
    [step] = [s for s in out["trace"] if s["message_id"] == "mtg.illegal.move"]
    assert step["params"]["why"] == "already_there" and step["rule"]["number"] == "400.7"
    board["actions"] = [{"type": "move_card", "card": "ev", "to": "hand", "position": 2}]
    assert list(_paths(board)) == ["actions[0].position"]


def test_702_14c_landwalk_by_a_card_type_is_refused_not_ignored():
    board = _golden("702-14c-swampwalk-can-be-blocked-without-a-swamp")
    board["objects"][0]["abilities"][0]["type"] = "Artifact"
    assert list(_paths(board)) == ["objects[0].abilities[0].type"]


def test_702_16d_an_equipment_of_the_quality_becomes_unattached_and_stays():
    board = _golden("702-16c-a-creature-gaining-protection-from-white-sheds-a-white-aura")
    board["objects"][1] = {"id": "aura", "name": "Whitened Blade", "owner": "p1", "zone": "battlefield",
                           "types": ["artifact"], "subtypes": ["Equipment"], "colors": ["white"], "attached_to": "bears"}
    out = engine.resolve(board)
    [step] = [s for s in out["trace"] if s["message_id"] == "mtg.sba.unattach"]
    assert step["rule"]["number"] == "702.16d" and step["params"]["card"] == "aura"
    blade = {o["id"]: o for o in out["result"]["objects"]}["aura"]
    assert blade["zone"] == "battlefield" and blade["attached_to"] is None


def test_400_7_persist_does_not_return_a_card_that_left_the_graveyard_and_came_back():
    board = _golden("702-79a-persist-returns-with-a-minus-counter")
    board["actions"] += [{"type": "resolve"}, {"type": "move_card", "card": "it", "to": "hand"},
                         {"type": "move_card", "card": "it", "to": "graveyard"}]
    out = engine.resolve(board)
    assert [s["params"]["zone"] for s in out["trace"] if s["message_id"] == "mtg.resolve.not_returned"] == ["graveyard"]
    assert {o["id"]: o["zone"] for o in out["result"]["objects"]}["it"] == "graveyard"
