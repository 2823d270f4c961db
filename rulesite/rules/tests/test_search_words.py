"""Search words as judges type them (issue 17): Chinese words separated by spaces are ANDed,
single characters separated by spaces are joined, a phrase with no hits falls back to its
words, and ARC-V ● items are hits of their section."""

from __future__ import annotations

import pytest
from django.urls import reverse

from conftest import needs_corpora
from rulesite.rules.models import Document, Section
from rulesite.rules.search import parse_query
from rulesite.rules.textnorm import index_text, query_words

pytestmark = pytest.mark.django_db

ARCV = "ygo-ocg-rules-arcv"


def numbers(q: str, **filters) -> list[str]:
    return [h.section.number for h in Section.objects.filter(**filters).search(q)[:200]]


def has_words(section: Section, *words: str) -> bool:
    tokens = index_text(section.title + " " + section.text)
    return all(index_text(w) in tokens for w in words)


class QueryWordsTests:
    def test_a_space_between_two_character_words_separates_them(self):
        assert query_words("連鎖 墓地") == ["連鎖", "墓地"]
        assert len(parse_query("连锁 特殊召唤")) == 2

    def test_single_characters_separated_by_spaces_are_one_word(self):
        assert query_words("連 鎖") == ["連鎖"]
        assert parse_query("連 鎖") == parse_query("連鎖")

    def test_a_transcribed_word_beside_a_real_one(self):
        assert query_words("連鎖 墓 地") == ["連鎖", "墓地"]


class ChineseAndTests:
    def test_two_words_find_the_sections_with_both(self):
        found = numbers("連鎖 墓地", document__slug=ARCV)
        assert len(found) >= 10
        sections = Section.objects.filter(document__slug=ARCV)
        for number in found:
            section = sections.get(number=number)
            family = [section, *section.children.filter(kind="item")]
            assert any(has_words(s, "连锁", "墓地") for s in family), number

    def test_simplified_words_and_too(self):
        found = numbers("连锁 特殊召唤", document__slug=ARCV)
        assert found and "3.2.2.3.1" in found

    def test_and_is_narrower_than_either_word(self):
        both = set(numbers("連鎖 墓地", document__slug=ARCV))
        assert both < set(numbers("連鎖", document__slug=ARCV))
        assert both < set(numbers("墓地", document__slug=ARCV))

    def test_a_phrase_with_no_hits_falls_back_to_its_words(self):
        results = Section.objects.filter(document__slug=ARCV).search("墓地連鎖發動")
        assert results.count() > 0 and results.loosened
        phrase = Section.objects.filter(document__slug=ARCV).search("連鎖")
        assert not phrase.loosened

    def test_the_page_says_it_searched_the_words(self, client):
        body = client.get(reverse("rules:search"), {"q": "墓地連鎖發動", "document": ARCV}).content.decode()
        assert 'class="meta loosened"' in body


class ItemsUnderSectionTests:
    def test_a_section_and_its_own_bullets_are_one_hit(self):
        found = numbers("連鎖", document__slug=ARCV)
        assert not any(".i" in n for n in found), "● items are shown as their section"
        assert len(found) == len(set(found))

    def test_the_top_five_are_five_sections_not_bullets(self):
        top = numbers("連鎖", document__slug=ARCV)[:5]
        kinds = set(Section.objects.filter(document__slug=ARCV, number__in=top).values_list("kind", flat=True))
        assert len(set(top)) == 5 and kinds <= {"section", "chapter"}


class EmptyResultTests:
    def test_no_results_is_not_a_numbered_list_item(self, client):
        body = client.get(reverse("rules:search"), {"q": "zzzzqqqq"}).content.decode()
        assert "No section matches" in body
        assert '<ol class="results">' not in body

    def test_a_chapter_heading_without_text_is_not_the_top_hit(self):
        top = Section.objects.filter(document__in=Document.objects.current()).search("連鎖")[0].section
        assert top.text.strip(), f"{top} is an empty heading"


@needs_corpora
class GlossaryTermRankingTests:
    def test_dependency_has_613_8a_in_its_top_five(self):
        top = [(h.section.document.slug, h.section.number) for h in Section.objects.filter(document__in=Document.objects.current()).search("dependency")[:5]]
        assert ("mtg-cr-2022-04-29", "613.8a") in top
        assert top[0] == ("mtg-cr-2022-04-29", "glossary/dependency")

    def test_a_word_that_names_no_glossary_entry_borrows_nothing(self):
        # "depends" stems as "dependency" does, but names no glossary entry: 613.8a ranks on its words.
        top = [h.section.number for h in Section.objects.filter(document__slug="mtg-cr-2022-04-29").search("depends")[:5]]
        assert "613.8a" not in top
