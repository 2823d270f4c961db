"""Caching: section pages in the cache until an import, conditional GETs, permalink headers."""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache
from django.test import Client

from rulesite.caching import IMMUTABLE, search_cache_key, section_cache_key
from rulesite.rules.services import rules_cache_invalidate
from rulesite.scenarios.services import scenario_create

from .helpers import goldens, import_changed_fow

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("empty_cache")]
SECTION = "/rules/fow-whitepaper-2.3/6.1/"


def csrf_token_in(html: bytes) -> str:
    return re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1).decode()


class SectionPageCacheTests:
    def test_it_serves_a_section_page_again_without_rebuilding_it(self, client, django_assert_max_num_queries):
        first = client.get(SECTION)
        with django_assert_max_num_queries(1):  # the family fingerprint only
            again = client.get(SECTION)
        assert first.status_code == again.status_code == 200
        assert again.content.replace(csrf_token_in(again.content).encode(), b"") == first.content.replace(
            csrf_token_in(first.content).encode(), b""
        )

    def test_it_answers_from_the_cache_until_the_generation_moves(self, client, rf):
        client.get(SECTION)
        request = rf.get(SECTION)
        cache.set(section_cache_key(request, "fow-whitepaper-2.3"), "stale copy", 60)
        assert client.get(SECTION).content == b"stale copy"
        rules_cache_invalidate()
        assert b"stale copy" not in client.get(SECTION).content

    def test_an_import_invalidates_a_cached_section_page(self, client, django_capture_on_commit_callbacks):
        before = client.get(SECTION).content.decode()
        assert "A corrected text of rule six one" not in before
        with django_capture_on_commit_callbacks(execute=True):
            import_changed_fow("6.1", "A corrected text of rule six one.")
        after = client.get(SECTION).content.decode()
        assert "A corrected text of rule six one" in after

    def test_it_keys_the_cache_by_language(self, client):
        english = client.get(SECTION, HTTP_ACCEPT_LANGUAGE="en").content.decode()
        chinese = client.get(SECTION, HTTP_ACCEPT_LANGUAGE="zh-hant").content.decode()
        assert '<html lang="en">' in english and '<html lang="zh-hant">' in chinese

    def test_it_gives_each_visitor_a_csrf_token_of_their_own(self):
        alice, bob = Client(enforce_csrf_checks=True), Client(enforce_csrf_checks=True)
        for visitor in (alice, bob):
            token = csrf_token_in(visitor.get(SECTION).content)
            switched = visitor.post("/i18n/setlang/", {"language": "zh-hant", "next": SECTION, "csrfmiddlewaretoken": token})
            assert switched.status_code == 302

    def test_a_query_string_is_never_cached(self, client):
        page = client.get(SECTION + "?q=%3Cb%3Ehello").content.decode()
        assert "&lt;b&gt;hello" in page
        assert "hello" not in client.get(SECTION).content.decode().split("header-q", 1)[1][:200]

    def test_an_unknown_section_is_still_a_404(self, client):
        assert client.get("/rules/fow-whitepaper-2.3/99.99/").status_code == 404
        assert client.get("/rules/no-such-document/1/").status_code == 404


class SignedInVisitorTests:
    def test_a_judge_never_gets_the_anonymous_copy_of_a_page(self, client, django_user_model):
        assert "Sign in" in client.get(SECTION).content.decode()
        judge = django_user_model.objects.create_user("judge", password="pw-for-tests-only")
        client.force_login(judge)
        for url in (SECTION, "/search/?q=priority"):
            body = client.get(url).content.decode()
            assert "My rulings" in body and ">Sign in<" not in body
        client.logout()
        assert "My rulings" not in client.get("/search/?q=priority").content.decode()


