"""The vocabulary machinery (engine/core/vocabulary.py) on a small vocabulary of its own."""

from __future__ import annotations

import pytest

from engine.core import Rule
from engine.core.validation import Checker
from engine.core.vocabulary import (
    KEYED, NAMED, TAGGED, Boolean, Choice, Either, Integer, ListOf, Record, Ref, Row, Text, Validation, Vocabulary,
    check_example, entries_used,
)


def _vocabulary() -> Vocabulary:
    toy = Vocabulary("toy", cite=lambda key, ruleset: Rule(f"toy-{ruleset}", key) if key != "old-only" or ruleset == "v1" else None,
                     rulesets=("v1", "v2"))
    toy.slot("instruction", style=TAGGED, kind="verb", label="Instruction", tag="do",
             common={"optional": Boolean(help="the player may decline it")})
    toy.slot("filter", style=KEYED, kind="filter", label="Filter key", allow_empty=True)
    toy.slot("amount", style=KEYED, kind="amount", label="Amount", exactly_one=True)
    toy.slot("duration", style=NAMED, kind="duration", label="Duration")
    toy.slot("choice", style=KEYED, kind="choice", label="Choice", prefixed=True)

    @toy.entry("instruction", "destroy", rule="1.1", label="Destroy", doc="Destroys the object.",
               keys={"object": Ref(spaces=("object",), label="Object"), "filter": toy.use("filter")},
               required=("object",), messages=("toy.destroy",), example={"do": "destroy", "object": "a"},
               row=Row(main=("object",)))
    def destroy(state, part):
        return state

    @toy.entry("instruction", "damage", rule="1.2", label="Deal damage", doc="Deals damage.",
               keys={"amount": Either(options=(Integer(low=0, high=99), toy.use("amount")))}, required=("amount",),
               example={"do": "damage", "amount": 3})
    def damage(state, part):
        return state

    toy.define("instruction", "ward", rule="old-only", label="Ward", doc="Only in v2.", rulesets=("v2",),
               example={"do": "ward"})
    toy.define("filter", "types", rule="2.1", label="Types", doc="All of these types.",
               value=ListOf(item=Choice(values=("creature", "land"), what="card type")), example={"types": ["land"]})
    toy.define("amount", "count", rule="3.1", label="Count", doc="How many match.", value=toy.use("filter"),
               keys={"times": Integer(low=1, high=10)}, example={"count": {"types": ["land"]}, "times": 2})
    toy.define("duration", "end_of_turn", rule="4.1", label="Until end of turn", doc="Ends in the cleanup.",
               example="end_of_turn")
    toy.define("choice", "legend", rule="5.1", label="Legend rule", doc="Which one is kept.", key_parts=("player", "name"),
               value=Ref(spaces=("object",)), example={"legend:p1:Alpha": "a"})
    return toy


TOY = _vocabulary()


def _errors(value, slot, ruleset="v1", ids=("a", "b")):
    v = Validation(Checker(), ruleset=ruleset, refs={"object": frozenset(ids)})
    TOY.check(value, ("effects", 0), slot, v)
    return [(e.path, e.message) for e in v.checker.errors], v.used


