"""axe-core finds nothing serious or critical on the main pages: labels, names, contrast (WCAG 2.1 AA)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from .helpers import axe_violations
from .test_language_and_search import open_demo_ruling

pytestmark = pytest.mark.django_db  # the test database (rules imported); see conftest.py

PAGES = {
    "home": "/",
    "documents": "/rules/",
    "section": "/rules/ygo-ocg-rules-arcv/4.2.4/",
    "search-results": "/search/?q=%E9%80%A3%E9%8E%96",
    "ygo-builder": "/scenarios/new/ygo/",
    "mtg-builder": "/scenarios/new/mtg/",
    "fow-builder": "/scenarios/new/fow/",
    "json-builder": "/scenarios/new/ygo/?mode=json",
    "sign-in": "/accounts/login/",
    "sign-up": "/accounts/signup/",
}


class TestTheAxeCheck:
    def test_it_reports_an_unlabelled_field_and_faint_text(self, page: Any) -> None:
        page.set_content(
            '<html lang="en"><title>t</title><main><input type="text">'
            '<p style="color:#bbb;background:#fff">faint</p></main></html>'
        )
        found = " ".join(axe_violations(page))
        assert "label (critical)" in found and "color-contrast (serious)" in found, found


class TestAxe:
    @pytest.mark.parametrize("url", PAGES.values(), ids=PAGES.keys())
    def test_it_finds_no_serious_problem_on_the_page(self, page: Any, url: str) -> None:
        response = page.goto(url)
        assert response is not None and response.ok, f"{url} answered {response and response.status}"
        assert axe_violations(page) == []

    def test_it_finds_no_serious_problem_on_a_permalink_or_its_recheck(self, page: Any) -> None:
        open_demo_ruling(page)
        for details in page.locator("details.rule-pop").all()[:1]:
            details.locator("summary").click()  # an open citation popover is checked too
        assert axe_violations(page) == []
        page.get_by_role("link", name="Re-check with the current engine").click()
        page.wait_for_url(re.compile(r"/recheck/$"))
        assert axe_violations(page) == []

    def test_it_finds_no_serious_problem_in_a_builder_showing_errors(self, page: Any) -> None:
        page.goto("/scenarios/new/ygo/")
        page.fill("#id_setup-p1_lp", "-1")
        page.get_by_role("button", name="Resolve and make a permalink").click()
        expect(page.locator(".has-error").first).to_be_visible()
        assert axe_violations(page) == []

    def test_it_finds_no_serious_problem_in_chinese(self, page: Any, site: str) -> None:
        page.context.add_cookies([{"name": "django_language", "value": "zh-hant", "url": site}])
        for url in ("/", "/scenarios/new/ygo/"):
            page.goto(url)
            expect(page.locator("html")).to_have_attribute("lang", "zh-hant")
            assert axe_violations(page) == []


class TestThePhoneLayout:
    @pytest.mark.parametrize("url", ["/", "/scenarios/new/ygo/", "/scenarios/new/mtg/", "/scenarios/new/fow/",
                                     "/search/?q=%E9%80%A3%E9%8E%96"])
    def test_it_fits_a_390px_phone_without_sideways_scrolling(self, phone: Any, url: str, shot: Any) -> None:
        phone.goto(url)
        widths = phone.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
        shot(phone, "phone", full_page=False)
        assert widths[0] <= widths[1], f"{url} is {widths[0]}px wide on a {widths[1]}px screen"
        assert axe_violations(phone) == []

    def test_it_fits_a_ruling_on_a_phone(self, phone: Any, shot: Any) -> None:
        open_demo_ruling(phone)
        widths = phone.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
        shot(phone, "phone-ruling", full_page=False)
        assert widths[0] <= widths[1], f"the ruling is {widths[0]}px wide on a {widths[1]}px screen"
