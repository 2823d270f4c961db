"""Every Magic citation names a rule that its own Comprehensive Rules edition has, with the
text it should have (parsed by the site's importer; the corpora are read, never copied)."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from engine.mtg.rules import CITATIONS, EDITIONS, K, citation

CORPORA = Path(__file__).resolve().parents[3] / "shared" / "corpora"
FILES = {"cr-2020-06-01": "MagicCompRules-20200601.txt", "cr-2022-04-29": "MagicCompRules-20220429.txt"}
needs_corpora = pytest.mark.skipif(not CORPORA.is_dir(), reason=f"no Comprehensive Rules corpora at {CORPORA}")


@functools.lru_cache(maxsize=2)
def _rules(ruleset: str) -> dict[str, str]:
    from rulesite.rules.importers.mtg_cr import parse  # pure: no database

    text = (CORPORA / FILES[ruleset]).read_text(encoding="utf-8-sig")
    return {section.number: section.text for section in parse(text).sections}


def test_every_rule_point_has_a_citation_in_both_editions():
    assert set(CITATIONS) == set(K)
    assert all(len(numbers) == 3 for numbers in CITATIONS.values())


@needs_corpora
@pytest.mark.parametrize("ruleset", sorted(EDITIONS))
def test_every_cited_number_exists_in_its_edition_with_its_text(ruleset):
    rules = _rules(ruleset)
    wrong = []
    for key, (*numbers, word) in CITATIONS.items():
        number = numbers[EDITIONS[ruleset]]
        text = rules.get(number)
        if text is None or word.lower() not in text.lower():
            wrong.append((key.name, number))
    assert wrong == []


@needs_corpora
def test_702_cascade_moved_between_editions():
    assert citation("cr-2020-06-01", K.CASCADE).number == "702.84a"
    assert citation("cr-2022-04-29", K.CASCADE).number == "702.85a"
    assert "Cascade" in _rules("cr-2020-06-01")["702.84"] and "Cascade" in _rules("cr-2022-04-29")["702.85"]


@needs_corpora
@pytest.mark.parametrize("ruleset", sorted(EDITIONS))
def test_613_4_both_editions_have_sublayers_7a_to_7d_only(ruleset):
    rules = _rules(ruleset)
    assert all(f"613.4{letter}" in rules for letter in "abcd") and "613.4e" not in rules


@needs_corpora
def test_702_85a_only_2022_checks_the_resulting_spells_mana_value():
    assert "resulting spell" in _rules("cr-2022-04-29")["702.85a"]
    assert "resulting spell" not in _rules("cr-2020-06-01")["702.84a"]


@needs_corpora
@pytest.mark.parametrize("ruleset", sorted(EDITIONS))
def test_702_every_keyword_of_the_vocabulary_is_its_editions_section(ruleset):
    from engine.mtg.rules import KEYWORD_SECTIONS

    rules = _rules(ruleset)
    wrong = [(keyword, numbers) for keyword, numbers in KEYWORD_SECTIONS.items()
             if numbers[EDITIONS[ruleset]] is not None
             and keyword.replace("_", " ") not in rules.get(numbers[EDITIONS[ruleset]], "").lower().replace("-", " ")]
    assert wrong == []
    listed = {number for numbers in KEYWORD_SECTIONS.values() for number in numbers[EDITIONS[ruleset]:EDITIONS[ruleset] + 1]}
    every = {n for n in rules if n.startswith("702.") and n.count(".") == 1 and n[4:].isdigit() and n != "702.1"}
    assert every - listed == set()
