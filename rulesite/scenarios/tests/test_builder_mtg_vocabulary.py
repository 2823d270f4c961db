"""The Magic board form derives its vocabulary from the engine's registry
(rulesite/scenarios/builders/mtg.py, mtg_fields.py): every entry of every slot it shows is
offered with the registry's label, each entry's row has a field for each of its keys (or the
key is a list of rows of their own), and each entry's example goes through the form and back
with no key left to the row's JSON."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from django.utils import translation

from engine.core.schema import Field, Use
from engine.core.validation import Checker
from engine.core.vocabulary import NAMED, Entry
from engine.mtg import scenario as mtg_scenario
from engine.mtg.effects import DOCUMENT_EFFECTS, STATIC_EFFECTS
from engine.mtg.filters import STATIC_CONDITIONS
from engine.mtg.vocabulary import VOCABULARY, Deferred, Only
from rulesite.scenarios.builders import common, mtg, mtg_fields

NOT_OFFERED: dict[tuple[str, str], str] = {
    ("effects", name): "a document effect is one the engine reads from the effects in force "
                       "(engine.mtg.effects.DOCUMENT_EFFECTS); this one only a static ability has"
    for name in VOCABULARY.names("effect") if name not in DOCUMENT_EFFECTS
}
"""``(section prefix, entry)`` → why the section's switch does not offer that entry of its slot."""
NOT_ENTRIES = {("abilities", "mode"): "the modes of a modal spell or ability are rows of the abilities section (CR 700.2)"}
"""``(section prefix, switch value)`` → why the switch offers a value that is no entry of its slot."""
SWITCHES = {
    "ability": (mtg.ABILITIES, mtg_scenario.ABILITY_KINDS), "instruction": (mtg.INSTRUCTION_SECTION, ()),
    "effect": (mtg.EFFECTS, ()), "action": (mtg.ACTIONS_SECTION, mtg_scenario.ACTION_TYPES), "choice": (mtg.CHOICES, ()),
}
"""Slot → (the section whose switch lists its entries, the order the engine gives them in, if any)."""
ROWS = {"abilities": mtg.ABILITY_ENTRIES + [mtg.MODE], "instr": [e for e, _k in mtg.INSTRUCTION_ENTRIES],
        "effects": mtg.EFFECT_ENTRIES, "after": mtg.ACTION_ENTRIES}


def english(labels: dict[Any, Any]) -> dict[Any, str]:
    with translation.override("en"):
        return {value: str(label) for value, label in labels.items()}


def held(section: common.Section, key: str, entry: str = "") -> list[common.Spec]:
    """Return the fields of ``key`` (and of the keys inside it) that the row of ``entry`` uses
    (of the whole section without ``entry``)."""
    used = set(section.uses.get(entry, "").split()) if entry else {spec.name for spec in section.fields}
    used |= {name for names in section.details.get(entry, ("", {}))[1].values() for name in names.split()}
    return [spec for spec in section.fields if spec.name in used and (spec.key == key or spec.key.startswith(key + "."))]


def field(section: common.Section, key: str, entry: str = "") -> common.Spec:
    """Return the field of ``key`` the row of ``entry`` uses (any field of that key without one)."""
    return next(spec for spec in held(section, key, entry) if spec.key == key)


KEYS = {
    "abilities": {e.name: {**e.keys, **VOCABULARY.slots["ability"].common} for e in mtg.ABILITY_ENTRIES} | {"mode": mtg.MODE.keys},
    "instr": {e.name: keys for e, keys in mtg.INSTRUCTION_ENTRIES},
    "effects": {e.name: {**e.keys, **mtg_scenario.EFFECT_FRAME} for e in mtg.EFFECT_ENTRIES},
    "after": {e.name: {**e.keys, **VOCABULARY.slots["action"].common} for e in mtg.ACTION_ENTRIES},
}
"""Section prefix → entry → the keys its row takes (the slot's common keys, a document effect's frame)."""


