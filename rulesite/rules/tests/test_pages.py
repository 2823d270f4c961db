"""Rules pages: document list, contents, section permalinks, cross-reference links."""

from __future__ import annotations

import pytest
from django.urls import reverse

from conftest import needs_corpora

pytestmark = pytest.mark.django_db


class DocumentPagesTests:
    def test_document_list_names_every_game(self, client):
        body = client.get(reverse("rules:documents")).content.decode()
        for slug in ("fow-whitepaper-2.3", "ygo-rulebook-mr2", "ygo-ocg-rules-arcv", "mtg-arb-faq-2009"):
            assert slug in body

    def test_contents_list_the_chapters_in_order(self, client):
        body = client.get("/rules/fow-whitepaper-2.3/").content.decode()
        assert body.index('href="/rules/fow-whitepaper-2.3/1/"') < body.index('href="/rules/fow-whitepaper-2.3/6.1/"')
        assert body.index('href="/rules/fow-whitepaper-2.3/6.1/"') < body.index('href="/rules/fow-whitepaper-2.3/14/"')

    def test_unknown_document_and_section_are_404(self, client):
        assert client.get("/rules/no-such-doc/").status_code == 404
        assert client.get("/rules/fow-whitepaper-2.3/99.99/").status_code == 404


class SectionPageTests:
    def test_section_page_has_breadcrumbs_and_previous_next(self, client):
        response = client.get("/rules/fow-whitepaper-2.3/6.1/")
        body = response.content.decode()
        assert response.status_code == 200
        assert 'href="/rules/fow-whitepaper-2.3/6/"' in body  # breadcrumb to the chapter
        assert 'rel="prev" href="/rules/fow-whitepaper-2.3/6/"' in body
        assert 'rel="next" href="/rules/fow-whitepaper-2.3/6.2/"' in body

    def test_arcv_items_have_their_own_permalink(self, client):
        response = client.get("/rules/ygo-ocg-rules-arcv/4.2.3.i2/")
        assert response.status_code == 200
        assert 'href="/rules/ygo-ocg-rules-arcv/4.2.3/"' in response.content.decode()

    def test_rulebook_sections_show_the_printed_page(self, client):
        body = client.get("/rules/ygo-rulebook-mr2/ch4/").content.decode()
        assert "p." in body

    @needs_corpora
    def test_rule_numbers_in_text_become_links(self, client):
        body = client.get("/rules/mtg-cr-2022-04-29/613.2/").content.decode()
        assert 'class="xref" href="/rules/mtg-cr-2022-04-29/613.8/"' in body

    @needs_corpora
    def test_a_section_shows_what_links_to_it(self, client):
        body = client.get("/rules/mtg-cr-2022-04-29/613.8/").content.decode()
        assert "Referenced by" in body
        assert 'href="/rules/mtg-cr-2022-04-29/613.2/"' in body

    @needs_corpora
    def test_glossary_entries_have_permalinks(self, client):
        assert client.get("/rules/mtg-cr-2022-04-29/glossary/priority/").status_code == 200

    @needs_corpora
    def test_current_redirects_to_the_newest_edition(self, client):
        response = client.get("/rules/mtg-cr/current/702.85/")
        assert response.status_code == 302
        assert response["Location"] == "/rules/mtg-cr-2022-04-29/702.85/"

    @needs_corpora
    def test_section_page_links_the_other_edition(self, client):
        body = client.get("/rules/mtg-cr-2022-04-29/613.8a/").content.decode()
        # Through the switch redirect, which follows a renumbered rule to its old number.
        assert 'href="/rules/mtg-cr/switch/2022-04-29/2020-06-01/613.8a/"' in body

    def test_section_page_query_count_does_not_grow_with_children(self, client, django_assert_max_num_queries):
        with django_assert_max_num_queries(12):
            client.get("/rules/ygo-ocg-rules-arcv/4.2.4/")
        with django_assert_max_num_queries(12):
            client.get("/rules/fow-whitepaper-2.3/10/")


class ItemDisplayTests:
    def test_a_section_with_items_shows_each_item_once(self, client):
        from rulesite.rules.models import Section

        item = Section.objects.get(document__slug="ygo-ocg-rules-arcv", number="4.2.4.i1")
        body = client.get("/rules/ygo-ocg-rules-arcv/4.2.4/").content.decode()
        assert body.count(item.text.split("\n")[0]) == 1

    def test_faq_cards_are_headed_by_their_name(self, client):
        body = client.get("/rules/mtg-arb-faq-2009/card-meddling-mage/").content.decode()
        assert "<h1>扰咒法师 (Meddling Mage)</h1>" in body
        assert '<span class="num">r1</span>' in body


class PageReferenceTests:
    def test_a_printed_page_reference_links_to_the_section_on_that_page(self, client):
        from rulesite.rules.models import Reference

        refs = Reference.objects.filter(source__document__slug="ygo-rulebook-mr2", label__startswith="p.")
        assert refs.exists()
        ref = refs.select_related("source", "target").first()
        assert ref.target.page == ref.label
        body = client.get(ref.source.get_absolute_url()).content.decode()
        assert f'class="xref" href="{ref.target.get_absolute_url()}"' in body


class CurrentEditionTests:
    @needs_corpora
    def test_current_without_a_section_goes_to_the_newest_contents(self, client):
        response = client.get("/rules/mtg-cr/current/")
        assert response.status_code == 302
        assert response["Location"] == "/rules/mtg-cr-2022-04-29/"

    @pytest.mark.parametrize("path", ["613.8a/..%2F..%2Fx", "613.8a/../../x", "./613.8a", "613.8a//x", "..%2F..%2Fadmin"])
    def test_a_number_with_a_dot_segment_is_a_404_not_a_redirect(self, client, path):
        response = client.get(f"/rules/fow-whitepaper/current/{path}/")
        assert response.status_code == 404

    def test_current_with_a_section_goes_to_it_in_the_newest_edition(self, client):
        response = client.get("/rules/fow-whitepaper/current/6.1/")
        assert response.status_code == 302
        assert response["Location"] == "/rules/fow-whitepaper-2.3/6.1/"

    def test_breadcrumbs_name_the_document_by_its_title(self, client):
        body = client.get("/rules/fow-whitepaper-2.3/6.1/").content.decode()
        assert 'title="fow-whitepaper-2.3">Force of Will' in body


class GlossaryLinkTests:
    @needs_corpora
    def test_glossary_terms_in_rule_text_link_to_their_entries(self, client):
        body = client.get("/rules/mtg-cr-2022-04-29/702.85a/").content.decode()
        assert 'class="term" href="/rules/mtg-cr-2022-04-29/glossary/mana-value/"' in body

    @needs_corpora
    def test_a_term_common_to_most_rules_is_not_linked(self, client):
        body = client.get("/rules/mtg-cr-2022-04-29/613.1/").content.decode()
        assert 'href="/rules/mtg-cr-2022-04-29/glossary/player/"' not in body
        assert 'href="/rules/mtg-cr-2022-04-29/glossary/card/"' not in body

    @needs_corpora
    def test_a_glossary_entry_does_not_link_to_itself(self, client):
        body = client.get("/rules/mtg-cr-2022-04-29/glossary/cascade/").content.decode()
        assert 'class="term" href="/rules/mtg-cr-2022-04-29/glossary/cascade/"' not in body


class HeadingTests:
    @needs_corpora
    def test_an_untitled_rule_shows_its_number_once(self, client):
        body = client.get("/rules/mtg-cr-2022-04-29/702.85a/").content.decode()
        assert '<h1><span class="num">702.85a</span></h1>' in body
