"""A judge gives a Magic card a triggered ability and adds a continuous effect with a filter,
all in form fields (no JSON), and resolves the board: the trigger resolves after the spell."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from .helpers import fill_board

pytestmark = pytest.mark.django_db  # the test database (rules imported); see conftest.py


class TestAbilitiesAsRows:
    def test_a_triggered_ability_and_a_filtered_effect_typed_in_fields_resolve(self, page: Any, shot: Any) -> None:
        page.goto("/scenarios/new/mtg/")
        expect(page.locator("form.board-form")).to_be_visible()
        fill_board(page, (
            ("type", "#id_cards-0-name", "Test Healer"), ("select", "#id_cards-0-zone", "hand"),
            ("type", "#id_cards-0-types", "creature"), ("type", "#id_cards-0-mana_cost", "{1}{W}"),
            ("type", "#id_cards-0-power", "2"), ("type", "#id_cards-0-toughness", "2"),
        ))
        page.get_by_role("button", name="Add an ability", exact=True).click()
        fill_board(page, (
            ("select", "#id_abilities-0-owner", "c1"), ("select", "#id_abilities-0-kind", "triggered"),
            ("select", "#id_abilities-0-trigger_event", "enters"), ("check", "#id_abilities-0-trigger_self", True),
        ))
        expect(page.locator("[data-formset='abilities'] [data-row-path]").first).to_have_text("c1#0")
        page.get_by_role("button", name="Add an ability effect").click()
        fill_board(page, (
            ("select", "#id_instr-0-owner", "c1#0"), ("select", "#id_instr-0-do", "gain_life"), ("type", "#id_instr-0-amount", "3"),
        ))
        page.get_by_role("button", name="Add an effect", exact=True).click()
        fill_board(page, (
            ("select", "#id_effects-0-do", "modify_pt"), ("type", "#id_effects-0-power", "1"), ("type", "#id_effects-0-toughness", "1"),
        ))
        page.locator("[data-formset='effects'] details.more > summary").first.click()  # the filter is the second way to say what it affects
        fill_board(page, (
            ("type", "#id_effects-0-affected_filter_4", "creature"), ("type", "#id_effects-0-affected_filter_20", "you"),
            ("select", "#id_after-0-type", "cast"), ("select", "#id_after-0-player", "p1"), ("select", "#id_after-0-card", "c1"),
        ))
        shot(page, "abilities-as-rows")
        page.get_by_role("button", name="Show JSON").click()
        shown = page.locator("#shown-scenario")
        expect(shown).to_contain_text('"event": "enters"')
        expect(shown).to_contain_text('"controller": "you"')
        page.get_by_role("button", name="Resolve and make a permalink").first.click()
        page.wait_for_url(re.compile(r"/r/[A-Za-z0-9]+/$"))
        expect(page.locator(".timeline")).to_contain_text("23")
        shot(page, "abilities-permalink")


class TestCatalogueCardsKeepEveryValue:
    def test_blood_moon_typed_by_name_keeps_its_nonbasic_filter(self, page: Any, shot: Any) -> None:
        # The values under a row's "More" (Blood Moon's "not basic") were lost when the page
        # added a catalogue card's rows, and the Forest became a Mountain (issue 14 trial).
        page.goto("/scenarios/new/mtg/")
        expect(page.locator("html.js")).to_have_count(1)
        for index, name in enumerate(("Blood Moon", "Forest", "Adarkar Wastes")):
            field = page.locator(f"#id_cards-{index}-name")
            field.fill(name)
            field.press("Tab")
            expect(page.locator(f"#id_cards-{index}-types")).not_to_have_value("")
        expect(page.locator("[name='abilities-0-affected_10']")).to_have_value("basic")
        expect(page.locator(".warning[data-fill-status]")).to_have_count(0)
        page.get_by_role("button", name="Show JSON").click()
        expect(page.locator("#shown-scenario")).to_contain_text('"not_supertypes"')
        page.get_by_role("button", name="Resolve and make a permalink").first.click()
        page.wait_for_url(re.compile(r"/r/[A-Za-z0-9]+/$"))
        after = page.locator("section[aria-labelledby=after-h]")
        expect(page.locator(".timeline")).to_contain_text("Adarkar Wastes")
        expect(page.locator(".timeline")).not_to_contain_text("Forest, layer 4")
        shot(page, "blood-moon-permalink")
        expect(after).to_contain_text("Forest")