def keys_of(section: common.Section, entry: Entry) -> dict[str, Field]:
    return KEYS[section.prefix][entry.name]


class SwitchTests:
    @pytest.mark.parametrize("slot", sorted(SWITCHES))
    def test_the_switch_offers_every_entry_of_the_slot_with_its_label(self, slot):
        section, order = SWITCHES[slot]
        switch = section.fields[0]
        assert switch.name == (section.switch or "kind")  # the choices made: a row per key of options.choices
        offered = [v for v in switch.choices if (section.prefix, v) not in NOT_ENTRIES]
        expected = [n for n in (order or VOCABULARY.names(slot)) if (section.prefix, n) not in NOT_OFFERED]
        if slot == "instruction":
            expected += [n for n in VOCABULARY.names("effect") if not VOCABULARY.has("instruction", n)]
        assert offered == expected
        assert set(expected) | {n for (p, n) in NOT_OFFERED if p == section.prefix} >= set(VOCABULARY.names(slot))
        labels = english(switch.labels)
        for name in offered:
            entry = VOCABULARY.get(slot, name) if VOCABULARY.has(slot, name) else VOCABULARY.get("effect", name)
            assert labels[name] == entry.label

    def test_every_continuous_effect_is_an_ability_effect_and_a_document_one_where_the_engine_reads_it(self):
        instr = mtg.INSTRUCTION_SECTION.fields[0].choices
        assert set(VOCABULARY.names("effect")) <= set(instr)
        assert set(mtg.EFFECTS.fields[0].choices) == set(VOCABULARY.names("effect")) & set(DOCUMENT_EFFECTS)

    @pytest.mark.parametrize("name", sorted(n for (p, n) in NOT_OFFERED if p == "effects"))
    def test_an_effect_left_out_of_the_document_effects_is_one_the_engine_refuses_there(self, name):
        doc = {"format": "1", "game": "mtg", "ruleset": "cr-2022-04-29", "players": [{"id": "p1"}, {"id": "p2"}],
               "turn": {"active": "p1"}, "objects": [], "effects": [copy.deepcopy(VOCABULARY.get("effect", name).example)]}
        checker = Checker()
        mtg_scenario.validate(doc, checker)
        assert any(error.path.startswith("effects[0]") for error in checker.errors), name

    def test_the_values_that_are_no_entries_are_listed_with_a_reason(self):
        extra = {(section.prefix, v) for section, _order in SWITCHES.values() for v in section.fields[0].choices
                 if not any(VOCABULARY.has(slot, v) for slot in ("ability", "instruction", "effect", "action", "choice"))}
        assert extra == set(NOT_ENTRIES)


