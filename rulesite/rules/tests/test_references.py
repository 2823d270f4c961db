"""Rule numbers cited inside rule text are found, in English and in both Chinese scripts."""

from __future__ import annotations

from rulesite.rules.references import iter_references


def numbers(text: str) -> list[str]:
    return [number for _, _, number in iter_references(text)]


def test_english_rule_lists():
    assert numbers("as described in rules 613.8a and 613.8b, see rule 702.85") == ["613.8a", "613.8b", "702.85"]


def test_chinese_cue_words_in_both_scripts():
    assert numbers("參見規則 704") == ["704"]
    assert numbers("见 4.2") == ["4.2"]
    assert numbers("详见规则第 6.1 条") == ["6.1"]


def test_bracketed_section_numbers():
    assert numbers("擁有觸發異能 (9.6) 法術") == ["9.6"]


def test_quantities_are_not_rules():
    assert numbers("each player starts with 20 life and draws 7 cards; 4000 LP (8000)") == []


def test_spans_point_at_the_number():
    text = "see rule 613.8a"
    (start, end, number), = list(iter_references(text))
    assert text[start:end] == number


def test_printed_pages_of_the_rulebook():
    assert numbers("詳細請參考 31 頁以後") == ["p.31"]
    assert numbers("請參閱第 47 頁製作") == ["p.47"]
