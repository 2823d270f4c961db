"""Section numbers in the search box and the API (issue 17): both answer a number the same
way, and a number in several editions or languages of one document goes to the newest
edition in the reader's language."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse

from conftest import needs_corpora
from rulesite.rules.models import Document, Section

pytestmark = pytest.mark.django_db


def api(client, q: str, **params) -> dict:
    return client.get("/api/v1/search/", {"q": q, **params}).json()


class ApiNumberTests:
    @pytest.mark.parametrize(
        "q, document",
        [("6.1", "fow-whitepaper-2.3"), ("4.2.4", "ygo-ocg-rules-arcv"), ("4.2.3", "ygo-ocg-rules-arcv"), ("４.２.３", "ygo-ocg-rules-arcv")],
    )
    def test_a_number_is_its_section_as_the_page_jumps_to_it(self, client, q, document):
        body = api(client, q)
        assert body["count"] == 1
        hit = body["results"][0]
        assert (hit["document"], hit["match"], hit["rank"]) == (document, "number", None)
        page = client.get(reverse("rules:search"), {"q": q})
        assert page["Location"] == hit["url"]

    def test_words_are_text_hits_with_a_rank(self, client):
        hit = api(client, "連鎖")["results"][0]
        assert hit["match"] == "text" and hit["rank"] > 0

    def test_a_number_in_several_documents_lists_them(self, client):
        body = api(client, "1.1")
        assert body["count"] > 1 and {r["match"] for r in body["results"]} == {"number"}
        assert {r["number"] for r in body["results"]} == {"1.1"}


@needs_corpora
class EditionAndLanguageTests:
    @pytest.fixture
    def chinese_edition(self):
        """The zh-Hans translation of the 2022-04-29 CR: the one import_rules reads from the
        corpora, or (without its file) a one-rule stand-in."""
        english = Document.objects.get(slug="mtg-cr-2022-04-29")
        chinese, made = Document.objects.get_or_create(
            slug="mtg-cr-2022-04-29-zh",
            defaults=dict(family=english.family, game="mtg", title="万智牌完整规则", edition="2022-04-29-zh",
                          language="zh-Hans", effective_date=english.effective_date),
        )
        if made:
            Section.objects.create(document=chinese, number="613.8a", title="", text="从属", position=0, kind="subrule")
        return chinese

    def test_all_editions_go_to_the_newest(self, client):
        body = api(client, "613.8a", all_editions="true")
        assert [r["document"] for r in body["results"]] == ["mtg-cr-2022-04-29"]
        page = client.get(reverse("rules:search"), {"q": "613.8a", "all_editions": "on"})
        assert page["Location"] == "/rules/mtg-cr-2022-04-29/613.8a/"

    def test_the_readers_language_is_preferred(self, client, chinese_edition):
        body = client.get("/api/v1/search/", {"q": "613.8a", "all_editions": "true"}, headers={"accept-language": "zh-hans"}).json()
        assert [r["document"] for r in body["results"]] == ["mtg-cr-2022-04-29-zh"]
        sections = Section.objects.all()
        assert sections.number_jump("613.8a", "zh-hans").document == chinese_edition
        assert sections.number_jump("613.8a", "en").document.slug == "mtg-cr-2022-04-29"
        assert sections.number_jump("613.8a", "zh-hant").document.effective_date == dt.date(2022, 4, 29)