class EntryRowTests:
    @pytest.mark.parametrize("prefix", sorted(ROWS))
    def test_each_entry_uses_a_field_for_each_of_its_keys_or_holds_it_as_rows(self, prefix):
        section = mtg.SPEC.section(prefix)
        lists = {(child.holder, ".".join(child.key)) for child in mtg.CHILDREN}
        for entry in ROWS[prefix]:
            for key, schema in keys_of(section, entry).items():
                rows = _rows(schema)
                assert held(section, key, entry.name) or rows, f"{entry.ref}: no field for {key}"
                if rows:
                    assert (prefix, key) in lists, f"{entry.ref}: {key} is rows of {rows} but no child list"

    @pytest.mark.parametrize("prefix", sorted(ROWS))
    def test_a_named_slot_key_offers_the_entries_it_takes_and_a_keyed_one_a_field_per_entry(self, prefix):
        section = mtg.SPEC.section(prefix)
        for entry in ROWS[prefix]:
            for key, schema in keys_of(section, entry).items():
                for option in getattr(schema, "options", (schema,)):
                    if isinstance(option, Use) and VOCABULARY.slots[option.slot].style == NAMED:
                        wanted = list(option.names) if isinstance(option, Only) else VOCABULARY.names(option.slot)
                        assert set(wanted) <= set(field(section, key, entry.name).choices), f"{entry.ref}.{key}"
                    elif isinstance(option, Use) and option.slot in ("cost", "condition"):
                        for name in mtg_fields.allowed(option):
                            assert held(section, f"{key}.{name.name}", entry.name), f"{entry.ref}.{key}.{name.name}"

    def test_the_replaced_events_and_trigger_events_are_the_slots_entries(self):
        for section in (mtg.ABILITIES, mtg.EFFECTS, mtg.INSTRUCTION_SECTION):
            event = field(section, "event", "replacement")
            assert event.choices == tuple(VOCABULARY.names("replacement"))
            assert english(event.labels) == {e.name: e.label for e in VOCABULARY.entries("replacement")}
            for entry in VOCABULARY.entries("replacement"):
                for key in entry.keys:
                    assert held(section, key, "replacement") or _rows(entry.keys[key]), f"{entry.ref}.{key}"
        trigger = field(mtg.ABILITIES, "trigger.event", "triggered")
        assert trigger.choices == tuple(VOCABULARY.names("trigger"))
        assert english(trigger.labels) == {e.name: e.label for e in VOCABULARY.entries("trigger")}
        for entry in VOCABULARY.entries("trigger"):
            for key in entry.keys:
                assert held(mtg.ABILITIES, f"trigger.{key}", "triggered"), f"{entry.ref}.{key}"

    def test_a_label_is_the_registry_s_or_names_the_place_of_a_key_the_registry_labels_by_type(self):
        for prefix, entries in ROWS.items():
            section = mtg.SPEC.section(prefix)
            for entry in entries:
                for key, schema in keys_of(section, entry).items():
                    if not schema.label or _rows(schema) or isinstance(schema, Deferred):
                        continue
                    own = [spec for spec in held(section, key, entry.name) if spec.key == key]
                    if not own:
                        continue  # held by the fields of its parts (a cost, a token)
                    label = english({0: own[0].label})[0]
                    if schema.label in mtg_fields.GENERIC_LABELS and key in mtg_fields.KEY_LABELS:
                        assert label == english(mtg_fields.KEY_LABELS)[key], f"{entry.ref}.{key}"
                    else:
                        assert label in _labels_of_key(section, key), f"{entry.ref}.{key}: {label}"

    def test_a_required_key_held_by_one_field_is_needed(self):
        for prefix, entries in ROWS.items():
            section = mtg.SPEC.section(prefix)
            for entry in entries:
                for key in entry.required:
                    specs = held(section, key, entry.name)
                    if specs and all(s.key == key for s in specs):
                        assert set(section.needs[entry.name]) & {s.name for s in specs}, f"{entry.ref}.{key}"
        assert set(mtg.NEEDS) <= {(e.name, k) for e in mtg.ACTION_ENTRIES for k in e.required}


def _rows(schema: Field) -> str:
    return next((mtg_fields.rows_of(o) for o in getattr(schema, "options", (schema,)) if mtg_fields.rows_of(o)), "")


def _labels_of_key(section: common.Section, key: str) -> set[str]:
    """Return the English labels the registry gives ``key`` in the entries of ``section``'s slot(s)."""
    labels = set()
    for entry in ROWS[section.prefix]:
        schema = keys_of(section, entry).get(key)
        if schema is not None:
            labels |= {o.label for o in (schema, *getattr(schema, "options", ())) if o.label}
    return labels


