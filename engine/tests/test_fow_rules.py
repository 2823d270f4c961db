"""Force of Will whitepaper 2.3: rule-named tests, the format document, validation and goldens."""

from __future__ import annotations

import doctest
import json
import re
from pathlib import Path

import pytest

import engine
import engine.fow.rules
from engine.core import CATALOGUE
from engine.fow.messages import MESSAGES
from engine.fow.rules import SECTIONS
from engine.fow.scenario import OPTIONS

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = sorted((ROOT / "fixtures" / "scenarios" / "fow").glob("*.json"))


def _board(objects, actions, **turn):
    return {"format": "1", "game": "fow", "ruleset": "wp-2.3", "options": turn.pop("options", {}),
            "players": [{"id": "p1", "life": 4000}, {"id": "p2", "life": 4000}],
            "turn": {"active": "p1", "phase": "main", "step": "main", "number": 3, **turn},
            "objects": objects, "chain": [], "pending": [], "effects": [],
            "actions": actions}


def _ruler(pid):
    return {"id": f"r{pid}", "name": "Ruler", "owner": pid, "zone": "ruler_area", "type": "ruler",
            "j_ruler": {"name": "J", "atk": 1000, "def": 1000}}


def _gain(cid, pid):
    return {"id": cid, "name": "Gain", "owner": pid, "zone": "hand", "type": "spell", "subtype": "chant_instant",
            "abilities": [{"kind": "spell", "effect": [{"do": "gain_life", "target": "you", "amount": 100}]}]}


def _steps(document):
    return engine.resolve(document)["trace"]


def test_there_are_at_least_40_fow_goldens():
    assert len(GOLDEN) >= 40


def test_every_option_reading_has_a_golden():
    used: dict[str, set] = {key: set() for key in OPTIONS}
    for path in GOLDEN:
        scenario = json.loads(path.read_text(encoding="utf-8"))["scenario"]
        for key, (default, _) in OPTIONS.items():
            used[key].add(scenario["options"].get(key, default))
    for key, (_, values) in OPTIONS.items():
        assert used[key] == set(values), key


def test_every_fow_message_id_is_documented_in_the_format_section():
    documented = (ROOT / "docs" / "scenario-format.md").read_text(encoding="utf-8")
    assert [m for m in MESSAGES if f"`{m}`" not in documented] == []
    assert set(MESSAGES) <= set(CATALOGUE.ids())


def test_cited_sections_are_the_whitepapers_own():
    listing = (ROOT / "docs" / "sections-fow-whitepaper-2.3.md").read_text(encoding="utf-8")
    assert SECTIONS == {m.group(1) for m in re.finditer(r"^(\d+(?:\.\d+)?) \|", listing, re.M)}
    with pytest.raises(KeyError):
        engine.fow.rules.wp("100.1")
    for path in GOLDEN:
        for step in _steps(json.loads(path.read_text(encoding="utf-8"))["scenario"]):
            if step["rule"] is not None:
                assert step["rule"]["number"] in SECTIONS


def test_doctests_of_the_fow_rules_run():
    assert doctest.testmod(engine.fow.rules).failed == 0


def test_6_4_two_consecutive_passes_resolve_one_item_and_the_turn_player_gets_priority():
    doc = _board([_ruler("p1"), _ruler("p2"), _gain("g1", "p1"), _gain("g2", "p2")],
                 [{"type": "play", "player": "p1", "card": "g1"}, {"type": "play", "player": "p2", "card": "g2"},
                  {"type": "pass", "player": "p1"}, {"type": "pass", "player": "p2"}])
    out = engine.resolve(doc)
    resolves = [s for s in out["trace"] if s["kind"] == "resolve"]
    assert [s["params"]["card"] for s in resolves] == ["g2"]
    assert out["result"]["turn"]["priority"] == "p1"


def test_6_2_triggers_put_on_chase_one_at_a_time():
    trig = {"kind": "triggered", "trigger": {"event": "start_of_main"},
            "effect": [{"do": "gain_life", "target": "you", "amount": 100}]}
    objects = [_ruler("p1"), _ruler("p2")] + [
        {"id": cid, "name": cid, "owner": pid, "zone": "field", "type": "resonator", "atk": 100, "def": 100,
         "abilities": [trig]} for cid, pid in (("a", "p1"), ("n", "p2"))]
    doc = _board(objects, [])
    doc["pending"] = [{"source": "n", "ability": 0}, {"source": "a", "ability": 0}]
    trace = _steps(doc)
    plays = [s for s in trace if s["message_id"] == "fow.trigger.play"]
    assert [(s["params"]["card"], s["params"]["position"]) for s in plays] == [("a", 1), ("n", 2)]


def test_9_7_will_ability_does_not_use_the_chase():
    stone = {"id": "s", "name": "Stone", "owner": "p1", "zone": "stone_area", "type": "magic_stone",
             "abilities": [{"kind": "will", "cost": {"rest": True}, "produce": {"water": 1}}]}
    out = engine.resolve(_board([_ruler("p1"), _ruler("p2"), stone], [{"type": "will", "player": "p1", "card": "s"}]))
    assert out["result"]["chain"] == []
    assert out["result"]["players"][0]["will"] == {"water": 1}


def test_3_15_validation_rejects_a_spell_on_the_field_and_names_the_path():
    bad = _gain("g", "p1") | {"zone": "field"}
    errors = engine.validate(_board([_ruler("p1"), _ruler("p2"), bad], []))
    assert {"path": "objects[2].zone", "message": "a spell cannot be in the field (FoW 3.15)"} in errors


def test_validation_names_unknown_options_and_actions():
    doc = _board([_ruler("p1"), _ruler("p2")], [{"type": "dance", "player": "p1"}], options={"trigger_order": "x"})
    paths = {e["path"] for e in engine.validate(doc)}
    assert {"options.trigger_order", "actions[0].type"} <= paths
