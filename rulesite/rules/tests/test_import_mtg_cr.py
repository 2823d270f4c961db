"""Tests for the Comprehensive Rules importer (``rulesite.rules.importers.mtg_cr``).

The two real editions live outside the repository in ``../shared/corpora/`` (they are not
ours to commit); the tests that read them are skipped when that folder is absent. The
synthetic documents below always run: a miniature English edition and a Chinese edition
with the same numbering, written for these tests.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from pathlib import Path

import pytest

from rulesite.rules.importers.base import ImportFormatError, ParsedDocument
from rulesite.rules.importers.mtg_cr import parse

CORPORA = Path(__file__).resolve().parents[3].parent / "shared" / "corpora"
EDITION_FILES = {
    "2020-06-01": "MagicCompRules-20200601.txt",
    "2022-04-29": "MagicCompRules-20220429.txt",
}
needs_corpora = pytest.mark.skipif(
    not all((CORPORA / name).is_file() for name in EDITION_FILES.values()),
    reason=f"the Comprehensive Rules corpora are not in {CORPORA} (shared/ beside the clone)",
)


@cache
def corpus_text(edition: str) -> str:
    """Return the text of one bundled edition, as the file has it (BOM included)."""
    return (CORPORA / EDITION_FILES[edition]).read_text(encoding="utf-8")


@cache
def corpus(edition: str) -> ParsedDocument:
    return parse(corpus_text(edition))


def by_number(document: ParsedDocument) -> dict:
    return {section.number: section for section in document.sections}


def shape(document: ParsedDocument) -> list[tuple]:
    """Return everything a parse produced for each unit, to compare two parses exactly."""
    return [
        (s.number, s.kind, s.parent, s.title, s.text, s.raw_text, s.reconstructed, s.data)
        for s in document.sections
    ]


# The real editions -------------------------------------------------------------------


@needs_corpora
@pytest.mark.parametrize(
    "edition, sections, rules, subrules, glossary, examples",
    [
        ("2020-06-01", 133, 976, 1459, 571, 250),
        ("2022-04-29", 137, 1031, 1620, 622, 265),
    ],
)
def test_it_counts_every_unit_of_both_editions(
    edition, sections, rules, subrules, glossary, examples
):
    document = corpus(edition)
    kinds = Counter(section.kind for section in document.sections)
    chapters = [s.number for s in document.sections if s.kind == "chapter"]

    assert chapters == ["1", "2", "3", "4", "5", "6", "7", "8", "9", "glossary"]
    assert kinds["section"] == sections
    assert kinds["rule"] == rules
    assert kinds["subrule"] == subrules
    assert kinds["glossary"] == glossary
    assert sum(len(s.data.get("examples", [])) for s in document.sections) == examples
    assert not any(s.reconstructed for s in document.sections)


@needs_corpora
def test_2022_has_2651_numbered_rules_and_subrules():
    document = corpus("2022-04-29")
    numbered = [s for s in document.sections if s.kind in ("rule", "subrule")]

    assert len(numbered) == 2651
    assert len({s.number for s in numbered}) == 2651


@needs_corpora
def test_it_detects_edition_date_title_and_language():
    for edition in EDITION_FILES:
        document = corpus(edition)
        assert document.edition == edition
        assert document.effective_date == edition
        assert document.slug == f"mtg-cr-{edition}"
        assert document.family == "mtg-cr"
        assert document.game == "mtg"
        assert document.language == "en"
        assert document.title == "Magic: The Gathering Comprehensive Rules"


@needs_corpora
def test_702_cascade_is_renumbered_between_editions():
    old, new = by_number(corpus("2020-06-01")), by_number(corpus("2022-04-29"))

    assert (old["702.84"].title, old["702.84"].text) == ("Cascade", "Cascade")
    assert old["702.85"].title == "Annihilator"
    assert (new["702.85"].title, new["702.85"].text) == ("Cascade", "Cascade")
    assert new["702.84"].title == "Unearth"
    assert old["702.84a"].text.startswith("Cascade is a triggered ability")
    assert "converted mana cost" in old["702.84a"].text
    assert new["702.85a"].text.startswith("Cascade is a triggered ability")
    assert "mana value" in new["702.85a"].text
    assert new["702.85a"].parent == "702.85"


@needs_corpora
def test_613_8a_text_is_the_rule_without_its_number():
    expected = (
        'An effect is said to "depend on" another if (a) it\'s applied in the same layer (and, '
        "if applicable, sublayer) as the other effect; (b) applying the other would change the "
        "text or the existence of the first effect, what it applies to, or what it does to any "
        "of the things it applies to; and (c) neither effect is from a characteristic-defining "
        "ability or both effects are from characteristic-defining abilities. Otherwise, the "
        "effect is considered to be independent of the other effect."
    )
    for edition in EDITION_FILES:
        rule = by_number(corpus(edition))["613.8a"]
        assert (rule.kind, rule.parent, rule.title) == ("subrule", "613.8", "")
        assert rule.text == expected
        assert rule.raw_text == expected
        assert rule.data["examples"] == []


@needs_corpora
def test_malformed_numbers_of_2022_are_still_rules():
    # "119.1d." has a stray period and "606.5" lacks one; both start at column 0.
    sections = by_number(corpus("2022-04-29"))

    assert sections["119.1d"].kind == "subrule"
    assert sections["119.1d"].parent == "119.1"
    assert sections["119.1d"].text.startswith("In a two-player Brawl game")
    assert sections["606.5"].kind == "rule"
    assert sections["606.5"].parent == "606"
    assert sections["606.5"].text.startswith("If the total cost to activate a loyalty ability")
    assert len(sections["606.5"].data["examples"]) == 1
    assert sections["606.5"].data["examples"][0].startswith("A player controls Carth the Lion")


@needs_corpora
def test_examples_attach_to_their_rule_and_continuations_stay_in_the_text():
    sections = by_number(corpus("2022-04-29"))
    blocking = sections["509.1b"]
    lands = sections["205.3i"]

    assert blocking.data["examples"] == [
        "An attacking creature with flying and shadow can't be blocked by a creature with "
        "flying but without shadow."
    ]
    paragraphs = blocking.text.split("\n")
    assert len(paragraphs) == 3
    assert paragraphs[1].startswith("A restriction may be created by an evasion ability")
    assert paragraphs[2] == "Example: " + blocking.data["examples"][0]
    assert lands.data["examples"] == []
    assert lands.text.split("\n")[1].startswith("Of that list, Forest, Island")
    first_example = sections["101.2"].data["examples"][0]
    assert first_example.startswith("If one effect reads")
    assert not first_example.startswith("Example")


@needs_corpora
def test_every_parent_comes_before_its_child():
    for edition in EDITION_FILES:
        seen: set[str] = set()
        for section in corpus(edition).sections:
            assert section.parent is None or section.parent in seen, section.number
            seen.add(section.number)


@needs_corpora
def test_parents_follow_the_numbering():
    sections = by_number(corpus("2022-04-29"))

    assert [sections[n].parent for n in ("613.8a", "613.8", "613", "6")] == [
        "613.8", "613", "6", None
    ]
    assert sections["613"].title == "Interaction of Continuous Effects"
    assert sections["9"].title == "Casual Variants"
    assert sections["glossary"].title == "Glossary"
    assert sections["glossary/abandon"].parent == "glossary"


@needs_corpora
def test_sections_are_in_document_order():
    numbers = [s.number for s in corpus("2022-04-29").sections]
    position = {number: i for i, number in enumerate(numbers)}

    assert numbers[:5] == ["1", "100", "100.1", "100.1a", "100.1b"]
    assert position["100.2"] < position["101"] < position["2"] < position["200"]
    assert position["905.6"] < position["glossary"] == position["glossary/abandon"] - 1
    assert numbers[-1] == "glossary/zone-change-triggers"
    sections = [int(n) for n in numbers if n.isdigit() and len(n) == 3]
    assert sections == sorted(sections)


@needs_corpora
def test_glossary_entries_handle_obsolete_see_rule_and_missing_blank_lines():
    old, new = by_number(corpus("2020-06-01")), by_number(corpus("2022-04-29"))

    # "Converted Mana Cost" became obsolete in 2022 but keeps its permalink.
    assert new["glossary/converted-mana-cost"].title == "Converted Mana Cost (Obsolete)"
    assert new["glossary/converted-mana-cost"].data["obsolete"] is True
    assert old["glossary/converted-mana-cost"].data["obsolete"] is False
    assert new["glossary/active-player"].text == "The player whose turn it is. See rule 102.1."
    assert new["glossary/active-player"].data["rules"] == ["102.1"]
    assert new["glossary/apnap-order"].data["see"] == (
        "glossary/active-player-nonactive-player-order"
    )
    # 2022 runs "Adventurer Card" into "Affinity" and 2020 "Companion" into "Concede".
    assert "Affinity" not in new["glossary/adventurer-card"].text
    assert new["glossary/affinity"].text.startswith("A keyword ability that reduces")
    assert new["glossary/companion"].data["rules"] == ["702.139"]
    assert old["glossary/concede"].text.startswith("To quit the game.")
    assert new["glossary/ability"].data["senses"][1].startswith("2. An activated")
    assert new["glossary/move"].text.count("\n") == 1


@needs_corpora
def test_credits_are_not_units():
    for edition in EDITION_FILES:
        document = corpus(edition)
        assert not any("Richard Garfield" in s.text for s in document.sections)
        assert not any(s.title == "Credits" for s in document.sections)


@needs_corpora
@pytest.mark.parametrize(
    "variant",
    [
        pytest.param(lambda t: t.removeprefix("\ufeff"), id="without-bom"),
        pytest.param(lambda t: "\ufeff" + t.removeprefix("\ufeff"), id="with-bom"),
        pytest.param(lambda t: t.replace("\n", "\r\n"), id="crlf"),
        pytest.param(lambda t: t.replace("\n", "\r"), id="lone-cr"),
        pytest.param(
            lambda t: "\n".join(line.lstrip() for line in t.split("\n")), id="no-indentation"
        ),
        pytest.param(
            lambda t: "\n".join(
                "\t" * ((len(line) - len(line.lstrip())) // 3) + line.lstrip()
                for line in t.split("\n")
            ),
            id="tab-indentation",
        ),
        pytest.param(
            lambda t: "\n".join(
                ("  " + line if line.strip() else line) for line in t.split("\n")
            ),
            id="shifted-indentation",
        ),
    ],
)
def test_layout_variants_of_2022_parse_identically(variant):
    text = corpus_text("2022-04-29")

    assert shape(parse(variant(text))) == shape(corpus("2022-04-29"))


@needs_corpora
def test_an_explicit_edition_and_language_override_the_defaults():
    text = corpus_text("2022-04-29")

    assert parse(text, edition="2022-04-29b").edition == "2022-04-29b"
    assert parse(text, edition="2022-04-29b").effective_date == "2022-04-29"
    assert parse(text, language="zh-Hans").slug == "mtg-cr-2022-04-29-zh"


# Synthetic editions ------------------------------------------------------------------

ENGLISH = """\
Magic: The Gathering Comprehensive Rules

   These rules are effective as of April 29, 2022.

