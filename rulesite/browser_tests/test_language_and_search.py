"""A judge switches the interface to Traditional Chinese, searches in Chinese, and jumps to a rule by number."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.django_db  # the test database (rules imported); see conftest.py

DEMO = "/scenarios/new/ygo/?demo=demo-mirror-force-trap-jammer"


def open_demo_ruling(page: Any) -> None:
    """Open the Mirror Force demo in the builder (a GET form prefill) and resolve it to its permalink."""
    page.goto(DEMO)
    expect(page.locator("#id_cards-1-name")).to_have_value("Mirror Force")
    page.get_by_role("button", name="Resolve and make a permalink").click()
    page.wait_for_url(re.compile(r"/r/[A-Za-z0-9]+/$"))


def search_from_home(page: Any, text: str) -> None:
    """Type ``text`` into the home page's search box and press Enter."""
    page.goto("/")
    search = page.get_by_role("search").get_by_role("searchbox")
    search.fill(text)
    search.press("Enter")


class TestTheLanguageSwitcher:
    def test_it_shows_the_ruling_and_its_steps_in_traditional_chinese(self, page: Any, shot: Any) -> None:
        open_demo_ruling(page)
        permalink = page.url
        expect(page.locator(".timeline")).to_contain_text("Alice (p1) activates Trap Jammer")
        shot(page, "english")

        header = page.locator("header")
        header.get_by_label("Language").select_option(label="繁體中文")
        header.get_by_role("button", name="Switch").click()
        page.wait_for_url(permalink)

        expect(page.locator("html")).to_have_attribute("lang", "zh-hant")
        expect(page.get_by_role("link", name="用當前引擎重新檢查")).to_be_visible()
        expect(page.locator(".glance .summary")).to_contain_text("連鎖2先處理")
        expect(page.locator(".timeline")).to_contain_text("連鎖2：Alice (p1)對應連鎖發動Trap Jammer")
        expect(page.locator(".timeline")).not_to_contain_text("activates Trap Jammer")
        expect(header.get_by_label("語言")).to_have_value("zh-hant")
        shot(page, "traditional-chinese")

        # The choice sticks for the next page.
        page.goto("/")
        expect(page.locator("html")).to_have_attribute("lang", "zh-hant")


class TestTheSearchBox:
    def test_it_finds_chain_in_both_chinese_scripts(self, page: Any, shot: Any) -> None:
        search_from_home(page, "連鎖")
        page.wait_for_url(re.compile(r"/search/\?q="))

        results = page.locator("ol.results > li")
        expect(results.first).to_be_visible()
        expect(page.locator(".results mark", has_text=re.compile("^連鎖$")).first).to_be_visible()
        # The Simplified-script ARC-V rules match too: either script finds the other.
        expect(page.locator(".results mark", has_text=re.compile("^连锁$")).first).to_be_visible()
        shot(page, "results")

        results.first.get_by_role("link").first.click()
        page.wait_for_url(re.compile(r"/rules/[^/]+/[^/]+/$"))
        expect(page.get_by_role("heading", level=1)).to_be_visible()

    def test_it_jumps_straight_to_a_rule_given_its_number(self, page: Any, shot: Any) -> None:
        search_from_home(page, "4.2.4")
        page.wait_for_url(re.compile(r"/rules/ygo-ocg-rules-arcv/4\.2\.4/$"))
        expect(page.get_by_role("heading", level=1)).to_contain_text("4.2.4")
        shot(page, "rule-4-2-4")
