"""A judge steps through the board of a ruling: keyboard, buttons, the URL fragment, a choice's
branches; without script the list gives each step's board. And the vocabulary pages.

Every ruling is the real engine's answer, stored through the API by the live server: the
Mirror Force chain (Yu-Gi-Oh!), a golden with an open choice, Lightning Bolt answered by Giant
Growth (Magic: the power between the two resolutions), a Force of Will battle.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import expect

from rulesite.api.tests.test_api import MIRROR_FORCE
from rulesite.scenarios.tests.boards_data import golden

from .conftest import PHONE
from .helpers import axe_violations

pytestmark = pytest.mark.django_db  # the test database (rules imported); see conftest.py

STEPPER = {**MIRROR_FORCE, "players": [{"id": "p1", "name": "Alice Stepper", "lp": 8000}, {"id": "p2", "name": "Bob", "lp": 8000}]}
OPEN_CHOICE = golden("ygo/arcv-open-choice-branches")
"""Tribute to the Doomed destroys one of Gemini Elf (x1) and Vorse Raider (x2), the choice left open."""
RULINGS = {
    "ygo": (STEPPER, 7),  # Mirror Force destroyed by Trap Jammer
    "mtg": (golden("mtg/117-instant-in-response-resolves-first"), 14),  # Giant Growth resolved: the Bears 5/5
    "fow": (golden("fow/8-5-blocked-both-deal-damage"), 43),  # both resonators' battle damage marked
}
"""A real ruling of each game and a step worth looking at."""


def store(page: Any, scenario: dict[str, Any]) -> str:
    """Store ``scenario`` through the API, as the builder would; return its permalink."""
    response = page.request.post("/api/v1/scenarios/", data=json.dumps(scenario), headers={"Content-Type": "application/json"})
    assert response.ok, response.text()
    return response.json()["url"]


def card(page: Any, name: str) -> Any:
    """Return the card ``name`` in a zone of the stepper's board (not its chain links)."""
    return page.locator(".stepper-view .board-zone .board-card").filter(has=page.locator(".card-name", has_text=name))


def zone_of(page: Any, name: str) -> str:
    return card(page, name).locator("xpath=ancestor::div[contains(@class,'board-zone')]/h4").inner_text()


def fact(page: Any, name: str, label: str) -> Any:
    return card(page, name).locator(".fact").filter(has=page.locator(".fact-key", has_text=re.compile(f"^{label}$")))


