"""Tests for the ARC-V OCG rules importer, run on the bundled transcription."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulesite.rules.importers.base import ImportFormatError
from rulesite.rules.importers.ygo_ocg_rules import display, parse

FIXTURE = Path(__file__).resolve().parents[3] / "fixtures" / "documents" / "ygo-ocg-rules-arcv.txt"


@pytest.fixture(scope="module")
def doc():
    return parse(FIXTURE.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def units(doc):
    return {s.number: s for s in doc.sections}


def sections_of(doc):
    return [s for s in doc.sections if s.kind != "item"]


def items_of(doc):
    return [s for s in doc.sections if s.kind == "item"]


def test_metadata(doc):
    assert (doc.family, doc.edition, doc.language, doc.game) == ("ygo-ocg-rules", "arcv", "zh-Hans", "ygo")
    assert doc.slug == "ygo-ocg-rules-arcv"


def test_edition_and_language_can_be_overridden():
    doc = parse(FIXTURE.read_text(encoding="utf-8"), edition="arcv-2", language="zh-Hant")
    assert (doc.edition, doc.language) == ("arcv-2", "zh-Hant")


def test_counts(doc):
    sections, items = sections_of(doc), items_of(doc)
    assert len(doc.sections) == 653
    assert len(sections) == 138
    assert len(items) == 515
    assert sum(len(i.data["examples"]) for i in items) == 58
    assert sum(s.reconstructed for s in sections) == 119
    assert [s.number for s in sections if not s.reconstructed] == [
        "1.4", "1.4.2", "1.4.3", "2.1.1", "2.1.6.1", "3.2.1.3", "3.2.2", "3.2.2.3.1.1",
        "3.2.2.3.1.1.2.2", "3.2.4", "3.2.5", "3.3.3.7", "4.1.1", "4.1.4", "4.2", "4.2.1",
        "4.2.3.1", "4.2.3.2", "4.2.4.2.1",
    ]
    assert not any(i.reconstructed for i in items)


def test_numbers_are_unique_and_parents_come_first(doc):
    seen: set[str] = set()
    for unit in doc.sections:
        assert unit.number not in seen
        assert unit.parent is None or unit.parent in seen
        seen.add(unit.number)


def test_sections_are_in_tree_order(doc):
    keys = [tuple(int(p) for p in s.number.split(".")) for s in sections_of(doc)]
    assert keys == sorted(keys)
    assert [s.number for s in sections_of(doc)][:10] == [
        "1", "1.1", "1.2", "1.2.1", "1.2.1.1", "1.2.2", "1.2.3", "1.3", "1.4", "1.4.1",
    ]
    assert sections_of(doc)[-1].number == "4.2.4.2.1"


def test_chain_and_spell_speed_sections_exist(units):
    # The Yu-Gi-Oh! engine cites these numbers; changing them breaks its citations.
    expected = {
        "4.2.2": "cost",
        "4.2.3.1": "必发效果和选发效果",
        "4.2.3.2": "效果・连锁处理中满足发动条件的效果",
        "4.2.3.3": "对象",
        "4.2.4.1.1": "咒文速度1",
        "4.2.4.1.2": "咒文速度2",
        "4.2.4.1.3": "咒文速度3",
        "4.2.4.2": "连锁的组成",
        "4.2.4.2.1": "同时发动复数效果的场合",
        "3.4.3.3": "反击陷阱",
        "3.2.7.4": "诱发即时效果",
    }
    assert {n: units[n].title for n in expected} == expected
    assert units["4.2.4.2.1"].reconstructed is False
    assert units["4.2.4.1.2"].reconstructed is True


def test_printed_heading_is_repaired_for_display(units):
    section = units["3.2.2.3.1.1.2.2"]
    assert section.title == "不需要「融合」魔法卡的融合怪兽的特殊召唤"
    assert section.data["raw_title"] == "3.2.2.3.1.1.2.2 不需要「融合怪兽」魔法卡的融合怪兽怪兽的特殊召唤"
    assert units["3.2.2"].title == "怪兽的召唤・特殊召唤"


def test_pure_headings_have_no_text(units):
    for number in ("1", "3.1", "3.2", "3.3", "3.4", "4", "4.1", "4.2"):
        assert units[number].text == ""
        assert units[number].kind == ("chapter" if "." not in number else "section")
    assert units["4.2"].reconstructed is False


def test_item_with_examples(units):
    item = units["4.2.3.2.i2"]
    assert item.kind == "item" and item.parent == "4.2.3.2"
    assert item.text.startswith("记载了『～～的场合（时）~发动』的效果为必发效果。")
    assert item.text.count("\n例：") == 1
    assert item.data["examples"] == [
        "连锁通常魔法的发动发动「活死人的呼声」特殊召唤「土地锯」的场合，特殊召唤后需要处理通常魔法的效果"
        "效果处理结束之后，发动「土地锯」『这张卡特殊召唤成功时这张卡以外的场上的特殊召唤的怪兽全部变成"
        "里侧守备表示』的必发效果。"
    ]


def test_targeting_item_text(units):
    assert units["4.2.3.3.i2"].text == (
        "卡片上记述有『以~为对象』或『选择』的效果是取对象效果对象的选择是在该效果发动时进行。"
        "即使该效果被无效的场合取过对象的事实也不会改变。但是该效果的发动被无效的场合，则不能取对象"
    )
    assert units["4.2.3.3.i2"].data["examples"] == []


def test_item_with_two_examples(units):
    item = units["3.2.2.3.1.i6"]
    assert len(item.data["examples"]) == 2
    assert item.raw_text.splitlines()[1].startswith("例：以「薰风隼」作为素材")


def test_counter_trap_item_and_negation(units):
    assert units["3.4.3.3.i4"].text.startswith("使卡片・效果的发动无效的反击陷阱必须直接连锁需要无效的卡片・效果发动。\n例：")


def test_sub_items_and_list_lines_stay_with_their_item(units):
    assert units["3.2.4.i2"].data["subitems"] == ["・表侧攻击表示→表侧守备表示", "・表侧守备表示→表侧攻击表示", "・里侧守备表示→表侧攻击表示"]
    assert units["4.2.4.1.1.i3"].text == (
        "咒文速度1的效果为以下效果\n通常魔法/装备魔法/场地魔法/永续魔法/仪式魔法/摇摆效果/诱发即时效果效果以外的怪兽效果"
    )
    priority = units["4.2.4.2.1.i1"].data["subitems"]
    assert [p[:4] for p in priority] == ["优先度1", "优先度2", "优先度3"]


def test_lost_and_misplaced_bullets_are_items(units):
    misplaced = units["3.2.2.1.1.i5"]
    assert misplaced.data["marker_restored"] is True
    assert "●" in misplaced.raw_text and "●" not in misplaced.text
    lost = units["3.2.7.3.i4"]
    assert lost.raw_text.startswith("在满足该特定时点的时候")
    assert lost.data["marker_restored"] is True
    assert lost.data["examples"][0].startswith("丢弃「蒲公英狮」作为cost")
    # A ● quoted inside card text in an example is not an item of its own.
    assert "『●4个：" in units["3.3.3.3.i4"].data["examples"][0]


def test_raw_text_keeps_the_damage_and_display_repairs_it(units):
    item = units["2.1.3.i4"]
    assert item.raw_text == "●复数枚卡片同时送去墓地的场合，与效果的控制者无关由卡的持有者决定放进墓哋的顺序。"
    assert item.text == "复数枚卡片同时送去墓地的场合，与效果的控制者无关由卡的持有者决定放进墓地的顺序。"
    assert units["1.2.1.i4"].text == "融合怪兽卡、同调怪兽卡和XYZ怪兽卡不放入主卡组而放入额外卡组。"


def test_display_keeps_the_question_mark_value():
    assert display("●数值为「?」的怪獸是因自身效果变更该数值的怪兽。") == "●数值为「?」的怪兽是因自身效果变更该数值的怪兽。"
    assert display("召唤?特殊召唤") == "召唤・特殊召唤"
    assert display("「电子龙彡型」") == "「电子龙三型」"


def test_no_damage_is_left_in_display_text(doc):
    for unit in doc.sections:
        for bad in ("融合怪兽怪兽", "嘚", "鉲", "場", "?・", "融合怪獸"):
            assert bad not in unit.text, (unit.number, bad)
        assert unit.text.replace("「?」", "").count("?") == 0, unit.number


def test_last_item_is_marked_truncated(doc, units):
    last = doc.sections[-1]
    assert last.number == "4.2.4.2.1.i2"
    assert last.data["truncated"] is True
    assert last.data["examples"] == ["对方场上盖伏「奈落的落穴」时，回合玩家"]
    assert "truncated" not in units["4.2.4.2.1.i1"].data


def test_translator_note_is_not_a_unit(doc):
    assert not any("存档" in s.text for s in doc.sections)


def test_section_text_is_the_block(units):
    section = units["4.1.4"]
    assert section.text == (
        "●因任何效果而导致基本分或攻守等数值变成一半结果中产生了分数或小数的场合，按照四舍五入计算\n"
        "例：基本分为525的场合发动『把基本分支付一半发动』的「神之宣告」的场合，剩余基本分为263"
    )
    assert section.raw_text.endswith("把基本分支付一半发動』的「神之宣告」的场合，剩余基本分为263")
    assert section.data["title_en"] == "Fractions (halving rounds half up)"


def test_unknown_block_is_rejected():
    text = FIXTURE.read_text(encoding="utf-8").replace("●卡号表示该卡收录于", "●某个新的规则")
    with pytest.raises(ImportFormatError, match="no reconstructed heading"):
        parse(text)


def test_numbers_going_backwards_are_rejected():
    text = FIXTURE.read_text(encoding="utf-8").replace("1.4.3 特殊卡片的胜利条件", "1.4.1 特殊卡片的胜利条件")
    with pytest.raises(ImportFormatError, match="comes after"):
        parse(text)


def test_example_without_item_is_rejected():
    with pytest.raises(ImportFormatError, match="no ● item above it"):
        parse("译者注\n\n1.4 标题\n\n例：没有条目的例子\n")
