"""Scenario validation: every error names its path; limits are enforced fast."""

from __future__ import annotations

import copy
import time

import pytest

import engine
from engine import ScenarioError
from engine.tests.builders import monster, scenario, set_card


def _errors(document) -> dict[str, str]:
    return {e["path"]: e["message"] for e in engine.validate(document)}


def _base():
    return scenario([set_card("a", "p1", "trap", "normal", [{"do": "destroy", "target": "m"}]), monster("m", "p2")],
                    [{"card": "a", "targets": ["m"]}])


def test_it_accepts_a_valid_scenario():
    assert engine.validate(_base()) == []


def test_it_rejects_a_document_that_is_not_an_object():
    assert engine.validate([1, 2])[0]["message"].startswith("a scenario must be a JSON object")


@pytest.mark.parametrize(("mutate", "path", "fragment"), [
    (lambda d: d.update(format="2"), "format", "unknown format"),
    (lambda d: d.update(game="chess"), "game", "unknown game"),
    (lambda d: d.update(ruleset="mr9"), "ruleset", "unknown ruleset"),
    (lambda d: d["players"][0].update(lp=-5), "players[0].lp", "must not be negative"),
    (lambda d: d["players"][0].update(lp="8000"), "players[0].lp", "must be an integer"),
    (lambda d: d["objects"][0].update(zone="outer_space"), "objects[0].zone", "unknown zone"),
    (lambda d: d["objects"][0].update(kind="dragon"), "objects[0].kind", "unknown card kind"),
    (lambda d: d["objects"][1].update(id="a"), "objects[1].id", "duplicate object id"),
    (lambda d: d["chain"][0].update(targets=["m", "ghost"]), "chain[0].targets[1]", "unknown object id 'ghost'"),
    (lambda d: d["chain"][0].update(card="ghost"), "chain[0].card", "unknown object id"),
    (lambda d: d["chain"][0].update(effect=3), "chain[0].effect", "has no effect 3"),
    (lambda d: d.update(objects={}), "objects", "must be an array"),
    (lambda d: d["turn"].update(phase="lunch"), "turn.phase", "unknown phase"),
    (lambda d: d.update(pending=[{}]), "pending[0].card", "card is required"),  # pending is defined since issue 3
    (lambda d: d["objects"][1].update(position="sideways"), "objects[1].position", "unknown position"),
    (lambda d: d["objects"][0]["effects"][0]["actions"][0].update(target=7), "objects[0].effects[0].actions[0].target", "must be an id (a string)"),
    (lambda d: d.update(surprise=1), "surprise", "unknown field"),
    (lambda d: d["objects"][0].update(zone="pendulum_zone"), "objects[0].zone", "Pendulum Monster"),
])
def test_it_names_the_field_of_each_error(mutate, path, fragment):
    document = copy.deepcopy(_base())
    mutate(document)
    errors = _errors(document)
    assert path in errors, errors
    assert fragment in errors[path]


def test_mr2_has_no_pendulum_zone():
    document = _base()
    document["ruleset"] = "mr2"
    document["objects"].append({"id": "p", "name": "p", "owner": "p1", "zone": "pendulum_zone", "position": "face-up",
                                "kind": "monster", "subtype": "effect"})
    assert "unknown zone" in _errors(document)["objects[2].zone"]


def test_six_monsters_in_one_zone_is_an_impossible_board():
    document = scenario([monster(f"m{i}", "p1") for i in range(6)], [])
    assert "at most 5" in _errors(document)["objects"]


def test_a_100000_link_chain_is_rejected_fast_with_a_clear_message():
    document = _base()
    document["chain"] = [{"card": "a"}] * 100_000
    start = time.perf_counter()
    with pytest.raises(ScenarioError) as caught:
        engine.resolve(document)
    assert time.perf_counter() - start < 0.5
    assert caught.value.errors == [{"path": "chain", "message": "chain has 100,000 chain links; the limit is 1,000"}]


def test_it_rejects_more_than_2000_objects_and_1000_actions():
    document = _base()
    document["objects"] = document["objects"] * 1001
    document["actions"] = [{"type": "resolve"}] * 1001
    paths = [e["path"] for e in engine.validate(document)]
    assert paths == ["objects", "actions"]


def test_it_rejects_a_document_over_1_mb():
    document = _base()
    document["objects"][0]["effects"][0]["text"] = "x" * 1_100_000
    assert "1 MB" in engine.validate(document)[0]["message"]
    assert "1 MB" in engine.validate(_base(), size=2_000_000)[0]["message"]


def test_hostile_strings_are_just_data():
    document = _base()
    document["objects"][1]["name"] = "<script>alert(1)</script>"
    document["players"][0]["name"] = "Robert'); DROP TABLE students;--"
    out = engine.resolve(document)
    moved = [s for s in out["trace"] if s["kind"] == "move"][0]
    assert moved["params"]["card_name"] == "<script>alert(1)</script>"
    assert out["result"]["players"][0]["name"] == "Robert'); DROP TABLE students;--"


def test_scenario_error_carries_every_error():
    document = _base()
    document["players"][0]["lp"] = -1
    document["objects"][0]["zone"] = "nowhere"
    with pytest.raises(ScenarioError) as caught:
        engine.resolve(document)
    assert {e["path"] for e in caught.value.errors} >= {"players[0].lp", "objects[0].zone"}