class TestSteppingThroughTheBoard:
    def test_the_keyboard_steps_and_the_board_shows_the_changed_value(self, page: Any, shot: Any) -> None:
        url = store(page, STEPPER)
        page.goto(url)
        stepper = page.locator("#stepper")
        expect(stepper).to_be_visible()
        expect(page.locator(".stepper-position")).to_have_text("Before the first step")
        expect(card(page, "Trap Jammer").locator(".fact-value")).to_have_text("Face-down")
        expect(page.locator(".stepper-view .board-chain p.meta")).to_have_text("empty")
        page.locator(".stepper-view").focus()
        for _ in range(3):
            page.keyboard.press("ArrowRight")
        expect(page.locator(".stepper-position")).to_have_text("Step 3 of 11")
        assert page.url.endswith("#step-3")
        expect(page.locator(".stepper-step .text")).to_contain_text("activates Trap Jammer in response")
        expect(page.locator(".stepper-step .cite").first).to_have_text("YGO ARC-V 4.2.4.2.i2")
        jammer = card(page, "Trap Jammer")
        expect(jammer.locator(".fact.changed .fact-value")).to_have_text("Face-up")  # the value this step changed
        links = page.locator(".stepper-view .board-chain-items > li")
        expect(links).to_have_count(2)
        expect(page.locator(".stepper-view .board-chain-items > li.changed")).to_have_text(re.compile("^Trap Jammer"))
        # The controller of each chain link is named, its id small beside the name.
        expect(links.nth(0).locator(".ref")).to_have_text("Bob p2")
        expect(links.nth(1).locator(".ref")).to_have_text("Alice Stepper p1")
        shot(page, "step-3")
        page.keyboard.press("End")
        expect(page.locator(".stepper-position")).to_have_text("Step 11 of 11")
        assert zone_of(page, "Trap Jammer").startswith("Graveyard") and zone_of(page, "Mirror Force").startswith("Graveyard")
        expect(page.locator(".stepper-view .board-chain p.meta")).to_have_text("empty")
        page.keyboard.press("ArrowLeft")
        expect(page.locator(".stepper-position")).to_have_text("Step 10 of 11")
        assert zone_of(page, "Trap Jammer").startswith("Spell & Trap Zone")
        page.keyboard.press("Home")
        expect(page.locator(".stepper-position")).to_have_text("Before the first step")
        assert page.url.endswith("#step-0")
        assert axe_violations(page) == []

    def test_the_fragment_opens_a_step_and_the_list_links_to_it(self, page: Any, shot: Any) -> None:
        url = store(page, STEPPER)
        page.goto(url + "#step-7")
        expect(page.locator(".stepper-position")).to_have_text("Step 7 of 11")
        assert zone_of(page, "Mirror Force").startswith("Graveyard")
        assert page.evaluate("document.getElementById('stepper').getBoundingClientRect().top") < 200, "the stepper is shown"
        page.locator('details.step-board[data-anchor="step-6"] > summary').click()
        expect(page.locator(".stepper-position")).to_have_text("Step 6 of 11")
        assert page.url.endswith("#step-6")
        links = page.locator(".stepper-view .board-chain-items > li")
        expect(links).to_have_count(2)
        expect(links.nth(0)).to_have_class(re.compile(r"\bchanged\b"))  # Chain Link 1's activation is negated
        expect(links.nth(0).locator(".fact.changed")).to_have_text("negated activation")
        shot(page, "from-the-list")

    def test_a_choice_is_followed_into_its_branches(self, page: Any, shot: Any) -> None:
        url = store(page, OPEN_CHOICE)
        page.goto(url + "#step-4")
        expect(page.locator(".stepper-branches")).to_contain_text("This choice is left open")
        page.get_by_role("button", name="If the choice is x1").click()
        expect(page.locator(".stepper-position")).to_have_text("Step 5 of 10")
        assert page.url.endswith("#step-4b1-1")
        assert zone_of(page, "Gemini Elf").startswith("Monster Zone")
        for _ in range(3):
            page.keyboard.press("ArrowRight")
        assert page.url.endswith("#step-4b1-4")
        assert zone_of(page, "Gemini Elf").startswith("Graveyard") and zone_of(page, "Vorse Raider").startswith("Monster Zone")
        expect(card(page, "Gemini Elf")).to_have_class(re.compile(r"\bchanged\b"))
        shot(page, "branch")
        page.get_by_role("button", name="Back to the choice at step 4").click()
        expect(page.locator(".stepper-position")).to_have_text("Step 4 of 4")
        page.goto(url + "#step-4b2-4")
        expect(page.locator(".stepper-trail")).to_contain_text("If the choice is x2")
        assert zone_of(page, "Vorse Raider").startswith("Graveyard") and zone_of(page, "Gemini Elf").startswith("Monster Zone")

    def test_on_a_phone_the_buttons_step_and_nothing_scrolls_sideways(self, phone: Any, shot: Any) -> None:
        url = store(phone, STEPPER)
        phone.goto(url)
        expect(phone.locator("#stepper")).to_be_visible()
        for _ in range(7):
            phone.get_by_role("button", name="Next").tap()
        expect(phone.locator(".stepper-position")).to_have_text("Step 7 of 11")
        assert zone_of(phone, "Mirror Force").startswith("Graveyard")
        width = phone.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"the page is {width}px wide on a {PHONE['width']}px phone"
        phone.locator("#stepper").scroll_into_view_if_needed()
        shot(phone, "phone-step-7", full_page=False)
        phone.get_by_role("button", name="First").tap()
        expect(phone.locator(".stepper-position")).to_have_text("Before the first step")

    def test_without_script_each_changed_step_lists_the_board_after_it(self, browser: Any, site: str, shot: Any) -> None:
        context = browser.new_context(base_url=site, java_script_enabled=False, viewport={"width": 1280, "height": 900})
        try:
            page = context.new_page()
            url = store(page, STEPPER)
            page.goto(url + "#step-7")
            expect(page.locator("#stepper")).to_be_hidden()
            step = page.locator("#step-7")
            step.locator("details.step-board > summary").click()
            graveyard = step.locator(".board-zone").filter(has=page.locator("h4", has_text="Graveyard"))
            expect(graveyard.locator(".board-card.changed .card-name")).to_have_text("Mirror Force")
            expect(page.locator("details.step-board")).to_have_count(6)
            shot(page, "no-script")
        finally:
            context.close()