class KeyedAndNamedSlotTests:
    def test_a_filter_has_a_part_for_every_filter_entry_labelled_as_the_entry(self):
        assert [part.key for part in mtg.FILTER] == VOCABULARY.names("filter")
        assert english({p.key: p.label for p in mtg.FILTER}) == {e.name: e.label for e in VOCABULARY.entries("filter")}

    def test_a_target_row_has_a_field_for_every_target_entry(self):
        keys = {spec.key for spec in mtg.TARGETS.fields}
        assert set(VOCABULARY.names("target")) == keys
        for entry in VOCABULARY.entries("target"):
            assert english({0: field(mtg.TARGETS, entry.name).label})[0] == entry.label

    def test_every_cost_is_a_field_of_an_activated_ability(self):
        for name in VOCABULARY.names("cost"):
            assert held(mtg.ABILITIES, f"cost.{name}", "activated"), name

    def test_additional_costs_name_every_entry(self):
        spec = field(mtg.ACTIONS_SECTION, "additional_costs", "cast")
        declared = VOCABULARY.slots["additional_cost"]
        assert spec.kind == "pairs" and spec.choices == (declared.tag, "object")
        assert all(name in english({0: spec.help})[0] for name in VOCABULARY.names("additional_cost"))

    def test_amounts_read_from_the_game_are_written_as_words_and_a_count_as_a_filter(self):
        for entry in VOCABULARY.entries("amount"):
            if isinstance(entry.value, Use) and entry.value.slot == "filter":
                assert field(mtg.INSTRUCTION_SECTION, f"amount.{entry.name}", "deal_damage").kind == "record"
            else:
                assert entry.name in common.DYNAMIC_AMOUNTS

    def test_zones_counters_keywords_durations_steps_and_rulesets_come_from_the_registry(self):
        assert field(mtg.CARDS, "zone").choices == tuple(VOCABULARY.names("zone"))
        assert field(mtg.INSTRUCTION_SECTION, "kind", "add_counters").choices == tuple(VOCABULARY.names("counter"))
        keyword = field(mtg.ABILITIES, "keyword", "keyword")
        assert keyword.choices == tuple(VOCABULARY.names("keyword"))
        assert english(keyword.labels) == {e.name: e.label for e in VOCABULARY.entries("keyword")}
        assert set(field(mtg.EFFECTS, "duration", "indestructible").choices) == set(mtg_scenario.DURATIONS)
        setup = {spec.name: spec for spec in mtg.SETUP}
        assert setup["step"].choices == mtg_scenario.STEP.values
        assert setup["ruleset"].choices == VOCABULARY.rulesets

    def test_the_choices_made_are_the_choice_slot_s_entries_and_the_only_option(self):
        assert VOCABULARY.names("option") == ["choices"] and mtg.CHOICES.store == ("options", "choices")
        assert set(mtg.CHOICES.uses) == set(VOCABULARY.names("choice"))
        subject = english({0: field(mtg.CHOICES, "subject").help})[0]
        assert all(f"{e.name}:" in subject for e in VOCABULARY.entries("choice") if e.key_parts)

    def test_a_new_entry_is_offered_with_its_keys(self):
        new = Entry(slot="action", name="concede", label="Concede", doc="", rule=("104.3a",), keys={"player": mtg_scenario.PLAYER_ID})
        section = mtg_fields.tagged_section("after", "actions", [(e, e.keys) for e in mtg.ACTION_ENTRIES] + [(new, new.keys)],
                                            mtg_fields.switch_spec("type", "Then", [*mtg.ACTION_ENTRIES, new]), "", "", "", "")
        assert section.fields[0].choices[-1] == "concede"
        assert field(section, "player", "concede").kind == "choice"


def _board(**parts: Any) -> dict[str, Any]:
    doc = {"format": "1", "game": "mtg", "ruleset": "cr-2022-04-29", "options": {},
           "players": [{"id": "p1", "life": 20}, {"id": "p2", "life": 20}], "turn": {"active": "p1", "step": "main1"},
           "objects": [], "chain": [], "pending": [], "effects": [], "actions": []}
    return doc | parts


def _card(**kw: Any) -> dict[str, Any]:
    return {"id": "c1", "name": "Card", "owner": "p1", "zone": "battlefield", **kw}


