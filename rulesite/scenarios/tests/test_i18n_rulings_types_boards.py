"""The last English on Chinese pages (issue 12): ruling sources, a game's own field types'
descriptions and the board's words, translated where a catalogue has them, English otherwise."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.utils import translation

from engine.core import ruling_sources
from rulesite.scenarios import boards, messages
from rulesite.scenarios.messages import RULING_CONTEXT, TYPE_CONTEXT, ruling_msgids, translate_ruling, type_msgids
from rulesite.scenarios.vocabulary import type_html

ROOT = Path(__file__).resolve().parents[3]
GOLDEN = ROOT / "fixtures" / "scenarios" / "ygo"
HALF_UP = "halving LP rounds half up (not in the Master Rule 2 rulebook; stated in the ARC-V OCG rules)"
ARCV_TO_GY = ("a resolved Normal, Quick-Play or Ritual Spell, or Normal or Counter Trap, stays on the field until the "
              "whole chain has resolved and is then sent to the Graveyard; 3.3.1.i9 and 3.3.3.1.i2 say only 'after its "
              "effect is resolved'")


def _store(name: str):
    from rulesite.scenarios.services import scenario_create

    scenario, _ = scenario_create(scenario=json.loads((GOLDEN / name).read_text(encoding="utf-8"))["scenario"])
    return scenario


class RulingSourceTests:
    def test_every_ruling_source_of_every_ruleset_is_a_msgid(self):
        listed = {source for sources in ruling_sources().values() for source in sources}
        assert {source for _where, source in ruling_msgids()} == listed and len(listed) > 40
        generated = messages.engine_msgids_source()
        assert all(f"pgettext_lazy({RULING_CONTEXT!r}, {source!r})" in generated for source in listed)

    def test_every_source_reads_in_chinese_with_the_games_terms(self):
        with translation.override("zh-hans"):
            shown = {source: translate_ruling(source) for _where, source in ruling_msgids()}
            assert [source for source, text in shown.items() if text == source] == []
            assert translate_ruling(HALF_UP).startswith("基本分减半")
            assert "ARC-V OCG规则" in translate_ruling(HALF_UP)
            assert translate_ruling("not covered by this document: who chooses the cards discarded (10.18)") == \
                "本文档未涉及：丢弃的卡由谁选择（10.18）"
        with translation.override("zh-hant"):
            assert translate_ruling(HALF_UP).startswith("生命點數減半")  # the MR2 rulebook's Traditional term

    def test_english_a_url_and_an_unknown_source_stay_as_stored(self):
        with translation.override("en"):
            assert translate_ruling(HALF_UP) == HALF_UP
        with translation.override("zh-hans"):
            assert translate_ruling("https://example.org/ruling/1") == "https://example.org/ruling/1"
            assert translate_ruling("a ruling from a newer engine") == "a ruling from a newer engine"
            assert translate_ruling(None) == ""


@pytest.mark.django_db
class RulingSourcePageTests:
    def test_a_ruling_page_shows_the_source_in_chinese_and_the_json_keeps_english(self, client):
        scenario = _store("arcv-cost-not-refunded.json")
        body = client.get(f"/r/{scenario.code}/", headers={"accept-language": "zh-CN"}).content.decode()
        assert '<span class="basis-source">已处理的通常魔法、速攻魔法' in body
        assert "stays on the field until the whole chain" not in body
        assert any(step.get("source") == ARCV_TO_GY for step in scenario.trace)
        english = client.get(f"/r/{scenario.code}/", headers={"accept-language": "en"}).content.decode()
        assert "stays on the field until the whole chain has resolved" in english

    def test_the_vocabulary_page_shows_the_basis_in_chinese(self, client):
        body = client.get("/engine/vocabulary/fow/", headers={"accept-language": "zh-CN"}).content.decode()
        counters = body.split('id="instruction-add_counter"', 1)[1].split("</article>", 1)[0]
        assert "本文档未涉及：指示物属于卡片文字；白皮书未定义任何指示物" in counters
        assert "counters are card text" not in counters
        ygo = client.get("/engine/vocabulary/ygo/", headers={"accept-language": "zh-CN"}).content.decode()
        assert "(not in the Master Rule 2 rulebook" not in ygo

    def test_an_untranslated_source_falls_back_to_english(self, client, monkeypatch):
        real = messages.pgettext
        monkeypatch.setattr(messages, "pgettext", lambda context, text: text if text == ARCV_TO_GY else real(context, text))
        scenario = _store("arcv-cost-not-refunded.json")
        body = client.get(f"/r/{scenario.code}/", headers={"accept-language": "zh-CN"}).content.decode()
        assert f'<span class="basis-source">{ARCV_TO_GY.replace(chr(39), "&#x27;")}</span>' in body


class FieldTypeTests:
    @staticmethod
    def _described(schema, out):
        """Collect the describe() of every schema a vocabulary page shows as it is (not composed)."""
        if not isinstance(schema, dict):
            return
        if schema.get("type") not in messages.COMPOSED_TYPES:
            out.add(schema.get("describe"))
        for key in ("item", "key", "value"):
            FieldTypeTests._described(schema.get(key), out)
        for option in schema.get("options") or ():
            FieldTypeTests._described(option, out)
        for inner in (schema.get("fields") or {}).values():
            FieldTypeTests._described(inner, out)

    def test_every_description_a_page_shows_is_a_msgid_and_has_chinese(self):
        from engine.core.vocabulary import vocabularies

        shown: set[str] = set()
        for vocabulary in vocabularies():
            data = vocabulary.to_json()
            for slot in data["slots"]:
                for schema in (slot.get("common") or {}).values():
                    self._described(schema, shown)
                for entry in slot["entries"]:
                    for schema in [*(entry.get("keys") or {}).values(), entry.get("value")]:
                        self._described(schema, shown)
        msgids = {text for _where, text in type_msgids()}
        assert shown and shown <= msgids
        with translation.override("zh-hans"):
            assert [t for t in msgids if translation.pgettext(TYPE_CONTEXT, t) == t] == []

    def test_a_list_of_a_games_own_type_reads_in_chinese_and_english_is_unchanged(self):
        schema = {"type": "listof", "item": {"type": "targetspec",
                                             "describe": "FILTER (a card) or TARGET (a player, a chase item)"}}
        with translation.override("zh-hans"):
            assert "FILTER（一张卡）或 TARGET（一名玩家、一个连锁区对象）" in str(type_html(schema, {}))
        with translation.override("en"):
            assert str(type_html(schema, {})) == "list of FILTER (a card) or TARGET (a player, a chase item)"
        with translation.override("zh-hans"):  # not in the catalogue: as the engine writes it
            assert "a brand-new type" in str(type_html({"type": "new", "describe": "a brand-new type"}, {}))

    @pytest.mark.django_db
    def test_the_fow_vocabulary_page_has_no_english_type_description(self, client):
        body = client.get("/engine/vocabulary/fow/", headers={"accept-language": "zh-CN"}).content.decode()
        assert "the index of a chosen target" not in body and "所选对象的序号（0、1……）" in body
        assert "(a card) or TARGET" not in body


class BoardWordTests:
    BOARD = {"turn": {"active": "p1", "phase": "main1", "number": 3},
             "players": {"p1": {"lp": 8000}},
             "objects": {"c": {"zone": "spell_trap_zone", "controller": "p1"}},
             "chain": {"1": {"card": "c", "effect": 0, "controller": "p1", "spell_speed": 2, "targets": []}}}

    def test_the_turn_number_and_a_links_effect_read_in_chinese(self):
        with translation.override("zh-hans"):
            view = boards.board_view(self.BOARD, game="ygo", names={"c": "Call of the Haunted"}, zones=[])
            assert ("回合数", "3") in [(f.label, f.text) for f in view.facts]
            link = view.chain[0]
            assert ("效果", "第1个") in [(f.label, f.text) for f in link.facts]
            data = boards.stepper_data(initial=self.BOARD, trace=[], complete=True, game="ygo", names={}, zones=[])
            assert data["keys"]["number"] == "回合数" and data["keys"]["effect"] == "效果"
            assert data["terms"]["effect"] == {"0": "第1个"}

    def test_english_counts_the_effect_from_one_too(self):
        with translation.override("en"):
            assert boards.value_text("ygo", "effect", 1) == "no. 2"
            assert boards.key_label("number") == "turn number"
            assert boards.value_text("ygo", "spell_speed", 2) == "2"
