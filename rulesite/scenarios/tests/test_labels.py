"""Ruling pages in the reader's language: board values, basis notes and rule excerpts."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.utils import translation

from engine.core.rules import RULING_BASIS
from engine.ygo.duel import OLDER_DOCUMENT_BASIS
from rulesite.rules.textnorm import to_script
from rulesite.scenarios.labels import basis_label, board_label

CJK = re.compile(r"[\u4e00-\u9fff]")


class BoardLabelTests:
    def test_a_zone_and_a_position_are_named_in_the_active_language(self):
        with translation.override("zh-hant"):
            assert board_label("ygo", "zone", "monster_zone") == "怪獸區"
            assert board_label("ygo", "position", "attack") == "攻擊表示"
        with translation.override("en"):
            assert board_label("ygo", "zone", "monster_zone") == "Monster Zone"
            assert board_label("fow", "zone", "stone_area") == "Magic stone area"
            assert board_label("mtg", "type", "creature") == "Creature"

    def test_an_unknown_value_is_shown_as_stored_and_a_missing_one_as_nothing(self):
        assert board_label("ygo", "zone", "somewhere_else") == "somewhere_else"
        assert board_label("chess", "zone", "board") == "board"
        assert board_label("ygo", "position", None) == ""
        assert board_label(None, "zone", ["hand"]) == ""


class BasisLabelTests:
    def test_the_engine_notes_are_translated(self):
        with translation.override("zh-hans"):
            assert CJK.search(basis_label(RULING_BASIS))
            assert "2011" in basis_label(OLDER_DOCUMENT_BASIS) and CJK.search(basis_label(OLDER_DOCUMENT_BASIS))
        with translation.override("en"):
            assert basis_label(OLDER_DOCUMENT_BASIS).startswith("Cited from the 2011 rulebook")

    def test_an_unknown_note_is_kept_and_none_is_empty(self):
        assert basis_label("judge's own note") == "judge's own note"
        assert basis_label(None) == "" and basis_label("") == ""


class ScriptTests:
    def test_text_is_brought_into_the_script_of_the_language(self):
        assert to_script("連鎖的構造", "zh-hans") == "连锁的构造"
        assert to_script("连锁的构造", "zh-hant") == "連鎖的構造"

    def test_other_languages_and_latin_text_are_unchanged(self):
        assert to_script("連鎖的構造", "en") == "連鎖的構造"
        assert to_script("連鎖的構造", None) == "連鎖的構造"
        assert to_script("613.8a dependency", "zh-hans") == "613.8a dependency"


@pytest.mark.django_db
class RulingPageLanguageTests:
    @pytest.fixture
    def ruling(self):
        from rulesite.api.tests.test_api import MIRROR_FORCE
        from rulesite.scenarios.services import scenario_create

        scenario, _ = scenario_create(scenario=MIRROR_FORCE)
        return scenario

    def test_the_board_names_zones_and_positions_in_chinese(self, client, ruling):
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = "zh-hant"
        body = client.get(f"/r/{ruling.code}/").content.decode()
        assert "<td>monster_zone</td>" not in body and "怪獸區" in body

    def test_rule_excerpts_follow_the_readers_script(self, client, ruling):
        from rulesite.scenarios.selectors import cite

        step = {"rule": {"document": "ygo-rulebook-mr2", "number": "ch4.13"}}
        with translation.override("zh-hans"):
            simplified = cite([step])[0]["rule"]
        with translation.override("zh-hant"):
            traditional = cite([step])[0]["rule"]
        with translation.override("en"):
            original = cite([step])[0]["rule"]
        assert original["excerpt"], "the MR2 rulebook is imported by the test database"
        assert simplified["excerpt"] == to_script(original["excerpt"], "zh-hans")
        assert traditional["excerpt"] == to_script(original["excerpt"], "zh-hant")
        assert simplified["excerpt"] != traditional["excerpt"]


@pytest.mark.django_db
def test_the_magic_board_after_shows_power_and_toughness_after_the_layers(client):
    from rulesite.scenarios.services import scenario_create

    document = {
        "format": "1", "game": "mtg", "ruleset": "cr-2022-04-29", "options": {},
        "players": [{"id": "p1", "life": 20}, {"id": "p2", "life": 20}], "turn": {"active": "p1", "step": "main1"},
        "objects": [{"id": "ogre", "name": "Gray Ogre", "owner": "p1", "zone": "battlefield", "mana_cost": "{2}{R}",
                     "types": ["creature"], "subtypes": ["Ogre"], "power": 2, "toughness": 2}],
        "chain": [], "pending": [],
        "effects": [{"id": "pump", "do": "modify_pt", "power": 3, "toughness": 3, "affected": ["ogre"]}],
        "actions": [],
    }
    scenario, _ = scenario_create(scenario=document)
    body = client.get(scenario.get_absolute_url(), headers={"accept-language": "en"}).content.decode()
    before = body.split('id="before-h"', 1)[1].split("</section>", 1)[0]
    after = body.split('id="after-h"', 1)[1].split("</section>", 1)[0]
    assert ">2/2<" in before and ">5/5<" in after


class SummaryTests:
    def test_damage_to_a_creature_names_it_and_a_given_choice_is_not_called_open(self):
        from rulesite.scenarios.presentation import summarize

        trace = [
            {"kind": "resolve", "message_id": "mtg.resolve", "params": {"item": "s1", "card_name": "Zap"}, "text": "s1 resolves: Zap."},
            {"kind": "damage", "message_id": "mtg.damage.creature", "params": {"source": "zap", "target": "bear", "amount": 3}},
            {"kind": "choice", "message_id": "mtg.choice.made", "params": {"choice": "may:x:0", "chosen": True}},
        ]
        result = {"objects": [{"id": "bear", "name": "Grizzly Bears"}], "players": [], "winner": None, "complete": True}
        with translation.override("en"):
            text = " ".join(summarize(trace, result))
        assert "Grizzly Bears takes 3 damage" in text and "?" not in text and "left open" not in text

    def test_an_answer_resting_on_an_uncovered_point_says_so(self):
        from engine.fow.rules import NOT_COVERED
        from rulesite.scenarios.presentation import summarize

        trace = [{"kind": "copy", "message_id": "fow.copy.judgment", "params": {}, "rule": None,
                  "source": f"{NOT_COVERED}: copy_judgment"}]
        with translation.override("en"):
            text = " ".join(summarize(trace, {"players": [], "objects": [], "winner": None, "complete": True}))
        assert "does not cover" in text


def test_the_stack_drawing_shows_a_trigger_above_its_own_spell_and_ignores_resolution_parts():
    import json as _json
    from pathlib import Path

    import engine
    from django.conf import settings

    from rulesite.scenarios.presentation import chain_snapshots, object_names

    path = sorted((Path(settings.BASE_DIR) / "fixtures" / "scenarios" / "mtg").glob("faq-bloodbraid-elf-cascade.json"))[0]
    output = engine.resolve(_json.loads(path.read_text())["scenario"])
    snapshots = [s for s in chain_snapshots(output["trace"], object_names(output["result"])) if s.step]
    first = snapshots[0]
    assert first.step["params"]["item_kind"] == "triggered"
    assert [c.name for c in first.cards][-1] == "Bloodbraid Elf" and len(first.cards) == 2
    items = [s.step["params"]["item"] for s in snapshots]
    assert len(items) == len(set(items)), "each stack item leaves the stack once"


def test_builder_labels_numbered_per_player_follow_the_language_of_the_request():
    from rulesite.scenarios.builders import fow, mtg

    with translation.override("zh-hans"):
        labels = [str(spec.label) for spec in (*mtg.SETUP, *fow.SETUP)]
    assert "Player 1 name" not in labels and "玩家1名称" in labels
    with translation.override("en"):
        assert "Player 1 name" in [str(spec.label) for spec in mtg.SETUP]


def test_english_steps_read_as_words_and_lists_not_as_python():
    from rulesite.scenarios.messages import translate_step

    step = {"message_id": "mtg.illegal.block", "params": {"card": "x", "card_name": "Hill Giant", "attacker": "a", "why": "cannot_block"},
            "text": "Hill Giant cannot block a (cannot_block)."}
    assert translate_step(step, "en") == "Hill Giant cannot block a (cannot block)."
    listing = {"message_id": "fow.priority", "params": {"player": "p1", "timing": "main", "chase": 0, "may_play": ["mir"]},
               "text": "p1 has priority (main timing, 0 item(s) on the chase); may play: mir."}
    assert "may play: mir." in translate_step(listing, "en", {"p1": "Alice"})
    assert "['" not in translate_step(listing, "en", {"p1": "Alice"})
