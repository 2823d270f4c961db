"""Synonyms across documents and translations (issue 17): the glossaries' variants of a
term (an older translation's word, a Latin abbreviation) and card names in English and
Chinese find one another."""

from __future__ import annotations

import json

import pytest

from conftest import needs_corpora
from rulesite.rules import glossary_terms
from rulesite.rules.glossary_terms import GlossaryDataError, card_name_pairs, load_glossary
from rulesite.rules.models import Document, Section

pytestmark = pytest.mark.django_db


def found(q: str, **filters) -> set[tuple[str, str]]:
    sections = Section.objects.filter(document__in=Document.objects.current(), **filters)
    return {(h.section.document.slug, h.section.number) for h in sections.search(q)[:100]}


def slugs(q: str) -> set[str]:
    return {slug for slug, _ in found(q)}


class VariantTests:
    @pytest.mark.parametrize("one, other", [("升級召喚", "上级召唤"), ("反制", "反击"), ("同步", "同调"), ("超量", "XYZ")])
    def test_each_form_finds_both_rulebooks(self, one, other):
        assert {"ygo-rulebook-mr2", "ygo-ocg-rules-arcv"} <= slugs(one)
        assert found(one, document__game="ygo") == found(other, document__game="ygo")

    @needs_corpora
    def test_either_chinese_word_for_dependency_finds_613_8(self):
        for q in ("依存", "从属", "從屬"):
            assert ("mtg-cr-2022-04-29", "613.8") in found(q), q

    def test_a_variant_stays_in_its_game(self):
        assert not any(slug.startswith(("mtg", "fow")) for slug in slugs("同步"))


class CardNameTests:
    def test_the_library_gives_a_pair_per_card_named_in_chinese(self):
        pairs = {p.en: p for p in card_name_pairs("ygo")}
        assert pairs["Monster Reborn"].zh_hans == "死者苏生"

    def test_an_english_card_name_finds_the_chinese_rules_that_name_it(self):
        assert found("Monster Reborn") == found("死者蘇生") == found("死者苏生")
        assert ("ygo-ocg-rules-arcv", "3.2.2.3.1.1.2.1") in found("Monster Reborn")


class GlossaryFileTests:
    def test_an_unknown_key_is_refused_at_its_path(self, tmp_path, monkeypatch):
        (tmp_path / "ygo.json").write_text(json.dumps([{"en": "chain", "zh_hans": "连锁", "zh_hant": "連鎖", "alias": ["x"]}]))
        monkeypatch.setattr(glossary_terms, "GLOSSARY_DIR", tmp_path)
        with pytest.raises(GlossaryDataError, match=r"ygo.json\[0\].alias: unknown key"):
            load_glossary("ygo")

    def test_variants_must_be_a_list_of_strings(self, tmp_path, monkeypatch):
        (tmp_path / "ygo.json").write_text(json.dumps([{"en": "chain", "zh_hans": "连锁", "zh_hant": "連鎖", "variants": "鎖"}]))
        monkeypatch.setattr(glossary_terms, "GLOSSARY_DIR", tmp_path)
        with pytest.raises(GlossaryDataError, match=r"ygo.json\[0\].variants: expected a list"):
            load_glossary("ygo")