class VocabularyTests:
    def test_it_accepts_a_tagged_entry_and_records_it_as_used(self):
        errors, used = _errors({"do": "destroy", "object": "a", "optional": True}, "instruction")
        assert errors == []
        assert used == [("instruction", "destroy", "effects[0]")]

    def test_it_refuses_an_unknown_tag_naming_the_path_and_the_nearest_name(self):
        errors, _ = _errors({"do": "destory", "object": "a"}, "instruction")
        assert errors == [("effects[0].do", 'unknown instruction "destory" (did you mean "destroy"?); '
                                             "expected one of: destroy, damage")]

    def test_it_refuses_an_unknown_key_of_an_entry(self):
        errors, _ = _errors({"do": "destroy", "object": "a", "objetc": "b"}, "instruction")
        assert errors[0][0] == "effects[0].objetc"
        assert 'did you mean "object"' in errors[0][1]

    def test_it_requires_required_keys_and_checks_refs(self):
        assert _errors({"do": "destroy"}, "instruction")[0] == [("effects[0].object", "object is required")]
        errors, _ = _errors({"do": "destroy", "object": "z"}, "instruction")
        assert errors == [("effects[0].object", "unknown object id 'z'")]

    def test_an_entry_of_another_ruleset_is_refused_with_the_rulesets_that_have_it(self):
        errors, _ = _errors({"do": "ward"}, "instruction", ruleset="v1")
        assert errors == [("effects[0].do", "instruction 'ward' does not exist under the ruleset v1 (it is in: v2)")]
        assert _errors({"do": "ward"}, "instruction", ruleset="v2")[0] == []

    def test_a_keyed_slot_checks_each_key_and_the_nested_slots(self):
        errors, used = _errors({"do": "destroy", "object": "a", "filter": {"types": ["land", "plane"]}}, "instruction")
        assert errors == [("effects[0].filter.types[1]", 'unknown card type "plane" (did you mean "land"?); '
                                                          "expected one of: creature, land")]
        assert ("filter", "types", "effects[0].filter.types") not in used
        errors, used = _errors({"do": "destroy", "object": "a", "filter": {"colour": "red"}}, "instruction")
        assert errors[0][0] == "effects[0].filter.colour"

    def test_an_amount_is_an_integer_or_exactly_one_amount_entry_with_its_companions(self):
        assert _errors({"do": "damage", "amount": 3}, "instruction")[0] == []
        errors, used = _errors({"do": "damage", "amount": {"count": {"types": ["land"]}, "times": 2}}, "instruction")
        assert errors == []
        assert [u[:2] for u in used] == [("filter", "types"), ("amount", "count"), ("instruction", "damage")]
        errors, _ = _errors({"do": "damage", "amount": {"power_of": "source"}}, "instruction")
        assert errors[0][0] == "effects[0].amount.power_of"
        errors, _ = _errors({"do": "damage", "amount": {"times": 2}}, "instruction")
        assert errors and "exactly one of: count" in errors[-1][1]
        errors, _ = _errors({"do": "damage", "amount": "3"}, "instruction")
        assert errors == [("effects[0].amount", "effects[0].amount must be integer 0–99 or AMOUNT, not \"3\"")]

    def test_a_named_slot_takes_a_string(self):
        assert _errors("end_of_turn", "duration")[0] == []
        assert _errors("end_of_trun", "duration")[0][0][1].startswith('unknown duration "end_of_trun" (did you mean')

    def test_a_prefixed_key_names_its_entry_by_the_part_before_the_colon(self):
        assert _errors({"legend:p1:Alpha": "a"}, "choice")[0] == []
        errors, _ = _errors({"legend:p1": "a"}, "choice")
        assert errors == [("effects[0].legend:p1", "a legend key is legend:<player>:<name>")]
        errors, _ = _errors({"legnd:p1:Alpha": "a"}, "choice")
        assert 'did you mean "legend"' in errors[0][1]

    def test_every_example_checks_in_its_slot(self):
        assert {entry.ref: check_example(TOY, entry) for entry in TOY.entries()} == {e.ref: [] for e in TOY.entries()}

    def test_entries_used_walks_without_ids(self):
        used = entries_used(TOY, {"do": "destroy", "object": "anything"}, "instruction", ruleset="v1")
        assert used == [("instruction", "destroy", "")]

    def test_the_json_gives_schema_rule_per_ruleset_and_row(self):
        data = TOY.to_json()
        destroy = data["slots"][0]["entries"][0]
        assert destroy["ref"] == "instruction:destroy"
        assert destroy["rule"] == {"v1": [{"document": "toy-v1", "number": "1.1"}],
                                   "v2": [{"document": "toy-v2", "number": "1.1"}]}
        assert destroy["keys"]["object"]["spaces"] == ["object"]
        assert destroy["row"] == {"main": ["object"], "extra": []}
        assert destroy["topic"] == __name__
        assert TOY.entry_json(TOY.get("instruction", "ward"))["rule"] == {"v2": []}

    def test_registering_twice_or_without_a_rule_is_refused(self):
        with pytest.raises(ValueError, match="registered twice"):
            TOY.define("duration", "end_of_turn", rule="4.1", label="", doc="")
        with pytest.raises(ValueError, match="names no rule"):
            TOY.define("duration", "forever", rule=(), label="", doc="")
        with pytest.raises(ValueError, match="needs a value schema"):
            TOY.define("filter", "colors", rule="2.2", label="", doc="")

    def test_the_markdown_lists_each_entry_with_its_keys_rule_and_example(self):
        text = TOY.markdown("instruction")
        assert "* **`destroy`** — Destroy. Destroys the object." in text
        assert "  Rule: v1: 1.1; v2: 1.1." in text
        assert "  - `object` (required): the id of an object" in text
        assert 'Example: `{"do": "destroy", "object": "a"}`' in text

    def test_a_record_refuses_unknown_keys(self):
        record = Record(fields={"a": Text(), "b": Integer()}, required=("a",))
        v = Validation(Checker())
        assert record.check({"a": "x", "c": 1}, ("x",), v) is False
        assert [e.path for e in v.checker.errors] == ["x.c"]
