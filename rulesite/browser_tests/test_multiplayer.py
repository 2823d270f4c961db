"""A judge builds a three-player Magic ruling on a phone: adds a third player in the builder's
More players rows, gives that player's creature as the target, and the ruling page shows every
player's board (CR 800.1, 800.5: the seats are the turn order)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from .helpers import fill_board

pytestmark = pytest.mark.django_db  # the test database (rules imported); see conftest.py


def test_a_third_player_is_added_on_a_phone_and_every_players_board_is_shown(phone: Any, shot: Any) -> None:
    phone.goto("/scenarios/new/mtg/")
    seats = phone.locator('[data-formset="seats"]')
    seats.locator("[data-add-row]").click()
    expect(phone.locator("#id_seats-0-id")).to_be_visible()
    fill_board(phone, (
        ("select", "#id_seats-0-id", "p3"), ("type", "#id_seats-0-name", "Carol"), ("type", "#id_seats-0-life", "20"),
        ("type", "#id_cards-0-name", "Maelstrom Pulse"), ("select", "#id_cards-0-zone", "hand"),
        ("type", "#id_cards-1-name", "Grizzly Bears"), ("select", "#id_cards-1-owner", "p3"),
        ("type", "#id_cards-1-types", "creature"), ("type", "#id_cards-1-power", "2"), ("type", "#id_cards-1-toughness", "2"),
        ("select", "#id_after-0-type", "cast"), ("select", "#id_after-0-player", "p1"),
        ("select", "#id_after-0-card", "c1"), ("select", "#id_after-0-targets", ["c2"]),
    ))
    shot(phone, "three-player-builder")
    phone.get_by_role("button", name="Resolve and make a permalink").click()
    phone.wait_for_url(re.compile(r"/r/[A-Za-z0-9]+/$"))
    expect(phone.locator(".timeline")).to_contain_text("Grizzly Bears moves from battlefield to graveyard (destroy)")
    # Priority went round the table in seat order before the spell resolved (CR 117.3d).
    expect(phone.locator(".timeline")).to_contain_text("Carol (p3) passes priority.")
    board = phone.locator(".board-state").first
    expect(board.locator(".board-player")).to_have_count(3)
    expect(board.locator(".board-player h3").nth(2)).to_contain_text("Carol (p3)")
    shot(phone, "three-player-ruling")
