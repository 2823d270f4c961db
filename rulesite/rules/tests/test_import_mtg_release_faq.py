"""Tests for the Alara Reborn release FAQ importer, run on the bundled transcription."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from rulesite.rules.importers.base import ImportFormatError
from rulesite.rules.importers.mtg_release_faq import CARD_NAMES, display, mana_cost, parse, slugify

FIXTURE = Path(__file__).resolve().parents[3] / "fixtures" / "documents" / "mtg-arb-faq-2009.txt"


@pytest.fixture(scope="module")
def doc():
    return parse(FIXTURE.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def units(doc):
    return {s.number: s for s in doc.sections}


def test_metadata(doc):
    assert (doc.family, doc.edition, doc.language, doc.game) == ("mtg-arb-faq", "2009", "zh-Hans", "mtg")
    assert doc.slug == "mtg-arb-faq-2009"
    assert doc.effective_date == "2009-04-24"
    assert doc.title == "阿拉若新生常见问题集"


def test_counts(doc):
    kinds = Counter(s.kind for s in doc.sections)
    assert kinds == {"section": 1, "topic": 7, "card": 80, "ruling": 211}  # section: the front matter
    rulings = [s for s in doc.sections if s.kind == "ruling"]
    assert sum(r.parent.startswith("topic-") for r in rulings) == 35
    assert sum(r.parent.startswith("card-") for r in rulings) == 176


def test_cards_follow_the_name_table_in_order(doc):
    cards = [s for s in doc.sections if s.kind == "card"]
    assert [c.data["name_en"] for c in cards] == [en for _, en in CARD_NAMES]
    assert [c.number for c in cards][:4] == [
        "card-gloryscale-viashino", "card-defiler-of-souls", "card-bituminous-blast", "card-bloodbraid-elf",
    ]


def test_numbers_are_unique_and_parents_come_first(doc):
    seen: set[str] = set()
    for unit in doc.sections:
        assert unit.number not in seen
        assert unit.parent is None or unit.parent in seen
        seen.add(unit.number)


def test_topics(doc, units):
    topics = [s for s in doc.sections if s.kind == "topic"]
    assert [t.title for t in topics] == [
        "主题:全部是多色", "关键字异能:倾曳", "复出关键字异能:循环 / 复出关键字异能:地循环",
        "组合:旅居者", "复出机制:混血", "组合:界碑", "复出机制",
    ]
    per_topic = Counter(s.parent for s in doc.sections if s.kind == "ruling" and s.parent.startswith("topic-"))
    assert per_topic == {"topic-1": 3, "topic-2": 16, "topic-3": 4, "topic-4": 4, "topic-5": 4, "topic-6": 4}
    assert units["topic-2"].text.endswith("b若某咒语具有数个倾曳异能,则每一个都会分别触发")
    assert units["topic-3"].text.splitlines()[1].startswith("有五张阿拉若新生的牌同时具有两个地循环异能")
    assert units["topic-7"].text.endswith("请参见阿拉若断片常见问题集")


def test_general_notes_example_cards_belong_to_their_topic(units):
    assert units["card-bloodbraid-elf"].parent == "topic-2"
    assert units["card-igneous-pouncer"].parent == "topic-3"
    # The cascade rulings are general notes: they follow Bloodbraid Elf but belong to the topic.
    assert "card-bloodbraid-elf.r1" not in units
    assert units["topic-2.r1"].text.startswith("在瞬间与法术牌上,倾曳异能会印制在最上面")
    assert units["topic-2.r1"].page == "p.2"


def test_bloodbraid_elf(units):
    card = units["card-bloodbraid-elf"]
    assert card.kind == "card"
    assert card.title == "血辫地精 (Bloodbraid Elf)"
    assert card.page == "p.2"
    assert card.data == {
        "name_zh": "血辫地精",
        "name_en": "Bloodbraid Elf",
        "cost": "{二}{红}{绿}",
        "mana_cost": "{2}{R}{G}",
        "type_line": "生物~地精/狂战士",
        "power": "3",
        "toughness": "2",
        "rules_text": "敏捷倾曳(当你使用此咒语时,从你的牌库顶开始将牌移出对战,直到移出一张费用比此咒语低且不是地的牌为止"
        "你可以使用该牌,并且不需支付其法术力费用将所移出对战的牌以随机顺序置于牌库底)",
    }
    assert card.raw_text.startswith("血 辫 地 精 { 二 }{ 红 }{ 绿 } 生 物 ~ 地 精 / 狂 战 士 3/2 敏 捷")


def test_bituminous_blast_has_no_power_or_toughness(units):
    data = units["card-bituminous-blast"].data
    assert data["mana_cost"] == "{3}{B}{R}" and data["type_line"] == "瞬间"
    assert "power" not in data and "toughness" not in data
    assert data["rules_text"].endswith("沥青冲击对目标生物造成4点伤害")


def test_card_specific_entry_and_rulings(units):
    card = units["card-meddling-mage"]
    assert card.parent is None
    assert card.data["color_group"] == "白/蓝"
    assert [units[f"card-meddling-mage.r{n}"].parent for n in range(1, 8)] == ["card-meddling-mage"] * 7
    assert "card-meddling-mage.r8" not in units
    assert units["card-meddling-mage.r1"].text == "从说出牌的名称到扰咒法师的异能开始生效之间,没人能有机会使用咒语或异能"
    assert units["card-meddling-mage.r1"].kind == "ruling"


def test_lost_digit_one_is_restored_in_power_and_toughness(units):
    assert (units["card-vedalken-heretic"].data["power"], units["card-vedalken-heretic"].data["toughness"]) == ("1", "1")
    assert units["card-vedalken-heretic"].data["type_line"] == "生物~维多肯/浪客"
    assert units["card-igneous-pouncer"].data["toughness"] == "1"
    assert units["card-esper-stormblade"].data["mana_cost"] == "{W/B}{U}"
    assert units["card-esper-stormblade"].data["rules_text"].endswith("便得+1/+1且具有飞行异能")


def test_legendary_hybrid_and_x_costs(units):
    assert units["card-sen-triplets"].data["type_line"] == "传奇神器生物~人类/法术师"
    assert units["card-giant-ambush-beetle"].data["mana_cost"] == "{3}{B/G}{R}"
    assert units["card-giant-ambush-beetle"].page == "p.25"
    assert units["card-wargate"].data["mana_cost"] == "{X}{G}{W}{U}"
    assert units["card-maelstrom-nexus"].data["color_group"] == "五色"
    assert units["card-arsenal-thresher"].data["color_group"] == "混血"


def test_pt_stars_are_not_bullets(units):
    assert sum(1 for n in units if n.startswith("card-spellbreaker-behemoth.r")) == 3
    assert units["card-spellbreaker-behemoth.r3"].text == (
        "如果某生物牌的力量中包含了*,则此异能会利用各区域中(包含堆叠)所定义的*数值来判定"
    )
    assert sum(1 for n in units if n.startswith("card-dauntless-escort.r")) == 4
    assert sum(1 for n in units if n.startswith("card-morbid-bloom.r")) == 2


def test_rulings_per_card(doc):
    per_card = Counter(s.parent for s in doc.sections if s.kind == "ruling" and s.parent.startswith("card-"))
    assert len(per_card) == 72
    assert per_card.most_common(2) == [("card-sen-triplets", 9), ("card-meddling-mage", 7)]


def test_last_ruling_spans_a_page_and_drops_the_footer(units):
    last = units["card-arsenal-thresher.r2"]
    assert last.text.endswith("则你可以将军火挥扫兽为了彼此而展示")
    assert "\n\n27 " in last.raw_text
    assert "注册商标" not in last.raw_text


def test_helpers():
    assert mana_cost("{三}{黑/绿}{红}") == "{3}{B/G}{R}"
    assert slugify("Unscythe, Killer of Kings") == "unscythe-killer-of-kings"
    assert slugify("Mayael's Aria") == "mayaels-aria"
    assert display("得+/+直到回合结束,_阿拉若新生_") == "得+1/+1直到回合结束,阿拉若新生"
    with pytest.raises(ImportFormatError, match="unknown mana symbol"):
        mana_cost("{紫}")


def test_unknown_card_name_is_rejected():
    text = FIXTURE.read_text(encoding="utf-8").replace("清 脑 咒 {", "新 卡 片 {")
    with pytest.raises(ImportFormatError, match="card name not in CARD_NAMES"):
        parse(text)


def test_missing_transcription_marker_is_rejected():
    with pytest.raises(ImportFormatError, match="Transcription"):
        parse("1 只 有 一 页")


def test_the_front_matter_is_a_section(doc, units):
    front = doc.sections[0]
    assert front.number == "front" and front.kind == "section" and front.parent is None
    assert front.title == "阿拉若新生常见问题集" and front.page == "p.1"
    for fact in ("Mark L. Gottlieb", "最近更新日期:2009年4月24日", "正式发售日期:2009年4月30日",
                 "标准赛制中将可使用下列牌张系列", "系列包括45张牌"):
        assert fact in front.text
    assert not front.text.endswith("通则释疑") and "***" not in front.text
    assert front.raw_text.startswith("_ 阿 拉 若 新 生 _ 常 见 问 题 集")


def test_a_lost_first_list_number_is_restored_and_marked(units):
    ruling = units["topic-2.r2"]
    assert ruling.text.startswith("倾曳的时间顺序如下: 1)你使用具有倾曳的咒语2)倾曳异能")
    assert ruling.data["restored"] == ["1)"]
    assert " ) 你 使 用" in ruling.raw_text  # the citation keeps the source
    assert "这代表了(1)如果" in units["card-sigil-captain.r1"].text
    assert "restored" not in units["topic-2.r1"].data


def test_colour_groups_are_kept(doc):
    groups = [s.data.get("color_group") for s in doc.sections if s.kind == "card" and s.parent is None]
    assert groups[0] == "白/蓝" and "五色" in groups and "混血" in groups
