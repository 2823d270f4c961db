"""Tests for the Yu-Gi-Oh! Master Rule 2 rulebook importer (no database)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rulesite.rules.importers.base import CJK_CHAR_RE, ImportFormatError
from rulesite.rules.importers.ygo_rulebook import parse

SOURCE = Path(__file__).resolve().parents[3] / "fixtures" / "documents" / "ygo-rulebook-mr2.txt"
CJK_SPACE_CJK = re.compile(rf"{CJK_CHAR_RE.pattern} +{CJK_CHAR_RE.pattern}")


@pytest.fixture(scope="module")
def doc():
    return parse(SOURCE.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def by_number(doc):
    return {s.number: s for s in doc.sections}


def test_it_reads_the_document_metadata(doc):
    assert (doc.family, doc.edition, doc.language, doc.game) == ("ygo-rulebook", "mr2", "zh-Hant", "ygo")
    assert doc.slug == "ygo-rulebook-mr2"


def test_it_numbers_five_chapters_and_their_sub_headings_in_order(doc):
    numbers = [s.number for s in doc.sections]
    assert len(numbers) == 116
    assert numbers[0] == "intro"
    assert [n for n in numbers if n.startswith("ch") and "." not in n] == ["ch1", "ch2", "ch3", "ch4", "ch5"]
    counts = {c: sum(n.startswith(f"{c}.") for n in numbers) for c in ("ch1", "ch2", "ch3", "ch4", "ch5")}
    assert counts == {"ch1": 7, "ch2": 35, "ch3": 15, "ch4": 16, "ch5": 37}
    # Each chapter is followed by ch<N>.1, ch<N>.2, ... without gaps.
    for chapter, count in counts.items():
        start = numbers.index(chapter)
        assert numbers[start + 1 : start + 1 + count] == [f"{chapter}.{i}" for i in range(1, count + 1)]


def test_it_sets_kinds_parents_and_titles(by_number):
    assert by_number["ch4"].kind == "chapter" and by_number["ch4"].parent is None
    assert by_number["ch4"].title == "戰鬥・連鎖"
    assert by_number["ch2"].title == "卡片"
    assert by_number["ch4.3"].kind == "section" and by_number["ch4.3"].parent == "ch4"
    assert by_number["ch4.3"].title == "戰鬥處理時傷害步驟的注意事項"
    assert by_number["ch3.5"].title == "抽牌階段"
    assert by_number["ch2.29"].title == "場地魔法"
    assert by_number["ch5.32"].title == "破壞"
    # Restored titles (的 dropped by the transcription) are flagged; verbatim ones are not.
    assert by_number["ch4.3"].reconstructed is True
    assert by_number["ch5.32"].reconstructed is False


def test_it_stores_printed_pages(by_number):
    assert by_number["ch1"].page == "p.5"
    assert by_number["ch3.4"].page == "p.31"  # 回合流程: "關於階段請參考 31 頁以後"
    assert by_number["ch4.1"].page == "p.39"
    assert by_number["ch4.12"].page == "p.42"  # 咒文速度
    assert by_number["ch4.14"].page == "p.44"  # 咒文速度一覽, by the book's cross-reference
    assert by_number["ch5.2"].page == "p.48"  # 衍生怪獸, by the book's cross-reference
    assert by_number["ch5.37"].page == "p.57"
    assert by_number["ch5.2"].data["transcription_page"] == 25
    assert by_number["ch5.2"].data["spread"] == "p.47-48"


def test_it_keeps_exact_cleaned_text(by_number):
    # Display text has its dropped characters restored (蓋 → 蓋牌); raw_text is the source.
    assert by_number["ch5.24"].text == "各卡以裏側形式覆蓋於場上稱之為蓋牌而怪獸卡以裏側守備表示放置於場上也稱為蓋牌"
    assert by_number["ch5.24"].raw_text == (
        "各 卡 以 裏 側 形 式 覆 蓋 於 場 上 稱 之 為 蓋 而 怪 獸 卡 以 裏 側 守 備 表 示 放 置 於 場 上 也 稱 為 蓋"
    )
    assert by_number["ch5.29"].text == "就是怪獸對於玩家直接發動攻擊直接給予對玩家生命點數等同該怪獸攻擊力傷害"
    assert by_number["ch4.9"].text == (
        "對手場上沒有怪獸存在情況下, 怪獸可以直接攻擊對手玩家直接攻擊成功時候, 直接給予對玩家生命點數等同該怪獸攻擊力傷害"
    )
    assert by_number["ch1.2"].text.startswith("所謂牌組, 就是自己為對戰堆")
    assert by_number["ch1.2"].raw_text.startswith("所 謂 組, 就 是")
    assert by_number["ch3.11"].text.startswith("進行傷害計算, 導出戰鬥結果")
    # A unit split by the layout is put back together: 決鬥準備's four steps follow its intro.
    assert by_number["ch3.3"].text.startswith("在這裡我們針對從到決鬥開始之前")
    assert "請事前先做好準備先對戰對手打聲招呼" in by_number["ch3.3"].text
    assert "先對戰對手打聲招呼" not in by_number["ch3.2"].text


def test_running_heads_and_back_matter_are_left_out_of_text(by_number, doc):
    # T30 ends with the tab 其他規則 and T31 is only the running head.
    assert by_number["ch5.37"].text == "雖然只要不看卡內容就可以行該, 但讓不知道卡片內容對玩家來選擇, 則是最一般解決式"
    assert by_number["ch5.37"].raw_text.endswith("其 他 規 則 其 他 規 則")
    assert by_number["ch5.9"].text.endswith("這些計數物本身基本上是不具有效果")
    # The chapter 2 tab 卡 at a page start goes, the word 卡 elsewhere stays.
    assert by_number["ch2.11"].text.startswith("超量怪獸卡, 主要堆分開")
    for s in doc.sections:
        assert "遊戲進行" not in s.text or not s.number.startswith("ch3"), s.number
        assert "如欲查看更多" not in s.raw_text.replace(" ", "")
        assert "目次" not in s.raw_text.replace(" ", "")


def test_no_page_number_or_cjk_spacing_survives(doc):
    # The transcription page numbers 1..33 open each page line; none may be left before the
    # first words of a page.
    pages = [ln for ln in SOURCE.read_text(encoding="utf-8").splitlines() if re.match(r"\d{1,2} ", ln)]
    raw = " ".join(s.raw_text for s in doc.sections)
    for line in pages[3:30]:
        number, first, second = line.split()[:3]
        assert f"{number} {first} {second}" not in raw, number
    for s in doc.sections:
        assert not CJK_SPACE_CJK.search(s.text), (s.number, CJK_SPACE_CJK.search(s.text))


def test_it_rejects_a_text_without_page_lines():
    with pytest.raises(ImportFormatError, match="no line starts with a page number"):
        parse("rulebook\n\nTranscription\n")


def test_it_names_a_heading_it_cannot_find():
    source = SOURCE.read_text(encoding="utf-8").replace("咒 文 速 度 一 覽", "咒 文 一 覽")
    with pytest.raises(ImportFormatError, match="咒文速度一覽"):
        parse(source)


def test_dropped_characters_are_restored_and_marked(by_number):
    assert by_number["ch1.2"].data["restored"][:2] == ["牌組", "備牌"]
    assert "魔法陷阱卡蓋牌包含發動中卡" in "".join(s.text for s in by_number.values())
    assert "魔陷阱" not in "".join(s.text for s in by_number.values())
    assert "魔 陷 阱" in "".join(s.raw_text for s in by_number.values())
    assert "restored" not in by_number["ch5.29"].data  # 對玩家 (對方?) is ambiguous: left as is


def test_side_tabs_inside_sentences_are_taken_out(by_number):
    text = by_number["ch4.16"].text
    assert "對玩家可以說那麼在你結束之前發動這張卡" in text and "可戰鬥以說" not in text
    assert "對手玩家獲得優先權情形" in text
    assert by_number["ch4.16"].data["tabs_removed"] == ["可戰鬥以說", "對手玩連家獲得優先權情形鎖"]
    assert "可 戰 鬥 以 說" in by_number["ch4.16"].raw_text


def test_diagram_labels_go_to_their_section(by_number):
    assert "對手生命點數為 0 時" not in by_number["ch3.3"].text
    assert by_number["ch3.2"].data["diagram_labels"] == [
        "對手生命點數為 0 時", "對手必須抽牌但卻無法抽牌情形", "以各卡片效果得到勝利",
    ]
    assert by_number["ch4.13"].text.startswith("連鎖如上圖一般")
    assert by_number["ch4.13"].data["diagram_labels"][0] == "發動順序"
