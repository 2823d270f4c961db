"""Typos (issue 17): a query nothing matches offers "did you mean" from the index's own
words, on the page and in the API."""

from __future__ import annotations

import pytest
from django.urls import reverse

from conftest import needs_corpora
from rulesite.rules.models import SearchWord, Section
from rulesite.rules.services import search_words_rebuild
from rulesite.rules.textnorm import edit_distance, trigram_similarity

pytestmark = pytest.mark.django_db


class MeasureTests:
    def test_similarity_is_pg_trgms(self):
        # pg_trgm: similarity('stat', 'state') = 4 shared of 7 trigrams.
        assert trigram_similarity("stat", "state") == pytest.approx(4 / 7)
        assert trigram_similarity("layer", "layer") == 1.0

    def test_a_swap_of_neighbours_is_one_edit(self):
        assert edit_distance("casacde", "cascade") == 1
        assert edit_distance("deathtuch", "deathtouch") == 1
        assert edit_distance("opalesence", "presence") > 2


class WordListTests:
    def test_the_word_list_is_the_indexs_latin_words(self):
        assert SearchWord.objects.filter(word="chain").exists() or SearchWord.objects.filter(word="priority").exists()
        assert not SearchWord.objects.filter(word__regex=r"^x[0-9a-f]{4,}$").exists()

    def test_a_rebuild_counts_sections(self):
        assert search_words_rebuild() == SearchWord.objects.count() > 100


@needs_corpora
class DidYouMeanTests:
    @pytest.mark.parametrize(
        "q, meant", [("trampel", "trample"), ("casacde", "cascade"), ("deathtuch", "deathtouch"), ("stat-based", "state-based")]
    )
    def test_a_misspelt_word_offers_the_indexs_word(self, q, meant):
        results = Section.objects.search(q)
        assert results.count() == 0
        assert results.suggestions == [meant]
        assert Section.objects.search(meant).count() > 0

    def test_known_words_are_kept_and_case_is_the_suggestions(self):
        assert Section.objects.search("Trampel layer").suggestions == ["trample layer"]

    def test_a_word_with_no_close_word_offers_nothing(self):
        # Opalescence is named in no imported document; "presence" is trigram-close, not a typo of it.
        assert Section.objects.search("opalesence").suggestions == []

    def test_a_query_that_matches_offers_nothing(self):
        assert Section.objects.search("trample").suggestions == []

    def test_the_page_offers_a_link(self, client):
        body = client.get(reverse("rules:search"), {"q": "casacde"}).content.decode()
        assert 'class="did-you-mean"' in body and 'href="/search/?q=cascade"' in body
        assert '<ol class="results">' not in body

    def test_the_api_offers_suggestions(self, client):
        body = client.get("/api/v1/search/", {"q": "deathtuch"}).json()
        assert body["count"] == 0 and body["suggestions"] == ["deathtouch"]
        assert client.get("/api/v1/search/", {"q": "deathtouch"}).json()["suggestions"] == []