Introduction

This document is the ultimate authority.

Contents

1. Game Concepts
   100. General
   101. The Magic Golden Rules

7. Additional Rules
   702. Keyword Abilities

Glossary

Credits


1. Game Concepts

100. General

   100.1. These Magic rules apply to any Magic game with two or more players.

      100.1a A two-player game is a game that begins with only two players.
            Example: Two players sit down to play.

      100.1b A multiplayer game is a game that begins with more than two players.

101. The Magic Golden Rules

   101.1. Whenever a card's text directly contradicts these rules, the card takes precedence.
         Only the rule that is contradicted is overridden.

7. Additional Rules

702. Keyword Abilities

   702.85. Cascade

      702.85a Cascade is a triggered ability.
               Example: You cast a spell with cascade.
               Example: You cast two spells with cascade.


Glossary

Ability
1. Text on an object that explains what that object does.
2. An activated or triggered ability on the stack.
See rule 702.85.

Cascade
A keyword ability. See rule 702.85, "Cascade."
Casting Cost (Obsolete)
An older term for mana cost.

CC
See Cascade.


Credits

Magic: The Gathering Original Game Design: Richard Garfield

   These rules are effective as of April 29, 2022.
"""

# Our own Chinese text for the same numbering; spaces between CJK characters in 100.1b
# imitate a PDF transcription and must not reach the display text.
CHINESE = """\
万智牌完整规则

   本规则自2022年4月29日起生效。

