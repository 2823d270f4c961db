"""Builder rows derived from a vocabulary registry (rulesite/scenarios/builders/vocab.py)."""

from __future__ import annotations

import doctest

from django.utils import translation

from engine.core.schema import Boolean, Choice, Const, Integer, ListOf, MapOf, Ref, Text
from engine.tests.test_vocabulary_core import TOY
from rulesite.scenarios.builders import vocab


class BuilderVocabularyTests:
    def test_the_doctest_runs(self):
        assert doctest.testmod(vocab).failed == 0

    def test_a_tagged_slot_gives_the_switch_its_entries_and_each_entry_its_fields(self):
        switch, fields, uses = vocab.slot_fields(TOY, "instruction")
        assert switch.key == "do" and switch.kind == "choice" and switch.choices == ("destroy", "damage", "ward")
        assert str(switch.labels["destroy"]) == "Destroy"
        by_name = {f.name: f for f in fields}
        assert by_name["object"].kind == "ref" and by_name["amount"].kind == "amount"
        assert by_name["filter"].kind == "record" and [p.key for p in by_name["filter"].parts] == ["types"]
        assert uses == {"destroy": "optional object filter", "damage": "optional amount", "ward": "optional"}

    def test_a_ruleset_leaves_out_the_entries_it_does_not_have(self):
        switch, _, uses = vocab.slot_fields(TOY, "instruction", ruleset="v1")
        assert "ward" not in switch.choices and "ward" not in uses

    def test_field_kinds_follow_the_schema(self):
        assert vocab.spec_kind(Text()) == "text" and vocab.spec_kind(Text(max_length=4000)) == "longtext"
        assert vocab.spec_kind(Integer()) == "int"
        assert vocab.spec_kind(Choice(values=("a",))) == "choice"
        assert vocab.spec_kind(ListOf(item=Ref())) == "refs"
        assert vocab.spec_kind(ListOf(item=Choice(values=("a",)))) == "words"
        assert vocab.spec_kind(MapOf()) == "counts"

    def test_a_value_of_a_named_slot_is_a_choice_of_its_entries_and_a_list_of_them_words(self):
        duration = TOY.use("duration")
        assert vocab.spec_kind(duration) == "choice" and vocab.spec_kind(ListOf(item=duration)) == "words"
        values, labels = vocab.choices_of(duration)
        assert values == ("end_of_turn",) and str(labels["end_of_turn"]) == "Until end of turn"
        spec = vocab.field_spec(TOY, "lasts", duration)
        assert spec.kind == "choice" and spec.choices == ("end_of_turn",)

    def test_a_boolean_is_a_check_box_when_its_absence_means_false_else_a_yes_no_choice(self):
        assert vocab.spec_kind(Boolean(default=False)) == "flag" and vocab.spec_kind(Const(value=True)) == "flag"
        assert vocab.spec_kind(Boolean()) == "yesno"

    def test_a_named_slot_is_a_choice(self):
        spec = vocab.named_choice(TOY, "duration", "duration")
        assert spec.choices == ("end_of_turn",) and str(spec.labels["end_of_turn"]) == "Until end of turn"

    def test_labels_are_translated_when_shown_not_when_built(self, monkeypatch):
        label = vocab.translated("Destroy")
        seen = []
        monkeypatch.setattr(vocab, "pgettext", lambda context, text: seen.append((context, text)) or "摧毁")
        assert seen == []
        with translation.override("zh-hans"):
            assert str(label) == "摧毁"
        assert seen == [("vocabulary", "Destroy")]
