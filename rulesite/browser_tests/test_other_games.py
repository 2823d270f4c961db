"""A judge builds a Magic and a Force of Will ruling in the browser, opens the permalink and re-checks it.

Each board is typed into the game's board form: a creature whose -1/-1 counters leave it at
toughness 0 (CR 704.5f), a resonator with lethal damage marked (FoW 13.2).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import pytest
from playwright.sync_api import expect

from .helpers import type_into

pytestmark = pytest.mark.django_db  # the test database (rules imported); see conftest.py


@dataclass(frozen=True)
class Board:
    fields: tuple[tuple[str, str], ...]
    """(field id, text typed) in the board form."""
    selects: tuple[tuple[str, str], ...]
    """(field id, value chosen) in the board form."""
    outcome: str
    rule: str


BOARDS = {
    "mtg": Board(
        fields=(
            ("#id_cards-0-name", "Grizzly Bears"), ("#id_cards-0-types", "creature"),
            ("#id_cards-0-power", "2"), ("#id_cards-0-toughness", "2"), ("#id_cards-0-counters", "-1/-1: 2"),
        ),
        selects=(("#id_after-0-type", "resolve"),),
        outcome="Grizzly Bears is put into its owner's graveyard (toughness)",
        rule="704.5f",
    ),
    "fow": Board(
        fields=(
            ("#id_cards-0-name", "Tinker Apprentice"), ("#id_cards-0-atk", "500"),
            ("#id_cards-0-defense", "500"), ("#id_cards-0-damage", "500"),
        ),
        selects=(),
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
        for selector, text in board.fields:
            type_into(page, selector, text)
        for selector, value in board.selects:
            page.select_option(selector, value)
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
