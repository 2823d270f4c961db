"""A judge enters a Force of Will chase through the form alone (issue 15): Alice plays Bolt at Bob's
resonator, Bob answers with a spell that cancels target spell on the chase (FoW 10.11), both pass.

Every value is typed or picked as a judge would: the cards in the page's spare rows (each gets its
id as it is named), their abilities, targets and instructions in rows of their own, the two plays
and the passes in "Then". The answer: Bolt is cancelled and goes to the graveyard, the resonator
is untouched.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from .helpers import Step, fill_board

pytestmark = pytest.mark.django_db  # the test database (rules imported); see conftest.py

CARDS: tuple[Step, ...] = (
    ("type", "#id_cards-0-name", "Bolt"), ("select", "#id_cards-0-zone", "hand"), ("select", "#id_cards-0-type", "spell"),
    ("select", "#id_cards-0-subtype", "chant_instant"),
    ("type", "#id_cards-1-name", "Resonator x"), ("select", "#id_cards-1-owner", "p2"),
    ("type", "#id_cards-1-atk", "500"), ("type", "#id_cards-1-defense", "500"),
    ("type", "#id_cards-2-name", "Cancel Spell"), ("select", "#id_cards-2-owner", "p2"), ("select", "#id_cards-2-zone", "hand"),
    ("select", "#id_cards-2-type", "spell"), ("select", "#id_cards-2-subtype", "chant_instant"),
)
ROWS: tuple[tuple[str, tuple[Step, ...]], ...] = (
    ("Add an ability", (("select", "#id_abilities-0-owner", "c1"), ("select", "#id_abilities-0-kind", "spell"))),
    ("Add an ability", (("select", "#id_abilities-1-owner", "c3"), ("select", "#id_abilities-1-kind", "spell"))),
    ("Add a target", (("select", "#id_targets-0-owner", "c1#0"), ("type", "#id_targets-0-types", "resonator"))),
    ("Add a target", (("select", "#id_targets-1-owner", "c3#0"), ("select", "#id_targets-1-zone", "chase"))),
    ("Add an ability effect", (("select", "#id_instr-0-owner", "c1#0"), ("select", "#id_instr-0-do", "deal_damage"),
                               ("type", "#id_instr-0-target", "0"), ("type", "#id_instr-0-amount", "500"))),
    ("Add an ability effect", (("select", "#id_instr-1-owner", "c3#0"), ("select", "#id_instr-1-do", "cancel"),
                               ("type", "#id_instr-1-target", "0"))),
    ("", (("select", "#id_after-0-type", "play"), ("select", "#id_after-0-player", "p1"),
          ("select", "#id_after-0-card", "c1"), ("select", "#id_after-0-targets", ["c2"]))),
    ("Add a step", (("select", "#id_after-1-type", "play"), ("select", "#id_after-1-player", "p2"),
                    ("select", "#id_after-1-card", "c3"), ("select", "#id_after-1-targets", ["chase:1"]))),
    ("Add a step", (("select", "#id_after-2-type", "pass"), ("select", "#id_after-2-player", "p1"))),
    ("Add a step", (("select", "#id_after-3-type", "pass"), ("select", "#id_after-3-player", "p2"))),
)


class TestAForceOfWillChaseThroughTheForm:
    def test_a_spell_that_cancels_the_spell_below_it_is_entered_and_answered(self, page: Any, shot: Any) -> None:
        page.goto("/scenarios/new/fow/")
        fill_board(page, CARDS)
        # A card named in a spare row has its id at once, so the first "Then" step offers it.
        expect(page.locator("#id_cards-0-id")).to_have_value("c1")
        for button, steps in ROWS:
            if button:
                page.get_by_role("button", name=button, exact=True).click()
            fill_board(page, steps)
        # The chase item picked is named after nothing yet (the chase is empty before the plays).
        expect(page.locator("#id_after-1-targets option[value='chase:1']")).to_have_count(1)
        shot(page, "filled-builder")
        page.get_by_role("button", name="Resolve and make a permalink").first.click()
        page.wait_for_url(re.compile(r"/r/[A-Za-z0-9]+/$"))

        timeline = page.locator(".timeline")
        cancelled = timeline.locator("li", has_text="Chase item 1 (c1) is cancelled").first
        expect(cancelled).to_be_visible()
        expect(cancelled.locator(".cite").first).to_contain_text("10.11")
        expect(timeline).to_contain_text("Bolt moves from the chase to the graveyard (cancelled)")
        expect(timeline).not_to_contain_text("deals 500 damage")
        shot(page, "permalink")
