"""A judge builds a Magic and a Force of Will ruling in the browser, opens the permalink and re-checks it.

Magic: Alice casts Maelstrom Pulse (typed by name: the catalogue fills in the rest) at the
opponent's Grizzly Bears, picked in the step's card pickers (CR 701.7a). Force of Will: a
resonator with lethal damage marked is destroyed by rule processing (13.2).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import pytest
from playwright.sync_api import expect

from .helpers import Step, fill_board

pytestmark = pytest.mark.django_db  # the test database (rules imported); see conftest.py


@dataclass(frozen=True)
class Board:
    steps: tuple[Step, ...]
    filled_in: tuple[tuple[str, str], ...]
    """(field, value) the page fills in by itself before the board is sent."""
    outcome: str
    rule: str


BOARDS = {
    "mtg": Board(
        steps=(
            ("type", "#id_cards-0-name", "Maelstrom Pulse"), ("select", "#id_cards-0-zone", "hand"),
            ("type", "#id_cards-1-name", "Grizzly Bears"), ("select", "#id_cards-1-owner", "p2"),
            ("type", "#id_cards-1-types", "creature"), ("type", "#id_cards-1-power", "2"), ("type", "#id_cards-1-toughness", "2"),
            ("select", "#id_after-0-type", "cast"), ("select", "#id_after-0-player", "p1"),
            ("select", "#id_after-0-card", "c1"), ("select", "#id_after-0-targets", ["c2"]),
        ),
        filled_in=(("#id_cards-0-types", "sorcery"), ("#id_cards-0-mana_cost", "{1}{B}{G}")),
        outcome="Grizzly Bears moves from battlefield to graveyard (destroy)",
        rule="701.7a",
    ),
    "fow": Board(
        steps=(
            ("type", "#id_cards-0-name", "Tinker Apprentice"), ("type", "#id_cards-0-atk", "500"),
            ("type", "#id_cards-0-defense", "500"), ("type", "#id_cards-0-damage", "500"),
        ),
        filled_in=(),
        outcome="Tinker Apprentice has 500 damage and DEF 500; it is destroyed",
        rule="13.2",
    ),
}


class TestTheMagicAndForceOfWillBuilders:
    @pytest.mark.parametrize("game", BOARDS)
    def test_it_resolves_the_board_to_a_permalink_that_cites_the_rule_and_rechecks_the_same(
        self, page: Any, shot: Any, game: str
    ) -> None:
        board = BOARDS[game]
        page.goto(f"/scenarios/new/{game}/")
        expect(page.locator("form.board-form")).to_be_visible()
        fill_board(page, board.steps)
        for selector, value in board.filled_in:
            expect(page.locator(selector)).to_have_value(value)
        shot(page, "filled-builder")
        page.get_by_role("button", name="Resolve and make a permalink").click()
        page.wait_for_url(re.compile(r"/r/[A-Za-z0-9]+/$"))

        timeline = page.locator(".timeline")
        expect(timeline).to_contain_text(board.outcome)
        step = timeline.locator("li", has_text=board.outcome).first
        expect(step.locator(".cite").first).to_contain_text(board.rule)
        shot(page, "permalink")

        page.get_by_role("link", name="Re-check with the current engine").click()
        page.wait_for_url(re.compile(r"/recheck/$"))
        expect(page.get_by_role("status")).to_have_text("No difference: every step and the result are the same.")
        shot(page, "recheck")
