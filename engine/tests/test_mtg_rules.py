"""The Magic engine, tests named after the rules they check (replaying goldens is in test_golden)."""

from __future__ import annotations

import json
from pathlib import Path

import engine
from engine.mtg import catalogue
from engine.mtg.examples import card, creature, scenario, static
from engine.mtg.layers import compute, mana_value
from engine.mtg.scenario import parse_state

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "scenarios" / "mtg"


def _chars(document, oid):
    return next(o for o in engine.resolve(document)["result"]["objects"] if o["id"] == oid)["characteristics"]


def test_there_are_at_least_60_magic_golden_files_and_each_step_cites_its_edition():
    paths = sorted(FIXTURES.glob("*.json"))
    assert len(paths) >= 60
    for path in paths:
        golden = json.loads(path.read_text(encoding="utf-8"))
        for step in golden["expected"]["steps"]:
            assert step.get("rule"), (path.name, step)


def test_202_3_mana_value_counts_x_and_hybrid():
    assert mana_value("{X}{B}{R}{G}", 3) == 6
    assert mana_value("{2}{W/B}{U}") == 4


def test_613_8_dependency_overrides_timestamp():
    doc = scenario([card("i", "Island", types=["land"], subtypes=["Island"], timestamp=1)], effects=[
        {"id": "late", "do": "add_type", "subtypes": ["Forest"], "affected": {"types": ["land"]}, "timestamp": 3},
        {"id": "early", "do": "add_type", "types": ["artifact"], "affected": {"subtypes": ["Forest"]}, "timestamp": 2}])
    walk = next(o for o in engine.resolve(doc)["result"]["objects"] if o["id"] == "i")["layers"]
    assert [(line["effect"], line["reason"]) for line in walk] == [("late", "timestamp"), ("early", "dependency")]
    assert walk[1]["rule"] == "613.8a"


def test_613_8b_loop_falls_back_to_timestamp():
    silencer = static({"do": "remove_abilities"}, affected={"types": ["creature"], "other": True})
    doc = scenario([creature("a", "A", 1, 1, timestamp=1, abilities=[silencer]),
                    creature("b", "B", 1, 1, timestamp=2, abilities=[silencer])])
    assert _chars(doc, "a")["abilities"] and not _chars(doc, "b")["abilities"]


def test_613_6_effect_keeps_its_set_in_later_layers():
    doc = scenario([card("art", "Statue", types=["artifact"])], effects=[
        {"id": "t", "do": "add_type", "types": ["creature"], "affected": {"types": ["artifact"], "not_types": ["creature"]}, "timestamp": 5}])
    state = parse_state(doc)
    assert "creature" in compute(state).chars["art"].types


def test_611_2c_resolved_effect_locks_in_its_affected_set():
    golden = json.loads((FIXTURES / "611-2c-locked-in-misses-later-creature.json").read_text(encoding="utf-8"))
    out = engine.resolve(golden["scenario"])
    assert _chars(golden["scenario"], "newbie")["power"] == 2
    assert any(s["message_id"] == "mtg.effect.created" and s["params"]["affected"] == ["old"] for s in out["trace"])


def test_117_5_priority_step_lists_what_may_be_cast_and_why():
    doc = scenario([card("s", "Sorcery", "p1", "hand", types=["sorcery"]), card("i", "Instant", "p1", "hand", types=["instant"])],
                   step="upkeep")
    first = engine.resolve(doc)["trace"][0]
    assert first["kind"] == "priority"
    may = {m["card"]: (m["allowed"], m["why"]) for m in first["may"]}
    assert may == {"s": (False, "sorcery_timing"), "i": (True, "instant")}


def test_2020_edition_cites_its_own_numbers():
    golden = json.loads((FIXTURES / "faq-cascade-2020-numbering.json").read_text(encoding="utf-8"))
    trace = engine.resolve(golden["scenario"])["trace"]
    assert all(s["rule"]["document"] == "mtg-cr-2020-06-01" for s in trace if s["rule"])
    assert "702.85a" not in {s["rule"]["number"] for s in trace if s["rule"]}


def test_it_refuses_unknown_effects_and_reports_unsupported_ones_as_cannot_evaluate():
    doc = scenario([creature("c", "C", 1, 1)], effects=[{"id": "x", "do": "text_change", "affected": ["c"]}])
    [error] = engine.validate(doc)
    assert error["path"] == "effects[0].do" and error["message"].startswith('unknown continuous effect "text_change"')
    doc["effects"] = [{"id": "x", "do": "unsupported", "text": "Creatures can't be sacrificed."}]
    out = engine.resolve(doc)
    assert out["result"]["complete"] is False
    [step] = [s for s in out["trace"] if s["kind"] == "cannot_evaluate"]
    assert step["message_id"] == "mtg.layer.unsupported" and step["params"]["effect"] == "x"


def test_it_validates_object_fields_with_paths():
    doc = scenario([creature("c", "C", 1, 1, zone="moon")], [{"type": "cast", "player": "p1", "card": "ghost"}])
    paths = {e["path"] for e in engine.validate(doc)}
    assert {"objects[0].zone", "actions[0].card"} <= paths


def test_catalogue_cards_are_plain_dicts_that_validate():
    cards = catalogue.cards()
    assert len(cards) >= 20
    for entry in cards:
        obj = {k: v for k, v in entry.items() if k not in ("evaluable", "unsupported", "faq", "oracle_note")}
        made = {a.get("as_enters") for a in obj.get("abilities", ())}  # chosen as it entered (614.12a)
        chosen = {**({"chosen_color": "white"} if "choose_color" in made else {}),
                  **({"chosen_creature_type": "Elf"} if "choose_creature_type" in made else {})}
        doc = scenario([{**obj, "id": "x", "owner": "p1", "zone": "battlefield", **chosen}])
        assert engine.validate(doc) == [], entry["name"]
        assert isinstance(entry["evaluable"], list)


def test_202_3_each_edition_names_the_number_in_its_own_words():
    import json
    from pathlib import Path

    import engine

    golden = Path(__file__).resolve().parents[2] / "fixtures" / "scenarios" / "mtg" / "faq-cascade-2020-numbering.json"
    scenario = json.loads(golden.read_text(encoding="utf-8"))["scenario"]
    names = {s["params"]["value_name"] for s in engine.resolve(scenario)["trace"] if "value_name" in s["params"]}
    assert names == {"converted mana cost"}
    scenario["ruleset"] = "cr-2022-04-29"
    names = {s["params"]["value_name"] for s in engine.resolve(scenario)["trace"] if "value_name" in s["params"]}
    assert names == {"mana value"}