简介

本文件是万智牌竞技比赛的最终依据。

目录

1. 游戏概念
   100. 总则
   101. 万智牌黄金规则

7. 其他规则
   702. 关键字异能

术语表

制作人员


1. 游戏概念

100. 总则

   100.1. 这些万智牌规则适用于任何有两位或更多牌手参与的游戏。

      100.1a 双人游戏是指开始时只有两位牌手的游戏。
            例：两位牌手坐下来进行游戏。

      100.1b 多 人 游 戏 是 指 开 始 时 有 两 位 以 上 牌 手 的 游 戏 。

101. 万智牌黄金规则

   101.1. 若牌张上的叙述与本规则直接冲突，则以牌张为准。
         仅被冲突的那条规则失效。

7. 其他规则

702. 关键字异能

   702.85. 续发

      702.85a 续发是一种触发式异能。
               例：你施放一个具有续发异能的咒语。
               例：你施放两个具有续发异能的咒语。


术语表

异能
1. 物件上说明该物件能做什么的叙述。
2. 堆叠上的起动式或触发式异能。
参见规则702.85。

续发
一种关键字异能。参见规则702.85“续发”。
施放成本（已废弃）
法术力费用的旧称。

连锁
参见续发。


制作人员

万智牌原始游戏设计：Richard Garfield
"""


def test_english_and_chinese_editions_give_the_same_numbers():
    english, chinese = parse(ENGLISH), parse(CHINESE, language="zh-Hans")

    def outline(document: ParsedDocument) -> list[tuple]:
        return [
            (s.number, s.kind, s.parent, len(s.data.get("examples", [])))
            for s in document.sections
            if s.kind != "glossary"
        ]

    assert outline(chinese) == outline(english)
    assert [s.number for s in english.sections if s.kind != "glossary"] == [
        "1", "100", "100.1", "100.1a", "100.1b", "101", "101.1",
        "7", "702", "702.85", "702.85a", "glossary",
    ]
    assert Counter(s.kind for s in chinese.sections)["glossary"] == 4
    assert Counter(s.kind for s in english.sections)["glossary"] == 4


def test_chinese_edition_metadata_and_text():
    document = parse(CHINESE, language="zh-Hant")
    sections = by_number(document)

    assert (document.edition, document.effective_date) == ("2022-04-29-zh", "2022-04-29")
    assert document.slug == "mtg-cr-2022-04-29-zh"
    assert document.language == "zh-Hant"
    assert document.title == "万智牌完整规则"
    assert sections["702.85"].title == "续发"
    assert sections["100.1a"].data["examples"] == ["两位牌手坐下来进行游戏。"]
    assert sections["100.1a"].text.endswith("\n例：两位牌手坐下来进行游戏。")
    assert sections["100.1b"].text == "多人游戏是指开始时有两位以上牌手的游戏。"
    assert sections["100.1b"].raw_text.startswith("多 人 游 戏")
    assert sections["101.1"].data["examples"] == []
    assert sections["101.1"].text.endswith("\n仅被冲突的那条规则失效。")
    assert sections["glossary"].title == "术语表"
    assert sections["glossary/施放成本"].data["qualifier"] == "已废弃"
    assert sections["glossary/异能"].data["rules"] == ["702.85"]
    assert sections["glossary/连锁"].data["see"] == "glossary/续发"
    assert not any("Richard Garfield" in s.text for s in document.sections)


def test_english_synthetic_glossary_and_examples():
    sections = by_number(parse(ENGLISH))

    assert sections["702.85a"].data["examples"] == [
        "You cast a spell with cascade.",
        "You cast two spells with cascade.",
    ]
    assert sections["glossary/cascade"].text == 'A keyword ability. See rule 702.85, "Cascade."'
    assert sections["glossary/casting-cost"].title == "Casting Cost (Obsolete)"
    assert sections["glossary/casting-cost"].data["obsolete"] is True
    assert sections["glossary/cc"].data["see"] == "glossary/cascade"


def test_synthetic_variants_give_the_same_units():
    base = shape(parse(ENGLISH))

    assert shape(parse("\ufeff" + ENGLISH.replace("\n", "\r\n"))) == base
    assert shape(parse(ENGLISH.replace("   ", "    "))) == base
    assert shape(parse("\n".join(line.lstrip() for line in ENGLISH.split("\n")))) == base


def test_a_missing_parent_is_reconstructed():
    text = ENGLISH.replace("\n101. The Magic Golden Rules\n\n   101.1.", "\n   101.1.")
    sections = by_number(parse(text))

    assert sections["101"].reconstructed is True
    assert sections["101"].parent == "1"
    assert sections["101.1"].parent == "101"
    assert sections["100"].reconstructed is False


def test_a_document_without_numbered_rules_is_refused():
    # Keep the preamble, the contents and the body's first chapter heading only.
    text = ENGLISH.split("\n\n1. Game Concepts\n\n100.")[0] + "\n\n1. Game Concepts\n"

    with pytest.raises(ImportFormatError, match="no numbered rules"):
        parse(text)


def test_other_malformed_documents_are_refused():
    with pytest.raises(ImportFormatError, match="empty"):
        parse("\ufeff\r\n\r\n")
    with pytest.raises(ImportFormatError, match="no chapter heading"):
        parse("Some other document\n\nIt has no numbered chapters.\n")
    # Printed twice, and the next subrule (where a slip would go) is printed too: no slip.
    with pytest.raises(ImportFormatError, match="100.1a appears twice"):
        parse(ENGLISH.replace("100.1b A multiplayer", "100.1a A multiplayer\n\n      100.1b Another one."))
    with pytest.raises(ImportFormatError, match="100.1 appears twice"):
        parse(ENGLISH.replace("101.1. Whenever", "100.1. Whenever"))
    with pytest.raises(ImportFormatError, match="no effective date"):
        parse(ENGLISH.replace("April 29, 2022", "spring"))
    with pytest.raises(ValueError, match="language"):
        parse(ENGLISH, language="fr")


def test_an_explicit_edition_supplies_a_missing_date():
    document = parse(ENGLISH.replace("April 29, 2022", "spring"), edition="2022-04-29")

    assert (document.edition, document.effective_date) == ("2022-04-29", "2022-04-29")


def test_a_document_without_contents_list_finds_body_glossary_and_credits():
    preamble, rest = ENGLISH.split("Contents\n", 1)
    text = preamble + rest[rest.index("\n\n\n1. Game Concepts") :]
    chinese_preamble, chinese_rest = CHINESE.split("目录\n", 1)
    chinese = chinese_preamble + chinese_rest[chinese_rest.index("\n\n\n1. 游戏概念") :]

    assert shape(parse(text)) == shape(parse(ENGLISH))
    assert shape(parse(chinese, language="zh-Hans")) == shape(parse(CHINESE, language="zh-Hans"))


def test_a_subrule_printed_twice_is_a_slip_taken_as_the_next_subrule():
    document = parse(ENGLISH.replace("100.1b A multiplayer", "100.1a A multiplayer"))
    sections = by_number(document)

    assert sections["100.1b"].text == "A multiplayer game is a game that begins with more than two players."
    assert sections["100.1b"].reconstructed is True
    assert sections["100.1b"].data["printed_number"] == "100.1a"
    assert sections["100.1a"].reconstructed is False and "printed_number" not in sections["100.1a"].data
    assert document.notes == [
        "line 32: 100.1a is a numbering slip, taken as 100.1b (its place in 100.1; the number is marked reconstructed)"
    ]


def test_a_subrule_of_an_unprinted_rule_after_a_rule_is_that_rules_subrule():
    # zh-Hans 2022-04-29 prints 724.3a-c under 724.2 (there is no 724.3).
    document = parse(ENGLISH.replace("702.85a Cascade", "702.86a Cascade"))
    sections = by_number(document)

    assert "702.86" not in sections and "702.86a" not in sections
    assert sections["702.85a"].data["printed_number"] == "702.86a"
    assert sections["702.85a"].parent == "702.85"
    assert len(document.notes) == 1


def test_a_glossary_term_repeated_word_for_word_is_kept_once_and_noted():
    repeated = "Cascade\nA keyword ability. See rule 702.85, \"Cascade.\"\n"
    document = parse(ENGLISH.replace("CC\nSee Cascade.", f"CC\nSee Cascade.\n\n{repeated}"))

    assert [s.number for s in document.sections].count("glossary/cascade") == 1
    assert any("repeats the entry" in note for note in document.notes)
    other = parse(ENGLISH.replace("CC\nSee Cascade.", "CC\nSee Cascade.\n\nCascade\nSomething else.\n"))
    assert by_number(other)["glossary/cascade-2"].text == "Something else."