def _names(entry: str, key: str) -> set[str]:
    """Return the entries a key takes (an ``Only``'s names or its slot's, from any of its alternatives)."""
    schema = VOCABULARY.get("instruction", entry).keys[key] if VOCABULARY.has("instruction", entry) else None
    options = getattr(schema, "options", (schema,))
    return {n for o in options if isinstance(o, Use) for n in (o.names if isinstance(o, Only) else VOCABULARY.names(o.slot))}


def _placed(entry: Entry) -> list[dict[str, Any]]:
    """Return boards that hold ``entry``'s example where a document writes a value of its slot."""
    example = copy.deepcopy(entry.example)
    ability = lambda **kw: _board(objects=[_card(abilities=[kw])])  # noqa: E731
    slot, name = entry.slot, entry.name
    if slot == "action":
        return [_board(actions=[example])]
    if slot == "ability":
        return [_board(objects=[_card(abilities=[example])])]
    if slot == "instruction":
        return [ability(kind="activated", effects=[example])]
    if slot == "effect":
        return ([_board(effects=[example])] if name in DOCUMENT_EFFECTS else []) + (
            [ability(kind="static", effects=[example])] if name in STATIC_EFFECTS else [])
    if slot == "replacement":
        return [ability(kind="replacement", **example), _board(effects=[{"do": "replacement", **example}]),
                ability(kind="activated", effects=[{"do": "replacement", **example}])]
    if slot == "trigger":
        return [ability(kind="triggered", trigger=example)]
    if slot == "condition":
        return [ability(kind="activated", effects=[{"do": "draw", "if": example}])] + (
            [ability(kind="static", **{"if": example})] if name in STATIC_CONDITIONS else [])
    if slot == "amount":
        return ([ability(kind="activated", effects=[{"do": "deal_damage", "amount": example}])] if name in _names("deal_damage", "amount")
                else []) + [ability(kind="activated", effects=[{"do": "modify_pt", "power": example}])]
    if slot == "filter":
        return [ability(kind="static", affected=example), ability(kind="spell", targets=[{"filter": example}])]
    if slot == "target":
        return [ability(kind="spell", targets=[example])]
    if slot == "cost":
        return [ability(kind="activated", cost=example)]
    if slot == "additional_cost":
        return [_board(actions=[{"type": "cast", "player": "p1", "card": "c1", "additional_costs": [example]}])]
    if slot == "duration":
        return ([_board(effects=[{"do": "indestructible", "duration": example}])] if name in mtg_scenario.DURATIONS else []) + (
            [ability(kind="activated", effects=[{"do": "indestructible", "duration": example}])]
            if name in _names("indestructible", "duration") else [])
    if slot == "zone":
        return [_board(objects=[_card(zone=example)])]
    if slot == "counter":
        return [_board(objects=[_card(counters={example: 1})]), ability(kind="activated", effects=[{"do": "add_counters", "kind": example}])]
    if slot == "keyword":
        return [ability(kind="keyword", keyword=example)]
    if slot == "choice":
        return [_board(options={"choices": example})]
    if slot == "option":
        return [_board(options=example)]
    raise AssertionError(f"no place for {slot}")


@pytest.mark.parametrize("entry", VOCABULARY.entries(), ids=lambda entry: entry.ref)
def test_the_example_of_every_entry_goes_through_the_form_with_no_key_left_to_json(entry):
    boards = _placed(entry)
    assert boards, f"{entry.ref}: nowhere to put it"
    for board in boards:
        data = common.scenario_to_initial(mtg.SPEC, board)
        left = {section.prefix: [row["extra"] for row in data.get(section.prefix) or [] if row.get("extra")]
                for section in mtg.SPEC.sections}
        assert {prefix: rows for prefix, rows in left.items() if rows} == {} and data["setup"]["extra"] is None
        assert common.initial_to_scenario(mtg.SPEC, data) == board
