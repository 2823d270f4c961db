"""A judge builds a Magic and a Force of Will ruling in the browser, opens the permalink and re-checks it.

Both boards need no card picker: a creature whose -1/-1 counters leave it at toughness 0
(CR 704.5f), a resonator with lethal damage marked (FoW 13.2). Each is filled in the game's
board form; where a game still offers only the scenario-JSON textarea (the form not yet
there), the same board goes in as JSON, and the permalink is checked the same way.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

import pytest
from playwright.sync_api import expect

from .helpers import type_into


@dataclass(frozen=True)
class Board:
    game: str
    fields: tuple[tuple[str, str], ...]
    """(field id, text typed) in the board form."""
    selects: tuple[tuple[str, str], ...]
    """(field id, value chosen) in the board form."""
    scenario: dict[str, Any]
    """The same board as scenario JSON (docs/scenario-format.md), for the JSON textarea."""
    outcome: str
    rule: str


BOARDS = {
    "mtg": Board(
        game="mtg",
        fields=(
            ("#id_cards-0-name", "Grizzly Bears"), ("#id_cards-0-types", "creature"),
            ("#id_cards-0-power", "2"), ("#id_cards-0-toughness", "2"), ("#id_cards-0-counters", "-1/-1: 2"),
        ),
        selects=(("#id_after-0-type", "resolve"),),
        scenario={
            "format": "1", "game": "mtg", "ruleset": "cr-2022-04-29",
            "players": [{"id": "p1", "life": 20}, {"id": "p2", "life": 20}],
            "turn": {"active": "p1", "step": "main1"},
            "objects": [{"id": "c1", "name": "Grizzly Bears", "owner": "p1", "zone": "battlefield", "types": ["creature"],
                         "power": 2, "toughness": 2, "counters": {"-1/-1": 2}}],
            "actions": [{"type": "resolve"}],
        },
        outcome="Grizzly Bears is put into its owner's graveyard (toughness)",
        rule="704.5f",
    ),
    "fow": Board(
        game="fow",
        fields=(
            ("#id_cards-0-name", "Tinker Apprentice"), ("#id_cards-0-atk", "500"),
            ("#id_cards-0-defense", "500"), ("#id_cards-0-damage", "500"),
        ),
        selects=(),
        scenario={
            "format": "1", "game": "fow", "ruleset": "wp-2.3",
            "players": [{"id": "p1", "life": 4000}, {"id": "p2", "life": 4000}],
            "turn": {"active": "p1", "phase": "main", "step": "main"},
            "objects": [{"id": "c1", "name": "Tinker Apprentice", "owner": "p1", "zone": "field", "type": "resonator",
                         "atk": 500, "def": 500, "damage": 500}],
            "actions": [],
        },
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
        if page.locator("form.board-form").count():
            for selector, text in board.fields:
                type_into(page, selector, text)
            for selector, value in board.selects:
                page.select_option(selector, value)
        else:  # the game's board form is not there yet: its scenario-JSON textarea
            page.get_by_label("Scenario document (format 1)").fill(json.dumps(board.scenario))
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
