"""The Force of Will board form derives its vocabulary from the engine's registry
(rulesite/scenarios/builders/fow.py): every entry of every slot it shows is offered, with a
field for each key, and each entry's example goes through the form and back with no key left
to the row's JSON."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from django.utils import translation

from engine.core.vocabulary import vocabulary_of
from rulesite.scenarios.builders import common, fow

FOW = vocabulary_of("fow")
SECTIONS = {**{slot: [section] for slot, section in fow.SLOT_SECTIONS.items()},
            "action": [fow.ACTIONS_SECTION, fow.LOOP_SECTION]}


def _fields(section: common.Section, names: str = "") -> list[common.Spec]:
    wanted = set(names.split())
    return [spec for spec in section.fields if not names or spec.name in wanted]


def _held(key: str, specs: list[common.Spec]) -> bool:
    return any(spec.key == key or spec.key.startswith(key + ".") for spec in specs)


def _field(section: common.Section, key: str) -> common.Spec:
    return next(spec for spec in section.fields if spec.key == key)


class DerivedSectionsTests:
    @pytest.mark.parametrize("slot", sorted(SECTIONS))
    def test_the_switch_offers_every_entry_of_the_slot_with_its_label(self, slot):
        for section in SECTIONS[slot]:
            switch = section.fields[0]
            assert switch.key == FOW.slots[slot].tag == section.switch
            # The abilities' rows also hold the modes of a modal ability (FoW 9.3), last.
            extra = ("mode",) if slot == "ability" else ()
            # A "Then" step starts as a play, then a pass (what most steps are, issue 16); the rest in registry order.
            first = ("play", "pass") if slot == "action" else ()
            assert switch.choices == first + tuple(n for n in FOW.names(slot) if n not in first) + extra
            with translation.override("en"):
                labels = {name: str(label) for name, label in switch.labels.items() if name not in extra}
                assert labels == {e.name: e.label for e in FOW.entries(slot)}

    @pytest.mark.parametrize("slot", sorted(SECTIONS))
    def test_each_entry_uses_a_field_for_each_of_its_keys(self, slot):
        declared = FOW.slots[slot]
        for section in SECTIONS[slot]:
            for entry in FOW.entries(slot):
                used = _fields(section, section.uses[entry.name])
                missing = [key for key in {**entry.keys, **declared.common}
                           if not _held(key, used) and key not in fow.CHILD_KEYS.get(slot, ())
                           and not any(child.startswith(key + ".") for child in fow.CHILD_KEYS.get(slot, ()))
                           and f"{slot}:{key}" not in fow.KEPT_IN_JSON]
                assert missing == [], f"{entry.ref}: no field for {missing}"

    def test_the_lists_kept_as_rows_of_their_own_are_child_lists(self):
        lists = {(child.holder, ".".join(child.key)) for child in fow.CHILDREN}
        holders = {"ability": "abilities", "instruction": "instr", "action": "after", "effect": "effects"}
        assert {(holders[slot], key) for slot, keys in fow.CHILD_KEYS.items() for key in keys} <= lists

    def test_no_key_is_left_to_the_json_box(self):
        assert fow.KEPT_IN_JSON == {}


class KeyedAndNamedSlotsTests:
    def test_a_filter_has_a_part_for_every_filter_key_and_a_target_zone_for_every_non_card_target(self):
        assert [part.key for part in fow.FILTER] == list(FOW.names("filter"))
        zone = _field(fow.TARGETS, "zone")
        assert set(FOW.names("target")) <= set(zone.choices)
        assert set(FOW.entries("target")[0].keys) <= {spec.key for spec in fow.TARGETS.fields}

    def test_every_continuous_effect_change_has_a_field_wherever_changes_are_written(self):
        for name in FOW.names("change"):
            assert _held(f"continuous.{name}", list(fow.ABILITIES.fields))
            assert _held(name, _fields(fow.INSTRUCTION_SECTION, fow.INSTRUCTION_SECTION.uses["modify"]))
            assert _held(f"spec.{name}", _fields(fow.EFFECTS, fow.EFFECTS.uses["continuous"]))

    def test_trigger_events_and_chant_standby_conditions_are_the_event_choices(self):
        event = _field(fow.ABILITIES, "trigger.event")
        assert set(event.choices) == set(FOW.names("trigger")) | set(FOW.names("standby_condition"))

    def test_durations_keywords_options_costs_and_amounts_come_from_the_registry(self):
        assert _field(fow.INSTRUCTION_SECTION, "duration").choices == tuple(FOW.names("duration"))
        assert _field(fow.EFFECTS, "duration").choices == tuple(FOW.names("duration"))
        assert next(p for p in fow.FILTER if p.key == "keyword").choices == tuple(FOW.names("keyword"))
        assert [spec.name for spec in fow.SETUP if spec.path[:1] == ("options",)] == [f"opt_{n}" for n in FOW.names("option")]
        keys = {spec.key.rsplit(".", 1)[-1] for section in (fow.ABILITIES, fow.INSTRUCTION_SECTION) for spec in section.fields
                if spec.key.split(".")[-1] in FOW.names("cost") or spec.kind == "counts" and spec.key.endswith("cost")}
        assert set(FOW.names("cost")) - {"light", "fire", "water", "wind", "darkness", "void", "moon"} <= keys
        assert _field(fow.INSTRUCTION_SECTION, "amount").kind == "amount" and set(FOW.names("amount")) <= set(common.DYNAMIC_AMOUNTS)


def _board(**parts: Any) -> dict[str, Any]:
    doc = {"format": "1", "game": "fow", "ruleset": "wp-2.3", "options": {},
           "players": [{"id": "p1", "life": 4000}, {"id": "p2", "life": 4000}],
           "turn": {"active": "p1", "phase": "main", "step": "main", "number": 3},
           "objects": [], "chain": [], "pending": [], "effects": [], "actions": []}
    return doc | parts


def _card(**kw: Any) -> dict[str, Any]:
    return {"id": "c1", "name": "Card", "owner": "p1", "zone": "field", "type": "resonator", **kw}


def _placed(slot: str, example: Any) -> list[dict[str, Any]]:
    """Return boards that hold ``example`` where a document writes a value of ``slot``."""
    ability = lambda **kw: _board(objects=[_card(abilities=[kw])])  # noqa: E731
    if slot == "action":
        return [_board(actions=[example])]
    if slot == "instruction":
        return [ability(kind="activated", effect=[example])]
    if slot == "ability":
        return [_board(objects=[_card(abilities=[example])])]
    if slot == "effect":
        return [_board(effects=[example])]
    if slot in ("filter", "target"):
        return [ability(kind="activated", targets=[example]), ability(kind="activated", effect=[{"do": "destroy", "target": example}])
                ] if slot == "filter" else [ability(kind="activated", targets=[example])]
    if slot == "change":
        return [ability(kind="static", continuous=example), ability(kind="activated", effect=[{"do": "modify", "target": 0, **example}])]
    if slot == "trigger":
        return [ability(kind="triggered", trigger=example)]
    if slot == "standby_condition":
        return [ability(kind="spell", trigger=example)]
    if slot == "cost":
        if "discard" in example or isinstance(example.get("rest"), dict):
            return [ability(kind="static", battle_cost={"action": "attack", "cost": example})]
        return [ability(kind="activated", cost=example)]
    if slot == "amount":
        return [ability(kind="activated", effect=[{"do": "deal_damage", "target": "opponent", "amount": example}])]
    if slot == "duration":
        return [ability(kind="activated", effect=[{"do": "modify", "target": "this", "atk": 100, "duration": example}]),
                _board(effects=[{"kind": "continuous", "spec": {"atk": 100}, "duration": example}])]
    if slot == "keyword":
        return [_board(objects=[_card(keywords=[example])])]
    if slot == "option":
        return [_board(options=example)]
    if slot == "limit":
        return [ability(kind="activated", limit=example), ability(kind="triggered", trigger={"event": "enter"}, limit=example)]
    raise AssertionError(f"no place for {slot}")


@pytest.mark.parametrize("entry", FOW.entries(), ids=lambda entry: entry.ref)
def test_the_example_of_every_entry_goes_through_the_form_with_no_key_left_to_json(entry):
    for board in _placed(entry.slot, copy.deepcopy(entry.example)):
        data = common.scenario_to_initial(fow.SPEC, board)
        left = {section.prefix: [row["extra"] for row in data.get(section.prefix) or [] if row.get("extra")]
                for section in fow.SPEC.sections}
        assert {prefix: rows for prefix, rows in left.items() if rows} == {} and data["setup"]["extra"] is None
        assert common.initial_to_scenario(fow.SPEC, data) == board


def test_a_card_row_offers_no_chase_zone_and_a_target_lists_each_zone_once():
    zone = _field(fow.CARDS, "zone")
    assert "chase" not in zone.choices and "field" in zone.choices
    target_zone = _field(fow.TARGETS, "zone")
    assert len(target_zone.choices) == len(set(target_zone.choices))
    assert {"player", "chase"} <= set(target_zone.choices)


ISSUE_15_GOLDENS = sorted(p for p in (Path(__file__).resolve().parents[3] / "fixtures" / "scenarios" / "fow").glob("9-*.json")
                          if any(word in p.stem for word in ("mode", "once-per-turn", "this-cards-ability", "valid-in",
                                                             "not-valid", "does-not-work", "static", "optional", "basic")))


@pytest.mark.parametrize("path", ISSUE_15_GOLDENS, ids=lambda path: path.stem)
def test_the_ability_goldens_of_issue_15_go_through_the_form_unchanged(path):
    """Modes (rows of kind “Mode” owned by their ability, FoW 9.3), limits, validity zones, static and
    optional replacements all have fields: nothing is left to the JSON box."""
    board = json.loads(path.read_text(encoding="utf-8"))["scenario"]
    data = common.scenario_to_initial(fow.SPEC, board)
    left = {section.prefix: [row["extra"] for row in data.get(section.prefix) or [] if row.get("extra")]
            for section in fow.SPEC.sections}
    assert {prefix: rows for prefix, rows in left.items() if rows} == {}
    assert common.initial_to_scenario(fow.SPEC, data) == board
