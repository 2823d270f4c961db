"""Security: CSP without inline code, CSRF on forms, rate limits, size limits, escaping."""

from __future__ import annotations

import base64
import hashlib
import json
import re

import pytest
from django.test import Client

from rulesite.scenarios.services import scenario_create

from .helpers import goldens, import_changed_fow

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("empty_cache")]
FIVE_MB = 5 * 1024 * 1024


@pytest.fixture
def permalink() -> str:
    stored, _ = scenario_create(scenario=goldens()[0])
    return stored.get_absolute_url()


def csp_directives(response) -> dict[str, list[str]]:
    policy = response["Content-Security-Policy"]
    return {part.split()[0]: part.split()[1:] for part in policy.split(";") if part.strip()}


class ContentSecurityPolicyTests:
    PAGES = ["/", "/rules/", "/rules/fow-whitepaper-2.3/6.1/", "/search/?q=連鎖", "/scenarios/new/ygo/",
             "/rules/fow-whitepaper/editions/", "/accounts/login/", "/accounts/signup/"]

    def test_every_page_forbids_inline_scripts_and_styles(self, client, permalink):
        for url in [*self.PAGES, permalink]:
            response = client.get(url)
            assert response.status_code == 200, url
            directives = csp_directives(response)
            assert directives["default-src"] == ["'self'"], url
            assert "'unsafe-inline'" not in directives["script-src"] + directives["style-src"], url

    def test_no_page_has_inline_script_style_or_event_handler(self, client, permalink):
        for url in [*self.PAGES, permalink]:
            html = client.get(url).content.decode()
            # A JSON data block (type="application/json", the ruling's board steps) is never run.
            assert not re.search(r'<script(?![^>]*\bsrc=)(?![^>]*type="application/json")[^>]*>', html), url
            assert "<style" not in html, url
            assert not re.search(r"\sstyle=", html), url
            assert not re.search(r"\son[a-z]+=", html), url

    def test_the_api_docs_style_block_is_allowed_by_its_hash_only(self, client):
        response = client.get("/api/docs/")
        block = re.search(r"<style>(.*?)</style>", response.content.decode(), re.S).group(1)
        digest = "'sha256-" + base64.b64encode(hashlib.sha256(block.encode()).digest()).decode() + "'"
        assert csp_directives(response)["style-src"] == ["'self'", digest]
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", response.content.decode())


class CsrfTests:
    def test_a_builder_post_without_a_token_is_refused(self):
        client = Client(enforce_csrf_checks=True)
        client.get("/scenarios/new/ygo/")
        assert client.post("/scenarios/new/ygo/", {"title": "x"}).status_code == 403

    def test_a_language_switch_without_a_token_is_refused(self):
        client = Client(enforce_csrf_checks=True)
        client.get("/")
        assert client.post("/i18n/setlang/", {"language": "zh-hant", "next": "/"}).status_code == 403

    def test_a_sign_in_without_a_token_is_refused(self):
        client = Client(enforce_csrf_checks=True)
        assert client.post("/accounts/login/", {"username": "a", "password": "b"}).status_code == 403


class RateLimitTests:
    @pytest.fixture(autouse=True)
    def low_limits(self, settings):
        settings.RATELIMIT_ENABLE = True
        settings.RATELIMIT_RESOLVE = settings.RATELIMIT_SEARCH = settings.RATELIMIT_LOGIN = settings.RATELIMIT_SIGNUP = "3/d"

    def test_resolving_over_the_limit_is_a_429_with_errors(self, client):
        body = json.dumps(goldens()[0])
        answers = [client.post("/api/v1/resolve/", body, content_type="application/json") for _ in range(4)]
        assert [a.status_code for a in answers] == [200, 200, 200, 429]
        assert answers[-1]["Retry-After"] == "60"
        assert answers[-1].json()["errors"][0]["message"].startswith("Too many requests")

    def test_storing_scenarios_shares_the_resolve_limit(self, client):
        body = json.dumps(goldens()[0])
        for _ in range(3):
            client.post("/api/v1/resolve/", body, content_type="application/json")
        assert client.post("/api/v1/scenarios/", body, content_type="application/json").status_code == 429

    def test_searching_over_the_limit_is_a_429_on_the_page_and_the_api(self, client):
        answers = [client.get("/search/?q=連鎖"), client.get("/api/v1/search/?q=連鎖"), client.get("/search/?q=chain")]
        assert [a.status_code for a in answers] == [200, 200, 200]
        page, api = client.get("/search/?q=連鎖"), client.get("/api/v1/search/?q=連鎖")
        assert page.status_code == 429 and b"Too many requests" in page.content
        assert api.status_code == 429 and api.json()["errors"]

    def test_signing_in_over_the_limit_is_a_429(self, client):
        answers = [client.post("/accounts/login/", {"username": "judge", "password": "wrong"}) for _ in range(4)]
        assert [a.status_code for a in answers] == [200, 200, 200, 429]
        assert client.get("/accounts/login/").status_code == 200  # showing the form is not counted

    def test_making_accounts_over_the_limit_is_a_429(self, client, django_user_model):
        answers = [client.post("/accounts/signup/", {"username": f"j{n}", "password1": "x", "password2": "y"}) for n in range(4)]
        assert [a.status_code for a in answers] == [200, 200, 200, 429]
        assert client.get("/accounts/signup/").status_code == 200  # showing the form is not counted
        assert not django_user_model.objects.exists()

    def test_the_limits_are_per_client_address(self):
        body = json.dumps(goldens()[0])
        for _ in range(3):
            Client(REMOTE_ADDR="10.0.0.1").post("/api/v1/resolve/", body, content_type="application/json")
        assert Client(REMOTE_ADDR="10.0.0.2").post("/api/v1/resolve/", body, content_type="application/json").status_code == 200


class RequestSizeTests:
    def test_a_5_mb_builder_post_is_a_clear_400(self, client):
        response = client.post("/scenarios/new/ygo/", {"title": "x" * FIVE_MB})
        assert response.status_code == 400
        assert b"too large" in response.content

    def test_a_5_mb_api_post_is_a_400_with_errors(self, client):
        for url in ("/api/v1/resolve/", "/api/v1/scenarios/"):
            body = json.dumps({"format": "1", "game": "ygo", "padding": "x" * FIVE_MB})
            response = client.post(url, body, content_type="application/json")
            assert response.status_code == 400, url
            assert "over the limit" in response.json()["errors"][0]["message"], url


class EscapingTests:
    MARKUP = '<script>alert("x")</script><img src=x onerror=alert(1)>'

    def test_the_search_box_shows_markup_as_text(self, client):
        html = client.get("/search/", {"q": self.MARKUP}).content.decode()
        assert "<script>alert" not in html and "<img src=x" not in html
        assert "&lt;script&gt;alert" in html

    def test_the_api_search_snippet_escapes_rule_text(self, client):
        import_changed_fow("6.1", f"Priority passes {self.MARKUP} zebrafish.")
        results = client.get("/api/v1/search/", {"q": "zebrafish"}).json()["results"]
        snippet = next(r["snippet"] for r in results if r["number"] == "6.1")
        assert "<script>" not in snippet and "<img" not in snippet
        assert "&lt;script&gt;" in snippet and "<mark>" in snippet

    def test_a_section_page_escapes_rule_text(self, client):
        import_changed_fow("6.1", f"Priority passes {self.MARKUP}.")
        html = client.get("/rules/fow-whitepaper-2.3/6.1/").content.decode()
        assert "<script>alert" not in html and "&lt;script&gt;" in html
