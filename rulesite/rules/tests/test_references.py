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


def spans(text: str) -> list[tuple[str, str]]:
    return [(text[start:end], number) for start, end, number in iter_references(text)]


def test_a_range_links_both_ends():
    # The 2022-04-29 Comprehensive Rules: 506.4, 608.2b-like, 616.1, 119.3.
    assert spans("the process described in rules 509.1-3 are put") == [("509.1", "509.1"), ("3", "509.3")]
    assert spans("Once the steps described in 601.2a-h are complete") == [("601.2a", "601.2a"), ("h", "601.2h")]
    assert spans("following the steps in 616.1a-f, one") == [("616.1a", "616.1a"), ("f", "616.1f")]
    assert spans("this way (see rules 119.7-8). If") == [("119.7", "119.7"), ("8", "119.8")]


def test_a_list_links_every_number():
    assert numbers("See rules 205.1a-b, 305.7, and 613.1d.") == ["205.1a", "205.1b", "305.7", "613.1d"]
    # A quantity after a list's comma is not a chapter.
    assert numbers("rule 704.5a, 4 players") == ["704.5a"]


def test_a_comprehensive_rules_number_needs_no_cue_word():
    assert numbers("except as specified in 101.4a.") == ["101.4a"]
    assert numbers("is an exception to 613.10. See") == ["613.10"]
    # A FoW CR item keeps its "-1"; measurements are not rules.
    assert numbers("see 903.2h-1 first") == ["903.2h-1"]
    assert numbers("approximately 2.5 inches (6.3 cm) by 3.5 inches") == []


def test_fow_whitepaper_forms():
    assert spans("連鎖區為空在 (8. 戰鬥) 中查閱更多細節") == [("8", "8")]
    assert numbers("在先攻戰鬥結算步驟 8.4 和普通戰鬥結算步驟 8.5 查看更多資訊") == ["8.4", "8.5"]


def test_chinese_comprehensive_rules_forms():
    assert numbers("参见时间印记和从属关系的规则（规则613.7和613.8）。") == ["613.7", "613.8"]
    assert numbers("会先得知前一位牌手的选择，除了101.4a中的情况。") == ["101.4a"]


def test_unlinked_numbers_are_those_without_a_stored_reference():
    from rulesite.rules.references import iter_unlinked

    text = "See rules 613.8a and 999.1; cards are 2.5 inches wide."
    assert [piece for _, _, piece in iter_unlinked(text, {"613.8a"})] == ["999.1", "2.5"]


def test_ranges_are_given_with_their_ends():
    from rulesite.rules.references import iter_ranges

    assert list(iter_ranges("rules 509.1-3 and 601.2a-h; see 305.7")) == [("509.1", "509.3"), ("601.2a", "601.2h")]