class TestEachGameSteps:
    """A real ruling of each game, stepped on a desktop and a phone (the screenshots are looked at)."""

    @pytest.mark.parametrize("game", ["ygo", "mtg", "fow"])
    def test_a_ruling_steps_on_a_desktop_and_a_phone(self, page: Any, phone: Any, game: str, shot: Any) -> None:
        scenario, at = RULINGS[game]
        url = store(page, scenario)
        for tab, width, name in ((page, 1280, "desktop"), (phone, PHONE["width"], "phone")):
            tab.goto(f"{url}#step-{at}")
            expect(tab.locator(".stepper-position")).to_have_text(re.compile(f"^Step {at} of "))
            expect(tab.locator(".stepper-view .board-state")).to_be_visible()
            scroll = tab.evaluate("document.documentElement.scrollWidth")
            assert scroll <= width, f"{game}: the page is {scroll}px wide on a {width}px screen"
            tab.locator("#stepper").scroll_into_view_if_needed()
            shot(tab, f"{name}-step-{at}", full_page=False)
        if game == "mtg":
            bears = fact(page, "Grizzly Bears", "power")
            expect(bears).to_have_text("power 5")
            page.keyboard.press("ArrowRight")  # Giant Growth to the graveyard: the Bears stay 5/5
            expect(fact(page, "Grizzly Bears", "power")).to_have_text("power 5")
            expect(page.locator(".stepper-view .board-chain-items .ref")).to_have_text("Grizzly Bears bears")  # Bolt's target
        elif game == "fow":
            expect(fact(page, "Resonator a", "damage")).to_have_text("damage 600")
            expect(fact(page, "Resonator b", "damage")).to_have_text("damage 800")
            battle = page.locator(".stepper-view .board-facts .fact").filter(has=page.locator(".fact-key", has_text="battle"))
            expect(battle.locator(".ref")).to_have_text(["Resonator a a", "Bob p2", "Resonator b b"])
        else:
            assert zone_of(page, "Mirror Force").startswith("Graveyard")
        assert axe_violations(page) == []


class TestTheVocabularyPage:
    @pytest.mark.parametrize("game", ["ygo", "mtg", "fow"])
    def test_it_reads_on_a_desktop_and_a_phone(self, page: Any, phone: Any, game: str, shot: Any) -> None:
        for tab, width, name in ((page, 1280, "desktop"), (phone, PHONE["width"], "phone")):
            tab.goto(f"/engine/vocabulary/{game}/")
            scroll = tab.evaluate("document.documentElement.scrollWidth")
            assert scroll <= width, f"/engine/vocabulary/{game}/ is {scroll}px wide on a {width}px screen"
            shot(tab, f"{name}-top", full_page=False)
            tab.locator(".vocab-entry").nth(3).scroll_into_view_if_needed()
            shot(tab, f"{name}-entry", full_page=False)

    def test_it_jumps_to_a_slot_and_an_entry(self, page: Any, shot: Any) -> None:
        page.goto("/engine/vocabulary/fow/")
        page.locator(".vocab-jump").get_by_role("link", name=re.compile("^Instruction")).click()
        assert page.url.endswith("#slot-instruction")
        page.goto("/engine/vocabulary/fow/#action-activate")
        expect(page.locator("#action-activate")).to_be_in_viewport()
        expect(page.locator("#action-activate .cite").first).to_have_attribute("href", "/rules/fow-whitepaper-2.3/7.8/")
        expect(page.locator("#action-activate .entry-doc code").first).to_have_text("ability")
        shot(page, "vocabulary-entry", full_page=False)
        assert axe_violations(page) == []

    def test_the_index_fits_a_360px_phone(self, browser: Any, site: str) -> None:
        context = browser.new_context(base_url=site, viewport={"width": 360, "height": 780}, is_mobile=True, has_touch=True)
        try:
            page = context.new_page()
            page.goto("/engine/vocabulary/")
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= 360, f"/engine/vocabulary/ is {width}px wide on a 360px phone"
        finally:
            context.close()
