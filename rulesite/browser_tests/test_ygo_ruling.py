"""A judge builds a Yu-Gi-Oh! ruling in the browser, opens its permalink, re-checks it, and types a wrong value."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from .helpers import MIRROR_FORCE_BOARD, fill_board, type_into

pytestmark = pytest.mark.django_db  # the test database (rules imported); see conftest.py

PERMALINK = re.compile(r"/r/[A-Za-z0-9]+/$")


class TestTheYugiohBuilder:
    def test_it_turns_mirror_force_answered_by_trap_jammer_into_a_permalink_that_rechecks_the_same(
        self, page: Any, shot: Any
    ) -> None:
        page.goto("/scenarios/new/ygo/")
        expect(page.get_by_role("heading", level=1)).to_have_text("New Yu-Gi-Oh! ruling")
        shot(page, "empty-builder")

        fill_board(page, MIRROR_FORCE_BOARD)
        # The card pickers list the cards by id and name as soon as they are typed in.
        expect(page.locator("#id_chain-0-card option:checked")).to_have_text("t1 · Mirror Force")
        shot(page, "filled-builder")

        page.get_by_role("button", name="Resolve and make a permalink").click()
        page.wait_for_url(PERMALINK)
        summary = page.locator(".glance .summary")
        expect(summary).to_contain_text("Trap Jammer negates the activation of Mirror Force")
        expect(page.locator(".ruling-head")).to_contain_text("Yu-Gi-Oh!")
        # Each step cites the rule it rests on, linked to the rules index.
        citation = page.locator(".timeline a.cite").first
        expect(citation).to_have_attribute("href", re.compile(r"^/rules/ygo-ocg-rules-arcv/"))
        permalink = page.url
        shot(page, "permalink")

        citation.click()
        page.wait_for_url(re.compile(r"/rules/ygo-ocg-rules-arcv/"))
        expect(page.get_by_role("heading", level=1)).to_be_visible()
        shot(page, "cited-rule")

        page.goto(permalink)
        page.get_by_role("link", name="Re-check with the current engine").click()
        page.wait_for_url(re.compile(r"/r/[A-Za-z0-9]+/recheck/$"))
        expect(page.get_by_role("status")).to_have_text("No difference: every step and the result are the same.")
        shot(page, "recheck")

    def test_it_shows_a_negative_lp_next_to_the_field_and_keeps_what_was_typed(self, page: Any, shot: Any) -> None:
        page.goto("/scenarios/new/ygo/")
        type_into(page, "#id_setup-p1_name", "Alice")
        type_into(page, "#id_setup-p1_lp", "-100")
        type_into(page, "#id_cards-0-name", "Dark Magician")
        # The library fills the row from the name as it is left (issue 16): its ATK box then holds the card's 2500.
        page.locator("#id_cards-0-name").press("Tab")
        expect(page.locator("#id_cards-0-atk")).to_have_value("2500")
        page.locator("#id_cards-0-atk").fill("2400")
        page.get_by_role("button", name="Resolve and make a permalink").click()

        expect(page.get_by_role("alert").first).to_contain_text("The board cannot be resolved yet")
        field = page.locator(".field-p1_lp")
        expect(field).to_have_class(re.compile(r"\bhas-error\b"))
        expect(field.locator(".errorlist")).to_be_visible()
        expect(field.locator(".errorlist")).to_contain_text(re.compile(r"\S"))
        # The error is tied to its input for screen readers too.
        expect(page.locator("#id_setup-p1_lp")).to_have_attribute("aria-invalid", "true")
        # Everything typed is still there.
        expect(page.locator("#id_setup-p1_lp")).to_have_value("-100")
        expect(page.locator("#id_setup-p1_name")).to_have_value("Alice")
        expect(page.locator("#id_cards-0-name")).to_have_value("Dark Magician")
        expect(page.locator("#id_cards-0-atk")).to_have_value("2400")
        assert PERMALINK.search(page.url) is None
        shot(page, "negative-lp")