class SearchPageCacheTests:
    URL = "/search/?q=priority"

    def test_it_serves_a_search_again_without_asking_the_database(self, client, django_assert_num_queries):
        first = client.get(self.URL)
        with django_assert_num_queries(0):
            again = client.get(self.URL)
        assert first.status_code == again.status_code == 200
        assert again.content.replace(csrf_token_in(again.content).encode(), b"") == first.content.replace(
            csrf_token_in(first.content).encode(), b""
        )

    def test_the_order_of_the_parameters_does_not_matter_and_each_query_has_its_own_copy(self, rf):
        assert search_cache_key(rf.get("/search/?q=a&page=2")) == search_cache_key(rf.get("/search/?page=2&q=a"))
        assert search_cache_key(rf.get("/search/?q=a")) != search_cache_key(rf.get("/search/?q=b"))
        assert search_cache_key(rf.get("/search/")) is None
        assert search_cache_key(rf.get("/search/", {"q": "x" * 2_000})) is None

    def test_an_import_moves_the_search_to_a_fresh_copy(self, client, rf):
        client.get(self.URL)
        cache.set(search_cache_key(rf.get(self.URL)), "stale copy", 60)
        assert client.get(self.URL).content == b"stale copy"
        rules_cache_invalidate()
        assert b"stale copy" not in client.get(self.URL).content

    def test_a_section_number_still_jumps_and_the_jump_is_not_kept(self, client, rf):
        response = client.get("/search/?q=6.1")
        assert response.status_code == 302
        assert cache.get(search_cache_key(rf.get("/search/?q=6.1"))) is None

    def test_the_query_is_escaped_in_the_cached_copy(self, client):
        for _ in range(2):
            body = client.get("/search/?q=%3Cscript%3Ex").content.decode()
            assert "<script>x" not in body and "&lt;script&gt;x" in body


class ConditionalGetTests:
    def test_a_current_section_page_answers_304(self, client):
        page = client.get(SECTION)
        assert page["Cache-Control"] == "private, no-cache" and page["ETag"]
        again = client.get(SECTION, HTTP_IF_NONE_MATCH=page["ETag"])
        assert again.status_code == 304 and again.content == b""

    def test_an_import_changes_the_etag(self, client, django_capture_on_commit_callbacks):
        etag = client.get(SECTION)["ETag"]
        with django_capture_on_commit_callbacks(execute=True):
            import_changed_fow("6.1", "Another corrected text.")
        assert client.get(SECTION, HTTP_IF_NONE_MATCH=etag).status_code == 200


class PermalinkHeaderTests:
    @pytest.fixture
    def code(self) -> str:
        stored, _ = scenario_create(scenario=goldens()[0])
        return stored.code

    def test_export_and_qr_are_immutable(self, client, code):
        for url in (f"/r/{code}/export.json", f"/r/{code}/qr.svg"):
            response = client.get(url)
            assert response.status_code == 200, url
            assert response["Cache-Control"] == IMMUTABLE, url

    def test_a_permalink_page_answers_304_while_unchanged(self, client, code):
        page = client.get(f"/r/{code}/")
        assert page.status_code == 200 and page["ETag"] and "no-cache" in page["Cache-Control"]
        assert client.get(f"/r/{code}/", HTTP_IF_NONE_MATCH=page["ETag"]).status_code == 304

    def test_an_unknown_permalink_is_not_cached(self, client):
        response = client.get("/r/zzzzzzzzzz/export.json")
        assert response.status_code == 404 and "immutable" not in response.get("Cache-Control", "")


class PermalinkPageCacheTests:
    @pytest.fixture
    def ruling(self):
        stored, _ = scenario_create(scenario=goldens()[0])
        return stored

    def test_it_serves_a_permalink_page_again_without_the_database(self, client, ruling, django_assert_num_queries):
        first = client.get(ruling.get_absolute_url())
        with django_assert_num_queries(0):
            again = client.get(ruling.get_absolute_url())
        assert first.status_code == again.status_code == 200
        strip = lambda html: re.sub(rb'csrfmiddlewaretoken" value="[^"]*"', b"", html)  # noqa: E731
        assert strip(again.content) == strip(first.content)

    def test_a_new_note_shows_at_once(self, client, ruling, django_user_model):
        from rulesite.scenarios.services import annotation_save

        client.get(ruling.get_absolute_url())
        judge = django_user_model.objects.create_user("judge-cache", password="x-long-password-1")
        annotation_save(scenario=ruling, author=judge, title="Seen at the regional", notes="", reviewed=False)
        assert "Seen at the regional" in client.get(ruling.get_absolute_url()).content.decode()

    def test_a_withdrawal_shows_at_once(self, client, ruling):
        from rulesite.scenarios.services import scenario_withdraw

        assert client.get(ruling.get_absolute_url()).status_code == 200
        scenario_withdraw(scenario=ruling, reason="abusive names")
        assert client.get(ruling.get_absolute_url()).status_code == 410

    def test_a_signed_in_judge_is_never_served_the_shared_copy(self, client, ruling, django_user_model):
        client.get(ruling.get_absolute_url())
        client.force_login(django_user_model.objects.create_user("judge-own", password="x-long-password-1"))
        page = client.get(ruling.get_absolute_url()).content.decode()
        assert 'class="annotation-form"' in page
