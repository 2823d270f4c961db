"""Tests for the Force of Will whitepaper ver. 2.3 importer (no database)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rulesite.rules.importers.base import CJK_CHAR_RE, ImportFormatError
from rulesite.rules.importers.fow_whitepaper import parse

SOURCE = Path(__file__).resolve().parents[3] / "fixtures" / "documents" / "fow-whitepaper-2.3.txt"
CJK_SPACE_CJK = re.compile(rf"{CJK_CHAR_RE.pattern} +{CJK_CHAR_RE.pattern}")


@pytest.fixture(scope="module")
def doc():
    return parse(SOURCE.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def by_number(doc):
    return {s.number: s for s in doc.sections}


def test_it_reads_the_document_metadata(doc):
    assert (doc.family, doc.edition, doc.language, doc.game) == ("fow-whitepaper", "2.3", "zh-Hant", "fow")
    assert doc.slug == "fow-whitepaper-2.3"
    assert doc.title == "Force of Will 中文白皮書 ver. 2.3"


def test_it_finds_14_chapters_and_103_sections_in_document_order(doc):
    numbers = [s.number for s in doc.sections]
    assert len(numbers) == 117
    assert [n for n in numbers if "." not in n] == [str(n) for n in range(1, 15)]
    assert sum("." in n for n in numbers) == 103
    assert numbers[:7] == ["1", "1.1", "1.2", "1.3", "1.4", "1.5", "2"]
    # Numeric, not lexical, order: 10.2 comes right after 10.1 and 10.10 after 10.9.
    assert numbers[numbers.index("10.1") + 1] == "10.2"
    assert numbers[numbers.index("10.9") + 1] == "10.10"
    assert numbers[-3:] == ["14", "14.1", "14.2"]
    assert len(set(numbers)) == len(numbers)


def test_it_sets_kinds_and_parents(by_number):
    assert by_number["6"].kind == "chapter" and by_number["6"].parent is None
    assert by_number["6.1"].kind == "section" and by_number["6.1"].parent == "6"
    assert by_number["10.10"].parent == "10"
    assert all(s.parent == s.number.split(".")[0] for s in by_number.values() if "." in s.number)


def test_titles_are_the_body_headings_with_the_contents_wording_kept(by_number):
    assert by_number["1.1"].title == "玩家數量"
    assert by_number["7.1"].title == "施放生物牌或王器牌"
    assert by_number["7.1"].data["toc_title"] == "施放生物牌"
    assert by_number["1.3"].title == "勝利條件"
    assert by_number["1.3"].data["toc_title"] == "勝負條件"
    assert by_number["7.3"].title == "施放法術:詠唱牌"
    assert by_number["7"].title == by_number["10"].title == "遊戲動作"
    assert by_number["10.5"].title == by_number["10.15"].title == "召喚"
    assert "toc_title" not in by_number["6.1"].data


def test_leading_variant_tags_become_data(by_number):
    variants = {n: s.data["variant"] for n, s in by_number.items() if "variant" in s.data}
    assert variants == {"3.10": "valhalla", "7.10": "valhalla", "13.4": "valhalla", "14.2": "bifrost"}
    assert by_number["1.2"].title == "維奧拉規則和彩虹橋規則"


def test_it_keeps_exact_cleaned_text(by_number):
    assert by_number["1.1"].text == "遊戲在兩名玩家間進行"
    assert by_number["1.1"].raw_text == "遊 戲 在 兩 名 玩 家 間 進 行"
    assert by_number["9.8"].text == "一次性效應在其結算時即執行"
    assert by_number["10.15"].text == "召喚魔石是進行召喚魔石的動作 (7.11)"
    assert by_number["11.2"].text == "具有指定攻擊的裁決者/生物可以攻擊重置狀態的生物/裁決者此異能屬於靜止異能"
    assert by_number["1"].text == "此文檔為 Force of Will 中文詳細規則書"
    assert by_number["9"].text == "" and by_number["14"].text == ""
    # The first character of 10's intro (遊) is missing in the source itself.
    assert by_number["10"].text.startswith("戲中有些動作必須按照特定的方式執行")


def test_inline_numbers_and_cross_references_are_not_headings(by_number):
    assert by_number["7.4"].text == (
        "主動玩家發起戰鬥時需要滿足下列條件 :1. 在主階段中 ;2. 擁有優先權 ;3. 連鎖區為空"
        "在 (8. 戰鬥) 中查閱更多細節發起戰鬥不會使用連鎖區"
    )


def test_pages_are_joined_without_their_footers(by_number):
    # Page 5 ends "…附加, 該 5" and page 6 goes on "描述並不包括…".
    assert "該描述並不包括子類型為生物/裁決者的附加" in by_number["2.1"].text
    # Page 19 has no heading: it continues 7.12; page 22 is one line ending 8.6.
    assert by_number["7.12"].text.endswith("沒有效應禁止這張牌攻擊攻擊時不需要其他額外動作")
    assert by_number["8.6"].text.endswith("攻擊中和阻擋中的生物/裁決者停止攻擊和阻擋, 戰鬥結束")
    assert by_number["9.9"].text.count("該持續性效應都會對這些牌生效") == 1


def test_it_records_the_printed_page_of_each_heading(by_number):
    assert by_number["1"].page == "p.3"
    assert by_number["1.5"].page == "p.4"
    assert by_number["6.1"].page == "p.14"
    assert by_number["7.12"].page == "p.18"
    assert by_number["14.2"].page == "p.36"


def test_no_contents_or_cjk_spacing_survives(doc):
    for s in doc.sections:
        assert "..." not in s.raw_text, s.number
        assert not CJK_SPACE_CJK.search(s.text), (s.number, CJK_SPACE_CJK.search(s.text))
    assert not any("玩家數量...2" in s.text or "概述..." in s.text for s in doc.sections)


def test_no_page_footer_survives_at_any_page_break(doc):
    # Every body line of the source ends in its page number; across each break the footer
    # must be gone and the two pages' words joined by one space.
    lines = [ln for ln in SOURCE.read_text(encoding="utf-8").splitlines() if ln.strip()][3:]
    raw = " ".join(s.raw_text for s in doc.sections)
    breaks = 0
    for this, following in zip(lines, lines[1:]):
        *words, footer = this.split()
        assert footer.isdigit()
        with_footer = f"{words[-1]} {footer} {following.split()[0]}"
        assert with_footer not in raw
        if not re.match(r"\d+(\.\d+)?\. ", following):  # a heading goes to the title
            assert f"{words[-1]} {following.split()[0]}" in raw
            breaks += 1
    assert breaks == 20  # the other 14 pages open with a heading
    assert not raw.rstrip().endswith("36")


def test_it_rejects_a_text_without_contents():
    with pytest.raises(ImportFormatError, match="no table of contents"):
        parse("1. 概 述 此 文 檔 3\n")


def test_it_names_a_heading_it_cannot_find():
    source = SOURCE.read_text(encoding="utf-8").replace("6.1. 執 行 優 先 權 處 理 當", "6.1. 當")
    with pytest.raises(ImportFormatError, match=r"heading 6\.1\. 執行優先權處理 not found"):
        parse(source)
